//! For the bots' tests: running a bot binary on an input, and checking that malformed input
//! is refused as a judge needs it: exit status 2, one line on standard error naming the bot,
//! no panic message, and quickly.

use std::io::{Read, Write};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// How long a bot may take to refuse an input.
const PATIENCE: Duration = Duration::from_secs(1);

/// The bot's output when it is run with `args` on `input` (fed from a thread of its own, so
/// that a bot that stops reading or writes a lot cannot block the test).
pub fn run_bot(bot: &str, args: &[&str], input: &[u8]) -> Output {
    let mut child = start(Command::new(bot).args(args));
    feed(&mut child, input);
    child.wait_with_output().expect("the bot's output")
}

/// Checks that `out` is a refusal by `bot` (its path or name) whose message contains
/// `needle`: exit status 2, one short line on standard error starting with the bot's name
/// and a colon, no panic.
pub fn assert_refused(out: &Output, bot: &str, needle: &str) {
    check_refusal(out, bot, needle, "");
}

/// [`assert_refused`], with `case` at the start of each failure's message.
fn check_refusal(out: &Output, bot: &str, needle: &str, case: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    let name = bot.rsplit('/').next().unwrap_or(bot);
    assert_eq!(out.status.code(), Some(2), "{case}: {stderr}");
    assert!(
        stderr.ends_with('\n') && stderr.matches('\n').count() == 1,
        "{case}: not one line: {stderr:?}"
    );
    assert!(stderr.starts_with(&format!("{name}: ")), "{case}: {stderr}");
    assert!(
        stderr.len() < 200,
        "{case}: a line of {} bytes",
        stderr.len()
    );
    assert!(!stderr.contains("panicked"), "{case}: {stderr}");
    assert!(
        stderr.contains(needle),
        "{case}: {needle:?} not in {stderr:?}"
    );
}

/// Runs `bot` with `args` on each `(name, input)` and checks that each is refused
/// ([`assert_refused`]) within a second; there must be at least 20 cases.
pub fn assert_all_refused(bot: &str, args: &[&str], cases: &[(&str, Vec<u8>)]) {
    assert!(cases.len() >= 20, "only {} malformed inputs", cases.len());
    for (case, input) in cases {
        let out = run_within(Command::new(bot).args(args), input, PATIENCE)
            .unwrap_or_else(|| panic!("{case}: no exit within {PATIENCE:?}"));
        check_refusal(&out, bot, "", case);
    }
}

/// Feeds `bot` (with `args`) `before` and then a line of 64 MiB, with its virtual memory
/// capped at 96 MiB (`ulimit -v`, of the judges' 128 MB), and checks that it refuses the
/// line as longer than any valid input or line ([`crate::InputError`]) within ten seconds:
/// a bot that held the line would run out of memory first.
pub fn assert_long_line_refused(bot: &str, args: &[&str], before: &[u8]) {
    let input = [before, &vec![b'1'; 64 << 20], b"\n"].concat();
    let mut command = Command::new("sh");
    command
        .args(["-c", "ulimit -v 98304 && exec \"$0\" \"$@\"", bot])
        .args(args);
    let out = run_within(&mut command, &input, Duration::from_secs(10))
        .expect("the bot exits within ten seconds");
    check_refusal(&out, bot, "longer than any valid", "a line of 64 MiB");
}

/// Starts `command` with all three pipes.
fn start(command: &mut Command) -> std::process::Child {
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the bot starts")
}

/// Writes `input` to the child's standard input from a thread, then closes it.
fn feed(child: &mut std::process::Child, input: &[u8]) {
    let mut stdin = child.stdin.take().expect("a pipe");
    let input = input.to_vec();
    std::thread::spawn(move || {
        // The bot may exit before it has read everything.
        let _ = stdin.write_all(&input);
    });
}

/// The output of `command` on `input`, or `None` (and the process killed) when it has not
/// exited within `patience`.
fn run_within(command: &mut Command, input: &[u8], patience: Duration) -> Option<Output> {
    let mut child = start(command);
    let started = Instant::now();
    feed(&mut child, input);
    // The bot may write more than a pipe holds: drain both from threads of their own while
    // this one watches the clock.
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("a pipe")));
    let stderr = drain(Box::new(child.stderr.take().expect("a pipe")));
    loop {
        if let Some(status) = child.try_wait().expect("the bot's status") {
            return Some(Output {
                status,
                stdout: stdout.join().expect("stdout read"),
                stderr: stderr.join().expect("stderr read"),
            });
        }
        if started.elapsed() > patience {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Checks that `bot --help` and `bot --version` end quietly (exit status 0, nothing on
/// standard error) when their reader has gone: standard output is a pipe whose reading end
/// was closed before the bot started, so every write fails as `| head -0` makes it fail.
pub fn assert_quiet_on_closed_pipe(bot: &str) {
    for flag in ["--help", "--version"] {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let out = Command::new(bot)
            .arg(flag)
            .stdin(Stdio::null())
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .expect("the bot runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.is_empty(), "{bot} {flag}: {stderr}");
        assert_eq!(out.status.code(), Some(0), "{bot} {flag}");
    }
}
