//! Sets of the 400 points of the 20 x 20 grid as bitboards: point `(i, j)` is bit `20 i + j`
//! of seven `u64` words, the engines' one bitset ([`Bits`]).

use floodgate_bitgrid::{Bits, Members};

/// Rows and columns of the grid.
pub const SIDE: usize = 20;
/// Points of the grid.
pub const POINTS: usize = SIDE * SIDE;

const WORDS: usize = 7;

/// A point of the grid: row `i` (0 at the top) and column `j`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub u16);

impl Point {
    /// The point at row `i`, column `j` (both below 20).
    pub const fn new(i: usize, j: usize) -> Self {
        Self((i * SIDE + j) as u16)
    }

    /// Its row.
    pub const fn i(self) -> usize {
        self.0 as usize / SIDE
    }

    /// Its column.
    pub const fn j(self) -> usize {
        self.0 as usize % SIDE
    }

    /// Its index, 0 to 399.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The neighbour in direction `d`, if it is on the grid.
    pub const fn step(self, d: Direction) -> Option<Self> {
        let (di, dj) = d.delta();
        let (i, j) = (self.i() as i32 + di, self.j() as i32 + dj);
        if i < 0 || j < 0 || i >= SIDE as i32 || j >= SIDE as i32 {
            None
        } else {
            Some(Self::new(i as usize, j as usize))
        }
    }
}

/// One of the eight directions, numbered 1 to 8 clockwise from up, as the judge numbers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Direction(u8);

impl Direction {
    /// All eight, 1 to 8.
    pub const ALL: [Self; 8] = [
        Self(1),
        Self(2),
        Self(3),
        Self(4),
        Self(5),
        Self(6),
        Self(7),
        Self(8),
    ];

    /// Direction `n` (1 to 8).
    pub const fn new(n: u8) -> Option<Self> {
        if n >= 1 && n <= 8 {
            Some(Self(n))
        } else {
            None
        }
    }

    /// Its number, 1 to 8.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Its slot, 0 to 7.
    pub const fn slot(self) -> usize {
        self.0 as usize - 1
    }

    /// The row and column change of a step.
    pub const fn delta(self) -> (i32, i32) {
        match self.0 {
            1 => (-1, 0),
            2 => (-1, 1),
            3 => (0, 1),
            4 => (1, 1),
            5 => (1, 0),
            6 => (1, -1),
            7 => (0, -1),
            _ => (-1, -1),
        }
    }

    /// The opposite direction (a branch leaves its other end this way).
    pub const fn opposite(self) -> Self {
        Self((self.0 + 3) % 8 + 1)
    }

    /// The direction seen in the left-right mirror (2 <-> 8, 3 <-> 7, 4 <-> 6).
    pub const fn mirrored(self) -> Self {
        match self.0 {
            1 | 5 => self,
            n => Self(10 - n),
        }
    }
}

/// A set of points: seven words of [`Bits`], with the grid's geometry on top.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Points(Bits<WORDS>);

/// The points of column 0 and of column 19.
const FIRST_COLUMN: Points = Points::column(0);
const LAST_COLUMN: Points = Points::column(SIDE - 1);

/// For each direction (by slot), the points whose neighbour that way is on the grid.
const WITH_NEIGHBOUR: [Points; 8] = {
    let mut sets = [Points::EMPTY; 8];
    let mut k = 0;
    while k < 8 {
        sets[k] = Points::ALL.step(Direction::ALL[k].opposite());
        k += 1;
    }
    sets
};

impl Points {
    /// No point.
    pub const EMPTY: Self = Self(Bits::EMPTY);

    /// Every point.
    pub const ALL: Self = {
        let mut words = [u64::MAX; WORDS];
        words[WORDS - 1] = (1 << (POINTS - 64 * (WORDS - 1))) - 1;
        Self(Bits::from_words(words))
    };

    /// The points of column `j`.
    pub const fn column(j: usize) -> Self {
        let mut set = Self::EMPTY;
        let mut i = 0;
        while i < SIDE {
            set = set.with(Point::new(i, j));
            i += 1;
        }
        set
    }

    /// The points whose neighbour in direction `d` is on the grid.
    pub const fn with_neighbour(d: Direction) -> Self {
        WITH_NEIGHBOUR[d.slot()]
    }

    /// The set of one point.
    #[inline]
    pub const fn single(point: Point) -> Self {
        Self(Bits::single(point.index()))
    }

