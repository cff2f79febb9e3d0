//! The Flood Wars referee driving real processes: the built-ins as processes, and broken bots
//! that must lose with the right reason.

mod common;

use std::time::Duration;

use common::{Limited, builtin, process, sh};
use floodgate_arena::floodwars::{FloodWars, random_board};
use floodgate_arena::replay::Replay;

fn referee(limit_ms: u64) -> Limited<FloodWars> {
    Limited::new(FloodWars::default(), limit_ms)
}

/// A board's rows as a start.
fn rows(width: usize, height: usize, seed: u64) -> String {
    let text = random_board(width, height, seed).to_string();
    text.split_once('\n').unwrap().1.trim_end().to_string()
}

#[test]
fn built_ins_play_the_same_game_in_process_and_as_processes() {
    let start = rows(12, 9, 7);
    let referee = referee(5000);
    let in_process = referee.play(&start, [&builtin("greedy"), &builtin("random")], 1);
    let as_processes = referee.play(
        &start,
        [
            &process("floodwars", "greedy"),
            &process("floodwars", "random"),
        ],
        1,
    );
    assert!(
        in_process.forfeit.is_none() && as_processes.forfeit.is_none(),
        "{as_processes:?}"
    );
    let colours = |record: &floodgate_arena::record::GameRecord| {
        record
            .moves
            .iter()
            .map(|m| m.text.clone())
            .collect::<String>()
    };
    assert_eq!(colours(&in_process), colours(&as_processes));
    assert_eq!(in_process.points, as_processes.points);
    assert!(
        as_processes.moves.iter().all(|m| m.peak_kib > 0),
        "memory is measured for processes"
    );
    // The recorded game replays to the same end.
    let states = FloodWars::states(&as_processes).unwrap();
    assert_eq!(states.len(), as_processes.moves.len() + 1);
    assert!(states.last().unwrap().is_over());
    assert_eq!(
        FloodWars::scores(states.last().unwrap()),
        as_processes.points
    );
}

/// Plays `broken` as S against greedy; S must forfeit with a reason containing `reason`.
fn assert_forfeits(broken: floodgate_arena::player::Player, reason: &str) {
    let start = rows(10, 10, 3);
    let record = referee(300).play(&start, [&builtin("greedy"), &broken], 1);
    let forfeit = record.forfeit.clone().expect("the broken bot forfeits");
    assert_eq!(forfeit.seat, 1);
    assert!(
        forfeit.reason.contains(reason),
        "expected {reason:?}, got {:?}",
        forfeit.reason
    );
    assert_eq!(
        record.points,
        [100, 0],
        "the opponent gets width x height points"
    );
    assert_eq!(record.winner, Some(0));
    assert_eq!(record.moves.len(), 1, "J moved once, then S forfeited");
}

#[test]
fn broken_bots_lose_with_the_right_reason() {
    assert_forfeits(sh("sleep 5"), "timed out after 300 ms");
    assert_forfeits(sh("cat > /dev/null; echo garbage"), "malformed answer");
    assert_forfeits(sh("cat"), "must start with J");
    assert_forfeits(sh("cat > /dev/null; kill -SEGV $$"), "signal 11");
    assert_forfeits(sh("echo oops >&2; exit 3"), "status 3: oops");
    // 160 MiB read again and again: over the statement's 128 MB, stopped at once.
    let hog = "cat > /dev/null; exec dd if=/dev/zero of=/dev/null bs=160M count=100000";
    // Five seconds to get there: on a busy machine 300 ms may pass before the 160 MiB do.
    let mut hog_in_time = sh(hog);
    hog_in_time.limit = Some(std::time::Duration::from_secs(5));
    assert_forfeits(hog_in_time, "over the 128 MiB allowed");
    let mut unlimited = sh(hog);
    unlimited.limits = false;
    assert_forfeits(unlimited, "timed out after 300 ms");
    assert_forfeits(sh("cat > /dev/null; exec yes"), "output limit");
    assert_forfeits(
        floodgate_arena::player::Player::command(vec!["/nonexistent/bot".into()]),
        "cannot start",
    );
    // A well-formed board that no legal move produces: the input with the letter swapped.
    assert_forfeits(
        sh("read side; echo J; cat"),
        "not the board after a legal move",
    );
}

#[test]
fn a_players_own_limit_replaces_the_judges() {
    let start = rows(10, 10, 3);
    let mut slow = sh("sleep 0.4; exit 9");
    slow.limit = Some(Duration::from_millis(100));
    let record = referee(5000).play(&start, [&builtin("greedy"), &slow], 1);
    assert_eq!(record.limits_ms, [5000, 100]);
    assert!(
        record
            .forfeit
            .unwrap()
            .reason
            .contains("timed out after 100 ms")
    );
}
