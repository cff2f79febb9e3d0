//! Flood Wars on the rules of `floodwars_core::Position`.

use floodwars_core::{Colour, Position, Side};

use super::{Game, Turn, best_move};

impl Game for Position {
    type Move = Colour;

    fn moves(&self) -> Vec<Colour> {
        self.legal_moves().collect()
    }

    fn play(&self, colour: Colour) -> (Self, Turn) {
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

/// The colour `alphabeta:depth` picks in `position` (not over) for the player to move.
///
/// Evaluation at the horizon: the mover's area minus the opponent's, in cells; a finished
/// game (move limit or no region reachable by both) is worth its exact score margin.
pub fn floodwars(position: &Position, depth: u32) -> Colour {
    best_move(position, depth).0
}

#[cfg(test)]
mod tests {
    use super::*;
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
}
