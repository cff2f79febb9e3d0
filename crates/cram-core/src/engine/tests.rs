//! The engine's regions against a fresh labelling of the board, move by move.

use proptest::prelude::*;

use super::*;

/// Checks that `regions` describe `board`: every empty cell's label is a live region holding
/// it, filled cells are labelled [`FILLED`], each region's cells are increasing (raster order)
/// and are exactly one component of the empty cells.
fn check(regions: &Regions, board: &Board) {
    let columns = board.columns();
    let empty = board.empty();
    let fresh = empty.label_components(Four);
    for (index, &label) in regions.label.iter().enumerate() {
        let cell = Cell::new(index % columns, index / columns);
        assert_eq!(label == FILLED, !empty.contains(cell), "cell {index}");
        if label != FILLED {
            assert!(regions.list[label as usize].cells.contains(&(index as u32)));
        }
    }
    let mut live = 0;
    for region in regions
        .list
        .iter()
        .filter(|region| !region.cells.is_empty())
    {
        live += 1;
        assert!(region.cells.windows(2).all(|pair| pair[0] < pair[1]));
        let component = fresh.as_slice()[region.cells[0] as usize];
        let size = fresh.as_slice().iter().filter(|&&l| l == component).count();
        assert_eq!(size, region.cells.len());
        assert!(
            region
                .cells
                .iter()
                .all(|&index| fresh.as_slice()[index as usize] == component)
        );
    }
    assert_eq!(live, fresh.count());
}

#[test]
fn a_full_labelling_numbers_regions_in_raster_order() {
    let board = Board::from_empty("X X . X\n. . X X\nX . X .".parse().unwrap());
    let mut regions = Regions::new(&board);
    regions.label(&board);
    let cells: Vec<&[u32]> = regions.list.iter().map(|r| r.cells.as_slice()).collect();
    assert_eq!(cells, [&[][..], &[0, 1], &[3, 6, 7, 10], &[8]]);
    check(&regions, &board);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random moves on boards small enough for every region to be tracked: after each move
    /// the labels kept move by move are a fresh labelling's regions.
    #[test]
    fn labels_kept_move_by_move_match_a_fresh_labelling(
        rows in 1..=12usize,
        columns in 1..=12usize,
        filled in any::<u64>(),
        draws in proptest::collection::vec(any::<u32>(), 1..80),
    ) {
        let mut board = Board::new(rows, columns);
        for bit in (0..64).filter(|bit| filled >> bit & 1 == 1) {
            let cell = bit * 7 % (rows * columns);
            board.fill(Square { row: cell / columns, column: cell % columns });
        }
        let mut regions = Regions::new(&board);
        regions.label(&board);
        check(&regions, &board);
        for draw in draws {
            let moves = board.moves();
            if moves.is_empty() {
                break;
            }
            let domino = moves[draw as usize % moves.len()];
            board.play(domino);
            regions.fill([domino.first, domino.second]);
            prop_assert!(regions.fresh);
            check(&regions, &board);
        }
    }
}
