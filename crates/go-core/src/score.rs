//! Tromp-Taylor area scoring with bitgrid floods.

use std::fmt;

use floodgate_bitgrid::Connectivity::Four;
use floodgate_bitgrid::flood_pair;

use crate::board::Board;

/// Both players' points: stones of their colour plus empty points that reach only their colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AreaScore {
    /// Black's points.
    pub black: usize,
    /// White's points.
    pub white: usize,
}

impl AreaScore {
    /// Who leads and by how much (no komi).
    pub fn result(self) -> GameResult {
        match self.black.cmp(&self.white) {
            std::cmp::Ordering::Greater => GameResult::Black(self.black - self.white),
            std::cmp::Ordering::Less => GameResult::White(self.white - self.black),
            std::cmp::Ordering::Equal => GameResult::Jigo,
        }
    }
}

/// The outcome of a scored board; prints as `B+k`, `W+k` or `Jigo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Black leads by this many points.
    Black(usize),
    /// White leads by this many points.
    White(usize),
    /// Both have the same number of points.
    Jigo,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Black(margin) => write!(f, "B+{margin}"),
            Self::White(margin) => write!(f, "W+{margin}"),
            Self::Jigo => f.write_str("Jigo"),
        }
    }
}

impl Board {
    /// The Tromp-Taylor score: an empty point counts for a colour when a path of empty points
    /// leads from it to a stone of that colour and none leads to a stone of the other colour.
    ///
    /// Two floods, run together: the empty points next to black stones grown through the empty
    /// points, and likewise for white.
    ///
    /// ```
    /// use floodgate_go_core::{Board, AreaScore};
    /// let board: Board = "- X -\n X X -\n - - O".parse().unwrap();
    /// assert_eq!(board.score(), AreaScore { black: 4, white: 1 });
    /// ```
    pub fn score(&self) -> AreaScore {
        let empty = self.empty_points();
        let mut reach_black = self.black().dilate(Four);
        let mut reach_white = self.white().dilate(Four);
        flood_pair(&mut reach_black, &mut reach_white, &empty, Four);
        let (black_reach, white_reach) = (reach_black.len(), reach_white.len());
        reach_black &= &reach_white;
        let shared = reach_black.len();
        AreaScore {
            black: self.black().len() + black_reach - shared,
            white: self.white().len() + white_reach - shared,
        }
    }
}
