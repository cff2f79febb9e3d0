//! Running a bot process once: input on stdin, a wall-clock limit, and what it cost.

use std::io::{Read, Write};
use std::os::unix::process::CommandExt;

use crate::pen::Pen;
use crate::procfs::{ended_status, high_water_kib, read_status, status_high_water_kib};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The most output kept from a bot process started for one move, on each of its outputs: one
/// that writes this much is stopped (the output limit).
pub const OUTPUT_LIMIT: u64 = 1 << 20;

/// The most processes a player may have at once, its program and everything it started (under
/// `--sandbox`, bubblewrap's own two among them). No judge states one; the arena's own limit.
pub const PROCESS_LIMIT: u32 = 64;

/// The largest file a player may write, in bytes (`RLIMIT_FSIZE`: a write past it ends the
/// process with `SIGXFSZ`). No judge states one; the arena's own limit.
pub const FILE_LIMIT: u64 = 64 << 20;

/// What the referee holds a player's processes to beyond its time limits (each limit `None` is
/// not enforced), and the margin past every time limit before an answer is late.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProcessLimits {
    /// The grace past a time limit: an answer seen within it is in time (`--margin-ms`).
    pub margin: Duration,
    /// The peak resident memory of the process, or of any process it started, in KiB.
    pub memory_kib: Option<u64>,
    /// Processes at once: the program and everything it started.
    pub processes: Option<u32>,
    /// The largest file it may write, in bytes.
    pub file_bytes: Option<u64>,
    /// Whether the program runs under bubblewrap (`--sandbox`), which reports a program that a
    /// signal ended as exit status 128 + the signal.
    pub sandboxed: bool,
}

/// A limit a process went over, and was stopped for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Breach {
    /// Its resident memory (or a child's) went over `limit_kib`.
    Memory {
        /// The limit, in KiB.
        limit_kib: u64,
        /// The peak read, in KiB.
        peak_kib: u64,
    },
    /// It wrote [`OUTPUT_LIMIT`] bytes or more to one of its outputs.
    Output,
    /// It had more than `limit` processes at once.
    Processes {
        /// The limit.
        limit: u32,
    },
    /// It wrote a file past `limit_bytes`.
    FileSize {
        /// The limit, in bytes.
        limit_bytes: u64,
    },
}

impl ProcessLimits {
    /// The breach of a process tree whose peak memory is `peak_kib` and which has `processes`
    /// processes, or whose output reached the limit (`output_full`).
    fn breach(&self, peak_kib: u64, processes: u32, output_full: bool) -> Option<Breach> {
        if output_full {
            return Some(Breach::Output);
        }
        if let Some(limit_kib) = self.memory_kib.filter(|&most| peak_kib > most) {
            return Some(Breach::Memory {
                limit_kib,
                peak_kib,
            });
        }
        self.processes
            .filter(|&most| processes > most)
            .map(|limit| Breach::Processes { limit })
    }

    /// How a process that ended with wait status `status` ended: a signal where bubblewrap
    /// reports one as an exit status.
    fn exit(&self, status: i32) -> Exit {
        match (libc::WIFEXITED(status), libc::WEXITSTATUS(status)) {
            (true, code) if self.sandboxed && code > 128 => Exit::Signal(code - 128),
            (true, code) => Exit::Code(code),
            _ => Exit::Signal(libc::WTERMSIG(status)),
        }
    }

    /// The breach of a process that ended as `exit`: a write past the file size limit, which
    /// ends the writer with `SIGXFSZ`; a shell whose command it ended exits with 128 + that
    /// signal, and so does bubblewrap.
    fn breach_at_exit(&self, exit: &Exit) -> Option<Breach> {
        let limit_bytes = self.file_bytes?;
        let ended =
            *exit == Exit::Signal(libc::SIGXFSZ) || *exit == Exit::Code(128 + libc::SIGXFSZ);
        ended.then_some(Breach::FileSize { limit_bytes })
    }
}

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
    /// The limit it went over, if it did.
    pub breach: Option<Breach>,
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

/// Starts `command` (program and arguments) with piped standard streams, in `pen` so that
/// whatever it starts ends with it, and with `limits`' file size limit.
fn spawn(
    command: &[String],
    limits: &ProcessLimits,
    pen: &Pen,
) -> Result<std::process::Child, SpawnError> {
    let Some((program, args)) = command.split_first() else {
        let reason = "empty command".to_string();
        return Err(SpawnError {
            program: String::new(),
            reason,
        });
    };
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(bytes) = limits.file_bytes {
        let limit = libc::rlimit {
            rlim_cur: bytes,
            rlim_max: bytes,
        };
        // SAFETY: the closure runs in the child between fork and exec, where only
        // async-signal-safe calls are allowed: setrlimit(2) is one, on a value copied in.
        unsafe {
            command.pre_exec(move || match libc::setrlimit(libc::RLIMIT_FSIZE, &limit) {
                0 => Ok(()),
                _ => Err(std::io::Error::last_os_error()),
            });
        }
    }
    pen.spawn(&mut command).map_err(|error| SpawnError {
        program: program.clone(),
        reason: error.to_string(),
    })
}

