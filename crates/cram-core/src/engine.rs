//! The playing engine. It keeps the board's regions labelled and valued; once every region has
//! a value it plays perfectly (a move to value 0 when there is one). Before that it plays a
//! look-ahead search (the search crate's alpha-beta) whose leaves are scored by the solver
//! when it can value them within a small budget, so the search steers toward positions the
//! solver finishes; on boards too large for that, the move that blocks the most, found in
//! amortised constant time.

use std::cell::RefCell;
use std::time::Instant;

use floodgate_bitgrid::{Cell, Plane};
use floodgate_search::{
    AlphaBeta, AlphaBetaOptions, Answer, Clock, Game, MoveList, MoveTime, Outcome, Score, Seat,
    TimePolicy,
};

use floodgate_bitgrid::Connectivity::Four;

use crate::board::{Board, Domino, Square, line_length, region_value};
use crate::rules::{DominoNumber, MoveFilter, Position, Rules, blocking};
use crate::shape::{Layout, Shape, Tall, fit};
use crate::solver::{Budget, Solver, dominoes};

/// A region of this many cells or more is not split move by move: a move in it leaves the
/// labels stale until the next full labelling.
const TRACKED_CELLS: usize = 256;

/// The solver is tried on regions of at most this many cells.
const SOLVABLE_CELLS: usize = 64;

/// The look-ahead search runs on boards with at most this many empty cells (and sides of at
/// most 64); larger boards get the blocking move.
const LOOKAHEAD_CELLS: usize = 1024;

/// Moves the look-ahead search considers in each position: the most blocking ones.
const LOOKAHEAD_MOVES: usize = 10;

/// The solver work (regions valued by mex or searched) a look-ahead leaf may cost.
const LEAF_WORK: u64 = 1_000;

/// A leaf the solver values: won or lost for the player to move (well inside the search
/// crate's proven-win scores).
const LEAF_WIN: Score = 10_000;

/// No label: a filled cell.
const NONE: u32 = u32::MAX;

/// The playing engine for one game.
#[derive(Debug)]
pub struct Engine {
    board: Board,
    regions: Regions,
    scan: Scan,
    /// The look-ahead search; its game holds the solver that also values the board's regions.
    lookahead: AlphaBeta<Lookahead>,
}