    /// This set and `point`.
    #[inline]
    pub const fn with(mut self, point: Point) -> Self {
        self.0.insert(point.index());
        self
    }

    /// This set without `point`.
    #[inline]
    pub const fn without(mut self, point: Point) -> Self {
        self.0.remove(point.index());
        self
    }

    /// Whether `point` is in the set.
    #[inline]
    pub const fn contains(self, point: Point) -> bool {
        self.0.contains(point.index())
    }

    floodgate_bitgrid::set_operations!(or, and, minus);

    /// The grid's points not in this set.
    #[inline]
    pub const fn complement(self) -> Self {
        Self::ALL.minus(self)
    }

    /// The seven words (bit `k` of word `w` is point `64 w + k`).
    #[inline]
    pub const fn words(&self) -> &[u64; WORDS] {
        self.0.words()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0.is_empty()
    }

    /// The number of points.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.len()
    }

    /// Each point moved one step in direction `d`; points that would leave the grid drop out.
    pub const fn step(self, d: Direction) -> Self {
        let (di, dj) = d.delta();
        let source = match dj {
            1 => self.minus(LAST_COLUMN),
            -1 => self.minus(FIRST_COLUMN),
            _ => self,
        };
        let shift = di * SIDE as i32 + dj;
        let moved = if shift >= 0 {
            source.shift_up(shift as u32)
        } else {
            source.shift_down((-shift) as u32)
        };
        moved.and(Self::ALL)
    }

    /// The points and their 8-neighbours.
    pub const fn dilate(self) -> Self {
        let mut grown = self;
        let mut k = 0;
        while k < 8 {
            grown = grown.or(self.step(Direction::ALL[k]));
            k += 1;
        }
        grown
    }

    /// Bits moved toward higher indices by `n` (less than 64).
    const fn shift_up(self, n: u32) -> Self {
        let from = self.0.words();
        let mut words = [0; WORDS];
        let mut k = WORDS;
        while k > 0 {
            k -= 1;
            words[k] = from[k] << n;
            if k > 0 && n > 0 {
                words[k] |= from[k - 1] >> (64 - n);
            }
        }
        Self(Bits::from_words(words))
    }

    /// Bits moved toward lower indices by `n` (less than 64).
    const fn shift_down(self, n: u32) -> Self {
        let from = self.0.words();
        let mut words = [0; WORDS];
        let mut k = 0;
        while k < WORDS {
            words[k] = from[k] >> n;
            if k + 1 < WORDS && n > 0 {
                words[k] |= from[k + 1] << (64 - n);
            }
            k += 1;
        }
        Self(Bits::from_words(words))
    }

    /// The points, in index order.
    #[inline]
    pub fn iter(&self) -> PointsIter<'_> {
        PointsIter(self.0.iter())
    }
}

/// The points of a [`Points`], in index order.
#[derive(Clone, Debug)]
pub struct PointsIter<'a>(Members<'a, WORDS>);

impl Iterator for PointsIter<'_> {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        self.0.next().map(|index| Point(index as u16))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl ExactSizeIterator for PointsIter<'_> {}

impl FromIterator<Point> for Points {
    fn from_iter<I: IntoIterator<Item = Point>>(points: I) -> Self {
        points.into_iter().fold(Self::EMPTY, Self::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_match_point_steps() {
        for d in Direction::ALL {
            assert_eq!(d.opposite().opposite(), d);
            assert_eq!(d.mirrored().mirrored(), d);
            for index in 0..POINTS {
                let point = Point(index as u16);
                let moved = Points::single(point).step(d);
                match point.step(d) {
                    Some(next) => assert_eq!(moved, Points::single(next), "{point:?} {d:?}"),
                    None => assert!(moved.is_empty(), "{point:?} {d:?}"),
                }
            }
        }
        for d in Direction::ALL {
            let expected: Points = (0..POINTS)
                .map(|index| Point(index as u16))
                .filter(|point| point.step(d).is_some())
                .collect();
            assert_eq!(Points::with_neighbour(d), expected, "{d:?}");
        }
        assert_eq!(Points::ALL.len(), POINTS);
        assert_eq!(Points::ALL.iter().len(), POINTS);
        assert_eq!(
            Direction::new(3).map(Direction::opposite),
            Direction::new(7)
        );
        assert_eq!(
            Direction::new(2).map(Direction::mirrored),
            Direction::new(8)
        );
    }
}
