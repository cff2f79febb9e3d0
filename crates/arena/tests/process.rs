//! Bot processes: sessions that exchange lines under limits, and memory measured as the
//! bot's own.

use std::time::Duration;

use floodgate_arena::process::{Breach, Exit, ProcessLimits, Received, Session, run_once};

#[test]
fn sessions_exchange_lines_under_limits() {
    let script = "while read line; do if [ \"$line\" = quiet ]; then sleep 2; else echo \"got $line\"; fi; done";
    let mut bot = Session::start(
        &["sh".into(), "-c".into(), script.into()],
        &ProcessLimits::default(),
    )
    .unwrap();
    bot.send("a").unwrap();
    assert!(
        matches!(bot.receive(Duration::from_secs(5)), Received::Line(line, _) if line == "got a")
    );
    bot.send("quiet").unwrap();
    assert_eq!(bot.receive(Duration::from_millis(100)), Received::Timeout);
    let end = bot.finish(Duration::from_millis(100));
    assert!(
        matches!(end.exit, Exit::Signal(_)),
        "killed after the grace period: {:?}",
        end.exit
    );
    assert!(end.peak_rss_kib > 0);

    let mut short_lived = Session::start(
        &[
            "sh".into(),
            "-c".into(),
            "read line; echo bye; exit 4".into(),
        ],
        &ProcessLimits::default(),
    )
    .unwrap();
    short_lived.send("hello").unwrap();
    assert!(
        matches!(short_lived.receive(Duration::from_secs(5)), Received::Line(line, _) if line == "bye")
    );
    assert_eq!(
        short_lived.receive(Duration::from_secs(5)),
        Received::Closed
    );
    assert_eq!(
        short_lived.finish(Duration::from_secs(1)).exit,
        Exit::Code(4)
    );
    assert!(Session::start(&["/nonexistent/bot".into()], &ProcessLimits::default()).is_err());
}

#[test]
fn a_line_found_after_the_limit_is_late() {
    let mut bot = Session::start(
        &["sh".into(), "-c".into(), "echo early; sleep 1".into()],
        &ProcessLimits::default(),
    )
    .unwrap();
    // The line is written at once, but the referee looks for it only after its limit.
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(bot.receive(Duration::from_nanos(1)), Received::Timeout);
    bot.finish(Duration::from_millis(10));
}

#[test]
fn the_margin_lets_an_answer_past_the_limit_in_and_no_later_one() {
    let with_margin = |ms| ProcessLimits {
        margin: Duration::from_millis(ms),
        ..ProcessLimits::default()
    };
    let limit = Duration::from_millis(100);
    let sleeper = ["sh".to_string(), "-c".into(), "sleep 0.3".into()];
    let run = |margin_ms| run_once(&sleeper, b"", limit, &with_margin(margin_ms));
    let (passed, late) = (run(2000), run(0));
    assert_eq!((passed.exit, passed.timed_out), (Exit::Code(0), false));
    assert!(passed.elapsed >= Duration::from_millis(300));
    assert!(late.timed_out && matches!(late.exit, Exit::Signal(_)));
    let answer = |margin_ms| {
        let script = "sleep 0.3; echo late";
        let mut bot = Session::start(&shell(script), &with_margin(margin_ms)).unwrap();
        let received = bot.receive(limit);
        bot.finish(Duration::from_millis(10));
        received
    };
    assert!(matches!(answer(2000), Received::Line(line, _) if line == "late"));
    assert_eq!(answer(0), Received::Timeout);
}

#[test]
fn peak_memory_is_the_bots_own() {
    // The referee holds 32 MiB; a child spawned from it starts from that image, which
    // `ru_maxrss` would count. The bot's own peak is what the judge limits.
    let ballast = vec![1u8; 32 << 20];
    assert!(ballast.iter().step_by(4096).all(|&b| b == 1));
    let command: Vec<String> = ["sleep", "0.05"].map(String::from).to_vec();
    let run = run_once(
        &command,
        b"",
        Duration::from_secs(2),
        &ProcessLimits::default(),
    );
    assert!(
        run.peak_rss_kib > 0 && run.peak_rss_kib < 8 << 10,
        "sleep peaked at {} KiB",
        run.peak_rss_kib
    );
    std::hint::black_box(ballast);
}

/// ProcessLimits of 8 processes and 1 MiB files, and nothing else.
fn small_limits() -> ProcessLimits {
    ProcessLimits {
        processes: Some(8),
        file_bytes: Some(1 << 20),
        ..ProcessLimits::default()
    }
}

/// A shell command line.
fn shell(script: &str) -> Vec<String> {
    vec!["sh".into(), "-c".into(), script.into()]
}

/// Starts sleepers one by one, forever (each one a process of the bot's).
const FORKS: &str = "while true; do sleep 30 & done";

/// Writes a file of 4 MiB in the directory `dir`, then says `wrote`.
fn fill(dir: &std::path::Path) -> String {
    format!(
        "head -c 4194304 /dev/zero > {}/fill && echo wrote",
        dir.display()
    )
}

#[test]
fn a_run_that_forks_without_end_is_stopped_at_the_process_limit() {
    let limit = Duration::from_secs(20);
    let run = run_once(&shell(FORKS), b"", limit, &small_limits());
    assert_eq!(run.breach, Some(Breach::Processes { limit: 8 }));
    assert!(run.elapsed < Duration::from_secs(5), "{:?}", run.elapsed);
    // Without the limit the same program forks on until its time runs out.
    let run = run_once(
        &shell(FORKS),
        b"",
        Duration::from_millis(300),
        &ProcessLimits::default(),
    );
    assert!(run.timed_out && run.breach.is_none());
}

#[test]
fn a_session_that_forks_without_end_is_stopped_at_the_process_limit() {
    let script = format!("read line; {FORKS}");
    let mut bot = Session::start(&shell(&script), &small_limits()).unwrap();
    bot.send("go").unwrap();
    let received = bot.receive(Duration::from_secs(20));
    assert_eq!(received, Received::Broke(Breach::Processes { limit: 8 }));
    let end = bot.finish(Duration::from_millis(100));
    assert!(matches!(end.exit, Exit::Signal(9)), "{:?}", end.exit);
}

#[test]
fn a_file_written_past_the_limit_ends_the_writer() {
    let dir = std::env::temp_dir().join(format!("floodgate-fill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let limit = Duration::from_secs(10);
    let run = run_once(&shell(&fill(&dir)), b"", limit, &small_limits());
    assert_eq!(
        run.breach,
        Some(Breach::FileSize {
            limit_bytes: 1 << 20
        })
    );
    let written = std::fs::metadata(dir.join("fill")).unwrap().len();
    assert!(written <= 1 << 20, "{written} bytes written");
    let mut bot = Session::start(&shell(&fill(&dir)), &small_limits()).unwrap();
    let received = bot.receive(limit);
    assert_eq!(
        received,
        Received::Broke(Breach::FileSize {
            limit_bytes: 1 << 20
        })
    );
    bot.finish(Duration::from_millis(100));
    // Without the limit the file is written whole: the tests above can fail.
    let run = run_once(&shell(&fill(&dir)), b"", limit, &ProcessLimits::default());
    assert_eq!((run.exit, run.breach), (Exit::Code(0), None));
    assert_eq!(std::fs::metadata(dir.join("fill")).unwrap().len(), 4 << 20);
    std::fs::remove_dir_all(&dir).unwrap();
}
