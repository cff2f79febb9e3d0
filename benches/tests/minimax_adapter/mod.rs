//! Connect Four for the `minimax` crate (edre/minimax-rs), on the same position type, move
//! generator (centre first) and evaluation as ours: the reference our searches are compared with.

use floodgate_benches::connect4::Position;
use floodgate_search::{Outcome, Seat};
use minimax::{Evaluation, Evaluator, Winner};

/// The game, as minimax-rs wants it.
pub struct MinimaxConnectFour;

/// Our outcome, relative to the player to move as minimax-rs counts it.
fn winner(position: &Position) -> Option<Winner> {
    position.outcome().map(|outcome| match outcome {
        Outcome::Draw => Winner::Draw,
        Outcome::Win(player) if player == position.to_move() => Winner::PlayerToMove,
        Outcome::Win(_) => Winner::PlayerJustMoved,
    })
}

impl minimax::Game for MinimaxConnectFour {
    type S = Position;
    type M = u8;

    fn generate_moves(state: &Position, moves: &mut Vec<u8>) -> Option<Winner> {
        if let Some(winner) = winner(state) {
            return Some(winner);
        }
        moves.extend(state.moves());
        None
    }

    fn apply(state: &mut Position, column: u8) -> Option<Position> {
        Some(state.play(column))
    }

    fn get_winner(state: &Position) -> Option<Winner> {
        winner(state)
    }

    fn zobrist_hash(state: &Position) -> u64 {
        state.hash()
    }

    fn table_index(column: u8) -> u16 {
        u16::from(column)
    }

    fn max_table_index() -> u16 {
        6
    }
}

/// Our evaluation, in minimax-rs's units.
#[derive(Clone, Copy, Default)]
pub struct SameEvaluation;

impl Evaluator for SameEvaluation {
    type G = MinimaxConnectFour;

    fn evaluate(&self, state: &Position) -> Evaluation {
        state.evaluate() as Evaluation
    }
}

/// A few opening positions to search from.
pub fn openings() -> Vec<Position> {
    [&[][..], &[3, 3], &[3, 2, 4], &[2, 4, 3, 3, 1]]
        .iter()
        .map(|moves| Position::after(moves))
        .collect()
}

#[allow(dead_code)]
/// Who is to move, for messages.
pub fn to_move(position: &Position) -> Seat {
    position.to_move()
}