impl Engine {
    /// An engine for `board` whose solver tables take `table_bytes`.
    pub fn new(board: Board, table_bytes: usize) -> Self {
        let regions = Regions::new(&board);
        Self {
            board,
            regions,
            scan: Scan::default(),
            lookahead: AlphaBeta::new(
                Lookahead {
                    solver: RefCell::new(Solver::with_table_bytes(table_bytes)),
                    deadline: None,
                },
                AlphaBetaOptions {
                    table_bytes: 4 << 20,
                    check_every: 8,
                    ..AlphaBetaOptions::default()
                },
            ),
        }
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Plays a move of either player: both cells become filled. (The judge does not always
    /// check that an opponent's cells are adjacent; they are filled all the same.)
    pub fn play(&mut self, domino: Domino) {
        self.board.play(domino);
        self.regions
            .fill(&self.board, [domino.first, domino.second]);
    }

    /// The move to play before `deadline`, or `None` when no domino fits. The move is always
    /// legal; perfect when every region could be valued in time.
    pub fn choose(&mut self, deadline: Instant) -> Option<Domino> {
        self.choose_within(Limit::Time(deadline))
    }

    /// The move to play within `effort` instead of a deadline: the same choice, bounded by
    /// work, so that the answer does not depend on the machine (for tests and analysis).
    pub fn choose_with_effort(&mut self, effort: Effort) -> Option<Domino> {
        self.choose_within(Limit::Work(effort))
    }

    fn choose_within(&mut self, limit: Limit) -> Option<Domino> {
        if !self.board.has_move() {
            return None;
        }
        let start = Instant::now();
        if self.regions.due(&self.board) {
            self.regions.label(&self.board);
        }
        if self.regions.fresh {
            let budget = match limit {
                // The regions get the first half of the time, the look-ahead the rest.
                Limit::Time(deadline) => {
                    Budget::until(MoveTime::ending_at(start, deadline).halfway())
                }
                Limit::Work(effort) => Budget::work(effort.solver_work),
            };
            let mut solver = self.lookahead.game_mut().solver.get_mut().budgeted(budget);
            let winning = match self.regions.value(&mut solver) {
                Some(total) if total != 0 => self.regions.winning_move(total, &mut solver),
                _ => None,
            };
            drop(solver);
            if winning.is_some() {
                return winning;
            }
            // A position valued 0 is lost against perfect play, but the opponent must still
            // find its answers: the look-ahead below picks the move that leaves it the least
            // to see (a bot that plays the first move at once there loses more games to
            // opponents that cannot value the position themselves).
        }
        let empty = self.board.empty().len();
        let small = self.board.rows() <= 64 && self.board.columns() <= 64;
        let searched = (small && empty <= LOOKAHEAD_CELLS)
            .then(|| self.look_ahead(limit))
            .flatten();
        searched.legal_or_answer(|d| self.board.is_legal(d), || self.scan.next(&self.board))
    }

    /// The look-ahead search's move, if it finishes an iteration within `limit` (the caller
    /// checks that it is legal on the board).
    fn look_ahead(&mut self, limit: Limit) -> Option<Domino> {
        let state = Position::new(self.board.clone(), Seat::First);
        let clock = match limit {
            Limit::Time(deadline) => {
                let time = MoveTime::ending_at(Instant::now(), deadline);
                self.lookahead.game_mut().deadline = Some(deadline);
                self.lookahead
                    .set_max_depth(AlphaBetaOptions::default().max_depth);
                time.clock(TimePolicy::OneThird)
            }
            Limit::Work(effort) => {
                self.lookahead.game_mut().deadline = None;
                self.lookahead.set_max_depth(effort.lookahead_depth);
                Clock::unlimited()
            }
        };
        let result = self.lookahead.search(&state, &clock);
        let columns = self.board.columns();
        result
            .best_move
            .map(|m| Domino::numbered(m as usize, columns))
    }
}

/// How much work [`Engine::choose_with_effort`] may spend on a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Regions the solver may value by mex or search before it gives up on the board's
    /// regions (look-ahead leaves keep their own small budget).
    pub solver_work: u64,
    /// Plies of the look-ahead search.
    pub lookahead_depth: u32,
}

/// What bounds a move: a deadline, or an amount of work.
#[derive(Clone, Copy, Debug)]
enum Limit {
    Time(Instant),
    Work(Effort),
}

/// The board's regions: a label per cell, and per label the region's cells and value (when
/// known). Labels are kept up to date move by move while every region a move touches is
/// small; a move in a large one makes them stale until the next full labelling.
#[derive(Debug)]
struct Regions {
    columns: usize,
    label: Vec<u32>,
    list: Vec<Region>,
    /// Labels of dead regions, for reuse.
    free: Vec<u32>,
    /// Whether the labels describe the board.
    fresh: bool,
    /// Moves since the last full labelling.
    moves_since: usize,
}

#[derive(Clone, Debug, Default)]
struct Region {
    /// Cell indices (`row * columns + column`); empty for a dead region.
    cells: Vec<u32>,
    value: Option<u8>,
}

impl Regions {
    fn new(board: &Board) -> Self {
        let cells = board.rows() * board.columns();
        Self {
            columns: board.columns(),
            label: vec![NONE; cells],
            list: Vec::new(),
            free: Vec::new(),
            fresh: false,
            // Due for a labelling at once.
            moves_since: cells,
        }
    }

    /// Whether a full labelling is due: the labels are stale, and enough moves have passed
    /// for its cost (one pass over the empty cells) to be spread thin: one 4096th of the
    /// empty cells.
    fn due(&self, board: &Board) -> bool {
        !self.fresh && self.moves_since * 4096 >= board.empty().len()
    }

