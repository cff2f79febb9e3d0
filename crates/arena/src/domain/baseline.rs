//! The `alphabeta` baseline for Domain Expansion: the rules of domain-core's own game
//! (`domain_core::engine::Domain`) with the baseline's evaluation.

use domain_core::board::Walls;
use domain_core::engine::Domain;
use domain_core::state::{Action, State};
use search::Score;

use crate::baseline::{Baseline, Limit, search_move};

/// Domain Expansion with the baseline's evaluation.
pub(super) const RULES: Baseline<Domain> = Baseline::new(Domain, evaluate, final_margin);

/// The evaluation at the horizon, for the player to move: the cells its token reaches first
/// ([`nearer_cells`]) less the opponent's.
fn evaluate(state: &State) -> Score {
    let me = state.to_move();
    let near = nearer_cells(
        state.walls(),
        [state.token(me).bit(), state.token(1 - me).bit()],
    );
    near[0].count_ones() as Score - near[1].count_ones() as Score
}

/// The domain sizes' difference of a finished game, for the player to move.
fn final_margin(state: &State) -> Score {
    let sizes = state.domain_sizes();
    let me = usize::from(state.to_move());
    sizes[me] as Score - sizes[1 - me] as Score
}

/// For each of two starting cells, the cells it reaches in fewer steps through open sides
/// than the other (tokens do not block); cells reached in equally many steps count for
/// neither.
fn nearer_cells(walls: &Walls, starts: [u64; 2]) -> [u64; 2] {
    let mut reached = starts;
    let mut nearer = starts;
    loop {
        let grown = reached.map(|cells| cells | walls.step(cells));
        if grown == reached {
            return nearer;
        }
        nearer[0] |= grown[0] & !grown[1];
        nearer[1] |= grown[1] & !grown[0];
        reached = grown;
    }
}

/// The action the baseline searching within `limit` plays in `state` (not over) for the player to move.
///
/// Evaluation at the horizon: the cells the mover's token reaches in fewer steps through
/// open sides than the opponent's, minus the opposite; a finished game is worth its exact
/// domain sizes' difference.
pub fn choose(state: &State, limit: Limit) -> Action {
    search_move(RULES, state, limit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baseline::tests::{assert_matches_minimax, best};
    use domain_core::board::{ALL, Cell, Dir};

    #[test]
    fn nearer_cells_split_an_open_board_along_the_diagonal() {
        let near = nearer_cells(
            &Walls::default(),
            [Cell::new(0, 0).bit(), Cell::new(6, 6).bit()],
        );
        // 21 cells above the anti-diagonal x + y = 6 for each, the 7 on it for neither.
        assert_eq!(near.map(u64::count_ones), [21, 21]);
        assert_eq!(near[0] & Cell::new(0, 6).bit(), 0);
        assert_ne!(near[0] & Cell::new(2, 3).bit(), 0);
        assert_eq!(near[0] | near[1] | anti_diagonal(), ALL);
    }

    fn anti_diagonal() -> u64 {
        (0..7).map(|x| Cell::new(x, 6 - x).bit()).sum()
    }

    #[test]
    fn alpha_beta_agrees_with_minimax() {
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
        for state in [start, later] {
            for depth in 1..=3 {
                assert_matches_minimax(&RULES, &state, depth);
            }
        }
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
        assert!(value > -search::WIN);
    }
}
