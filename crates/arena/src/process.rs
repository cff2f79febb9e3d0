//! Running a bot process once: input on stdin, a wall-clock limit, and what it cost.

use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

/// The most output kept from a bot process started for one move, on each of its outputs: one
/// that writes this much is stopped (the output limit).
pub const OUTPUT_LIMIT: u64 = 1 << 20;

/// How a bot process ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// It exited with this status code.
    Code(i32),
    /// A signal ended it (a crash, or our kill after the time limit).
    Signal(i32),
    /// It could not be started.
    SpawnFailed(String),
}

/// What one run of a bot produced and cost.
#[derive(Clone, Debug)]
pub struct Run {
    /// How it ended.
    pub exit: Exit,
    /// Whether the time limit ran out before the referee saw the process end (it was then
    /// killed if it still ran): `elapsed` is over the limit. A judge's clock is its own: an
    /// answer it sees late is late.
    pub timed_out: bool,
    /// Wall time from spawn until the referee saw the process end.
    pub elapsed: Duration,
    /// Peak resident memory of the process, in KiB (its `VmHWM`, read while it runs; see
    /// `high_water_kib` and `reap`; 0 if it ended before it could be read).
    pub peak_rss_kib: u64,
    /// Whether it was stopped for going over its memory limit (then `peak_rss_kib` is over it).
    pub over_memory: bool,
    /// Whether it wrote [`OUTPUT_LIMIT`] bytes or more to standard output or standard error,
    /// and was stopped for it.
    pub over_output: bool,
    /// Standard output (at most 1 MiB).
    pub stdout: Vec<u8>,
    /// Standard error (at most 1 MiB).
    pub stderr: Vec<u8>,
}

impl Run {
    /// The first line it wrote to standard error (empty if none).
    pub fn stderr_first_line(&self) -> String {
        let text = String::from_utf8_lossy(&self.stderr);
        text.lines().next().unwrap_or("").to_string()
    }
}

/// Reads a pipe to its end (at most [`OUTPUT_LIMIT`] bytes) on a thread of its own; raises
/// `full` when it stops at the limit.
fn read_pipe<R: Read + Send + 'static>(
    pipe: Option<R>,
    full: Arc<AtomicBool>,
) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(pipe) = pipe {
            let _ = pipe.take(OUTPUT_LIMIT).read_to_end(&mut bytes);
        }
        if bytes.len() as u64 >= OUTPUT_LIMIT {
            full.store(true, Ordering::Relaxed);
        }
        bytes
    })
}

/// A program that could not be started.
#[derive(Debug)]
pub struct SpawnError {
    /// The program (empty for an empty command).
    pub program: String,
    /// What the system said.
    pub reason: String,
}

impl std::fmt::Display for SpawnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.program.as_str() {
            "" => write!(f, "{}", self.reason),
            program => write!(f, "cannot start {program}: {}", self.reason),
        }
    }
}

impl std::error::Error for SpawnError {}

/// Starts `command` (program and arguments) with piped standard streams, in a process group
/// of its own so that whatever it starts can be stopped with it.
fn spawn(command: &[String]) -> Result<std::process::Child, SpawnError> {
    let Some((program, args)) = command.split_first() else {
        let reason = "empty command".to_string();
        return Err(SpawnError {
            program: String::new(),
            reason,
        });
    };
    Command::new(program)
        .args(args)
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| SpawnError {
            program: program.clone(),
            reason: error.to_string(),
        })
}

/// Where the program text of process `pid` (a number, or `self`) starts in its address space:
/// `startcode`, field 26 of `/proc/PID/stat`. `None` if it cannot be read.
fn code_start(pid: &str) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Field 2, the name in parentheses, may hold spaces: count from the field after it (3).
    let (_, fields) = stat.rsplit_once(')')?;
    fields.split_whitespace().nth(26 - 3)?.parse().ok()
}

/// The referee's own [`code_start`], read once.
fn referee_code_start() -> Option<u64> {
    static START: OnceLock<Option<u64>> = OnceLock::new();
    *START.get_or_init(|| code_start("self"))
}

