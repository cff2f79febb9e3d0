//! The GTP codec: requests, vertices and replies.

use floodgate_go_core::gtp::{
    self, AnalyzeRequest, AnalyzeStyle, Command, GtpMove, ParseError, Request,
};
use floodgate_go_core::{Cell, Colour, Move};

fn parse(line: &str) -> Result<Request, ParseError> {
    line.parse()
}

#[test]
fn requests_parse_with_and_without_ids() {
    assert_eq!(
        parse("genmove b").unwrap(),
        Request {
            id: None,
            command: Command::GenMove(Colour::Black)
        }
    );
    assert_eq!(
        parse("3 play WHITE t19\r").unwrap(),
        Request {
            id: Some(3),
            command: Command::Play(Colour::White, GtpMove::Vertex('T', 19))
        }
    );
    assert_eq!(
        parse("\tkomi\t7.5 # comment").unwrap().command,
        Command::Komi(7.5)
    );
    assert_eq!(
        parse("time_settings 300 10 5").unwrap().command,
        Command::TimeSettings {
            main: 300.0,
            byo_yomi: 10.0,
            stones: 5
        }
    );
    assert_eq!(
        parse("time_left w 12.5 3").unwrap().command,
        Command::TimeLeft {
            colour: Colour::White,
            time: 12.5,
            stones: 3
        }
    );
}

#[test]
fn lines_without_a_request_and_bad_requests_are_told_apart() {
    assert_eq!(parse(""), Err(ParseError::Empty));
    assert_eq!(parse("   # only a comment"), Err(ParseError::Empty));
    assert_eq!(
        parse("5 frobnicate"),
        Err(ParseError::Unknown { id: Some(5) })
    );
    assert_eq!(parse("5"), Err(ParseError::Unknown { id: Some(5) }));
    for (line, message) in [
        ("play b", "invalid coordinate"),
        ("play b Z0", "invalid coordinate"),
        ("play b A26", "invalid coordinate"),
        ("play b I5", "invalid coordinate"),
        ("play x A1", "invalid color"),
        ("komi nan", "komi not a float"),
        ("komi inf", "komi not a float"),
        ("boardsize -1", "boardsize not an integer"),
        ("known_command", "known_command needs a name"),
    ] {
        assert_eq!(
            parse(line),
            Err(ParseError::BadArguments { id: None, message }),
            "{line}"
        );
    }
}

#[test]
fn vertices_map_to_points_from_the_bottom_left() {
    let corner = GtpMove::Vertex('A', 1);
    assert_eq!(corner.on_board(9), Some(Move::Play(Cell::new(0, 8))));
    assert_eq!(
        GtpMove::Vertex('J', 9).on_board(9),
        Some(Move::Play(Cell::new(8, 0)))
    );
    assert_eq!(GtpMove::Vertex('K', 1).on_board(9), None);
    assert_eq!(GtpMove::Vertex('A', 10).on_board(9), None);
    assert_eq!(GtpMove::Pass.on_board(9), Some(Move::Pass));
    for size in [2, 9, 19, 25] {
        for y in 0..size {
            for x in 0..size {
                let m = Move::Play(Cell::new(x, y));
                let written = GtpMove::from_move(m, size);
                let read: GtpMove = written.to_string().parse().unwrap();
                assert_eq!(read.on_board(size), Some(m), "{written}");
            }
        }
    }
    assert_eq!("PASS".parse::<GtpMove>().unwrap(), GtpMove::Pass);
    for colour in [Colour::Black, Colour::White] {
        let line = format!("genmove {}", gtp::colour_word(colour));
        assert_eq!(parse(&line).unwrap().command, Command::GenMove(colour));
    }
}

#[test]
fn replies_and_scores_are_written_as_gtp_asks() {
    assert_eq!(gtp::success(None, ""), "=\n\n");
    assert_eq!(gtp::success(Some(4), "C3"), "=4 C3\n\n");
    assert_eq!(gtp::failure(None, "illegal move"), "? illegal move\n\n");
    assert_eq!(gtp::score_text(3.5), "B+3.5");
    assert_eq!(gtp::score_text(-7.0), "W+7");
    assert_eq!(gtp::score_text(0.0), "0");
}

#[test]
fn analysis_requests_parse_as_sabaki_lizzie_and_katago_send_them() {
    let analyze = |line| match parse(line).map(|r| r.command) {
        Ok(Command::Analyze(request)) => Ok(request),
        other => Err(format!("{other:?}")),
    };
    let lz = |colour, interval_cs, max_moves, min_moves| AnalyzeRequest {
        style: AnalyzeStyle::LeelaZero,
        colour,
        interval_cs,
        max_moves,
        min_moves,
    };
    assert_eq!(analyze("lz-analyze 50"), Ok(lz(None, 50, None, 0)));
    assert_eq!(
        analyze("lz-analyze B 25"),
        Ok(lz(Some(Colour::Black), 25, None, 0))
    );
    assert_eq!(analyze("lz-analyze"), Ok(lz(None, 100, None, 0)));
    assert_eq!(
        analyze("lz-analyze w interval 10 maxmoves 5 minmoves 2"),
        Ok(lz(Some(Colour::White), 10, Some(5), 2))
    );
    assert_eq!(
        analyze("lz-analyze 0"),
        Ok(lz(None, 1, None, 0)),
        "at least 1 cs"
    );
    let kata = analyze("kata-analyze b 20 ownership true pvVisits true").unwrap();
    assert_eq!(kata.style, AnalyzeStyle::KataGo);
    assert_eq!((kata.colour, kata.interval_cs), (Some(Colour::Black), 20));
    for bad in [
        "lz-analyze 10 interval",
        "lz-analyze 10 avoid b D4 1",
        "lz-analyze 10 maxmoves x",
    ] {
        assert!(
            matches!(parse(bad), Err(ParseError::BadArguments { .. })),
            "{bad}"
        );
    }
    assert_eq!(
        parse("loadsgf game.sgf 12").map(|r| r.command),
        Ok(Command::LoadSgf {
            file: "game.sgf".into(),
            move_number: Some(12)
        })
    );
    assert_eq!(
        parse("printsgf").map(|r| r.command),
        Ok(Command::PrintSgf(None))
    );
}
