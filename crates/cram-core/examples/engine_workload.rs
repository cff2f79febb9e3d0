//! A work-bounded workload for the engine, for instruction counts (never a clock): whole
//! games of the engine against itself on `SIZE x SIZE` boards (or their first `MOVES` moves),
//! each move chosen with [`Engine::choose_with_effort`], from boards with `PREFILL` percent of
//! their cells filled at random (one board per game, from a fixed seed). Prints each game's
//! length and a hash of its moves.
//!
//! ```sh
//! cargo build --release -p floodgate-cram-core --example engine_workload
//! valgrind --tool=cachegrind --cache-sim=no target/release/examples/engine_workload 21 4 5
//! ```

use floodgate_cram_core::board::{Board, Square};
use floodgate_cram_core::engine::{Effort, Engine};

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|arg| arg.parse().expect("numbers: SIZE GAMES PREFILL [MOVES]"))
        .collect();
    let (size, games, prefill, most) = match args[..] {
        [size, games, prefill] => (size, games, prefill, usize::MAX),
        [size, games, prefill, most] => (size, games, prefill, most),
        _ => {
            eprintln!("usage: engine_workload SIZE GAMES PREFILL [MOVES]");
            std::process::exit(2);
        }
    };
    let effort = Effort {
        solver_work: 2_000,
        lookahead_depth: 2,
    };
    for game in 0..games {
        let mut engine = Engine::new(prefilled(size, prefill, game as u64), 1 << 22);
        let (mut moves, mut hash) = (0usize, 0xcbf2_9ce4_8422_2325u64);
        while moves < most
            && let Some(domino) = engine.choose_with_effort(effort)
        {
            engine.play(domino);
            moves += 1;
            for byte in domino.to_string().bytes() {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
            }
        }
        println!("{size} x {size} game {game}: {moves} moves, hash {hash:016x}");
    }
}

/// A `size x size` board with `percent` of its cells filled (fewer where a cell is drawn twice),
/// from a fixed seed per game.
fn prefilled(size: usize, percent: usize, game: u64) -> Board {
    let mut board = Board::new(size, size);
    let mut state = 0x9e37_79b9_7f4a_7c15u64 ^ game.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    for _ in 0..size * size * percent / 100 {
        // SplitMix64.
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        let cell = ((z ^ (z >> 31)) % (size * size) as u64) as usize;
        board.fill(Square {
            row: cell / size,
            column: cell % size,
        });
    }
    board
}
