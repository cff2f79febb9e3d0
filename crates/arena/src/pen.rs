//! Nothing of a player outlives its game. Each program the arena starts goes into a [`Pen`] with
//! everything it starts in turn, however it hides (a new session, a double fork, a signal
//! ignored), and ending the pen ends them all, within a second:
//!
//! - where the machine has a writable cgroup v2 hierarchy (as root, or with a delegated one), a
//!   pen is a cgroup of its own: the program enters it between fork and exec, its descendants
//!   are born in it, and `cgroup.kill` ends every one of them at once (a sandbox's PID namespace
//!   and bubblewrap with it); the empty cgroup is then removed;
//! - elsewhere the arena is its players' child subreaper: the program leads a process group,
//!   which is killed, and the orphans that would have gone to init come to the arena instead,
//!   which kills and reaps every one it did not start itself.
//!
//! [`end_players_on_signal`] makes SIGINT and SIGTERM end every live pen before the arena exits.

use std::collections::BTreeMap;
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

/// How long ending a pen waits for its processes to be gone.
const GONE_WITHIN: Duration = Duration::from_secs(1);

/// The programs started and not yet ended: each pen's number, its cgroup (if it has one) and
/// the process it started (once started).
static LIVE: Mutex<BTreeMap<u64, Held>> = Mutex::new(BTreeMap::new());

/// Raised (under the registry's lock) once a signal has the arena end its players: no pen
/// starts a program after that.
static CLOSING: AtomicBool = AtomicBool::new(false);

/// What ending a live pen needs.
#[derive(Clone, Debug)]
struct Held {
    cgroup: Option<PathBuf>,
    root: Option<libc::pid_t>,
}

/// The pens' registry, locked (a panic elsewhere does not poison it for good).
fn live() -> MutexGuard<'static, BTreeMap<u64, Held>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// One player's program and everything it starts.
#[derive(Debug)]
pub struct Pen {
    number: u64,
    cgroup: Option<PathBuf>,
}

impl Pen {
    /// A pen for a program about to start: a cgroup of its own where the machine allows it.
    pub fn new() -> Pen {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let number = NEXT.fetch_add(1, Ordering::Relaxed);
        let cgroup = cgroup_base().and_then(|base| {
            let dir = base.join(format!("floodgate-arena-{}-{number}", std::process::id()));
            std::fs::create_dir(&dir).ok().map(|()| dir)
        });
        if cgroup.is_none() {
            become_subreaper();
        }
        live().insert(
            number,
            Held {
                cgroup: cgroup.clone(),
                root: None,
            },
        );
        Pen { number, cgroup }
    }

    /// A pen without a cgroup, as on a machine without cgroup v2: the program's process group,
    /// and this process as the subreaper of its orphans.
    pub fn without_cgroup() -> Pen {
        let mut pen = Pen::new();
        if let Some(dir) = pen.cgroup.take() {
            let _ = std::fs::remove_dir(dir);
        }
        if let Some(held) = live().get_mut(&pen.number) {
            held.cgroup = None;
        }
        become_subreaper();
        pen
    }

    /// Whether the pen is a cgroup (else the process group and the subreaper hold it).
    pub fn is_cgroup(&self) -> bool {
        self.cgroup.is_some()
    }

    /// Starts `command` in the pen: the child leads a process group of its own and, where the
    /// pen is a cgroup, moves itself into it between fork and exec. The registry stays locked
    /// from the fork until the pen holds the child, so that no sweep for orphans takes the new
    /// child for one.
    pub fn spawn(&self, command: &mut Command) -> std::io::Result<Child> {
        command.process_group(0);
        if let Some(dir) = &self.cgroup {
            let procs = CString::new(dir.join("cgroup.procs").as_os_str().as_bytes())
                .map_err(std::io::Error::other)?;
            // SAFETY: the closure runs in the child between fork and exec, where only
            // async-signal-safe calls are allowed: open(2), write(2) and close(2) are, on a
            // path made before the fork.
            unsafe { command.pre_exec(move || enter(&procs)) };
        }
        // No program starts once a signal ends the arena: wait for its end instead.
        let mut registry = loop {
            let registry = live();
            if !CLOSING.load(Ordering::Relaxed) {
                break registry;
            }
            drop(registry);
            wait_if_ending();
        };
        let child = command.spawn()?;
        if let Some(held) = registry.get_mut(&self.number) {
            held.root = Some(child.id() as libc::pid_t);
        }
        Ok(child)
    }

