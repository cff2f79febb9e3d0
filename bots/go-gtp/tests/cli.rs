//! The `go-gtp` binary as a GTP controller drives it: a command per line, a reply per command.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use floodgate_botkit::testing::{assert_refused, run_bot};
use floodgate_go_core::gtp::{GtpMove, colour_word};
use floodgate_go_core::{Colour, GameState, Move};

const BOT: &str = env!("CARGO_BIN_EXE_go-gtp");

/// A running engine and its pipes.
struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start(args: &[&str]) -> Self {
        let mut child = Command::new(BOT)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("go-gtp starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Self {
            child,
            input,
            output,
        }
    }

    /// Sends `line` and returns the reply without its final empty line.
    fn send(&mut self, line: &str) -> String {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
        let mut reply = String::new();
        loop {
            let mut row = String::new();
            assert!(
                self.output.read_line(&mut row).unwrap() > 0,
                "no reply to {line:?}"
            );
            if row == "\n" {
                return reply.trim_end_matches('\n').to_string();
            }
            reply.push_str(&row);
        }
    }

    /// Sends `line` without reading a reply.
    fn write(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// The next line the engine writes, its end cut off.
    fn line(&mut self) -> String {
        let mut row = String::new();
        assert!(self.output.read_line(&mut row).unwrap() > 0, "no line");
        row.trim_end_matches('\n').to_string()
    }

    /// Sends `line` while an analysis streams: the analysis lines until the empty line that
    /// ends its reply are read past, so that the reply to `line` is read next.
    fn end_stream_with(&mut self, line: &str) {
        self.write(line);
        let mut row = self.line();
        while row.starts_with("info") {
            row = self.line();
        }
        assert_eq!(row, "", "an empty line ends the analysis's reply");
    }

    fn quit(mut self) {
        assert_eq!(self.send("quit"), "=");
        assert!(self.child.wait().unwrap().success());
    }
}

#[test]
fn answers_the_administrative_commands() {
    let mut engine = Engine::start(&[]);
    assert_eq!(engine.send("protocol_version"), "= 2");
    assert_eq!(engine.send("name"), "= floodgate");
    assert_eq!(
        engine.send("version"),
        format!("= {}", env!("CARGO_PKG_VERSION"))
    );
    assert_eq!(engine.send("known_command genmove"), "= true");
    assert_eq!(engine.send("known_command fly"), "= false");
    let list = engine.send("list_commands");
    for command in [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "undo",
        "final_score",
        "showboard",
        "time_settings",
        "time_left",
        "quit",
    ] {
        assert!(
            list.lines()
                .any(|l| l == command || l == format!("= {command}")),
            "{command}"
        );
    }
    // Ids are echoed; comments and empty lines are ignored; errors start with `?`.
    assert_eq!(engine.send("7 name # a comment"), "=7 floodgate");
    assert_eq!(engine.send("12 fly"), "?12 unknown command");
    assert_eq!(engine.send("boardsize 26"), "? unacceptable size");
    assert_eq!(engine.send("boardsize x"), "? boardsize not an integer");
    assert_eq!(engine.send("komi 6.5"), "=");
    assert_eq!(engine.send("time_settings 300 5 1"), "=");
    assert_eq!(engine.send("time_left b 30 0"), "=");
    engine.quit();
}

