//! Clocks over the game (`--tc`, Go only) and the margin past a time limit (`--margin-ms`):
//! GTP engines written in shell that sleep and log what they are told.

mod common;

use std::time::Duration;

use common::{arena, builtin, sh, temp_file};
use floodgate_arena::clock::TimeControl;
use floodgate_arena::games::{ForGame, GAMES, for_game};
use floodgate_arena::go::Go;
use floodgate_arena::player::Player;
use floodgate_arena::record::GameRecord;
use floodgate_arena::referee::{Referee, Settings};
use floodgate_arena::termination::Loss;

fn ms(millis: u64) -> Duration {
    Duration::from_millis(millis)
}

/// A GTP engine in shell that passes on every `genmove`, after `first` seconds of sleep on its
/// first and `later` on every other, and logs every command to `log` (if given).
fn engine(first: &str, later: &str, log: Option<&std::path::Path>) -> Player {
    let log = log.map_or("/dev/null".to_string(), |path| path.display().to_string());
    sh(&format!(
        "nap={first}; while read -r line; do echo \"$line\" >> '{log}'; case \"$line\" in \
         genmove*) [ $nap = 0 ] || sleep $nap; nap={later}; printf '= pass\\n\\n';; \
         quit*) printf '=\\n\\n'; exit 0;; *) printf '=\\n\\n';; esac; done"
    ))
}

/// Plays one Go game on 5 x 5 between `black` and random, under `clock` if given.
fn play(clock: Option<&str>, black: &Player) -> GameRecord {
    let settings = Settings {
        min_size: Some(5),
        max_size: Some(5),
        time_control: clock.map(|text| text.parse().unwrap()),
        ..Settings::default()
    };
    let go = Go::new(&settings).unwrap();
    go.play(&go.start(1), [black, &builtin("random")], 1)
}

fn with_margin(player: Player, margin_ms: u64) -> Player {
    Player {
        margin: ms(margin_ms),
        ..player
    }
}

/// The moves seat 0 made.
fn black_moves(record: &GameRecord) -> usize {
    record.moves.iter().filter(|m| m.seat == 0).count()
}

#[test]
fn a_clock_that_runs_out_loses_on_time_and_the_increment_keeps_it_going() {
    let slow = engine("0.3", "0.3", None);
    let flagged = play(Some("1+0"), &slow);
    let forfeit = flagged.forfeit.clone().expect("the clock runs out");
    assert_eq!(forfeit.seat, 0);
    assert!(
        matches!(forfeit.loss, Some(Loss::OutOfTime { margin_ms: 0, .. })),
        "{forfeit:?}"
    );
    assert!(
        forfeit.reason.starts_with("lost on time: 0."),
        "{forfeit:?}"
    );
    // 0.3 s a move from 1 s: three moves fit, the fourth does not (one fewer on a slow day).
    assert!((2..=3).contains(&black_moves(&flagged)), "{flagged:?}");
    assert_eq!(flagged.time_control, Some("1+0".parse().unwrap()));
    let kept = play(Some("1+0.5"), &slow);
    assert!(kept.forfeit.is_none(), "{kept:?}");
    assert!(black_moves(&kept) >= 6, "{kept:?}");
    let left: Vec<u64> = kept.moves.iter().filter_map(|m| m.clock_left_ms).collect();
    assert_eq!(
        left.len(),
        black_moves(&kept),
        "built-ins play off the clock"
    );
    assert!(left.last() > left.first(), "the clock grows: {left:?}");
}

/// The `time_left` lines an engine was sent, of a game played under `clock`, and its
/// `time_settings` line.
fn told(clock: &str, name: &str) -> (String, Vec<String>) {
    let log = temp_file("clock", name);
    let _ = std::fs::remove_file(&log);
    let record = play(Some(clock), &engine("0", "0", Some(&log)));
    assert!(black_moves(&record) >= 4, "{record:?}");
    let lines = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    let settings = lines.lines().find(|l| l.starts_with("time_settings"));
    let left = lines.lines().filter(|l| l.starts_with("time_left"));
    (
        settings.unwrap().to_string(),
        left.map(String::from).collect(),
    )
}

