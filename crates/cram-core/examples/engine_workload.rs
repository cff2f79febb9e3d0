//! A work-bounded workload for the engine, for instruction counts (never a clock): whole
//! games of the engine against itself on `SIZE x SIZE` boards (or their first `MOVES` moves),
//! each move chosen with [`Engine::choose_with_effort`], from boards with `PREFILL` percent of
//! their cells filled at random (one board per game, from a fixed seed). Prints each game's
//! length and a hash of its moves.
//!
//! With `--fixed`, the engine still chooses every move but the move played is one drawn from
//! a fixed seed (the first legal domino from a random cell on), so that two versions of the
//! engine that choose differently still see the same positions.
//!
//! ```sh
//! cargo build --release -p floodgate-cram-core --example engine_workload
//! valgrind --tool=cachegrind --cache-sim=no target/release/examples/engine_workload 21 4 5
//! ```

use floodgate_cram_core::board::{Board, Domino, Square};
use floodgate_cram_core::engine::{Effort, Engine};

const USAGE: &str = "usage: engine_workload SIZE GAMES PREFILL [MOVES] [--fixed]";

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let fixed = args.last().is_some_and(|arg| arg == "--fixed");
    if fixed {
        args.pop();
    }
    let numbers: Vec<usize> = args.iter().map(|arg| arg.parse().expect(USAGE)).collect();
    let (size, games, prefill, most) = match numbers[..] {
        [size, games, prefill] => (size, games, prefill, usize::MAX),
        [size, games, prefill, most] => (size, games, prefill, most),
        _ => {
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    };
    for game in 0..games {
        let (moves, hash) = play(prefilled(size, prefill, game as u64), most, fixed);
        println!("{size} x {size} game {game}: {moves} moves, hash {hash:016x}");
    }
}

/// Plays a game from `board` for at most `most` moves; returns the moves played and a hash of
/// the engine's choices.
fn play(board: Board, most: usize, fixed: bool) -> (usize, u64) {
    let effort = Effort {
        solver_work: 2_000,
        lookahead_depth: 2,
    };
    let mut engine = Engine::new(board, 1 << 22);
    let (mut moves, mut hash) = (0usize, 0xcbf2_9ce4_8422_2325u64);
    let mut state = 0x2545_f491_4f6c_dd1du64;
    while moves < most
        && let Some(domino) = engine.choose_with_effort(effort)
    {
        for byte in domino.to_string().bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
        }
        let played = if fixed {
            drawn(engine.board(), splitmix(&mut state))
        } else {
            domino
        };
        engine.play(played);
        moves += 1;
    }
    (moves, hash)
}

/// The first legal domino from cell `draw % cells` on, in the order of [`Domino::numbered`]
/// (wrapping around); the board must have one.
fn drawn(board: &Board, draw: u64) -> Domino {
    let (rows, columns) = (board.rows(), board.columns());
    let numbers = 2 * rows * columns;
    let start = (draw % numbers as u64) as usize;
    (0..numbers)
        .map(|k| Domino::numbered((start + k) % numbers, columns))
        .find(|&domino| board.is_legal(domino))
        .expect("a legal domino")
}

/// A `size x size` board with `percent` of its cells filled (fewer where a cell is drawn twice),
/// from a fixed seed per game.
fn prefilled(size: usize, percent: usize, game: u64) -> Board {
    let mut board = Board::new(size, size);
    let mut state = 0x9e37_79b9_7f4a_7c15u64 ^ game.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    for _ in 0..size * size * percent / 100 {
        let cell = (splitmix(&mut state) % (size * size) as u64) as usize;
        board.fill(Square {
            row: cell / size,
            column: cell % size,
        });
    }
    board
}

/// SplitMix64's next number.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
