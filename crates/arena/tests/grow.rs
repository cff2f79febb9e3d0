//! The Grow referee driving real processes: the built-ins as processes from both seats, and
//! broken bots that must lose with the right reason.

mod common;

use std::time::Duration;

use common::{Limited, builtin, sh};
use floodgate_arena::grow::Grow;
use floodgate_arena::player::Player;
use floodgate_arena::record::GameRecord;
use floodgate_arena::replay::Replay;

fn process(name: &str) -> Player {
    common::process("grow", name)
}

fn play_game(players: [&Player; 2], seed: u64, limit: Duration) -> GameRecord {
    let referee = Limited {
        referee: Grow::default(),
        limit,
    };
    referee.play("", players, seed)
}

#[test]
fn built_ins_play_as_processes_from_both_seats() {
    let limit = Duration::from_secs(5);
    let record = play_game([&process("greedy"), &process("random")], 3, limit);
    assert!(record.forfeit.is_none(), "{record:?}");
    assert!(record.moves.len() > 4);
    assert!(record.moves.iter().all(|m| m.peak_kib > 0));
    // Player 2 answers in its own mirrored view: its first seed is on its column 0.
    let second = record.moves.iter().find(|m| m.seat == 1).unwrap();
    assert_eq!(second.text.split(',').nth(1), Some("0"));
    assert_eq!(Grow::states(&record).unwrap().len(), record.moves.len() + 1);
    // Greedy beats random (in-process, ten seeds).
    let greedy = builtin("greedy");
    let random = builtin("random");
    let wins = (0..10)
        .filter(|&seed| play_game([&greedy, &random], seed, limit).winner == Some(0))
        .count();
    assert!(wins >= 8, "greedy won {wins} of 10");
}

#[test]
fn broken_bots_lose_with_the_right_reason() {
    let greedy = builtin("greedy");
    let limit = Duration::from_millis(500);
    let reason = |bot: Player| {
        let record = play_game([&bot, &greedy], 1, limit);
        assert_eq!(record.winner, Some(1));
        record.forfeit.expect("the broken bot forfeits").reason
    };
    assert!(reason(sh("sleep 5")).contains("no answer within 500 ms"));
    assert!(reason(sh("cat > /dev/null; echo 3,0,2,1; echo oops >&2")).contains("standard error"));
    assert!(reason(sh("cat > /dev/null; printf '3, 0,2,1\\n'")).contains("malformed"));
    assert!(reason(sh("cat > /dev/null; printf '3,0,2,1\\r\\n'")).contains("malformed"));
    assert!(reason(sh("cat > /dev/null; printf -- '-3,0,2,1\\n'")).contains("malformed"));
    assert!(reason(sh("cat > /dev/null; echo 3,0,5,5")).contains("malformed"));
    assert!(reason(sh("cat > /dev/null; kill -SEGV $$")).contains("signal 11"));
    // 32 MiB read again and again: over the statement's 8 MB, stopped at once.
    let hog = "cat > /dev/null; exec dd if=/dev/zero of=/dev/null bs=32M count=100000";
    let over = reason(sh(hog));
    assert!(over.contains("over the 8 MiB allowed"), "{over}");
    let mut unlimited = sh(hog);
    unlimited.limits = false;
    assert!(reason(unlimited).contains("no answer within 500 ms"));
    // Output without end, on either stream: stopped at the arena's 1 MiB.
    for flood in ["cat > /dev/null; exec yes", "cat > /dev/null; exec yes >&2"] {
        let over = reason(sh(flood));
        assert!(
            over.contains("output limit: 1048576 bytes"),
            "{flood}: {over}"
        );
    }
    // Valid as a first move, but not as a later one: the second move must split a leaf.
    let first_then_again = sh("cat > /dev/null; echo 3,0,2,1");
    let record = play_game([&first_then_again, &greedy], 1, limit);
    let forfeit = record.forfeit.expect("the repeated first move is invalid");
    assert_eq!(forfeit.seat, 0);
    assert!(
        forfeit.reason.contains("invalid move 3,0,2,1"),
        "{}",
        forfeit.reason
    );
}

#[test]
fn answers_are_read_as_the_deployed_judge_reads_them() {
    let greedy = builtin("greedy");
    let limit = Duration::from_millis(1000);
    // The first move of each: no newline, leading zeros, a non-zero exit after a valid answer.
    for script in [
        "cat > /dev/null; printf '3,0,2,1'",
        "cat > /dev/null; printf '003,00,2,01\\n'",
        "cat > /dev/null; echo 3,0,2,1; exit 1",
    ] {
        let record = play_game([&sh(script), &greedy], 1, limit);
        assert!(record.moves.len() >= 2, "{script}: {record:?}");
        assert_eq!(record.moves[0].text, "3,0,2,1", "{script}");
    }
}
