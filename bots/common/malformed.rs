//! Shared by the bots' `tests/malformed.rs` (included with `#[path]`): runs a bot on
//! malformed judge input and checks that it is refused as a judge needs: exit status 2, one
//! line on stderr naming the bot, no panic message, and all within a second.

use std::io::{Read, Write};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// How long a bot may take to refuse an input.
const PATIENCE: Duration = Duration::from_secs(1);

/// Runs `bot` with `args` on each `(name, input)` and checks each is refused; at least 20.
pub fn assert_all_refused(bot: &str, args: &[&str], cases: &[(&str, Vec<u8>)]) {
    assert!(cases.len() >= 20, "only {} malformed inputs", cases.len());
    let name = bot.rsplit('/').next().unwrap_or(bot);
    for (case, input) in cases {
        let out = run(bot, args, input).unwrap_or_else(|| panic!("{case}: no exit within 1 s"));
        let stderr = String::from_utf8_lossy(&out.stderr);
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
    }
}

/// The bot's output on `input`, or `None` (and the bot killed) when it has not exited
/// within [`PATIENCE`].
fn run(bot: &str, args: &[&str], input: &[u8]) -> Option<Output> {
    let mut child = Command::new(bot)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the bot starts");
    let started = Instant::now();
    // The bot may stop reading early, and may write more than a pipe holds: feed and drain
    // it from threads of their own while this one watches the clock.
    let mut stdin = child.stdin.take().expect("a pipe");
    let input = input.to_vec();
    std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
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
        if started.elapsed() > PATIENCE {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}
