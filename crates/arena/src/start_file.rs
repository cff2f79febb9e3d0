//! Start files (`--starts FILE`) and single starts (`--board FILE`): the starts a match plays
//! instead of the ones its referee draws, read and checked before any game.
//!
//! A start file holds one start a line, in the game's own notation (what its
//! [`crate::turn::Judge::Start`] reads); a line that is `#` alone or `#` followed by white space
//! is a comment, and blank lines are skipped (a Flood Wars row may begin with `#`, a colour, so a
//! comment needs the space). `--board FILE` is a start file of one start whose text is the
//! whole file (a Flood Wars board on several lines, an SGF game). Board pair `k` plays start
//! `k` of the list, in the file's order or in an order shuffled by the match seed, cycling
//! through the list when a match has more pairs than it has starts.

use std::path::PathBuf;
use std::str::FromStr;

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::error::Error;

/// In which order a start file's starts are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartOrder {
    /// Pair `k` plays line `k` (of the lines that hold starts).
    AsWritten,
    /// Pair `k` plays entry `k` of a permutation of the lines drawn from the match seed.
    Shuffled,
}

/// How a file gives its starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartForm {
    /// `--board FILE`: the whole file is one start, played in every game.
    Whole,
    /// `--starts FILE`: one start a line, played in this order.
    Lines(StartOrder),
}

/// A file of starts as the command line gives it: its name, its text and its form.
#[derive(Clone, Debug)]
pub struct StartSource {
    /// The file, for messages.
    pub path: PathBuf,
    /// Its text.
    pub text: String,
    /// Whether it is one start or one a line.
    pub form: StartForm,
}

impl StartSource {
    /// The option that gave it, for messages: `--board` or `--starts`.
    pub fn option(&self) -> &'static str {
        match self.form {
            StartForm::Whole => "--board",
            StartForm::Lines(_) => "--starts",
        }
    }
}

/// The starts of a file, read, and the order the pairs take them in.
#[derive(Clone, Debug)]
pub struct StartList<S> {
    /// The starts, in the file's order (at least one).
    pub starts: Vec<S>,
    /// The order the pairs play them in.
    pub order: StartOrder,
}

/// Whether `line` is a comment: `#` alone, or `#` followed by white space.
fn is_comment(line: &str) -> bool {
    line.strip_prefix('#')
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace))
}

impl<S: FromStr<Err = Error>> StartList<S> {
    /// Reads the starts of `source`: each line that is neither blank nor a comment (or the
    /// whole text, for `--board`) must read as a start; the first that does not is the error,
    /// with the file's name and the line's number.
    pub fn read(source: &StartSource) -> Result<Self, Error> {
        let name = source.path.display();
        let order = match source.form {
            StartForm::Whole => {
                let start = source.text.parse().map_err(|e| {
                    let first = source.text.lines().find(|l| !l.trim().is_empty());
                    let hint = match first.map(|line| line.trim().parse::<S>()) {
                        Some(Ok(_)) => {
                            " (its first line is a start, and more follows: --board \
                                        takes the whole file as one start; a file of one start \
                                        a line is --starts)"
                        }
                        _ => "",
                    };
                    Error::Start(format!("{name} ({}): {e}{hint}", source.option()))
                })?;
                return Ok(Self {
                    starts: vec![start],
                    order: StartOrder::AsWritten,
                });
            }
            StartForm::Lines(order) => order,
        };
        let mut starts = Vec::new();
        for (index, line) in source.text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || is_comment(line) {
                continue;
            }
            let start = line.parse().map_err(|e| {
                Error::Start(format!("{name} line {}: not a start: {e}", index + 1))
            })?;
            starts.push(start);
        }
        if starts.is_empty() {
            let words = format!("{name} holds no start (only blank lines and # comments)");
            return Err(Error::Start(words));
        }
        Ok(Self { starts, order })
    }
}

impl<S> StartList<S> {
    /// The index (into [`StartList::starts`]) of the start of board pair `pair` of the match of
    /// seed `match_seed`: entry `pair` of the order, cycling.
    pub fn index_of_pair(&self, match_seed: u64, pair: usize) -> usize {
        let entry = pair % self.starts.len();
        match self.order {
            StartOrder::AsWritten => entry,
            StartOrder::Shuffled => shuffled(self.starts.len(), match_seed)[entry],
        }
    }

    /// The start of board pair `pair` of the match of seed `match_seed`.
    pub fn for_pair(&self, match_seed: u64, pair: usize) -> &S {
        &self.starts[self.index_of_pair(match_seed, pair)]
    }
}

/// A permutation of `0..count` drawn from `seed` (Fisher-Yates with the arena's generator).
pub fn shuffled(count: usize, seed: u64) -> Vec<usize> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut order: Vec<usize> = (0..count).collect();
    for last in (1..count).rev() {
        let other = (rng.next_u64() % (last as u64 + 1)) as usize;
        order.swap(last, other);
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A start that is a number, for the tests.
    #[derive(Debug)]
    struct Number(u32);

    impl FromStr for Number {
        type Err = Error;

        fn from_str(text: &str) -> Result<Self, Error> {
            let number = text
                .parse()
                .map_err(|_| Error::Start(format!("{text:?} is no number")));
            number.map(Number)
        }
    }

    impl std::fmt::Display for Number {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "{}", self.0)
        }
    }

    fn lines(text: &str, order: StartOrder) -> StartSource {
        StartSource {
            path: PathBuf::from("starts.txt"),
            text: text.to_string(),
            form: StartForm::Lines(order),
        }
    }

    #[test]
    fn comments_and_blank_lines_are_skipped_and_pairs_cycle_through_the_lines() {
        let text = "# made by hand\n5\n\n  #\n60\n#\t\n7\n";
        let list = StartList::<Number>::read(&lines(text, StartOrder::AsWritten)).unwrap();
        let shown: Vec<String> = (0..5).map(|k| list.for_pair(9, k).to_string()).collect();
        assert_eq!(shown, ["5", "60", "7", "5", "60"]);
    }

    #[test]
    fn a_bad_line_is_named_by_file_and_number() {
        let text = "# header\n5\n\nfive\n6\n";
        let error = StartList::<Number>::read(&lines(text, StartOrder::AsWritten));
        let words = error.unwrap_err().to_string();
        assert_eq!(
            words,
            "starts.txt line 4: not a start: \"five\" is no number"
        );
        let empty = StartList::<Number>::read(&lines("# nothing\n\n", StartOrder::Shuffled));
        let words = empty.unwrap_err().to_string();
        assert_eq!(
            words,
            "starts.txt holds no start (only blank lines and # comments)"
        );
    }

    #[test]
    fn a_shuffled_order_is_a_permutation_fixed_by_the_seed() {
        let text: String = (5..25).map(|n| format!("{n}\n")).collect();
        let list = StartList::<Number>::read(&lines(&text, StartOrder::Shuffled)).unwrap();
        let order = |seed| -> Vec<usize> { (0..20).map(|k| list.index_of_pair(seed, k)).collect() };
        let mut sorted = order(3);
        sorted.sort_unstable();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
        assert_eq!(order(3), order(3));
        assert_ne!(order(3), order(4));
        assert_ne!(order(3), (0..20).collect::<Vec<_>>());
        assert_eq!(list.index_of_pair(3, 20), list.index_of_pair(3, 0));
    }
}
