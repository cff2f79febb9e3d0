//! The built-in players of Flood Wars, in the referee's process and as processes.

use floodgate_floodwars_core::codec::parse;
use floodgate_floodwars_core::{Colour, Position};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use crate::error::Error;
use crate::player::{Builtin, at_random};
use crate::serve;

impl Builtin {
    /// The colour this strategy picks in a Flood Wars `position`.
    pub fn choose_colour(self, position: &Position) -> Colour {
        let moves = position.legal_moves();
        match self {
            Self::Random => {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(position.hash());
                let moves: Vec<Colour> = moves.collect();
                at_random(&moves, &mut rng)
            }
            Self::Greedy => {
                let mover = position.to_move();
                let mut best = None;
                for colour in moves {
                    let size = position.play(colour).area(mover).len();
                    if best.is_none_or(|(best_size, _)| size > best_size) {
                        best = Some((size, colour));
                    }
                }
                best.expect("three legal colours").1
            }
            // `reach` is refused before a Flood Wars game starts (Judge::check_builtin).
            Self::AlphaBeta(limit) | Self::Reach(limit) => super::baseline::choose(position, limit),
        }
    }

    /// The answer a Flood Wars bot with this strategy gives to a judge input (for `arena player`).
    pub fn answer(self, input: &[u8]) -> Result<String, floodgate_floodwars_core::ParseError> {
        let position = parse(input)?;
        Ok(position.play(self.choose_colour(&position)).to_string())
    }
}

/// Plays one move as `builtin`: the judge's input on standard input, the answer on standard
/// output. The built-ins of Flood Wars choose by the position alone: no seed.
pub fn serve(builtin: Builtin, _seed: u64) -> Result<(), Error> {
    let answer = builtin
        .answer(&serve::read_all()?)
        .map_err(serve::protocol)?;
    serve::write(&answer)
}
