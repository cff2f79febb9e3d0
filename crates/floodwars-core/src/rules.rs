//! Flood Wars exactly as the judge plays it, as a [`floodgate_search::Game`] over [`Position`]:
//! the legal colours in the position's order, and the end of the game by the judge's rules (the
//! move limit, or no region left that both can reach). The engine's own game ([`FloodWars`])
//! searches a graph of groups instead; this one is for searches that want the judge's positions,
//! such as the arena's `alphabeta` baseline.
//!
//! [`FloodWars`]: crate::FloodWars

use floodgate_search::{Game, MoveList, Outcome, Score, Seat};

use crate::position::{Colour, Position, Side};

/// Flood Wars by the judge's rules over [`Position`]. Its evaluation at the horizon is the
/// plainest: the mover's area less the opponent's, in cells; a finished game is worth its exact
/// score margin for the mover.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules;

impl Game for Rules {
    type State = Position;
    type Move = Colour;

    fn player_to_move(&self, position: &Position) -> Seat {
        Seat::from_index(position.to_move().index())
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
                1 => Outcome::Win(Seat::First),
                -1 => Outcome::Win(Seat::Second),
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
        let j_margin = position.score().margin() as Score;
        match position.to_move() {
            Side::J => j_margin,
            Side::S => -j_margin,
        }
    }

    fn hash(&self, position: &Position) -> u64 {
        position.hash()
    }
}
