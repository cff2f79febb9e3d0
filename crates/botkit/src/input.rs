//! Reading input with a bound: a bot knows the longest input (or line) that can be valid, and
//! refuses a longer one after reading one byte more than that, without holding the rest. A
//! judge that counts a bot's memory then never sees it grow with a runaway input.

use std::error::Error;
use std::fmt;
use std::io::{self, BufRead, Read};

/// Why input could not be read, or is refused.
#[derive(Debug)]
pub enum InputError {
    /// Reading failed.
    Read(io::Error),
    /// The whole input is longer than `max` bytes.
    TooLong {
        /// The most a valid input takes.
        max: usize,
    },
    /// A line, its line end included, is longer than `max` bytes.
    LineTooLong {
        /// The most a valid line takes.
        max: usize,
    },
    /// A line is not UTF-8.
    NotUtf8,
    /// The input ended before something the bot needs.
    Ended {
        /// What was missing, as in "the input ended before the init line".
        before: &'static str,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Read(error) => write!(f, "cannot read standard input: {error}"),
            Self::TooLong { max } => {
                write!(
                    f,
                    "the input is over {max} bytes, longer than any valid input"
                )
            }
            Self::LineTooLong { max } => {
                write!(f, "a line is over {max} bytes, longer than any valid line")
            }
            Self::NotUtf8 => write!(f, "a line is not UTF-8"),
            Self::Ended { before } => write!(f, "the input ended before {before}"),
        }
    }
}

impl Error for InputError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            Self::Read(error) => Some(error),
            _ => None,
        }
    }
}

/// All of `input` (to its end), or [`InputError::TooLong`] once it is longer than `max` bytes.
pub fn read_all(input: impl Read, max: usize) -> Result<Vec<u8>, InputError> {
    let mut bytes = Vec::new();
    input
        .take((max as u64).saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(InputError::Read)?;
    if bytes.len() > max {
        return Err(InputError::TooLong { max });
    }
    Ok(bytes)
}

/// Lines of at most a given length, read into one reused buffer.
#[derive(Debug)]
pub struct LineReader<R> {
    input: R,
    max_line: usize,
    skip_long_lines: bool,
    line: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    /// Reads lines of at most `max_line` bytes, the line end included, from `input`. A longer
    /// line is an error, and reading stops there.
    pub fn new(input: R, max_line: usize) -> Self {
        Self {
            input,
            max_line,
            skip_long_lines: false,
            line: Vec::new(),
        }
    }

    /// The same reader, except that after a line too long it reads on from the next line
    /// (the rest of the long line is read and dropped, a buffer at a time).
    pub fn skipping_long_lines(mut self) -> Self {
        self.skip_long_lines = true;
        self
    }

    /// The next line's bytes without its `\n` or `\r\n`, or `None` at the end of the input.
    pub fn next_bytes(&mut self) -> Result<Option<&[u8]>, InputError> {
        self.line.clear();
        let read = (&mut self.input)
            .take(self.max_line as u64)
            .read_until(b'\n', &mut self.line)
            .map_err(InputError::Read)?;
        if read == 0 {
            return Ok(None);
        }
        if read == self.max_line && self.line.last() != Some(&b'\n') {
            if self.skip_long_lines {
                self.skip_rest_of_line()?;
            }
            return Err(InputError::LineTooLong { max: self.max_line });
        }
        let mut end = self.line.len();
        if self.line.ends_with(b"\n") {
            end -= if self.line.ends_with(b"\r\n") { 2 } else { 1 };
        }
        Ok(Some(&self.line[..end]))
    }

    /// The next line as text, without its `\n` or `\r\n`, or `None` at the end of the input.
    pub fn next_line(&mut self) -> Result<Option<&str>, InputError> {
        match self.next_bytes()? {
            Some(bytes) => std::str::from_utf8(bytes)
                .map(Some)
                .map_err(|_| InputError::NotUtf8),
            None => Ok(None),
        }
    }

    /// The next line as text; the end of the input is [`InputError::Ended`] `before`.
    pub fn expect_line(&mut self, before: &'static str) -> Result<&str, InputError> {
        self.next_line()?.ok_or(InputError::Ended { before })
    }

    /// Reads and drops the input up to the next line end (included).
    fn skip_rest_of_line(&mut self) -> Result<(), InputError> {
        loop {
            let buffer = self.input.fill_buf().map_err(InputError::Read)?;
            if buffer.is_empty() {
                return Ok(());
            }
            let (used, found) = match buffer.iter().position(|&b| b == b'\n') {
                Some(at) => (at + 1, true),
                None => (buffer.len(), false),
            };
            self.input.consume(used);
            if found {
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_all_refuses_one_byte_more_than_the_most() {
        assert_eq!(read_all(&b"12345"[..], 5).unwrap(), b"12345");
        let error = read_all(&b"123456"[..], 5).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the input is over 5 bytes, longer than any valid input"
        );
    }

    #[test]
    fn lines_lose_their_line_ends() {
        let mut lines = LineReader::new(&b"one\r\ntwo\n\nthree\r"[..], 10);
        assert_eq!(lines.next_line().unwrap(), Some("one"));
        assert_eq!(lines.next_line().unwrap(), Some("two"));
        assert_eq!(lines.next_line().unwrap(), Some(""));
        assert_eq!(lines.next_line().unwrap(), Some("three\r"));
        assert_eq!(lines.next_line().unwrap(), None);
        let error = lines.expect_line("the init line").unwrap_err();
        assert_eq!(error.to_string(), "the input ended before the init line");
    }

    #[test]
    fn a_long_line_is_refused_or_skipped() {
        // Six bytes with the line end are allowed, seven are not.
        let input = &b"12345\n123456\n1\n"[..];
        let mut strict = LineReader::new(input, 6);
        assert_eq!(strict.next_line().unwrap(), Some("12345"));
        assert!(matches!(
            strict.next_line(),
            Err(InputError::LineTooLong { max: 6 })
        ));
        let mut lenient = LineReader::new(input, 6).skipping_long_lines();
        assert_eq!(lenient.next_line().unwrap(), Some("12345"));
        assert!(lenient.next_line().is_err());
        assert_eq!(lenient.next_line().unwrap(), Some("1"));
        assert!(matches!(
            LineReader::new(&b"\xff\n"[..], 6).next_line(),
            Err(InputError::NotUtf8)
        ));
    }
}