    /// Ends every process in the pen and waits (at most a second) until they are gone; the
    /// program itself is left for its owner to reap.
    pub fn end(&mut self) {
        let held = live().remove(&self.number);
        if let Some(held) = held {
            end_all([held]);
        }
    }
}

impl Default for Pen {
    fn default() -> Self {
        Pen::new()
    }
}

impl Drop for Pen {
    fn drop(&mut self) {
        self.end();
    }
}

/// Ends the pens `held`: kills all their processes at once, then waits until they are gone.
fn end_all(held: impl IntoIterator<Item = Held>) {
    let held: Vec<Held> = held.into_iter().collect();
    for pen in &held {
        match (&pen.cgroup, pen.root) {
            (Some(dir), _) => {
                let _ = std::fs::write(dir.join("cgroup.kill"), "1");
            }
            (None, Some(root)) => {
                // SAFETY: kill(2) on the process group the pen's program leads; no memory
                // effects.
                unsafe { libc::kill(-root, libc::SIGKILL) };
            }
            (None, None) => {}
        }
    }
    let since = Instant::now();
    for pen in &held {
        if let Some(dir) = &pen.cgroup {
            while populated(dir) && since.elapsed() < GONE_WITHIN {
                thread::sleep(Duration::from_millis(2));
            }
            let _ = std::fs::remove_dir(dir);
        }
    }
    if held.iter().any(|pen| pen.cgroup.is_none()) {
        reap_orphans(since);
    }
}

/// Moves the calling process into the cgroup whose `cgroup.procs` is `procs` (in a child
/// between fork and exec: async-signal-safe calls only).
fn enter(procs: &CString) -> std::io::Result<()> {
    // SAFETY: open(2), write(2) and close(2) on a path that lives as long as the call, and a
    // one-byte buffer of static data.
    let written = unsafe {
        let fd = libc::open(procs.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
        if fd < 0 {
            return Err(std::io::Error::last_os_error());
        }
        let written = libc::write(fd, b"0".as_ptr().cast(), 1);
        libc::close(fd);
        written
    };
    match written {
        1 => Ok(()),
        _ => Err(std::io::Error::last_os_error()),
    }
}

/// Whether a cgroup still holds a process (its `cgroup.events` says `populated 1`).
fn populated(dir: &Path) -> bool {
    std::fs::read_to_string(dir.join("cgroup.events"))
        .map(|events| events.lines().any(|line| line == "populated 1"))
        .unwrap_or(false)
}

/// Where this process may make cgroups of its own: its cgroup in the cgroup v2 hierarchy, when
/// a test directory can be made there (and removed); found once.
fn cgroup_base() -> Option<PathBuf> {
    static BASE: OnceLock<Option<PathBuf>> = OnceLock::new();
    BASE.get_or_init(|| {
        let mounts = std::fs::read_to_string("/proc/self/mounts").ok()?;
        let mount = mounts.lines().find_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            (fields.get(2) == Some(&"cgroup2")).then(|| PathBuf::from(fields[1]))
        })?;
        let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
        let path = own.lines().find_map(|line| line.strip_prefix("0::"))?;
        let base = mount.join(path.trim_start_matches('/'));
        let probe = base.join(format!("floodgate-arena-{}-probe", std::process::id()));
        std::fs::create_dir(&probe).ok()?;
        std::fs::remove_dir(&probe).ok()?;
        end_pens_of_gone_arenas(&base);
        Some(base)
    })
    .clone()
}

