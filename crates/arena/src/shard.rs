//! One share of a match's board pairs (`--shard K/N`): which pairs a run plays, as its records
//! say. Merging the shards' files back into one match is [`crate::shards`]'s.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Run `index` of `count` (from 1): it plays the board pairs `k` with `k % count == index - 1`,
/// both games of each. The shards of one count are disjoint and together hold every pair,
/// and each holds every `count`-th pair, so that boards of every kind fall to every shard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Shard {
    index: usize,
    count: usize,
}

impl Shard {
    /// The whole match: one run plays every pair.
    pub const WHOLE: Self = Self { index: 1, count: 1 };

    /// Run `index` of `count`, if `1 <= index <= count`.
    pub fn new(index: usize, count: usize) -> Option<Self> {
        (1..=count)
            .contains(&index)
            .then_some(Self { index, count })
    }

    /// The shard of `count` that plays pair `pair`.
    pub fn of(pair: usize, count: usize) -> Self {
        Self {
            index: pair % count + 1,
            count,
        }
    }

    /// Which run this is (from 1).
    pub fn index(self) -> usize {
        self.index
    }

    /// How many runs share the match.
    pub fn count(self) -> usize {
        self.count
    }

    /// Whether this shard plays pair `pair`.
    pub fn holds(self, pair: usize) -> bool {
        pair % self.count == self.index - 1
    }

    /// The pairs of a match of `pairs` board pairs that this shard plays, in order.
    pub fn pairs(self, pairs: usize) -> impl ExactSizeIterator<Item = usize> + Clone {
        (self.index - 1..pairs).step_by(self.count)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Why a text is not a shard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardError(String);

impl fmt::Display for ShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a shard is K/N with 1 <= K <= N (run K of N), not {:?}",
            self.0
        )
    }
}

impl std::error::Error for ShardError {}

impl FromStr for Shard {
    type Err = ShardError;

    /// `K/N`, as `--shard` takes it.
    fn from_str(text: &str) -> Result<Self, ShardError> {
        let number = |part: &str| {
            let digits = !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
            digits.then(|| part.parse::<usize>().ok()).flatten()
        };
        text.split_once('/')
            .and_then(|(k, n)| Shard::new(number(k)?, number(n)?))
            .ok_or_else(|| ShardError(text.to_string()))
    }
}

impl TryFrom<String> for Shard {
    type Error = ShardError;

    fn try_from(text: String) -> Result<Self, ShardError> {
        text.parse()
    }
}

impl From<Shard> for String {
    fn from(shard: Shard) -> String {
        shard.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_disjoint_and_complete() {
        for count in 1..=7 {
            for pairs in 0..30 {
                let mut seen = vec![0; pairs];
                for index in 1..=count {
                    let shard = Shard::new(index, count).unwrap();
                    let mine: Vec<usize> = shard.pairs(pairs).collect();
                    assert_eq!(mine.len(), shard.pairs(pairs).len());
                    for &pair in &mine {
                        assert!(shard.holds(pair));
                        assert_eq!(Shard::of(pair, count), shard);
                        seen[pair] += 1;
                    }
                }
                assert!(seen.iter().all(|&n| n == 1), "{count} {pairs}");
            }
        }
    }

    #[test]
    fn shards_read_and_print_as_k_of_n() {
        let shard: Shard = "2/5".parse().unwrap();
        assert_eq!((shard.index(), shard.count()), (2, 5));
        assert_eq!(shard.to_string(), "2/5");
        for bad in ["0/3", "4/3", "1/0", "1", "a/b", "1/2/3", "+1/2", " 1/2", ""] {
            let error = bad.parse::<Shard>().unwrap_err().to_string();
            assert!(error.contains("K/N"), "{bad}: {error}");
        }
        let json = serde_json::to_string(&Some(shard)).unwrap();
        assert_eq!(json, "\"2/5\"");
        assert!(serde_json::from_str::<Shard>("\"3/2\"").is_err());
    }
}
