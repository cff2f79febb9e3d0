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
