//! Random boards for the examples, the same on every run.

use floodgate_floodwars_core::Position;

/// A small xorshift generator: the boards only need to be varied and repeatable.
pub struct Xorshift(pub u64);

impl Xorshift {
    /// The seed both examples start from.
    pub const SEED: u64 = 0x9e37_79b9_7f4a_7c15;

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A random `side` x `side` board ([`Position::random`] drawing from `rng`), J to move.
pub fn random_board(side: usize, rng: &mut Xorshift) -> Position {
    Position::random(side, side, || rng.next())
}
