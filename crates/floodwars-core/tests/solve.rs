//! The exact solver ([`floodgate_floodwars_core::solve`]): hand-worked boards, the move limit, and each
//! value against its children and its bounds. The docs' perfect-play figures rest on it.

use floodgate_floodwars_core::groups::GroupPosition;
use floodgate_floodwars_core::solve::{Solver, final_margin};
use floodgate_floodwars_core::{Colour, MOVE_LIMIT, Position, Side};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

/// The random board of the arena's `floodwars::random_board`: the same seed, the same board.
fn random_board(width: usize, height: usize, seed: u64) -> Position {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    Position::random(width, height, || rng.next_u64())
}

/// The margin for the player to move of `board` with the widest window, and the winner.
fn solve(board: &str) -> (Option<i32>, Option<i32>) {
    let position: Position = board.parse().unwrap();
    let cells = position.width() * position.height();
    let position = GroupPosition::new(&position);
    let margin = Solver::new(u64::MAX, cells, 12).value(&position, -10_000, 10_000);
    (margin, Solver::new(u64::MAX, cells, 12).winner(&position))
}

#[test]
fn a_hand_worked_board_is_solved() {
    // J's `@` picks `#`, takes both `#` and ends the game 3 to 1; after `+` or `*`, which
    // absorb nothing, S's `.` picks `#` and wins 3 to 1.
    assert_eq!(solve("J\n#.\n@#\n"), (Some(2), Some(1)));
    // S to move on the same board: S's `.` picks `#`, takes both and wins 3 to 1.
    assert_eq!(solve("S\n#.\n@#\n"), (Some(2), Some(1)));
    // S holds both `#`; J's `@` takes the `.` and the game ends 2 to 2 (after `+` or `*`,
    // S would take it and win 3 to 1).
    assert_eq!(solve("J\n.#\n@#\n"), (Some(0), Some(0)));
}

#[test]
fn players_who_share_their_area_draw() {
    let position: Position = "J\n#@\n@@\n".parse().unwrap();
    assert!(position.shares_area());
    let mut solver = Solver::new(u64::MAX, 4, 4);
    assert_eq!(solver.solve(&position), Some(0));
    assert_eq!(solver.positions(), 0);
}

#[test]
fn the_margin_at_the_end_is_the_judges_score() {
    for seed in 0..40 {
        let mut position = random_board(5 + seed as usize % 20, 12, seed);
        if position.shares_area() {
            continue;
        }
        let mut groups = GroupPosition::new(&position);
        for ply in 0..30 {
            let sign = match position.to_move() {
                Side::J => 1,
                Side::S => -1,
            };
            let score = position.score().margin() as i32;
            assert_eq!(
                final_margin(&groups),
                sign * score,
                "seed {seed}, ply {ply}"
            );
            let colour = position
                .legal_moves()
                .nth((seed + ply) as usize % 3)
                .expect("three legal colours");
            position = position.play(colour);
            groups.play_in_place(colour);
        }
    }
}

#[test]
fn a_game_at_the_move_limit_is_worth_the_judges_score() {
    // J's `@` could take both `#` and win 3 to 1, but at the limit the game is over where it
    // stands: J and S each hold one cell, and each `#` touches both areas (a draw).
    let rows = vec![
        vec![Colour::Hash, Colour::Dot],
        vec![Colour::At, Colour::Hash],
    ];
    let value = |moves_played| {
        let position = Position::new(&rows, Side::J, moves_played).unwrap();
        let mut solver = Solver::new(u64::MAX, 4, 4);
        solver.value(&GroupPosition::new(&position), -10, 10)
    };
    assert_eq!(value(MOVE_LIMIT - 1), Some(2));
    assert_eq!(value(MOVE_LIMIT), Some(0));
    // S to move with one move left: S's `.` takes both `#` and wins 3 to 1.
    let position = Position::new(&rows, Side::S, MOVE_LIMIT - 1).unwrap();
    let mut solver = Solver::new(u64::MAX, 4, 4);
    assert_eq!(
        solver.value(&GroupPosition::new(&position), -10, 10),
        Some(2)
    );
}

#[test]
fn a_solver_out_of_positions_says_so() {
    let position = random_board(12, 12, 3);
    assert!(!position.shares_area());
    let mut solver = Solver::new(10, 144, 8);
    assert_eq!(solver.solve(&position), None);
    assert_eq!(solver.positions(), 11);
}

#[test]
fn a_value_is_the_best_of_its_children_within_its_bounds_and_the_winner_its_sign() {
    for seed in 0..40 {
        let position = random_board(3 + seed as usize % 3, 4, seed);
        if position.shares_area() {
            continue;
        }
        let cells = position.width() * position.height();
        let root = GroupPosition::new(&position);
        let (margin, winner) = solve(&format!("{position}"));
        let margin = margin.expect("a small board is solved");
        assert_eq!(winner.map(i64::from), Some(i64::from(margin).signum()));
        let best = root
            .legal_moves()
            .map(|colour| {
                let child = root.play(colour);
                let mut solver = Solver::new(u64::MAX, cells, 12);
                let value = solver.value(&child, -10_000, 10_000).unwrap();
                let (least, most) = solver.bounds(&child);
                assert!(least <= value && value <= most, "seed {seed}, {colour:?}");
                -value
            })
            .max();
        assert_eq!(best, Some(margin), "seed {seed}:\n{position}");
        let (least, most) = Solver::new(0, cells, 0).bounds(&root);
        assert!(least <= margin && margin <= most, "seed {seed}");
    }
}
