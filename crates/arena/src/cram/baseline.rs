//! The `alphabeta` baseline for Cram, on the rules of `floodgate_cram_core::board::Board`.

use floodgate_cram_core::board::{Board, Domino};
use floodgate_search::{Game, MoveList, Outcome, Player, Score, mix};

use crate::baseline::{Limit, search_move};

/// Cram on the rules of `floodgate_cram_core::board::Board`, with the baseline's evaluation. The board
/// does not say whose turn it is, so a position is the board and the player to move.
#[derive(Clone, Copy, Debug)]
struct Rules;

impl Game for Rules {
    type State = (Board, Player);
    type Move = Domino;

    fn player_to_move(&self, &(_, player): &(Board, Player)) -> Player {
        player
    }

    fn generate_moves(&self, (board, _): &(Board, Player), moves: &mut MoveList<Domino>) {
        moves.extend(board.moves());
    }

    fn outcome(&self, (board, player): &(Board, Player)) -> Option<Outcome> {
        // The player with no move loses.
        (!board.has_move()).then(|| Outcome::Win(player.other()))
    }

    fn next(&self, (board, player): &(Board, Player), domino: Domino) -> (Board, Player) {
        let mut next = board.clone();
        next.play(domino);
        (next, player.other())
    }

    fn evaluate(&self, _: &(Board, Player)) -> Score {
        0
    }

    /// A loss, with no margin beyond that.
    fn final_margin(&self, _: &(Board, Player)) -> Score {
        -1
    }

    fn hash(&self, (board, player): &(Board, Player)) -> u64 {
        let cells = board.empty().iter();
        cells.fold(player.index() as u64, |hash, cell| {
            mix(hash ^ (cell.y * board.columns() + cell.x) as u64)
        })
    }
}

/// The domino the baseline searching within `limit` places on `board` (which has a legal one).
///
/// Evaluation at the horizon: 0 (no opinion), so only wins and losses within the plies searched
/// count and otherwise the first legal domino is played (horizontal ones first, then
/// vertical, each by its upper-left cell in reading order). Every domino of every node is
/// tried: meant for small boards (the arena uses 5 x 5 to 21 x 21), not the 999 x 999 ones.
pub fn choose(board: &Board, limit: Limit) -> Domino {
    search_move(Rules, &(board.clone(), Player::First), limit)
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
                assert_matches_minimax(&Rules, &(board.clone(), Player::First), depth);
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
        let line_to_play = (line.clone(), Player::First);
        assert_eq!(best(&Rules, &line_to_play, 2), (domino(0, 2, false), 0));
        let (chosen, value) = best(&Rules, &line_to_play, 3);
        assert_eq!(chosen, domino(0, 2, false));
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
