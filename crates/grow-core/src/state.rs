//! Positions, moves and every rule of `docs/rules/grow.md`, as the contest's deployed judge applies
//! them (its quirks included, see [`State::play`]).
//!
//! A position is seen from one side: side 0 has its seed on column 0, side 1 on column 19.
//! A bot always sees itself as side 0 (the judge mirrors the grid for the second player).

use std::fmt;

use floodgate_search::hash::{GOLDEN_GAMMA, mix};

use crate::points::{Direction, Point, Points, SIDE};

/// A player: 0 (seed on column 0) or 1 (seed on column 19).
pub type Side = usize;

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The first move: the seed on row `row` of the side's column, and the trunk from it in
    /// direction `trunk`.
    First {
        /// The seed's row.
        row: u8,
        /// The trunk's direction.
        trunk: Direction,
    },
    /// Split the active leaf `leaf` into branches in directions `a` and `b` (`a < b`).
    Split {
        /// The leaf that becomes a node.
        leaf: Point,
        /// The first branch's direction.
        a: Direction,
        /// The second branch's direction.
        b: Direction,
    },
}

/// The judge's answer line for a move of side 0: `i1,0,i2,j2` or `i1,j1,i2,j2,i3,j3` (no
/// newline).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::First { row, trunk } => {
                let seed = Point::new(usize::from(row), 0);
                let tip = seed.step(trunk).unwrap_or(seed);
                write!(f, "{},0,{},{}", row, tip.i(), tip.j())
            }
            Self::Split { leaf, a, b } => {
                let (x, y) = (leaf.step(a).unwrap_or(leaf), leaf.step(b).unwrap_or(leaf));
                write!(
                    f,
                    "{},{},{},{},{},{}",
                    leaf.i(),
                    leaf.j(),
                    x.i(),
                    x.j(),
                    y.i(),
                    y.j()
                )
            }
        }
    }
}

/// Which copy of the contest's judge the rules follow. They differ in one rule only: what
/// happens to a point a split reaches that is left with exactly one direction flag unset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rules {
    /// The judge the contest ran (`mysite/xodiaxyz/valid.py`): such a point becomes a node of
    /// the mover, whatever it was (a leaf of the mover, a node of either side).
    #[default]
    Deployed,
    /// The later copy of the judge (`Backend/valid.py`), without that conversion: such a
    /// point stays what it was, so a leaf with one free direction stays an active leaf that
    /// can never split.
    WithoutConversion,
}

/// What a move did, besides changing the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// Opponent leaves killed (the mover moves again when this is not 0).
    pub kills: u8,
    /// Branches that ended on a node (and scored nothing).
    pub suicides: u8,
    /// Branches that ended on one of the mover's own leaves.
    pub merges: u8,
}

/// Why a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// After both first moves, a side has no active leaf: the higher score wins. This is the
    /// judge's only end; it checks after every valid move.
    NoActiveLeaf,
    /// Both sides have active leaves but the side to move has no valid move. The judge asks
    /// it anyway, every answer is invalid, and it loses whatever the scores.
    Stuck,
}

/// The planes of a position: both trees and the judge's direction flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Planes {
    /// Each side's leaves, frozen ones included.
    pub leaves: [Points; 2],
    /// Each side's frozen leaves (a subset of its leaves): they may not split this move.
    pub frozen: [Points; 2],
    /// Each side's nodes (its seed included).
    pub nodes: [Points; 2],
    /// For each direction (by slot), the points whose flag for that direction is set on the
    /// judge's grid: branch ends, and on the border the flags pointing off the grid.
    pub flags: [Points; 8],
}

impl Planes {
    /// The planes seen from the other side: columns mirrored (`j -> 19 - j`), sides swapped,
    /// directions mirrored.
    fn mirrored(&self) -> Self {
        let flip = |points: Points| -> Points {
            points
                .iter()
                .map(|p| Point::new(p.i(), SIDE - 1 - p.j()))
                .collect()
        };
        let swap = |sides: [Points; 2]| [flip(sides[1]), flip(sides[0])];
        let mut flags = [Points::EMPTY; 8];
        for d in Direction::ALL {
            flags[d.mirrored().slot()] = flip(self.flags[d.slot()]);
        }
        Self {
            leaves: swap(self.leaves),
            frozen: swap(self.frozen),
            nodes: swap(self.nodes),
            flags,
        }
    }
}

