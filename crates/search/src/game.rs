//! The [`Game`] trait and the types it speaks in.

use smallvec::SmallVec;

/// One of the two seats of a game: the player who moves first, or the other (the arena calls
/// a program that takes a seat a player).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// The player who moves first.
    First,
    /// The other player.
    Second,
}

impl Seat {
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

    /// The player of a game's own numbering from 0: the first player for 0, the second for
    /// any other number (the inverse of [`Seat::index`]).
    #[inline]
    pub const fn from_index(index: usize) -> Self {
        if index == 0 {
            Self::First
        } else {
            Self::Second
        }
    }
}

/// What a search sees of a position where it stops looking further ([`Game::at_horizon`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Horizon {
    /// The game is over, with this outcome.
    Over(Outcome),
    /// The game goes on; the static evaluation for the player to move.
    Evaluated(Score),
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This player won.
    Win(Seat),
    /// Nobody won.
    Draw,
}

/// A search score in centipawn-like units, from the point of view of a given player.
pub type Score = i32;

/// The score of a won position at the root; a win `n` plies away scores `WIN - n`, so that the
/// search prefers quicker wins and slower losses. Static evaluations must stay well inside
/// `(-WIN + 1000, WIN - 1000)`.
pub const WIN: Score = 1_000_000;

/// A list of moves on the stack (spilling to the heap only for very wide positions: Domain
/// Expansion's 40 to 100 actions fit, a Go board's 362 moves do not).
pub type MoveList<M> = SmallVec<[M; 128]>;

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
    fn player_to_move(&self, state: &Self::State) -> Seat;

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

    /// The outcome of `state` when the game is over, else its static evaluation: what the
    /// searches need of a position at their depth limit. The default asks [`Game::outcome`],
    /// then [`Game::evaluate`]; a game whose evaluation finds out on its way whether the game
    /// is over (a flood that sees the players apart) answers both from one pass.
    fn at_horizon(&self, state: &Self::State) -> Horizon {
        match self.outcome(state) {
            Some(outcome) => Horizon::Over(outcome),
            None => Horizon::Evaluated(self.evaluate(state)),
        }
    }

    /// A 64-bit hash of the position (Zobrist-style: cheap to update on each move); equal
    /// positions, including the player to move, must hash equally.
    fn hash(&self, state: &Self::State) -> u64;

    /// By how many points a finished game is won, for the player to move in `state`
    /// (negative when that player lost, 0 for a draw). The searches add [`MARGIN_POINT`] a
    /// point to the score of a win or a loss, so that a larger win ranks higher and a smaller
    /// loss lower. The default, 0, ranks all wins alike (a game without points).
    fn final_margin(&self, _state: &Self::State) -> Score {
        0
    }

    /// The moves of `moves` (as [`Game::generate_moves`] gave them for `state`) that rarely
    /// decide anything, as bits: bit `i` for `moves[i]` (moves after the 128th are never
    /// quiet). Alpha-beta searches them shallower when its options ask for it
    /// ([`crate::Reduction`]). The default: none.
    fn quiet_moves(&self, _state: &Self::State, _moves: &[Self::Move]) -> u128 {
        0
    }

    /// A small number for `m`, used to index history tables; moves that share a number share
    /// a history score. The default (all moves 0) turns the history heuristic off.
    fn move_index(&self, _m: Self::Move) -> usize {
        0
    }
}

/// What a point of a finished game's margin ([`Game::final_margin`]) adds to its score.
pub const MARGIN_POINT: Score = 100;

/// The score of `state`, a game finished with `outcome`, for its player to move, `ply` plies
/// from the root: [`WIN`] less the plies for a win (so that a quicker win scores higher), the
/// opposite for a loss, 0 for a draw; plus [`MARGIN_POINT`] a point of the margin.
pub(crate) fn final_score<G: Game>(
    game: &G,
    state: &G::State,
    outcome: Outcome,
    ply: usize,
) -> Score {
    let win = match outcome {
        Outcome::Draw => 0,
        Outcome::Win(winner) if winner == game.player_to_move(state) => WIN - ply as Score,
        Outcome::Win(_) => -(WIN - ply as Score),
    };
    win + MARGIN_POINT * game.final_margin(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Finished games only: a position is the margin for the player to move and that player.
    struct Finished;

    impl Game for Finished {
        type State = (Score, Seat);
        type Move = u8;

        fn player_to_move(&self, &(_, player): &(Score, Seat)) -> Seat {
            player
        }

        fn generate_moves(&self, _: &(Score, Seat), _: &mut MoveList<u8>) {}

        fn outcome(&self, &(margin, player): &(Score, Seat)) -> Option<Outcome> {
            Some(match margin.signum() {
                1 => Outcome::Win(player),
                -1 => Outcome::Win(player.other()),
                _ => Outcome::Draw,
            })
        }

        fn next(&self, &state: &(Score, Seat), _: u8) -> (Score, Seat) {
            state
        }

        fn evaluate(&self, _: &(Score, Seat)) -> Score {
            0
        }

        fn final_margin(&self, &(margin, _): &(Score, Seat)) -> Score {
            margin
        }

        fn hash(&self, _: &(Score, Seat)) -> u64 {
            0
        }
    }

    /// The score of a game won by `margin` for the player to move, `ply` plies from the root.
    fn score(margin: Score, ply: usize) -> Score {
        let state = (margin, Seat::Second);
        let outcome = Finished.outcome(&state).expect("finished");
        final_score(&Finished, &state, outcome, ply)
    }

    #[test]
    fn final_scores_rank_the_result_then_the_margin_then_the_speed() {
        assert!(score(1, 0) > WIN && score(-1, 0) < -WIN);
        assert!(
            score(2, 9) > score(1, 0),
            "a larger win beats a quicker one"
        );
        assert!(
            score(1, 2) > score(1, 3),
            "a quicker win beats a slower one"
        );
        assert!(
            score(-1, 3) > score(-1, 2),
            "a slower loss beats a quicker one"
        );
        assert!(score(-2, 0) < score(-1, 9));
        assert_eq!(score(0, 5), 0);
        assert_eq!(score(-3, 4), -score(3, 4));
    }
}
