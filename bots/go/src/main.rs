//! `go-score`: reads a Go board on standard input (only `X`, `O` and `-` count, row by row) and
//! prints its Tromp-Taylor result, `B+k`, `W+k` or `Jigo`. A malformed board gets one line on
//! standard error and exit status 2.

use std::io::{Read, Write};
use std::process::ExitCode;

use go_core::Board;

const USAGE: &str = "usage: go-score < board\n\
    Reads a Go board on standard input (X black, O white, - empty; every other byte is ignored)\n\
    and prints its Tromp-Taylor result without komi: B+k, W+k or Jigo.\n";

fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some("--version") {
        println!("{} {}", env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"));
        return ExitCode::SUCCESS;
    }
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("go-score: {message}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    if let Some(argument) = std::env::args().nth(1) {
        if argument == "--help" || argument == "-h" {
            return std::io::stdout()
                .write_all(USAGE.as_bytes())
                .map_err(|e| format!("cannot write: {e}"));
        }
        return Err(format!(
            "unexpected argument {argument:?}; the board comes on standard input (see --help)"
        ));
    }
    let mut input = Vec::new();
    std::io::stdin()
        .lock()
        .read_to_end(&mut input)
        .map_err(|e| format!("cannot read standard input: {e}"))?;
    let board = Board::from_bytes(&input).map_err(|e| e.to_string())?;
    let answer = format!("{}\n", board.score().result());
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(answer.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| format!("cannot write: {e}"))
}
