//! The module graph of each crate, and its cycles.
//!
//! A crate's modules are its files under `src/` (`a.rs` and `a/mod.rs` are the module `a`,
//! `a/b.rs` is `a::b`; `lib.rs` or `main.rs` is the root; `src/bin/` holds other crates). Module
//! A imports module B when A's production code (outside `#[cfg(test)]` items) names a path that
//! resolves into B: `crate::`, `super::` and `self::` paths anywhere, and `use` paths that start
//! at a child module. A re-export (`pub use`) is a door, not a room: it adds no import of its
//! own, and a path through it resolves to where the name is defined. The root, the crate's face,
//! is no room either. Cycles are the strongly connected components of more than one module.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io;
use std::path::Path;

use crate::Violation;
use crate::files::{members, rust_files};
use crate::source::{relative, without_tests};

/// A module's path inside its crate (empty for the root).
pub type ModulePath = Vec<String>;

/// One crate's modules with their production code, and what each re-exports.
#[derive(Debug, Default)]
pub struct Crate {
    /// Each module's stripped production code.
    code: BTreeMap<ModulePath, String>,
    /// Each module's re-exports: a name and the path it stands for.
    doors: BTreeMap<ModulePath, BTreeMap<String, Vec<String>>>,
}

impl Crate {
    /// The crate whose `src/` folder is `src`, or `None` without a `lib.rs` or `main.rs`.
    pub fn read(src: &Path) -> io::Result<Option<Crate>> {
        let root = ["lib.rs", "main.rs"]
            .into_iter()
            .find(|f| src.join(f).is_file());
        let Some(root) = root else { return Ok(None) };
        let mut sources = BTreeMap::new();
        for file in rust_files(src)? {
            let inside = relative(src, &file);
            let other_crate = inside.starts_with("bin/") || is_root(&inside) && inside != root;
            if other_crate {
                continue;
            }
            sources.insert(module_of(&inside), fs::read_to_string(&file)?);
        }
        Ok(Some(Crate::from_sources(sources)))
    }

    /// The crate made of these modules' source texts.
    pub fn from_sources(sources: BTreeMap<ModulePath, String>) -> Crate {
        let mut krate = Crate::default();
        for (module, text) in sources {
            krate.code.insert(module, without_tests(&text).join("\n"));
        }
        let modules: Vec<ModulePath> = krate.code.keys().cloned().collect();
        for module in modules {
            let mut doors = BTreeMap::new();
            for statement in use_statements(&krate.code[&module]).filter(|s| s.public) {
                for path in statement.paths {
                    if let Some(name) = path.last().filter(|n| n.as_str() != "*") {
                        doors.insert(name.clone(), path.clone());
                    }
                }
            }
            krate.doors.insert(module, doors);
        }
        krate
    }

    /// The modules each module imports (the root left out).
    pub fn imports(&self) -> BTreeMap<ModulePath, BTreeSet<ModulePath>> {
        let mut graph = BTreeMap::new();
        for (module, code) in &self.code {
            let mut rest = code.clone().into_bytes();
            let mut paths = Vec::new();
            for statement in use_statements(code) {
                rest[statement.span.clone()].fill(b' ');
                if !statement.public {
                    paths.extend(statement.paths);
                }
            }
            paths.extend(qualified_paths(&String::from_utf8_lossy(&rest)));
            let targets = paths
                .iter()
                .filter_map(|path| self.resolve(module, path, 0))
                .filter(|target| target != module && !target.is_empty())
                .collect();
            graph.insert(module.clone(), targets);
        }
        graph
    }

    /// The module that `path`, named in `here`, leads to; `None` outside the crate.
    fn resolve(&self, here: &ModulePath, path: &[String], depth: usize) -> Option<ModulePath> {
        let (mut at, rest) = self.start(here, path)?;
        let mut rest = rest.iter();
        for segment in rest.by_ref() {
            let mut inner = at.clone();
            inner.push(segment.clone());
            if !self.code.contains_key(&inner) {
                let door = self.doors.get(&at).and_then(|d| d.get(segment));
                return match door {
                    Some(through) if depth < 8 => {
                        self.resolve(&at, through, depth + 1).or(Some(at))
                    }
                    _ => Some(at),
                };
            }
            at = inner;
        }
        Some(at)
    }

