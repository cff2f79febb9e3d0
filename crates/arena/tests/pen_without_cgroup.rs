//! A pen without a cgroup (as on a machine without cgroup v2) ends everything its program
//! started too: the process group, and the orphans that come to this process as their
//! subreaper. A test binary of its own, as the subreaper sweeps every orphan of its process.

use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use floodgate_arena::pen::Pen;

mod common;
use common::{kill_marked, left_after_a_second, marked};

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
    let left = left_after_a_second(7201, ended);
    kill_marked(7201);
    assert!(left.is_empty(), "{} processes outlived the pen", left.len());
}
