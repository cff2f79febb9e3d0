//! The `alphabeta` baseline for Flood Wars, on floodwars-core's judge-exact game
//! (`floodgate_floodwars_core::rules::Rules`) with its plain evaluation.

use floodgate_floodwars_core::rules::Rules;
use floodgate_floodwars_core::{Colour, Position};

use crate::baseline::{Limit, search_move};

/// The colour the baseline searching within `limit` picks in `position` (not over) for the
/// player to move.
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
