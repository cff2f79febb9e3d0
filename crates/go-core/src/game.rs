//! A game by the Tromp-Taylor rules: the position, every board seen so far (positional
//! superko), the moves played (for undo) and komi.

use std::fmt;

use floodgate_bitgrid::Cell;

use crate::board::Point;
use crate::playout::{FirstPlayed, Rng, playout};
use crate::position::Position;
use crate::score::AreaScore;
use crate::turn::{Colour, Move};
use rand_xoshiro::rand_core::SeedableRng;

/// Why a move may not be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The point is not on the board.
    OffBoard,
    /// A stone already stands there.
    Occupied,
    /// The board after the move was seen before in this game (a one-stone suicide is one).
    Superko,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::OffBoard => "the point is off the board",
            Self::Occupied => "the point is occupied",
            Self::Superko => "the move repeats an earlier board (positional superko)",
        })
    }
}

impl std::error::Error for IllegalMove {}

/// A game in progress: Black moves first on an empty board; two passes in a row end it, and
/// the board is then scored by area with komi added to White.
///
/// ```
/// use floodgate_go_core::{Colour, GameState, Move, Cell};
/// let mut game = GameState::new(9, 7.0);
/// game.play(Colour::Black, Move::Play(Cell::new(4, 4))).unwrap();
/// game.play(Colour::White, Move::Pass).unwrap();
/// game.play(Colour::Black, Move::Pass).unwrap();
/// assert!(game.is_over());
/// assert_eq!(game.margin(), 81.0 - 7.0);
/// ```
#[derive(Clone, Debug)]
pub struct GameState {
    position: Position,
    moves: Vec<(Colour, Move)>,
    /// The hash of every board of the game, the empty one first.
    seen: Vec<u64>,
    komi: f64,
}

impl GameState {
    /// A new game on an empty `size` x `size` board (panics outside 2 to 25).
    pub fn new(size: usize, komi: f64) -> Self {
        let position = Position::new(size);
        let seen = vec![position.board_hash()];
        Self {
            position,
            moves: Vec::new(),
            seen,
            komi,
        }
    }

    /// The side of the board.
    pub fn size(&self) -> usize {
        self.position.size()
    }

    /// Komi, added to White's score.
    pub fn komi(&self) -> f64 {
        self.komi
    }

    /// Sets komi.
    pub fn set_komi(&mut self, komi: f64) {
        self.komi = komi;
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The player to move.
    pub fn to_move(&self) -> Colour {
        self.position.to_move()
    }

    /// The moves played so far, with their players.
    pub fn moves(&self) -> &[(Colour, Move)] {
        &self.moves
    }

    /// Whether the board hash `hash` occurred in this game.
    pub fn has_seen(&self, hash: u64) -> bool {
        self.seen.contains(&hash)
    }

    /// Whether `colour` may play `m` now: a pass always, a stone on an empty point of the
    /// board unless the board after it (captures and suicide done) was seen before.
    pub fn check(&self, colour: Colour, m: Move) -> Result<(), IllegalMove> {
        self.after(colour, m).map(drop)
    }

    /// The position after `colour` plays `m`, if legal.
    fn after(&self, colour: Colour, m: Move) -> Result<Position, IllegalMove> {
        let mut next = self.position.clone();
        next.set_to_move(colour);
        if let Move::Play(vertex) = m {
            if !next.contains(vertex) {
                return Err(IllegalMove::OffBoard);
            }
            if next.point(vertex) != Point::Empty {
                return Err(IllegalMove::Occupied);
            }
            next.play(m);
            if self.has_seen(next.board_hash()) {
                return Err(IllegalMove::Superko);
            }
        } else {
            next.play(m);
        }
        Ok(next)
    }

    /// Plays `m` for `colour` (either colour may move, as in GTP); the other colour moves next.
    pub fn play(&mut self, colour: Colour, m: Move) -> Result<(), IllegalMove> {
        self.position = self.after(colour, m)?;
        self.moves.push((colour, m));
        self.seen.push(self.position.board_hash());
        Ok(())
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(_) = self.moves.pop() else {
            return false;
        };
        let moves = std::mem::take(&mut self.moves);
        let komi = self.komi;
        *self = Self::new(self.size(), komi);
        for (colour, m) in moves {
            self.play(colour, m)
                .expect("a move that was legal is legal again");
        }
        true
    }

    /// The points where `colour` may put a stone now.
    pub fn legal_points(&self, colour: Colour) -> Vec<Cell> {
        let n = self.size();
        (0..n * n)
            .map(|i| Cell::new(i % n, i / n))
            .filter(|&v| self.check(colour, Move::Play(v)).is_ok())
            .collect()
    }

    /// Whether two passes in a row ended the game.
    pub fn is_over(&self) -> bool {
        self.position.passes() >= 2
    }

    /// Both players' area scores, without komi.
    pub fn score(&self) -> AreaScore {
        self.position.board().score()
    }

    /// Black's score minus White's, komi included.
    pub fn margin(&self) -> f64 {
        let score = self.score();
        score.black as f64 - score.white as f64 - self.komi
    }

    /// Black's margin (komi included) that the game is headed for: [`GameState::margin`] once
    /// two passes ended it, else the median margin of `playouts` playouts from the position
    /// (the engine's playout policy, its random numbers seeded by the board, so that one
    /// position always gets one estimate). What `final_score` says in a game not yet over.
    pub fn estimated_margin(&self, playouts: usize) -> f64 {
        if self.is_over() {
            return self.margin();
        }
        let mut rng = Rng::seed_from_u64(self.position.board_hash());
        let mut first = FirstPlayed::new(self.position.points().len());
        let mut margins: Vec<i32> = (0..playouts.max(1))
            .map(|_| playout(&mut self.position.clone(), None, &mut rng, &mut first))
            .collect();
        margins.sort_unstable();
        f64::from(margins[margins.len() / 2]) - self.komi
    }
}
