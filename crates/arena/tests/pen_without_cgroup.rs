//! A pen without a cgroup (as on a machine without cgroup v2) ends everything its program
//! started too: the process group, and the orphans that come to this process as their
//! subreaper. A test binary of its own, as the subreaper sweeps every orphan of its process.

use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use floodgate_arena::pen::Pen;

/// The processes whose command line is `sleep MARK`.
fn marked(mark: u32) -> Vec<i32> {
    let wanted = format!("sleep\0{mark}\0");
    let entries = std::fs::read_dir("/proc").unwrap();
    let pids = entries
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok());
    pids.filter(|pid| {
        std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default() == wanted.as_bytes()
    })
    .collect()
}

#[test]
fn the_process_group_and_the_orphans_end_with_the_pen() {
    let script = "setsid sh -c 'sh -c \"sleep 7201 &\" &' & i=0; while [ $i -lt 20 ]; do sleep 7201 & i=$((i+1)); done; trap '' TERM; sleep 7201";
    let mut pen = Pen::without_cgroup();
    assert!(!pen.is_cgroup());
    let mut command = Command::new("sh");
    command.args(["-c", script]).stdin(Stdio::null());
    let mut child = pen.spawn(&mut command).unwrap();
    let since = Instant::now();
    while marked(7201).len() < 22 && since.elapsed() < Duration::from_secs(5) {
        thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(marked(7201).len(), 22, "the script's processes started");
    child.kill().unwrap();
    child.wait().unwrap();
    let ended = Instant::now();
    pen.end();
    let mut left = marked(7201);
    while !left.is_empty() && ended.elapsed() < Duration::from_secs(1) {
        thread::sleep(Duration::from_millis(20));
        left = marked(7201);
    }
    for &pid in &left {
        // SAFETY: kill(2) on a process this test's script started; no memory effects.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
    assert!(left.is_empty(), "{} processes outlived the pen", left.len());
}
