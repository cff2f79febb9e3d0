//! Bot processes: sessions that exchange lines under limits, and memory measured as the
//! bot's own.

use std::time::Duration;

use floodgate_arena::process::{Exit, Received, Session, run_once};

#[test]
fn sessions_exchange_lines_under_limits() {
    let script = "while read line; do if [ \"$line\" = quiet ]; then sleep 2; else echo \"got $line\"; fi; done";
    let mut bot = Session::start(&["sh".into(), "-c".into(), script.into()]).unwrap();
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

    let mut short_lived = Session::start(&[
        "sh".into(),
        "-c".into(),
        "read line; echo bye; exit 4".into(),
    ])
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
    assert!(Session::start(&["/nonexistent/bot".into()]).is_err());
}

#[test]
fn a_line_found_after_the_limit_is_late() {
    let mut bot =
        Session::start(&["sh".into(), "-c".into(), "echo early; sleep 1".into()]).unwrap();
    // The line is written at once, but the referee looks for it only after its limit.
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(bot.receive(Duration::from_nanos(1)), Received::Timeout);
    bot.finish(Duration::from_millis(10));
}

#[test]
fn peak_memory_is_the_bots_own() {
    // The referee holds 32 MiB; a child spawned from it starts from that image, which
    // `ru_maxrss` would count. The bot's own peak is what the judge limits.
    let ballast = vec![1u8; 32 << 20];
    assert!(ballast.iter().step_by(4096).all(|&b| b == 1));
    let command: Vec<String> = ["sleep", "0.05"].map(String::from).to_vec();
    let run = run_once(&command, b"", Duration::from_secs(2), None);
    assert!(
        run.peak_rss_kib > 0 && run.peak_rss_kib < 8 << 10,
        "sleep peaked at {} KiB",
        run.peak_rss_kib
    );
    std::hint::black_box(ballast);
}