/// A position: both trees, the judge's direction flags, the scores, the side to move and the
/// rules the game follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    planes: Planes,
    scores: [i32; 2],
    to_move: Side,
    rules: Rules,
    /// The Zobrist hash of the planes, the side to move and the rules, kept up to date by
    /// every change.
    hash: u64,
}

/// The planes of a position, numbered for the Zobrist keys: leaves of side 0 and 1, frozen
/// leaves of side 0 and 1, nodes of side 0 and 1, then the eight flag planes.
const LEAVES: usize = 0;
const FROZEN: usize = 2;
const NODES: usize = 4;
const FLAGS: usize = 6;

/// The Zobrist key of a point of a plane: SplitMix64's output number `plane * POINTS + point`
/// from the seed 0 (see [`GOLDEN_GAMMA`]).
const fn key(plane: usize, point: Point) -> u64 {
    mix(((plane * crate::points::POINTS + point.index()) as u64).wrapping_mul(GOLDEN_GAMMA))
}

/// The Zobrist key of side 1 to move.
const SIDE_1_TO_MOVE: u64 = key(FLAGS + 8, Point(0));
/// The Zobrist key of [`Rules::WithoutConversion`].
const WITHOUT_CONVERSION: u64 = key(FLAGS + 8, Point(1));

impl Default for State {
    /// The empty grid, side 0 to move, the deployed judge's rules.
    fn default() -> Self {
        Self {
            planes: Planes::default(),
            scores: [0; 2],
            to_move: 0,
            rules: Rules::Deployed,
            hash: 0,
        }
    }
}

impl State {
    /// A position from its parts (as read from a grid), under the deployed judge's rules:
    /// the flags of `planes` are the judge's direction flags (off-board ones included, see
    /// [`State::flags`]); a frozen point that is not a leaf is dropped. The scores are given,
    /// since a grid does not say them exactly.
    pub fn from_parts(mut planes: Planes, scores: [i32; 2], to_move: Side) -> Self {
        planes.frozen = [
            planes.frozen[0].and(planes.leaves[0]),
            planes.frozen[1].and(planes.leaves[1]),
        ];
        let mut state = Self {
            planes,
            scores,
            to_move,
            rules: Rules::Deployed,
            hash: 0,
        };
        state.hash = state.zobrist();
        state
    }

    /// The same position under other rules.
    pub fn with_rules(mut self, rules: Rules) -> Self {
        if self.rules != rules {
            self.hash ^= WITHOUT_CONVERSION;
            self.rules = rules;
        }
        self
    }

    /// The rules the game follows.
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The Zobrist hash of the position's planes, side to move and rules (not of the
    /// scores), computed from scratch; [`State::hash`] is the same number kept up to date
    /// move by move.
    pub fn zobrist(&self) -> u64 {
        let mut hash = if self.to_move == 1 { SIDE_1_TO_MOVE } else { 0 };
        if self.rules == Rules::WithoutConversion {
            hash ^= WITHOUT_CONVERSION;
        }
        // The planes in their key order: leaves, frozen, nodes, flags.
        let Planes {
            leaves,
            frozen,
            nodes,
            flags,
        } = &self.planes;
        let planes = leaves.iter().chain(frozen).chain(nodes).chain(flags);
        for (plane, points) in planes.enumerate() {
            for point in points.iter() {
                hash ^= key(plane, point);
            }
        }
        hash
    }

    /// The Zobrist hash (see [`State::zobrist`]).
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// Puts `point` in or out of a plane, keeping the hash.
    fn put(&mut self, plane: usize, point: Point, on: bool) {
        let points = match plane {
            0 | 1 => &mut self.planes.leaves[plane - LEAVES],
            2 | 3 => &mut self.planes.frozen[plane - FROZEN],
            4 | 5 => &mut self.planes.nodes[plane - NODES],
            _ => &mut self.planes.flags[plane - FLAGS],
        };
        if points.contains(point) != on {
            *points = if on {
                points.with(point)
            } else {
                points.without(point)
            };
            self.hash ^= key(plane, point);
        }
    }

    /// The side to move.
    pub const fn to_move(&self) -> Side {
        self.to_move
    }

    /// Each side's score.
    pub const fn scores(&self) -> [i32; 2] {
        self.scores
    }

    /// The planes: both trees and the direction flags.
    pub const fn planes(&self) -> &Planes {
        &self.planes
    }

    /// A side's leaves, frozen ones included.
    pub const fn leaves(&self, side: Side) -> Points {
        self.planes.leaves[side]
    }

    /// A side's frozen leaves.
    pub const fn frozen(&self, side: Side) -> Points {
        self.planes.frozen[side]
    }

