//! Negamax with alpha-beta pruning, iterative deepening and a transposition table.

use std::time::{Duration, Instant};

use crate::clock::Clock;
use crate::game::{Game, Horizon, MoveList, Score, Seat, WIN, final_score};
use crate::ordering::MovePicker;
use crate::table::{Bound, TranspositionTable};
use crate::window::{INFINITY, Window};

/// Deeper than any search goes; win scores within this many plies of [`WIN`] are wins.
const MAX_PLY: usize = 256;

/// History scores are kept per player for this many move indices.
const HISTORY_SIZE: usize = 4096;

/// Settings of an [`AlphaBeta`] search.
#[derive(Clone, Debug)]
pub struct AlphaBetaOptions {
    /// The deepest iteration (plies).
    pub max_depth: u32,
    /// Memory for the transposition table, in bytes (rounded down to a power-of-two count of
    /// 16-byte entries).
    pub table_bytes: usize,
    /// Half-width of an aspiration window around the previous iteration's score; `None`
    /// searches every iteration with a full window.
    pub aspiration_window: Option<Score>,
    /// The clock is read once every this many positions visited, nodes and leaves alike (a
    /// power of two): a node with many moves values each of its leaves, and on a large board
    /// those leaves can take a millisecond in all.
    pub check_every: u64,
    /// Principal-variation search: every move after a node's first is searched with a null
    /// window first (off by default; see docs/search.md for where it was measured).
    pub principal_variation: bool,
    /// Reductions of the moves the game calls quiet ([`Game::quiet_moves`]); `None` searches
    /// every move to the full depth.
    pub quiet_reduction: Option<Reduction>,
    /// Reductions of the moves tried late at a node, quiet or not (late-move reductions), for
    /// those the quiet reduction leaves alone; `None`: none.
    pub late_move_reduction: Option<Reduction>,
}

/// How alpha-beta reduces a kind of move (the quiet ones, or the late ones): at a node searched
/// `min_depth` plies deep or more, each such move after the node's first `after` moves is
/// searched `plies` plies shallower than the others (but at least one ply deep), with the null
/// window at alpha; only a move that beats alpha there is searched again to the full depth. A
/// move that fails low in the shallower search is taken to fail low: the search is no longer
/// exact, and trades that risk for depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reduction {
    /// The shallowest node depth where moves are reduced.
    pub min_depth: u32,
    /// Moves tried at full depth before any is reduced.
    pub after: u32,
    /// Plies taken off a reduced move's search.
    pub plies: u32,
}

