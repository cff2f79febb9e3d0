//! What the referee reads of a process in `/proc`: its state and exit status, its code
//! address, its peak resident memory and its threads.

use std::sync::OnceLock;

/// The fields of `/proc/PID/stat` (`pid` a number, or `self`) from field 3 on (`stat_field`
/// picks one by its number in proc(5)); `None` once the process is gone.
fn read_stat(pid: &str) -> Option<String> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Field 2, the name in parentheses, may hold spaces: keep what follows its last `)`.
    Some(stat.rsplit_once(')')?.1.to_string())
}

/// Field `number` (as proc(5) numbers them, from 3) of what [`read_stat`] returned.
fn stat_field(fields: &str, number: usize) -> Option<&str> {
    fields.split_whitespace().nth(number - 3)
}

/// Where the program text of process `pid` (a number, or `self`) starts in its address space:
/// `startcode`, field 26 of `/proc/PID/stat`. `None` if it cannot be read.
fn code_start(pid: &str) -> Option<u64> {
    stat_field(&read_stat(pid)?, 26)?.parse().ok()
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
/// once the kernel has begun the child's `exec` (a fork, where a file size limit is set,
/// returns sooner), a moment before the child's memory is swapped for the bot's, and until
/// then its `VmHWM` is the referee's (on a busy machine that moment
/// can last milliseconds). Its code address tells the two apart: the referee's until the
/// swap, the bot's after it (a fresh one even when the bot is this program, by address space
/// randomisation).
pub(crate) fn high_water_kib(pid: &str) -> Option<u64> {
    // Read the code address first: once it has changed, the status read after it is the bot's.
    let code = code_start(pid)?;
    if Some(code) == referee_code_start() {
        return None;
    }
    status_high_water_kib(pid)
}

/// What the referee reads of a process's `/proc/PID/status`.
pub(crate) struct Status {
    /// `VmHWM`, in KiB.
    pub(crate) high_water_kib: u64,
    /// `Threads`.
    pub(crate) threads: u32,
}

/// `/proc/PID/status` read (`pid` a number, or `self`); `None` once the process is gone.
pub(crate) fn read_status(pid: &str) -> Option<Status> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| -> Option<u64> {
        let line = status.lines().find(|line| line.starts_with(name))?;
        line.split_whitespace().nth(1)?.parse().ok()
    };
    Some(Status {
        // A process whose memory is gone (a zombie) has no `VmHWM` line.
        high_water_kib: field("VmHWM:").unwrap_or(0),
        threads: field("Threads:").unwrap_or(1) as u32,
    })
}

/// `VmHWM` from `/proc/PID/status` (`pid` a number, or `self`), in KiB.
pub(crate) fn status_high_water_kib(pid: &str) -> Option<u64> {
    read_status(pid).map(|status| status.high_water_kib)
}

/// The wait status of process `pid` once it has ended and awaits its parent's wait (its
/// `exit_code`, field 52 of `/proc/PID/stat`, read when its state is `Z`); `None` while it
/// runs.
pub(crate) fn ended_status(pid: &str) -> Option<i32> {
    let fields = read_stat(pid)?;
    if stat_field(&fields, 3)? != "Z" {
        return None;
    }
    stat_field(&fields, 52)?.parse().ok()
}
