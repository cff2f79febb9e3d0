//! Built-in search baselines: a plain negamax with alpha-beta pruning for each game, written
//! here on the games' rules only (not on their engines), so that strength work can measure
//! against something that searches. `alphabeta:D` searches D plies; `alphabeta:Nms` deepens
//! one ply at a time for N milliseconds and plays the move of the deepest search it finished,
//! as a contest entry of the kind that uses its whole clock does.
//!
//! No transposition table and no move ordering: at a fixed depth the same position always
//! gives the same move. Moves are tried in the rules' order and a tie goes to the first
//! best move. A finished game is worth a million to the winner, plus 100 per point of final
//! margin and 1 per ply it comes sooner (the loser gets the opposite), which dominates every
//! evaluation; at the horizon each game has a simple evaluation of its own (see
//! [`floodwars()`], [`grow()`], [`domain()`], [`cram()`]).

mod cram;
mod domain;
mod floodwars;
mod grow;

pub use cram::cram;
pub use domain::domain;
pub use floodwars::floodwars;
pub use grow::grow;

use std::time::{Duration, Instant};

/// How long a baseline searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Exactly this many plies (at least 1).
    Depth(u32),
    /// One ply, then two, ... while the time lasts: the move of the deepest search finished
    /// in time (a search cut by the clock is thrown away; the first ply always finishes).
    Time(Duration),
}

/// The value of a won game before its margin; evaluations stay far below it.
const WIN: i64 = 1_000_000;

/// Above every value the search can return.
const INFINITY: i64 = 1 << 40;

/// What a move does to the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Turn {
    /// The opponent moves next (every move of every game but a Grow kill).
    Passes,
    /// The same side moves again (a Grow kill).
    Stays,
}

/// What the search needs of a game; values are from the side to move's view.
trait Game: Sized {
    /// A move.
    type Move: Copy;

    /// The legal moves in the rules' order (none only when the game is over).
    fn moves(&self) -> Vec<Self::Move>;

    /// The position after `m`, and whether the turn passed (named apart from the
    /// games' own `play` methods, which Cram's `Board::play(&mut self)` would clash with).
    fn after(&self, m: Self::Move) -> (Self, Turn);

    /// For a finished game, the final margin for the side to move (positive when it won).
    fn final_margin(&self) -> Option<i64>;

    /// The evaluation of an unfinished position for the side to move.
    fn evaluate(&self) -> i64;
}

/// The value of a finished game with final `margin`, reached with `depth_left` plies of the
/// search unused: winning dominates, then the margin, then winning sooner (losing later).
fn final_value(margin: i64, depth_left: u32) -> i64 {
    margin.signum() * (WIN + i64::from(depth_left)) + 100 * margin
}

/// The clock of one search: a deadline checked every few nodes, and whether it passed; and
/// how many positions were evaluated at the horizon (none: the search saw every game's end).
#[derive(Debug)]
struct Clock {
    deadline: Option<Instant>,
    nodes: u64,
    expired: bool,
    horizon: u64,
}

impl Clock {
    /// A search that ends at `deadline`, if any.
    const fn new(deadline: Option<Instant>) -> Self {
        Self {
            deadline,
            nodes: 0,
            expired: false,
            horizon: 0,
        }
    }

    /// Counts a node; true once the deadline has passed (checked every 64 nodes).
    fn out_of_time(&mut self) -> bool {
        self.nodes += 1;
        if let Some(deadline) = self.deadline
            && self.nodes.is_multiple_of(64)
            && Instant::now() >= deadline
        {
            self.expired = true;
        }
        self.expired
    }
}

