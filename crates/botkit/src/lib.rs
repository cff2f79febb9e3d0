//! What every floodgate judge bot shares, so that each bot's `main.rs` holds only its game:
//!
//! - [`cli`]: the command line: `--version`, `--help`, number flags with an environment
//!   variable and a default (the move budget), one wording of every error, and [`run`], which
//!   reports a failure as one line `NAME: message` on standard error and exit status 2
//!   ([`run_on_input`] for a bot that answers one input);
//! - [`input`]: reading standard input with a bound, so that an input longer than any valid
//!   one is refused without being held;
//! - [`output`]: writing an answer and flushing it;
//! - [`lines`]: the line loop of the bots that play a whole game in one process;
//! - `testing` (with the feature `testing`, for the bots' tests): running a bot binary and
//!   checking that it refuses malformed input as a judge needs it.
//!
//! Std only, and within the std API of Rust 1.65: the CodinGame bundle (`crates/bundle`)
//! flattens this crate with `domain-bot` into one file for a plain `rustc`.
//!
//! ```no_run
//! use std::process::ExitCode;
//! use floodgate_botkit::{Args, Cli, Flag};
//!
//! const CLI: Cli = Cli {
//!     name: "echo-bot",
//!     version: "0.1.0",
//!     about: "Answers its input.",
//!     input: "< text",
//!     flags: &[Flag::budget("--budget-ms", "ECHO_BUDGET_MS", Some(100), "time to answer")],
//! };
//!
//! fn main() -> ExitCode {
//!     floodgate_botkit::run_on_input(&CLI, 1000, answer)
//! }
//!
//! fn answer(args: &Args, input: &[u8]) -> Result<String, Box<dyn std::error::Error>> {
//!     let budget = args.budget("--budget-ms");
//!     Ok(format!("{} bytes; {budget:?} to think\n", input.len()))
//! }
//! ```
#![deny(missing_docs)]

pub mod cli;
pub mod input;
pub mod lines;
pub mod output;
#[cfg(feature = "streaming")]
pub mod streaming;
#[cfg(feature = "testing")]
pub mod testing;

pub use cli::{Args, Cli, CliError, Flag, Value, run, run_on_input};
pub use input::{InputError, LineReader, read_all};
pub use lines::{Flow, answer_lines, answer_raw_lines};
pub use output::{WriteError, write_answer, write_to};