/// What a look at a player's process tree found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Survey {
    /// The highest `VmHWM` of the process and its descendants, in KiB (0 while nothing has
    /// been read).
    peak_kib: u64,
    /// The process and its descendants now (counted up to a little over [`PROCESS_LIMIT`]).
    processes: u32,
}

/// `seen` raised by a new look at process `pid` and every process below it. Only the first
/// reading of `pid` needs [`high_water_kib`]'s check of the code address: after its `exec` a
/// process never runs in the referee's memory again, so later readings read `VmHWM` alone.
///
/// The processes it started count too (the highest of their peaks): a bot run under the
/// sandbox is the child of `bwrap`, and a bot may start helpers. Under the sandbox the tree
/// holds every process of the player: its PID namespace's first process adopts orphans.
fn survey(pid: &str, seen: Survey) -> Survey {
    let mut found = Survey {
        peak_kib: seen.peak_kib,
        processes: 1,
    };
    if seen.peak_kib == 0 {
        found.peak_kib = high_water_kib(pid).unwrap_or(0);
    }
    survey_from(pid, &mut found);
    found
}

/// Raises `found` by process `pid`'s memory and adds its descendants (from each of its
/// threads' `children` lists; the main thread's alone when it has one), stopping once there
/// are more than [`PROCESS_LIMIT`] twice over.
fn survey_from(pid: &str, found: &mut Survey) {
    let Some(status) = read_status(pid) else {
        return;
    };
    // The root's first reading comes from `high_water_kib` (its `survey` checked it is no
    // longer the referee's memory); this one may be from before its exec.
    if found.processes > 1 || found.peak_kib > 0 {
        found.peak_kib = found.peak_kib.max(status.high_water_kib);
    }
    let children =
        |task: &str| std::fs::read_to_string(format!("/proc/{pid}/task/{task}/children"));
    let lists: Vec<String> = if status.threads <= 1 {
        children(pid).into_iter().collect()
    } else {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
            return;
        };
        tasks
            .flatten()
            .filter_map(|task| children(&task.file_name().to_string_lossy()).ok())
            .collect()
    };
    for child in lists.iter().flat_map(|list| list.split_whitespace()) {
        if found.processes > 2 * PROCESS_LIMIT {
            return;
        }
        found.processes += 1;
        survey_from(child, found);
    }
}

/// How a reaped process ended and what it cost.
struct Reaped {
    exit: Exit,
    /// The time from the start at which its end was seen.
    seen_after: Duration,
    /// Its peak resident memory in KiB.
    peak_kib: u64,
    /// The limit it went over, if it did.
    breach: Option<Breach>,
}

/// Waits for `child` to exit, killing it once `limit` has passed since `since`, then ends
/// whatever it left running (its `pen`). Returns how it ended, the time from `since`
/// at which its end was seen (over `limit` when it was killed for time, and also when the
/// referee itself was held up and found it ended only after the limit), and its peak resident
/// memory in KiB: the highest `VmHWM` read while it ran (every 2 ms, and `seen` from earlier
/// reads), or `ru_maxrss` where that is higher and above the referee's own peak; 0 when a bot
/// ended before any reading and its peak cannot be told from the referee's. A process that
/// goes over one of `limits` (or whose output fills, `output_full`) is killed at once, as one
/// over its time, and the breach reported.
fn reap(
    child: &mut std::process::Child,
    pen: &mut Pen,
    since: Instant,
    limit: Duration,
    limits: &ProcessLimits,
    output_full: &AtomicBool,
    mut seen: Survey,
) -> Reaped {
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: `rusage` is plain old data; all zeros is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let mut seen_after = Duration::ZERO;
    let mut breach = None;
    let pid_text = pid.to_string();
    for round in 0u64.. {
        if round % 10 == 0 {
            seen = survey(&pid_text, seen);
        }
        // SAFETY: `pid` is our child, not yet reaped (std's `Child` is never waited on), and
        // both out-pointers point to live locals.
        let reaped = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        seen_after = since.elapsed();
        if reaped == pid || reaped < 0 {
            break;
        }
        breach = limits.breach(
            seen.peak_kib,
            seen.processes,
            output_full.load(Ordering::Relaxed),
        );
        if seen_after > limit || breach.is_some() {
            let _ = child.kill();
            // SAFETY: as above; this blocking call reaps the killed child.
            unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
            break;
        }
        thread::sleep(Duration::from_micros(200));
    }
    // End everything the bot left running (it could hold its output pipes open).
    pen.end();
    let exit = limits.exit(status);
    let peak_kib = reaped_peak_kib(seen.peak_kib, &usage);
    let breach = breach
        .or_else(|| limits.breach(peak_kib, 0, output_full.load(Ordering::Relaxed)))
        .or_else(|| limits.breach_at_exit(&exit));
    Reaped {
        exit,
        seen_after,
        peak_kib,
        breach,
    }
}