    /// Where a path starts: its base module and the segments after the base.
    fn start<'p>(
        &self,
        here: &ModulePath,
        path: &'p [String],
    ) -> Option<(ModulePath, &'p [String])> {
        let first = path.first()?;
        match first.as_str() {
            "crate" => Some((Vec::new(), &path[1..])),
            "self" => Some((here.clone(), &path[1..])),
            "super" => {
                let mut base = here.clone();
                let mut rest = path;
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop()?;
                    rest = &rest[1..];
                }
                Some((base, rest))
            }
            _ => {
                let mut child = here.clone();
                child.push(first.clone());
                self.code
                    .contains_key(&child)
                    .then_some((here.clone(), path))
            }
        }
    }
}

/// Whether a file inside `src/` is a crate root's name.
fn is_root(inside: &str) -> bool {
    inside == "lib.rs" || inside == "main.rs"
}

/// The module a file inside `src/` holds.
fn module_of(inside: &str) -> ModulePath {
    if is_root(inside) {
        return Vec::new();
    }
    let trimmed = inside.trim_end_matches(".rs").trim_end_matches("/mod");
    trimmed.split('/').map(str::to_string).collect()
}

/// A `use` statement: whether it re-exports, and the paths it names.
struct UseStatement {
    public: bool,
    paths: Vec<Vec<String>>,
    /// Where the statement stands in the code, `use` to `;`.
    span: std::ops::Range<usize>,
}

/// The `use` statements of stripped code, in order: those that start a line, after nothing or
/// a visibility (`pub`, `pub(crate)`, ...), which makes them re-exports.
fn use_statements(code: &str) -> impl Iterator<Item = UseStatement> + '_ {
    let mut statements = Vec::new();
    let mut line_start = 0;
    for line in code.split_inclusive('\n') {
        let start = line_start;
        line_start += line.len();
        let Some(at) = line.find("use ") else {
            continue;
        };
        let before = line[..at].trim();
        let public = before == "pub" || before.starts_with("pub(") && before.ends_with(')');
        if !(before.is_empty() || public) {
            continue;
        }
        let text = &code[start + at + 4..];
        let Some(end) = text.find(';') else { break };
        let mut paths = Vec::new();
        use_tree(&tokens(&text[..end]), &mut 0, &mut Vec::new(), &mut paths);
        let span = start + at..start + at + 4 + end + 1;
        statements.push(UseStatement {
            public,
            paths,
            span,
        });
    }
    statements.into_iter()
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Identifiers and punctuation of a use tree.
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if is_ident_char(c) {
            let mut word = c.to_string();
            while let Some(&next) = chars.peek().filter(|n| is_ident_char(**n)) {
                word.push(next);
                chars.next();
            }
            out.push(word);
        } else if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            out.push("::".into());
        } else if "{},*".contains(c) {
            out.push(c.to_string());
        }
    }
    out
}

/// Reads one use tree at `tokens[*at]` under `prefix`, adding its full paths to `paths`.
fn use_tree(
    tokens: &[String],
    at: &mut usize,
    prefix: &mut Vec<String>,
    paths: &mut Vec<Vec<String>>,
) {
    let depth = prefix.len();
    while let Some(token) = tokens.get(*at) {
        match token.as_str() {
            "::" => *at += 1,
            "{" => {
                *at += 1;
                while tokens.get(*at).is_some_and(|t| t != "}") {
                    use_tree(tokens, at, prefix, paths);
                    if tokens.get(*at).is_some_and(|t| t == ",") {
                        *at += 1;
                    }
                }
                *at += 1;
                prefix.truncate(depth);
                return;
            }
            "," | "}" => break,
            "as" => *at += 2,
            name => {
                prefix.push(name.to_string());
                *at += 1;
            }
        }
    }
    if prefix.len() > depth {
        paths.push(prefix.clone());
    }
    prefix.truncate(depth);
}

/// The `crate::`, `super::` and `self::` paths named in code, each as its identifiers.
fn qualified_paths(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        for (at, _) in code.match_indices(start) {
            let before = code[..at].chars().last().unwrap_or(' ');
            if is_ident_char(before) || before == '$' || before == ':' {
                continue;
            }
            let text = &code[at..];
            let end = text
                .find(|c: char| !(is_ident_char(c) || c == ':'))
                .unwrap_or(text.len());
            let path: Vec<String> = text[..end]
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            paths.push(path);
        }
    }
    paths
}

