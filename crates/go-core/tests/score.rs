//! The scorer on the seed's examples, on hand-worked boards, and against the plain BFS scorer.

use floodgate_go_core::{AreaScore, Board, GameResult, ParseBoardError, reference};
use proptest::prelude::*;

const SEED_EXAMPLES: [(&str, &str); 5] = [
    (include_str!("../../../docs/boards/seed-9x9.txt"), "W+6"),
    (include_str!("../../../docs/boards/seed-xavier.txt"), "Jigo"),
    (
        include_str!("../../../docs/boards/seed-code-golf.txt"),
        "Jigo",
    ),
    (
        include_str!("../../../docs/boards/seed-one-line.txt"),
        "B+21",
    ),
    (include_str!("../../../docs/boards/seed-19x19.txt"), "B+6"),
];

fn result(input: &str) -> String {
    input.parse::<Board>().unwrap().score().result().to_string()
}

#[test]
fn seed_examples_score_as_the_seed_says() {
    for (input, expected) in SEED_EXAMPLES {
        assert_eq!(result(input), expected, "{input}");
    }
}

#[test]
fn seed_9x9_has_the_worked_point_counts() {
    // The seed's diagram: black 23 points, white 29.
    let board: Board = SEED_EXAMPLES[0].0.parse().unwrap();
    assert_eq!(
        board.score(),
        AreaScore {
            black: 23,
            white: 29
        }
    );
}

#[test]
fn empty_input_is_an_empty_board_and_jigo() {
    let board: Board = "".parse().unwrap();
    assert_eq!(board.size(), 0);
    assert_eq!(board.score(), AreaScore { black: 0, white: 0 });
    assert_eq!(board.score().result(), GameResult::Jigo);
}

#[test]
fn only_x_o_and_dash_count() {
    // Lower-case letters, digits and multi-byte UTF-8 are ignored: this is "X - - O".
    let board: Board = "xX\u{2014}- é-ö O\r\n".parse().unwrap();
    assert_eq!(board, "X--O".parse().unwrap());
    assert_eq!(board.to_string(), "X -\n- O\n");
}

#[test]
fn hand_worked_boards() {
    // A lone stone owns the whole empty board.
    assert_eq!(result("- - -  - X -  - - -"), "B+9");
    assert_eq!(result("O - -  - - -  - - -"), "W+9");
    // An empty board has no points for anyone.
    assert_eq!(result("- - - -"), "Jigo");
    // A wall splits the board: each side owns its 4 stones and the 4 empty points behind them.
    let board: Board = "- X O -\n- X O -\n- X O -\n- X O -".parse().unwrap();
    assert_eq!(board.score(), AreaScore { black: 8, white: 8 });
    // An empty region touching both colours is nobody's, even through a long path.
    let board: Board = "X - - -\nO O O -\n- - - -\n- O O O".parse().unwrap();
    // Region {(1,0),(2,0),(3,0),(3,1),(0..3,2),(0,3)} touches X and O: neutral.
    assert_eq!(board.score(), AreaScore { black: 1, white: 6 });
}

#[test]
fn malformed_inputs_are_typed_errors() {
    assert_eq!(
        "X O".parse::<Board>(),
        Err(ParseBoardError::NotSquare { points: 2 })
    );
    assert_eq!(
        "-----".parse::<Board>(),
        Err(ParseBoardError::NotSquare { points: 5 })
    );
    let too_many = "-".repeat(256 * 256);
    assert_eq!(
        too_many.parse::<Board>(),
        Err(ParseBoardError::TooLarge { points: 65536 })
    );
    let message = ParseBoardError::NotSquare { points: 2 }.to_string();
    assert!(
        message.contains('2') && message.contains("not the square"),
        "{message}"
    );
    // 255 x 255 is the largest board.
    assert_eq!("-".repeat(255 * 255).parse::<Board>().unwrap().size(), 255);
}

/// A random board: each point black, white or empty with the given weights. Checks that the
/// parsed board prints back the same points.
fn board(size: usize, weights: (u32, u32, u32), picks: &[u32]) -> Board {
    let total = weights.0 + weights.1 + weights.2;
    let text: String = picks[..size * size]
        .iter()
        .map(|&r| match r % total {
            r if r < weights.0 => 'X',
            r if r < weights.0 + weights.1 => 'O',
            _ => '-',
        })
        .collect();
    let board: Board = text.parse().unwrap();
    let printed: String = board
        .to_string()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    assert_eq!(printed, text);
    board
}

fn weights() -> impl Strategy<Value = (u32, u32, u32)> {
    (0..4u32, 0..4u32, 1..8u32)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn bitgrid_scorer_matches_bfs_on_small_boards(size in 0..=40usize, w in weights(), picks in prop::collection::vec(any::<u32>(), 1600)) {
        let board = board(size, w, &picks);
        prop_assert_eq!(board.score(), reference::score(&board));
    }

    #[test]
    fn printing_and_parsing_round_trip(size in 0..=20usize, w in weights(), picks in prop::collection::vec(any::<u32>(), 400)) {
        let board = board(size, w, &picks);
        prop_assert_eq!(board.to_string().parse::<Board>().unwrap(), board);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn bitgrid_scorer_matches_bfs_on_large_boards(size in 41..=255usize, w in weights(), picks in prop::collection::vec(any::<u32>(), 255 * 255)) {
        let board = board(size, w, &picks);
        prop_assert_eq!(board.score(), reference::score(&board));
    }
}
