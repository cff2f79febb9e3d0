//! One name per crate: the package, the library and every `use` say the same name.
//!
//! - no manifest renames a dependency (`package = "..."`), and no `[lib]` takes a name other
//!   than its package's (with `_` for `-`);
//! - no source renames a workspace crate (`use floodgate_x as y`, `extern crate ... as`);
//! - a bot's folder (`bots/NAME`) is named after the package it builds, and the bot depends on
//!   the bot kit and at most one core crate of this workspace, nothing else of it.

use std::fs;
use std::io;
use std::path::Path;

use crate::Violation;
use crate::files::members;
use crate::source::{production_files, relative};

/// A manifest's `key = value` lines with the `[section]` each stands in.
fn entries(manifest: &str) -> Vec<(String, String, String)> {
    let mut section = String::new();
    let mut found = Vec::new();
    for line in manifest.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if let Some(header) = line.strip_prefix('[') {
            section = header.trim_end_matches(']').trim().to_string();
        } else if let Some((key, value)) = line.split_once('=') {
            let value = value.trim().trim_matches('"').to_string();
            found.push((section.clone(), key.trim().to_string(), value));
        }
    }
    found
}

/// What is wrong with the names in one manifest; `bot_folder` is the folder's name for a bot.
pub fn manifest_problems(manifest: &str, bot_folder: Option<&str>) -> Vec<String> {
    let entries = entries(manifest);
    let value = |section: &str, key: &str| {
        let found = entries.iter().find(|(s, k, _)| s == section && k == key);
        found.map(|(_, _, v)| v.clone())
    };
    let mut problems = Vec::new();
    if manifest
        .lines()
        .any(|l| l.split('#').next().unwrap_or("").contains("package ="))
    {
        problems
            .push("a dependency renamed with `package =`: declare it by its package's name".into());
    }
    let package = value("package", "name").unwrap_or_default();
    if let Some(lib) = value("lib", "name").filter(|lib| *lib != package.replace('-', "_")) {
        problems.push(format!(
            "the library is named `{lib}`, not after its package `{package}`"
        ));
    }
    if let Some(folder) = bot_folder {
        if folder != package {
            problems.push(format!(
                "the folder bots/{folder} builds the package `{package}`"
            ));
        }
        problems.extend(bot_dependency_problems(&entries));
    }
    problems
}

/// A bot's workspace dependencies: the bot kit and at most one core crate.
fn bot_dependency_problems(entries: &[(String, String, String)]) -> Vec<String> {
    let ours = entries.iter().filter_map(|(section, key, _)| {
        let name = key.trim_end_matches(".workspace");
        let name = name.strip_prefix("dependencies.").unwrap_or(name);
        (section == "dependencies" && name.starts_with("floodgate-")).then_some(name)
    });
    let mut cores = 0;
    let mut problems = Vec::new();
    for name in ours {
        if name.ends_with("-core") {
            cores += 1;
        } else if name != "floodgate-botkit" {
            problems.push(format!(
                "a bot depends on `{name}`: take it from the core crate"
            ));
        }
    }
    if cores > 1 {
        problems.push(format!("a bot depends on {cores} core crates, not one"));
    }
    problems
}

/// A source line that renames a crate, if `line` is one.
pub fn renames_a_crate(line: &str) -> bool {
    let line = line.trim_start();
    let mut words = line.split_whitespace();
    let renamed_use = words.next() == Some("use")
        && words
            .next()
            .is_some_and(|w| w.starts_with("floodgate_") && !w.contains("::"))
        && words.next() == Some("as");
    renamed_use || line.starts_with("extern crate") && line.contains(" as ")
}

/// The name problems of the workspace at `root`.
pub fn check(root: &Path) -> io::Result<Vec<Violation>> {
    let mut found = Vec::new();
    let mut manifests = vec![root.join("Cargo.toml"), root.join("fuzz/Cargo.toml")];
    manifests.extend(members(root)?.into_iter().map(|m| m.join("Cargo.toml")));
    for manifest in manifests.iter().filter(|m| m.is_file()) {
        let folder = manifest
            .parent()
            .and_then(|p| p.file_name())
            .and_then(|f| f.to_str());
        let in_bots = manifest
            .parent()
            .and_then(Path::parent)
            .is_some_and(|p| p.ends_with("bots"));
        let bot_folder = folder.filter(|_| in_bots);
        for problem in manifest_problems(&fs::read_to_string(manifest)?, bot_folder) {
            found.push(Violation::Name {
                file: relative(root, manifest),
                problem,
            });
        }
    }
    for path in production_files(root)? {
        let text = fs::read_to_string(&path)?;
        if text.lines().any(renames_a_crate) {
            let problem = "renames a crate: call it by its own name".to_string();
            found.push(Violation::Name {
                file: relative(root, &path),
                problem,
            });
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOT: &str = "[package]\nname = \"grow-bot\"\n\n[dependencies]\nfloodgate-botkit.workspace = true\nfloodgate-grow-core.workspace = true\n\n[dev-dependencies]\nfloodgate-search.workspace = true\n";

    #[test]
    fn a_bot_named_after_its_folder_with_its_core_is_fine() {
        assert_eq!(
            manifest_problems(BOT, Some("grow-bot")),
            Vec::<String>::new()
        );
    }

    #[test]
    fn planted_name_problems_are_found() {
        assert_eq!(manifest_problems(BOT, Some("grow")).len(), 1);
        let reaching = BOT.replace(
            "[dev-dependencies]",
            "floodgate-search.workspace = true\n[x]",
        );
        assert_eq!(manifest_problems(&reaching, Some("grow-bot")).len(), 1);
        let renamed = "[package]\nname = \"floodgate-arena\"\n[dependencies]\nsearch = { package = \"floodgate-search\", path = \"../search\" }\n";
        assert_eq!(manifest_problems(renamed, None).len(), 1);
        let lib = "[package]\nname = \"floodgate-botkit\"\n[lib]\nname = \"botkit\"\n";
        assert_eq!(manifest_problems(lib, None).len(), 1);
        let same = "[package]\nname = \"floodgate-botkit\"\n[lib]\nname = \"floodgate_botkit\"\n";
        assert_eq!(manifest_problems(same, None), Vec::<String>::new());
    }

    #[test]
    fn renaming_uses_are_found() {
        assert!(renames_a_crate("use floodgate_search as search;"));
        assert!(renames_a_crate("extern crate floodgate_search as search;"));
        assert!(!renames_a_crate("use floodgate_search::Game as _;"));
        assert!(!renames_a_crate("use floodgate_search::{Game, Clock};"));
    }
}
