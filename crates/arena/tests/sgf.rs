//! `--sgf DIR`: every Go game of a match, a tournament or an SPRT as an SGF file, read back
//! with go-core's reader and held to the arena's own record (the `--jsonl` file), the result
//! scored again from the file's moves; games lost by forfeit, resignation and time; and the
//! option refused where it cannot be followed.

mod common;

use std::path::{Path, PathBuf};

use common::{Limited, arena, builtin, sh, stderr};
use floodgate_arena::game_files::SgfFolder;
use floodgate_arena::go::sgf::sgf_file;
use floodgate_arena::go::{Go, GoStart, KOMI};
use floodgate_arena::jsonl;
use floodgate_arena::matchup::MatchGame;
use floodgate_arena::record::MatchLine;
use floodgate_go_core::gtp::GtpMove;
use floodgate_go_core::sgf::{Outcome, Sgf};
use floodgate_go_core::{Colour, GameState, Move};

/// A fresh folder (or file name) in the temp directory for this test process.
fn fresh(name: &str) -> PathBuf {
    let path = common::temp_file("sgf", name);
    let _ = std::fs::remove_dir_all(&path);
    let _ = std::fs::remove_file(&path);
    path
}

/// The names of the files in `dir`, sorted.
fn listed(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

/// The game's moves as the record has them: the start's opening, then the moves played.
fn recorded_moves(line: &MatchLine) -> Vec<(Colour, Move)> {
    let start: GoStart = line.record.start.parse().unwrap();
    let mut moves = start.opening().to_vec();
    for played in &line.record.moves {
        let colour = [Colour::Black, Colour::White][usize::from(played.seat)];
        let at = played.text.parse::<GtpMove>().unwrap();
        moves.push((colour, at.on_board(start.side()).unwrap()));
    }
    moves
}

/// The result a game played out to its end has: its moves replayed (each legal) and the final
/// board scored by area, komi 7.
fn scored_again(sgf: &Sgf) -> Outcome {
    let mut game = GameState::new(sgf.size, sgf.komi.unwrap());
    for &(colour, played) in &sgf.moves {
        game.play(colour, played).expect("a legal move");
    }
    let score = game.score();
    let lead = score.black as i64 - (score.white as i64 + KOMI);
    match lead.signum() {
        1 => Outcome::Score(Colour::Black, lead as f64),
        -1 => Outcome::Score(Colour::White, -lead as f64),
        _ => Outcome::Draw,
    }
}

/// Checks the SGF file of `line` in `dir` against the record.
fn check_file(dir: &Path, line: &MatchLine) {
    let game = MatchGame::from(line);
    let path = dir.join(SgfFolder::file_name(&game));
    let text = std::fs::read_to_string(&path).unwrap();
    let sgf: Sgf = text.parse().unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let record = &line.record;
    let start: GoStart = record.start.parse().unwrap();
    assert_eq!(sgf.size, start.side());
    assert_eq!(sgf.komi, Some(KOMI as f64));
    assert_eq!(sgf.rules.as_deref(), Some("Tromp-Taylor"));
    assert!(
        sgf.application
            .as_ref()
            .unwrap()
            .starts_with("floodgate-arena:")
    );
    assert_eq!(sgf.date.as_ref().map(String::len), Some(10));
    let [black, white] = &record.players;
    assert_eq!(
        (sgf.black_name.as_ref(), sgf.white_name.as_ref()),
        (Some(black), Some(white))
    );
    assert_eq!(sgf.moves, recorded_moves(line), "{path:?}");
    let opening = start.opening().len();
    for (number, played) in record.moves.iter().enumerate() {
        let time = format!("{:.3} s", played.micros as f64 / 1e6);
        assert_eq!(sgf.move_comments.get(&(opening + number)), Some(&time));
    }
    assert!(
        record.forfeit.is_none() && !record.adjudicated,
        "{record:?}"
    );
    assert_eq!(sgf.outcome(), Some(scored_again(&sgf)), "{path:?}");
    let winner = record
        .winner
        .map(|seat| [Colour::Black, Colour::White][usize::from(seat)]);
    assert_eq!(sgf.outcome().unwrap().winner(), winner);
    let about = sgf.comment.unwrap();
    assert!(
        about.contains(&format!("board pair {}", line.pair)),
        "{about}"
    );
}

#[test]
fn a_go_match_writes_every_game_as_sgf_that_reads_back_as_recorded() {
    let (dir, file, starts) = (fresh("match"), fresh("match.jsonl"), fresh("starts.txt"));
    std::fs::write(&starts, "(;GM[1]FF[4]SZ[7]KM[7];B[dd];W[cc];B[ec])\n7\n").unwrap();
    let nested = dir.join("games");
    let out = arena(&[
        "match",
        "go",
        "--a",
        "random",
        "--b",
        "greedy",
        "--boards",
        "3",
        "--jobs",
        "2",
        "--starts",
        starts.to_str().unwrap(),
        "--jsonl",
        file.to_str().unwrap(),
        "--sgf",
        nested.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines = jsonl::read(&file).unwrap().lines;
    assert_eq!(lines.len(), 6);
    let mut expected: Vec<String> = lines
        .iter()
        .map(|line| SgfFolder::file_name(&MatchGame::from(line)))
        .collect();
    expected.sort();
    assert_eq!(listed(&nested), expected, "one file a game, nothing else");
    assert_eq!(expected[0], "game-0001-B-random-W-greedy.sgf");
    assert_eq!(expected[5], "game-0006-B-greedy-W-random.sgf");
    for line in &lines {
        check_file(&nested, line);
    }
    let first = std::fs::read_to_string(nested.join(&expected[0])).unwrap();
    assert!(first.contains("\n;B[dd]\n;W[cc]\n;B[ec]\n;W["), "{first}");
    assert!(
        first.contains("Moves 1 to 3 are the start's opening"),
        "{first}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_file(&starts);
}

#[test]
fn tournaments_and_sprts_write_their_games_too() {
    let games = play_recorded(
        "tournament",
        &[
            "tournament",
            "go",
            "--player",
            "random",
            "--player",
            "greedy",
            "--player",
            "name=other cmd=self:random",
            "--boards",
            "1",
        ],
    );
    assert_eq!(games, 6);
    play_recorded(
        "sprt",
        &[
            "sprt",
            "go",
            "--a",
            "greedy",
            "--b",
            "random",
            "--max-pairs",
            "2",
        ],
    );
}

/// Runs the arena with `args` on 5 x 5 boards, writing `--jsonl` and `--sgf` under `name`;
/// checks that it wrote one SGF file a game, each as its record has it, and returns how many.
fn play_recorded(name: &str, args: &[&str]) -> usize {
    let (dir, file) = (fresh(name), fresh(&format!("{name}.jsonl")));
    let (dir_text, file_text) = (dir.to_str().unwrap(), file.to_str().unwrap());
    let records = [
        "--min-size",
        "5",
        "--max-size",
        "5",
        "--jsonl",
        file_text,
        "--sgf",
        dir_text,
    ];
    let out = arena(&[args, &records[..]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let lines = jsonl::read(&file).unwrap().lines;
    assert_eq!(listed(&dir).len(), lines.len());
    lines.iter().for_each(|line| check_file(&dir, line));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(&file);
    lines.len()
}

/// A GTP engine in shell: answers `=` to everything, `genmove` with `answer`, after `pause`.
fn engine(answer: &str, pause: &str) -> floodgate_arena::player::Player {
    sh(&format!(
        "while read -r line; do case \"$line\" in genmove*) sleep {pause}; printf '= {answer}\\n\\n';; quit*) printf '=\\n\\n'; exit 0;; *) printf '=\\n\\n';; esac; done"
    ))
}

#[test]
fn a_game_lost_by_resignation_time_or_forfeit_says_so_in_its_result() {
    let referee = Limited::new(
        Go {
            sizes: (5, 5),
            ..Go::default()
        },
        300,
    );
    for (black, result, words) in [
        (engine("resign", "0"), "W+R", "Black lost: resigned."),
        (
            engine("C3", "2"),
            "W+T",
            "Black lost: no reply to \"genmove b\" within 300 ms.",
        ),
        (
            engine("Z9", "0"),
            "W+F",
            "Black lost: \"Z9\" is not a move on this board.",
        ),
    ] {
        let record = referee.play("5", [&black, &builtin("random")], 1);
        let line = MatchLine {
            match_seed: 1,
            pair: 0,
            a_seat: 0,
            record,
            boards: Some(1),
            shard: None,
        };
        let sgf: Sgf = sgf_file(&line, "2025-03-14").unwrap().parse().unwrap();
        assert_eq!(sgf.result.as_deref(), Some(result));
        let about = sgf.comment.unwrap();
        assert!(about.ends_with(words), "{about}");
        assert!(sgf.moves.is_empty(), "{:?}", sgf.moves);
    }
}

#[test]
fn sgf_is_refused_for_other_games_and_folders_that_cannot_be_made() {
    let dir = fresh("refused");
    let out = arena(&[
        "match",
        "cram",
        "--a",
        "random",
        "--b",
        "greedy",
        "--boards",
        "1",
        "--sgf",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "arena: --sgf is for Go only: SGF does not record cram games (--jsonl records every \
         game)\n"
    );
    assert!(!dir.exists(), "no folder made for a refused option");
    let blocker = fresh("blocker");
    std::fs::write(&blocker, "a file, not a folder").unwrap();
    let inside = blocker.join("games");
    let out = arena(&[
        "match",
        "go",
        "--a",
        "random",
        "--b",
        "greedy",
        "--boards",
        "1",
        "--sgf",
        inside.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let error = stderr(&out);
    assert!(
        error.starts_with("arena: cannot create the folder ") && error.lines().count() == 1,
        "{error}"
    );
    assert!(out.stdout.is_empty(), "no game played");
    let _ = std::fs::remove_file(&blocker);
}
