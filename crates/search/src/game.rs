//! The [`Game`] trait and the types it speaks in.

use smallvec::SmallVec;

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The player who moves first.
    First,
    /// The other player.
    Second,
}

impl Player {
    /// The opponent.
    pub const fn other(self) -> Self {
        match self {
            Self::First => Self::Second,
            Self::Second => Self::First,
        }
    }

    /// 0 for the first player, 1 for the second (for tables indexed by player).
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This player won.
    Win(Player),
    /// Nobody won.
    Draw,
}

/// A search score in centipawn-like units, from the point of view of a given player.
pub type Score = i32;

/// The score of a won position at the root; a win `n` plies away scores `WIN - n`, so that the
/// search prefers quicker wins and slower losses. Static evaluations must stay well inside
/// `(-WIN + 1000, WIN - 1000)`.
pub const WIN: Score = 1_000_000;

/// A list of moves on the stack (spilling to the heap only for very wide positions).
pub type MoveList<M> = SmallVec<[M; 32]>;

/// The rules of a two-player, zero-sum, perfect-information game, implemented on a value that
/// carries the game's configuration (a board size, a komi, a solver for the leaves; a marker
/// type for a game without any). The searches own the game value they search with.
///
/// Moves are played copy-make: [`Game::next`] gives the position after a move and leaves the
/// position before it as it was. A search that walks down from a copy of its root and never
/// goes back calls [`Game::play`] instead, which a game may do in place.
pub trait Game {
    /// A position, including whose turn it is.
    type State: Clone;
    /// A move: small and `Copy`.
    type Move: Copy + Eq + std::fmt::Debug;

    /// The player to move in `state`. The same player may be to move after their own move.
    fn player_to_move(&self, state: &Self::State) -> Player;

    /// Appends the legal moves of `state` to `moves`; none when the game is over.
    fn generate_moves(&self, state: &Self::State, moves: &mut MoveList<Self::Move>);

    /// `Some` outcome when the game is over in `state`.
    fn outcome(&self, state: &Self::State) -> Option<Outcome>;

    /// The position after `m` is played in `state`.
    fn next(&self, state: &Self::State, m: Self::Move) -> Self::State;

    /// Plays `m` on `state` for good (a search that walks down from a copy of its root). By
    /// default [`Game::next`]; a game whose state can change in place gives that here and saves
    /// a copy per move.
    fn play(&self, state: &mut Self::State, m: Self::Move) {
        *state = self.next(state, m);
    }

    /// The static evaluation of a position that is not over, from the point of view of the
    /// player to move, in centipawn-like units.
    fn evaluate(&self, state: &Self::State) -> Score;

    /// A 64-bit hash of the position (Zobrist-style: cheap to update on each move); equal
    /// positions, including the player to move, must hash equally.
    fn hash(&self, state: &Self::State) -> u64;

    /// A small number for `m`, used to index history tables; moves that share a number share
    /// a history score. The default (all moves 0) turns the history heuristic off.
    fn move_index(&self, _m: Self::Move) -> usize {
        0
    }
}

/// The score of a finished game for the player to move, `ply` plies from the root.
pub(crate) fn outcome_score(outcome: Outcome, to_move: Player, ply: usize) -> Score {
    match outcome {
        Outcome::Draw => 0,
        Outcome::Win(winner) if winner == to_move => WIN - ply as Score,
        Outcome::Win(_) => -(WIN - ply as Score),
    }
}
