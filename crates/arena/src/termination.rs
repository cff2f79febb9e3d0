//! How a game ended: played to its end, or lost by a seat for one typed reason, like
//! fastchess's `MatchTermination`. A report reads the kind from the type, never from text; the
//! text (what `--jsonl` records and the tables print) is each judge's wording, as before.

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::process::{Breach, OUTPUT_LIMIT};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// Played to its end: the judge's points and the rules decide.
    Normal,
    /// Ended by the referee with its outcome known (`--adjudicate`): the points it ends with.
    Adjudicated(FinalPoints),
    /// `seat` lost the game by what it did, or failed to do, for `loss`.
    Forfeit {
        /// The seat that lost (0 moves first).
        seat: usize,
        /// Why.
        loss: Loss,
    },
}

/// How a game ended in points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FinalPoints {
    /// The points as the judge gives them, seat 0 then seat 1.
    pub points: [i64; 2],
    /// The winning seat, `None` for a draw.
    pub winner: Option<u8>,
}

impl FinalPoints {
    /// The higher points win.
    pub fn higher_wins(points: [i64; 2]) -> Self {
        let winner = match points[0].cmp(&points[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        Self { points, winner }
    }
}

/// What the referee was waiting for when a player was late or went away.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Awaited {
    /// The end of a process started for one move (Flood Wars).
    Exit,
    /// An answer (Grow, Domain Expansion).
    Answer,
    /// A move line (Cram).
    Move,
    /// `OK` after the start (Cram).
    Ok,
    /// The reply to a GTP command (Go).
    Reply(String),
}

/// Why a player lost a game it did not play to its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Loss {
    /// Its program could not be started: the system's message.
    CannotStart(String),
    /// Nothing came within the limit.
    Late {
        /// What did not come.
        awaited: Awaited,
        /// The limit, in milliseconds.
        limit_ms: u64,
    },
    /// It closed its output (it exited or crashed) before what the referee waited for.
    Closed {
        /// What did not come.
        awaited: Awaited,
    },
    /// A process started for one move exited with a non-zero status (Flood Wars).
    ExitStatus {
        /// The status.
        code: i32,
        /// The first line it wrote to standard error.
        first_line: String,
    },
    /// A signal ended a process started for one move (a crash).
    Crashed {
        /// The signal.
        signal: i32,
    },
    /// It wrote to standard error, which its judge forbids (Grow).
    WroteToStandardError {
        /// The first line it wrote there.
        first_line: String,
    },
    /// An answer that does not read as a move, in its judge's words.
    Malformed(String),
    /// A move the rules refuse, in its judge's words.
    Illegal(String),
    /// A first line other than `OK` (Cram).
    NotOk {
        /// The line.
        answer: String,
    },
    /// A GTP engine refused a command.
    Refused {
        /// The command.
        command: String,
        /// The engine's reason.
        reason: String,
    },
    /// A reply that is not GTP.
    NotGtp {
        /// The reply.
        reply: String,
        /// The command it answered.
        command: String,
    },
    /// Its process went over the memory limit its judge states, and was stopped.
    MemoryLimit {
        /// The limit, in MiB.
        limit_mib: u64,
        /// Its resident memory when it was stopped, in KiB.
        peak_kib: u64,
    },
    /// Its process wrote more than the referee reads from a move (the output limit), and was
    /// stopped.
    OutputLimit {
        /// The limit, in bytes.
        limit_bytes: u64,
    },
    /// It had more processes at once than the arena allows, and was stopped.
    ProcessLimit {
        /// The most processes allowed.
        limit: u32,
    },
    /// It wrote a file past the size the arena allows (and the system ended it).
    FileSizeLimit {
        /// The limit, in bytes.
        limit_bytes: u64,
    },
    /// Its clock ran out (a game with a clock, `--tc`): no reply within the time on its clock
    /// and its margin, or one that came later.
    OutOfTime {
        /// The time on its clock when it was asked, in milliseconds.
        left_ms: u64,
        /// Its margin past the clock, in milliseconds.
        margin_ms: u64,
        /// The time its reply took, in milliseconds; `None` when none came within the time on
        /// its clock and the margin (the referee stopped waiting).
        took_ms: Option<u64>,
    },
    /// It resigned (Go).
    Resigned,
    /// A built-in the game has no strategy for.
    NoSuchBuiltin {
        /// The built-in's kind, in words (`alpha-beta`).
        builtin: String,
        /// The game, as its statement names it.
        game: String,
    },
}

