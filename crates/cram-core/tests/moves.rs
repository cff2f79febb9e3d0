//! Move generation against the rules read cell by cell.

use floodgate_cram_core::board::{Board, Domino, Square};
use proptest::prelude::*;

proptest! {
    #[test]
    fn moves_are_the_adjacent_empty_pairs(
        n in prop::sample::select(vec![1usize, 2, 3, 5, 63, 64, 65, 66, 127, 128, 129]),
        filled in prop::collection::vec((0usize..129, 0usize..129), 0..400),
    ) {
        let mut board = Board::new(n, n);
        for (row, column) in filled {
            if row < n && column < n {
                board.fill(Square { row, column });
            }
        }
        let mut expected = Vec::new();
        for row in 0..n {
            for column in 0..n {
                let first = Square { row, column };
                for second in [Square { row, column: column + 1 }, Square { row: row + 1, column }] {
                    if board.is_empty(first) && board.is_empty(second) {
                        expected.push(Domino { first, second });
                    }
                }
            }
        }
        let mut moves = board.moves();
        let key = |d: &Domino| (d.first, d.second);
        moves.sort_by_key(key);
        expected.sort_by_key(key);
        prop_assert_eq!(board.has_move(), !expected.is_empty());
        for &domino in moves.iter().take(20) {
            let mut after = board.clone();
            after.play(domino);
            prop_assert!(!after.is_empty(domino.first) && !after.is_empty(domino.second));
            after.undo(domino);
            prop_assert_eq!(&after, &board);
        }
        prop_assert_eq!(moves, expected);
    }
}
