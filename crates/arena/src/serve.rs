//! What the built-in players need to run as processes (`arena player GAME NAME`): standard
//! input read whole or line by line, answers written and flushed, a seeded generator.

use std::io::{BufRead, Read, Write};

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use crate::error::Error;

/// The whole of standard input.
pub fn read_all() -> Result<Vec<u8>, Error> {
    let mut input = Vec::new();
    std::io::stdin()
        .read_to_end(&mut input)
        .map_err(|e| Error::file("read", "standard input", e))?;
    Ok(input)
}

/// The lines of standard input, one at a time.
#[derive(Debug)]
pub struct Lines(std::io::Lines<std::io::StdinLock<'static>>);

impl Lines {
    /// Standard input's lines.
    pub fn stdin() -> Self {
        Self(std::io::stdin().lock().lines())
    }

    /// The next line, `None` at the end of input.
    pub fn next_line(&mut self) -> Result<Option<String>, Error> {
        let line = self.0.next().transpose();
        line.map_err(|e| Error::file("read", "standard input", e))
    }
}

/// Writes `text` to standard output and flushes it.
pub fn write(text: &str) -> Result<(), Error> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| Error::file("write", "standard output", e))
}

/// Writes `text` and a newline to standard output and flushes it.
pub fn say(text: &str) -> Result<(), Error> {
    write(&format!("{text}\n"))
}

/// A generator for a built-in process, from its `--seed` and a number drawn from its input.
pub fn rng_from(seed: u64, input: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(input ^ seed.rotate_left(32))
}

/// An input the protocol does not allow.
pub fn protocol(error: impl std::fmt::Display) -> Error {
    Error::Protocol(error.to_string())
}
