//! Positions, moves and every rule of specs/grow.md.
//!
//! A position is seen from one side: side 0 has its seed on column 0, side 1 on column 19.
//! A bot always sees itself as side 0 (the judge mirrors the grid for the second player).

use std::fmt;

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

/// A position: both trees, the branches, the scores and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Each side's leaves, frozen ones included.
    leaves: [Points; 2],
    /// Each side's frozen leaves (a subset of its leaves): they may not split this move.
    frozen: [Points; 2],
    /// Each side's nodes (its seed included).
    nodes: [Points; 2],
    /// For each direction (by slot), the points a branch leaves in that direction.
    branches: [Points; 8],
    scores: [i32; 2],
    to_move: Side,
    /// The Zobrist hash of the planes and the side to move, kept up to date by every change.
    hash: u64,
}

/// The planes of a position, numbered for the Zobrist keys: leaves of side 0 and 1, frozen
/// leaves of side 0 and 1, nodes of side 0 and 1, then the eight branch planes.
const LEAVES: usize = 0;
const FROZEN: usize = 2;
const NODES: usize = 4;
const BRANCHES: usize = 6;

/// The Zobrist key of a point of a plane (splitmix64 of its number).
const fn key(plane: usize, point: Point) -> u64 {
    let mut z = ((plane * crate::points::POINTS + point.index()) as u64 + 1)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The Zobrist key of side 1 to move.
const SIDE_1_TO_MOVE: u64 = key(BRANCHES + 8, Point(0));

impl Default for State {
    /// The empty grid, side 0 to move.
    fn default() -> Self {
        Self {
            leaves: [Points::EMPTY; 2],
            frozen: [Points::EMPTY; 2],
            nodes: [Points::EMPTY; 2],
            branches: [Points::EMPTY; 8],
            scores: [0; 2],
            to_move: 0,
            hash: 0,
        }
    }
}

impl State {
    /// A position from its parts (as read from a grid); the scores are given, since a grid
    /// does not say them exactly.
    pub fn from_parts(
        leaves: [Points; 2],
        frozen: [Points; 2],
        nodes: [Points; 2],
        branches: [Points; 8],
        scores: [i32; 2],
        to_move: Side,
    ) -> Self {
        let mut state = Self {
            leaves,
            frozen: [frozen[0].and(leaves[0]), frozen[1].and(leaves[1])],
            nodes,
            branches,
            scores,
            to_move,
            hash: 0,
        };
        state.hash = state.zobrist();
        state
    }

    /// The Zobrist hash of the position's planes and side to move (not of the scores),
    /// computed from scratch; [`State::hash`] is the same number kept up to date move by move.
    pub fn zobrist(&self) -> u64 {
        let mut hash = if self.to_move == 1 { SIDE_1_TO_MOVE } else { 0 };
        // The planes in their key order: leaves, frozen, nodes, branches.
        let planes = self.leaves.iter().chain(&self.frozen).chain(&self.nodes);
        for (plane, points) in planes.chain(&self.branches).enumerate() {
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
            0 | 1 => &mut self.leaves[plane - LEAVES],
            2 | 3 => &mut self.frozen[plane - FROZEN],
            4 | 5 => &mut self.nodes[plane - NODES],
            _ => &mut self.branches[plane - BRANCHES],
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

    /// A side's leaves, frozen ones included.
    pub const fn leaves(&self, side: Side) -> Points {
        self.leaves[side]
    }

    /// A side's frozen leaves.
    pub const fn frozen(&self, side: Side) -> Points {
        self.frozen[side]
    }

    /// A side's nodes.
    pub const fn nodes(&self, side: Side) -> Points {
        self.nodes[side]
    }

    /// The points a branch leaves in direction `d`.
    pub const fn branches(&self, d: Direction) -> Points {
        self.branches[d.slot()]
    }

    /// Every point of either tree.
    pub const fn occupied(&self) -> Points {
        self.leaves[0]
            .or(self.leaves[1])
            .or(self.nodes[0])
            .or(self.nodes[1])
    }

    /// Whether `side` has played its first move.
    pub const fn has_seeded(&self, side: Side) -> bool {
        !self.leaves[side].or(self.nodes[side]).is_empty()
    }

    /// A side's active leaves: leaves that are not frozen (state 1 or 2 on the grid).
    pub const fn active(&self, side: Side) -> Points {
        self.leaves[side].minus(self.frozen[side])
    }

    /// Whether a branch may leave `point` in direction `d`: the neighbour is on the grid and
    /// no branch leaves `point` that way already.
    pub fn is_free(&self, point: Point, d: Direction) -> bool {
        point.step(d).is_some() && !self.branches[d.slot()].contains(point)
    }

    /// The directions a branch may leave `point` in.
    pub fn free_directions(&self, point: Point) -> impl Iterator<Item = Direction> + '_ {
        Direction::ALL
            .into_iter()
            .filter(move |&d| self.is_free(point, d))
    }

    /// The active leaves of `side` that can split (two free directions or more).
    pub fn splittable(&self, side: Side) -> Points {
        self.active(side)
            .iter()
            .filter(|&leaf| self.free_directions(leaf).nth(1).is_some())
            .collect()
    }

    /// The column of a side's seed.
    pub const fn seed_column(side: Side) -> usize {
        if side == 0 { 0 } else { SIDE - 1 }
    }

    /// Whether the game is over: after both first moves, when either side has no active
    /// leaf, or when the side to move has no valid move.
    pub fn is_over(&self) -> bool {
        if !self.has_seeded(0) || !self.has_seeded(1) {
            return false;
        }
        self.active(0).is_empty()
            || self.active(1).is_empty()
            || self.splittable(self.to_move).is_empty()
    }

    /// The winner of a finished game by score, `None` for a draw.
    pub fn winner(&self) -> Option<Side> {
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

    /// Appends the moves the move rules allow the side to move, whether or not the game is
    /// over: what a bot can still answer if a judge asks for a move where the spec says the
    /// game has ended.
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
            let free: Vec<Direction> = self.free_directions(leaf).collect();
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
    pub fn play(&self, m: Move) -> (Self, Effects) {
        let mut next = *self;
        let side = self.to_move;
        let mut effects = Effects::default();
        // Leaves frozen for this move thaw after it; a kill now freezes the killer's new tips.
        for leaf in next.frozen[side].iter() {
            next.put(FROZEN + side, leaf, false);
        }
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
                    if let Some(tip) = next.grow(leaf, d, &mut effects) {
                        tips = tips.with(tip);
                    }
                }
            }
        }
        if effects.kills > 0 {
            for tip in tips.iter() {
                next.put(FROZEN + side, tip, true);
            }
        }
        next.retire_stuck_leaves();
        if effects.kills == 0 {
            next.to_move = 1 - side;
            next.hash ^= SIDE_1_TO_MOVE;
        }
        (next, effects)
    }

    /// Grows a branch of the side to move from `from` in direction `d` and settles what it
    /// ends on; returns the mover's leaf at its tip, if any.
    fn grow(&mut self, from: Point, d: Direction, effects: &mut Effects) -> Option<Point> {
        let side = self.to_move;
        let other = 1 - side;
        let tip = from.step(d)?;
        self.put(BRANCHES + d.slot(), from, true);
        self.put(BRANCHES + d.opposite().slot(), tip, true);
        if self.nodes[0].or(self.nodes[1]).contains(tip) {
            // Suicide: the branch is dead and scores nothing.
            effects.suicides += 1;
            return None;
        }
        self.scores[side] += 1;
        if self.leaves[other].contains(tip) {
            // Kill: the opponent's leaf becomes the killer's.
            self.put(LEAVES + other, tip, false);
            self.put(FROZEN + other, tip, false);
            effects.kills += 1;
        } else if self.leaves[side].contains(tip) {
            effects.merges += 1;
        }
        self.put(LEAVES + side, tip, true);
        Some(tip)
    }

    /// A leaf with exactly one free direction can never split: the judge makes it a node.
    fn retire_stuck_leaves(&mut self) {
        for side in 0..2 {
            for leaf in self.leaves[side].iter() {
                if self.free_directions(leaf).count() == 1 {
                    self.put(LEAVES + side, leaf, false);
                    self.put(FROZEN + side, leaf, false);
                    self.put(NODES + side, leaf, true);
                }
            }
        }
    }

    /// The same position seen from the other side: columns mirrored (`j -> 19 - j`), sides
    /// swapped, directions mirrored.
    pub fn mirrored(&self) -> Self {
        let flip = |points: Points| -> Points {
            points
                .iter()
                .map(|p| Point::new(p.i(), SIDE - 1 - p.j()))
                .collect()
        };
        let mut branches = [Points::EMPTY; 8];
        for d in Direction::ALL {
            branches[d.mirrored().slot()] = flip(self.branches[d.slot()]);
        }
        Self::from_parts(
            [flip(self.leaves[1]), flip(self.leaves[0])],
            [flip(self.frozen[1]), flip(self.frozen[0])],
            [flip(self.nodes[1]), flip(self.nodes[0])],
            branches,
            [self.scores[1], self.scores[0]],
            1 - self.to_move,
        )
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

    /// The scores as far as the grid tells them: each branch between two points of the same
    /// side scores 1 for that side, a branch between the two sides' points scores nothing.
    /// A grid cannot tell a branch into one's own node (0) from any other between two of
    /// one's points, nor a branch to a leaf killed later (1) from one into the opponent's
    /// node (0), so this is an estimate; only differences from here on are exact.
    pub fn estimated_scores(&self) -> [i32; 2] {
        let owned = [
            self.leaves[0].or(self.nodes[0]),
            self.leaves[1].or(self.nodes[1]),
        ];
        let mut scores = [0; 2];
        // Each branch once: from the end it leaves in direction 1 to 4 (the other end has
        // the opposite, 5 to 8).
        for d in &Direction::ALL[..4] {
            for from in self.branches[d.slot()].iter() {
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