/// The negamax value of `position` searched `depth` plies deep within `(alpha, beta)`
/// (fail-soft: a value at or below `alpha` is an upper bound, at or above `beta` a lower one).
/// Once the clock has run out the value means nothing.
fn negamax<G: Game>(position: &G, depth: u32, mut alpha: i64, beta: i64, clock: &mut Clock) -> i64 {
    if clock.out_of_time() {
        return 0;
    }
    if let Some(margin) = position.final_margin() {
        return final_value(margin, depth);
    }
    if depth == 0 {
        clock.horizon += 1;
        return position.evaluate();
    }
    let mut best = -INFINITY;
    for m in position.moves() {
        let (next, turn) = position.after(m);
        let value = match turn {
            Turn::Passes => -negamax(&next, depth - 1, -beta, -alpha, clock),
            Turn::Stays => negamax(&next, depth - 1, alpha, beta, clock),
        };
        if value > best {
            best = value;
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
    }
    if best == -INFINITY {
        // No move though the game is not over (the rules say this cannot happen).
        return position.evaluate();
    }
    best
}

/// The first of the best moves of `position` (which has one) searched `depth` plies deep
/// (at least 1), and its value; meaningless once the clock has run out.
fn search_root<G: Game>(position: &G, depth: u32, clock: &mut Clock) -> (G::Move, i64) {
    let depth = depth.max(1);
    let mut best = None;
    let mut alpha = -INFINITY;
    for m in position.moves() {
        let (next, turn) = position.after(m);
        let value = match turn {
            Turn::Passes => -negamax(&next, depth - 1, -INFINITY, -alpha, clock),
            Turn::Stays => negamax(&next, depth - 1, alpha, INFINITY, clock),
        };
        // Once a move is found, a later one returns at most `alpha` unless it is strictly
        // better, so only a strictly better move replaces it.
        if best.is_none() || value > alpha {
            best = Some(m);
            alpha = value;
        }
    }
    (best.expect("a position with a legal move"), alpha)
}

/// The first of the best moves of `position` (which has one) searched `depth` plies deep
/// (at least 1), and its value.
fn best_move<G: Game>(position: &G, depth: u32) -> (G::Move, i64) {
    search_root(position, depth, &mut Clock::new(None))
}

/// The move `limit` chooses in `position` (which has one).
fn choose<G: Game>(position: &G, limit: Limit) -> G::Move {
    match limit {
        Limit::Depth(depth) => best_move(position, depth).0,
        Limit::Time(time) => {
            let mut clock = Clock::new(Some(Instant::now() + time));
            let (mut chosen, _) = best_move(position, 1);
            for depth in 2..=MAX_TIMED_DEPTH {
                clock.horizon = 0;
                let (m, _) = search_root(position, depth, &mut clock);
                if clock.expired {
                    break;
                }
                chosen = m;
                if clock.horizon == 0 {
                    break; // every line ended before the horizon: deeper changes nothing.
                }
            }
            chosen
        }
    }
}

/// The deepest iteration of a timed search.
const MAX_TIMED_DEPTH: u32 = 64;

#[cfg(test)]
mod tests {
    use super::*;

    /// A plain minimax without pruning over the same game, for the tests of every game.
    pub(super) fn minimax<G: Game>(position: &G, depth: u32) -> i64 {
        if let Some(margin) = position.final_margin() {
            return final_value(margin, depth);
        }
        if depth == 0 {
            return position.evaluate();
        }
        position
            .moves()
            .into_iter()
            .map(|m| match position.after(m) {
                (next, Turn::Passes) => -minimax(&next, depth - 1),
                (next, Turn::Stays) => minimax(&next, depth - 1),
            })
            .max()
            .expect("an unfinished position has a move")
    }

    /// Checks that alpha-beta at `depth` finds minimax's value and a move minimax values at
    /// that value.
    pub(super) fn assert_matches_minimax<G: Game>(position: &G, depth: u32)
    where
        G::Move: std::fmt::Debug,
    {
        let (chosen, value) = best_move(position, depth);
        assert_eq!(value, minimax(position, depth), "value at depth {depth}");
        let chosen_value = match position.after(chosen) {
            (next, Turn::Passes) => -minimax(&next, depth - 1),
            (next, Turn::Stays) => minimax(&next, depth - 1),
        };
        assert_eq!(chosen_value, value, "{chosen:?} is not a best move");
    }

    #[test]
    fn final_values_rank_win_then_margin_then_speed() {
        assert!(final_value(1, 0) > WIN && final_value(-1, 0) < -WIN);
        assert!(final_value(2, 0) > final_value(1, 9));
        assert!(final_value(1, 3) > final_value(1, 2));
        assert!(final_value(-1, 3) < final_value(-1, 2));
        assert!(final_value(-2, 9) < final_value(-1, 0));
        assert_eq!(final_value(0, 5), 0);
        assert_eq!(final_value(-3, 4), -final_value(3, 4));
    }
}
