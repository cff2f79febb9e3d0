//! Start files (`--starts FILE`) through the command line: pairs take the file's lines in
//! order or shuffled by the seed, a bad line stops the run before any game, Go openings reach
//! the engines, Grow openings start the games and their replays, Domain seeds drive the games;
//! and the start sets shipped in docs/starts/ read completely.

mod common;

use std::path::{Path, PathBuf};
use std::str::FromStr;

use common::{arena, stderr, temp_file};
use floodgate_arena::cram::InitLine;
use floodgate_arena::error::Error;
use floodgate_arena::floodwars::StartBoard;
use floodgate_arena::go::{Go, GoStart};
use floodgate_arena::grow::{Grow, GrowOpening};
use floodgate_arena::jsonl::{self, JsonlFile};
use floodgate_arena::replay::Replay;
use floodgate_arena::start_file::{StartForm, StartList, StartOrder, StartSource};
use floodgate_grow_core::state::State;

fn temp(name: &str) -> PathBuf {
    temp_file("starts", name)
}

/// Plays a Cram match of `boards` pairs, greedy against random, with `options`, into a fresh
/// `--jsonl` file named `name`, and reads the file back.
fn cram_match(name: &str, boards: &str, options: &[&str]) -> JsonlFile {
    game_match("cram", ["greedy", "random"], name, boards, options)
}