impl From<Breach> for Loss {
    fn from(breach: Breach) -> Self {
        match breach {
            Breach::Memory {
                limit_kib,
                peak_kib,
            } => Self::MemoryLimit {
                limit_mib: limit_kib >> 10,
                peak_kib,
            },
            Breach::Output => Self::OutputLimit {
                limit_bytes: OUTPUT_LIMIT,
            },
            Breach::Processes { limit } => Self::ProcessLimit { limit },
            Breach::FileSize { limit_bytes } => Self::FileSizeLimit { limit_bytes },
        }
    }
}

impl Loss {
    /// Lost on time with `left` on the clock and `margin` past it; `took` is the reply's time,
    /// `None` when none came.
    pub fn out_of_time(left: Duration, margin: Duration, took: Option<Duration>) -> Self {
        let millis = |time: Duration| time.as_millis() as u64;
        Self::OutOfTime {
            left_ms: millis(left),
            margin_ms: millis(margin),
            took_ms: took.map(millis),
        }
    }

    /// Nothing came within `limit`.
    pub fn late(awaited: Awaited, limit: Duration) -> Self {
        let limit_ms = limit.as_millis() as u64;
        Self::Late { awaited, limit_ms }
    }
}

impl fmt::Display for Awaited {
    /// What did not come, as in "no answer within 100 ms".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Exit => write!(f, "exit"),
            Self::Answer => write!(f, "answer"),
            Self::Move => write!(f, "move"),
            Self::Ok => write!(f, "OK"),
            Self::Reply(command) => write!(f, "reply to {command:?}"),
        }
    }
}

impl fmt::Display for Loss {
    /// The reason in the words the referees have always recorded.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::CannotStart(message) => write!(f, "{message}"),
            Self::Late { awaited, limit_ms } => match awaited {
                Awaited::Exit => write!(f, "timed out after {limit_ms} ms"),
                Awaited::Ok => write!(f, "no OK within {limit_ms} ms of starting"),
                _ => write!(f, "no {awaited} within {limit_ms} ms"),
            },
            Self::Closed { awaited } => fmt_closed(f, awaited),
            Self::ExitStatus { code, first_line } => {
                write!(f, "exited with status {code}: {first_line}")
            }
            Self::Crashed { signal } => write!(f, "killed by signal {signal} (a crash)"),
            Self::WroteToStandardError { first_line } => {
                write!(f, "wrote to standard error: {first_line:?}")
            }
            Self::Malformed(words) | Self::Illegal(words) => write!(f, "{words}"),
            Self::NotOk { answer } => write!(f, "answered {answer:?}, not OK"),
            Self::Refused { command, reason } => write!(f, "refused {command:?}: {reason}"),
            Self::NotGtp { reply, command } => {
                write!(f, "{reply:?} is not a GTP reply (to {command:?})")
            }
            Self::MemoryLimit {
                limit_mib,
                peak_kib,
            } => write!(
                f,
                "memory limit: {:.1} MiB resident, over the {limit_mib} MiB allowed",
                *peak_kib as f64 / 1024.0
            ),
            Self::OutputLimit { limit_bytes } => {
                write!(
                    f,
                    "output limit: {limit_bytes} bytes or more written for one move"
                )
            }
            Self::ProcessLimit { limit } => {
                write!(f, "process limit: more than {limit} processes at once")
            }
            Self::FileSizeLimit { limit_bytes } => {
                write!(
                    f,
                    "file size limit: a file written past {limit_bytes} bytes"
                )
            }
            Self::OutOfTime {
                left_ms,
                margin_ms,
                took_ms,
            } => fmt_out_of_time(f, *left_ms, *margin_ms, *took_ms),
            Self::Resigned => write!(f, "resigned"),
            Self::NoSuchBuiltin { builtin, game } => {
                write!(f, "no {builtin} built-in plays {game}")
            }
        }
    }
}

