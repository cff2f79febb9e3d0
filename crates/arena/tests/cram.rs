//! The Cram referee driving real processes: what each seat is told, full games of the built-ins
//! as processes, and broken bots that must lose with the right reason.

mod common;

use common::{Limited, builtin, sh};
use floodgate_arena::cram::Cram;
use floodgate_arena::player::Player;
use floodgate_arena::record::GameRecord;
use floodgate_arena::replay::Replay;
use floodgate_cram_core::codec::{parse_init, parse_move};

fn process(name: &str) -> Player {
    common::process("cram", name)
}

/// A referee whose limits are `per_move` a move and twice that to say OK.
fn limits(per_move_ms: u64) -> Limited<Cram> {
    Limited::new(Cram::default(), per_move_ms)
}

fn play_game(players: [&Player; 2], init: &str, seed: u64, referee: Limited<Cram>) -> GameRecord {
    referee.play(init, players, seed)
}

/// The built-in `name` as a process whose input is copied to `file`.
fn recorded(name: &str, file: &std::path::Path) -> Player {
    sh(&format!(
        "tee {} | {} player cram {name}",
        file.display(),
        env!("CARGO_BIN_EXE_arena")
    ))
}

fn relaxed() -> Limited<Cram> {
    limits(5000)
}

#[test]
fn each_seat_gets_the_judges_lines() {
    let dir = std::env::temp_dir().join(format!("cram-referee-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (first, second) = (dir.join("first"), dir.join("second"));
    let init = "7_3x3_3x3_0x6";
    let record = play_game(
        [&recorded("greedy", &first), &recorded("random", &second)],
        init,
        1,
        relaxed(),
    );
    assert!(record.forfeit.is_none(), "{record:?}");
    let lines = |path: &std::path::Path| -> Vec<String> {
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(String::from)
            .collect()
    };
    let (to_first, to_second) = (lines(&first), lines(&second));
    let moves: Vec<&str> = record.moves.iter().map(|m| m.text.as_str()).collect();
    // Player 1: the init line, START, then player 2's moves; player 2: the init line, then
    // player 1's moves (never START); both end with STOP, which takes the place of the move
    // that ended the game.
    assert_eq!(to_first[..2], [init, "START"]);
    assert_eq!(to_second[0], init);
    let forwarded = |lines: &[String]| -> Vec<String> {
        lines[1..]
            .iter()
            .filter(|l| l.contains('_'))
            .cloned()
            .collect()
    };
    // The game's last move is not forwarded: the other player has no move, and gets STOP.
    let every_other = |skip: usize| -> Vec<String> {
        let forwarded = &moves[..moves.len() - 1];
        forwarded
            .iter()
            .skip(skip)
            .step_by(2)
            .map(|m| m.to_string())
            .collect()
    };
    assert_eq!(forwarded(&to_first), every_other(1));
    assert_eq!(forwarded(&to_second), every_other(0));
    assert!(!to_second.iter().any(|l| l == "START"));
    assert_eq!(to_first.last().map(String::as_str), Some("STOP"));
    assert_eq!(to_second.last().map(String::as_str), Some("STOP"));
    // Every move legal, the last mover wins, and the final board has no move left.
    let mut board = parse_init(init).unwrap();
    for m in &moves {
        let domino = parse_move(m, &board).unwrap();
        assert!(board.is_legal(domino), "{m}");
        board.play(domino);
    }
    assert!(!board.has_move());
    assert_eq!(record.winner, Some(((moves.len() + 1) % 2) as u8));
    assert!(record.peak_kib.iter().all(|&kib| kib > 0));
    assert!(record.ready_micros.iter().all(|&micros| micros > 0));
    assert_eq!(Cram::states(&record).unwrap().len(), moves.len() + 1);

    // A player with no move from the start is never asked: it gets the init line and STOP.
    let record = play_game(
        [&recorded("random", &first), &process("random")],
        "1",
        1,
        relaxed(),
    );
    assert_eq!((record.winner, record.moves.len()), (Some(1), 0));
    assert_eq!(lines(&first), ["1", "STOP"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn broken_bots_lose_with_the_right_reason() {
    let greedy = builtin("greedy");
    let forfeit = |bot: Player| {
        let record = play_game([&bot, &greedy], "5", 1, limits(300));
        assert_eq!(record.winner, Some(1));
        record.forfeit.expect("the broken bot forfeits")
    };
    let reason = |bot| forfeit(bot).reason;
    // 300 ms a move: 600 ms to say OK (the judge's 1000 and 500, scaled alike).
    assert!(reason(sh("sleep 5")).contains("no OK within 600 ms"));
    assert!(reason(sh("echo hello")).contains("not OK"));
    assert!(reason(sh("exit 1")).contains("before OK"));
    assert!(reason(sh("echo ok; sleep 5")).contains("no move within 300 ms"));
    assert!(reason(sh("echo OK; read a; read b; echo 0x0_0x2")).contains("not adjacent"));
    assert!(reason(sh("echo OK; read a; read b; echo 0x0_0x5")).contains("outside"));
    assert!(reason(sh("echo OK; read a; read b; echo 0x0")).contains("bad move"));
    assert!(reason(sh("echo OK; read a; read b; exit 3")).contains("closed its output"));
}
