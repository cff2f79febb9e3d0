//! The Flood Wars position: the two areas grown from the corners, and the rules of a move.

use std::fmt;
use std::sync::Arc;

use floodgate_bitgrid::Connectivity::Four;
use floodgate_bitgrid::{Cell, Plane, flood_pair};
use floodgate_search::mix;

/// The largest number of rows or columns a board may have.
pub const MAX_SIDE: usize = 50;

/// A game ends after this many moves in total, counted from the board first given.
pub const MOVE_LIMIT: u16 = 150;

/// One of the five colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// `@`
    At,
    /// `#`
    Hash,
    /// `+`
    Plus,
    /// `.`
    Dot,
    /// `*`
    Star,
}

impl Colour {
    /// All five colours, in the order of their index.
    pub const ALL: [Colour; 5] = [
        Colour::At,
        Colour::Hash,
        Colour::Plus,
        Colour::Dot,
        Colour::Star,
    ];

    /// The colour a board byte stands for.
    pub const fn from_byte(byte: u8) -> Option<Self> {
        match byte {
            b'@' => Some(Self::At),
            b'#' => Some(Self::Hash),
            b'+' => Some(Self::Plus),
            b'.' => Some(Self::Dot),
            b'*' => Some(Self::Star),
            _ => None,
        }
    }

    /// The board byte of the colour.
    pub const fn to_byte(self) -> u8 {
        [b'@', b'#', b'+', b'.', b'*'][self as usize]
    }

    /// 0 to 4.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A player: `J` grows from the bottom-left corner, `S` from the top-right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Bottom-left ("jos").
    J,
    /// Top-right ("sus").
    S,
}

impl Side {
    /// The opponent.
    pub const fn other(self) -> Self {
        match self {
            Self::J => Self::S,
            Self::S => Self::J,
        }
    }

    /// The letter the judge uses.
    pub const fn letter(self) -> char {
        match self {
            Self::J => 'J',
            Self::S => 'S',
        }
    }

    /// 0 for J, 1 for S.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Both players' points: area plus the cells only they can still reach (Tromp-Taylor).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tally {
    /// J's points.
    pub j: usize,
    /// S's points.
    pub s: usize,
}

impl Tally {
    /// J's points minus S's.
    pub fn margin(self) -> i64 {
        self.j as i64 - self.s as i64
    }
}

/// A Flood Wars position: the board, both areas, the player to move, and the moves made.
///
/// The colours of cells outside both areas never change, so they are kept once (shared by all
/// positions of a game); an area's cells all have that area's colour.
///
/// A board whose two corners share a colour is a position too (the judge's boards are random,
/// so it may send one). If the corners lie in two separate areas, the first move gives the
/// mover's area another colour and the game goes on as usual. If one same-coloured area joins
/// both corners, both players hold that one area for the whole game: every move recolours it for
/// both, and the score is a draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    colours: Arc<[Plane; 5]>,
    areas: [Plane; 2],
    area_colours: [Colour; 2],
    to_move: Side,
    moves_played: u16,
    hash: u64,
}

