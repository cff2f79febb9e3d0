//! Balanced Go starts (`arena starts go`): short random openings that go-core's engine (the
//! Monte Carlo tree search go-gtp plays with) finds open at komi 7.

use std::ops::RangeInclusive;

use floodgate_go_core::engine::{Engine, EngineOptions};
use floodgate_go_core::{Budget, Cell, Colour, GameState, Move};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use super::{Go, GoStart, KOMI};
use crate::referee::{Candidate, draw_side};

/// How many moves an opening has (drawn uniformly).
pub const OPENING_MOVES: RangeInclusive<usize> = 2..=6;
/// The playouts of the engine's search that values an opening.
pub const PLAYOUTS: u64 = 4_000;
/// Black's win rate, by the engine's search, of an opening that is kept.
pub const BALANCED: RangeInclusive<f64> = 0.45..=0.55;

/// An opening drawn from `seed` (a side between `go`'s sizes, 2 to 6 stones, Black first,
/// each on an empty point off the first line that the rules allow), balanced when the engine's
/// search of [`PLAYOUTS`] playouts gives Black a win rate within [`BALANCED`].
pub fn candidate(go: &Go, seed: u64) -> Candidate<GoStart> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let side = draw_side(&mut rng, go.sizes);
    let (low, high) = (*OPENING_MOVES.start(), *OPENING_MOVES.end());
    let length = draw_side(&mut rng, (low, high));
    let mut game = GameState::new(side, KOMI as f64);
    let mut moves = Vec::new();
    // A board too small for the opening ends it sooner.
    for _ in 0..100 * length {
        let colour = game.to_move();
        let played = Move::Play(off_the_first_line(&mut rng, side));
        if game.play(colour, played).is_ok() {
            moves.push((colour, played));
        }
        if moves.len() == length {
            break;
        }
    }
    let start = GoStart::new(side, moves).expect("legal moves that do not end the game");
    let black = black_win_rate(&start.game(), seed);
    Candidate {
        start,
        balanced: BALANCED.contains(&black),
    }
}

/// A point drawn uniformly off the first line of a board of side `side` (on a 2 x 2 board,
/// which has none, the point at (1, 1)).
fn off_the_first_line(rng: &mut Xoshiro256PlusPlus, side: usize) -> Cell {
    let inner = side.saturating_sub(2).max(1) as u64;
    let mut coordinate = || 1 + (rng.next_u64() % inner) as usize;
    Cell::new(coordinate(), coordinate())
}

/// Black's win rate in `game` by one search of the engine (seeded by `seed`).
pub fn black_win_rate(game: &GameState, seed: u64) -> f64 {
    let options = EngineOptions {
        memory_bytes: 64 << 20,
        seed,
        ..EngineOptions::default()
    };
    let mover = game.to_move();
    let report = Engine::new(options).search(game, mover, &Budget::iterations(PLAYOUTS));
    match mover {
        Colour::Black => report.win_rate,
        Colour::White => 1.0 - report.win_rate,
    }
}