/// The peak resident memory of process `pid` so far, in KiB: `VmHWM` from
/// `/proc/PID/status`, which counts only the address space the process got at `exec` (unlike
/// `wait4`'s `ru_maxrss`, which also keeps the high-water mark of the referee's image the
/// child was spawned from: a few MiB, more than a small bot's own peak). `None` once the
/// process has exited, and while it still runs in the referee's memory: `posix_spawn` returns
/// once the kernel has begun the child's `exec`, a moment before the child's memory is swapped
/// for the bot's, and until then its `VmHWM` is the referee's (on a busy machine that moment
/// can last milliseconds). Its code address tells the two apart: the referee's until the
/// swap, the bot's after it (a fresh one even when the bot is this program, by address space
/// randomisation).
fn high_water_kib(pid: &str) -> Option<u64> {
    // Read the code address first: once it has changed, the status read after it is the bot's.
    let code = code_start(pid)?;
    if Some(code) == referee_code_start() {
        return None;
    }
    status_high_water_kib(pid)
}

/// `peak` (KiB, 0 while nothing has been read) raised by a new reading of process `pid`. Only
/// the first reading needs [`high_water_kib`]'s check of the code address: after its `exec` a
/// process never runs in the referee's memory again, so later readings read `VmHWM` alone.
///
/// The processes it started count too, a few generations down (the highest of their peaks):
/// a bot run under the sandbox is the child of `bwrap`, and a bot may start helpers.
fn raise_peak_kib(pid: &str, peak: u64) -> u64 {
    let now = if peak == 0 {
        high_water_kib(pid)
    } else {
        status_high_water_kib(pid)
    };
    peak.max(now.unwrap_or(0))
        .max(descendants_high_water_kib(pid, 4))
}

/// The highest `VmHWM` among the children of process `pid` (from its main thread's
/// `children` list) and theirs, `depth` generations down; 0 when there are none.
fn descendants_high_water_kib(pid: &str, depth: u32) -> u64 {
    if depth == 0 {
        return 0;
    }
    let Ok(children) = std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children")) else {
        return 0;
    };
    children
        .split_whitespace()
        .map(|child| {
            let own = status_high_water_kib(child).unwrap_or(0);
            own.max(descendants_high_water_kib(child, depth - 1))
        })
        .max()
        .unwrap_or(0)
}

