//! The Cram referee driving real processes: what each seat is told, full games of the built-ins
//! as processes, and broken bots that must lose with the right reason.

use std::time::Duration;

use arena::cram::{Builtin, Limits, Player, play_game};
use cram_core::board::{parse_init, parse_move};

fn process(name: &str) -> Player {
    Player::Command(vec![
        env!("CARGO_BIN_EXE_arena").into(),
        "player".into(),
        "cram".into(),
        name.into(),
    ])
}

fn sh(script: &str) -> Player {
    Player::Command(vec!["sh".into(), "-c".into(), script.into()])
}

/// The built-in `name` as a process whose input is copied to `file`.
fn recorded(name: &str, file: &std::path::Path) -> Player {
    sh(&format!(
        "tee {} | {} player cram {name}",
        file.display(),
        env!("CARGO_BIN_EXE_arena")
    ))
}

fn relaxed() -> Limits {
    Limits {
        init: Duration::from_secs(5),
        per_move: Duration::from_secs(5),
    }
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
    let moves: Vec<&str> = record.moves.iter().map(|(m, _)| m.as_str()).collect();
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
    assert_eq!(record.winner, ((moves.len() + 1) % 2) as u8);
    assert!(record.peak_kib.iter().all(|&kib| kib > 0));
    assert!(record.ok_micros.iter().all(|&micros| micros > 0));

    // A player with no move from the start is never asked: it gets the init line and STOP.
    let record = play_game(
        [&recorded("random", &first), &process("random")],
        "1",
        1,
        relaxed(),
    );
    assert_eq!((record.winner, record.moves.len()), (1, 0));
    assert_eq!(lines(&first), ["1", "STOP"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn broken_bots_lose_with_the_right_reason() {
    let greedy = Player::Builtin(Builtin::Greedy);
    let short = Limits {
        init: Duration::from_millis(300),
        per_move: Duration::from_millis(300),
    };
    let forfeit = |bot: Player| {
        let record = play_game([&bot, &greedy], "5", 1, short);
        assert_eq!(record.winner, 1);
        record.forfeit.expect("the broken bot forfeits")
    };
    let reason = |bot| forfeit(bot).1;
    assert!(reason(sh("sleep 5")).contains("no OK within 300 ms"));
    assert!(reason(sh("echo hello")).contains("not OK"));
    assert!(reason(sh("exit 1")).contains("before OK"));
    assert!(reason(sh("echo ok; sleep 5")).contains("no move within 300 ms"));
    assert!(reason(sh("echo OK; read a; read b; echo 0x0_0x2")).contains("not adjacent"));
    assert!(reason(sh("echo OK; read a; read b; echo 0x0_0x5")).contains("outside"));
    assert!(reason(sh("echo OK; read a; read b; echo 0x0")).contains("bad move"));
    assert!(reason(sh("echo OK; read a; read b; exit 3")).contains("closed its output"));
}
