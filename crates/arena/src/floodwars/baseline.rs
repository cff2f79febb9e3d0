//! The `alphabeta` baseline for Flood Wars, on the rules of `floodgate_floodwars_core::Position`.

use floodgate_floodwars_core::{Colour, Position, Side};
use floodgate_search::{Game, MoveList, Outcome, Player, Score};

use crate::baseline::{Limit, search_move};

/// Flood Wars on the rules of `floodgate_floodwars_core::Position` (floodwars-core's own game searches
/// other positions, and ends a game at the separation of the areas only), with the baseline's
/// evaluation.
#[derive(Clone, Copy, Debug)]
struct Rules;

impl Game for Rules {
    type State = Position;
    type Move = Colour;

    fn player_to_move(&self, position: &Position) -> Player {
        Player::from_index(position.to_move().index())
    }

    fn generate_moves(&self, position: &Position, moves: &mut MoveList<Colour>) {
        if !position.is_over() {
            moves.extend(position.legal_moves());
        }
    }

    fn outcome(&self, position: &Position) -> Option<Outcome> {
        // J moves first.
        position
            .is_over()
            .then(|| match position.score().margin().signum() {
                1 => Outcome::Win(Player::First),
                -1 => Outcome::Win(Player::Second),
                _ => Outcome::Draw,
            })
    }

    fn next(&self, position: &Position, colour: Colour) -> Position {
        position.play(colour)
    }

    fn evaluate(&self, position: &Position) -> Score {
        let me = position.to_move();
        position.area(me).len() as Score - position.area(me.other()).len() as Score
    }

    fn final_margin(&self, position: &Position) -> Score {
        margin_for(position.to_move(), position.score().margin()) as Score
    }

    fn hash(&self, position: &Position) -> u64 {
        position.hash()
    }
}

/// A margin for J turned into a margin for `side`.
fn margin_for(side: Side, j_margin: i64) -> i64 {
    match side {
        Side::J => j_margin,
        Side::S => -j_margin,
    }
}

/// The colour the baseline searching within `limit` picks in `position` (not over) for the player to move.
///
/// Evaluation at the horizon: the mover's area minus the opponent's, in cells; a finished
/// game (move limit or no region reachable by both) is worth its exact score margin.
pub fn choose(position: &Position, limit: Limit) -> Colour {
    search_move(Rules, position, limit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baseline::tests::{assert_matches_minimax, best};

    #[test]
    fn alpha_beta_agrees_with_minimax() {
        let boards = [
            "J\n@#+.*\n.*@#+\n+@.*#\n#+*@.\n",
            "S\n@@#.*+\n+*.#@#\n.#*+@.\n*+@.#*\n",
            "J\n*.#\n@+*\n#@.\n+*@\n",
        ];
        for board in boards {
            let position: Position = board.parse().unwrap();
            for depth in 1..=5 {
                assert_matches_minimax(&Rules, &position, depth);
            }
        }
    }

    #[test]
    fn depth_two_sees_the_reply_that_shuts_it_out() {
        // J holds the bottom-left `*`, S the top row's `++`. Depth 1 takes the `@` corner
        // (the first of two colours that each gain a cell), after which S's `#` takes the
        // bottom middle and with it the last `*`: S 4, J 2. Depth 2 takes the `#` itself.
        let position: Position = "J\n@++\n*#*\n".parse().unwrap();
        assert_eq!(choose(&position, Limit::Depth(1)), Colour::At);
        let shut_out = position.play(Colour::At).play(Colour::Hash);
        assert!(shut_out.is_over());
        assert_eq!((shut_out.score().j, shut_out.score().s), (2, 4));
        assert_eq!(choose(&position, Limit::Depth(2)), Colour::Hash);
        let (_, value) = best(&Rules, &position, 2);
        assert!(value > -floodgate_search::WIN);
    }
}
