//! The house keeps its shape by itself: the workspace's limits, checked over its files.
//!
//! - [`functions`]: no production function over [`MAX_FUNCTION_LINES`] lines, counted from its
//!   `fn` line to its closing brace, comments and blank lines included (tests, examples, benches
//!   and fuzz targets are exempt);
//! - [`files`]: no source file of a crate or bot over [`MAX_FILE_LINES`] lines, and
//!   `docs/results.md` at most [`MAX_RESULTS_LINES`];
//! - [`modules`]: no cycle among the modules of any crate;
//! - [`names`]: one name per crate: no manifest renames a crate, a library carries its package's
//!   name, a bot's folder is named after its package, and a bot depends on its core and the bot
//!   kit only.
//!
//! [`check`] runs them all over a workspace; the crate's test `tests/workspace.rs` runs it on
//! this one, so `cargo test --workspace` (and CI) fails on the first violation.
#![deny(missing_docs)]

pub mod files;
pub mod functions;
pub mod modules;
pub mod names;
pub mod source;

use std::fmt;
use std::path::Path;

/// The longest a production function may be, in lines.
pub const MAX_FUNCTION_LINES: usize = 60;
/// The longest a source file of a crate or bot may be, in lines.
pub const MAX_FILE_LINES: usize = 800;
/// The longest `docs/results.md` may be, in lines (older results go to a dated page).
pub const MAX_RESULTS_LINES: usize = 400;

/// One way the workspace breaks a limit, with the place it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// A production function longer than [`MAX_FUNCTION_LINES`].
    LongFunction {
        /// The file, relative to the workspace.
        file: String,
        /// The function's name.
        name: String,
        /// The line its `fn` stands on (1-based).
        line: usize,
        /// Its length in lines.
        lines: usize,
    },
    /// A file longer than its limit.
    LongFile {
        /// The file, relative to the workspace.
        file: String,
        /// Its length in lines.
        lines: usize,
        /// The limit it breaks.
        limit: usize,
    },
    /// Modules of one crate that import each other in a loop.
    ModuleCycle {
        /// The crate's folder, relative to the workspace.
        krate: String,
        /// The modules of the loop, as paths inside the crate.
        modules: Vec<String>,
    },
    /// A crate called by two names, or a bot that reaches past its core.
    Name {
        /// The manifest or source file, relative to the workspace.
        file: String,
        /// What is wrong, in words.
        problem: String,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::LongFunction {
                file,
                name,
                line,
                lines,
            } => write!(
                f,
                "{file}:{line}: function `{name}` has {lines} lines (at most {MAX_FUNCTION_LINES})"
            ),
            Violation::LongFile { file, lines, limit } => {
                write!(f, "{file}: {lines} lines (at most {limit})")
            }
            Violation::ModuleCycle { krate, modules } => {
                write!(f, "{krate}: modules in a cycle: {}", modules.join(" -> "))
            }
            Violation::Name { file, problem } => write!(f, "{file}: {problem}"),
        }
    }
}

/// Every violation of the workspace rooted at `root`, in a stable order.
pub fn check(root: &Path) -> std::io::Result<Vec<Violation>> {
    let mut found = functions::check(root)?;
    found.extend(files::check(root)?);
    found.extend(modules::check(root)?);
    found.extend(names::check(root)?);
    Ok(found)
}