#[test]
fn plays_the_rules_and_scores_with_komi() {
    let mut engine = Engine::start(&[]);
    assert_eq!(engine.send("boardsize 5"), "=");
    assert_eq!(engine.send("komi 0.5"), "=");
    assert_eq!(engine.send("clear_board"), "=");
    // White's A5 is captured by B5 and A4.
    assert_eq!(engine.send("play b B5"), "=");
    assert_eq!(engine.send("play w A5"), "=");
    assert_eq!(engine.send("play b A4"), "=");
    assert_eq!(engine.send("play w B5"), "? illegal move");
    assert_eq!(engine.send("play w F1"), "? invalid coordinate");
    assert_eq!(engine.send("play w I1"), "? invalid coordinate");
    assert_eq!(engine.send("play green A1"), "? invalid color");
    // Black holds the board: once both pass, 25 points, less komi.
    assert_eq!(engine.send("play w pass"), "=");
    assert_eq!(engine.send("play b pass"), "=");
    assert_eq!(engine.send("final_score"), "= B+24.5");
    assert_eq!(engine.send("undo"), "=");
    assert_eq!(engine.send("undo"), "=");
    let board = engine.send("showboard");
    assert!(board.contains(" 5 . X . . . 5"), "{board}");
    assert!(board.contains(" 4 X . . . . 4"), "{board}");
    // White retaking A5 at once would capture nothing and die: the board would repeat.
    assert_eq!(engine.send("is_legal w A5"), "= 0");
    assert_eq!(engine.send("is_legal w C5"), "= 1");
    assert_eq!(engine.send("undo"), "=");
    // Without A4 the empty points reach both colours: one stone each, and komi.
    assert_eq!(engine.send("play b pass"), "=");
    assert_eq!(engine.send("play w pass"), "=");
    assert_eq!(engine.send("final_score"), "= W+0.5");
    engine.quit();
}

/// A whole game, the engine against itself on 5 x 5: every move legal by an independent game
/// record, two passes end it.
#[test]
fn genmove_plays_a_legal_game_to_the_end() {
    let mut engine = Engine::start(&["--budget-ms", "30"]);
    assert_eq!(engine.send("boardsize 5"), "=");
    assert_eq!(engine.send("komi 0.5"), "=");
    let mut game = GameState::new(5, 0.5);
    let mut colour = Colour::Black;
    for _ in 0..200 {
        if game.is_over() {
            break;
        }
        let reply = engine.send(&format!("genmove {}", colour_word(colour)));
        let word = reply.strip_prefix("= ").expect(&reply);
        let m = word
            .parse::<GtpMove>()
            .ok()
            .and_then(|m| m.on_board(5))
            .unwrap_or_else(|| panic!("not a move: {reply}"));
        game.play(colour, m)
            .unwrap_or_else(|e| panic!("{m:?} by {colour:?}: {e}"));
        colour = colour.other();
    }
    assert!(game.is_over(), "no two passes in 200 moves");
    assert!(matches!(game.moves().last(), Some((_, Move::Pass))));
    let expected = floodgate_go_core::gtp::score_text(game.margin());
    assert_eq!(engine.send("final_score"), format!("= {expected}"));
    engine.quit();
}

/// Before the game is over, `final_score` is where the game is headed, not the board's area
/// now: one black stone on an empty board scores B+74 by area, but decides nothing.
#[test]
fn final_score_before_the_end_estimates_the_played_out_score() {
    let mut engine = Engine::start(&[]);
    assert_eq!(engine.send("boardsize 9"), "=");
    assert_eq!(engine.send("komi 7"), "=");
    assert_eq!(engine.send("play b E5"), "=");
    let early = engine.send("final_score");
    let margin = |reply: &str| -> f64 {
        let text = reply.strip_prefix("= ").expect(reply);
        match text.split_once('+') {
            Some(("B", k)) => k.parse().unwrap(),
            Some(("W", k)) => -k.parse::<f64>().unwrap(),
            _ => 0.0,
        }
    };
    assert!(margin(&early).abs() < 40.0, "{early}");
    // White's lone stone in the corner of a board Black walls off is dead: Black wins big.
    for vertex in ["C1", "C2", "C3", "B3", "A3"] {
        assert_eq!(engine.send(&format!("play b {vertex}")), "=");
    }
    assert_eq!(engine.send("play w A1"), "=");
    assert_eq!(engine.send("play b B1"), "=");
    let late = engine.send("final_score");
    assert_eq!(
        late,
        engine.send("final_score"),
        "one position, one estimate"
    );
    assert!(margin(&late) > 0.0, "{late}");
    engine.quit();
}

#[test]
fn a_line_too_long_fails_and_the_next_one_is_read() {
    let mut engine = Engine::start(&[]);
    let long = format!("boardsize {}", "9".repeat(100_000));
    assert_eq!(engine.send(&long), "? line too long");
    assert_eq!(engine.send("1 boardsize 9"), "=1");
    engine.quit();
}