impl Default for AlphaBetaOptions {
    fn default() -> Self {
        Self {
            max_depth: 64,
            table_bytes: 4 << 20,
            aspiration_window: None,
            check_every: 1024,
            principal_variation: false,
            quiet_reduction: None,
            late_move_reduction: None,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the game is over at the root.
    pub best_move: Option<M>,
    /// The score of the position for the player to move at the root, in the units of the
    /// game's evaluation ([`Game::evaluate`]; each engine's documentation says what they are):
    /// positive is good for that player. A score of `WIN - n` or more (see [`crate::WIN`]) is
    /// a win found `n` plies ahead, `-WIN + n` or less a loss.
    pub score: Score,
    /// The depth of the last completed iteration (0 when none completed).
    pub depth: u32,
    /// The principal variation: the best line for both players, starting with `best_move`.
    pub pv: Vec<M>,
    /// Nodes visited by the whole search, including an interrupted last iteration.
    pub nodes: u64,
}

/// An iterative-deepening alpha-beta searcher for the game `G`, which it owns. Keep one per
/// game to reuse its table between moves.
///
/// Scores are negamax scores for the player to move. When a move leaves the same player to
/// move (an extra move), the child's score keeps its sign and the window is passed unchanged.
///
/// Move ordering: the table's best move, then the two killer moves of the ply, then the rest by
/// history score ([`Game::move_index`]).
#[derive(Debug)]
pub struct AlphaBeta<G: Game> {
    game: G,
    options: AlphaBetaOptions,
    table: TranspositionTable<G::Move>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<u32>,
    /// Triangular principal-variation table: `pv[ply]` is the best line found from `ply`.
    pv: Vec<Vec<G::Move>>,
    /// The score of `pv[0]` in the current iteration.
    root_score: Score,
    /// The last iteration's best move, and whether the current iteration has searched it.
    previous_best: Option<G::Move>,
    previous_best_searched: bool,
    nodes: u64,
    /// Positions visited, nodes and leaves: the clock is read every `check_every` of them.
    visits: u64,
    stopped: bool,
    /// Whether the current iteration evaluated a position at its depth limit or took a value
    /// from the table (if neither, the whole game tree was searched and deeper iterations would
    /// change nothing).
    reached_horizon: bool,
}

impl<G: Game> AlphaBeta<G> {
    /// A searcher of `game` with the given settings.
    pub fn new(game: G, options: AlphaBetaOptions) -> Self {
        Self {
            game,
            table: TranspositionTable::with_bytes(options.table_bytes),
            options,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * HISTORY_SIZE],
            pv: vec![Vec::new(); MAX_PLY + 1],
            root_score: 0,
            previous_best: None,
            previous_best_searched: false,
            nodes: 0,
            visits: 0,
            stopped: false,
            reached_horizon: false,
        }
    }

    /// The game searched.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The game searched, to change its configuration between searches.
    pub fn game_mut(&mut self) -> &mut G {
        &mut self.game
    }

    /// The settings.
    pub fn options(&self) -> &AlphaBetaOptions {
        &self.options
    }

    /// Sets the deepest iteration of later searches (the table is kept).
    pub fn set_max_depth(&mut self, max_depth: u32) {
        self.options.max_depth = max_depth;
    }

    /// Searches `state` by iterative deepening until `max_depth`, a proven result, or the
    /// clock's limits: no new iteration starts after the soft limit or when the time left
    /// before the hard limit is less than half of what the next iteration is predicted to take
    /// (from the growth of the last two), and the hard limit stops the current one. Returns the
    /// last completed iteration's result, unless the stopped iteration had already searched the
    /// last iteration's best move to its depth: then the best root move it had searched. Before
    /// any iteration completes: the first legal move.
    pub fn search(&mut self, state: &G::State, clock: &Clock) -> SearchResult<G::Move> {
        self.table.new_search();
        self.killers.fill([None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 2);
        self.nodes = 0;
        self.visits = 0;
        self.stopped = false;
        let mut result = self.before_any_iteration(state);
        if result.best_move.is_none() {
            return result;
        }
        // How long the last two iterations took: the next one is predicted to take as much
        // longer again as the last took over the one before.
        let mut iteration_times = [Duration::ZERO; 2];
        for depth in 1..=self.options.max_depth.min(MAX_PLY as u32) {
            if depth > 1 && clock.soft_expired() {
                break;
            }
            if depth > 2 && clock.remaining() < predicted_time(iteration_times) / 2 {
                // Not even the first root move would likely be searched in time.
                break;
            }
            let started = Instant::now();
            self.reached_horizon = false;
            self.previous_best = result.best_move;
            self.previous_best_searched = false;
            let score = self.search_root(state, depth, result.score, clock);
            if self.stopped {
                self.keep_interrupted_iteration(&mut result);
                break;
            }
            iteration_times = [iteration_times[1], started.elapsed()];
            result = SearchResult {
                best_move: self.pv[0].first().copied(),
                score,
                depth,
                pv: self.pv[0].clone(),
                nodes: self.nodes,
            };
            // Stop when the whole tree was searched, or a win or loss was proven within this
            // iteration's horizon (a table entry from a deeper search can report a slower win
            // at a shallow depth; only a deeper iteration can tell whether a quicker one exists).
            if !self.reached_horizon || score.abs() >= WIN - depth as Score {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// The result before any iteration: the first legal move and the static evaluation, or
    /// no move and the final score when the game is over at the root.
    fn before_any_iteration(&self, state: &G::State) -> SearchResult<G::Move> {
        let mut moves = MoveList::new();
        self.game.generate_moves(state, &mut moves);
        let over = self.game.outcome(state).is_some();
        let first = moves.first().copied().filter(|_| !over);
        SearchResult {
            best_move: first,
            score: if over {
                self.leaf_score(state, 0)
            } else {
                self.game.evaluate(state)
            },
            depth: 0,
            pv: first.into_iter().collect(),
            nodes: 0,
        }
    }

    /// After an iteration the clock stopped: once the last iteration's best move has been
    /// searched to the new depth, the best root move searched so far is at least as good a
    /// choice, and replaces `result`'s.
    fn keep_interrupted_iteration(&self, result: &mut SearchResult<G::Move>) {
        if let (true, Some(&best)) = (self.previous_best_searched, self.pv[0].first()) {
            result.best_move = Some(best);
            result.pv = self.pv[0].clone();
            result.score = self.root_score;
        }
    }

    /// One iteration at the root, with an aspiration window around `previous` when enabled.
    fn search_root(
        &mut self,
        state: &G::State,
        depth: u32,
        previous: Score,
        clock: &Clock,
    ) -> Score {
        if let (Some(width), true) = (self.options.aspiration_window, depth > 1) {
            let window = Window {
                alpha: previous - width,
                beta: previous + width,
            };
            let score = self.alpha_beta(state, depth, 0, window, clock);
            if self.stopped || window.contains(score) {
                return score;
            }
        }
        self.alpha_beta(state, depth, 0, Window::FULL, clock)
    }

    /// Counts a visited position and, every `check_every` of them, stops the search once the
    /// clock's hard limit has passed.
    #[inline(always)]
    fn tick(&mut self, clock: &Clock) {
        self.visits += 1;
        if self.visits & (self.options.check_every - 1) == 0 && clock.hard_expired() {
            self.stopped = true;
        }
    }

    /// The value of a position at the depth limit, for its player to move.
    #[inline(always)]
    fn leaf(&mut self, state: &G::State, ply: usize) -> Score {
        self.pv[ply].clear();
        match self.game.at_horizon(state) {
            Horizon::Over(outcome) => final_score(&self.game, state, outcome, ply),
            Horizon::Evaluated(score) => {
                self.reached_horizon = true;
                score
            }
        }
    }

    /// The score of a finished game for its player to move.
    fn leaf_score(&self, state: &G::State, ply: usize) -> Score {
        self.game
            .outcome(state)
            .map_or(0, |outcome| final_score(&self.game, state, outcome, ply))
    }

    /// The negamax score of `state` searched `depth` plies deep within `window` (fail-soft),
    /// `ply` plies from the root; 0 once the clock has stopped the search.
    fn alpha_beta(
        &mut self,
        state: &G::State,
        depth: u32,
        ply: usize,
        window: Window,
        clock: &Clock,
    ) -> Score {
        let mut moves = MoveList::new();
        let (me, key, table_move) = match self.enter(state, depth, ply, window, clock, &mut moves) {
            Ok(node) => node,
            Err(score) => return score,
        };
        let node = Node {
            me,
            depth,
            ply,
            table_move,
        };
        let Some((best, best_move)) = self.search_moves(state, &moves, node, window, clock) else {
            return 0;
        };
        let bound = window.bound(best);
        self.table
            .store(key, score_to_table(best, ply), depth, bound, best_move);
        best
    }

    /// The move loop of `node`: its moves in the picker's order, searched within `window`
    /// (fail-soft) until one closes it. Its best score and move, or `None` once the clock has
    /// stopped the search.
    fn search_moves(
        &mut self,
        state: &G::State,
        moves: &[G::Move],
        node: Node<G::Move>,
        mut window: Window,
        clock: &Clock,
    ) -> Option<(Score, Option<G::Move>)> {
        let Node { me, depth, ply, .. } = node;
        let mut picker = MovePicker::new(node.table_move, self.killers[ply]);
        let reductions = self.reductions(state, depth, moves);
        let (mut best, mut best_move, mut tried) = (-INFINITY, None, 0);
        while let Some(index) = picker.next(moves, |i| self.history_score(me, moves[i])) {
            let m = moves[index];
            let next = self.game.next(state, m);
            tried += 1;
            // Never before a move has been searched in full: the node needs a best move.
            let reduced = reductions.of(tried, index).filter(|_| best_move.is_some());
            if let Some(reduction) = reduced {
                let score = self.reduced_score(&next, node, reduction, window, clock);
                if self.stopped {
                    return None;
                }
                if score <= window.alpha {
                    best = best.max(score);
                    continue;
                }
            }
            let score = self.move_score(&next, me, depth, ply, window, clock, best > -INFINITY);
            if self.stopped {
                return None;
            }
            if ply == 0 && Some(m) == self.previous_best {
                self.previous_best_searched = true;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                self.raise_alpha(&mut window, ply, m, score);
            }
            if window.is_closed() {
                if Some(m) != node.table_move {
                    self.remember_cutoff(m, ply, me.index(), depth);
                }
                break;
            }
        }
        Some((best, best_move))
    }

    /// The reductions that apply at a node `depth` plies deep with these `moves`.
    fn reductions(&self, state: &G::State, depth: u32, moves: &[G::Move]) -> Reductions {
        let quiet = self
            .options
            .quiet_reduction
            .filter(|r| depth >= r.min_depth);
        Reductions {
            quiet,
            quiet_moves: quiet.map_or(0, |_| self.game.quiet_moves(state, moves)),
            late: self
                .options
                .late_move_reduction
                .filter(|r| depth >= r.min_depth),
        }
    }

    /// The score for `node`'s player of the move to `next` searched `reduction.plies`
    /// shallower than the node's other moves, with the null window at alpha: at least one
    /// ply, unless the full search of the move is a leaf already.
    fn reduced_score(
        &mut self,
        next: &G::State,
        node: Node<G::Move>,
        reduction: Reduction,
        window: Window,
        clock: &Clock,
    ) -> Score {
        let full = node.depth - 1;
        let shallower = full.saturating_sub(reduction.plies).max(full.min(1));
        self.child_score(next, node.me, shallower, node.ply, window.null(), clock)
    }

    /// A move `m` at `ply` that scored `score`, the best of its node so far: when it beats
    /// alpha, it raises alpha and heads the node's principal variation.
    fn raise_alpha(&mut self, window: &mut Window, ply: usize, m: G::Move, score: Score) {
        if score > window.alpha {
            window.alpha = score;
            self.update_pv(ply, m);
            if ply == 0 {
                self.root_score = score;
            }
        }
    }

    /// The first steps at a node: `Err` with its score when it needs no search of its moves
    /// (the depth limit, a stopped clock, a table entry that decides it), else `Ok` with its
    /// player to move, its hash and the table's best move.
    fn enter(
        &mut self,
        state: &G::State,
        depth: u32,
        ply: usize,
        window: Window,
        clock: &Clock,
        moves: &mut MoveList<G::Move>,
    ) -> Result<(Seat, u64, Option<G::Move>), Score> {
        self.pv[ply].clear();
        if depth == 0 || ply >= MAX_PLY {
            return Err(self.leaf(state, ply));
        }
        let me = self.game.player_to_move(state);
        self.nodes += 1;
        self.tick(clock);
        if self.stopped {
            return Err(0);
        }
        let key = self.game.hash(state);
        self.table.prefetch(key);
        // A position with moves is not over: the outcome is asked only where none are left.
        self.game.generate_moves(state, moves);
        if moves.is_empty() {
            return Err(match self.game.outcome(state) {
                Some(outcome) => final_score(&self.game, state, outcome, ply),
                None => self.game.evaluate(state),
            });
        }
        let table_move = self.probe(key, depth, ply, window)?;
        Ok((me, key, table_move))
    }

    /// What the table holds for the position `key` searched `depth` plies deep at `ply`:
    /// `Err` with a value that decides the node within `window`, else `Ok` with the best move
    /// it found, if any.
    fn probe(
        &mut self,
        key: u64,
        depth: u32,
        ply: usize,
        window: Window,
    ) -> Result<Option<G::Move>, Score> {
        let Some(entry) = self.table.probe(key) else {
            return Ok(None);
        };
        if ply > 0 && entry.depth() >= depth {
            let value = score_from_table(entry.value(), ply);
            let usable = match entry.bound() {
                Bound::Exact => true,
                Bound::Lower => value >= window.beta,
                Bound::Upper => value <= window.alpha,
            };
            if usable {
                // The entry may stand for a search to any depth: the tree was not searched
                // to its end here.
                self.reached_horizon = true;
                return Err(value);
            }
        }
        Ok(entry.best_move())
    }

    /// The score of a move to `next` for `me`, the player to move at its parent, within
    /// `window`: a leaf is valued at once, a node searched with the window as `next`'s player
    /// sees it. With principal-variation search, a move after a node's first (`later`) is
    /// first searched with the null window just above `alpha`, which proves cheaply that it
    /// is no better; only one that beats `alpha` (and not `beta`) is searched again with the
    /// whole window.
    #[allow(clippy::too_many_arguments)]
    fn move_score(
        &mut self,
        next: &G::State,
        me: Seat,
        depth: u32,
        ply: usize,
        window: Window,
        clock: &Clock,
        later: bool,
    ) -> Score {
        if depth == 1 {
            // A leaf, valued here rather than through a full node.
            let score = self.leaf(next, ply + 1);
            self.tick(clock);
            return if self.game.player_to_move(next) == me {
                score
            } else {
                -score
            };
        }
        if self.options.principal_variation && later {
            let score = self.child_score(next, me, depth - 1, ply, window.null(), clock);
            if !window.contains(score) || self.stopped {
                return score;
            }
        }
        self.child_score(next, me, depth - 1, ply, window, clock)
    }

    /// The score for `me` of the move to `next`, searched `depth` plies deep within `window`
    /// (as `me` sees it; flipped for `next`'s player when the turn passes).
    fn child_score(
        &mut self,
        next: &G::State,
        me: Seat,
        depth: u32,
        ply: usize,
        window: Window,
        clock: &Clock,
    ) -> Score {
        if self.game.player_to_move(next) == me {
            self.alpha_beta(next, depth, ply + 1, window, clock)
        } else {
            -self.alpha_beta(next, depth, ply + 1, window.flipped(), clock)
        }
    }

    /// The history score of `m` for `player`.
    fn history_score(&self, player: Seat, m: G::Move) -> u32 {
        self.history[player.index() * HISTORY_SIZE + self.game.move_index(m) % HISTORY_SIZE]
    }

    fn remember_cutoff(&mut self, m: G::Move, ply: usize, player: usize, depth: u32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(m) {
            killers[1] = killers[0];
            killers[0] = Some(m);
        }
        let slot =
            &mut self.history[player * HISTORY_SIZE + self.game.move_index(m) % HISTORY_SIZE];
        *slot = slot.saturating_add(depth * depth);
    }

    fn update_pv(&mut self, ply: usize, m: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        // Lines are a few moves long: a plain loop beats a call to memcpy.
        for &next in &tail[0] {
            line.push(next);
        }
    }
}

/// What the move loop of a node needs to know about it.
#[derive(Clone, Copy)]
struct Node<M> {
    /// The player to move.
    me: Seat,
    /// The plies left to search.
    depth: u32,
    /// The plies from the root.
    ply: usize,
    /// The best move the table holds for the position, if any.
    table_move: Option<M>,
}

/// The reductions that apply at a node (see [`Reduction`]).
#[derive(Clone, Copy)]
struct Reductions {
    /// The reduction of quiet moves, if the node is deep enough for it.
    quiet: Option<Reduction>,
    /// The game's quiet moves of the node, as bits ([`Game::quiet_moves`]); 0 without `quiet`.
    quiet_moves: u128,
    /// The late-move reduction, if the node is deep enough for it.
    late: Option<Reduction>,
}

impl Reductions {
    /// The reduction of the `tried`-th move tried, `moves[index]`, if any: the quiet one for a
    /// quiet move, else the late-move one.
    #[inline(always)]
    fn of(&self, tried: u32, index: usize) -> Option<Reduction> {
        self.quiet
            .filter(|r| tried > r.after && index < 128 && self.quiet_moves >> index & 1 != 0)
            .or_else(|| self.late.filter(|r| tried > r.after))
    }
}

/// The time the next iteration is expected to take, from the times of the last two.
fn predicted_time([before, last]: [Duration; 2]) -> Duration {
    let growth = if before.is_zero() {
        4.0
    } else {
        (last.as_secs_f64() / before.as_secs_f64()).clamp(1.5, 8.0)
    };
    last.mul_f64(growth)
}

/// Win scores are stored relative to the node ("win in n plies from here") so that they stay
/// right when the position is reached at another ply.
fn score_to_table(score: Score, ply: usize) -> Score {
    let ply = ply as Score;
    if score >= WIN - MAX_PLY as Score {
        score + ply
    } else if score <= -(WIN - MAX_PLY as Score) {
        score - ply
    } else {
        score
    }
}

fn score_from_table(score: Score, ply: usize) -> Score {
    let ply = ply as Score;
    if score >= WIN - MAX_PLY as Score {
        score - ply
    } else if score <= -(WIN - MAX_PLY as Score) {
        score + ply
    } else {
        score
    }
}
