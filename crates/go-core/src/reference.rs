//! A plain breadth-first scorer, written for clarity rather than speed: the oracle that the
//! tests and benchmarks compare the bitgrid scorer with.

use std::collections::VecDeque;

use floodgate_bitgrid::Cell;

use crate::board::{Board, Point};
use crate::score::AreaScore;

/// The Tromp-Taylor score of `board`, one breadth-first search per empty region.
pub fn score(board: &Board) -> AreaScore {
    let n = board.size();
    let point = |i: usize| board.point(Cell::new(i % n, i / n));
    let mut seen = vec![false; n * n];
    let mut score = AreaScore { black: 0, white: 0 };
    for start in 0..n * n {
        match point(start) {
            Point::Black => score.black += 1,
            Point::White => score.white += 1,
            Point::Empty if !seen[start] => {
                let (size, reaches_black, reaches_white) =
                    explore_region(n, start, &point, &mut seen);
                match (reaches_black, reaches_white) {
                    (true, false) => score.black += size,
                    (false, true) => score.white += size,
                    _ => {}
                }
            }
            Point::Empty => {}
        }
    }
    score
}

/// Visits the empty region holding `start`: its size and whether it touches black and white.
fn explore_region(
    n: usize,
    start: usize,
    point: &impl Fn(usize) -> Point,
    seen: &mut [bool],
) -> (usize, bool, bool) {
    let (mut size, mut black, mut white) = (0, false, false);
    let mut queue = VecDeque::from([start]);
    seen[start] = true;
    while let Some(i) = queue.pop_front() {
        size += 1;
        let (x, y) = (i % n, i / n);
        let neighbours = [
            (x > 0).then(|| i - 1),
            (x + 1 < n).then(|| i + 1),
            (y > 0).then(|| i - n),
            (y + 1 < n).then(|| i + n),
        ];
        for j in neighbours.into_iter().flatten() {
            match point(j) {
                Point::Black => black = true,
                Point::White => white = true,
                Point::Empty if !seen[j] => {
                    seen[j] = true;
                    queue.push_back(j);
                }
                Point::Empty => {}
            }
        }
    }
    (size, black, white)
}