/// `VmHWM` from `/proc/PID/status` (`pid` a number, or `self`), in KiB.
fn status_high_water_kib(pid: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Waits for `child` to exit, killing it once `limit` has passed since `since`, then stops
/// whatever it left running in its process group. Returns how it ended, the time from `since`
/// at which its end was seen (over `limit` when it was killed for time, and also when the
/// referee itself was held up and found it ended only after the limit), and its peak resident
/// memory in KiB: the highest `VmHWM` read while it ran (every 2 ms, and `seen` from earlier
/// reads), or `ru_maxrss` where that is higher and above the referee's own peak; 0 when a bot
/// ended before any reading and its peak cannot be told from the referee's. A process for
/// which `over` (given its peak so far) says so is killed at once, as one over its time.
fn reap(
    child: &mut std::process::Child,
    since: Instant,
    limit: Duration,
    over: impl Fn(u64) -> bool,
    mut seen: u64,
) -> (Exit, Duration, u64) {
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: `rusage` is plain old data; all zeros is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let mut seen_after = Duration::ZERO;
    let pid_text = pid.to_string();
    for round in 0u64.. {
        if round % 10 == 0 {
            seen = raise_peak_kib(&pid_text, seen);
        }
        // SAFETY: `pid` is our child, not yet reaped (std's `Child` is never waited on), and
        // both out-pointers point to live locals.
        let reaped = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        seen_after = since.elapsed();
        if reaped == pid || reaped < 0 {
            break;
        }
        if seen_after > limit || over(seen) {
            let _ = child.kill();
            // SAFETY: as above; this blocking call reaps the killed child.
            unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
            break;
        }
        thread::sleep(Duration::from_micros(200));
    }
    // Stop anything the bot left running (it could hold its output pipes open).
    // SAFETY: kill(2) with a negative pid signals the process group the child led; it has no
    // memory effects on this process.
    unsafe { libc::kill(-pid, libc::SIGKILL) };
    let exit = if libc::WIFEXITED(status) {
        Exit::Code(libc::WEXITSTATUS(status))
    } else {
        Exit::Signal(libc::WTERMSIG(status))
    };
    // `ru_maxrss` also holds the referee's own high-water mark from when the child was spawned
    // (the child ran in the referee's memory until `exec`): above the referee's mark it can only
    // be the bot's; at or below it, it says nothing about the bot.
    let max_rss = usage.ru_maxrss.max(0) as u64;
    let referee = status_high_water_kib("self").unwrap_or(u64::MAX);
    let peak = if max_rss > referee {
        seen.max(max_rss)
    } else {
        seen
    };
    (exit, seen_after, peak)
}

/// Runs `command` (program and arguments) with `input` on its standard input, then end of
/// file, killing it if it runs longer than `limit`, its resident memory goes over `memory_kib`
/// (read every 2 ms), or it writes [`OUTPUT_LIMIT`] bytes to either output.
pub fn run_once(command: &[String], input: &[u8], limit: Duration, memory_kib: Option<u64>) -> Run {
    let start = Instant::now();
    let failed = |message: String| Run {
        exit: Exit::SpawnFailed(message),
        timed_out: false,
        elapsed: start.elapsed(),
        peak_rss_kib: 0,
        over_memory: false,
        over_output: false,
        stdout: Vec::new(),
        stderr: Vec::new(),
    };
    let mut child = match spawn(command) {
        Ok(child) => child,
        Err(error) => return failed(error.to_string()),
    };
    let (mut stdin, stdout, stderr) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take());
    let input = input.to_vec();
    // A bot that never reads must not block the referee: write from a thread.
    let writer = thread::spawn(move || {
        if let Some(stdin) = stdin.as_mut() {
            let _ = stdin.write_all(&input);
        }
    });
    let full = Arc::new(AtomicBool::new(false));
    let out_reader = read_pipe(stdout, full.clone());
    let err_reader = read_pipe(stderr, full.clone());
    let over =
        |seen: u64| memory_kib.is_some_and(|most| seen > most) || full.load(Ordering::Relaxed);
    let (exit, elapsed, peak_rss_kib) = reap(&mut child, start, limit, over, 0);
    let _ = writer.join();
    let stdout = out_reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    Run {
        exit,
        timed_out: elapsed > limit,
        elapsed,
        peak_rss_kib,
        over_memory: memory_kib.is_some_and(|most| peak_rss_kib > most),
        over_output: full.load(Ordering::Relaxed),
        stdout,
        stderr,
    }
}

/// A bot process that stays up for a whole game and speaks in lines (Cram, Domain Expansion):
/// lines go to its stdin, answers are read from its stdout with a time limit each, and its
/// cost is taken when it ends.
#[derive(Debug)]
pub struct Session {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
    stderr: Option<thread::JoinHandle<Vec<u8>>>,
    /// The highest `VmHWM` read so far (at each answer), in KiB.
    peak_kib: u64,
}

/// What waiting for an answer line came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Received {
    /// A line (without its `\n`, and without a `\r` before it), and how long it took.
    Line(String, Duration),
    /// No line within the limit.
    Timeout,
    /// The bot closed its output (it exited or crashed).
    Closed,
}

/// How a session ended.
#[derive(Clone, Debug)]
pub struct SessionEnd {
    /// How the process ended (killed by us if it outlived the grace period).
    pub exit: Exit,
    /// Peak resident memory over the whole session, in KiB.
    pub peak_rss_kib: u64,
    /// Everything it wrote to standard error (at most 1 MiB).
    pub stderr: Vec<u8>,
}

impl Session {
    /// Starts `command` (program and arguments).
    pub fn start(command: &[String]) -> Result<Self, SpawnError> {
        let mut child = spawn(command)?;
        let stdout = child.stdout.take().expect("a piped standard output");
        let (sender, lines) = std::sync::mpsc::channel();
        thread::spawn(move || {
            let mut reader = std::io::BufReader::new(stdout.take(64 * OUTPUT_LIMIT));
            let mut line = String::new();
            while std::io::BufRead::read_line(&mut reader, &mut line).is_ok_and(|n| n > 0) {
                let text = line
                    .trim_end_matches('\n')
                    .trim_end_matches('\r')
                    .to_string();
                if sender.send(text).is_err() {
                    break;
                }
                line.clear();
            }
        });
        let stderr = Some(read_pipe(child.stderr.take(), Arc::default()));
        Ok(Self {
            stdin: child.stdin.take(),
            child,
            lines,
            stderr,
            peak_kib: 0,
        })
    }

