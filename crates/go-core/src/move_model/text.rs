//! The move model as text: a comment, then one weight a line (`group value gamma`), the
//! form of `data/move-model.txt`.

use std::fmt;

use super::{
    DISTANCE_LAST, DISTANCE_OWN, DISTANCES, LINE, LINES, MoveModel, NO_DISTANCE, SHAPES, TACTIC,
    TACTIC_NAMES,
};

impl MoveModel {
    /// The model as text: a comment, then one weight a line (`group value gamma`).
    pub fn to_text(&self, comment: &str) -> String {
        let mut text = String::new();
        for line in comment.lines() {
            text += &format!("# {line}\n");
        }
        for (group, start, count) in [
            ("last", DISTANCE_LAST, DISTANCES),
            ("own", DISTANCE_OWN, DISTANCES),
        ] {
            for i in 0..count {
                let name = if i == NO_DISTANCE {
                    "none".to_string()
                } else {
                    (i + 2).to_string()
                };
                text += &format!("{group} {name} {}\n", self.gammas[start + i]);
            }
        }
        for (i, name) in TACTIC_NAMES.iter().enumerate() {
            text += &format!("tactic {name} {}\n", self.gammas[TACTIC + i]);
        }
        for i in 0..LINES {
            text += &format!("line {} {}\n", i + 1, self.gammas[LINE + i]);
        }
        for (i, key) in self.shapes.iter().enumerate() {
            text += &format!("shape {} {}\n", shape_text(*key), self.gammas[SHAPES + i]);
        }
        text += &format!("shape rare {}\n", self.gammas[SHAPES + self.shapes.len()]);
        text
    }
}

/// A reduced shape key as its 8 points, row above first: `X` the mover's stone, `O` the
/// enemy's, `.` empty, `#` the edge.
pub(super) fn shape_text(key: u16) -> String {
    (0..8)
        .map(|i| b".XO#"[usize::from((key >> (2 * i)) & 3)] as char)
        .collect()
}

/// The key of a shape written by [`shape_text`].
pub(super) fn shape_key(text: &str) -> Option<u16> {
    if text.len() != 8 {
        return None;
    }
    text.bytes().enumerate().try_fold(0u16, |key, (i, c)| {
        let value = b".XO#".iter().position(|&v| v == c)?;
        Some(key | (value as u16) << (2 * i))
    })
}

/// Why a move model's text did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseModelError {
    /// The line (from 1) that is wrong, or 0 when a weight is missing.
    pub line: usize,
}

impl fmt::Display for ParseModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => write!(f, "a move model lacks a weight"),
            line => write!(f, "line {line} of a move model is not `group value gamma`"),
        }
    }
}

impl std::error::Error for ParseModelError {}

impl std::str::FromStr for MoveModel {
    type Err = ParseModelError;

    fn from_str(text: &str) -> Result<Self, ParseModelError> {
        let mut fixed = [f32::NAN; SHAPES];
        let mut shapes = Vec::new();
        let mut rare = f32::NAN;
        for (n, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let error = ParseModelError { line: n + 1 };
            let words: Vec<&str> = line.split_whitespace().collect();
            let [group, value, gamma] = words[..] else {
                return Err(error);
            };
            let gamma: f32 = gamma
                .parse()
                .ok()
                .filter(|g: &f32| *g > 0.0 && g.is_finite())
                .ok_or(error.clone())?;
            let distance = || match value {
                "none" => Some(NO_DISTANCE),
                v => v
                    .parse::<usize>()
                    .ok()
                    .filter(|d| (2..=10).contains(d))
                    .map(|d| d - 2),
            };
            let slot = match group {
                "last" => distance().map(|d| DISTANCE_LAST + d),
                "own" => distance().map(|d| DISTANCE_OWN + d),
                "tactic" => TACTIC_NAMES
                    .iter()
                    .position(|&t| t == value)
                    .map(|t| TACTIC + t),
                "line" => value
                    .parse::<usize>()
                    .ok()
                    .filter(|l| (1..=LINES).contains(l))
                    .map(|l| LINE + l - 1),
                "shape" if value == "rare" => {
                    rare = gamma;
                    continue;
                }
                "shape" => {
                    let key = shape_key(value).ok_or(error.clone())?;
                    shapes.push((key, gamma));
                    continue;
                }
                _ => None,
            };
            fixed[slot.ok_or(error)?] = gamma;
        }
        if fixed.iter().any(|g| g.is_nan()) || rare.is_nan() {
            return Err(ParseModelError { line: 0 });
        }
        Ok(Self::from_parts(&fixed, shapes, rare))
    }
}
