//! The `alphabeta` baseline for Grow: the rules of grow-core's own game
//! (`floodgate_grow_core::engine::Grow`), where a kill gives the mover another move, with the
//! baseline's evaluation.

use floodgate_grow_core::engine::Grow;
use floodgate_grow_core::state::{Move, State};
use floodgate_search::Score;

use crate::baseline::{Baseline, Limit, search_move};

/// What one point of score is worth in the evaluation.
const POINT: Score = 4;
/// What one leaf (frozen or not) is worth in the evaluation.
const LEAF: Score = 1;

/// Grow with the baseline's evaluation.
pub(super) const RULES: Baseline<Grow> = Baseline::new(Grow, evaluate, final_margin);

/// The evaluation at the horizon, for the side to move.
fn evaluate(state: &State) -> Score {
    let (me, scores) = (state.to_move(), state.scores());
    let leaves = |side| state.leaves(side).len() as Score;
    POINT * (scores[me] - scores[1 - me]) + LEAF * (leaves(me) - leaves(1 - me))
}

/// The score difference of a finished game for the side to move, but at least 1 for the
/// winner: a side to move without a valid move loses whatever the scores.
fn final_margin(state: &State) -> Score {
    let (me, scores) = (state.to_move(), state.scores());
    let margin = scores[me] - scores[1 - me];
    match state.winner() {
        Some(winner) if winner == me => margin.max(1),
        Some(_) => margin.min(-1),
        None => 0,
    }
}

/// The move the baseline searching within `limit` plays in `state` (not over) for the side to move.
///
/// Evaluation at the horizon: 4 per point of score difference plus 1 per leaf of difference
/// (frozen leaves included: they thaw after the extra move), from the mover's side; a
/// finished game is worth its exact score difference. A kill keeps the same side to move,
/// so the value after it is not negated.
pub fn choose(state: &State, limit: Limit) -> Move {
    search_move(RULES, state, limit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baseline::tests::{assert_matches_minimax, best};
    use floodgate_grow_core::points::{Direction, Point, Points};
    use floodgate_grow_core::state::Planes;

    fn direction(number: u8) -> Direction {
        Direction::new(number).expect("1 to 8")
    }

    /// A position of leaves hanging from nodes: each `(node, direction number)` of a side is
    /// a branch from a node of that side to its leaf; `scores` are taken as given.
    fn position(branches: [&[(Point, u8)]; 2], scores: [i32; 2], to_move: usize) -> State {
        let mut leaves = [Points::EMPTY; 2];
        let mut nodes = [Points::EMPTY; 2];
        let mut planes = [Points::EMPTY; 8];
        for (side, side_branches) in branches.into_iter().enumerate() {
            for &(node, number) in side_branches {
                let d = direction(number);
                let leaf = node.step(d).expect("on the grid");
                nodes[side] = nodes[side].with(node);
                leaves[side] = leaves[side].with(leaf);
                planes[d.slot()] = planes[d.slot()].with(node);
                planes[d.opposite().slot()] = planes[d.opposite().slot()].with(leaf);
            }
        }
        let planes = Planes {
            leaves,
            nodes,
            flags: planes,
            ..Planes::default()
        };
        State::from_parts(planes, scores, to_move)
    }

    /// Side 0: a leaf at (5, 5) below-right of its node (4, 4), and a leaf at (15, 2). Side 1:
    /// a leaf at (5, 6), right next to side 0's, and a leaf at (12, 12).
    fn kill_within_reach() -> State {
        position(
            [
                &[(Point::new(4, 4), 4), (Point::new(15, 1), 3)],
                &[(Point::new(5, 7), 7), (Point::new(12, 13), 7)],
            ],
            [2, 2],
            0,
        )
    }

    #[test]
    fn a_kill_is_valued_from_the_killers_side() {
        let state = kill_within_reach();
        let (chosen, value) = best(&RULES, &state, 1);
        // The first kill in the rules' order: up, and right onto (5, 6).
        let kill = Move::Split {
            leaf: Point::new(5, 5),
            a: direction(1),
            b: direction(3),
        };
        assert_eq!(chosen, kill);
        let (after, effects) = state.play(kill);
        assert_eq!((effects.kills, after.to_move()), (1, 0));
        // +2 points, 3 leaves against 1: 8 + 2, not negated.
        assert_eq!(value, evaluate(&after));
        assert_eq!(value, 10);
        for depth in 1..=3 {
            assert_matches_minimax(&RULES, &state, depth);
        }
    }

    #[test]
    fn a_kill_that_ends_the_game_is_final_for_the_killer() {
        // Side 1's only leaf is killed: side 0 wins at once, 4 to 2.
        let state = position(
            [
                &[(Point::new(4, 4), 4), (Point::new(15, 1), 3)],
                &[(Point::new(5, 7), 7)],
            ],
            [2, 2],
            0,
        );
        let (chosen, value) = best(&RULES, &state, 1);
        let (after, effects) = state.play(chosen);
        assert_eq!(effects.kills, 1);
        assert!(after.is_over());
        assert_eq!(final_margin(&after), 2);
        assert_eq!(
            value,
            floodgate_search::WIN - 1 + 2 * floodgate_search::MARGIN_POINT
        );
    }

    #[test]
    fn depth_two_keeps_new_leaves_out_of_reach() {
        // Side 0's leaf (5, 5) and side 1's leaf (5, 7) are two columns apart; side 1 leads by
        // a point. Splitting up and up-right (the first split, all look alike one ply deep)
        // puts a leaf at (4, 6), next to (5, 7): side 1 kills it, both its tips are frozen,
        // it has no active leaf left and the game ends with side 1 a point ahead. Up and down
        // is the first split that keeps both new leaves away from (5, 7).
        let state = position(
            [&[(Point::new(4, 4), 4)], &[(Point::new(6, 8), 8)]],
            [1, 2],
            0,
        );
        let leaf = Point::new(5, 5);
        let split = |a, b| Move::Split {
            leaf,
            a: direction(a),
            b: direction(b),
        };
        assert_eq!(choose(&state, Limit::Depth(1)), split(1, 2));
        assert_eq!(choose(&state, Limit::Depth(2)), split(1, 5));
        let (_, value) = best(&RULES, &state, 2);
        assert!(value > -floodgate_search::WIN);
        assert_matches_minimax(&RULES, &state, 2);
    }
}