    /// Writes `line` and a `\n` to the bot's standard input. A bot that has exited makes
    /// this fail; the referee then finds the closed output on its next [`Session::receive`].
    pub fn send(&mut self, line: &str) -> std::io::Result<()> {
        let stdin = self.stdin.as_mut().ok_or(std::io::ErrorKind::BrokenPipe)?;
        stdin.write_all(line.as_bytes())?;
        stdin.write_all(b"\n")?;
        stdin.flush()
    }

    /// Waits at most `limit` for the next line of output. A line found only after `limit`
    /// (the referee itself held up) is late like a missing one.
    pub fn receive(&mut self, limit: Duration) -> Received {
        let start = Instant::now();
        match self.lines.recv_timeout(limit) {
            Ok(line) => {
                let took = start.elapsed();
                if took > limit {
                    return Received::Timeout;
                }
                self.peak_kib = raise_peak_kib(&self.child.id().to_string(), self.peak_kib);
                Received::Line(line, took)
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Received::Timeout,
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => Received::Closed,
        }
    }

    /// Closes the bot's input, gives it `grace` to exit, then stops its process group, and
    /// reports how it ended.
    pub fn finish(mut self, grace: Duration) -> SessionEnd {
        drop(self.stdin.take());
        let (exit, _, peak_rss_kib) = reap(
            &mut self.child,
            Instant::now(),
            grace,
            |_| false,
            self.peak_kib,
        );
        let stderr = self
            .stderr
            .take()
            .and_then(|reader| reader.join().ok())
            .unwrap_or_default();
        SessionEnd {
            exit,
            peak_rss_kib,
            stderr,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_end_is_timed_when_the_referee_sees_it() {
        let command = ["true".to_string()];
        let since = Instant::now();
        let mut child = spawn(&command).unwrap();
        // The bot ends at once, but the referee looks only after 100 ms: that is its time.
        thread::sleep(Duration::from_millis(100));
        let (exit, seen_after, _) =
            reap(&mut child, since, Duration::from_millis(20), |_| false, 0);
        assert_eq!(exit, Exit::Code(0));
        assert!(seen_after >= Duration::from_millis(100), "{seen_after:?}");
    }

    #[test]
    fn the_referees_own_memory_is_never_read_as_a_bots() {
        // A child caught in the middle of `exec` still runs in the referee's memory, with the
        // referee's code address: reading the referee itself is that moment, held still.
        let referee = std::process::id().to_string();
        assert_eq!(high_water_kib(&referee), None);
        assert_eq!(raise_peak_kib(&referee, 0), 0);
        let mut child = spawn(&["sleep".to_string(), "5".to_string()]).unwrap();
        let since = Instant::now();
        let mut peak = None;
        while peak.is_none() && since.elapsed() < Duration::from_secs(2) {
            peak = high_water_kib(&child.id().to_string());
            thread::sleep(Duration::from_millis(1));
        }
        let _ = child.kill();
        let _ = child.wait();
        assert!(peak.is_some_and(|kib| kib > 0), "{peak:?}");
    }

    #[test]
    fn a_run_is_late_exactly_when_its_time_is_over_the_limit() {
        let quick = run_once(&["true".to_string()], b"", Duration::from_secs(5), None);
        let slow = run_once(
            &["sleep".to_string(), "5".to_string()],
            b"",
            Duration::from_millis(50),
            None,
        );
        assert_eq!((&quick.exit, quick.timed_out), (&Exit::Code(0), false));
        assert!(slow.timed_out && matches!(slow.exit, Exit::Signal(_)));
        for (run, limit) in [(quick, 5000), (slow, 50)] {
            assert_eq!(run.timed_out, run.elapsed > Duration::from_millis(limit));
        }
    }
}
