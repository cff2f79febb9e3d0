//! The bot kit's command line and line reader on arbitrary input: never a panic. The bytes
//! before the first 0 are the command line (words split at `\n`, the environment's variable the
//! first word's), and what follows is standard input, read by a line reader whose limit and mode
//! the first byte sets. An accepted command line gives back each number it was given; each line
//! read is shorter than the limit and holds no line end, and no more lines are read than the
//! input has.
#![no_main]

use std::time::Instant;

use floodgate_botkit::{Cli, Flag, LineReader};
use libfuzzer_sys::fuzz_target;

const CLI: Cli = Cli {
    name: "fuzz-bot",
    version: "0",
    about: "a bot's command line under the fuzzer",
    input: "",
    flags: &[
        Flag::budget("--budget-ms", "FUZZ_BUDGET_MS", Some(100), "time per move"),
        Flag::number("--table-mb", "MiB", 16, "tables"),
        Flag::seed("--seed", "random numbers"),
        Flag::text("--board", "AxB", "a board"),
        Flag::switch("--mcts", "another search"),
    ],
};

fuzz_target!(|input: &[u8]| {
    let Some((&mode, rest)) = input.split_first() else { return };
    let (line, stdin) = match rest.iter().position(|&b| b == 0) {
        Some(at) => (&rest[..at], &rest[at + 1..]),
        None => (rest, &[][..]),
    };
    command_line(&String::from_utf8_lossy(line));
    read_lines(stdin, usize::from(mode % 64) + 1, mode >= 128);
});

/// Parses the words of `line`; where they are accepted, the number `--table-mb` was given last
/// (each flag with a value takes the next word) reads back.
fn command_line(line: &str) {
    let words: Vec<String> = line.split('\n').filter(|w| !w.is_empty()).map(String::from).collect();
    let variable = words.first().cloned();
    let Ok(args) = CLI.parse(&words, |_| variable.clone(), Instant::now()) else { return };
    let (mut at, mut given) = (0, None);
    while at < words.len() {
        match words[at].as_str() {
            "--table-mb" => given = words.get(at + 1),
            "--budget-ms" | "--seed" | "--board" => {}
            _ => {
                at += 1;
                continue;
            }
        }
        at += 2;
    }
    if let Some(text) = given {
        assert_eq!(args.number("--table-mb"), text.parse().ok());
    }
    let _ = (args.budget("--budget-ms"), args.seed("--seed"), args.text("--board"), args.has("--mcts"));
}

/// Reads `stdin` a line at a time with a limit of `max_line` bytes.
fn read_lines(stdin: &[u8], max_line: usize, skipping: bool) {
    let mut reader = LineReader::new(stdin, max_line);
    if skipping {
        reader = reader.skipping_long_lines();
    }
    let most = stdin.iter().filter(|&&b| b == b'\n').count() + 1;
    let mut read = 0;
    loop {
        match reader.next_bytes() {
            Ok(Some(bytes)) => {
                assert!(bytes.len() < max_line, "a line of {} bytes past {max_line}", bytes.len());
                assert!(!bytes.contains(&b'\n'));
                read += 1;
                assert!(read <= most, "more lines than the input has");
            }
            Ok(None) => return,
            Err(_) if skipping => {
                read += 1;
                assert!(read <= most, "more lines than the input has");
            }
            Err(_) => return,
        }
    }
}
