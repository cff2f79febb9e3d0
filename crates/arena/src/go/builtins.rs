//! The built-in players of Go, in the referee's process only: `random` (a random legal point
//! that does not fill its own eye; a pass when none is left) and `greedy` (the point that
//! captures most, else like random).

use crate::player::Builtin;
use floodgate_go_core::{Cell, Colour, GameState, Move, Position};
use rand_xoshiro::Xoshiro256PlusPlus;

impl Builtin {
    /// The move this strategy picks for `colour` in `game`.
    pub fn choose_go_move(
        self,
        game: &GameState,
        colour: Colour,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Move {
        let position = game.position();
        let candidates: Vec<Cell> = game
            .legal_points(colour)
            .into_iter()
            .filter(|&v| !position.is_eye(v, colour))
            .collect();
        if candidates.is_empty() {
            return Move::Pass;
        }
        let before = stones(position, colour.other());
        let captured = |&v: &Cell| {
            let mut next = position.clone();
            next.set_to_move(colour);
            next.play(Move::Play(v));
            before - stones(&next, colour.other())
        };
        Move::Play(self.pick(&candidates, captured, rng))
    }
}

/// The stones of `colour` on the board.
fn stones(position: &Position, colour: Colour) -> usize {
    let board = position.board();
    match colour {
        Colour::Black => board.black().len(),
        Colour::White => board.white().len(),
    }
}
