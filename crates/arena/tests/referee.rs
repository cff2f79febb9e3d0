//! The referee driving real processes: the built-ins as processes, and broken bots that must
//! lose with the right reason.

use std::process::Command;
use std::time::Duration;

use arena::floodwars::{Builtin, Player, play_game, random_board};

fn arena_player(strategy: &str) -> Player {
    Player::Command(vec![
        env!("CARGO_BIN_EXE_arena").into(),
        "player".into(),
        "floodwars".into(),
        strategy.into(),
    ])
}

fn sh(script: &str) -> Player {
    Player::Command(vec!["sh".into(), "-c".into(), script.into()])
}

#[test]
fn built_ins_play_the_same_game_in_process_and_as_processes() {
    let start = random_board(12, 9, 7);
    let limit = Duration::from_secs(5);
    let in_process = play_game(
        &start,
        [
            &Player::Builtin(Builtin::Greedy),
            &Player::Builtin(Builtin::Random),
        ],
        limit,
    );
    let as_processes = play_game(
        &start,
        [&arena_player("greedy"), &arena_player("random")],
        limit,
    );
    assert!(
        in_process.forfeit.is_none() && as_processes.forfeit.is_none(),
        "{as_processes:?}"
    );
    let colours = |record: &arena::floodwars::GameRecord| {
        record.moves.iter().map(|m| m.colour).collect::<String>()
    };
    assert_eq!(colours(&in_process), colours(&as_processes));
    assert_eq!(in_process.points, as_processes.points);
    assert!(
        as_processes.moves.iter().all(|m| m.peak_rss_kib > 0),
        "memory is measured for processes"
    );
    // The recorded game replays to the same end.
    assert_eq!(in_process.start(), start);
}

/// Plays `broken` as S against greedy; S must forfeit with a reason containing `reason`.
fn assert_forfeits(broken: Player, reason: &str) {
    let start = random_board(10, 10, 3);
    let record = play_game(
        &start,
        [&Player::Builtin(Builtin::Greedy), &broken],
        Duration::from_millis(300),
    );
    let (side, why) = record.forfeit.clone().expect("the broken bot forfeits");
    assert_eq!(side, 'S');
    assert!(why.contains(reason), "expected {reason:?}, got {why:?}");
    assert_eq!(
        record.points,
        [100, 0],
        "the opponent gets width x height points"
    );
    assert_eq!(record.moves.len(), 1, "J moved once, then S forfeited");
}

#[test]
fn broken_bots_lose_with_the_right_reason() {
    assert_forfeits(sh("sleep 5"), "timed out after 300 ms");
    assert_forfeits(sh("cat > /dev/null; echo garbage"), "malformed answer");
    assert_forfeits(sh("cat"), "must start with J");
    assert_forfeits(sh("cat > /dev/null; kill -SEGV $$"), "signal 11");
    assert_forfeits(sh("echo oops >&2; exit 3"), "status 3: oops");
    assert_forfeits(
        Player::Command(vec!["/nonexistent/bot".into()]),
        "cannot start",
    );
    // A well-formed board that no legal move produces: the input with the letter swapped.
    assert_forfeits(
        sh("read side; echo J; cat"),
        "not the board after a legal move",
    );
}

