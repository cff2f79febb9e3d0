//! A turn of play: who moves ([`Colour`]) and what ([`Move`]).

use floodgate_bitgrid::Cell;

use crate::board::Point;

/// A player, or the colour of a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Black, who moves first.
    Black,
    /// White.
    White,
}

impl Colour {
    /// The other colour.
    pub const fn other(self) -> Self {
        match self {
            Self::Black => Self::White,
            Self::White => Self::Black,
        }
    }

    /// 0 for black, 1 for white.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The stone of this colour.
    pub const fn point(self) -> Point {
        match self {
            Self::Black => Point::Black,
            Self::White => Point::White,
        }
    }

    /// A slot holding this colour's stone.
    pub(crate) const fn stone(self) -> u8 {
        self.point() as u8
    }
}

/// A turn: a stone on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone on this point.
    Play(Cell),
    /// No stone.
    Pass,
}