    /// Labels every region of `board` afresh (their values unknown).
    fn label(&mut self, board: &Board) {
        self.label.fill(NONE);
        self.list.clear();
        self.free.clear();
        let empty = board.empty();
        let mut stack = Vec::new();
        for cell in empty.iter() {
            let index = self.index(cell);
            if self.label[index] == NONE {
                let id = self.list.len() as u32;
                self.label[index] = id;
                stack.push(index as u32);
                let cells = self.flood(empty, &mut stack, |label| label == NONE, id);
                self.list.push(Region { cells, value: None });
            }
        }
        self.fresh = true;
        self.moves_since = 0;
    }

    fn index(&self, cell: Cell) -> usize {
        cell.y * self.columns + cell.x
    }

    /// Grows a region from the cells on `stack` (already labelled `id`) over empty neighbours
    /// whose label passes `joins`, labelling them `id`; returns its cells.
    fn flood(
        &mut self,
        empty: &Plane,
        stack: &mut Vec<u32>,
        joins: impl Fn(u32) -> bool,
        id: u32,
    ) -> Vec<u32> {
        let (columns, rows) = (self.columns, empty.height());
        let mut cells = Vec::new();
        while let Some(index) = stack.pop() {
            cells.push(index);
            let (row, column) = (index as usize / columns, index as usize % columns);
            let neighbours = [
                (row > 0).then(|| index as usize - columns),
                (row + 1 < rows).then(|| index as usize + columns),
                (column > 0).then(|| index as usize - 1),
                (column + 1 < columns).then(|| index as usize + 1),
            ];
            for next in neighbours.into_iter().flatten() {
                if joins(self.label[next])
                    && empty.contains(Cell::new(next % columns, next / columns))
                {
                    self.label[next] = id;
                    stack.push(next as u32);
                }
            }
        }
        cells
    }

    /// Updates the labels after `squares` were filled on `board`.
    fn fill(&mut self, board: &Board, squares: [Square; 2]) {
        self.moves_since += 1;
        if !self.fresh {
            return;
        }
        let mut touched = Vec::new();
        for square in squares {
            let index = square.row * self.columns + square.column;
            let id = self.label[index];
            if id != NONE {
                self.label[index] = NONE;
                if !touched.contains(&id) {
                    touched.push(id);
                }
            }
        }
        if touched
            .iter()
            .any(|&id| self.list[id as usize].cells.len() >= TRACKED_CELLS)
        {
            self.fresh = false;
            return;
        }
        for id in touched {
            // Split what is left of the region into its pieces, each with a new label.
            let old = std::mem::take(&mut self.list[id as usize]);
            let mut stack = Vec::new();
            for &index in &old.cells {
                if self.label[index as usize] == id {
                    let piece = self.free.pop().unwrap_or_else(|| {
                        self.list.push(Region::default());
                        self.list.len() as u32 - 1
                    });
                    self.label[index as usize] = piece;
                    stack.push(index);
                    let cells = self.flood(board.empty(), &mut stack, |label| label == id, piece);
                    self.list[piece as usize] = Region { cells, value: None };
                }
            }
            // Free only now: a piece must not take the label it is split from.
            self.free.push(id);
        }
    }

    /// Values the regions that have no value yet; the XOR of all values when every region
    /// has one.
    fn value(&mut self, solver: &mut Solver) -> Option<u8> {
        let mut total = Some(0);
        for index in 0..self.list.len() {
            let region = &self.list[index];
            if region.cells.is_empty() {
                continue;
            }
            let value = match region.value {
                Some(value) => Some(value),
                None if solver.expired() => None,
                None => {
                    let value = self.region_value(index, solver);
                    self.list[index].value = value;
                    value
                }
            };
            total = total.zip(value).map(|(total, value)| total ^ value);
        }
        total
    }

