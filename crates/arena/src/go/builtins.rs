//! The built-in players of Go, in the referee's process and as GTP engines (go-core's GTP
//! session, its moves chosen by the built-in): `random` (a random legal point that does not
//! fill its own eye; a pass when none is left) and `greedy` (the point that captures most, else
//! like random).

use floodgate_go_core::gtp::{Mover, Session, Then};
use floodgate_go_core::{Budget, Cell, Colour, GameState, Move, Position};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::error::Error;
use crate::player::Builtin;
use crate::serve::{self, Lines};

/// A built-in choosing the moves of a GTP session.
#[derive(Debug)]
struct BuiltinMover {
    builtin: Builtin,
    name: String,
    rng: Xoshiro256PlusPlus,
}

impl Mover for BuiltinMover {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &GameState, colour: Colour, _: &Budget) -> Move {
        self.builtin.choose_go_move(game, colour, &mut self.rng)
    }
}

/// Plays as `builtin` (its random choices drawn from `seed`) over GTP on standard input and output until `quit` or the end of input.
pub fn serve(builtin: Builtin, seed: u64) -> Result<(), Error> {
    let mover = BuiltinMover {
        builtin,
        name: format!("arena {}", builtin.name()),
        rng: serve::rng_from(seed, 0),
    };
    let mut session = Session::with_mover(mover, None);
    let mut lines = Lines::stdin();
    while let Some(line) = lines.next_line()? {
        let Some(reply) = session.reply(&line, std::time::Instant::now()) else {
            continue;
        };
        serve::write(&reply.text)?;
        if reply.then == Then::Quit {
            break;
        }
    }
    Ok(())
}

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
