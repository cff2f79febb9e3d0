//! The SGF reader and writer: hand-written games, round trips, results and errors.

use super::*;

fn at(x: usize, y: usize) -> Move {
    Move::Play(Cell::new(x, y))
}

#[test]
fn a_hand_written_game_reads_with_its_setup_names_and_moves() {
    let text = "(;FF[4]GM[1]SZ[9]KM[6.5]PB[Black \\] one]PW[White]RE[W+R]\n\
                C[a soft\\\nbreak]AB[aa][cc:dd]AW[ii]PL[W]\n;W[ee]\n;B[tt];W[])";
    let game: Sgf = text.parse().unwrap();
    assert_eq!(game.size, 9);
    assert_eq!(game.komi, Some(6.5));
    assert_eq!(game.black_name.as_deref(), Some("Black ] one"));
    assert_eq!(game.white_name.as_deref(), Some("White"));
    assert_eq!(game.result.as_deref(), Some("W+R"));
    assert_eq!(game.comment.as_deref(), Some("a softbreak"));
    let black: Vec<Cell> = [(0, 0), (2, 2), (3, 2), (2, 3), (3, 3)]
        .map(|(x, y)| Cell::new(x, y))
        .to_vec();
    assert_eq!(game.black_stones, black);
    assert_eq!(game.white_stones, vec![Cell::new(8, 8)]);
    assert_eq!(game.to_play, Some(Colour::White));
    let moves = [
        (Colour::White, at(4, 4)),
        (Colour::Black, Move::Pass),
        (Colour::White, Move::Pass),
    ];
    assert_eq!(game.moves, moves);
}

#[test]
fn the_main_line_follows_the_first_variation_and_the_size_defaults_to_19() {
    let text = "(;GM[1];B[pd](;W[dp];B[pp](;W[dd]))(;W[dd];B[qq]))";
    let game: Sgf = text.parse().unwrap();
    assert_eq!(game.size, 19);
    let colours: Vec<Colour> = game.moves.iter().map(|&(c, _)| c).collect();
    assert_eq!(colours.len(), 4);
    assert_eq!(game.moves[1], (Colour::White, at(3, 15)));
    assert_eq!(game.moves[3], (Colour::White, at(3, 3)));
    // `tt` is a point on boards larger than 19.
    let big: Sgf = "(;SZ[21];B[tt])".parse().unwrap();
    assert_eq!(big.moves, [(Colour::Black, at(19, 19))]);
}

#[test]
fn a_game_writes_as_one_line_that_reads_back_the_same() {
    let mut game = Sgf::new(13);
    game.komi = Some(7.0);
    game.comment = Some("a ] and a \\".to_string());
    game.black_stones = vec![Cell::new(3, 3)];
    game.to_play = Some(Colour::White);
    game.moves = vec![(Colour::White, at(9, 9)), (Colour::Black, Move::Pass)];
    let text = game.to_string();
    assert_eq!(
        text,
        "(;GM[1]FF[4]SZ[13]KM[7]C[a \\] and a \\\\]AB[dd]PL[W];W[jj];B[])"
    );
    assert!(!text.contains('\n'));
    assert_eq!(text.parse::<Sgf>(), Ok(game));
}

#[test]
fn texts_that_are_not_go_games_say_what_is_wrong_and_where() {
    let problem = |text: &str| text.parse::<Sgf>().unwrap_err();
    assert_eq!(
        problem("").problem,
        SgfProblem::Expected("'(' (a game tree)")
    );
    assert_eq!(problem("()").problem, SgfProblem::Expected("';' (a node)"));
    assert_eq!(problem("(;SZ[9]").at, 7);
    assert_eq!(problem("(;C[open").problem, SgfProblem::UnclosedValue);
    assert_eq!(problem("(;C[open").at, 3);
    assert_eq!(
        problem("(;GM[2])").problem,
        SgfProblem::NotGo("2".to_string())
    );
    assert_eq!(
        problem("(;SZ[0])").problem,
        SgfProblem::BadSize("0".to_string())
    );
    assert_eq!(
        problem("(;SZ[9:11])").problem,
        SgfProblem::BadSize("9:11".to_string())
    );
    assert_eq!(
        problem("(;KM[seven])").problem,
        SgfProblem::BadKomi("seven".to_string())
    );
    assert_eq!(
        problem("(;PL[X])").problem,
        SgfProblem::BadPlayer("X".to_string())
    );
    let off = problem("(;SZ[9];B[aj])");
    assert_eq!(
        (off.problem, off.at),
        (SgfProblem::BadPoint("aj".to_string()), 8)
    );
    assert_eq!(
        problem("(;SZ[9];B[a])").problem,
        SgfProblem::BadPoint("a".to_string())
    );
    let late = problem("(;SZ[9];B[aa]AB[bb])").problem;
    assert_eq!(late, SgfProblem::SetupAfterStart("AB".to_string()));
    assert_eq!(
        problem("(;B)").problem,
        SgfProblem::Expected("'[' (a property's value)")
    );
    assert_eq!(
        problem("(;SZ[9];B[aa]").to_string(),
        "expected ')' (the end of a game tree) at byte 13"
    );
}

