//! The evaluation's territories and score on hand-worked positions.

mod common;

use floodgate_domain_core::board::{Cell, Dir, Walls};
use floodgate_domain_core::engine::{SPARE_WALL_POINTS, evaluate, spare_walls, territories};
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
    // 10 a cell of difference, plus twice that with no open side between the territories;
    // walls to spare: rows 0-2 have 18 + 14 open inner sides for 21 cells (11), rows 3-6
    // 24 + 21 for 28 (17).
    assert_eq!(spare_walls(state.walls(), mine), 11);
    assert_eq!(spare_walls(state.walls(), theirs), 17);
    assert_eq!(
        evaluate(&state),
        10 * -7 + 20 * -7 + SPARE_WALL_POINTS * (11 - 17)
    );
}

#[test]
fn spare_walls_count_the_cycles_less_one() {
    let open = Walls::default();
    let block = |width: u8, height: u8| {
        (0..height)
            .flat_map(|y| (0..width).map(move |x| Cell::new(x, y).bit()))
            .sum::<u64>()
    };
    // A line of three cells: a tree, nothing to spare and one short.
    assert_eq!(spare_walls(&open, block(3, 1)), -1);
    // A 2 x 2 block: one cycle; a 3 x 3 block: four.
    assert_eq!(spare_walls(&open, block(2, 2)), 0);
    assert_eq!(spare_walls(&open, block(3, 3)), 3);
    // A wall inside the 3 x 3 block takes one away.
    let mut walled = Walls::default();
    walled.add(Cell::new(1, 1), Dir::R);
    assert_eq!(spare_walls(&walled, block(3, 3)), 2);
    // Sides to cells outside the territory do not count: three cycles are left.
    assert_eq!(spare_walls(&open, block(3, 3) & !Cell::new(2, 2).bit()), 2);
}

#[test]
fn quiet_actions_stay_inside_the_movers_territory() {
    // Seat 0 at (2, 3), player 1 at (6, 6), no walls: (2, 2), (3, 4), (3, 5) and (4, 4) are
    // reached first by player 0 (on turn 1, player 1 on turn 2 or 3); (5, 4) first by player 1
    // (turn 1, against 2); (5, 2) by both on turn 2.
    use floodgate_domain_core::engine::Domain;
    use floodgate_domain_core::state::Action;
    use floodgate_search::Game;
    let state = State::new(Walls::default(), [Cell::new(2, 3), Cell::new(6, 6)], 0);
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    let quiet = Domain.quiet_moves(&state, &actions);
    let is_quiet = |x, y, wall| {
        let index = actions
            .iter()
            .position(|&a| {
                a == Action {
                    to: Cell::new(x, y),
                    wall,
                }
            })
            .expect("a legal action");
        quiet >> index & 1 != 0
    };
    assert!(is_quiet(2, 3, Dir::U));
    assert!(is_quiet(3, 4, Dir::D));
    assert!(
        !is_quiet(4, 4, Dir::R),
        "walls a side towards player 1's cell (5, 4)"
    );
    assert!(
        !is_quiet(5, 3, Dir::U),
        "walls a side towards the tied cell (5, 2)"
    );
    assert!(is_quiet(5, 3, Dir::L));
}

/// Steps from `from` to every cell through open sides (tokens do not block), by breadth-first
/// search; `u32::MAX` where it cannot go.
fn distances(walls: &Walls, from: Cell) -> [u32; 49] {
    let mut distance = [u32::MAX; 49];
    distance[usize::from(from.0)] = 0;
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(cell) = queue.pop_front() {
        for dir in Dir::ALL {
            let beyond = dir.beyond(cell);
            if walls.has(cell, dir) || beyond == 0 {
                continue;
            }
            let next = beyond.trailing_zeros() as usize;
            if distance[next] == u32::MAX {
                distance[next] = distance[usize::from(cell.0)] + 1;
                queue.push_back(Cell(next as u8));
            }
        }
    }
    distance
}

/// The territories by their definition: a cell goes to the token that reaches it in fewer
/// turns of three steps, to both (tied) in the same turn, to neither when neither reaches it.
fn reference_territories(state: &State) -> [u64; 3] {
    let me = state.to_move();
    let turns = |player: u8| {
        distances(state.walls(), state.token(player))
            .map(|d| if d == u32::MAX { d } else { d.div_ceil(3) })
    };
    let (mine, theirs) = (turns(me), turns(1 - me));
    let mut claimed = [0u64; 3];
    for cell in 0..49 {
        let side = match mine[cell].cmp(&theirs[cell]) {
            _ if mine[cell] == u32::MAX && theirs[cell] == u32::MAX => continue,
            std::cmp::Ordering::Less => 0,
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Equal => 2,
        };
        claimed[side] |= 1 << cell;
    }
    claimed
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1000))]

    /// The race (which stops as soon as nothing is left to claim) finds the territories of
    /// their definition.
    #[test]
    fn territories_match_their_definition(state in common::positions()) {
        proptest::prop_assert_eq!(territories(&state), reference_territories(&state));
    }

    /// The search's one pass at its depth limit ([`floodgate_search::Game::at_horizon`]) answers as the
    /// rules' outcome and the evaluation do apart.
    #[test]
    fn the_horizon_agrees_with_the_outcome_and_the_evaluation(state in common::positions()) {
        use floodgate_domain_core::engine::Domain;
        use floodgate_search::{Game, Horizon};
        let expected = match Domain.outcome(&state) {
            Some(outcome) => Horizon::Over(outcome),
            None => Horizon::Evaluated(evaluate(&state)),
        };
        proptest::prop_assert_eq!(Domain.at_horizon(&state), expected);
    }
}
