//! Start files (`--starts FILE`) through the command line: pairs take the file's lines in
//! order or shuffled by the seed, a bad line stops the run before any game, Go openings reach
//! the engines; and the start sets shipped in docs/starts/ read completely.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;
use std::str::FromStr;

use common::{arena, temp_file};
use floodgate_arena::cram::InitLine;
use floodgate_arena::error::Error;
use floodgate_arena::floodwars::StartBoard;
use floodgate_arena::go::{Go, GoStart};
use floodgate_arena::jsonl::{self, JsonlFile};
use floodgate_arena::replay::Replay;
use floodgate_arena::start_file::{StartForm, StartList, StartOrder, StartSource};

fn temp(name: &str) -> PathBuf {
    temp_file("starts", name)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Plays a Cram match of `boards` pairs, greedy against random, with `options`, into a fresh
/// `--jsonl` file named `name`, and reads the file back.
fn cram_match(name: &str, boards: &str, options: &[&str]) -> JsonlFile {
    let games = temp(name);
    let _ = std::fs::remove_file(&games);
    let mut args = vec!["match", "cram", "--a", "greedy", "--b", "random"];
    args.extend(["--boards", boards, "--jsonl", games.to_str().unwrap()]);
    args.extend(options);
    let out = arena(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let file = jsonl::read(&games).unwrap();
    std::fs::remove_file(games).unwrap();
    file
}

/// The start of each pair of `file`, checking that both games of a pair share it with the
/// seats swapped.
fn starts_by_pair(file: &JsonlFile) -> Vec<String> {
    let pairs = file.lines.len() / 2;
    (0..pairs)
        .map(|pair| {
            let games: Vec<_> = file.lines.iter().filter(|l| l.pair == pair).collect();
            assert_eq!(games.len(), 2, "pair {pair}");
            assert_eq!(games[0].record.start, games[1].record.start);
            assert_ne!(games[0].a_seat, games[1].a_seat);
            assert_eq!(games[0].record.players[0], games[1].record.players[1]);
            games[0].record.start.clone()
        })
        .collect()
}

const INIT_LINES: [&str; 6] = ["5", "6_0x0", "7_1x1", "5_2x2", "6_3x3", "7"];

fn init_file(name: &str) -> PathBuf {
    let path = temp(name);
    let text = format!("# six boards\n\n{}\n", INIT_LINES.join("\n"));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_start_file_in_order_gives_pair_k_line_k_from_both_seats() {
    let starts = init_file("in-order.txt");
    let file = cram_match(
        "in-order.jsonl",
        "8",
        &["--starts", starts.to_str().unwrap()],
    );
    let played = starts_by_pair(&file);
    // Pairs 6 and 7 cycle back to the first lines.
    let expected: Vec<&str> = (0..8).map(|k| INIT_LINES[k % 6]).collect();
    assert_eq!(played, expected);
    std::fs::remove_file(starts).unwrap();
}

#[test]
fn shuffled_starts_are_a_permutation_fixed_by_the_seed() {
    let starts = init_file("shuffled.txt");
    let path = starts.to_str().unwrap();
    let order = |name: &str, seed: &str| {
        let options = ["--starts", path, "--shuffle-starts", "--seed", seed];
        starts_by_pair(&cram_match(name, "6", &options))
    };
    let first = order("shuffled-a.jsonl", "5");
    let mut sorted = first.clone();
    sorted.sort();
    let mut lines = INIT_LINES.map(String::from).to_vec();
    lines.sort();
    assert_eq!(sorted, lines, "every line once");
    assert_ne!(
        first,
        INIT_LINES.map(String::from).to_vec(),
        "not the file's order"
    );
    assert_eq!(
        order("shuffled-b.jsonl", "5"),
        first,
        "the same seed, the same order"
    );
    assert_ne!(
        order("shuffled-c.jsonl", "6"),
        first,
        "another seed, another order"
    );
    std::fs::remove_file(starts).unwrap();
}

#[test]
fn a_malformed_line_is_one_error_naming_the_file_and_line_before_any_game() {
    let starts = temp("malformed.txt");
    std::fs::write(
        &starts,
        "# two good lines, then a bad one\n5\n6\n6_9x9\n7\n",
    )
    .unwrap();
    let (games, mark) = (temp("malformed.jsonl"), temp("malformed.mark"));
    let _ = std::fs::remove_file(&games);
    let player = format!("sh -c 'touch {}; echo OK; cat > /dev/null'", mark.display());
    let out = arena(&[
        "match",
        "cram",
        "--a",
        &player,
        "--b",
        "random",
        "--starts",
        starts.to_str().unwrap(),
        "--jsonl",
        games.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let words = stderr(&out);
    let expected = format!("arena: {} line 4: not a start: ", starts.display());
    assert!(words.starts_with(&expected), "{words}");
    assert_eq!(words.lines().count(), 1, "{words}");
    assert!(!games.exists(), "no game was played");
    assert!(!mark.exists(), "no player was started");
    std::fs::remove_file(starts).unwrap();
}

#[test]
fn the_start_options_say_what_would_be_right() {
    let starts = init_file("options.txt");
    let path = starts.to_str().unwrap();
    let out = arena(&[
        "match", "domain", "--a", "random", "--b", "greedy", "--starts", path,
    ]);
    assert_eq!(stderr(&out), "arena: --starts does not apply to domain\n");
    let out = arena(&[
        "match",
        "cram",
        "--a",
        "random",
        "--b",
        "greedy",
        "--shuffle-starts",
    ]);
    assert!(
        stderr(&out).contains("--starts <FILE>"),
        "{}",
        stderr(&out)
    );
    let both = ["--starts", path, "--board", path];
    let out = arena(
        &[
            &["match", "cram", "--a", "random", "--b", "greedy"][..],
            &both,
        ]
        .concat(),
    );
    assert!(
        stderr(&out).contains("cannot be used with"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_file(starts).unwrap();
}

#[test]
fn a_run_resumed_with_another_start_file_is_refused() {
    let (first, second, games) = (
        temp("resume-1.txt"),
        temp("resume-2.txt"),
        temp("resume.jsonl"),
    );
    std::fs::write(&first, "5\n6\n").unwrap();
    std::fs::write(&second, "6\n5\n").unwrap();
    let _ = std::fs::remove_file(&games);
    let run = |starts: &Path, resume: bool| {
        let mut args = vec![
            "match", "cram", "--a", "greedy", "--b", "random", "--boards",
        ];
        args.extend(["2", "--starts", starts.to_str().unwrap()]);
        args.extend(["--jsonl", games.to_str().unwrap()]);
        if resume {
            args.push("--resume");
        }
        arena(&args)
    };
    assert!(run(&first, false).status.success());
    assert!(run(&first, true).status.success(), "the same file resumes");
    let out = run(&second, true);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("board pair 0 from another start"),
        "{}",
        stderr(&out)
    );
    for file in [first, second, games] {
        std::fs::remove_file(file).unwrap();
    }
}

#[test]
fn go_sgf_openings_reach_the_engines_and_the_records() {
    let (starts, log, games) = (temp("go.txt"), temp("go.log"), temp("go.jsonl"));
    let opening = "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[cc])";
    std::fs::write(&starts, format!("# one opening\n{opening}\n")).unwrap();
    let _ = std::fs::remove_file(&games);
    // A GTP engine that logs what it is told and passes.
    let engine = format!(
        "sh -c 'while read -r line; do echo \"$line\" >> {}; case \"$line\" in \
         genmove*) printf \"= pass\\n\\n\";; quit*) printf \"=\\n\\n\"; exit 0;; \
         *) printf \"=\\n\\n\";; esac; done'",
        log.display()
    );
    let out = arena(&[
        "match",
        "go",
        "--a",
        &engine,
        "--b",
        "random",
        "--boards",
        "1",
        "--starts",
        starts.to_str().unwrap(),
        "--jsonl",
        games.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let told = std::fs::read_to_string(&log).unwrap();
    let game_told: Vec<&str> = told
        .lines()
        .filter(|l| !l.starts_with("boardsize"))
        .collect();
    // In each game (the engine starts once to be checked, then once a game): the opening
    // after clear_board, komi and time settings.
    let opening_told = ["play b E5", "play w C7"];
    let after_clear = game_told
        .windows(5)
        .filter(|w| w[0] == "clear_board" && w[3..] == opening_told)
        .count();
    assert_eq!(after_clear, 2, "{told}");
    let file = jsonl::read(&games).unwrap();
    for line in &file.lines {
        assert_eq!(line.record.start, opening);
        let states = Go::states(&line.record).unwrap();
        assert_eq!(Go::text(&states[0], false).matches(['X', 'O']).count(), 2);
    }
    // Black moves after the opening's White move: the first move of each game is seat 0's.
    assert!(file.lines.iter().all(|line| line.record.moves[0].seat == 0));
    assert!(told.contains("play w C7\ngenmove b\n"), "{told}");
    for file in [starts, log, games] {
        std::fs::remove_file(file).unwrap();
    }
}

/// Reads a shipped start set of docs/starts/ as starts of type `S`.
fn shipped<S: FromStr<Err = Error>>(name: &str) -> (String, StartList<S>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/starts")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let source = StartSource {
        path,
        text: text.clone(),
        form: StartForm::Lines(StartOrder::AsWritten),
    };
    (text, StartList::read(&source).unwrap())
}

#[test]
fn the_shipped_start_sets_read_completely() {
    let (text, go) = shipped::<GoStart>("go9.sgf.txt");
    assert!(
        text.starts_with("# arena starts go "),
        "the command that made it"
    );
    assert!(go.starts.len() >= 100);
    for start in &go.starts {
        assert_eq!(start.side(), 9);
        assert!((2..=6).contains(&start.opening().len()), "{start}");
    }
    let (text, cram) = shipped::<InitLine>("cram.txt");
    assert!(text.starts_with("# arena starts cram "));
    assert!(cram.starts.len() >= 100);
    let (text, floodwars) = shipped::<StartBoard>("floodwars.txt");
    assert!(text.starts_with("# arena starts floodwars "));
    assert!(floodwars.starts.len() >= 100);
    // Every line that is not a comment is a start: none was skipped.
    for (text, count) in [
        (&text, floodwars.starts.len()),
        (&shipped::<InitLine>("cram.txt").0, cram.starts.len()),
    ] {
        let comments = text.lines().filter(|l| l.starts_with("# ")).count();
        assert_eq!(text.lines().count(), comments + count);
    }
}

#[test]
fn the_documented_examples_are_starts() {
    let one_line: StartBoard = "@#+/*.@/+#*".parse().unwrap();
    let rows: StartBoard = "J\n@#+\n*.@\n+#*\n".parse().unwrap();
    assert_eq!(one_line, rows);
    assert_eq!(one_line.to_string(), "@#+\n*.@\n+#*");
    assert!("9_0x0_4x4_8x8".parse::<InitLine>().is_ok());
    let go: GoStart = "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[cc])".parse().unwrap();
    assert_eq!(go.opening().len(), 2);
}
