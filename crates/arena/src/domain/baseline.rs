//! The searching baselines of Domain Expansion, both over the rules of domain-core's own game
//! (`floodgate_domain_core::engine::Domain`) with evaluations written here, independent of the engine's:
//!
//! - `alphabeta` ([`choose`]): the plain search of [`crate::baseline`] (no table, no move
//!   ordering); at the horizon, the cells each token reaches in fewer single steps;
//! - `reach` ([`choose_reach`]): the search crate's full alpha-beta (a table, the table's move,
//!   killers and history first, principal-variation search), as a strong contest entry
//!   searches; at the horizon, the cells each token reaches in fewer turns of up to three
//!   steps, never through the other token's cell, cells reached in the same turn split.

use floodgate_domain_core::engine::Domain;
use floodgate_domain_core::race::Race;
use floodgate_domain_core::state::{Action, State};
use floodgate_search::{AlphaBeta, AlphaBetaOptions, Clock, Score};

use crate::baseline::{Baseline, Limit, search_move};

/// Domain Expansion with the `alphabeta` baseline's evaluation.
pub(super) const RULES: Baseline<Domain> = Baseline::new(Domain, evaluate, final_margin);

/// Domain Expansion with the `reach` baseline's evaluation; each turn's search adds a
/// tie-break below a cell ([`Baseline::with_tie_break`]), so that its games vary.
const REACH: Baseline<Domain> = Baseline::new(Domain, evaluate_reach, final_margin);

/// The `reach` baseline's transposition table: 4 MiB, new for every turn.
const REACH_TABLE_BYTES: usize = 4 << 20;

/// The evaluation at the horizon, for the player to move: the cells its token reaches in
/// fewer steps (the race of `floodgate_domain_core::race`, one step a round, tokens not blocking) less the
/// opponent's.
fn evaluate(state: &State) -> Score {
    let me = state.to_move();
    let starts = [state.token(me).bit(), state.token(1 - me).bit()];
    let near = Race::run(state.walls(), starts, [0, 0], 1).first;
    near[0].count_ones() as Score - near[1].count_ones() as Score
}

/// The `reach` evaluation, for the player to move: the cells its token reaches in fewer
/// turns (three steps a turn, never through the opponent's token) less the opponent's; a cell
/// both reach in the same turn is split between them, so it counts for neither side of the
/// difference.
fn evaluate_reach(state: &State) -> Score {
    let me = state.to_move();
    let starts = [state.token(me).bit(), state.token(1 - me).bit()];
    let near = Race::run(state.walls(), starts, [starts[1], starts[0]], 3).first;
    near[0].count_ones() as Score - near[1].count_ones() as Score
}

/// The domain sizes' difference of a finished game, for the player to move.
fn final_margin(state: &State) -> Score {
    let sizes = state.domain_sizes();
    let me = usize::from(state.to_move());
    sizes[me] as Score - sizes[1 - me] as Score
}

/// The action the `alphabeta` baseline searching within `limit` plays in `state` (not over)
/// for the player to move.
///
/// Evaluation at the horizon: the cells the mover's token reaches in fewer steps through
/// open sides than the opponent's, minus the opposite; a finished game is worth its exact
/// domain sizes' difference.
pub fn choose(state: &State, limit: Limit) -> Action {
    search_move(RULES, state, limit)
}

