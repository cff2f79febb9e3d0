//! Where a Domain Expansion game starts: always from the same position, which is all the
//! protocol can tell a program (the walls are never sent); what a start line chooses is the
//! seed the game is played with.

use std::fmt;
use std::str::FromStr;

use crate::error::Error;

/// The start of a Domain Expansion game: the fixed position, and whose seed the game is played
/// with (the built-ins' random numbers, `{seed}` in the players' commands). It prints as nothing
/// for the pair's own seed (as records kept every Domain start before there were start files),
/// as the number for a listed seed; it reads back from either.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DomainStart {
    /// The seed the match gives the pair: `--seed` + k for pair k.
    #[default]
    PairSeed,
    /// This seed, a line of a start file.
    Seed(u64),
}

impl DomainStart {
    /// The seed of a game from this start whose pair the match gives `pair_seed`.
    pub fn game_seed(self, pair_seed: u64) -> u64 {
        match self {
            Self::PairSeed => pair_seed,
            Self::Seed(seed) => seed,
        }
    }
}

impl fmt::Display for DomainStart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::PairSeed => Ok(()),
            Self::Seed(seed) => write!(f, "{seed}"),
        }
    }
}

impl FromStr for DomainStart {
    type Err = Error;

    /// A seed, a whole number from 0 to 2^64 - 1 (nothing: the pair's seed).
    fn from_str(text: &str) -> Result<Self, Error> {
        match text.trim() {
            "" => Ok(Self::PairSeed),
            number => number.parse().map(Self::Seed).map_err(|_| {
                let what = "a seed (a whole number from 0 to 18446744073709551615)";
                Error::Start(format!(
                    "{number:?} is not {what}: every Domain Expansion game starts from the \
                     same position, and its start line is the game's seed"
                ))
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_reads_prints_and_is_the_game_s_seed() {
        let start: DomainStart = " 17 ".parse().unwrap();
        assert_eq!(start, DomainStart::Seed(17));
        assert_eq!(start.to_string(), "17");
        assert_eq!(start.game_seed(5), 17);
        let max: DomainStart = "18446744073709551615".parse().unwrap();
        assert_eq!(max.game_seed(5), u64::MAX);
    }

    #[test]
    fn an_old_record_s_empty_start_is_the_pair_s_seed() {
        let start: DomainStart = "".parse().unwrap();
        assert_eq!(start, DomainStart::PairSeed);
        assert_eq!(start.to_string(), "");
        assert_eq!(start.game_seed(5), 5);
    }

    #[test]
    fn anything_but_a_whole_number_is_refused() {
        for text in ["-1", "1.5", "seven", "18446744073709551616", "(;SZ[7])"] {
            let refused = text.parse::<DomainStart>().unwrap_err().to_string();
            assert!(refused.contains("is not a seed"), "{text}: {refused}");
        }
    }
}