#[test]
fn bad_arguments_exit_with_status_2_and_one_line() {
    for args in [
        &["--budget"][..],
        &["--budget-ms"],
        &["--threads", "many"],
        &["--memory-mb", "-1"],
    ] {
        assert_refused(&run_bot(BOT, args, b""), BOT, "");
    }
}

#[test]
fn help_and_version_end_quietly_when_the_reader_has_gone() {
    floodgate_botkit::testing::assert_quiet_on_closed_pipe(BOT);
}

/// One `info` entry of an analysis line, read as Sabaki and Lizzie read them: keys and
/// values, then `pv` and the moves to the end of the entry.
#[derive(Debug)]
struct Info {
    mv: String,
    visits: u32,
    winrate: f64,
    order: usize,
    pv: Vec<String>,
    score_lead: Option<f64>,
}

fn parse_info_line(line: &str) -> Vec<Info> {
    assert!(line.starts_with("info move "), "{line}");
    line.split("info ")
        .filter(|entry| !entry.trim().is_empty())
        .map(|entry| {
            let (fields, pv) = entry.split_once(" pv ").expect("a pv");
            let words: Vec<&str> = fields.split_whitespace().collect();
            let value = |key: &str| {
                let at = words.iter().position(|w| *w == key);
                at.map(|at| words[at + 1].to_string())
            };
            Info {
                mv: value("move").unwrap(),
                visits: value("visits").unwrap().parse().unwrap(),
                winrate: value("winrate").unwrap().parse().unwrap(),
                order: value("order").unwrap().parse().unwrap(),
                pv: pv.split_whitespace().map(str::to_string).collect(),
                score_lead: value("scoreLead").map(|v| v.parse().unwrap()),
            }
        })
        .collect()
}

/// Checks an analysis line's entries for `colour` to move in `game`: ordered, each move legal,
/// each principal variation playable, the win rates within `0..=top`.
fn check_entries(entries: &[Info], game: &GameState, colour: Colour, top: f64) {
    assert!(!entries.is_empty());
    for (order, entry) in entries.iter().enumerate() {
        assert_eq!(entry.order, order);
        assert_eq!(entry.pv.first(), Some(&entry.mv));
        assert!((0.0..=top).contains(&entry.winrate), "{entry:?}");
        if order > 0 {
            assert!(entry.visits <= entries[order - 1].visits, "{entries:?}");
        }
        let mut line = game.clone();
        let mut player = colour;
        for vertex in &entry.pv {
            let m = vertex
                .parse::<GtpMove>()
                .unwrap()
                .on_board(game.size())
                .unwrap();
            line.play(player, m)
                .unwrap_or_else(|e| panic!("{entry:?}: {e}"));
            player = player.other();
        }
    }
}

#[test]
fn lz_analyze_streams_lines_until_the_next_command() {
    let mut engine = Engine::start(&["--seed", "3"]);
    for command in ["boardsize 9", "komi 7", "play b E5"] {
        assert_eq!(engine.send(command), "=");
    }
    let mut game = GameState::new(9, 7.0);
    game.play(
        Colour::Black,
        "E5".parse::<GtpMove>().unwrap().on_board(9).unwrap(),
    )
    .unwrap();
    engine.write("4 lz-analyze w 5");
    assert_eq!(engine.line(), "=4");
    let mut searched = Vec::new();
    for _ in 0..3 {
        let entries = parse_info_line(&engine.line());
        check_entries(&entries, &game, Colour::White, 10000.0);
        searched.push(entries.iter().map(|e| e.visits).sum::<u32>());
    }
    assert!(searched.windows(2).all(|w| w[0] <= w[1]), "{searched:?}");
    assert!(searched[2] > 0);
    // The next command ends the stream with an empty line, then is answered.
    engine.end_stream_with("name");
    assert_eq!(engine.line(), "= floodgate");
    assert_eq!(engine.line(), "");
    engine.quit();
}

