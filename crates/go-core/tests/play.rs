//! The playing rules (docs/rules/go.md): hand-built positions, random games against a plain
//! implementation written from the rules, and counts of legal move sequences.

use floodgate_go_core::{Cell, Colour, GameState, IllegalMove, Move, Point};
use proptest::prelude::*;

/// A plain implementation of the Tromp-Taylor rules, as the rules read: a vector of points,
/// a breadth-first "reaches empty" per stone, every earlier board kept whole.
mod plain {
    use floodgate_go_core::Colour;

    pub type Board = Vec<Option<Colour>>;

    #[derive(Clone)]
    pub struct GameState {
        pub n: usize,
        pub board: Board,
        pub history: Vec<Board>,
        pub passes: usize,
    }

    impl GameState {
        pub fn new(n: usize) -> Self {
            let board = vec![None; n * n];
            Self {
                n,
                history: vec![board.clone()],
                board,
                passes: 0,
            }
        }

        fn neighbours(&self, i: usize) -> Vec<usize> {
            let (x, y, n) = (i % self.n, i / self.n, self.n);
            let mut out = Vec::new();
            if x > 0 {
                out.push(i - 1);
            }
            if x + 1 < n {
                out.push(i + 1);
            }
            if y > 0 {
                out.push(i - n);
            }
            if y + 1 < n {
                out.push(i + n);
            }
            out
        }

        /// Whether the stone on `i` reaches an empty point through stones of its colour.
        fn reaches_empty(&self, board: &Board, i: usize) -> bool {
            let colour = board[i];
            let mut seen = vec![false; board.len()];
            let mut stack = vec![i];
            seen[i] = true;
            while let Some(j) = stack.pop() {
                for k in self.neighbours(j) {
                    if board[k].is_none() {
                        return true;
                    }
                    if board[k] == colour && !seen[k] {
                        seen[k] = true;
                        stack.push(k);
                    }
                }
            }
            false
        }

        fn clear(&self, board: &mut Board, colour: Colour) {
            let dead: Vec<usize> = (0..board.len())
                .filter(|&i| board[i] == Some(colour) && !self.reaches_empty(board, i))
                .collect();
            for i in dead {
                board[i] = None;
            }
        }

        /// The board after `colour` plays on `i`, if legal.
        pub fn after(&self, colour: Colour, i: usize) -> Option<Board> {
            if self.board[i].is_some() {
                return None;
            }
            let mut board = self.board.clone();
            board[i] = Some(colour);
            self.clear(&mut board, colour.other());
            self.clear(&mut board, colour);
            (!self.history.contains(&board)).then_some(board)
        }

        pub fn play(&mut self, colour: Colour, i: Option<usize>) {
            match i {
                None => self.passes += 1,
                Some(i) => {
                    self.board = self.after(colour, i).expect("a legal move");
                    self.history.push(self.board.clone());
                    self.passes = 0;
                }
            }
        }
    }
}

fn v(x: usize, y: usize) -> Move {
    Move::Play(Cell::new(x, y))
}

/// Plays `moves` alternately from Black on an empty board of side `n`.
fn game_of(n: usize, moves: &[Move]) -> GameState {
    let mut game = GameState::new(n, 0.0);
    for &m in moves {
        let colour = game.to_move();
        game.play(colour, m).unwrap();
    }
    game
}

fn board_text(game: &GameState) -> String {
    game.position().board().to_string()
}

#[test]
fn a_stone_without_liberties_is_captured() {
    // B (1,0), W (1,1), B (0,1), pass, B (2,1), pass, B (1,2) takes the white stone.
    let game = game_of(
        3,
        &[
            v(1, 0),
            v(1, 1),
            v(0, 1),
            Move::Pass,
            v(2, 1),
            Move::Pass,
            v(1, 2),
        ],
    );
    assert_eq!(game.position().point(Cell::new(1, 1)), Point::Empty);
    assert_eq!(board_text(&game), "- X -\nX - X\n- X -\n");
    assert_eq!(game.position().empty_count(), 5);
}

