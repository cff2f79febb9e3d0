//! The board and its parser.

use std::fmt;
use std::str::FromStr;

use floodgate_bitgrid::{Cell, Plane};

/// The largest board side the scorer accepts (the seed's bound).
pub const MAX_SIZE: usize = 255;

/// What stands on a point: the one stone type of go-core. The scorer's boards are read into
/// it, and a playing [`Position`](crate::Position) stores it as its `u8` (with one more value,
/// 3, for the slots off the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Point {
    /// No stone (`-`).
    Empty = 0,
    /// A black stone (`X`).
    Black = 1,
    /// A white stone (`O`).
    White = 2,
}

impl Point {
    /// The point a byte of the input stands for, or `None` for a byte the input format ignores.
    pub const fn from_byte(byte: u8) -> Option<Self> {
        match byte {
            b'X' => Some(Self::Black),
            b'O' => Some(Self::White),
            b'-' => Some(Self::Empty),
            _ => None,
        }
    }

    /// The byte that stands for this point.
    pub const fn to_byte(self) -> u8 {
        match self {
            Self::Black => b'X',
            Self::White => b'O',
            Self::Empty => b'-',
        }
    }
}

/// `POINT_OF_BYTE[b]` is `b`'s [`Point`] as a `u8`, or [`NOT_A_POINT`] for an ignored byte.
const POINT_OF_BYTE: [u8; 256] = {
    let mut table = [NOT_A_POINT; 256];
    let mut byte = 0;
    while byte < 256 {
        if let Some(point) = Point::from_byte(byte as u8) {
            table[byte] = point as u8;
        }
        byte += 1;
    }
    table
};

/// The entry of [`POINT_OF_BYTE`] for a byte the input format ignores.
const NOT_A_POINT: u8 = u8::MAX;

/// Why an input is not a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseBoardError {
    /// The number of points is not a perfect square.
    NotSquare {
        /// How many `X`, `O` and `-` the input held.
        points: usize,
    },
    /// More points than a 255 x 255 board holds.
    TooLarge {
        /// How many `X`, `O` and `-` the input held.
        points: usize,
    },
}

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::NotSquare { points } => {
                write!(
                    f,
                    "the input holds {points} points (X, O, -), which is not the square of a board side"
                )
            }
            Self::TooLarge { points } => {
                write!(
                    f,
                    "the input holds {points} points (X, O, -), more than a {MAX_SIZE} x {MAX_SIZE} board"
                )
            }
        }
    }
}

impl std::error::Error for ParseBoardError {}

/// A square Go board of side 0 to [`MAX_SIZE`], as black and white stone planes.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    black: Plane,
    white: Plane,
}

impl Board {
    /// Reads a board: the bytes `X`, `O` and `-` are the points row by row; every other byte is
    /// ignored. The number of points must be `n * n` with `n <= 255`.
    pub fn from_bytes(input: &[u8]) -> Result<Self, ParseBoardError> {
        let points = input
            .iter()
            .filter(|&&b| POINT_OF_BYTE[b as usize] != NOT_A_POINT)
            .count();
        if points > MAX_SIZE * MAX_SIZE {
            return Err(ParseBoardError::TooLarge { points });
        }
        let size = points.isqrt();
        if size * size != points {
            return Err(ParseBoardError::NotSquare { points });
        }
        let stride = size.div_ceil(64);
        let mut black = vec![0u64; stride * size];
        let mut white = vec![0u64; stride * size];
        let (mut x, mut row_start) = (0, 0);
        for &byte in input {
            let point = POINT_OF_BYTE[byte as usize];
            if point == NOT_A_POINT {
                continue;
            }
            let (word, bit) = (row_start + x / 64, x % 64);
            black[word] |= u64::from(point == Point::Black as u8) << bit;
            white[word] |= u64::from(point == Point::White as u8) << bit;
            x += 1;
            if x == size {
                (x, row_start) = (0, row_start + stride);
            }
        }
        Ok(Self {
            black: Plane::from_words(size, size, &black),
            white: Plane::from_words(size, size, &white),
        })
    }

    /// The empty board of side `size`. Panics if `size` exceeds [`MAX_SIZE`].
    pub fn empty(size: usize) -> Self {
        assert!(
            size <= MAX_SIZE,
            "a board side is at most {MAX_SIZE}, not {size}"
        );
        Self {
            black: Plane::new(size, size),
            white: Plane::new(size, size),
        }
    }

    /// The side of the board.
    pub fn size(&self) -> usize {
        self.black.width()
    }

    /// The black stones.
    pub fn black(&self) -> &Plane {
        &self.black
    }

    /// The white stones.
    pub fn white(&self) -> &Plane {
        &self.white
    }

    /// The points with no stone.
    pub fn empty_points(&self) -> Plane {
        !(&self.black | &self.white)
    }

    /// What stands on `cell`. Panics if `cell` is off the board.
    pub fn point(&self, cell: Cell) -> Point {
        if self.black.contains(cell) {
            Point::Black
        } else if self.white.contains(cell) {
            Point::White
        } else {
            Point::Empty
        }
    }

    /// Puts `point` on `cell`. Panics if `cell` is off the board.
    pub fn set(&mut self, cell: Cell, point: Point) {
        self.black.remove(cell);
        self.white.remove(cell);
        match point {
            Point::Black => self.black.insert(cell),
            Point::White => self.white.insert(cell),
            Point::Empty => {}
        }
    }
}

impl FromStr for Board {
    type Err = ParseBoardError;

    fn from_str(input: &str) -> Result<Self, ParseBoardError> {
        Self::from_bytes(input.as_bytes())
    }
}

/// Prints the board in the input format: one row per line, points separated by spaces.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.size() {
            for x in 0..self.size() {
                if x > 0 {
                    f.write_str(" ")?;
                }
                let byte = self.point(Cell::new(x, y)).to_byte();
                write!(f, "{}", byte as char)?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {0} x {0}\n{self}", self.size())
    }
}