#[test]
fn kata_analyze_adds_the_score_lead_and_keeps_to_maxmoves() {
    let mut engine = Engine::start(&["--seed", "4"]);
    assert_eq!(engine.send("boardsize 9"), "=");
    engine.write("kata-analyze b interval 5 maxmoves 3 ownership false");
    assert_eq!(engine.line(), "=");
    for _ in 0..2 {
        let entries = parse_info_line(&engine.line());
        assert!(entries.len() <= 3, "{entries:?}");
        check_entries(&entries, &GameState::new(9, 0.0), Colour::Black, 1.0);
        assert!(
            entries
                .iter()
                .all(|e| e.score_lead.is_some_and(|s| s.abs() <= 81.0))
        );
    }
    engine.end_stream_with("kata-analyze b 5 avoid b D4 1");
    assert_eq!(engine.line(), "? unknown analysis key");
    assert_eq!(engine.line(), "");
    engine.quit();
}

#[test]
fn gogui_lists_analysis_commands_that_it_can_run() {
    let mut engine = Engine::start(&["--budget-ms", "100"]);
    assert_eq!(engine.send("boardsize 9"), "=");
    let reply = engine.send("gogui-analyze_commands");
    let commands: Vec<&str> = reply.trim_start_matches("= ").lines().collect();
    assert!(commands.len() >= 2, "{reply}");
    for entry in commands {
        let fields: Vec<&str> = entry.split('/').collect();
        assert_eq!(fields.len(), 3, "type/label/command: {entry}");
        let name = fields[2].split_whitespace().next().unwrap();
        assert_eq!(engine.send(&format!("known_command {name}")), "= true");
    }
    let graphics = engine.send("floodgate-candidates w");
    let lines: Vec<&str> = graphics.trim_start_matches("= ").lines().collect();
    assert!(lines[0].starts_with("VAR w "), "{graphics}");
    assert!(lines[1].starts_with("LABEL "), "{graphics}");
    assert!(lines[2].starts_with("TEXT "), "{graphics}");
    engine.quit();
}

#[test]
fn loadsgf_and_printsgf_read_and_write_games() {
    let folder = std::env::temp_dir().join(format!("go-gtp-sgf-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let game = folder.join("game.sgf");
    std::fs::write(
        &game,
        "(;GM[1]FF[4]SZ[9]KM[6.5]PB[a]PW[b];B[ee];W[cc]\n;B[gg];W[])",
    )
    .unwrap();
    let path = game.to_str().unwrap();
    let mut engine = Engine::start(&[]);
    assert_eq!(engine.send(&format!("loadsgf {path}")), "=");
    assert_eq!(
        engine.send("printsgf"),
        "= (;GM[1]FF[4]SZ[9]KM[6.5]RU[Tromp-Taylor];B[ee];W[cc];B[gg];W[])"
    );
    // Up to before move 3; then a file written by printsgf reads back the same.
    assert_eq!(engine.send(&format!("loadsgf {path} 3")), "=");
    let copy = folder.join("copy.sgf");
    let copy = copy.to_str().unwrap();
    assert_eq!(engine.send(&format!("printsgf {copy}")), "=");
    assert_eq!(engine.send("clear_board"), "=");
    assert_eq!(engine.send(&format!("loadsgf {copy}")), "=");
    assert_eq!(
        engine.send("printsgf"),
        "= (;GM[1]FF[4]SZ[9]KM[6.5]RU[Tromp-Taylor];B[ee];W[cc])"
    );
    // Files that cannot be played here are refused and the game stays as it was.
    std::fs::write(&game, "(;SZ[9]AB[aa];W[bb])").unwrap();
    let refused = engine.send(&format!("loadsgf {path}"));
    assert!(
        refused.starts_with("? cannot load file: setup stones"),
        "{refused}"
    );
    std::fs::write(&game, "(;SZ[9];B[ee];W[ee])").unwrap();
    let refused = engine.send(&format!("loadsgf {path}"));
    assert!(
        refused.starts_with("? cannot load file: move 2"),
        "{refused}"
    );
    let missing = engine.send("loadsgf /nonexistent/game.sgf");
    assert!(missing.starts_with("? cannot load file"), "{missing}");
    assert_eq!(
        engine.send("printsgf"),
        "= (;GM[1]FF[4]SZ[9]KM[6.5]RU[Tromp-Taylor];B[ee];W[cc])"
    );
    engine.quit();
    std::fs::remove_dir_all(&folder).unwrap();
}
