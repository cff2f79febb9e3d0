//! The Domain Expansion referee driving real processes: the built-ins as processes, and
//! broken bots that lose with CodinGame's points and reasons.

mod common;

use common::{Limited, builtin, process, sh};
use floodgate_arena::domain::Domain;
use floodgate_arena::player::Player;
use floodgate_arena::record::Forfeit;
use floodgate_arena::replay::Replay;
use floodgate_arena::termination::{Awaited, Loss};

fn referee(limit_ms: u64) -> Limited<Domain> {
    Limited::new(Domain::default(), limit_ms)
}

#[test]
fn built_ins_play_as_processes() {
    let record = referee(5000).play(
        "",
        [&process("domain", "greedy"), &process("domain", "random")],
        3,
    );
    assert!(record.forfeit.is_none(), "{record:?}");
    // Separated domains: disjoint, each holding its token.
    assert!(
        record.points.iter().all(|&p| p >= 1) && record.points.iter().sum::<i64>() <= 49,
        "{record:?}"
    );
    assert!(record.peak_kib.iter().all(|&kib| kib > 0));
    let states = Domain::states(&record).unwrap();
    assert!(states.last().unwrap().is_over());
    assert_eq!(Domain::scores(states.last().unwrap()), record.points);
}

/// Plays `bot` as player 1 against greedy, with 300 ms turns (3000 ms for the first).
fn forfeit(bot: Player) -> (Forfeit, [i64; 2]) {
    let record = referee(300).play("", [&builtin("greedy"), &bot], 1);
    assert_eq!(record.winner, Some(0));
    (
        record.forfeit.expect("the broken bot forfeits"),
        record.points,
    )
}

#[test]
fn broken_bots_lose_with_codingames_points() {
    let (late, points) = forfeit(sh("read a; read b; read c; read d; sleep 5"));
    assert_eq!(late.reason, "no answer within 3000 ms");
    let typed = Loss::Late {
        awaited: Awaited::Answer,
        limit_ms: 3000,
    };
    assert_eq!(late.loss, Some(typed), "the record keeps the loss typed");
    assert_eq!(points, [0, -7]);
    let (unparsable, points) = forfeit(sh("read a; read b; read c; read d; echo hello"));
    assert!(unparsable.reason.contains("unparsable"));
    assert_eq!(points, [0, -6]);
    let (illegal, points) = forfeit(sh("read a; read b; read c; read d; echo '0 0 U'"));
    assert!(illegal.reason.contains("illegal action 0 0 U"));
    assert_eq!(points, [0, -5]);
    // A bot that died is a timeout on CodinGame, not an unparsable answer.
    let (died, points) = forfeit(sh("exit 1"));
    assert!(died.reason.contains("closed its output"));
    assert_eq!(points, [0, -7]);
    // One that closes its output and stays: the same loss, and the game does not wait for it
    // (its process group is killed when the game ends).
    let started = std::time::Instant::now();
    let (closed, points) = forfeit(sh("exec > /dev/null; sleep 30"));
    assert!(
        closed.reason.contains("closed its output"),
        "{}",
        closed.reason
    );
    assert_eq!(points, [0, -7]);
    assert!(
        started.elapsed() < std::time::Duration::from_secs(10),
        "the game waited for it"
    );
}

#[test]
fn answers_are_read_as_the_codingame_regex_reads_them() {
    // Player 0's first action from (0, 0): the first line is taken, then the bot goes quiet.
    for (answer, read_as) in [
        ("0 1 D", "0 1 D"),
        ("0  1 D", "0 1 D"),
        ("0\\t1\\td", "0 1 D"),
        ("0 1 Down", "0 1 U"),
        ("0 1 RR", "0 1 U"),
        ("0 1 D1", "0 1 D"),
        ("0 1 D hello there", "0 1 D"),
    ] {
        let bot = sh(&format!(
            "read a; read b; read c; read d; printf '{answer}\\n'; sleep 5"
        ));
        let record = referee(200).play("", [&bot, &builtin("greedy")], 1);
        assert_eq!(record.moves[0].text, read_as, "{answer:?}");
        let forfeit = record.forfeit.expect("the quiet bot forfeits later");
        assert!(
            forfeit.reason.contains("no answer"),
            "{answer:?}: {}",
            forfeit.reason
        );
    }
    for answer in ["0 1 5", "0 1 _", " 0 1 D", "01 D", "0 1"] {
        let bot = sh(&format!(
            "read a; read b; read c; read d; printf '{answer}\\n'; sleep 5"
        ));
        let record = referee(200).play("", [&bot, &builtin("greedy")], 1);
        let forfeit = record.forfeit.expect("an invalid answer forfeits");
        assert_eq!(
            (record.moves.len(), record.points[0]),
            (0, -6),
            "{answer:?}"
        );
        assert!(
            forfeit.reason.contains("unparsable"),
            "{answer:?}: {}",
            forfeit.reason
        );
    }
}