    /// A region's value: by its length if it is a straight line, by the solver if it is
    /// small enough and fits a [`Shape`].
    fn region_value(&self, index: usize, solver: &mut Solver) -> Option<u8> {
        let cells = &self.list[index].cells;
        if let Some(length) = self.line_length(cells) {
            return Some(solver.line_value(length));
        }
        if cells.len() > SOLVABLE_CELLS {
            return None;
        }
        solver.value(self.frame(cells)?.shape).ok()
    }

    /// The length of a region that is one straight line of cells.
    fn line_length(&self, cells: &[u32]) -> Option<usize> {
        let (low, high) = (*cells.iter().min()?, *cells.iter().max()?);
        let (low, high) = (low as usize, high as usize);
        let length = cells.len();
        let across = low / self.columns == high / self.columns && high - low + 1 == length;
        let down =
            low % self.columns == high % self.columns && high - low == (length - 1) * self.columns;
        (across || down).then_some(length)
    }

    /// A region as a shape, if its bounding box fits one.
    fn frame(&self, cells: &[u32]) -> Option<Frame> {
        let squares = cells
            .iter()
            .map(|&index| (index as usize / self.columns, index as usize % self.columns));
        let top = squares.clone().map(|(row, _)| row).min()?;
        let bottom = squares.clone().map(|(row, _)| row).max()?;
        let left = squares.clone().map(|(_, column)| column).min()?;
        let right = squares.clone().map(|(_, column)| column).max()?;
        let (height, width) = (bottom - top + 1, right - left + 1);
        let transposed = fit::<Tall>(width, height)?;
        let mut frame = Frame {
            top,
            left,
            transposed,
            shape: 0,
        };
        for (row, column) in squares {
            frame.shape |= frame.bit(row, column);
        }
        Some(frame)
    }

    /// A move to value 0 when the regions' values XOR to `total` (not 0): in a region whose
    /// value has the total's highest bit, the move to `value ^ total`, which the mex
    /// guarantees. `None` if the solver runs out of time.
    fn winning_move(&self, total: u8, solver: &mut Solver) -> Option<Domino> {
        let region = self.list.iter().find(|region| {
            region
                .value
                .is_some_and(|value| !region.cells.is_empty() && value ^ total < value)
        })?;
        let target = region.value? ^ total;
        if let Some(length) = self.line_length(&region.cells) {
            let mut cells = region.cells.clone();
            cells.sort_unstable();
            let square = |index: u32| Square {
                row: index as usize / self.columns,
                column: index as usize % self.columns,
            };
            for left in 0..length - 1 {
                let value = solver.line_value(left) ^ solver.line_value(length - 2 - left);
                if value == target {
                    return Some(Domino {
                        first: square(cells[left]),
                        second: square(cells[left + 1]),
                    });
                }
            }
            return None;
        }
        let frame = self.frame(&region.cells)?;
        for domino in dominoes::<Tall>(frame.shape) {
            if solver.value(frame.shape & !domino).ok()? == target {
                let first = domino.trailing_zeros();
                let second = 127 - domino.leading_zeros();
                return Some(Domino {
                    first: frame.square(first),
                    second: frame.square(second),
                });
            }
        }
        None
    }
}

/// Where a region's shape lies on the board: shape bit `16 * a + b` is the cell `a` rows and
/// `b` columns from the top-left corner of its bounding box (the other way round when
/// transposed, for regions taller than wide).
#[derive(Clone, Copy, Debug)]
struct Frame {
    top: usize,
    left: usize,
    transposed: bool,
    shape: Shape,
}

impl Frame {
    fn bit(&self, row: usize, column: usize) -> Shape {
        let (a, b) = (row - self.top, column - self.left);
        let (a, b) = if self.transposed { (b, a) } else { (a, b) };
        1 << (Tall::STRIDE as usize * a + b)
    }

