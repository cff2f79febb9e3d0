//! The evaluation's territories and score on hand-worked positions.

use floodgate_domain_core::board::{Cell, Dir, Walls};
use floodgate_domain_core::engine::{evaluate, territories};
use floodgate_domain_core::state::State;

#[test]
fn the_start_splits_the_board_along_the_anti_diagonal() {
    // Turn 1 of three steps: the ten cells with x + y <= 3 for the first player, the mirror for
    // the second; turn 2: six steps reach the seven cells of x + y = 6 from both sides at once.
    let start = State::default();
    let [mine, theirs, tied] = territories(&start);
    assert_eq!([mine, theirs, tied].map(u64::count_ones), [21, 21, 7]);
    assert_ne!(mine & Cell::new(2, 3).bit(), 0);
    assert_ne!(theirs & Cell::new(4, 3).bit(), 0);
    assert_ne!(tied & Cell::new(0, 6).bit(), 0);
    // Equal territories: the mover's five points a tied cell are the whole value.
    assert_eq!(evaluate(&start), 5 * 7);
}

#[test]
fn separated_tokens_are_valued_by_their_domains() {
    // A wall line between rows 2 and 3: 21 cells against 28, no frontier left, no tie.
    let mut walls = Walls::default();
    for x in 0..7 {
        walls.add(Cell::new(x, 2), Dir::D);
    }
    let state = State::new(walls, [Cell::new(0, 0), Cell::new(6, 6)], 0);
    let [mine, theirs, tied] = territories(&state);
    assert_eq!([mine, theirs, tied].map(u64::count_ones), [21, 28, 0]);
    // 10 a cell of difference, plus twice that with no open side between the territories.
    assert_eq!(evaluate(&state), 10 * -7 + 20 * -7);
}
