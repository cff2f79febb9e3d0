//! Reading the workspace's Rust sources: which files are production code, and their lines with
//! string literals and line comments blanked out, so that braces can be counted.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Folders whose code is not production code, wherever they stand (and `target`, `.git`).
pub const NOT_PRODUCTION: [&str; 6] = ["target", "tests", "examples", "benches", "fuzz", ".git"];

/// Every `.rs` file under `root` outside the folders of [`NOT_PRODUCTION`], sorted.
pub fn production_files(root: &Path) -> io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    walk(root, &mut found)?;
    found.sort();
    Ok(found)
}

fn walk(dir: &Path, found: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if !NOT_PRODUCTION.contains(&name) {
                walk(&path, found)?;
            }
        } else if name.ends_with(".rs") {
            found.push(path);
        }
    }
    Ok(())
}

/// `path` relative to `root`, with `/` between folders.
pub fn relative(root: &Path, path: &Path) -> String {
    let inside = path.strip_prefix(root).unwrap_or(path);
    inside.to_string_lossy().replace('\\', "/")
}

/// A line with each string literal replaced by `""`, each char literal by `''`, and what follows
/// `//` dropped (a crude reading: a multi-line string is not recognised as one).
pub fn strip(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    let mut i = 0;
    while i < chars.len() {
        if let Some(end) = literal_end(&chars, i) {
            out.push(chars[i]);
            out.push(chars[i]);
            i = end + 1;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    match out.find("//") {
        Some(at) => out[..at].to_string(),
        None => out,
    }
}

/// Where a string or char literal that opens at `start` closes, if one does.
fn literal_end(chars: &[char], start: usize) -> Option<usize> {
    match chars[start] {
        '"' => {
            let mut i = start + 1;
            while i < chars.len() {
                match chars[i] {
                    '\\' => i += 2,
                    '"' => return Some(i),
                    _ => i += 1,
                }
            }
            None
        }
        '\'' => match chars.get(start + 1)? {
            '\\' => (chars.get(start + 3) == Some(&'\'')).then_some(start + 3),
            '\'' => None,
            _ => (chars.get(start + 2) == Some(&'\'')).then_some(start + 2),
        },
        _ => None,
    }
}

/// The braces a stripped line opens less those it closes.
pub fn brace_balance(stripped: &str) -> i64 {
    let opened = stripped.matches('{').count() as i64;
    opened - stripped.matches('}').count() as i64
}

/// The index of the last line of the item that starts at `first` (an item ends where its braces
/// close, or at a `;` before any brace), or the last line of the file.
pub fn item_end(stripped: &[String], first: usize) -> usize {
    let mut depth = 0;
    let mut started = false;
    for (j, line) in stripped.iter().enumerate().skip(first) {
        depth += brace_balance(line);
        started |= line.contains('{');
        if started && depth <= 0 {
            return j;
        }
        if !started && line.trim_end().ends_with(';') {
            return j;
        }
    }
    stripped.len().saturating_sub(1)
}

/// The stripped lines of `text` with each `#[cfg(test)]` item blanked out (its lines kept, empty).
pub fn without_tests(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text.split('\n').map(strip).collect();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].contains("#[cfg(test)]") {
            let end = item_end(&lines, i + 1);
            for line in &mut lines[i..=end] {
                line.clear();
            }
            i = end + 1;
        } else {
            i += 1;
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_chars_and_comments_are_blanked() {
        assert_eq!(
            strip(r#"let s = "{ // }"; // a comment {"#),
            r#"let s = ""; "#
        );
        assert_eq!(
            strip("let c = '{'; let d = '\\''; x"),
            "let c = ''; let d = ''; x"
        );
        assert_eq!(strip("fn f<'a>(x: &'a str) {"), "fn f<'a>(x: &'a str) {");
    }

    #[test]
    fn test_items_are_blanked_whole() {
        let text = "fn a() {}\n#[cfg(test)]\nmod tests {\n    fn b() {\n    }\n}\nfn c() {}";
        let lines = without_tests(text);
        assert_eq!(lines[0], "fn a() {}");
        assert!(lines[1..6].iter().all(String::is_empty));
        assert_eq!(lines[6], "fn c() {}");
        let declared = without_tests("#[cfg(test)]\nmod tests;\nfn c() {}");
        assert_eq!(declared, ["", "", "fn c() {}"]);
    }
}
