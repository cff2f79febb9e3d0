//! The line loop of a program that may go on writing while it waits for its next line, as a
//! GTP engine does during a GUI's live analysis (`lz-analyze`): the lines are read on a thread
//! of their own, so that the loop sees at once whether one is waiting.

use std::io::{BufRead, Write};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Instant;

use crate::input::{InputError, LineReader};
use crate::output::{WriteError, write_to};

/// What the streaming loop hands to its `answer`.
#[derive(Debug)]
pub enum Event<'a> {
    /// A line as read (its bytes, or why it was refused), and when it arrived.
    Line(Result<&'a [u8], InputError>, Instant),
    /// No line is waiting, and the last answer was [`Streaming::More`]: the next piece.
    Idle,
}

/// What the streaming loop does after an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Streaming {
    /// Writes this text and waits for the next line.
    Answer(String),
    /// Writes nothing and waits for the next line.
    Listen,
    /// Writes this text, then hands over [`Event::Idle`] unless a line is waiting.
    More(String),
    /// Writes this text, then stops.
    AnswerAndStop(String),
}

/// A line read on the reader thread, owned, with when it arrived; `None` once the input ended.
type Read = Option<(Result<Vec<u8>, InputError>, Instant)>;

/// Hands `answer` each line that `lines` (made on the reader thread by `open`) reads and, while
/// it asks for more, [`Event::Idle`]; writes what it answers to `out`, until the input ends
/// (after the piece being written) or `answer` stops. A failure to read or write ends the loop
/// with that error; a line refused as too long is handed over as its error.
pub fn answer_lines_streaming<R, W, E>(
    open: impl FnOnce() -> LineReader<R> + Send + 'static,
    out: &mut W,
    mut answer: impl FnMut(Event<'_>) -> Result<Streaming, E>,
) -> Result<(), E>
where
    R: BufRead,
    W: Write,
    E: From<InputError> + From<WriteError>,
{
    let lines = spawn_reader(open);
    let mut next = Next::Wait;
    loop {
        let read = match next {
            Next::Stop => return Ok(()),
            Next::Wait => lines.recv().unwrap_or(None),
            Next::Idle => match lines.try_recv() {
                Ok(read) => read,
                Err(TryRecvError::Empty) => {
                    next = write(out, answer(Event::Idle)?)?;
                    continue;
                }
                Err(TryRecvError::Disconnected) => None,
            },
        };
        let Some((line, arrived)) = read else {
            return Ok(());
        };
        let line = match line {
            Err(InputError::Read(error)) => return Err(InputError::Read(error).into()),
            Ok(ref bytes) => Ok(&bytes[..]),
            Err(refused) => Err(refused),
        };
        next = write(out, answer(Event::Line(line, arrived))?)?;
    }
}

/// What the loop does after an answer.
enum Next {
    /// Waits for the next line.
    Wait,
    /// Hands over [`Event::Idle`] unless a line is waiting.
    Idle,
    /// Ends.
    Stop,
}

/// Writes an answer's text; what the loop does next.
fn write<W: Write>(out: &mut W, answer: Streaming) -> Result<Next, WriteError> {
    let (text, next) = match answer {
        Streaming::Listen => return Ok(Next::Wait),
        Streaming::Answer(text) => (text, Next::Wait),
        Streaming::More(text) => (text, Next::Idle),
        Streaming::AnswerAndStop(text) => (text, Next::Stop),
    };
    write_to(out, &text)?;
    Ok(next)
}

/// Starts the thread that reads the lines, one message each, and `None` at the end of the
/// input or after a failure to read; it ends when the loop is gone.
fn spawn_reader<R: BufRead>(
    open: impl FnOnce() -> LineReader<R> + Send + 'static,
) -> Receiver<Read> {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = open();
        loop {
            let read = match lines.next_bytes() {
                Ok(None) => None,
                Ok(Some(bytes)) => Some((Ok(bytes.to_vec()), Instant::now())),
                Err(error) => Some((Err(error), Instant::now())),
            };
            let last = !matches!(
                read,
                Some((Ok(_), _)) | Some((Err(InputError::LineTooLong { .. }), _))
            );
            if send.send(read).is_err() || last {
                return;
            }
        }
    });
    receive
}

#[cfg(test)]
mod tests {
    use super::*;

    type Result = std::result::Result<(), Box<dyn std::error::Error>>;

    #[test]
    fn a_stream_goes_on_until_a_line_arrives() {
        // The reader is slower than the stream: the stream writes at least one piece, and the
        // line after it is answered (the answer closes the stream first).
        let open = || {
            let slow = std::io::BufReader::new(SlowReader(b"go\nstop\n".to_vec(), 0));
            LineReader::new(slow, 100)
        };
        let mut out = Vec::new();
        let mut pieces = 0;
        let result: Result = answer_lines_streaming(open, &mut out, |event| {
            Ok(match event {
                Event::Line(Ok(b"go"), _) => Streaming::More("=\n".into()),
                Event::Idle => {
                    pieces += 1;
                    std::thread::sleep(std::time::Duration::from_millis(2));
                    Streaming::More("info\n".into())
                }
                Event::Line(Ok(b"stop"), _) => Streaming::AnswerAndStop("\n= bye\n\n".into()),
                Event::Line(..) => Streaming::Answer("?\n\n".into()),
            })
        });
        result.unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(pieces >= 1, "{text}");
        assert_eq!(text, format!("=\n{}\n= bye\n\n", "info\n".repeat(pieces)));
    }

    #[test]
    fn a_stream_can_stop_the_loop() {
        let open = || {
            LineReader::new(
                std::io::BufReader::new(SlowReader(b"go\nnever\n".to_vec(), 0)),
                100,
            )
        };
        let mut out = Vec::new();
        let result: Result = answer_lines_streaming(open, &mut out, |event| {
            Ok(match event {
                Event::Line(Ok(b"go"), _) => Streaming::More("=\n".into()),
                Event::Idle => Streaming::AnswerAndStop("last\n".into()),
                other => panic!("{other:?}"),
            })
        });
        result.unwrap();
        assert_eq!(out, b"=\nlast\n");
    }

    #[test]
    fn without_a_stream_each_line_is_answered_and_the_input_end_stops() {
        let open = || LineReader::new(&b"a\n\nb\n"[..], 100);
        let mut out = Vec::new();
        let result: Result = answer_lines_streaming(open, &mut out, |event| {
            Ok(match event {
                Event::Line(Ok(b""), _) => Streaming::Listen,
                Event::Line(Ok(line), _) => {
                    Streaming::Answer(format!("{}!\n", String::from_utf8_lossy(line)))
                }
                other => panic!("{other:?}"),
            })
        });
        result.unwrap();
        assert_eq!(out, b"a!\nb!\n");
    }

    /// Gives its bytes one at a time, waiting 20 ms before each line after the first.
    struct SlowReader(Vec<u8>, usize);

    impl std::io::Read for SlowReader {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let Some(&byte) = self.0.get(self.1) else {
                return Ok(0);
            };
            if self.1 > 0 && self.0[self.1 - 1] == b'\n' {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            buf[0] = byte;
            self.1 += 1;
            Ok(1)
        }
    }
}
