//! Players from other people, run in a sandbox (`--sandbox`): each program under bubblewrap
//! (`bwrap`, the sandbox of Flatpak), with no network, its own process and IPC namespaces (it
//! cannot see, signal or trace the arena or anything else), a fresh empty `/tmp` as its only
//! writable place, and read-only views of the system's programs and libraries (`/usr` and the
//! links to it) and of its own program's directory; nothing else of the machine. Where
//! bubblewrap is missing, `--sandbox` is an error: never a run without the sandbox.

use std::path::{Path, PathBuf};

use crate::error::Error;

/// The top-level directories a program may need to run: read-only, as on the host (a link
/// where the host has a link, such as `/lib -> usr/lib`).
const SYSTEM: [&str; 7] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
];

/// The size of the sandbox's `/tmp` (128 MiB), its only writable place: a `tmpfs`, so it
/// takes memory; a player that fills it finds its writes refused (`ENOSPC`), and one file in it
/// stops at [`crate::process::FILE_LIMIT`] first.
const TMP_BYTES: &str = "134217728";

/// `bwrap` on the `PATH`, if it is there.
fn bubblewrap() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join("bwrap"))
        .find(|candidate| candidate.is_file())
}

/// The command line that runs `command` (program and arguments) in the sandbox; an error when
/// bubblewrap is not installed.
pub fn wrap(command: &[String]) -> Result<Vec<String>, Error> {
    let bwrap = bubblewrap().ok_or_else(|| {
        Error::Setting(
            "--sandbox runs players under bubblewrap, and bwrap is not on the PATH: install it \
             (Debian: apt-get install bubblewrap) or play without --sandbox"
                .to_string(),
        )
    })?;
    let Some((program, args)) = command.split_first() else {
        return Err(Error::Player("an empty player".to_string()));
    };
    let mut line = vec![bwrap.display().to_string()];
    line.extend(
        [
            "--unshare-all",
            "--die-with-parent",
            "--new-session",
            "--cap-drop",
            "ALL",
            "--proc",
            "/proc",
            "--dev",
            "/dev",
            "--size",
            TMP_BYTES,
            "--tmpfs",
            "/tmp",
            "--chdir",
            "/tmp",
        ]
        .map(String::from),
    );
    for dir in SYSTEM {
        let path = Path::new(dir);
        if let Ok(target) = std::fs::read_link(path) {
            line.extend(["--symlink".into(), target.display().to_string(), dir.into()]);
        } else if path.is_dir() {
            line.extend(["--ro-bind".into(), dir.into(), dir.into()]);
        }
    }
    // A program named by a path runs from its own directory, seen read-only where it is.
    let program = if program.contains('/') {
        let absolute = std::fs::canonicalize(program)
            .map_err(|e| Error::Player(format!("cannot start {program}: {e}")))?;
        if let Some(dir) = absolute.parent().filter(|dir| !dir.starts_with("/usr")) {
            let dir = dir.display().to_string();
            line.extend(["--ro-bind".into(), dir.clone(), dir]);
        }
        absolute.display().to_string()
    } else {
        program.clone()
    };
    line.push("--".into());
    line.push(program);
    line.extend(args.iter().cloned());
    Ok(line)
}

/// Whether `--sandbox` can run here (bubblewrap is installed).
pub fn available() -> bool {
    bubblewrap().is_some()
}
