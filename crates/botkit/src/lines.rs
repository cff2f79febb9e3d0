//! The line loop of a bot that plays a whole game in one process: read a line, note when it
//! arrived, let the bot answer it, write the answer, until the input ends or the bot stops.

use std::io::{BufRead, Write};
use std::time::Instant;

use crate::input::{InputError, LineReader};
use crate::output::{WriteError, write_to};

/// What the loop does after a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Writes this text (line end included) and reads on.
    Answer(String),
    /// Writes nothing and reads on.
    Listen,
    /// Writes this text, then stops.
    AnswerAndStop(String),
    /// Stops.
    Stop,
}

/// Hands each line of `lines` as text to `answer` with the moment it was read, and writes
/// what it answers to `out`, until the input ends or `answer` stops. A line too long or not
/// UTF-8, and a failure to read or write, end the loop with that error.
pub fn answer_lines<R: BufRead, W: Write, E>(
    lines: &mut LineReader<R>,
    out: &mut W,
    mut answer: impl FnMut(&str, Instant) -> Result<Flow, E>,
) -> Result<(), E>
where
    E: From<InputError> + From<WriteError>,
{
    answer_raw_lines(lines, out, |line, arrived| {
        let text = std::str::from_utf8(line?).map_err(|_| InputError::NotUtf8)?;
        answer(text, arrived)
    })
}

/// [`answer_lines`] on the lines' bytes. A line refused by `lines` (too long, for a reader
/// [skipping long lines](LineReader::skipping_long_lines)) is handed over as its error;
/// a failure to read ends the loop.
pub fn answer_raw_lines<R: BufRead, W: Write, E>(
    lines: &mut LineReader<R>,
    out: &mut W,
    mut answer: impl FnMut(Result<&[u8], InputError>, Instant) -> Result<Flow, E>,
) -> Result<(), E>
where
    E: From<InputError> + From<WriteError>,
{
    loop {
        let flow = match lines.next_bytes() {
            Ok(None) => return Ok(()),
            Ok(Some(line)) => answer(Ok(line), Instant::now())?,
            Err(InputError::Read(error)) => return Err(InputError::Read(error).into()),
            Err(refused) => answer(Err(refused), Instant::now())?,
        };
        match flow {
            Flow::Answer(text) => write_to(out, &text)?,
            Flow::Listen => {}
            Flow::AnswerAndStop(text) => return Ok(write_to(out, &text)?),
            Flow::Stop => return Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loop_answers_each_line_until_stopped() {
        let mut lines = LineReader::new(&b"a\n\nb\nstop\nc\n"[..], 100);
        let mut out = Vec::new();
        let result: Result<(), Box<dyn std::error::Error>> =
            answer_lines(&mut lines, &mut out, |line, _| {
                Ok(match line {
                    "" => Flow::Listen,
                    "stop" => Flow::AnswerAndStop("bye\n".into()),
                    _ => Flow::Answer(format!("{line}!\n")),
                })
            });
        result.unwrap();
        assert_eq!(out, b"a!\nb!\nbye\n");
    }

    #[test]
    fn a_long_line_ends_the_loop_or_is_answered() {
        let input = &b"ok\nmuch too long\nok\n"[..];
        let mut out = Vec::new();
        let mut strict = LineReader::new(input, 5);
        let result: Result<(), Box<dyn std::error::Error>> =
            answer_lines(&mut strict, &mut out, |_, _| {
                Ok(Flow::Answer("yes\n".into()))
            });
        assert_eq!(
            result.unwrap_err().to_string(),
            "a line is over 5 bytes, longer than any valid line"
        );
        let mut lenient = LineReader::new(input, 5).skipping_long_lines();
        let mut out = Vec::new();
        let result: Result<(), Box<dyn std::error::Error>> =
            answer_raw_lines(&mut lenient, &mut out, |line, _| {
                Ok(Flow::Answer(
                    if line.is_ok() { "yes\n" } else { "no\n" }.into(),
                ))
            });
        result.unwrap();
        assert_eq!(out, b"yes\nno\nyes\n");
    }
}