/// Plays a match of `game` of `boards` pairs between `players` with `options`, into a fresh
/// `--jsonl` file named `name`, and reads the file back.
fn game_match(
    game: &str,
    [a, b]: [&str; 2],
    name: &str,
    boards: &str,
    options: &[&str],
) -> JsonlFile {
    let games = temp(name);
    let _ = std::fs::remove_file(&games);
    let mut args = vec!["match", game, "--a", a, "--b", b];
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
    // Domain Expansion's start lines are seeds: an init line is not one.
    let out = arena(&[
        "match", "domain", "--a", "random", "--b", "greedy", "--starts", path,
    ]);
    let expected = format!(
        "arena: {path} line 4: not a start: \"6_0x0\" is not a seed (a whole number from 0 \
         to 18446744073709551615): every Domain Expansion game starts from the same position, \
         and its start line is the game's seed\n"
    );
    assert_eq!(stderr(&out), expected);
    let out = arena(&[
        "match",
        "cram",
        "--a",
        "random",
        "--b",
        "greedy",
        "--shuffle-starts",
    ]);
    assert!(stderr(&out).contains("--starts <FILE>"), "{}", stderr(&out));
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

const GROW_OPENINGS: [&str; 3] = [
    "3,0,2,1 3,0,4,1",
    "9,0,8,1 10,0,9,1 8,1,8,2,9,2 9,1,8,2,10,2",
    "12,0,12,1 12,0,13,1 12,1,12,2,13,2 13,1,12,1,12,2 12,2,11,3,13,3 12,2,11,3,12,3",
];

#[test]
fn grow_openings_in_order_give_pair_k_line_k_and_start_the_games_and_their_replays() {
    let starts = temp("grow.txt");
    std::fs::write(
        &starts,
        format!("# three openings\n{}\n", GROW_OPENINGS.join("\n")),
    )
    .unwrap();
    let options = ["--starts", starts.to_str().unwrap()];
    let file = game_match("grow", ["random", "random"], "grow.jsonl", "4", &options);
    let expected: Vec<&str> = (0..4).map(|k| GROW_OPENINGS[k % 3]).collect();
    assert_eq!(starts_by_pair(&file), expected);
    for line in &file.lines {
        let opening: GrowOpening = line.record.start.parse().unwrap();
        assert_eq!(
            opening.to_string(),
            line.record.start,
            "reads back as written"
        );
        let states = Grow::states(&line.record).unwrap();
        assert_eq!(states.len(), line.record.moves.len() + 1);
        // The replay's first board is the opening's grid, both trees on it.
        assert_eq!(states[0], opening.position());
        assert_ne!(states[0], State::default());
        let text = Grow::text(&states[0], false);
        assert_eq!(text.matches(['O', 'X']).count(), opening.len());
        // Player 1 moves first after the opening's whole rounds.
        assert_eq!(line.record.moves[0].seat, 0);
    }
    std::fs::remove_file(starts).unwrap();
}

#[test]
fn an_illegal_grow_opening_is_refused_with_file_and_line_before_any_game() {
    let starts = temp("grow-illegal.txt");
    // Line 3: player 1 plants a second seed.
    std::fs::write(
        &starts,
        "# a good line, a bad one\n3,0,2,1 3,0,4,1\n3,0,2,1 3,0,4,1 5,0,5,1\n",
    )
    .unwrap();
    let (games, mark) = (temp("grow-illegal.jsonl"), temp("grow-illegal.mark"));
    let _ = std::fs::remove_file(&games);
    let player = format!("sh -c 'touch {}; echo 3,0,2,1'", mark.display());
    let out = arena(&[
        "match",
        "grow",
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
    let expected = format!(
        "arena: {} line 3: not a start: move 3 of the opening (5,0,5,1) is not a valid move \
         of player 1 here\n",
        starts.display()
    );
    assert_eq!(stderr(&out), expected);
    assert!(!games.exists(), "no game was played");
    assert!(!mark.exists(), "no player was started");
    std::fs::remove_file(starts).unwrap();
}

/// A Grow game recorded before there were openings: its start is empty.
const OLD_GROW_LINE: &str = r#"{"match_seed":1,"pair":0,"a_seat":0,"record":{"game":"grow","seed":1,"start":"","players":["greedy","random"],"limits_ms":[2000,2000],"moves":[{"seat":0,"text":"3,0,2,1","micros":9,"peak_kib":0},{"seat":1,"text":"3,0,4,1","micros":5,"peak_kib":0}],"forfeit":{"seat":0,"reason":"no answer within 2000 ms"},"points":[1,1],"winner":1,"peak_kib":[0,0],"ready_micros":[0,0]}}"#;

#[test]
fn an_old_grow_record_with_an_empty_start_still_replays_from_the_empty_grid() {
    let path = temp("grow-old.jsonl");
    std::fs::write(&path, format!("{OLD_GROW_LINE}\n")).unwrap();
    let file = jsonl::read(&path).unwrap();
    let record = &file.lines[0].record;
    assert_eq!(
        record.start.parse::<GrowOpening>().unwrap(),
        GrowOpening::default()
    );
    let states = Grow::states(record).unwrap();
    assert_eq!(states[0], State::default());
    assert_eq!(Grow::scores(&states[2]), [1, 1]);
    let out = arena(&["replay", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::remove_file(path).unwrap();
}

#[test]
fn domain_seed_lines_are_the_seeds_of_pair_k_s_games_and_records_keep_them() {
    let starts = temp("domain-seeds.txt");
    std::fs::write(&starts, "# two seeds\n17\n5\n").unwrap();
    let options = ["--starts", starts.to_str().unwrap(), "--seed", "100"];
    let file = game_match(
        "domain",
        ["random", "greedy"],
        "domain.jsonl",
        "3",
        &options,
    );
    assert_eq!(starts_by_pair(&file), ["17", "5", "17"]);
    for line in &file.lines {
        assert_eq!(line.record.seed.to_string(), line.record.start);
    }
    // The seed drives the built-ins: pairs 0 and 2 play the same games.
    let moves = |pair: usize, a_seat: u8| {
        let game = file
            .lines
            .iter()
            .find(|l| l.pair == pair && l.a_seat == a_seat);
        game.unwrap()
            .record
            .moves
            .iter()
            .map(|m| m.text.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(0, 0), moves(2, 0));
    assert_eq!(moves(0, 1), moves(2, 1));
    // Without a file, pair k's games keep the match's seed + k and an empty start.
    let drawn = game_match(
        "domain",
        ["random", "greedy"],
        "domain-drawn.jsonl",
        "2",
        &options[2..],
    );
    assert_eq!(starts_by_pair(&drawn), ["", ""]);
    let seeds: Vec<u64> = drawn.lines.iter().map(|l| l.record.seed).collect();
    assert_eq!(seeds, [100, 100, 101, 101]);
    std::fs::remove_file(starts).unwrap();
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
    let (grow_text, grow) = shipped::<GrowOpening>("grow.txt");
    assert!(grow_text.starts_with("# arena starts grow "));
    assert!(grow.starts.len() >= 100);
    for opening in &grow.starts {
        // One to three rounds of a move each, player 1 to move after them.
        assert!([2, 4, 6].contains(&opening.len()), "{opening}");
        assert_eq!(opening.position().to_move(), 0, "{opening}");
    }
    // Every line that is not a comment is a start: none was skipped.
    for (text, count) in [
        (&text, floodwars.starts.len()),
        (&shipped::<InitLine>("cram.txt").0, cram.starts.len()),
        (&grow_text, grow.starts.len()),
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
    let grow: GrowOpening = "3,0,2,1 3,0,4,1".parse().unwrap();
    assert_eq!(grow.len(), 2);
}
