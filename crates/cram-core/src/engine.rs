//! The playing engine. It keeps the board's regions labelled and valued; once every region has
//! a value it plays perfectly (a move to value 0 when there is one). Before that it plays a
//! look-ahead search (the search crate's alpha-beta) whose leaves are scored by the solver
//! when it can value them within a small budget, so the search steers toward positions the
//! solver finishes; on boards too large for that, the move that blocks the most, found in
//! amortised constant time.

use std::cell::RefCell;
use std::time::Instant;

use smallvec::SmallVec;

use floodgate_bitgrid::{Cell, Plane};
use floodgate_search::{
    AlphaBeta, AlphaBetaOptions, Answer, Clock, Game, MoveList, MoveTime, Outcome, Score, Seat,
    TimePolicy,
};

use floodgate_bitgrid::Connectivity::Four;

use crate::board::{Board, Domino, Square, cells_value, line_length, region_value, to_shape};
use crate::rules::{DominoNumber, MoveFilter, Position, Rules, blocking};
use crate::shape::Tall;
use crate::solver::{Budget, Solver};

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

/// The label of a filled cell.
const FILLED: u32 = 0;

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
        self.regions.fill([domino.first, domino.second]);
    }

    /// The move to play before `deadline`, or `None` when no domino fits. The move is always
    /// legal; perfect when every region could be valued in time.
    pub fn choose(&mut self, deadline: Instant) -> Option<Domino> {
        self.choose_within(MoveBound::Time(deadline))
    }

    /// The move to play within `effort` instead of a deadline: the same choice, bounded by
    /// work, so that the answer does not depend on the machine (for tests and analysis).
    pub fn choose_with_effort(&mut self, effort: Effort) -> Option<Domino> {
        self.choose_within(MoveBound::Work(effort))
    }

    fn choose_within(&mut self, limit: MoveBound) -> Option<Domino> {
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
                MoveBound::Time(deadline) => {
                    Budget::until(MoveTime::ending_at(start, deadline).halfway())
                }
                MoveBound::Work(effort) => Budget::work(effort.solver_work),
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
    fn look_ahead(&mut self, limit: MoveBound) -> Option<Domino> {
        let state = Position::new(self.board.clone(), Seat::First);
        let clock = match limit {
            MoveBound::Time(deadline) => {
                let time = MoveTime::ending_at(Instant::now(), deadline);
                self.lookahead.game_mut().deadline = Some(deadline);
                self.lookahead
                    .set_max_depth(AlphaBetaOptions::default().max_depth);
                time.clock(TimePolicy::OneThird)
            }
            MoveBound::Work(effort) => {
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
enum MoveBound {
    Time(Instant),
    Work(Effort),
}

/// The board's regions: a label per cell and per label the region's cells (in raster order:
/// row by row, each row left to right) and value (when known). Labels are numbered as
/// [`Plane::label_components`] numbers them: 0 for a filled cell, `1..` for the regions, in
/// raster order of their first cells after a full labelling. They are kept up to date move by
/// move while every region a move touches is small; a move in a large one makes them stale
/// until the next full labelling.
#[derive(Debug)]
struct Regions {
    columns: usize,
    label: Vec<u32>,
    /// Indexed by label; entry 0 (filled cells) and dead regions have no cells.
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
    /// Cell indices (`row * columns + column`) in increasing order; empty for a dead region.
    cells: Vec<u32>,
    value: Option<u8>,
}

impl Regions {
    fn new(board: &Board) -> Self {
        let cells = board.rows() * board.columns();
        Self {
            columns: board.columns(),
            label: vec![FILLED; cells],
            list: Vec::new(),
            free: Vec::new(),
            fresh: false,
            // Due for a labelling at once.
            moves_since: cells,
        }
    }

    /// Whether a full labelling is due: the labels are stale, and enough moves have passed
    /// for its cost (one pass over the board) to be spread thin: one 4096th of the empty
    /// cells.
    fn due(&self, board: &Board) -> bool {
        !self.fresh && self.moves_since * 4096 >= board.empty().len()
    }

    /// Labels every region of `board` afresh (their values unknown): the labels of
    /// [`Plane::label_components`], and each region's cells in raster order.
    fn label(&mut self, board: &Board) {
        let empty = board.empty();
        let labels = empty.label_components(Four);
        self.list.clear();
        self.list
            .resize_with(labels.count() as usize + 1, Region::default);
        self.label = labels.into_vec();
        for cell in empty.iter() {
            let index = cell.y * self.columns + cell.x;
            self.list[self.label[index] as usize]
                .cells
                .push(index as u32);
        }
        self.free.clear();
        self.fresh = true;
        self.moves_since = 0;
    }

    /// Updates the labels after `squares` were filled.
    fn fill(&mut self, squares: [Square; 2]) {
        self.moves_since += 1;
        if !self.fresh {
            return;
        }
        let mut touched: SmallVec<[u32; 2]> = SmallVec::new();
        for square in squares {
            let index = square.row * self.columns + square.column;
            let id = self.label[index];
            if id != FILLED {
                self.label[index] = FILLED;
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
            self.split(id);
        }
    }

    /// Splits what is left of region `id` (its cells still labelled `id`) into its pieces:
    /// the components of its patch. One piece keeps the label; several get new ones (dead
    /// regions' labels first, else new ones at the end), given in raster order of the pieces'
    /// first cells. Each piece's value is unknown; dead regions' values are cleared.
    fn split(&mut self, id: u32) {
        let mut cells = std::mem::take(&mut self.list[id as usize].cells);
        cells.retain(|&index| self.label[index as usize] == id);
        if cells.is_empty() {
            self.list[id as usize].value = None;
            self.free.push(id);
            return;
        }
        let patch = self.patch(&cells);
        let labels = patch.plane.label_components(Four);
        if labels.count() == 1 {
            self.list[id as usize] = Region { cells, value: None };
            return;
        }
        let pieces: SmallVec<[u32; 4]> = (0..labels.count())
            .map(|_| {
                self.free.pop().unwrap_or_else(|| {
                    self.list.push(Region::default());
                    self.list.len() as u32 - 1
                })
            })
            .collect();
        for &index in &cells {
            let piece = pieces[labels.label(patch.cell(index)) as usize - 1];
            self.label[index as usize] = piece;
            self.list[piece as usize].cells.push(index);
        }
        // Free only now: a piece must not take the label it is split from.
        self.list[id as usize].value = None;
        self.free.push(id);
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
                    let value = self.region_value(&region.cells, solver);
                    self.list[index].value = value;
                    value
                }
            };
            total = total.zip(value).map(|(total, value)| total ^ value);
        }
        total
    }

    /// A region's value, by [`solvable_value`] of its patch; a region too large for it that is
    /// not a line is told apart from its first and last cells alone.
    fn region_value(&self, cells: &[u32], solver: &mut Solver) -> Option<u8> {
        let (first, last) = (*cells.first()? as usize, *cells.last()? as usize);
        let length = cells.len();
        let across = first / self.columns == last / self.columns && last - first + 1 == length;
        let down = first % self.columns == last % self.columns
            && last - first == (length - 1) * self.columns;
        if length > SOLVABLE_CELLS && !across && !down {
            return None;
        }
        solvable_value(&self.patch(cells).plane, solver)
    }

    /// The patch of a region whose cells are `cells` (in raster order, at least one).
    fn patch(&self, cells: &[u32]) -> Patch {
        let columns = self.columns;
        let top = cells[0] as usize / columns;
        let bottom = cells[cells.len() - 1] as usize / columns;
        let column = |&index: &u32| index as usize % columns;
        let left = cells.iter().map(column).min().unwrap_or(0);
        let right = cells.iter().map(column).max().unwrap_or(0);
        let mut patch = Patch {
            plane: Plane::new(right - left + 1, bottom - top + 1),
            top,
            left,
            columns,
        };
        for &index in cells {
            let cell = patch.cell(index);
            patch.plane.insert(cell);
        }
        patch
    }

    /// A move to value 0 when the regions' values XOR to `total` (not 0): in the first region
    /// whose value has the total's highest bit, the first domino (in [`Board::moves`]' order
    /// on its patch) that leaves cells of value `value ^ total`, which the mex guarantees.
    /// `None` if the solver runs out of time.
    fn winning_move(&self, total: u8, solver: &mut Solver) -> Option<Domino> {
        let region = self.list.iter().find(|region| {
            region
                .value
                .is_some_and(|value| !region.cells.is_empty() && value ^ total < value)
        })?;
        let target = region.value? ^ total;
        let patch = self.patch(&region.cells);
        let cells = Board::from_empty(patch.plane.clone());
        let line = line_length(cells.empty()).is_some();
        for domino in cells.moves() {
            let mut rest = cells.clone();
            rest.play(domino);
            let rest = rest.empty();
            // A line leaves two lines, valued by their lengths; other cells (which fit a shape,
            // as their region did) are valued as one shape, which the solver splits itself.
            let value = if line || rest.is_empty() {
                cells_value(rest, solver)?
            } else {
                solver.value(to_shape::<Tall>(rest)?).ok()?
            };
            if value == target {
                return Some(patch.on_board(domino));
            }
        }
        None
    }
}

/// A region's cells as a plane over its bounding box (cell `(x, y)` of the plane is the board's
/// cell `x` columns right of and `y` rows below the box's top-left corner): what the solver
/// values, the engine's regions as the look-ahead's leaves see theirs.
#[derive(Clone, Debug)]
struct Patch {
    plane: Plane,
    top: usize,
    left: usize,
    /// The board's columns.
    columns: usize,
}

impl Patch {
    /// The plane's cell for the board's cell `index` (which must be in the box).
    fn cell(&self, index: u32) -> Cell {
        let index = index as usize;
        Cell::new(
            index % self.columns - self.left,
            index / self.columns - self.top,
        )
    }

    /// A domino of the plane, on the board.
    fn on_board(&self, domino: Domino) -> Domino {
        let square = |square: Square| Square {
            row: square.row + self.top,
            column: square.column + self.left,
        };
        Domino {
            first: square(domino.first),
            second: square(domino.second),
        }
    }
}

/// The value of a region (connected cells) when the engine asks the solver for it: lines by
/// their length, other regions of at most [`SOLVABLE_CELLS`] cells by the solver; `None` for
/// larger ones (without asking) or when the solver's budget runs out. The engine's regions and
/// the look-ahead's leaves are valued by this one rule.
fn solvable_value(region: &Plane, solver: &mut Solver) -> Option<u8> {
    if !solvable(region) {
        return None;
    }
    region_value(region, solver)
}

/// Whether [`solvable_value`] asks the solver about `region`.
fn solvable(region: &Plane) -> bool {
    region.len() <= SOLVABLE_CELLS || line_length(region).is_some()
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

    /// Won or lost when every region is [`solvable`] and the solver values them all within
    /// [`LEAF_WORK`], else 0.
    fn evaluate(&self, position: &Position) -> Score {
        let regions: Vec<Plane> = position.board.empty().components(Four).collect();
        if !regions.iter().all(solvable) {
            return 0;
        }
        let mut solver = self.solver.borrow_mut();
        let mut solver = solver.budgeted(Budget {
            deadline: self.deadline,
            work: Some(LEAF_WORK),
        });
        let value = regions.iter().try_fold(0, |total, region| {
            // Every region is solvable (checked above): what solvable_value would do.
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

#[cfg(test)]
mod tests;
