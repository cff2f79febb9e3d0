//! The `arena` command as a user runs it: matches, SPRT, tournaments and replays for every
//! game, named players, and the errors that stop a match before it starts.

use std::process::{Command, Output};

mod common;
use common::{arena, stderr};
use floodgate_arena::termination::Loss;

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A file name in the temp directory, unique to this test process.
fn temp(name: &str) -> std::path::PathBuf {
    common::temp_file("cli", name)
}

#[test]
fn every_game_plays_a_match_writes_jsonl_and_replays() {
    for (game, extra) in [
        ("floodwars", &["--max-size", "12"][..]),
        ("domain", &[][..]),
        ("cram", &["--max-size", "7", "--prefill", "10"][..]),
        ("grow", &[][..]),
    ] {
        let jsonl = temp(&format!("{game}.jsonl"));
        let mut args = vec![
            "match",
            game,
            "--a",
            "greedy",
            "--b",
            "self:random",
            "--boards",
            "1",
            "--jobs",
            "2",
            "--show-final",
            "--jsonl",
            jsonl.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let out = arena(&args);
        assert!(out.status.success(), "{game}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(
            text.contains("2 games") && text.contains("W/D/L"),
            "{game}: {text}"
        );
        assert!(
            text.contains("a = greedy") && text.contains("self:random"),
            "{game}: {text}"
        );
        let finals = text.lines().filter(|line| line.starts_with("game "));
        assert_eq!(
            finals
                .map(|line| line.split(' ').nth(1))
                .collect::<Vec<_>>(),
            [Some("0"), Some("1")],
            "{game}: both finals shown:\n{text}"
        );
        let lines = std::fs::read_to_string(&jsonl).unwrap();
        assert_eq!(lines.lines().count(), 2, "{game}");
        for line in lines.lines() {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(value["record"]["game"], game);
            assert_eq!(value["match_seed"], 1);
            assert!(value["record"]["limits_ms"][0].as_u64().unwrap() > 0);
            assert!(value["record"]["players"][0].is_string());
        }
        let replay = arena(&["replay", jsonl.to_str().unwrap(), "--game", "1"]);
        assert!(replay.status.success(), "{game}: {}", stderr(&replay));
        let shown = stdout(&replay);
        assert!(
            shown.contains("move 1:") && shown.contains("points:"),
            "{game}: {shown}"
        );
        assert!(
            !shown.contains('\x1b'),
            "{game}: NO_COLOR and a pipe: no colour codes"
        );
        let only = arena(&[
            "replay",
            jsonl.to_str().unwrap(),
            "--game",
            "1",
            "--move",
            "2",
        ]);
        let only = stdout(&only);
        assert!(
            only.contains("move 2:") && !only.contains("move 1:") && !only.contains("move 3:"),
            "{game}: {only}"
        );
        let page = temp(&format!("{game}.html"));
        let html = arena(&[
            "replay",
            jsonl.to_str().unwrap(),
            "--html",
            page.to_str().unwrap(),
        ]);
        assert!(html.status.success(), "{game}: {}", stderr(&html));
        let page_text = std::fs::read_to_string(&page).unwrap();
        assert!(
            page_text.contains("<svg") && !page_text.contains("http"),
            "{game}"
        );
        std::fs::remove_file(jsonl).unwrap();
        std::fs::remove_file(page).unwrap();
    }
}

#[test]
fn options_that_do_not_apply_are_errors() {
    for (args, message) in [
        (
            &[
                "match",
                "cram",
                "--a",
                "greedy",
                "--b",
                "random",
                "--adjudicate",
                "--resign-moves",
                "4",
            ][..],
            "--resign-moves/--resign-score does not apply to cram",
        ),
        (
            &[
                "match",
                "go",
                "--a",
                "greedy",
                "--b",
                "random",
                "--resign-score",
                "9",
            ][..],
            "--adjudicate",
        ),
        (
            &[
                "match",
                "grow",
                "--a",
                "greedy",
                "--b",
                "random",
                "--max-size",
                "9",
            ][..],
            "does not apply to grow",
        ),
        (
            &[
                "match",
                "domain",
                "--a",
                "greedy",
                "--b",
                "random",
                "--min-size",
                "9",
            ][..],
            "does not apply to domain",
        ),
        (
            &[
                "match",
                "floodwars",
                "--a",
                "greedy",
                "--b",
                "random",
                "--prefill",
                "9",
            ][..],
            "--prefill does not apply to floodwars",
        ),
        (
            &[
                "match",
                "domain",
                "--a",
                "greedy",
                "--b",
                "random",
                "--adjudicate",
            ][..],
            "--adjudicate does not apply to domain",
        ),
        (
            &[
                "match",
                "floodwars",
                "--a",
                "greedy",
                "--b",
                "random",
                "--min-size",
                "20",
                "--max-size",
                "12",
            ][..],
            "sizes must satisfy",
        ),
        (
            &[
                "match",
                "cram",
                "--a",
                "greedy",
                "--b",
                "random",
                "--prefill",
                "101",
            ][..],
            "percentage",
        ),
    ] {
        let out = arena(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty(), "{args:?}: no game played");
    }
    let out = arena(&[
        "match",
        "floodwars",
        "--a",
        "greedy",
        "--b",
        "random",
        "--boards",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_missing_bot_stops_the_match_before_any_game() {
    let jsonl = temp("missing.jsonl");
    let out = arena(&[
        "match",
        "floodwars",
        "--a",
        "greedy",
        "--b",
        "/nonexistent/bot --fast",
        "--boards",
        "3",
        "--jsonl",
        jsonl.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot start \"/nonexistent/bot\""),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).is_empty());
    assert!(!jsonl.exists(), "no game was played");
}

#[test]
fn named_players_with_quoted_commands_and_their_own_limits() {
    let arena_bin = env!("CARGO_BIN_EXE_arena");
    let a = format!("name=\"greedy process\" cmd=\"{arena_bin} player floodwars greedy\"");
    let out = arena(&[
        "match",
        "floodwars",
        "--a",
        &a,
        "--b",
        "name=slow cmd=\"sh -c 'sleep 1'\" limit_ms=50",
        "--boards",
        "1",
        "--max-size",
        "10",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("a = greedy process") && text.contains("b = slow"),
        "{text}"
    );
    assert!(text.contains("W/D/L 2/0/0"), "{text}");
    assert!(
        text.contains("slow forfeited: timed out after 50 ms"),
        "{text}"
    );
}

#[test]
fn no_limits_lifts_the_memory_limit_for_every_player() {
    let hog = "name=hog cmd=\"sh -c 'cat > /dev/null; exec dd if=/dev/zero of=/dev/null bs=32M count=100000'\"";
    let jsonl = temp("hog.jsonl");
    for (flag, reason) in [
        (None, "over the 8 MiB allowed"),
        (Some("--no-limits"), "no answer within 300 ms"),
    ] {
        let mut args = vec![
            "match", "grow", "--a", hog, "--b", "greedy", "--boards", "2",
        ];
        args.extend(["--limit-ms", "300", "--jsonl", jsonl.to_str().unwrap()]);
        args.extend(flag);
        let out = arena(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        assert!(
            text.contains("hog forfeited") && text.contains(reason),
            "{flag:?}: {text}"
        );
        // Every game of the match was played and recorded whole, the loss typed.
        let lines = std::fs::read_to_string(&jsonl).unwrap();
        assert_eq!(lines.lines().count(), 4, "{lines}");
        for line in lines.lines() {
            let game = floodgate_arena::record::MatchLine::parse(line).unwrap();
            let forfeit = game.record.forfeit.expect("the hog forfeits every game");
            let typed = matches!(
                (flag, forfeit.loss),
                (None, Some(Loss::MemoryLimit { limit_mib: 8, .. }))
                    | (Some(_), Some(Loss::Late { .. }))
            );
            assert!(typed, "{line}");
        }
    }
    std::fs::remove_file(&jsonl).unwrap();
}

#[test]
fn limit_ms_holds_the_players_without_a_limit_of_their_own() {
    let jsonl = temp("limits.jsonl");
    let out = arena(&[
        "match",
        "grow",
        "--a",
        "greedy",
        "--b",
        "name=own cmd=random limit_ms=700",
        "--boards",
        "1",
        "--limit-ms",
        "300",
        "--jsonl",
        jsonl.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines = std::fs::read_to_string(&jsonl).unwrap();
    // a plays seat 0 of the first game and seat 1 of the second.
    let limits: Vec<&str> = lines
        .lines()
        .map(|line| line.split("\"limits_ms\":").nth(1).unwrap())
        .map(|rest| &rest[..rest.find(']').unwrap() + 1])
        .collect();
    assert_eq!(limits, ["[300,700]", "[700,300]"], "{lines}");
    std::fs::remove_file(&jsonl).unwrap();
}

#[test]
fn a_board_file_is_played_from_both_seats() {
    let board = temp("board.txt");
    std::fs::write(&board, "..##*\n.#.*@\n@*..+\n").unwrap();
    let out = arena(&[
        "match",
        "floodwars",
        "--a",
        "greedy",
        "--b",
        "random",
        "--boards",
        "1",
        "--show-final",
        "--board",
        board.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out).matches("(board pair 0)").count(),
        2,
        "{}",
        stdout(&out)
    );
    let init = temp("init.txt");
    std::fs::write(&init, "4_0x0_3x3\n").unwrap();
    let out = arena(&[
        "match",
        "cram",
        "--a",
        "greedy",
        "--b",
        "random",
        "--boards",
        "1",
        "--show-final",
        "--board",
        init.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::write(&board, "@.\n.x\n").unwrap();
    let out = arena(&[
        "match",
        "floodwars",
        "--a",
        "greedy",
        "--b",
        "random",
        "--board",
        board.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let words = format!("{} (--board): row 2", board.display());
    assert!(stderr(&out).contains(&words), "{}", stderr(&out));
    std::fs::remove_file(board).unwrap();
    std::fs::remove_file(init).unwrap();
}

#[test]
fn sprt_accepts_h1_for_a_much_stronger_player() {
    let out = arena(&[
        "sprt",
        "floodwars",
        "--a",
        "greedy",
        "--b",
        "random",
        "--elo0",
        "0",
        "--elo1",
        "50",
        "--max-size",
        "12",
        "--jobs",
        "2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("H1 accepted"), "{text}");
    assert!(text.contains("LLR"), "{text}");
    let out = arena(&[
        "sprt", "domain", "--a", "random", "--b", "greedy", "--elo0", "0", "--elo1", "50",
    ]);
    assert!(stdout(&out).contains("H0 accepted"), "{}", stdout(&out));
}

#[test]
fn tournaments_rank_the_players_of_every_game() {
    for game in ["floodwars", "domain", "cram", "grow"] {
        let out = arena(&[
            "tournament",
            game,
            "--player",
            "greedy",
            "--player",
            "random",
            "--player",
            "name=random2 cmd=self:random",
            "--boards",
            "1",
            "--jobs",
            "2",
        ]);
        assert!(out.status.success(), "{game}: {}", stderr(&out));
        let text = stdout(&out);
        let standings: Vec<&str> = text
            .split("rank")
            .nth(1)
            .expect("a standings table")
            .lines()
            .skip(1)
            .take(3)
            .collect();
        for name in ["greedy", "random", "random2"] {
            let row = standings
                .iter()
                .find(|row| row.split_whitespace().nth(1) == Some(name));
            assert!(
                row.is_some_and(|row| row.split_whitespace().nth(2) == Some("4")),
                "{game}: {name} played 4 games:\n{text}"
            );
        }
        if game == "floodwars" {
            assert!(standings[0].contains("greedy"), "greedy leads:\n{text}");
        }
        let crosstable = text.split("crosstable").nth(1).expect("a crosstable");
        assert_eq!(crosstable.matches("/2").count(), 6, "{game}: {text}");
    }
}

/// `arena gauntlet` of greedy against random and alphabeta:1 on small Flood Wars boards, with
/// `more` options.
fn gauntlet(more: &[&str]) -> std::process::Output {
    let mut args = vec![
        "gauntlet",
        "floodwars",
        "--player",
        "greedy",
        "--opponent",
        "random",
    ];
    args.extend([
        "--opponent",
        "alphabeta:1",
        "--boards",
        "1",
        "--min-size",
        "5",
        "--max-size",
        "6",
    ]);
    args.extend(more);
    arena(&args)
}

#[test]
fn a_gauntlet_plays_one_player_against_each_opponent_only() {
    let out = gauntlet(&["--jobs", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let standings = text.split("rank").nth(1).expect("a standings table");
    let games = |name: &str| {
        let row = standings
            .lines()
            .find(|row| row.split_whitespace().nth(1) == Some(name));
        row.and_then(|row| row.split_whitespace().nth(2))
            .map(str::to_string)
    };
    assert_eq!(games("greedy").as_deref(), Some("4"), "{text}");
    assert_eq!(games("random").as_deref(), Some("2"), "{text}");
    assert_eq!(games("alphabeta:1").as_deref(), Some("2"), "{text}");
    let crosstable = text.split("crosstable").nth(1).expect("a crosstable");
    assert_eq!(crosstable.matches("/2").count(), 4, "{text}");
    assert_eq!(
        crosstable.matches("0/0").count(),
        2,
        "the opponents never meet: {text}"
    );
    // Two shards of it, merged, rank and cross as the whole did.
    let files: Vec<String> = (1..=2)
        .map(|k| {
            let file = temp(&format!("gauntlet-{k}.jsonl")).display().to_string();
            let shard = format!("{k}/2");
            let out = gauntlet(&["--shard", &shard, "--jsonl", &file]);
            assert!(out.status.success(), "{}", stderr(&out));
            file
        })
        .collect();
    let merged = arena(&["merge", &files[0], &files[1]]);
    assert!(merged.status.success(), "{}", stderr(&merged));
    let ranked = |text: &str| text.split("rank").nth(1).map(str::to_string);
    assert_eq!(ranked(&stdout(&merged)), ranked(&text));
    for file in files {
        std::fs::remove_file(file).unwrap();
    }
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

/// A game recorded by an earlier arena (a line as `--jsonl` has always written it).
const OLD_LINE: &str = r#"{"match_seed":1,"pair":0,"a_seat":0,"record":{"game":"domain","seed":1,"start":"","players":["greedy","random"],"limits_ms":[100,100],"moves":[{"seat":0,"text":"0 1 D","micros":9,"peak_kib":0}],"forfeit":{"seat":1,"reason":"no answer within 1000 ms"},"points":[0,-7],"winner":0,"peak_kib":[0,0],"ready_micros":[0,0]}}"#;

#[test]
fn an_old_record_still_replays() {
    let file = temp("old.jsonl");
    std::fs::write(&file, format!("{OLD_LINE}\n")).unwrap();
    let out = arena(&["replay", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("move 1: player 0 (greedy) plays 0 1 D"),
        "{text}"
    );
    assert!(
        text.contains("forfeited: no answer within 1000 ms"),
        "{text}"
    );
    std::fs::remove_file(file).unwrap();
}

#[test]
fn a_closed_pipe_ends_the_arena_quietly() {
    let file = temp("pipe.jsonl");
    std::fs::write(&file, format!("{OLD_LINE}\n")).unwrap();
    for args in [
        &["replay", file.to_str().unwrap(), "--game", "0"][..],
        &[
            "match",
            "floodwars",
            "--a",
            "greedy",
            "--b",
            "random",
            "--boards",
            "1",
        ][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arena"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes away before the arena writes anything, as `| head -0` would.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = stderr(&out);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
    }
    std::fs::remove_file(file).unwrap();
}

#[test]
fn a_built_in_a_game_lacks_is_refused_before_any_game() {
    for (game, player, message) in [
        ("go", "alphabeta:2", "no alpha-beta built-in plays Go"),
        ("floodwars", "alphabeta:13", "1 to 12"),
        ("floodwars", "alphabeta:0", "1 to 12"),
        ("grow", "alphabeta:99999ms", "1 to 60000 ms"),
        ("cram", "self:alphabeta:0", "1 to 12"),
    ] {
        let out = arena(&[
            "match", game, "--a", "random", "--b", player, "--boards", "1",
        ]);
        assert_eq!(out.status.code(), Some(2), "{game} {player}");
        assert!(stdout(&out).is_empty(), "{game} {player}: no game played");
        assert!(
            stderr(&out).contains(message),
            "{game} {player}: {}",
            stderr(&out)
        );
    }
}

/// Go's built-ins as processes speak GTP, a move per `genmove`, each game's seed its own.
#[test]
fn the_go_built_ins_speak_gtp() {
    let genmove = |seed: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arena"))
            .args(["player", "go", "random", "--seed", seed])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        let commands = b"boardsize 19\nclear_board\nname\ngenmove b\nquit\n";
        child.stdin.take().unwrap().write_all(commands).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
        stdout(&out)
    };
    let first = genmove("1");
    assert!(
        first.starts_with("=\n\n=\n\n= arena random\n\n= "),
        "{first}"
    );
    let moves: std::collections::HashSet<String> =
        (1..=4).map(|seed| genmove(&seed.to_string())).collect();
    assert!(moves.len() > 1, "every seed played the same: {first}");
}

/// Each mistake on the command line gets one line on stderr that says what would be right, and
/// exit status 2, before any game.
#[test]
fn command_line_mistakes_get_one_line_saying_what_would_be_right() {
    let cram_file = temp("init-and-more.txt");
    std::fs::write(&cram_file, "5_1x1\nSTART\n").unwrap();
    let cram_file = cram_file.to_str().unwrap().to_string();
    let cases: [(&[&str], &str); 9] = [
        (
            &["match", "chess", "--a", "x", "--b", "y"],
            "[possible values: floodwars",
        ),
        (
            &[
                "match", "go", "--a", "random", "--b", "random", "--boards", "0",
            ],
            "a whole number from 1",
        ),
        (
            &[
                "match",
                "go",
                "--a",
                "random",
                "--b",
                "random",
                "--limit-ms",
                "0",
            ],
            "from 1 to 3600000",
        ),
        (
            &[
                "match",
                "go",
                "--a",
                "random",
                "--b",
                "random",
                "--limit-ms",
                "999999999999",
            ],
            "from 1 to 3600000",
        ),
        (
            &["match", "go", "--a", "random", "--b", "greddy"],
            "nor a built-in (random, greedy",
        ),
        (
            &["match", "floodwars", "--a", "random", "--b", "alphabeta:0"],
            "(alphabeta:Nms)",
        ),
        (
            &[
                "match",
                "go",
                "--a",
                "random",
                "--b",
                "name=x cmd=y limit_ms=0",
            ],
            "from 1 to 3600000",
        ),
        (
            &[
                "match", "cram", "--a", "random", "--b", "random", "--board", &cram_file,
            ],
            "is --starts",
        ),
        (&["matc"], "similar subcommand exists: 'match'"),
    ];
    for (args, hint) in cases {
        let out = arena(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("arena: ") && err.contains(hint),
            "{args:?}: {err}"
        );
        assert!(
            !err.contains("reach:D"),
            "{args:?}: a built-in the game lacks: {err}"
        );
        assert!(stdout(&out).is_empty(), "{args:?}");
    }
    std::fs::remove_file(cram_file).unwrap();
}
