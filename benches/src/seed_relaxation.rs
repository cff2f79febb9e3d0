//! The seed's own scoring algorithm (its reference C program), in Rust: every empty point
//! takes the colours of its neighbours, sweep after sweep in row-major order, until a sweep
//! changes nothing. The baseline the bitgrid scorer is measured against.

use floodgate_bitgrid::Cell;
use floodgate_go_core::{AreaScore, Board, Point};

const BLACK_REACHED: u8 = 1;
const WHITE_REACHED: u8 = 2;
const BOTH_REACHED: u8 = 3;
const STONE: u8 = 4;

/// The Tromp-Taylor score of `board` by repeated neighbour relaxation.
pub fn score(board: &Board) -> AreaScore {
    let n = board.size();
    let mut marks: Vec<u8> = (0..n * n)
        .map(|i| match board.point(Cell::new(i % n, i / n)) {
            Point::Black => STONE | BLACK_REACHED,
            Point::White => STONE | WHITE_REACHED,
            Point::Empty => 0,
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for y in 0..n {
            for x in 0..n {
                let i = y * n + x;
                if marks[i] >= BOTH_REACHED {
                    continue;
                }
                let mut reached = marks[i];
                if y > 0 {
                    reached |= marks[i - n];
                }
                if y + 1 < n {
                    reached |= marks[i + n];
                }
                if x > 0 {
                    reached |= marks[i - 1];
                }
                if x + 1 < n {
                    reached |= marks[i + 1];
                }
                reached &= !STONE;
                changed |= reached != marks[i];
                marks[i] = reached;
            }
        }
    }
    let mut score = AreaScore { black: 0, white: 0 };
    for mark in marks {
        match mark & !STONE {
            BLACK_REACHED => score.black += 1,
            WHITE_REACHED => score.white += 1,
            _ => {}
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::{random_board, serpentine_board};

    #[test]
    fn relaxation_agrees_with_the_reference_scorer() {
        for size in [0, 1, 2, 9, 19, 40] {
            for seed in 0..5 {
                let board = random_board(size, seed);
                assert_eq!(
                    score(&board),
                    floodgate_go_core::reference::score(&board),
                    "size {size} seed {seed}"
                );
            }
        }
        for size in [1, 2, 3, 5, 19, 64] {
            let board = serpentine_board(size);
            assert_eq!(
                score(&board),
                floodgate_go_core::reference::score(&board),
                "serpentine {size}"
            );
            assert_eq!(
                board.score(),
                floodgate_go_core::reference::score(&board),
                "serpentine {size}"
            );
        }
    }
}