/// Ends the pens that arenas no longer running left in `base` (an arena killed with SIGKILL
/// cannot end its own): whatever they still hold, and the cgroups.
fn end_pens_of_gone_arenas(base: &Path) {
    let Ok(entries) = std::fs::read_dir(base) else {
        return;
    };
    let left: Vec<Held> = entries
        .flatten()
        .filter(|entry| {
            let name = entry.file_name();
            let arena = name
                .to_str()
                .and_then(|n| n.strip_prefix("floodgate-arena-"));
            let pid = arena.and_then(|rest| rest.split('-').next());
            pid.is_some_and(|pid| !Path::new("/proc").join(pid).exists())
        })
        .map(|entry| Held {
            cgroup: Some(entry.path()),
            root: None,
        })
        .collect();
    if !left.is_empty() {
        end_all(left);
    }
}

/// Makes this process the reaper of its descendants' orphans (once).
fn become_subreaper() {
    static DONE: OnceLock<()> = OnceLock::new();
    DONE.get_or_init(|| {
        // SAFETY: prctl(2) with PR_SET_CHILD_SUBREAPER takes an integer argument and changes
        // only this process's attribute.
        unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1) };
    });
}

/// Kills and reaps every child of this process that no live pen started (an orphan some
/// player left, adopted by the subreaper), until none is left or a second has passed since
/// `since`.
fn reap_orphans(since: Instant) {
    let me = std::process::id().to_string();
    loop {
        let registry = live();
        let roots: Vec<libc::pid_t> = registry.values().filter_map(|held| held.root).collect();
        let orphans: Vec<libc::pid_t> = children_of(&me)
            .into_iter()
            .filter(|pid| !roots.contains(pid))
            .collect();
        if orphans.is_empty() || since.elapsed() > GONE_WITHIN {
            return;
        }
        for pid in orphans {
            // SAFETY: kill(2) and waitpid(2) on a child of this process that no live pen
            // started and no `Child` of ours waits for; the status pointer is null.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, std::ptr::null_mut(), libc::WNOHANG);
            }
        }
        drop(registry);
        thread::sleep(Duration::from_millis(2));
    }
}

/// The processes whose parent is `parent`, from `/proc`.
fn children_of(parent: &str) -> Vec<libc::pid_t> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<libc::pid_t>().ok())
        .filter(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
            after_name.split_whitespace().nth(1) == Some(parent)
        })
        .collect()
}

/// Where a signal has the arena end its players, waits for the arena's exit (the signal's
/// thread ends the process, with the signal's status); else returns at once. The command line
/// calls it before it exits, so that a run a signal cut short never exits as if it had ended.
pub fn wait_if_ending() {
    while CLOSING.load(Ordering::Relaxed) {
        thread::park();
    }
}

/// Makes SIGINT and SIGTERM end every live pen, then the arena (exit status 128 + the
/// signal). Call it first thing in `main`, before any thread starts: the signals are blocked
/// in every thread and taken by one thread of their own (a program the arena starts gets a
/// clear signal mask, as every child of the standard library does).
pub fn end_players_on_signal() {
    // SAFETY: sigset_t is plain data, zeroed and then filled by sigemptyset/sigaddset; the mask
    // changes this thread's only, and the threads started after it inherit it.
    let signals = unsafe {
        let mut signals: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut signals);
        libc::sigaddset(&mut signals, libc::SIGINT);
        libc::sigaddset(&mut signals, libc::SIGTERM);
        libc::pthread_sigmask(libc::SIG_BLOCK, &signals, std::ptr::null_mut());
        signals
    };
    thread::spawn(move || {
        let mut signal = 0;
        // SAFETY: sigwait(3) on a filled signal set and a live integer.
        unsafe { libc::sigwait(&signals, &mut signal) };
        let held: Vec<Held> = {
            let mut registry = live();
            CLOSING.store(true, Ordering::Relaxed);
            std::mem::take(&mut *registry).into_values().collect()
        };
        end_all(held);
        std::process::exit(128 + signal);
    });
}