#[test]
fn the_match_command_prints_a_table_and_writes_jsonl() {
    let jsonl = std::env::temp_dir().join(format!("arena-test-{}.jsonl", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args([
            "match",
            "floodwars",
            "--a",
            "self:greedy",
            "--b",
            "random",
            "--boards",
            "2",
            "--max-size",
            "12",
        ])
        .args([
            "--jobs",
            "2",
            "--show-final",
            "--jsonl",
            jsonl.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("4 games") && stdout.contains("W/D/L") && stdout.contains("points: J"),
        "{stdout}"
    );
    let lines = std::fs::read_to_string(&jsonl).unwrap();
    assert_eq!(lines.lines().count(), 4);
    let replay = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(["replay", jsonl.to_str().unwrap(), "--game", "3"])
        .output()
        .unwrap();
    assert!(replay.status.success());
    assert!(String::from_utf8_lossy(&replay.stdout).contains("move 1:"));
    std::fs::remove_file(jsonl).unwrap();
}

#[test]
fn a_match_can_play_a_board_file() {
    let board = std::env::temp_dir().join(format!("arena-board-{}.txt", std::process::id()));
    std::fs::write(&board, "..##*\n.#.*@\n@*..+\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args([
            "match",
            "floodwars",
            "--a",
            "greedy",
            "--b",
            "random",
            "--boards",
            "1",
            "--show-final",
        ])
        .args(["--board", board.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        stdout.matches("game ").count(),
        2,
        "the board from both seats:\n{stdout}"
    );
    std::fs::write(&board, "@.\n.@\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args([
            "match",
            "floodwars",
            "--a",
            "greedy",
            "--b",
            "random",
            "--board",
            board.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("same colour"));
    std::fs::remove_file(board).unwrap();
}

#[test]
fn the_player_command_rejects_malformed_input() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(["player", "floodwars", "greedy"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(b"J\n@@x\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("row 1, column 3"));
}

#[test]
fn sessions_exchange_lines_under_limits() {
    use arena::process::{Exit, Received, Session};
    let script = "while read line; do if [ \"$line\" = quiet ]; then sleep 2; else echo \"got $line\"; fi; done";
    let mut bot = Session::start(&["sh".into(), "-c".into(), script.into()]).unwrap();
    bot.send("a").unwrap();
    assert!(
        matches!(bot.receive(Duration::from_secs(5)), Received::Line(line, _) if line == "got a")
    );
    bot.send("quiet").unwrap();
    assert_eq!(bot.receive(Duration::from_millis(100)), Received::Timeout);
    let end = bot.finish(Duration::from_millis(100));
    assert!(
        matches!(end.exit, Exit::Signal(_)),
        "killed after the grace period: {:?}",
        end.exit
    );
    assert!(end.peak_rss_kib > 0);

    let mut short_lived = Session::start(&[
        "sh".into(),
        "-c".into(),
        "read line; echo bye; exit 4".into(),
    ])
    .unwrap();
    short_lived.send("hello").unwrap();
    assert!(
        matches!(short_lived.receive(Duration::from_secs(5)), Received::Line(line, _) if line == "bye")
    );
    assert_eq!(
        short_lived.receive(Duration::from_secs(5)),
        Received::Closed
    );
    assert_eq!(
        short_lived.finish(Duration::from_secs(1)).exit,
        Exit::Code(4)
    );
    assert!(Session::start(&["/nonexistent/bot".into()]).is_err());
}

#[test]
fn a_tournament_ranks_the_players() {
    let out = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args([
            "tournament",
            "floodwars",
            "--player",
            "greedy",
            "--player",
            "random",
            "--player",
            "self:random",
        ])
        .args(["--boards", "2", "--jobs", "2"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let standings = stdout.split("standings").nth(1).expect("a standings table");
    let first = standings.lines().nth(1).unwrap();
    assert!(
        first.starts_with("greedy") && first.contains(" 8 "),
        "greedy leads with 8 games:\n{stdout}"
    );
}

#[test]
fn domain_games_through_processes_and_broken_bots() {
    use arena::domain::{Builtin, Limits, Player as DomainPlayer, play_game};
    let process = |name: &str| {
        DomainPlayer::Command(vec![
            env!("CARGO_BIN_EXE_arena").into(),
            "player".into(),
            "domain".into(),
            name.into(),
        ])
    };
    let limits = Limits {
        first: Duration::from_secs(5),
        later: Duration::from_secs(5),
    };
    let record = play_game([&process("greedy"), &process("random")], 3, limits);
    assert!(record.forfeit.is_none(), "{record:?}");
    // Separated domains: disjoint, each holding its token.
    assert!(
        record.points.iter().all(|&p| p >= 1) && record.points.iter().sum::<i64>() <= 49,
        "{record:?}"
    );
    assert!(record.peak_kib.iter().all(|&kib| kib > 0));

    let greedy = DomainPlayer::Builtin(Builtin::Greedy);
    let short = Limits {
        first: Duration::from_millis(300),
        later: Duration::from_millis(300),
    };
    let forfeit = |bot: DomainPlayer| {
        play_game([&greedy, &bot], 1, short)
            .forfeit
            .expect("the broken bot forfeits")
    };
    let sh = |script: &str| DomainPlayer::Command(vec!["sh".into(), "-c".into(), script.into()]);
    assert_eq!(
        forfeit(sh("sleep 5")),
        (1, "no answer within 300 ms".to_string())
    );
    assert!(
        forfeit(sh("read a; read b; read c; read d; echo hello"))
            .1
            .contains("unparsable")
    );
    assert!(
        forfeit(sh("read a; read b; read c; read d; echo '0 0 U'"))
            .1
            .contains("illegal action 0 0 U")
    );
    assert!(forfeit(sh("exit 1")).1.contains("closed its output"));
}

#[test]
fn peak_memory_is_the_bots_own() {
    use arena::process::run_once;
    // The referee holds 32 MiB; a child spawned from it starts from that image, which
    // `ru_maxrss` would count. The bot's own peak is what the judge limits.
    let ballast = vec![1u8; 32 << 20];
    assert!(ballast.iter().step_by(4096).all(|&b| b == 1));
    let command: Vec<String> = ["sleep", "0.05"].map(String::from).to_vec();
    let run = run_once(&command, b"", Duration::from_secs(2));
    assert!(
        run.peak_rss_kib > 0 && run.peak_rss_kib < 8 << 10,
        "sleep peaked at {} KiB",
        run.peak_rss_kib
    );
    std::hint::black_box(ballast);
}

#[test]
fn results_are_seen_from_player_a() {
    use arena::matchup::GameResult;
    let players = ["first".to_string(), "second".to_string()];
    let moves = [(0, 1000), (1, 2000), (0, 3000)];
    let result = GameResult::from_seats(&players, 1, 3, [10, 20], moves, Some((0, "late")));
    assert_eq!(result.names, ["second".to_string(), "first".to_string()]);
    assert_eq!(result.a_margin, -3);
    assert_eq!(result.peak_kib, [20, 10]);
    assert_eq!(result.move_ms, [vec![2.0], vec![1.0, 3.0]]);
    assert_eq!(
        result.forfeit,
        Some(("first".to_string(), "late".to_string()))
    );
    let same_seat = GameResult::from_seats(&players, 0, 3, [10, 20], moves, None);
    assert_eq!((same_seat.a_margin, same_seat.peak_kib), (3, [10, 20]));
}
