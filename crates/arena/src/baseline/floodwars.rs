//! Flood Wars on the rules of `floodwars_core::Position`.

use floodwars_core::{Colour, Position, Side};

use super::{Game, Limit, Turn, choose};

impl Game for Position {
    type Move = Colour;

    fn moves(&self) -> Vec<Colour> {
        self.legal_moves().collect()
    }

    fn after(&self, colour: Colour) -> (Self, Turn) {
        (Position::play(self, colour), Turn::Passes)
    }

    fn final_margin(&self) -> Option<i64> {
        self.is_over()
            .then(|| margin_for(self.to_move(), self.score().margin()))
    }

    fn evaluate(&self) -> i64 {
        let me = self.to_move();
        self.area(me).len() as i64 - self.area(me.other()).len() as i64
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
pub fn floodwars(position: &Position, limit: Limit) -> Colour {
    choose(position, limit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baseline::best_move;
    use crate::baseline::tests::assert_matches_minimax;

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
                assert_matches_minimax(&position, depth);
            }
        }
    }

    #[test]
    fn depth_two_sees_the_reply_that_shuts_it_out() {
        // J holds the bottom-left `*`, S the top row's `++`. Depth 1 takes the `@` corner
        // (the first of two colours that each gain a cell), after which S's `#` takes the
        // bottom middle and with it the last `*`: S 4, J 2. Depth 2 takes the `#` itself.
        let position: Position = "J\n@++\n*#*\n".parse().unwrap();
        assert_eq!(floodwars(&position, Limit::Depth(1)), Colour::At);
        let shut_out = position.play(Colour::At).play(Colour::Hash);
        assert!(shut_out.is_over());
        assert_eq!((shut_out.score().j, shut_out.score().s), (2, 4));
        assert_eq!(floodwars(&position, Limit::Depth(2)), Colour::Hash);
        let (_, value) = best_move(&position, 2);
        assert!(value > -super::super::WIN);
    }
}
