//! The `alphabeta` baseline for Cram, on cram-core's judge-exact game
//! (`floodgate_cram_core::rules::Rules`) with every domino tried and no evaluation.

use floodgate_cram_core::board::{Board, Domino};
use floodgate_cram_core::rules::{MoveFilter, Position, Rules};
use floodgate_search::{Score, Seat};

use crate::baseline::{Baseline, Limit, search_move};

/// Cram with every domino tried, no opinion at the horizon, and a loss worth a margin of 1.
const RULES: Baseline<Rules> = Baseline::new(
    Rules {
        moves: MoveFilter::All,
    },
    no_opinion,
    loss,
);

/// The evaluation at the horizon: 0, no opinion.
fn no_opinion(_: &Position) -> Score {
    0
}

/// A loss, with no margin beyond that.
fn loss(_: &Position) -> Score {
    -1
}

/// The domino the baseline searching within `limit` places on `board` (which has a legal one).
///
/// Evaluation at the horizon: 0 (no opinion), so only wins and losses within the plies searched
/// count and otherwise the first legal domino is played (horizontal ones first, then
/// vertical, each by its upper-left cell in reading order). Every domino of every node is
/// tried: meant for small boards (the arena uses 5 x 5 to 21 x 21), not the 999 x 999 ones.
pub fn choose(board: &Board, limit: Limit) -> Domino {
    let number = search_move(RULES, &Position::new(board.clone(), Seat::First), limit);
    Domino::numbered(number as usize, board.columns())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baseline::tests::{assert_matches_minimax, best};
    use floodgate_cram_core::board::Square;

    fn domino(row: usize, column: usize, vertical: bool) -> Domino {
        Domino::from_first(Square { row, column }, vertical)
    }

    #[test]
    fn alpha_beta_agrees_with_minimax() {
        let mut boards = vec![Board::new(3, 3), Board::new(2, 5), Board::new(1, 6)];
        let mut holes = Board::new(4, 4);
        Board::play(&mut holes, domino(1, 1, true));
        boards.push(holes);
        for board in &boards {
            for depth in 1..=5 {
                assert_matches_minimax(&RULES, &Position::new(board.clone(), Seat::First), depth);
            }
        }
    }

    #[test]
    fn deeper_searches_find_the_middle_of_a_line_of_six() {
        // On a 1 x 6 line only the middle domino wins: it leaves two lines of two, and the
        // opponent's domino on one is answered on the other. Every other domino leaves the
        // opponent a move after which the mover has none. Depth 1 sees nothing and plays the
        // first domino; depth 2 sees those losses and plays the middle (worth 0 to it: the
        // win comes a ply later); depth 3 sees the win.
        let line = Board::new(1, 6);
        assert_eq!(choose(&line, Limit::Depth(1)), domino(0, 0, false));
        let line_to_play = Position::new(line.clone(), Seat::First);
        // The middle domino, horizontal from column 2: number 2 * 2 + 0.
        let middle = 4;
        assert_eq!(Domino::numbered(middle, 6), domino(0, 2, false));
        let middle = middle as u32;
        assert_eq!(best(&RULES, &line_to_play, 2), (middle, 0));
        let (chosen, value) = best(&RULES, &line_to_play, 3);
        assert_eq!(chosen, middle);
        assert!(value > floodgate_search::WIN - 3);
    }

    #[test]
    fn a_timed_search_deepens_until_it_sees_the_win() {
        // With a minute to spare the line of six is searched to its end (depth 1 alone would
        // play the first domino), and the search stops there instead of using the minute.
        let line = Board::new(1, 6);
        let limit = Limit::Time(std::time::Duration::from_secs(60));
        assert_eq!(choose(&line, limit), domino(0, 2, false));
    }

    #[test]
    fn a_timed_search_out_of_time_plays_its_first_ply() {
        // No time at all: the first ply still finishes and gives a legal domino.
        let board = Board::new(9, 9);
        let chosen = choose(&board, Limit::Time(std::time::Duration::ZERO));
        assert!(board.is_legal(chosen));
    }

    #[test]
    fn depth_one_takes_an_immediate_win() {
        // A line of four: the middle domino leaves two single cells and no move.
        let line = Board::new(1, 4);
        assert_eq!(choose(&line, Limit::Depth(1)), domino(0, 1, false));
    }
}
