//! Matches, tournaments and SPRTs spread over shards (`--shard K/N`) and read back with
//! `arena merge` and `arena sprt-status`: the same summary and the same test as one run.

use std::path::PathBuf;

mod common;
use common::arena;

fn ok(args: &[&str]) -> String {
    let out = arena(args);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {errors}");
    text
}

fn refused(args: &[&str]) -> String {
    let out = arena(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A file name in the temp directory, unique to this test process.
fn temp(name: &str) -> PathBuf {
    common::temp_file("shards", name)
}

/// A summary without its time and memory table (the header line and a line per player):
/// the columns that differ from run to run.
fn without_costs(summary: &str) -> String {
    let mut kept = Vec::new();
    let mut skip = 0;
    for line in summary.lines() {
        if line.contains("p50 ms") {
            skip = 2;
        } else if skip > 0 {
            skip -= 1;
        } else {
            kept.push(line);
        }
    }
    kept.join("\n")
}

/// Runs `arena COMMAND BASE... --shard K/N --jsonl FILE` for every K of `count`: the files and
/// the summaries printed.
fn play_shards(command: &str, base: &[&str], count: usize) -> (Vec<PathBuf>, Vec<String>) {
    let files: Vec<PathBuf> = (1..=count)
        .map(|k| temp(&format!("{command}-{k}-of-{count}.jsonl")))
        .collect();
    let summaries = files
        .iter()
        .enumerate()
        .map(|(k, file)| {
            let shard = format!("{}/{count}", k + 1);
            let mut args = vec![command];
            args.extend(base);
            args.extend(["--shard", &shard, "--jsonl", file.to_str().unwrap()]);
            ok(&args)
        })
        .collect();
    (files, summaries)
}

#[test]
fn merged_shards_print_the_single_runs_summary() {
    let single = temp("single.jsonl");
    let base = [
        "domain", "--a", "greedy", "--b", "random", "--boards", "7", "--seed", "40",
    ];
    let mut args = vec!["match"];
    args.extend(base);
    args.extend(["--jsonl", single.to_str().unwrap()]);
    let whole = ok(&args);
    let (shards, parts) = play_shards("match", &base, 3);
    for (k, part) in parts.iter().enumerate() {
        let games = if k == 0 { "6 games" } else { "4 games" };
        assert!(part.contains(games), "shard {}: {part}", k + 1);
    }
    let names: Vec<&str> = shards.iter().rev().map(|f| f.to_str().unwrap()).collect();
    let mut args = vec!["merge"];
    args.extend(&names);
    let merged = ok(&args);
    assert!(merged.contains("14 games"), "{merged}");
    assert_eq!(without_costs(&merged), without_costs(&whole));
    // The single run's own file merges to the same.
    assert_eq!(
        without_costs(&ok(&["merge", single.to_str().unwrap()])),
        without_costs(&whole)
    );

    // A shard left out is named; a shard given twice, or another match, is refused.
    let error = refused(&["merge", names[0], names[1]]);
    assert!(
        error.contains("missing") && error.contains("0, 3, 6") && error.contains("(shard 1/3)"),
        "{error}"
    );
    let error = refused(&["merge", names[0], names[1], names[2], names[2]]);
    assert!(error.contains("a shard given twice"), "{error}");
    let other = temp("other.jsonl");
    let mut args = vec!["match"];
    args.extend(base);
    args[9] = "41";
    args.extend(["--shard", "1/3", "--jsonl", other.to_str().unwrap()]);
    ok(&args);
    let error = refused(&["merge", names[0], names[1], other.to_str().unwrap()]);
    assert!(error.contains("seed 40 against 41"), "{error}");
    let error = refused(&[
        "match", "domain", "--a", "random", "--b", "random", "--shard", "4/3",
    ]);
    assert!(error.contains("K/N"), "{error}");
    for file in shards.iter().chain([&single, &other]) {
        std::fs::remove_file(file).unwrap();
    }
}

#[test]
fn a_sharded_tournament_merges_to_the_single_one() {
    let base = [
        "domain",
        "--player",
        "greedy",
        "--player",
        "random",
        "--player",
        "alphabeta:1",
        "--boards",
        "3",
        "--seed",
        "5",
    ];
    let mut args = vec!["tournament"];
    args.extend(base);
    let whole = ok(&args);
    let (shards, _) = play_shards("tournament", &base, 2);
    let merged = ok(&[
        "merge",
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
    ]);
    assert!(merged.contains("crosstable"), "{merged}");
    assert_eq!(without_costs(&merged), without_costs(&whole));
    for file in shards {
        std::fs::remove_file(file).unwrap();
    }
}

/// An SPRT's state after its last pair: `pairs N [...] ... | LLR x [lo, hi]`.
fn state_line(text: &str) -> String {
    let line = text
        .lines()
        .rfind(|line| line.contains("LLR"))
        .expect("an LLR line");
    line[line.find("pairs ").unwrap()..].to_string()
}

#[test]
fn pooled_waves_are_the_sprt_of_their_pairs_and_an_sprt_resumes() {
    let test = ["--elo0", "-20", "--elo1", "20"];
    let base = ["domain", "--a", "alphabeta:1", "--b", "greedy"];
    // One SPRT of 8 pairs (it does not decide that soon: pairs [0 0 2 1 5]).
    let mut args = vec!["sprt"];
    args.extend(base);
    args.extend(test);
    args.extend(["--max-pairs", "8", "--seed", "60"]);
    let whole = ok(&args);
    assert!(whole.contains("no decision"), "{whole}");
    // The same pairs as two waves of sharded matches: pairs 0-3 and 4-7 of seed 60 are the
    // matches of 4 pairs of seeds 60 and 64.
    let mut files = Vec::new();
    for (wave, seed) in [(1, "60"), (2, "64")] {
        for k in 1..=2 {
            let file = temp(&format!("wave{wave}-{k}.jsonl"));
            let shard = format!("{k}/2");
            let mut args = vec!["match"];
            args.extend(base);
            args.extend(["--boards", "4", "--seed", seed, "--shard", &shard]);
            args.extend(["--jsonl", file.to_str().unwrap()]);
            ok(&args);
            files.push(file);
        }
    }
    let names: Vec<&str> = files.iter().map(|f| f.to_str().unwrap()).collect();
    let mut args = vec!["sprt-status"];
    args.extend(test);
    args.extend(&names);
    let pooled = ok(&args);
    assert!(pooled.contains("pairs 8 ["), "{pooled}");
    assert!(pooled.contains("continue"), "{pooled}");
    assert_eq!(state_line(&pooled), state_line(&whole));
    let mut args = vec!["sprt-status"];
    args.extend(test);
    args.extend([names[0], names[0]]);
    assert!(refused(&args).contains("a file given twice"));

    // An SPRT stopped after 3 pairs and resumed to 8 ends where the whole one did, playing only
    // the 5 pairs it lacked.
    let file = temp("resumed.jsonl");
    for (pairs, resume) in [("3", false), ("8", true)] {
        let mut args = vec!["sprt"];
        args.extend(base);
        args.extend(test);
        args.extend([
            "--max-pairs",
            pairs,
            "--seed",
            "60",
            "--jsonl",
            file.to_str().unwrap(),
        ]);
        if resume {
            args.push("--resume");
        }
        let text = ok(&args);
        if resume {
            assert_eq!(state_line(&text), state_line(&whole));
            assert!(text.contains("16 games"), "{text}");
        }
    }
    let lines = std::fs::read_to_string(&file).unwrap().lines().count();
    assert_eq!(lines, 16, "each pair once in the file");
    let mut args = vec!["sprt"];
    args.extend(["domain", "--a", "greedy", "--b", "random"]);
    args.extend([
        "--max-pairs",
        "8",
        "--seed",
        "60",
        "--jsonl",
        file.to_str().unwrap(),
        "--resume",
    ]);
    assert!(refused(&args).contains("of no match of this run"));
    for file in files.iter().chain([&file]) {
        std::fs::remove_file(file).unwrap();
    }
}