/// The peak resident memory of a reaped child in KiB: `seen_kib`, the highest `VmHWM` read while
/// it ran, or its `ru_maxrss` where that is higher and above the referee's own peak.
/// `ru_maxrss` also holds the referee's own high-water mark from when the child was spawned (the
/// child ran in the referee's memory until `exec`): above the referee's mark it can only be the
/// bot's; at or below it, it says nothing about the bot.
fn reaped_peak_kib(seen_kib: u64, usage: &libc::rusage) -> u64 {
    let max_rss = usage.ru_maxrss.max(0) as u64;
    let referee = status_high_water_kib("self").unwrap_or(u64::MAX);
    if max_rss > referee {
        seen_kib.max(max_rss)
    } else {
        seen_kib
    }
}

/// Runs `command` (program and arguments) with `input` on its standard input, then end of
/// file, killing it if it runs longer than `limit` and the margin, goes over one of `limits`
/// (memory and processes read every 2 ms), or writes [`OUTPUT_LIMIT`] bytes to either output.
pub fn run_once(command: &[String], input: &[u8], limit: Duration, limits: &ProcessLimits) -> Run {
    let (start, limit) = (Instant::now(), limit + limits.margin);
    let failed = |message: String| Run {
        exit: Exit::SpawnFailed(message),
        timed_out: false,
        elapsed: start.elapsed(),
        peak_rss_kib: 0,
        breach: None,
        stdout: Vec::new(),
        stderr: Vec::new(),
    };
    let mut pen = Pen::new();
    let mut child = match spawn(command, limits, &pen) {
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
    let reaped = reap(
        &mut child,
        &mut pen,
        start,
        limit,
        limits,
        &full,
        Survey::default(),
    );
    let _ = writer.join();
    let stdout = out_reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    // The readers have seen the last of the output only now.
    let breach = reaped
        .breach
        .or_else(|| full.load(Ordering::Relaxed).then_some(Breach::Output));
    Run {
        exit: reaped.exit,
        timed_out: reaped.seen_after > limit,
        elapsed: reaped.seen_after,
        peak_rss_kib: reaped.peak_kib,
        breach,
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
    /// The program and everything it starts, ended with the session.
    pen: Pen,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
    stderr: Option<thread::JoinHandle<Vec<u8>>>,
    limits: ProcessLimits,
    /// What the watcher thread has found.
    watch: Arc<Watch>,
    watcher: Option<thread::JoinHandle<()>>,
}

/// What a session's watcher thread has found, shared with the referee.
#[derive(Debug, Default)]
struct Watch {
    /// The highest `VmHWM` of the process tree so far, in KiB.
    peak_kib: AtomicU64,
    /// The limit the process went over: it was then stopped.
    breach: Mutex<Option<Breach>>,
    /// Raised by the referee when the session ends.
    stop: AtomicBool,
}

/// How often a session's watcher looks at its process tree.
const WATCH_EVERY: Duration = Duration::from_millis(10);

/// Looks at the process tree of `pid` every [`WATCH_EVERY`] until `watch.stop`, and stops its
/// process group at once when it goes over `limits`.
fn watch(pid: libc::pid_t, limits: ProcessLimits, watch: &Watch) {
    let pid_text = pid.to_string();
    let mut seen = Survey::default();
    while !watch.stop.load(Ordering::Relaxed) {
        seen = survey(&pid_text, seen);
        watch.peak_kib.store(seen.peak_kib, Ordering::Relaxed);
        if let Some(breach) = limits.breach(seen.peak_kib, seen.processes, false) {
            *watch.breach.lock().unwrap_or_else(|e| e.into_inner()) = Some(breach);
            // SAFETY: kill(2) on the process group our unreaped child leads (the session
            // joins this thread before it reaps the child, so the number is still its).
            unsafe { libc::kill(-pid, libc::SIGKILL) };
            return;
        }
        thread::sleep(WATCH_EVERY);
    }
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
    /// The bot went over one of its limits, and was stopped.
    Broke(Breach),
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
    /// Starts `command` (program and arguments), held to `limits` for as long as it runs.
    pub fn start(command: &[String], limits: &ProcessLimits) -> Result<Self, SpawnError> {
        let pen = Pen::new();
        let mut child = spawn(command, limits, &pen)?;
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
        let shared = Arc::new(Watch::default());
        let (pid, held, found) = (child.id() as libc::pid_t, *limits, shared.clone());
        let watcher = thread::spawn(move || watch(pid, held, &found));
        Ok(Self {
            stdin: child.stdin.take(),
            child,
            pen,
            lines,
            stderr,
            limits: *limits,
            watch: shared,
            watcher: Some(watcher),
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

    /// Waits at most `limit` and the margin for the next line of output. A line found only
    /// after that (the referee itself held up) is late like a missing one. No line because
    /// the bot went over a limit is that breach.
    pub fn receive(&mut self, limit: Duration) -> Received {
        let (start, limit) = (Instant::now(), limit + self.limits.margin);
        let received = match self.lines.recv_timeout(limit) {
            Ok(line) => {
                let took = start.elapsed();
                if took <= limit {
                    return Received::Line(line, took);
                }
                Received::Timeout
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Received::Timeout,
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => Received::Closed,
        };
        self.breach().map_or(received, Received::Broke)
    }

    /// The limit the bot went over, if it did: found by the watcher, or a write past the file
    /// size limit that ended it (its end is awaited a moment: the output closes just before).
    fn breach(&self) -> Option<Breach> {
        let found = *self.watch.breach.lock().unwrap_or_else(|e| e.into_inner());
        found.or_else(|| {
            self.limits.file_bytes?;
            let pid = self.child.id().to_string();
            let since = Instant::now();
            let status = loop {
                match ended_status(&pid) {
                    Some(status) => break status,
                    None if since.elapsed() < Duration::from_millis(50) => {
                        thread::sleep(Duration::from_millis(1));
                    }
                    None => return None,
                }
            };
            self.limits.breach_at_exit(&self.limits.exit(status))
        })
    }

    /// Closes the bot's input, gives it `grace` to exit, then stops its process group, and
    /// reports how it ended.
    pub fn finish(mut self, grace: Duration) -> SessionEnd {
        drop(self.stdin.take());
        self.watch.stop.store(true, Ordering::Relaxed);
        if let Some(watcher) = self.watcher.take() {
            let _ = watcher.join();
        }
        let seen = Survey {
            peak_kib: self.watch.peak_kib.load(Ordering::Relaxed),
            processes: 0,
        };
        let only_exit = ProcessLimits {
            sandboxed: self.limits.sandboxed,
            ..ProcessLimits::default()
        };
        let never_full = AtomicBool::new(false);
        let reaped = reap(
            &mut self.child,
            &mut self.pen,
            Instant::now(),
            grace,
            &only_exit,
            &never_full,
            seen,
        );
        let stderr = self
            .stderr
            .take()
            .and_then(|reader| reader.join().ok())
            .unwrap_or_default();
        SessionEnd {
            exit: reaped.exit,
            peak_rss_kib: reaped.peak_kib,
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
        let mut pen = Pen::new();
        let mut child = spawn(&command, &ProcessLimits::default(), &pen).unwrap();
        // The bot ends at once, but the referee looks only after 100 ms: that is its time.
        thread::sleep(Duration::from_millis(100));
        let limit = Duration::from_millis(20);
        let full = AtomicBool::new(false);
        let reaped = reap(
            &mut child,
            &mut pen,
            since,
            limit,
            &ProcessLimits::default(),
            &full,
            Survey::default(),
        );
        assert_eq!(reaped.exit, Exit::Code(0));
        let seen_after = reaped.seen_after;
        assert!(seen_after >= Duration::from_millis(100), "{seen_after:?}");
    }

    #[test]
    fn the_referees_own_memory_is_never_read_as_a_bots() {
        // A child caught in the middle of `exec` still runs in the referee's memory, with the
        // referee's code address: reading the referee itself is that moment, held still.
        let referee = std::process::id().to_string();
        assert_eq!(high_water_kib(&referee), None);
        let pen = Pen::new();
        let mut child = spawn(
            &["sleep".to_string(), "5".to_string()],
            &ProcessLimits::default(),
            &pen,
        )
        .unwrap();
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
        let none = ProcessLimits::default();
        let quick = run_once(&["true".to_string()], b"", Duration::from_secs(5), &none);
        let slow = run_once(
            &["sleep".to_string(), "5".to_string()],
            b"",
            Duration::from_millis(50),
            &none,
        );
        assert_eq!((&quick.exit, quick.timed_out), (&Exit::Code(0), false));
        assert!(slow.timed_out && matches!(slow.exit, Exit::Signal(_)));
        for (run, limit) in [(quick, 5000), (slow, 50)] {
            assert_eq!(run.timed_out, run.elapsed > Duration::from_millis(limit));
        }
    }
}