    /// A side's nodes.
    pub const fn nodes(&self, side: Side) -> Points {
        self.planes.nodes[side]
    }

    /// The points whose direction-`d` flag is set on the judge's grid. Besides branch ends
    /// these are, on the border, flags pointing off the grid: the judge sets every such flag
    /// of a point a split reaches. They are never branches, but they count in the
    /// one-free-direction rule (see [`State::play`]).
    pub const fn flags(&self, d: Direction) -> Points {
        self.planes.flags[d.slot()]
    }

    /// The points a branch leaves in direction `d` as the judge records it: the flags of
    /// direction `d` whose neighbour that way is on the grid. (The judge does not flag a
    /// killed leaf's end of the branch that killed it, see [`State::play`].)
    pub const fn branches(&self, d: Direction) -> Points {
        self.planes.flags[d.slot()].and(Points::with_neighbour(d))
    }

    /// Every point of either tree.
    pub const fn occupied(&self) -> Points {
        self.planes.leaves[0]
            .or(self.planes.leaves[1])
            .or(self.planes.nodes[0])
            .or(self.planes.nodes[1])
    }

    /// Whether `side` has played its first move.
    pub const fn has_seeded(&self, side: Side) -> bool {
        !self.planes.leaves[side]
            .or(self.planes.nodes[side])
            .is_empty()
    }

    /// A side's active leaves: leaves that are not frozen (state 1 or 2 on the grid).
    pub const fn active(&self, side: Side) -> Points {
        self.planes.leaves[side].minus(self.planes.frozen[side])
    }

    /// Whether a branch may leave `point` in direction `d`: the neighbour is on the grid and
    /// the point's flag for `d` is not set.
    pub fn is_free(&self, point: Point, d: Direction) -> bool {
        point.step(d).is_some() && !self.planes.flags[d.slot()].contains(point)
    }