/// The action the `reach` baseline searching within `limit` plays in `state` (not over) for
/// the player to move: iterative deepening to the depth, or while the time lasts (no
/// iteration starts that is not predicted to finish, as the engines' clocks do), with a new
/// table each turn. Evaluation at the horizon: `evaluate_reach`, with a tie-break below a cell
/// drawn from `tie_break` (a new number of the game's own random numbers each turn, so that its
/// games vary); a finished game is worth a win or loss and its exact domain sizes' difference.
pub fn choose_reach(state: &State, limit: Limit, tie_break: u64) -> Action {
    let (clock, max_depth) = match limit {
        Limit::Depth(depth) => (Clock::unlimited(), depth),
        Limit::Time(time) => (Clock::starting_now(time, time), 64),
    };
    let options = AlphaBetaOptions {
        max_depth,
        table_bytes: REACH_TABLE_BYTES,
        check_every: 64,
        principal_variation: true,
        ..AlphaBetaOptions::default()
    };
    let game = REACH.with_tie_break(tie_break);
    let found = AlphaBeta::new(game, options)
        .search(state, &clock)
        .best_move;
    // Only a clock that runs out before the first ply is done leaves no move: take the first.
    found.unwrap_or_else(|| search_move(game, state, Limit::Depth(1)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baseline::tests::{assert_matches_minimax, best};
    use floodgate_domain_core::board::{ALL, Cell, Dir, Walls};
    use floodgate_search::negamax::negamax;

    #[test]
    fn nearer_cells_split_an_open_board_along_the_diagonal() {
        let starts = [Cell::new(0, 0).bit(), Cell::new(6, 6).bit()];
        let near = Race::run(&Walls::default(), starts, [0, 0], 1).first;
        // 21 cells above the anti-diagonal x + y = 6 for each, the 7 on it for neither.
        assert_eq!(near.map(u64::count_ones), [21, 21]);
        assert_eq!(near[0] & Cell::new(0, 6).bit(), 0);
        assert_ne!(near[0] & Cell::new(2, 3).bit(), 0);
        assert_eq!(near[0] | near[1] | anti_diagonal(), ALL);
    }

    fn anti_diagonal() -> u64 {
        (0..7).map(|x| Cell::new(x, 6 - x).bit()).sum()
    }

    /// The start, and a position four actions later.
    fn positions() -> [State; 2] {
        let start = State::default();
        let later = [
            Action {
                to: Cell::new(2, 1),
                wall: Dir::D,
            },
            Action {
                to: Cell::new(4, 5),
                wall: Dir::L,
            },
            Action {
                to: Cell::new(3, 2),
                wall: Dir::R,
            },
            Action {
                to: Cell::new(3, 4),
                wall: Dir::U,
            },
        ]
        .iter()
        .fold(start, |state, &action| state.play(action));
        [start, later]
    }

    #[test]
    fn alpha_beta_agrees_with_minimax() {
        for state in positions() {
            for depth in 1..=3 {
                assert_matches_minimax(&RULES, &state, depth);
            }
        }
    }

    #[test]
    fn reach_plays_a_move_minimax_values_best() {
        for state in positions() {
            for depth in 1..=2 {
                let game = REACH.with_tie_break(7);
                let chosen = choose_reach(&state, Limit::Depth(depth), 7);
                let value = -negamax(&game, &state.play(chosen), depth - 1);
                assert_eq!(value, negamax(&game, &state, depth), "depth {depth}");
            }
        }
    }

    #[test]
    fn reach_counts_turns_and_the_other_token_blocks() {
        // Row 0 is a corridor, walled below but for its last cell, with player 0 at (0, 0)
        // and player 1 at (2, 0). (1, 0) is one turn from both: split. (3, 0) is one turn from
        // both too, three steps from (0, 0), but through player 1's cell: player 1's.
        let mut walls = Walls::default();
        for x in 0..6 {
            walls.add(Cell::new(x, 0), Dir::D);
        }
        let state = State::new(walls, [Cell::new(0, 0), Cell::new(2, 0)], 0);
        assert_eq!(evaluate_reach(&state), 1 - 47);
        let starts = [Cell::new(0, 0).bit(), Cell::new(2, 0).bit()];
        let blocked = Race::run(&walls, starts, [starts[1], starts[0]], 3).first;
        let unblocked = Race::run(&walls, starts, [0, 0], 3).first;
        let cell = Cell::new(3, 0).bit();
        assert_eq!((blocked[1] & cell, unblocked[1] & cell), (cell, 0));
        // On the open board, turns of three steps split it as single steps do: 21 cells each,
        // the 7 of the anti-diagonal (six steps from both, two turns) split.
        let open = State::default();
        assert_eq!(evaluate_reach(&open), 0);
        let starts = [Cell::new(0, 0).bit(), Cell::new(6, 6).bit()];
        let near = Race::run(&Walls::default(), starts, [starts[1], starts[0]], 3).first;
        assert_eq!(near[0] | near[1] | anti_diagonal(), ALL);
        assert_eq!(near.map(u64::count_ones), [21, 21]);
        // (1, 0) is one step from (0, 0) and three from (4, 0): one turn from both, split.
        let starts = [Cell::new(0, 0).bit(), Cell::new(4, 0).bit()];
        let cell = Cell::new(1, 0).bit();
        let turns = Race::run(&Walls::default(), starts, [starts[1], starts[0]], 3).first;
        assert_eq!((turns[0] | turns[1]) & cell, 0);
        let steps = Race::run(&Walls::default(), starts, [0, 0], 1).first;
        assert_eq!(steps[0] & cell, cell);
    }

    #[test]
    fn depth_two_does_not_wall_itself_in() {
        // Player 1 at (4, 1), player 0 at (0, 3); (2, 2) has walls above it and on its left.
        // Depth 1 goes there and walls its right side, which looks best one ply deep; player
        // 0 then steps to (2, 3) and walls it up: player 1 is shut in a domain of one cell.
        let mut walls = Walls::default();
        let right = [(1, 0), (2, 0), (2, 1), (1, 2), (4, 2), (5, 3)];
        let down = [(4, 0), (2, 1), (0, 3)];
        for (sides, wall) in [(&right[..], Dir::R), (&down[..], Dir::D)] {
            for &(x, y) in sides {
                walls.add(Cell::new(x, y), wall);
            }
        }
        let state = State::new(walls, [Cell::new(0, 3), Cell::new(4, 1)], 1);
        let walled_in = Action {
            to: Cell::new(2, 2),
            wall: Dir::R,
        };
        assert_eq!(choose(&state, Limit::Depth(1)), walled_in);
        let shut = state.play(walled_in).play(Action {
            to: Cell::new(2, 3),
            wall: Dir::U,
        });
        assert!(shut.is_over());
        assert_eq!(shut.domain_sizes(), [48, 1]);
        let (chosen, value) = best(&RULES, &state, 2);
        assert_ne!(chosen, walled_in);
        assert!(value > -floodgate_search::WIN);
        assert_ne!(choose_reach(&state, Limit::Depth(2), 0), walled_in);
    }
}
