//! Production functions and their lengths: from the line of `fn` to the line of its closing
//! brace, comments and blank lines included (the count of the project's `fnlen.py`, stricter than
//! clippy's `too_many_lines`). A function nested in another is counted in both.

use std::fs;
use std::io;
use std::path::Path;

use crate::source::{item_end, production_files, relative, without_tests};
use crate::{MAX_FUNCTION_LINES, Violation};

/// A function found in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Function {
    /// Its name.
    pub name: String,
    /// The line its `fn` stands on (1-based).
    pub line: usize,
    /// Its length in lines.
    pub lines: usize,
}

/// Every function with a body in `text`, outside `#[cfg(test)]` items.
pub fn functions(text: &str) -> Vec<Function> {
    let lines = without_tests(text);
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(name) = fn_name(line) else { continue };
        let end = item_end(&lines, i);
        if lines[i..=end].iter().any(|l| l.contains('{')) {
            let lines = end - i + 1;
            found.push(Function {
                name: name.to_string(),
                line: i + 1,
                lines,
            });
        }
    }
    found
}

/// The name of the function a stripped line declares: optional `pub` or `pub(...)`, then
/// optionally `const`, `async`, `unsafe` and `extern "..."` in that order, then `fn NAME`.
pub fn fn_name(line: &str) -> Option<&str> {
    let mut rest = line.trim_start();
    if let Some(after) = rest.strip_prefix("pub") {
        let after = match after.strip_prefix('(') {
            Some(inner) => &inner[inner.find(')')? + 1..],
            None => after,
        };
        rest = word_gap(after)?;
    }
    for keyword in ["const", "async", "unsafe"] {
        if let Some(after) = rest.strip_prefix(keyword).and_then(word_gap) {
            rest = after;
        }
    }
    if let Some(after) = rest.strip_prefix("extern") {
        let quoted = word_gap(after)?.strip_prefix('"')?;
        rest = word_gap(&quoted[quoted.find('"')? + 1..])?;
    }
    let name = word_gap(rest.strip_prefix("fn")?)?;
    let end = name
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(name.len());
    let starts_well = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
    starts_well.then_some(&name[..end])
}

/// `text` after at least one whitespace character; `None` if none starts it.
fn word_gap(text: &str) -> Option<&str> {
    let rest = text.trim_start();
    (rest.len() < text.len()).then_some(rest)
}

/// The production functions under `root` longer than [`MAX_FUNCTION_LINES`].
pub fn check(root: &Path) -> io::Result<Vec<Violation>> {
    let mut found = Vec::new();
    for path in production_files(root)? {
        let text = fs::read_to_string(&path)?;
        for function in functions(&text) {
            if function.lines > MAX_FUNCTION_LINES {
                found.push(Violation::LongFunction {
                    file: relative(root, &path),
                    name: function.name,
                    line: function.line,
                    lines: function.lines,
                });
            }
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_read_with_their_qualifiers() {
        assert_eq!(
            fn_name("    pub(crate) const unsafe fn go_on(x: u8) {"),
            Some("go_on")
        );
        assert_eq!(
            fn_name("pub extern \"C\" fn callback() {"),
            Some("callback")
        );
        assert_eq!(fn_name("async fn wait()"), Some("wait"));
        assert_eq!(fn_name("let fn_name = 3;"), None);
        assert_eq!(fn_name("pubfn x() {"), None);
        assert_eq!(fn_name("fn 3x() {"), None);
    }

    #[test]
    fn lengths_count_comments_and_blank_lines() {
        let text = "fn short() {}\n\nfn long(\n    x: u8,\n) {\n    // a comment\n\n    let s = \"}\";\n}\nfn declared();";
        let found = functions(text);
        assert_eq!(
            found,
            [
                Function {
                    name: "short".into(),
                    line: 1,
                    lines: 1
                },
                Function {
                    name: "long".into(),
                    line: 3,
                    lines: 7
                },
            ]
        );
    }

    #[test]
    fn a_planted_long_function_is_found() {
        let dir = std::env::temp_dir().join(format!("house-functions-{}", std::process::id()));
        fs::create_dir_all(dir.join("src")).unwrap();
        let body = "    let x = 1;\n".repeat(MAX_FUNCTION_LINES - 2);
        fs::write(
            dir.join("src/lib.rs"),
            format!("pub fn at_limit() {{\n{body}}}\n"),
        )
        .unwrap();
        assert_eq!(check(&dir).unwrap(), []);
        let over = format!(
            "pub fn over() {{\n{body}\n}}\n#[cfg(test)]\nmod tests {{\nfn t() {{\n{body}\n}}\n}}\n"
        );
        fs::write(dir.join("src/lib.rs"), over).unwrap();
        let tests_folder = dir.join("tests");
        fs::create_dir_all(&tests_folder).unwrap();
        fs::write(
            tests_folder.join("long.rs"),
            format!("fn t() {{\n{body}\n}}\n"),
        )
        .unwrap();
        let found = check(&dir).unwrap();
        fs::remove_dir_all(&dir).unwrap();
        let expected = Violation::LongFunction {
            file: "src/lib.rs".into(),
            name: "over".into(),
            line: 1,
            lines: MAX_FUNCTION_LINES + 1,
        };
        assert_eq!(found, [expected]);
    }
}
