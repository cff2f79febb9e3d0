//! The Grow referee driving real processes: the built-ins as processes from both seats, and
//! broken bots that must lose with the right reason.

use std::time::Duration;

use arena::grow::{Builtin, Player, play_game};

fn process(name: &str) -> Player {
    Player::Command(vec![
        env!("CARGO_BIN_EXE_arena").into(),
        "player".into(),
        "grow".into(),
        name.into(),
    ])
}

fn sh(script: &str) -> Player {
    Player::Command(vec!["sh".into(), "-c".into(), script.into()])
}

#[test]
fn built_ins_play_as_processes_from_both_seats() {
    let limit = Duration::from_secs(5);
    let record = play_game([&process("greedy"), &process("random")], 3, limit);
    assert!(record.forfeit.is_none(), "{record:?}");
    assert!(record.moves.len() > 4);
    assert!(record.moves.iter().all(|m| m.peak_rss_kib > 0));
    // Player 2 answers in its own mirrored view: its first seed is on its column 0.
    let second = record.moves.iter().find(|m| m.side == 1).unwrap();
    assert_eq!(second.answer.split(',').nth(1), Some("0"));
    // Greedy beats random (in-process, ten seeds).
    let greedy = Player::Builtin(Builtin::Greedy);
    let random = Player::Builtin(Builtin::Random);
    let wins = (0..10)
        .filter(|&seed| play_game([&greedy, &random], seed, limit).winner == Some(0))
        .count();
    assert!(wins >= 8, "greedy won {wins} of 10");
}

#[test]
fn broken_bots_lose_with_the_right_reason() {
    let greedy = Player::Builtin(Builtin::Greedy);
    let limit = Duration::from_millis(500);
    let reason = |bot: Player| {
        let record = play_game([&bot, &greedy], 1, limit);
        assert_eq!(record.winner, Some(1));
        record.forfeit.expect("the broken bot forfeits").1
    };
    assert!(reason(sh("sleep 5")).contains("no answer within 500 ms"));
    assert!(reason(sh("cat > /dev/null; echo 3,0,2,1; echo oops >&2")).contains("standard error"));
    assert!(reason(sh("cat > /dev/null; printf '3,0,2,1'")).contains("newline"));
    assert!(reason(sh("cat > /dev/null; printf '3, 0,2,1\\n'")).contains("not a number"));
    assert!(reason(sh("cat > /dev/null; printf '3,0,2,1\\r\\n'")).contains("not a number"));
    assert!(reason(sh("cat > /dev/null; echo 3,0,5,5")).contains("not next to"));
    assert!(reason(sh("cat > /dev/null; echo 3,0,2,1; exit 1")).contains("status 1"));
    // Valid as a first move, but not as a later one: the second move must split a leaf.
    let first_then_again = sh("cat > /dev/null; echo 3,0,2,1");
    let record = play_game([&first_then_again, &greedy], 1, limit);
    let (seat, why) = record.forfeit.expect("the repeated first move is invalid");
    assert_eq!(seat, 0);
    assert!(why.contains("invalid move 3,0,2,1"), "{why}");
}