/// "closed its output (it exited or crashed)", before what it was `awaited` for where that
/// says more.
fn fmt_closed(f: &mut fmt::Formatter<'_>, awaited: &Awaited) -> fmt::Result {
    match awaited {
        Awaited::Ok => write!(f, "closed its output before OK (it exited or crashed)"),
        Awaited::Reply(command) => write!(
            f,
            "closed its output (it exited or crashed) before replying to {command:?}"
        ),
        _ => write!(f, "closed its output (it exited or crashed)"),
    }
}

/// "lost on time: 0.100 s left, took 0.412 s", with the margin where there is one.
fn fmt_out_of_time(
    f: &mut fmt::Formatter<'_>,
    left_ms: u64,
    margin_ms: u64,
    took_ms: Option<u64>,
) -> fmt::Result {
    let seconds = |ms: u64| ms as f64 / 1000.0;
    write!(f, "lost on time: {:.3} s left", seconds(left_ms))?;
    if margin_ms > 0 {
        write!(f, " and a margin of {:.3} s", seconds(margin_ms))?;
    }
    match took_ms {
        Some(took) => write!(f, ", took {:.3} s", seconds(took)),
        None => write!(f, ", no reply within {:.3} s", seconds(left_ms + margin_ms)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_read_as_the_judges_word_them() {
        let late = |awaited, limit_ms| Loss::Late { awaited, limit_ms }.to_string();
        assert_eq!(late(Awaited::Exit, 300), "timed out after 300 ms");
        assert_eq!(late(Awaited::Answer, 100), "no answer within 100 ms");
        assert_eq!(late(Awaited::Move, 500), "no move within 500 ms");
        assert_eq!(late(Awaited::Ok, 600), "no OK within 600 ms of starting");
        assert_eq!(
            late(Awaited::Reply("genmove b".into()), 300),
            "no reply to \"genmove b\" within 300 ms"
        );
        let closed = |awaited| Loss::Closed { awaited }.to_string();
        assert_eq!(
            closed(Awaited::Answer),
            "closed its output (it exited or crashed)"
        );
        assert_eq!(
            closed(Awaited::Ok),
            "closed its output before OK (it exited or crashed)"
        );
        assert_eq!(Loss::Resigned.to_string(), "resigned");
        let (left, took) = (Duration::from_millis(100), Duration::from_millis(412));
        assert_eq!(
            Loss::out_of_time(left, Duration::ZERO, Some(took)).to_string(),
            "lost on time: 0.100 s left, took 0.412 s"
        );
        assert_eq!(
            Loss::out_of_time(left, Duration::from_millis(50), None).to_string(),
            "lost on time: 0.100 s left and a margin of 0.050 s, no reply within 0.150 s"
        );
        let memory = Loss::MemoryLimit {
            limit_mib: 8,
            peak_kib: 9 * 1024 + 512,
        };
        assert_eq!(
            memory.to_string(),
            "memory limit: 9.5 MiB resident, over the 8 MiB allowed"
        );
        assert_eq!(
            Loss::from(Breach::Processes { limit: 64 }).to_string(),
            "process limit: more than 64 processes at once"
        );
        assert_eq!(
            Loss::from(Breach::FileSize { limit_bytes: 4096 }).to_string(),
            "file size limit: a file written past 4096 bytes"
        );
        let output = Loss::OutputLimit { limit_bytes: 1024 };
        assert_eq!(
            output.to_string(),
            "output limit: 1024 bytes or more written for one move"
        );
        let no_go = Loss::NoSuchBuiltin {
            builtin: "alpha-beta".to_string(),
            game: "Go".to_string(),
        };
        assert_eq!(no_go.to_string(), "no alpha-beta built-in plays Go");
    }
}