    /// The directions a branch may leave `point` in.
    pub fn free_directions(&self, point: Point) -> impl Iterator<Item = Direction> + '_ {
        Direction::ALL
            .into_iter()
            .filter(move |&d| self.is_free(point, d))
    }

    /// The number of directions whose flag is not set at `point`, off-board ones included:
    /// what the judge's one-free-direction rule counts.
    fn unflagged(&self, point: Point) -> usize {
        self.planes
            .flags
            .iter()
            .filter(|f| !f.contains(point))
            .count()
    }

    /// The active leaves of `side` that can split (two free directions or more).
    pub fn splittable(&self, side: Side) -> Points {
        // The points with two free directions or more, counted for all points at once.
        let (mut one, mut two) = (Points::EMPTY, Points::EMPTY);
        for d in Direction::ALL {
            let free = Points::with_neighbour(d).minus(self.planes.flags[d.slot()]);
            two = two.or(one.and(free));
            one = one.or(free);
        }
        self.active(side).and(two)
    }

    /// The column of a side's seed.
    pub const fn seed_column(side: Side) -> usize {
        if side == 0 { 0 } else { SIDE - 1 }
    }

    /// Why the game is over, if it is: see [`End`]. Nothing ends before both first moves.
    pub fn end(&self) -> Option<End> {
        if !self.has_seeded(0) || !self.has_seeded(1) {
            None
        } else if self.active(0).is_empty() || self.active(1).is_empty() {
            Some(End::NoActiveLeaf)
        } else if self.splittable(self.to_move).is_empty() {
            Some(End::Stuck)
        } else {
            None
        }
    }

    /// Whether the game is over: after both first moves, when either side has no active
    /// leaf, or when the side to move has no valid move (and so loses, see [`End::Stuck`]).
    pub fn is_over(&self) -> bool {
        self.end().is_some()
    }

    /// The winner of a finished game, `None` for a draw: the side to move loses when it is
    /// stuck ([`End::Stuck`]), otherwise the higher score wins.
    pub fn winner(&self) -> Option<Side> {
        if self.end() == Some(End::Stuck) {
            return Some(1 - self.to_move);
        }
        match self.scores[0].cmp(&self.scores[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Appends every valid move of the side to move (none when the game is over).
    pub fn legal_moves(&self, moves: &mut impl Extend<Move>) {
        if !self.is_over() {
            self.moves_ignoring_end(moves);
        }
    }

    /// Appends the moves the move rules allow the side to move, whether or not a side is
    /// without active leaves: what a bot can still answer if a judge asks for a move where
    /// the game has ended. (A stuck side has none, by definition.)
    pub fn moves_ignoring_end(&self, moves: &mut impl Extend<Move>) {
        let side = self.to_move;
        if !self.has_seeded(side) {
            let column = Self::seed_column(side);
            let occupied = self.occupied();
            for row in 0..SIDE {
                let seed = Point::new(row, column);
                if occupied.contains(seed) {
                    continue;
                }
                moves.extend(
                    Direction::ALL
                        .into_iter()
                        .filter(|&d| seed.step(d).is_some())
                        .map(|trunk| Move::First {
                            row: row as u8,
                            trunk,
                        }),
                );
            }
            return;
        }
        for leaf in self.active(side).iter() {
            let mut free = [Direction::ALL[0]; 8];
            let mut count = 0;
            for d in self.free_directions(leaf) {
                free[count] = d;
                count += 1;
            }
            let free = &free[..count];
            for (k, &a) in free.iter().enumerate() {
                moves.extend(free[k + 1..].iter().map(|&b| Move::Split { leaf, a, b }));
            }
        }
    }

    /// Whether `m` is valid for the side to move.
    pub fn is_legal(&self, m: Move) -> bool {
        if self.is_over() {
            return false;
        }
        let side = self.to_move;
        match m {
            Move::First { row, trunk } => {
                let seed = Point::new(usize::from(row).min(SIDE - 1), Self::seed_column(side));
                !self.has_seeded(side)
                    && usize::from(row) < SIDE
                    && !self.occupied().contains(seed)
                    && seed.step(trunk).is_some()
            }
            Move::Split { leaf, a, b } => {
                self.has_seeded(side)
                    && self.active(side).contains(leaf)
                    && a != b
                    && self.is_free(leaf, a)
                    && self.is_free(leaf, b)
            }
        }
    }

    /// Plays a valid move of the side to move and returns the position after it, with what
    /// the move did. The mover moves again after a kill.
    ///
    /// Besides the statement's rules this does what the deployed judge does:
    /// - a killed leaf gets no flag for the branch that killed it (D1), so it may later split
    ///   back along that branch (into the killer's node: a suicide);
    /// - every point a split reaches gets, on the border, the flags that point off the grid
    ///   (not the seed nor the trunk's tip);
    /// - the leaves a kill froze thaw after the next move's tips are frozen, so a tip of a
    ///   second kill that merged into one of them is active at once (D3);
    /// - under [`Rules::Deployed`], each point the split reached that has exactly one
    ///   unset flag left (off-board flags count as set) becomes the mover's node, even a node
    ///   of the opponent (D2); a point with none stays what it is.
    pub fn play(&self, m: Move) -> (Self, Effects) {
        let mut next = *self;
        let side = self.to_move;
        let mut effects = Effects::default();
        // The points the move's branches reach, and those of them that are now its leaves.
        let mut reached = Points::EMPTY;
        let mut tips = Points::EMPTY;
        match m {
            Move::First { row, trunk } => {
                let seed = Point::new(usize::from(row), Self::seed_column(side));
                next.put(NODES + side, seed, true);
                if let Some(tip) = next.grow(seed, trunk, &mut effects) {
                    tips = tips.with(tip);
                }
            }
            Move::Split { leaf, a, b } => {
                next.put(LEAVES + side, leaf, false);
                next.put(NODES + side, leaf, true);
                for d in [a, b] {
                    reached = reached.or(Points::single(leaf).step(d));
                    if let Some(tip) = next.grow(leaf, d, &mut effects) {
                        tips = tips.with(tip);
                    }
                }
            }
        }
        let thawing = self.planes.frozen[side];
        let freezing = if effects.kills > 0 {
            tips.minus(thawing)
        } else {
            Points::EMPTY
        };
        for leaf in thawing.minus(freezing).iter() {
            next.put(FROZEN + side, leaf, false);
        }
        for leaf in freezing.iter() {
            next.put(FROZEN + side, leaf, true);
        }
        for point in reached.iter() {
            for d in Direction::ALL {
                if point.step(d).is_none() {
                    next.put(FLAGS + d.slot(), point, true);
                }
            }
            if self.rules == Rules::Deployed && next.unflagged(point) == 1 {
                next.make_node(side, point);
            }
        }
        if effects.kills == 0 {
            next.to_move = 1 - side;
            next.hash ^= SIDE_1_TO_MOVE;
        }
        (next, effects)
    }

    /// Grows a branch of the side to move from `from` in direction `d` and settles what it
    /// ends on; returns the mover's leaf at its tip, if any.
    ///
    /// (A side never moves while the opponent has frozen leaves: they thaw within the
    /// killer's extra move. From an arbitrary grid, a branch into one counts as a kill.)
    fn grow(&mut self, from: Point, d: Direction, effects: &mut Effects) -> Option<Point> {
        let side = self.to_move;
        let other = 1 - side;
        let tip = from.step(d)?;
        self.put(FLAGS + d.slot(), from, true);
        if self.planes.nodes[0].or(self.planes.nodes[1]).contains(tip) {
            // Suicide: the branch is dead and scores nothing.
            self.put(FLAGS + d.opposite().slot(), tip, true);
            effects.suicides += 1;
            return None;
        }
        self.scores[side] += 1;
        if self.planes.leaves[other].contains(tip) {
            // Kill: the opponent's leaf becomes the killer's, without a flag for this
            // branch at its end (D1).
            self.put(LEAVES + other, tip, false);
            self.put(FROZEN + other, tip, false);
            effects.kills += 1;
        } else {
            self.put(FLAGS + d.opposite().slot(), tip, true);
            if self.planes.leaves[side].contains(tip) {
                effects.merges += 1;
            }
        }
        self.put(LEAVES + side, tip, true);
        Some(tip)
    }

    /// Makes `point` a node of `side`, whatever it was.
    fn make_node(&mut self, side: Side, point: Point) {
        for owner in 0..2 {
            self.put(LEAVES + owner, point, false);
            self.put(FROZEN + owner, point, false);
        }
        self.put(NODES + 1 - side, point, false);
        self.put(NODES + side, point, true);
    }

    /// The same position seen from the other side: columns mirrored (`j -> 19 - j`), sides
    /// swapped, directions mirrored.
    pub fn mirrored(&self) -> Self {
        let scores = [self.scores[1], self.scores[0]];
        Self::from_parts(self.planes.mirrored(), scores, 1 - self.to_move).with_rules(self.rules)
    }

    /// The move `m` of side 1 as that side writes it in its own (mirrored) view, or a move
    /// read in the mirrored view as it is on this grid: the same map both ways.
    pub fn mirror_move(m: Move) -> Move {
        match m {
            Move::First { row, trunk } => Move::First {
                row,
                trunk: trunk.mirrored(),
            },
            Move::Split { leaf, a, b } => {
                let (a, b) = (a.mirrored(), b.mirrored());
                Move::Split {
                    leaf: Point::new(leaf.i(), SIDE - 1 - leaf.j()),
                    a: a.min(b),
                    b: a.max(b),
                }
            }
        }
    }

    /// The scores as far as the grid tells them: each branch (flagged at either end) between
    /// two points of the same side scores 1 for that side, a branch between the two sides'
    /// points scores nothing. A grid cannot tell a branch into one's own node (0) from any
    /// other between two of one's points, nor a branch to a leaf killed later (1) from one
    /// into the opponent's node (0), and a node the one-free-direction rule gave to the
    /// other side moves its branches with it; so this is an estimate, and only differences
    /// from here on are exact.
    pub fn estimated_scores(&self) -> [i32; 2] {
        let owned = [
            self.planes.leaves[0].or(self.planes.nodes[0]),
            self.planes.leaves[1].or(self.planes.nodes[1]),
        ];
        let mut scores = [0; 2];
        // Each branch once, by the end it leaves in direction 1 to 4 (the other end has the
        // opposite direction, 5 to 8, and may lack its flag).
        for d in &Direction::ALL[..4] {
            let far_ends = self.branches(d.opposite()).step(d.opposite());
            for from in self.branches(*d).or(far_ends).iter() {
                let Some(to) = from.step(*d) else { continue };
                for (side, points) in owned.iter().enumerate() {
                    if points.contains(from) && points.contains(to) {
                        scores[side] += 1;
                    }
                }
            }
        }
        scores
    }

    /// The same position with other scores.
    pub fn with_scores(mut self, scores: [i32; 2]) -> Self {
        self.scores = scores;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys as they were before they were written with `mix`: every position's hash,
    /// and so the engine's table and answers, depends on them.
    #[test]
    fn the_zobrist_keys_are_unchanged() {
        assert_eq!(key(0, Point(0)), 0xe220_a839_7b1d_cdaf);
        assert_eq!(key(3, Point(77)), 0xb85f_bf31_0988_3631);
        assert_eq!(SIDE_1_TO_MOVE, 0x3e57_fa83_102c_e2e9);
    }
}
