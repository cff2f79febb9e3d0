//! The game state and its rules, exactly as the CodinGame referee applies them.

use std::fmt;

use crate::board::{Cell, Dir, Walls};

/// The most actions a game can last: one wall each, and there are 84 interior edges.
pub const MAX_ACTIONS: u8 = 84;

/// One action: move the token to `to` (its own cell to stay), then build a wall on side `wall`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// Where the token goes.
    pub to: Cell,
    /// The side of `to` where the wall goes.
    pub wall: Dir,
}

/// Prints the protocol's `x y D`.
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.to, self.wall.letter())
    }
}

/// A position: the walls, both tokens, and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    walls: Walls,
    tokens: [Cell; 2],
    to_move: u8,
}

impl Default for State {
    /// The start: player 0 at (0, 0), player 1 at (6, 6), no interior wall, player 0 to move.
    fn default() -> Self {
        Self {
            walls: Walls::default(),
            tokens: [Cell::new(0, 0), Cell::new(6, 6)],
            to_move: 0,
        }
    }
}

impl State {
    /// A position from its parts.
    pub const fn new(walls: Walls, tokens: [Cell; 2], to_move: u8) -> Self {
        Self {
            walls,
            tokens,
            to_move,
        }
    }

    /// The walls.
    pub const fn walls(&self) -> &Walls {
        &self.walls
    }

    /// Seat `player`'s token (0 or 1).
    pub const fn token(&self, player: u8) -> Cell {
        self.tokens[player as usize]
    }

    /// The player to move (0 or 1).
    pub const fn to_move(&self) -> u8 {
        self.to_move
    }

    /// Actions played so far (one wall each).
    pub const fn actions_played(&self) -> u32 {
        self.walls.count()
    }

    /// The cells the player to move may move its token to, its own cell included.
    ///
    /// The referee's rule, quirk included: a cell is reachable when its Manhattan distance is
    /// at most 3 and a path of at most 4 steps reaches it through open sides without entering
    /// the opponent's cell.
    pub const fn destinations(&self) -> u64 {
        let me = self.tokens[self.to_move as usize];
        let opponent = self.tokens[1 - self.to_move as usize].bit();
        let mut reached = me.bit();
        let mut steps = 0;
        while steps < 4 {
            reached |= self.walls.step(reached) & !opponent;
            steps += 1;
        }
        reached & MANHATTAN_3[me.0 as usize]
    }

    /// Appends every legal action (destination, then wall side) to `actions`.
    pub fn legal_actions(&self, actions: &mut impl Extend<Action>) {
        // At most 25 destinations (Manhattan distance 3 or less) of 4 sides each, gathered
        // here and handed over at once: one `extend` of known length is far cheaper than one
        // a destination.
        let mut found = [Action {
            to: Cell(0),
            wall: Dir::U,
        }; 100];
        let mut count = 0;
        let open = self.walls.open_sides();
        let mut destinations = self.destinations();
        while destinations != 0 {
            let to = Cell(destinations.trailing_zeros() as u8);
            destinations &= destinations - 1;
            for wall in Dir::ALL {
                if open[wall.index()] & to.bit() != 0 {
                    found[count] = Action { to, wall };
                    count += 1;
                }
            }
        }
        actions.extend(found[..count].iter().copied());
    }

    /// Whether `action` is legal for the player to move.
    pub const fn is_legal(&self, action: Action) -> bool {
        self.destinations() & action.to.bit() != 0 && !self.walls.has(action.to, action.wall)
    }

    /// The position after the player to move plays `action` (which must be legal).
    pub fn play(&self, action: Action) -> State {
        debug_assert!(self.is_legal(action));
        let mut next = *self;
        next.tokens[self.to_move as usize] = action.to;
        next.walls.add(action.to, action.wall);
        next.to_move = 1 - self.to_move;
        next
    }

    /// The position after the player to move plays `action` as a referee reported it, legal
    /// or not: the token goes to `action.to`, the wall is added unless it is already there,
    /// and the turn passes. (A bot follows the referee even where its own rules would object.)
    pub fn play_reported(&self, action: Action) -> State {
        let mut next = *self;
        next.tokens[self.to_move as usize] = action.to;
        if !next.walls.has(action.to, action.wall) {
            next.walls.add(action.to, action.wall);
        }
        next.to_move = 1 - self.to_move;
        next
    }

    /// The cells reachable from a player's token through open sides (tokens do not block).
    pub const fn domain(&self, player: u8) -> u64 {
        self.walls.flood(self.tokens[player as usize].bit(), 0)
    }

    /// Whether the tokens are separated: the game is over.
    pub const fn is_over(&self) -> bool {
        // A flood from each token, a step at a time, until they meet (connected) or one of
        // them has filled its domain without meeting the other (separated): the tokens are
        // usually close, and whole domains are rarely needed.
        let mut from = [self.tokens[0].bit(), self.tokens[1].bit()];
        loop {
            if from[0] & from[1] != 0 {
                return false;
            }
            let next = from[0] | self.walls.step(from[0]);
            if next == from[0] {
                return true;
            }
            from = [from[1], next];
        }
    }

    /// Both domain sizes (the score, once the game is over).
    pub const fn domain_sizes(&self) -> [u32; 2] {
        [self.domain(0).count_ones(), self.domain(1).count_ones()]
    }
}

/// For each cell, the cells within Manhattan distance 3 of it.
const MANHATTAN_3: [u64; 49] = {
    let mut table = [0; 49];
    let mut cell = 0;
    while cell < 49 {
        let mut other = 0;
        while other < 49 {
            if Cell(cell).manhattan(Cell(other)) <= 3 {
                table[cell as usize] |= 1 << other;
            }
            other += 1;
        }
        cell += 1;
    }
    table
};