/// Why a grid of colours is not a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// No rows or no columns, or more than 50 of either.
    BadSize {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A row longer or shorter than the first.
    RaggedRow {
        /// The row, counted from 0 at the top.
        row: usize,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::BadSize { width, height } => {
                write!(
                    f,
                    "the board is {height} rows x {width} columns; each must be 1 to {MAX_SIDE}"
                )
            }
            Self::RaggedRow { row } => {
                write!(f, "row {} has a different length from row 1", row + 1)
            }
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// A random `width` x `height` board, J to move: row by row, each cell's colour is
    /// `next() % 5` (an index into [`Colour::ALL`]), and the top-right corner is drawn again
    /// while it has the bottom-left corner's colour. The same `next` gives the same board.
    ///
    /// # Panics
    /// On a board of fewer than two cells (its corners cannot differ) or a side above
    /// [`MAX_SIDE`].
    pub fn random(width: usize, height: usize, mut next: impl FnMut() -> u64) -> Self {
        assert!(width * height >= 2, "a board needs two corners");
        let mut draw = || Colour::ALL[(next() % 5) as usize];
        let mut rows: Vec<Vec<Colour>> = (0..height)
            .map(|_| (0..width).map(|_| draw()).collect())
            .collect();
        while rows[0][width - 1] == rows[height - 1][0] {
            rows[0][width - 1] = draw();
        }
        Self::new(&rows, Side::J, 0).expect("a valid random board")
    }

    /// The position with `to_move` to play on a board given as rows of colours, top row first,
    /// after `moves_played` moves of the game.
    pub fn new(
        rows: &[Vec<Colour>],
        to_move: Side,
        moves_played: u16,
    ) -> Result<Self, PositionError> {
        let (height, width) = (rows.len(), rows.first().map_or(0, Vec::len));
        if !(1..=MAX_SIDE).contains(&height) || !(1..=MAX_SIDE).contains(&width) {
            return Err(PositionError::BadSize { width, height });
        }
        if let Some(row) = rows.iter().position(|r| r.len() != width) {
            return Err(PositionError::RaggedRow { row });
        }
        let colours: [Plane; 5] = std::array::from_fn(|c| {
            Plane::from_fn(width, height, |cell| rows[cell.y][cell.x].index() == c)
        });
        let corners = [Cell::new(0, height - 1), Cell::new(width - 1, 0)];
        let area_colours = corners.map(|corner| rows[corner.y][corner.x]);
        let areas = [0, 1].map(|side| {
            let mut area = Plane::new(width, height);
            area.insert(corners[side]);
            area.flood_within(&colours[area_colours[side].index()], Four);
            area
        });
        let mut position = Self {
            colours: Arc::new(colours),
            areas,
            area_colours,
            to_move,
            moves_played,
            hash: 0,
        };
        position.hash = position.full_hash();
        Ok(position)
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.areas[0].width()
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.areas[0].height()
    }

    /// The player to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Moves made so far in the game (as far as this position knows).
    pub fn moves_played(&self) -> u16 {
        self.moves_played
    }

    /// A player's area.
    pub fn area(&self, side: Side) -> &Plane {
        &self.areas[side.index()]
    }

    /// A player's current colour.
    pub fn colour(&self, side: Side) -> Colour {
        self.area_colours[side.index()]
    }

    /// The cells in neither area.
    pub fn unowned(&self) -> Plane {
        !(&self.areas[0] | &self.areas[1])
    }

    /// The cells outside both areas that have colour `colour`.
    pub fn unowned_of(&self, colour: Colour) -> Plane {
        &self.colours[colour.index()] - &self.areas[0] - &self.areas[1]
    }

    /// The colour of `cell`.
    pub fn colour_at(&self, cell: Cell) -> Colour {
        for side in [Side::J, Side::S] {
            if self.areas[side.index()].contains(cell) {
                return self.area_colours[side.index()];
            }
        }
        Colour::ALL
            .into_iter()
            .find(|c| self.colours[c.index()].contains(cell))
            .expect("every cell has a colour")
    }

    /// Whether one area joins both corners (a board whose corners share a coloured area): both
    /// players then hold it, and every move recolours it for both.
    pub fn shares_area(&self) -> bool {
        self.areas[0].contains(Cell::new(self.width() - 1, 0))
    }

    /// The colours the player to move may pick: neither its own nor the opponent's. That is
    /// three colours, or four while both players have the same colour (only on a board whose
    /// corners share a colour, before the first move or for good if they share their area).
    pub fn legal_moves(&self) -> impl Iterator<Item = Colour> + '_ {
        Colour::ALL
            .into_iter()
            .filter(|&c| c != self.area_colours[0] && c != self.area_colours[1])
    }

    /// Whether `colour` is a legal move.
    pub fn is_legal(&self, colour: Colour) -> bool {
        colour != self.area_colours[0] && colour != self.area_colours[1]
    }

    /// The position after the player to move picks `colour` (which must be legal): its area
    /// takes the colour and absorbs every cell of that colour connected to it. If the players
    /// share their area ([`Position::shares_area`]), it does so for both.
    pub fn play(&self, colour: Colour) -> Position {
        debug_assert!(self.is_legal(colour));
        let me = self.to_move.index();
        let mut next = self.clone();
        let before = &self.areas[me];
        let within = before | &self.unowned_of(colour);
        let mut grown = before.clone();
        grown.flood_within(&within, Four);
        let absorbed = &grown - before;
        let shared = self.shares_area();
        let sides = if shared { 0..2 } else { me..me + 1 };
        for side in sides {
            for cell in absorbed.iter() {
                next.hash ^= cell_key(cell, self.width(), side);
            }
            next.hash ^= colour_key(side, self.area_colours[side]) ^ colour_key(side, colour);
            next.area_colours[side] = colour;
        }
        next.hash ^= SIDE_KEY;
        if shared {
            next.areas[1 - me] = grown.clone();
        }
        next.areas[me] = grown;
        next.to_move = self.to_move.other();
        next.moves_played = self.moves_played.saturating_add(1);
        next
    }

    /// The cells outside both areas that each player can reach through cells outside both
    /// areas: `(reached from J, reached from S)`.
    pub fn reach(&self) -> (Plane, Plane) {
        let unowned = self.unowned();
        let mut from_j = self.areas[0].dilate(Four);
        let mut from_s = self.areas[1].dilate(Four);
        flood_pair(&mut from_j, &mut from_s, &unowned, Four);
        (from_j, from_s)
    }

    /// The score: each player's area plus the cells outside both areas that only it reaches.
    /// Players who share their area each score its size (a draw).
    pub fn score(&self) -> Tally {
        let (mut from_j, from_s) = self.reach();
        let (only_j, only_s) = (from_j.len(), from_s.len());
        from_j &= &from_s;
        let shared = from_j.len();
        Tally {
            j: self.areas[0].len() + only_j - shared,
            s: self.areas[1].len() + only_s - shared,
        }
    }

    /// Whether the game is over: the move limit is reached, or no cell outside the areas can
    /// still be reached by both players (the score can no longer change).
    pub fn is_over(&self) -> bool {
        if self.moves_played >= MOVE_LIMIT {
            return true;
        }
        let (from_j, from_s) = self.reach();
        from_j.is_disjoint(&from_s)
    }

    /// A Zobrist hash of the areas, their colours and the player to move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    fn full_hash(&self) -> u64 {
        let mut hash = if self.to_move == Side::S { SIDE_KEY } else { 0 };
        for side in 0..2 {
            hash ^= colour_key(side, self.area_colours[side]);
            for cell in self.areas[side].iter() {
                hash ^= cell_key(cell, self.width(), side);
            }
        }
        hash
    }
}

/// The Zobrist key of S to move. The keys, shared with the search's group positions, are
/// [`mix`] of a number each: 1 for the side to move, from 2 for a side's colours, from 16 for
/// cells (and groups).
pub(crate) const SIDE_KEY: u64 = mix(1);

pub(crate) fn colour_key(side: usize, colour: Colour) -> u64 {
    mix(2 + (side * 5 + colour.index()) as u64)
}

fn cell_key(cell: Cell, width: usize, side: usize) -> u64 {
    mix(16 + ((cell.y * width + cell.x) * 2 + side) as u64)
}

/// The judge's format: the player to move's letter on one line, then the rows.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.to_move.letter())?;
        for y in 0..self.height() {
            let row: String = (0..self.width())
                .map(|x| self.colour_at(Cell::new(x, y)).to_byte() as char)
                .collect();
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}
