//! Grundy values against a plain exhaustive search, and the known small boards.

use std::collections::HashMap;

use std::time::{Duration, Instant};

use floodgate_cram_core::board::{Board, Domino, Square, position_value};
use floodgate_cram_core::engine::Engine;
use floodgate_cram_core::shape::Square as SquareLayout;
use floodgate_cram_core::shape::{Broad, Layout, Shape, Strip, Tall, Wide, Word, split};
use floodgate_cram_core::solver::{Budget, Solver, dominoes};
use proptest::prelude::*;

/// The Grundy value of the empty cells `empty` of a `rows x columns` board (at most 64 cells),
/// by exhaustive search over whole positions: no regions, no symmetries.
fn exhaustive(empty: u64, rows: usize, columns: usize, memo: &mut HashMap<u64, u8>) -> u8 {
    if let Some(&value) = memo.get(&empty) {
        return value;
    }
    let mut seen = [false; 64];
    for r in 0..rows {
        for c in 0..columns {
            let i = r * columns + c;
            if empty & (1 << i) == 0 {
                continue;
            }
            if c + 1 < columns && empty & (1 << (i + 1)) != 0 {
                seen[usize::from(exhaustive(
                    empty & !(1 << i) & !(1 << (i + 1)),
                    rows,
                    columns,
                    memo,
                ))] = true;
            }
            if r + 1 < rows && empty & (1 << (i + columns)) != 0 {
                seen[usize::from(exhaustive(
                    empty & !(1 << i) & !(1 << (i + columns)),
                    rows,
                    columns,
                    memo,
                ))] = true;
            }
        }
    }
    let value = seen.iter().position(|&s| !s).unwrap() as u8;
    memo.insert(empty, value);
    value
}

/// The Grundy value of a shape of the layout `L` by exhaustive search (every domino, no
/// regions, no reductions).
fn shape_value<L: Layout>(cells: L::Word, memo: &mut HashMap<L::Word, u8>) -> u8 {
    if let Some(&value) = memo.get(&cells) {
        return value;
    }
    let mut seen = [false; 64];
    for domino in dominoes::<L>(cells) {
        seen[usize::from(shape_value::<L>(cells & !domino, memo))] = true;
    }
    let value = seen.iter().position(|&s| !s).unwrap() as u8;
    memo.insert(cells, value);
    value
}

/// A `rows x columns` board with the cells `i` (row-major) filled whose bit is set in `filled`,
/// except every third cell (so that boards keep some room).
fn pre_filled(rows: usize, columns: usize, filled: u64) -> Board {
    let mut board = Board::new(rows, columns);
    for i in 0..rows * columns {
        if filled >> i & 1 == 1 && i % 3 != 0 {
            board.fill(Square {
                row: i / columns,
                column: i % columns,
            });
        }
    }
    board
}

/// The bits `i` (row-major) of a board's empty cells.
fn empty_bits(board: &Board) -> u64 {
    let columns = board.columns();
    (0..board.rows() * columns)
        .filter(|&i| {
            board.is_empty(Square {
                row: i / columns,
                column: i % columns,
            })
        })
        .fold(0, |empty, i| empty | 1 << i)
}

fn solve_on<L: Layout>(board: &Board) -> u8 {
    position_value(board, &mut Solver::<L>::with_table_bytes(1 << 22))
        .expect("small boards are solved")
}

fn solve(board: &Board) -> u8 {
    solve_on::<Tall>(board)
}