#[test]
fn a_chain_is_captured_whole_at_the_edge() {
    // White's two stones on the top edge, Black around them.
    let game = game_of(4, &[v(0, 1), v(0, 0), v(1, 1), v(1, 0), v(2, 0)]);
    assert_eq!(board_text(&game), "- - X -\nX X - -\n- - - -\n- - - -\n");
}

#[test]
fn a_capture_comes_before_suicide() {
    //   - O X      Black's stone on (0,0) has no empty neighbour, but it takes the last
    //   O X -      liberty of both white stones, which are removed first: it lives.
    //   X - -
    let mut game = game_of(
        3,
        &[v(2, 0), v(1, 0), v(1, 1), v(0, 1), v(0, 2), Move::Pass],
    );
    game.play(Colour::Black, v(0, 0)).unwrap();
    assert_eq!(board_text(&game), "X - X\n- X -\nX - -\n");
}

#[test]
fn one_stone_suicide_is_refused_by_superko_and_a_larger_one_is_played() {
    //   - X -      White on (0,0) would have no liberty and capture nothing: it would be
    //   X X -      removed at once, leaving the board as it was.
    //   - - -
    let game = game_of(3, &[v(1, 0), Move::Pass, v(0, 1), Move::Pass, v(1, 1)]);
    assert_eq!(
        game.check(Colour::White, v(0, 0)),
        Err(IllegalMove::Superko)
    );
    //   O O X -
    //   - O X -    White's three stones have one liberty, (0,1). Filling it leaves a
    //   X X - -    four-stone chain with none that captures nothing: all four are removed.
    //   - - - -
    let mut big = game_of(
        4,
        &[
            v(2, 0),
            v(0, 0),
            v(2, 1),
            v(1, 0),
            v(0, 2),
            Move::Pass,
            v(1, 2),
        ],
    );
    big.play(Colour::White, v(1, 1)).unwrap();
    big.play(Colour::Black, Move::Pass).unwrap();
    big.play(Colour::White, v(0, 1)).unwrap();
    assert_eq!(board_text(&big), "- - X -\n- - X -\nX X - -\n- - - -\n");
}

#[test]
fn ko_retake_waits_for_a_change_elsewhere() {
    //   - X O - -
    //   X O - O -    Black on (2,1) takes the white stone on (1,1), and is then in atari
    //   - X O - -    itself: White retaking at once would repeat the board.
    let mut game = GameState::new(5, 0.0);
    let black = [v(1, 0), v(0, 1), v(1, 2)];
    let white = [v(2, 0), v(3, 1), v(2, 2)];
    for (b, w) in black.iter().zip(&white) {
        game.play(Colour::Black, *b).unwrap();
        game.play(Colour::White, *w).unwrap();
    }
    game.play(Colour::Black, Move::Pass).unwrap();
    game.play(Colour::White, v(1, 1)).unwrap();
    game.play(Colour::Black, v(2, 1)).unwrap();
    assert_eq!(game.position().point(Cell::new(1, 1)), Point::Empty);
    assert_eq!(
        game.check(Colour::White, v(1, 1)),
        Err(IllegalMove::Superko)
    );
    // After a white and a black move elsewhere, the retake makes a new board: allowed.
    game.play(Colour::White, v(4, 4)).unwrap();
    game.play(Colour::Black, v(4, 3)).unwrap();
    assert_eq!(game.check(Colour::White, v(1, 1)), Ok(()));
    game.play(Colour::White, v(1, 1)).unwrap();
    assert_eq!(game.position().point(Cell::new(2, 1)), Point::Empty);
}