#[test]
fn time_left_is_sent_before_every_genmove_with_the_clock_as_the_arena_keeps_it() {
    let (settings, left) = told("10+5", "fischer");
    assert_eq!(settings, "time_settings 10 0 0");
    // 10 s, then less than 10 s again plus 5, and so on (each reply takes far less than 1 s).
    assert_eq!(
        left[..3],
        ["time_left b 10 0", "time_left b 14 0", "time_left b 19 0"]
    );
    let (settings, left) = told("0+2/3", "canadian");
    assert_eq!(settings, "time_settings 0 3 2");
    // A period of two stones in 3 s: the second stone has what the first left; then anew.
    assert_eq!(
        left[..4],
        [
            "time_left b 3 2",
            "time_left b 2 1",
            "time_left b 3 2",
            "time_left b 2 1"
        ]
    );
}

#[test]
fn the_margin_lets_a_slightly_late_reply_pass_and_a_later_one_lose() {
    // Under a limit per move: 100 ms, a first reply after 300 ms.
    let late_first = engine("0.3", "0", None);
    let go = Go {
        sizes: (5, 5),
        ..Go::default()
    };
    let limited = |margin_ms| Player {
        limit: Some(ms(100)),
        ..with_margin(late_first.clone(), margin_ms)
    };
    let seats = |player: &Player| [player.clone(), builtin("random")];
    let [black, white] = seats(&limited(2000));
    let passed = go.play(&go.start(1), [&black, &white], 1);
    assert!(passed.forfeit.is_none(), "{passed:?}");
    assert!(passed.moves[0].micros >= 300_000, "{passed:?}");
    assert_eq!(passed.margins_ms, [2000, 0]);
    let [black, white] = seats(&limited(0));
    let lost = go.play(&go.start(1), [&black, &white], 1);
    let reason = lost.forfeit.expect("late without a margin").reason;
    assert_eq!(reason, "no reply to \"genmove b\" within 100 ms");
    // On a clock of 1 s: a first reply after 1.3 s.
    let late_first = engine("1.3", "0", None);
    let passed = play(Some("1+0"), &with_margin(late_first.clone(), 2000));
    assert!(passed.forfeit.is_none(), "{passed:?}");
    assert_eq!(passed.moves[0].clock_left_ms, Some(0));
    let lost = play(Some("1+0"), &with_margin(late_first, 100));
    assert!(lost.moves.is_empty(), "{lost:?}");
    let forfeit = lost.forfeit.expect("later than the clock and the margin");
    assert_eq!(
        forfeit.reason,
        "lost on time: 1.000 s left and a margin of 0.100 s, no reply within 1.100 s"
    );
}

/// Whether a game's referee takes a clock.
struct TakesAClock;

impl ForGame for TakesAClock {
    type Output = bool;

    fn run<R: Referee>(self) -> bool {
        let time_control = Some("60+1".parse::<TimeControl>().unwrap());
        R::new(&Settings {
            time_control,
            ..Settings::default()
        })
        .is_ok()
    }
}