#[test]
fn a_game_record_writes_over_lines_and_reads_back_with_its_comments_rules_and_date() {
    let mut game = Sgf::new(9);
    game.komi = Some(7.0);
    game.rules = Some("Tromp-Taylor".to_string());
    game.date = Some("2025-03-14".to_string());
    game.application = Some("floodgate-arena:0.1.0".to_string());
    game.black_name = Some("go-gtp [fast] \\ 1".to_string());
    game.white_name = Some("random".to_string());
    game.result = Some(Outcome::Score(Colour::White, 7.0).to_string());
    game.comment = Some("two\nlines".to_string());
    game.moves = vec![
        (Colour::Black, at(4, 4)),
        (Colour::White, at(2, 6)),
        (Colour::Black, Move::Pass),
    ];
    game.move_comments = BTreeMap::from([(0, "1.234 s".to_string()), (2, "a ] b \\".to_string())]);
    let text = format!("{game:#}");
    assert_eq!(
        text,
        "(;GM[1]FF[4]SZ[9]KM[7]AP[floodgate-arena:0.1.0]RU[Tromp-Taylor]DT[2025-03-14]\
         PB[go-gtp [fast\\] \\\\ 1]PW[random]RE[W+7]C[two\nlines]\n\
         ;B[ee]C[1.234 s]\n;W[cg]\n;B[]C[a \\] b \\\\])"
    );
    assert_eq!(text.parse::<Sgf>(), Ok(game.clone()));
    assert_eq!(
        game.to_string().lines().count(),
        2,
        "one line but the comment's"
    );
    assert_eq!(game.to_string().parse::<Sgf>(), Ok(game.clone()));
    // A text that is not ASCII says its character set.
    game.white_name = Some("Shūsaku".to_string());
    assert!(game.to_string().starts_with("(;GM[1]FF[4]CA[UTF-8]SZ[9]"));
    assert_eq!(game.to_string().parse::<Sgf>(), Ok(game));
}

#[test]
fn a_comment_belongs_to_its_node_s_move_or_else_to_the_move_before() {
    let text = "(;SZ[9]C[root];C[before any move];C[first]B[aa];W[bb]\n;C[after]\n;C[more])";
    let game: Sgf = text.parse().unwrap();
    assert_eq!(game.comment.as_deref(), Some("root"));
    let comments = BTreeMap::from([(0, "first".to_string()), (1, "after\nmore".to_string())]);
    assert_eq!(game.move_comments, comments);
    // Comments of moves the game does not hold are not written.
    let mut short = game.clone();
    short.moves.truncate(1);
    assert_eq!(short.to_string(), "(;GM[1]FF[4]SZ[9]C[root];B[aa]C[first])");
}

#[test]
fn results_read_and_write_as_sgf_spells_them() {
    let (black, white) = (Colour::Black, Colour::White);
    let cases = [
        ("B+3.5", Outcome::Score(black, 3.5)),
        ("W+7", Outcome::Score(white, 7.0)),
        ("B+R", Outcome::Resignation(black)),
        ("W+T", Outcome::Time(white)),
        ("B+F", Outcome::Forfeit(black)),
        ("W+", Outcome::Win(white)),
        ("0", Outcome::Draw),
        ("Void", Outcome::Void),
        ("?", Outcome::Unknown),
    ];
    for (text, outcome) in cases {
        assert_eq!(Outcome::parse(text), Some(outcome), "{text}");
        assert_eq!(outcome.to_string(), text);
    }
    assert_eq!(Outcome::parse("Draw"), Some(Outcome::Draw));
    assert_eq!(Outcome::parse("W+Time"), Some(Outcome::Time(white)));
    assert_eq!(Outcome::parse("B+Forfeit"), Some(Outcome::Forfeit(black)));
    assert_eq!(Outcome::Score(black, 2.0).winner(), Some(black));
    assert_eq!(Outcome::Draw.winner(), None);
    for bad in ["", "B", "B+x", "B+-3", "B+inf", "W+NaN", "Jigo", "b+3"] {
        assert_eq!(Outcome::parse(bad), None, "{bad}");
    }
    let game: Sgf = "(;SZ[9]RE[W+R])".parse().unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Resignation(white)));
    assert_eq!(Sgf::new(9).outcome(), None);
}