#[test]
fn two_passes_end_the_game_and_komi_goes_to_white() {
    let mut game = GameState::new(5, 6.5);
    game.play(Colour::Black, v(2, 2)).unwrap();
    game.play(Colour::White, Move::Pass).unwrap();
    assert!(!game.is_over());
    game.play(Colour::Black, Move::Pass).unwrap();
    assert!(game.is_over());
    assert_eq!(game.margin(), 25.0 - 6.5);
}

#[test]
fn occupied_and_off_board_points_are_refused_and_undo_restores() {
    let mut game = game_of(5, &[v(2, 2)]);
    assert_eq!(
        game.check(Colour::White, v(2, 2)),
        Err(IllegalMove::Occupied)
    );
    assert_eq!(
        game.check(Colour::White, v(5, 0)),
        Err(IllegalMove::OffBoard)
    );
    let before = board_text(&game);
    game.play(Colour::White, v(1, 2)).unwrap();
    assert!(game.undo());
    assert_eq!(board_text(&game), before);
    assert_eq!(game.to_move(), Colour::White);
    assert!(game.undo());
    assert!(!game.undo());
}

/// Legal move sequences of `depth` plies (passes included; nothing after two passes).
fn perft(game: &GameState, depth: usize) -> u64 {
    if depth == 0 || game.is_over() {
        return 1;
    }
    let colour = game.to_move();
    let mut total = 0;
    let mut next = game.clone();
    next.play(colour, Move::Pass).unwrap();
    total += perft(&next, depth - 1);
    for point in game.legal_points(colour) {
        let mut next = game.clone();
        next.play(colour, Move::Play(point)).unwrap();
        total += perft(&next, depth - 1);
    }
    total
}

fn plain_perft(game: &plain::GameState, colour: Colour, depth: usize) -> u64 {
    if depth == 0 || game.passes >= 2 {
        return 1;
    }
    let mut next = game.clone();
    next.play(colour, None);
    let mut total = plain_perft(&next, colour.other(), depth - 1);
    for i in 0..game.n * game.n {
        if game.after(colour, i).is_some() {
            let mut next = game.clone();
            next.play(colour, Some(i));
            total += plain_perft(&next, colour.other(), depth - 1);
        }
    }
    total
}

#[test]
fn sequence_counts_match_the_plain_rules() {
    for (n, depth) in [(2, 7), (3, 5)] {
        let ours = perft(&GameState::new(n, 0.0), depth);
        let plain = plain_perft(&plain::GameState::new(n), Colour::Black, depth);
        assert_eq!(ours, plain, "{n} x {n}, depth {depth}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random games on small boards: at every turn both implementations agree on which points
    /// are legal and on the board after the move.
    #[test]
    fn random_games_match_the_plain_rules(
        n in 2usize..=6,
        picks in prop::collection::vec(any::<u16>(), 1..120),
    ) {
        let mut game = GameState::new(n, 0.0);
        let mut reference = plain::GameState::new(n);
        for pick in picks {
            let colour = game.to_move();
            let ours: Vec<usize> = game
                .legal_points(colour)
                .iter()
                .map(|p| p.y * n + p.x)
                .collect();
            let theirs: Vec<usize> =
                (0..n * n).filter(|&i| reference.after(colour, i).is_some()).collect();
            prop_assert_eq!(&ours, &theirs);
            // One pick in eight passes (so that games end now and then).
            let choice = (pick % 8 != 0 && !ours.is_empty())
                .then(|| ours[usize::from(pick / 8) % ours.len()]);
            let m = choice.map_or(Move::Pass, |i| Move::Play(Cell::new(i % n, i / n)));
            game.play(colour, m).unwrap();
            reference.play(colour, choice);
            for i in 0..n * n {
                let expected = match reference.board[i] {
                    Some(Colour::Black) => Point::Black,
                    Some(Colour::White) => Point::White,
                    None => Point::Empty,
                };
                prop_assert_eq!(game.position().point(Cell::new(i % n, i / n)), expected);
            }
            if game.is_over() {
                prop_assert!(reference.passes >= 2);
                break;
            }
        }
    }
}