#[test]
fn only_go_takes_a_clock() {
    for (name, _) in GAMES {
        assert_eq!(for_game(name, TakesAClock), Some(name == "go"), "{name}");
    }
    let out = arena(&[
        "match",
        "floodwars",
        "--a",
        "greedy",
        "--b",
        "random",
        "--tc",
        "60+1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        said,
        "arena: --tc does not apply to floodwars: its judge holds each move to a fixed limit \
         (--limit-ms); only go keeps a clock over the game\n"
    );
}

#[test]
fn the_command_line_refuses_a_time_control_that_does_not_read_or_a_limit_beside_it() {
    let go = [
        "match", "go", "--a", "random", "--b", "random", "--boards", "1",
    ];
    let with = |more: &[&str]| arena(&[&go[..], more].concat());
    let nonsense = with(&["--tc", "60+x"]);
    assert_eq!(nonsense.status.code(), Some(2));
    let said = String::from_utf8_lossy(&nonsense.stderr);
    assert!(said.contains("write MAIN+INC in seconds"), "{said}");
    let both = with(&["--tc", "60+1", "--limit-ms", "500"]);
    assert_eq!(both.status.code(), Some(2));
    let said = String::from_utf8_lossy(&both.stderr);
    assert!(said.contains("cannot be used with"), "{said}");
    let own = arena(&[
        "match",
        "go",
        "--a",
        "name=x cmd=true limit_ms=500",
        "--b",
        "random",
        "--tc",
        "60+1",
    ]);
    let said = String::from_utf8_lossy(&own.stderr);
    assert!(said.contains("the clock is its limit"), "{said}");
}

/// A passing GTP engine as a script file, for the command line.
fn engine_file(name: &str) -> std::path::PathBuf {
    let path = temp_file("clock", name);
    let script = "while read -r line; do case \"$line\" in genmove*) printf '= pass\\n\\n';; \
                  quit*) printf '=\\n\\n'; exit 0;; *) printf '=\\n\\n';; esac; done\n";
    std::fs::write(&path, script).unwrap();
    path
}

#[test]
fn match_sprt_tournament_and_gauntlet_play_under_a_clock_and_resume_only_under_the_same() {
    let script = engine_file("engine.sh");
    let jsonl = temp_file("clock", "games.jsonl");
    let _ = std::fs::remove_file(&jsonl);
    let engine = format!("name=passer cmd='sh {}'", script.display());
    let sizes = ["--min-size", "5", "--max-size", "5"];
    let run = |command: &[&str], more: &[&str]| arena(&[command, &sizes[..], more].concat());
    let clocked = ["--tc", "30+1", "--margin-ms", "50", "--boards", "1"];
    let both = ["--a", engine.as_str(), "--b", "random"];
    let file = ["--jsonl", jsonl.to_str().unwrap()];
    let out = run(&["match", "go"], &[&both[..], &clocked, &file].concat());
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{table}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        table.contains("least left") && table.contains("s/game"),
        "{table}"
    );
    let lines = std::fs::read_to_string(&jsonl).unwrap();
    assert_eq!(lines.lines().count(), 2);
    assert!(lines.contains(r#""time_control":"30+1""#), "{lines}");
    assert!(lines.contains(r#""margins_ms":[50,50]"#), "{lines}");
    assert!(lines.contains(r#""clock_left_ms":"#), "{lines}");
    let other = [
        "--tc",
        "31+1",
        "--margin-ms",
        "50",
        "--boards",
        "1",
        "--resume",
    ];
    let resumed = run(&["match", "go"], &[&both[..], &other, &file].concat());
    let said = String::from_utf8_lossy(&resumed.stderr);
    assert!(said.contains("of no match of this run"), "{said}");
    let same = [&clocked[..], &["--resume"]].concat();
    let resumed = run(&["match", "go"], &[&both[..], &same, &file].concat());
    assert!(resumed.status.success());
    assert_eq!(
        std::fs::read_to_string(&jsonl).unwrap(),
        lines,
        "nothing left to play"
    );
    let sprt = ["--max-pairs", "1", "--tc", "30+1"];
    let players = ["--player", engine.as_str(), "--player", "random"];
    let opponents = ["--player", engine.as_str(), "--opponent", "random"];
    for (command, args) in [
        ("sprt", [&both[..], &sprt].concat()),
        ("tournament", [&players[..], &clocked].concat()),
        ("gauntlet", [&opponents[..], &clocked].concat()),
    ] {
        let out = run(&[command, "go"], &args);
        let table = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{command}: {table}");
        assert!(table.contains("least left"), "{command}: {table}");
    }
    let _ = std::fs::remove_file(&jsonl);
    let _ = std::fs::remove_file(&script);
}