    fn square(&self, bit: u32) -> Square {
        let (a, b) = ((bit / Tall::STRIDE) as usize, (bit % Tall::STRIDE) as usize);
        let (a, b) = if self.transposed { (b, a) } else { (a, b) };
        Square {
            row: self.top + a,
            column: self.left + b,
        }
    }
}

/// The most blocking move in amortised constant time: dominoes are scanned in a fixed order
/// for the first whose cells have at least `threshold` empty neighbours between them, from
/// where the last scan stopped; when none is left, the threshold drops and the scan restarts.
/// A domino's count only falls as the board fills, so a domino passed over at a threshold
/// never qualifies for it again: each threshold costs one pass over the board in a game.
#[derive(Debug)]
struct Scan {
    threshold: usize,
    next: usize,
}

impl Default for Scan {
    fn default() -> Self {
        // Both cells of a domino in open space have four empty neighbours (each other
        // included).
        Self {
            threshold: 8,
            next: 0,
        }
    }
}

impl Scan {
    fn next(&mut self, board: &Board) -> Option<Domino> {
        let (rows, columns) = (board.rows(), board.columns());
        loop {
            while self.next < 2 * rows * columns {
                let domino = Domino::numbered(self.next, columns);
                if board.is_legal(domino) && blocking(board, domino) >= self.threshold {
                    return Some(domino);
                }
                self.next += 1;
            }
            // Any legal domino has at least 2 (its cells neighbour each other).
            if self.threshold <= 2 {
                return None;
            }
            self.threshold -= 1;
            self.next = 0;
        }
    }
}

/// The look-ahead game for the search crate: Cram by [`Rules`], restricted to the
/// [`LOOKAHEAD_MOVES`] most blocking moves of each position, with leaves valued by the solver it
/// holds (the engine's, which also values the board's regions between searches).
#[derive(Debug)]
struct Lookahead {
    /// Behind a `RefCell`: valuing a leaf fills the solver's tables, and the search asks for
    /// values through `&self`.
    solver: RefCell<Solver>,
    /// The move's deadline, which the leaves' budgets keep to (`None` when the move is bounded
    /// by work): set before each search.
    deadline: Option<Instant>,
}

/// The rules the look-ahead searches by.
const LOOKAHEAD_RULES: Rules = Rules {
    moves: MoveFilter::MostBlocking(LOOKAHEAD_MOVES),
};

impl Game for Lookahead {
    type State = Position;
    type Move = DominoNumber;

    fn player_to_move(&self, position: &Position) -> Seat {
        LOOKAHEAD_RULES.player_to_move(position)
    }

    fn generate_moves(&self, position: &Position, moves: &mut MoveList<DominoNumber>) {
        LOOKAHEAD_RULES.generate_moves(position, moves);
    }

    fn outcome(&self, position: &Position) -> Option<Outcome> {
        LOOKAHEAD_RULES.outcome(position)
    }

    fn next(&self, position: &Position, m: DominoNumber) -> Position {
        LOOKAHEAD_RULES.next(position, m)
    }

    /// Won or lost when the solver values every region within [`LEAF_WORK`], else 0.
    fn evaluate(&self, position: &Position) -> Score {
        let regions: Vec<Plane> = position.board.empty().components(Four).collect();
        if regions
            .iter()
            .any(|region| region.len() > SOLVABLE_CELLS && line_length(region).is_none())
        {
            return 0;
        }
        let mut solver = self.solver.borrow_mut();
        let mut solver = solver.budgeted(Budget {
            deadline: self.deadline,
            work: Some(LEAF_WORK),
        });
        let value = regions.iter().try_fold(0, |total, region| {
            Some(total ^ region_value(region, &mut solver)?)
        });
        match value {
            Some(0) => -LEAF_WIN,
            Some(_) => LEAF_WIN,
            None => 0,
        }
    }

    fn hash(&self, position: &Position) -> u64 {
        LOOKAHEAD_RULES.hash(position)
    }

    fn move_index(&self, m: DominoNumber) -> usize {
        LOOKAHEAD_RULES.move_index(m)
    }
}