/// The cycles of a graph: its strongly connected components of more than one node, each sorted.
pub fn cycles(graph: &BTreeMap<ModulePath, BTreeSet<ModulePath>>) -> Vec<Vec<ModulePath>> {
    let reach = |from: &ModulePath| -> BTreeSet<ModulePath> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(node) = stack.pop() {
            for next in graph.get(&node).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reachable: BTreeMap<&ModulePath, BTreeSet<ModulePath>> =
        graph.keys().map(|node| (node, reach(node))).collect();
    let mut placed = BTreeSet::new();
    let mut found = Vec::new();
    for (node, from_node) in &reachable {
        if placed.contains(*node) || !from_node.contains(*node) {
            continue;
        }
        let component: Vec<ModulePath> = from_node
            .iter()
            .filter(|other| reachable.get(other).is_some_and(|r| r.contains(*node)))
            .cloned()
            .collect();
        placed.extend(component.iter().cloned());
        if component.len() > 1 {
            found.push(component);
        }
    }
    found
}

/// The module cycles of every crate of the workspace at `root`.
pub fn check(root: &Path) -> io::Result<Vec<Violation>> {
    let mut found = Vec::new();
    for member in members(root)? {
        let Some(krate) = Crate::read(&member.join("src"))? else {
            continue;
        };
        for cycle in cycles(&krate.imports()) {
            let modules = cycle.iter().map(|m| m.join("::")).collect();
            found.push(Violation::ModuleCycle {
                krate: relative(root, &member),
                modules,
            });
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn krate(files: &[(&str, &str)]) -> Crate {
        let sources = files
            .iter()
            .map(|(file, text)| (module_of(file), text.to_string()));
        Crate::from_sources(sources.collect())
    }

    fn names(modules: &[&str]) -> Vec<ModulePath> {
        modules.iter().map(|m| module_of(m)).collect()
    }

    #[test]
    fn use_trees_are_read_whole() {
        let mut paths = Vec::new();
        let tokens = tokens("crate::a::{b::{C, d as e}, self, *}");
        use_tree(&tokens, &mut 0, &mut Vec::new(), &mut paths);
        let expected = [
            ["crate", "a", "b", "C"].as_slice(),
            &["crate", "a", "b", "d"],
            &["crate", "a", "self"],
            &["crate", "a", "*"],
        ];
        assert_eq!(
            paths,
            expected.map(|p| p.iter().map(|s| s.to_string()).collect::<Vec<_>>())
        );
    }

    #[test]
    fn paths_resolve_through_modules_children_and_re_exports() {
        let krate = krate(&[
            ("lib.rs", "pub mod a;\npub mod b;\npub use b::Thing;"),
            (
                "a/mod.rs",
                "mod inner;\nuse inner::X;\nfn f() { crate::Thing::new(); }",
            ),
            ("a/inner.rs", "use super::super::b::Other;\npub struct X;"),
            (
                "b.rs",
                "pub struct Thing;\npub use crate::a::inner::X as Y;",
            ),
        ]);
        let imports = krate.imports();
        assert_eq!(
            imports[&module_of("a/mod.rs")],
            names(&["a/inner.rs", "b.rs"]).into_iter().collect()
        );
        assert_eq!(
            imports[&module_of("a/inner.rs")],
            names(&["b.rs"]).into_iter().collect()
        );
        assert!(
            imports[&module_of("b.rs")].is_empty(),
            "a re-export is no import"
        );
        assert_eq!(cycles(&imports), Vec::<Vec<ModulePath>>::new());
    }

    #[test]
    fn a_planted_cycle_is_found_and_tests_do_not_count() {
        let test_only = "#[cfg(test)]\nmod tests {\n    use crate::c::Z;\n}";
        let krate = krate(&[
            ("lib.rs", "mod a; mod b; mod c;"),
            ("a.rs", "use crate::b::B;\npub struct A;"),
            ("b.rs", "pub struct B(crate::a::A);"),
            ("c.rs", "pub struct Z;"),
        ]);
        assert_eq!(cycles(&krate.imports()), [names(&["a.rs", "b.rs"])]);
        let krate = krate_with_test(test_only);
        assert_eq!(cycles(&krate.imports()), Vec::<Vec<ModulePath>>::new());
    }

    fn krate_with_test(test_only: &str) -> Crate {
        krate(&[
            ("lib.rs", ""),
            ("b.rs", test_only),
            ("c.rs", "use crate::b::B;"),
        ])
    }
}
