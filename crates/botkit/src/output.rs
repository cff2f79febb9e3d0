//! Writing an answer: all of it, then a flush, so that the judge reads it at once.

use std::error::Error;
use std::fmt;
use std::io::{self, Write};

/// Writing the answer failed (the judge closed the pipe, say).
#[derive(Debug)]
pub struct WriteError(pub io::Error);

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write: {}", self.0)
    }
}

impl Error for WriteError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        Some(&self.0)
    }
}

/// Writes `text` to `out` and flushes it.
pub fn write_to(out: &mut impl Write, text: &str) -> Result<(), WriteError> {
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(WriteError)
}

/// Writes `text` to standard output and flushes it.
pub fn write_answer(text: &str) -> Result<(), WriteError> {
    write_to(&mut io::stdout().lock(), text)
}