#[test]
fn lines_are_dawsons_kayles() {
    // Up to 16 cells by exhaustive search; beyond, by the game's own recursion written out
    // here (a domino in a line leaves two shorter lines, played side by side).
    let mut kayles: Vec<u8> = Vec::new();
    for n in 0..=40usize {
        let options: Vec<u8> = (0..n.saturating_sub(1))
            .map(|left| kayles[left] ^ kayles[n - 2 - left])
            .collect();
        kayles.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    for (n, &value) in kayles.iter().enumerate().skip(1) {
        if n <= 16 {
            assert_eq!(
                value,
                exhaustive((1 << n) - 1, 1, n, &mut HashMap::new()),
                "1 x {n}"
            );
        }
        assert_eq!(solve(&Board::new(1, n)), value, "1 x {n}");
        assert_eq!(solve(&Board::new(n, 1)), value, "{n} x 1");
    }
}

#[test]
fn two_row_boards_alternate() {
    for n in 1..=12 {
        assert_eq!(solve(&Board::new(2, n)), (n % 2) as u8, "2 x {n}");
    }
}

#[test]
fn small_square_boards() {
    assert_eq!(solve(&Board::new(3, 3)), 0);
    assert_eq!(solve(&Board::new(4, 4)), 0);
    assert_eq!(solve(&Board::new(5, 5)), 0);
    assert_ne!(
        solve(&Board::new(3, 4)),
        0,
        "even x odd: the first player wins"
    );
}

/// Published values of boards solved in about a second each (the values igs and Uiterwijk's
/// tables give), on the layout `cram-solve` picks for each.
#[test]
fn published_values_of_larger_boards() {
    use floodgate_cram_core::shape::LayoutKind;
    for (rows, columns, value) in [(4, 9, 1), (5, 7, 1), (3, 14, 3), (5, 8, 1)] {
        let board = Board::new(rows, columns);
        let table = 1 << 26;
        let solved = match board.solver_layout() {
            LayoutKind::Square => {
                position_value(&board, &mut Solver::<SquareLayout>::with_table_bytes(table))
            }
            LayoutKind::Strip => {
                position_value(&board, &mut Solver::<Strip>::with_table_bytes(table))
            }
            LayoutKind::Broad => {
                position_value(&board, &mut Solver::<Broad>::with_table_bytes(table))
            }
            LayoutKind::Tall => {
                position_value(&board, &mut Solver::<Tall>::with_table_bytes(table))
            }
            LayoutKind::Wide => {
                position_value(&board, &mut Solver::<Wide>::with_table_bytes(table))
            }
        };
        assert_eq!(solved, Some(value), "{rows} x {columns}");
    }
}

#[test]
fn pre_filled_cells_split_the_board() {
    // A 3 x 3 board with the centre column filled: two 3 x 1 lines, equal values, XOR 0.
    let mut board = Board::new(3, 3);
    for row in 0..3 {
        board.fill(Square { row, column: 1 });
    }
    assert_eq!(solve(&board), 0);
    assert_eq!(board.regions().count(), 2);
    // Fill one more: a 3-line and a 2-line.
    board.fill(Square { row: 0, column: 0 });
    assert_eq!(solve(&board), 1 ^ 1);
    board.fill(Square { row: 2, column: 0 });
    assert_eq!(solve(&board), 1, "a single cell is worth 0, the 3-line 1");
}

/// A solve stopped by its work limit, written to a checkpoint and read back, ends with the
/// value a solve without stops finds, doing less work after the stop than from the start;
/// a checkpoint of the other layout, or cut short, is refused.
#[test]
fn a_solve_resumes_from_its_checkpoint() {
    for (rows, columns) in [(4, 5), (3, 8), (5, 5), (3, 11)] {
        let board = Board::new(rows, columns);
        let mut whole = Solver::<Tall>::with_table_bytes(1 << 22);
        let value = position_value(&board, &mut whole);
        assert!(value.is_some());
        let total = whole.stats().nodes + whole.stats().searched;
        let mut stopped = Solver::<Tall>::with_table_bytes(1 << 22);
        assert_eq!(
            position_value(&board, &mut stopped.budgeted(Budget::work(total / 2))),
            None,
            "{rows} x {columns}"
        );
        let mut checkpoint = Vec::new();
        stopped.write_to(&mut checkpoint).unwrap();
        let mut resumed = Solver::<Tall>::read_from(&mut checkpoint.as_slice(), 1 << 22).unwrap();
        assert_eq!(resumed.stats(), stopped.stats());
        let before = resumed.stats().nodes + resumed.stats().searched;
        assert_eq!(position_value(&board, &mut resumed), value);
        let after = resumed.stats().nodes + resumed.stats().searched - before;
        assert!(after < total, "{rows} x {columns}: {after} of {total}");
        assert!(Solver::<Wide>::read_from(&mut checkpoint.as_slice(), 1 << 22).is_err());
        let short = &checkpoint[..checkpoint.len() - 9];
        assert!(Solver::<Tall>::read_from(&mut &short[..], 1 << 22).is_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_solver_agrees_with_exhaustive_search(rows in 1..=5usize, columns in 1..=6usize, filled in any::<u64>()) {
        let board = pre_filled(rows, columns, filled);
        let exact = exhaustive(empty_bits(&board), rows, columns, &mut HashMap::new());
        prop_assert_eq!(solve(&board), exact);
        prop_assert_eq!(solve_on::<SquareLayout>(&board), exact);
        prop_assert_eq!(solve_on::<Broad>(&board), exact);
        if rows <= 4 {
            prop_assert_eq!(solve_on::<Wide>(&board), exact);
            prop_assert_eq!(solve_on::<Strip>(&board), exact);
        }
        let mut reversed = Solver::<Tall>::with_table_bytes(1 << 22);
        reversed.set_reversed_ties(true);
        prop_assert_eq!(position_value(&board, &mut reversed), Some(exact), "reversed ties");
        let mut mirrored = Solver::<Tall>::with_table_bytes(1 << 22);
        mirrored.set_mirrored(true);
        prop_assert_eq!(position_value(&board, &mut mirrored), Some(exact), "mirrored");
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Strips wider than the tall shapes hold (2 x 17 to 2 x 20) on the wide shapes: the top
    /// row a long line with a hole now and then (one cell in eight), the bottom row filled but
    /// for a cell now and then (one in four), so that the regions are wider than 16 cells and
    /// the exhaustive search stays small.
    #[test]
    fn the_wide_solver_agrees_with_exhaustive_search(columns in 17..=20usize, holes in any::<u128>(), bumps in any::<u64>()) {
        let mut board = Board::new(2, columns);
        for column in 0..columns {
            if holes >> (3 * column) & 7 == 0 {
                board.fill(Square { row: 0, column });
            }
            if bumps >> (2 * column) & 3 != 0 {
                board.fill(Square { row: 1, column });
            }
        }
        prop_assert_eq!(solve_on::<Wide>(&board), exhaustive(empty_bits(&board), 2, columns, &mut HashMap::new()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// On boards of 3 or 4 rows and 7 to 10 columns, a third filled, the solvers of the other
    /// layouts that hold them agree with the tall one's.
    #[test]
    fn the_layouts_agree(rows in 3..=4usize, columns in 7..=10usize, filled in any::<u64>()) {
        let board = pre_filled(rows, columns, filled);
        let tall = solve(&board);
        prop_assert_eq!(solve_on::<Wide>(&board), tall);
        prop_assert_eq!(solve_on::<Strip>(&board), tall);
        if columns <= 9 {
            prop_assert_eq!(solve_on::<Broad>(&board), tall);
        }
        if columns <= 8 {
            prop_assert_eq!(solve_on::<SquareLayout>(&board), tall);
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Boards of 5 to 7 rows and 8 or 9 columns, about half filled, on the broad layout (rows
    /// of 9 cells, not whole bytes) and the tall one.
    #[test]
    fn the_broad_layout_agrees_with_the_tall_one(rows in 5..=7usize, columns in 8..=9usize, a in any::<u64>(), b in any::<u64>()) {
        let board = pre_filled(rows, columns, a | b);
        prop_assert_eq!(solve_on::<Broad>(&board), solve(&board));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_engine_moves_to_value_zero(rows in 1..=5usize, columns in 1..=5usize, filled in any::<u64>()) {
        let board = pre_filled(rows, columns, filled);
        let value = solve(&board);
        let mut engine = Engine::new(board.clone(), 1 << 20);
        let far = Instant::now() + Duration::from_secs(60);
        match engine.choose(far) {
            Some(domino) => {
                prop_assert!(board.is_legal(domino));
                let mut after = board.clone();
                after.play(domino);
                if value != 0 {
                    prop_assert_eq!(solve(&after), 0);
                }
            }
            None => prop_assert!(!board.has_move()),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Boards filled symmetrically under the half turn, where the copying rule applies often.
    #[test]
    fn symmetric_positions_agree_with_exhaustive_search(rows in 2..=5usize, columns in 2..=6usize, filled in any::<u64>()) {
        let cells = rows * columns;
        let mut board = Board::new(rows, columns);
        let mut empty = (1u64 << cells) - 1;
        for i in 0..cells {
            if filled & (1 << i) != 0 && (filled >> 32) & (1 << (i % 32)) != 0 {
                for cell in [i, cells - 1 - i] {
                    board.fill(Square { row: cell / columns, column: cell % columns });
                    empty &= !(1 << cell);
                }
            }
        }
        prop_assert_eq!(solve(&board), exhaustive(empty, rows, columns, &mut HashMap::new()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Whole games through one engine (its labels kept move by move), the opponent sometimes
    /// filling two cells that are not adjacent (the judge lets that through): every move is
    /// legal, and perfect whenever the position's value is not 0.
    #[test]
    fn the_engine_plays_perfectly_through_a_game(n in 4..=5usize, seed in any::<u64>()) {
        let mut rng = seed;
        let mut next = move || {
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (rng >> 33) as usize
        };
        let mut board = Board::new(n, n);
        for _ in 0..n {
            board.fill(Square { row: next() % n, column: next() % n });
        }
        let mut engine = Engine::new(board.clone(), 1 << 22);
        let mut check = Solver::<Tall>::with_table_bytes(1 << 22);
        for ply in 0.. {
            if ply % 2 == 1 {
                // The opponent: two random empty cells, adjacent or not.
                let empty: Vec<Square> = (0..n * n)
                    .map(|i| Square { row: i / n, column: i % n })
                    .filter(|&s| board.is_empty(s))
                    .collect();
                if empty.len() < 2 || !board.has_move() {
                    break;
                }
                let first = empty[next() % empty.len()];
                let second = empty.iter().copied().filter(|&s| s != first).nth(next() % (empty.len() - 1)).unwrap();
                let domino = Domino { first, second };
                board.play(domino);
                engine.play(domino);
                continue;
            }
            let value = position_value(&board, &mut check).unwrap();
            match engine.choose(Instant::now() + Duration::from_secs(20)) {
                None => {
                    prop_assert!(!board.has_move());
                    break;
                }
                Some(domino) => {
                    prop_assert!(board.is_legal(domino), "{}", domino);
                    board.play(domino);
                    engine.play(domino);
                    if value != 0 {
                        prop_assert_eq!(position_value(&board, &mut check), Some(0));
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The outcome alone agrees with the value (searched with fresh solvers, so that neither
    /// reads what the other stored).
    #[test]
    fn the_outcome_agrees_with_the_value(rows in 1..=5usize, columns in 1..=6usize, filled in any::<u64>()) {
        let board = pre_filled(rows, columns, filled);
        let loses = floodgate_cram_core::board::position_loses(&board, &mut Solver::<Tall>::with_table_bytes(1 << 20));
        prop_assert_eq!(loses, Some(solve(&board) == 0));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The regions `split` cuts a shape into (extra tufts and cells between centres removed,
    /// 2 x 2 blocks cut) are worth, together, what the shape is worth: on the tall layout, and
    /// on the others in the top-right corner (where a row's last cell meets the next row's
    /// first in the bits).
    #[test]
    fn split_keeps_the_value(width in 2..=6u32, height in 2..=4u32, a: u128, b: u128, dense: bool) {
        let cells = if dense { a | b } else { a };
        check_split::<Tall>(cells, width, height, 0)?;
        check_split::<Wide>(cells, width, height, Wide::STRIDE - width)?;
        check_split::<SquareLayout>(cells, width, height, SquareLayout::STRIDE - width)?;
        check_split::<Strip>(cells, width, height, Strip::STRIDE - width)?;
        check_split::<Broad>(cells, width, height, Broad::STRIDE - width)?;
    }
}

/// The check of `split_keeps_the_value` on the layout `L`, for the cells of `cells` in a box
/// `width x height` whose left column is `left`.
fn check_split<L: Layout>(
    cells: Shape,
    width: u32,
    height: u32,
    left: u32,
) -> Result<(), TestCaseError> {
    let row = ((1u128 << width) - 1) << left;
    let box_cells = (0..height).fold(0, |cells, r| cells | row << (L::STRIDE * r));
    let cells = L::Word::from_u128(cells & box_cells);
    let mut memo = HashMap::new();
    let mut pieces = Vec::new();
    split::<L, _>(cells, &mut |piece| pieces.push(piece));
    let together = pieces.iter().fold(0, |value, &piece| {
        value ^ shape_value::<L>(piece, &mut memo)
    });
    prop_assert_eq!(
        together,
        shape_value::<L>(cells, &mut memo),
        "{:x?} -> {:x?}",
        cells,
        pieces
    );
    Ok(())
}
