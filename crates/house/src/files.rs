//! File lengths: every Rust file under a workspace member's `src/` at most [`MAX_FILE_LINES`]
//! lines (tests inside it count), and `docs/results.md` at most [`MAX_RESULTS_LINES`].

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::source::relative;
use crate::{MAX_FILE_LINES, MAX_RESULTS_LINES, Violation};

/// The folders that hold workspace members: each member's sources are in its `src/`.
pub const MEMBER_FOLDERS: [&str; 2] = ["crates", "bots"];

/// The workspace's members: each folder under [`MEMBER_FOLDERS`], and `benches`, that has a
/// `Cargo.toml`; sorted.
pub fn members(root: &Path) -> io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    for folder in MEMBER_FOLDERS {
        let Ok(entries) = fs::read_dir(root.join(folder)) else {
            continue;
        };
        for entry in entries {
            let path = entry?.path();
            if path.join("Cargo.toml").is_file() {
                found.push(path);
            }
        }
    }
    if root.join("benches/Cargo.toml").is_file() {
        found.push(root.join("benches"));
    }
    found.sort();
    Ok(found)
}

/// Every `.rs` file under `dir`, at any depth, sorted.
pub fn rust_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries {
            let path = entry?.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// The number of lines of a text (a last line without a newline counts).
pub fn line_count(text: &str) -> usize {
    text.lines().count()
}

/// The files under `root` longer than their limits.
pub fn check(root: &Path) -> io::Result<Vec<Violation>> {
    let mut found = Vec::new();
    let mut limited: Vec<(PathBuf, usize)> = Vec::new();
    for member in members(root)? {
        for file in rust_files(&member.join("src"))? {
            limited.push((file, MAX_FILE_LINES));
        }
    }
    let results = root.join("docs/results.md");
    if results.is_file() {
        limited.push((results, MAX_RESULTS_LINES));
    }
    for (path, limit) in limited {
        let lines = line_count(&fs::read_to_string(&path)?);
        if lines > limit {
            found.push(Violation::LongFile {
                file: relative(root, &path),
                lines,
                limit,
            });
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn planted_long_files_are_found() {
        let dir = std::env::temp_dir().join(format!("house-files-{}", std::process::id()));
        let src = dir.join("crates/kit/src/deep");
        fs::create_dir_all(&src).unwrap();
        fs::create_dir_all(dir.join("docs")).unwrap();
        fs::write(
            dir.join("crates/kit/Cargo.toml"),
            "[package]\nname = \"kit\"\n",
        )
        .unwrap();
        fs::write(src.join("ok.rs"), "\n".repeat(MAX_FILE_LINES)).unwrap();
        fs::write(dir.join("docs/results.md"), "x\n".repeat(MAX_RESULTS_LINES)).unwrap();
        assert_eq!(check(&dir).unwrap(), []);
        fs::write(src.join("long.rs"), "\n".repeat(MAX_FILE_LINES + 1)).unwrap();
        fs::write(
            dir.join("docs/results.md"),
            "x\n".repeat(MAX_RESULTS_LINES + 1),
        )
        .unwrap();
        let found = check(&dir).unwrap();
        fs::remove_dir_all(&dir).unwrap();
        let long_file = |file: &str, lines, limit| Violation::LongFile {
            file: file.into(),
            lines,
            limit,
        };
        assert_eq!(
            found,
            [
                long_file(
                    "crates/kit/src/deep/long.rs",
                    MAX_FILE_LINES + 1,
                    MAX_FILE_LINES
                ),
                long_file("docs/results.md", MAX_RESULTS_LINES + 1, MAX_RESULTS_LINES),
            ]
        );
    }
}
