//! Plain searches: negamax without pruning, the reference the other searches are tested and
//! benchmarked against; and a plain alpha-beta to a fixed depth or for a time, the kind of
//! search a simple contest entry makes (the arena's `alphabeta` baselines).
//!
//! Both value a finished game by its outcome and margin ([`Game::final_margin`]; quicker wins
//! higher) and the horizon by [`Game::evaluate`]. A move that leaves the same player to move
//! keeps the sign.

use std::time::{Duration, Instant};

use crate::game::{Game, MoveList, Score, final_score};
use crate::window::{INFINITY, Window};

/// The value of `state` for the player to move, searched `depth` plies deep without pruning.
pub fn negamax<G: Game>(game: &G, state: &G::State, depth: u32) -> Score {
    value(game, state, depth, 0)
}

fn value<G: Game>(game: &G, state: &G::State, depth: u32, ply: usize) -> Score {
    if let Some(outcome) = game.outcome(state) {
        return final_score(game, state, outcome, ply);
    }
    let mut moves = MoveList::new();
    game.generate_moves(state, &mut moves);
    if depth == 0 || moves.is_empty() {
        return game.evaluate(state);
    }
    let me = game.player_to_move(state);
    moves
        .iter()
        .map(|&m| {
            let next = game.next(state, m);
            let v = value(game, &next, depth - 1, ply + 1);
            if game.player_to_move(&next) == me {
                v
            } else {
                -v
            }
        })
        .max()
        .expect("at least one move")
}

/// How long [`choose`] searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Exactly this many plies (at least 1).
    Depth(u32),
    /// One ply, then two, ... while the time lasts: the move of the deepest search finished
    /// in time (a search cut by the clock is thrown away; the first ply always finishes).
    Time(Duration),
}

/// The deepest iteration of a timed search.
const MAX_TIMED_DEPTH: u32 = 64;

/// The move a plain alpha-beta search within `limit` plays in `state`; `None` when the
/// position has no move. No table and no move ordering: moves are tried in the game's order
/// and a tie goes to the first best move, so at a fixed depth the same position always gives
/// the same move.
pub fn choose<G: Game>(game: &G, state: &G::State, limit: Limit) -> Option<G::Move> {
    match limit {
        Limit::Depth(depth) => best_move(game, state, depth).map(|(m, _)| m),
        Limit::Time(time) => {
            let mut search = Plain::new(game, Some(Instant::now() + time));
            let (mut chosen, _) = best_move(game, state, 1)?;
            for depth in 2..=MAX_TIMED_DEPTH {
                search.horizon = 0;
                let found = search.root(state, depth);
                if search.expired {
                    break;
                }
                chosen = found.map_or(chosen, |(m, _)| m);
                if search.horizon == 0 {
                    break; // every line ended before the horizon: deeper changes nothing.
                }
            }
            Some(chosen)
        }
    }
}

/// The first of the best moves of `state` searched `depth` plies deep (at least 1) by plain
/// alpha-beta, and its value; `None` when the position has no move.
pub fn best_move<G: Game>(game: &G, state: &G::State, depth: u32) -> Option<(G::Move, Score)> {
    Plain::new(game, None).root(state, depth)
}

/// One plain alpha-beta search: its deadline, checked every 64 positions, and whether it has
/// passed; and how many positions were valued at the horizon (none: the search saw every
/// game's end).
struct Plain<'g, G> {
    game: &'g G,
    deadline: Option<Instant>,
    positions: u64,
    expired: bool,
    horizon: u64,
}

impl<'g, G: Game> Plain<'g, G> {
    fn new(game: &'g G, deadline: Option<Instant>) -> Self {
        Self {
            game,
            deadline,
            positions: 0,
            expired: false,
            horizon: 0,
        }
    }

    /// Counts a position; true once the deadline has passed.
    // `%` and `matches!` rather than `is_multiple_of` and let chains: the CodinGame bundle
    // keeps to Rust 1.65 and the 2021 edition.
    #[allow(clippy::manual_is_multiple_of)]
    fn out_of_time(&mut self) -> bool {
        self.positions += 1;
        if self.positions % 64 == 0
            && matches!(self.deadline, Some(deadline) if Instant::now() >= deadline)
        {
            self.expired = true;
        }
        self.expired
    }

    /// The first of the best moves of `state` searched `depth` plies deep (at least 1), and
    /// its value; meaningless once the deadline has passed.
    fn root(&mut self, state: &G::State, depth: u32) -> Option<(G::Move, Score)> {
        let depth = depth.max(1);
        let mut moves = MoveList::new();
        self.game.generate_moves(state, &mut moves);
        let me = self.game.player_to_move(state);
        let mut best = None;
        let mut alpha = -INFINITY;
        for &m in &moves {
            let next = self.game.next(state, m);
            let window = Window {
                alpha,
                beta: INFINITY,
            };
            let value = if self.game.player_to_move(&next) == me {
                self.value(&next, depth - 1, 1, window)
            } else {
                -self.value(&next, depth - 1, 1, window.flipped())
            };
            // Once a move is found, a later one returns at most `alpha` unless it is strictly
            // better, so only a strictly better move replaces it.
            if best.is_none() || value > alpha {
                best = Some(m);
                alpha = value;
            }
        }
        best.map(|m| (m, alpha))
    }

    /// The value of `state` searched `depth` plies deep within `window` (fail-soft).
    fn value(&mut self, state: &G::State, depth: u32, ply: usize, mut window: Window) -> Score {
        if self.out_of_time() {
            return 0;
        }
        if let Some(outcome) = self.game.outcome(state) {
            return final_score(self.game, state, outcome, ply);
        }
        if depth == 0 {
            self.horizon += 1;
            return self.game.evaluate(state);
        }
        let mut moves = MoveList::new();
        self.game.generate_moves(state, &mut moves);
        let me = self.game.player_to_move(state);
        let mut best = -INFINITY;
        for &m in &moves {
            let next = self.game.next(state, m);
            let value = if self.game.player_to_move(&next) == me {
                self.value(&next, depth - 1, ply + 1, window)
            } else {
                -self.value(&next, depth - 1, ply + 1, window.flipped())
            };
            if value > best {
                best = value;
                window.alpha = window.alpha.max(value);
                if window.is_closed() {
                    break;
                }
            }
        }
        if moves.is_empty() {
            // No move though the game is not over.
            return self.game.evaluate(state);
        }
        best
    }
}
