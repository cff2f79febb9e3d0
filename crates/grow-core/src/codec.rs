//! The judge's formats: the 3600-character grid (9 characters a point, `p d1 .. d8`, row by
//! row) seen from one side, and answer lines.

use std::fmt;
use std::str::FromStr;

use crate::points::{Direction, POINTS, Point, SIDE};
use crate::state::{Move, Planes, Side, State};

/// Characters per point.
const POINT_CHARS: usize = 9;
/// Characters of a grid.
pub const GRID_CHARS: usize = POINTS * POINT_CHARS;

/// Why a grid or an answer could not be read. Its `Display` is the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// A grid of this many characters, not [`GRID_CHARS`].
    GridLength(usize),
    /// A point's state character is not `0` to `6`.
    PointState(Point, u8),
    /// A point's direction flag character is not `0` or `1`.
    DirectionFlag(Point, u8),
    /// A field of an answer is not a number.
    NotANumber {
        /// The field.
        field: String,
        /// The answer, without its newlines.
        answer: String,
    },
    /// An answer names a point off the grid.
    OffTheGrid(String),
    /// An answer's point `to` is not next to its point `from`.
    NotNext {
        /// The answer, without its newlines.
        answer: String,
        /// The seed or the leaf.
        from: Point,
        /// Where its trunk or branch ends.
        to: Point,
    },
    /// A first move's seed is not on column 0.
    SeedOffColumn(String),
    /// A split's two branches go to the same point.
    SameBranch(String),
    /// An answer has this many numbers, not 4 or 6.
    NumberCount(String, usize),
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::GridLength(n) => write!(f, "the grid has {n} characters, not {GRID_CHARS}"),
            Self::PointState(p, state) => {
                let (i, j, state) = (p.i(), p.j(), char::from(*state));
                write!(f, "point ({i}, {j}) has state {state:?}, not 0 to 6")
            }
            Self::DirectionFlag(p, flag) => {
                let (i, j, flag) = (p.i(), p.j(), char::from(*flag));
                write!(
                    f,
                    "point ({i}, {j}) has direction flag {flag:?}, not 0 or 1"
                )
            }
            Self::NotANumber { field, answer } => {
                write!(f, "{field:?} in {answer:?} is not a number")
            }
            Self::OffTheGrid(answer) => write!(f, "{answer:?} names a point off the grid"),
            Self::NotNext { answer, from, to } => write!(
                f,
                "{answer:?}: ({}, {}) is not next to ({}, {})",
                to.i(),
                to.j(),
                from.i(),
                from.j()
            ),
            Self::SeedOffColumn(answer) => write!(f, "{answer:?}: the seed must be on column 0"),
            Self::SameBranch(answer) => {
                write!(f, "{answer:?}: both branches go to the same point")
            }
            Self::NumberCount(answer, n) => write!(f, "{answer:?} has {n} numbers, not 4 or 6"),
        }
    }
}

impl std::error::Error for FormatError {}

/// Returns the characters of a grid without its optional final `\n` or `\r\n`, or an error
/// when they are not [`GRID_CHARS`] characters.
fn grid_body(input: &[u8]) -> Result<&[u8], FormatError> {
    let body = input
        .strip_suffix(b"\n")
        .map(|rest| rest.strip_suffix(b"\r").unwrap_or(rest))
        .unwrap_or(input);
    if body.len() != GRID_CHARS {
        return Err(FormatError::GridLength(body.len()));
    }
    Ok(body)
}

/// Reads a grid as the judge sends it to a bot (3600 characters, then an optional `\n` or
/// `\r\n`): the bot is side 0 and to move, under the deployed judge's rules. Every flag is
/// kept as read ([`State::flags`]); flags pointing off the grid are never branches. The
/// scores are estimated from the grid ([`State::estimated_scores`]).
pub fn parse_grid(input: &[u8]) -> Result<State, FormatError> {
    let body = grid_body(input)?;
    let mut planes = Planes::default();
    let Planes {
        leaves,
        frozen,
        nodes,
        flags,
    } = &mut planes;
    for (index, chars) in body.chunks_exact(POINT_CHARS).enumerate() {
        let point = Point(index as u16);
        let state = chars[0];
        match state {
            b'0' => {}
            b'1' | b'2' => {
                leaves[usize::from(state - b'1')] = leaves[usize::from(state - b'1')].with(point)
            }
            b'3' | b'4' => {
                nodes[usize::from(state - b'3')] = nodes[usize::from(state - b'3')].with(point)
            }
            b'5' | b'6' => {
                let side = usize::from(state - b'5');
                leaves[side] = leaves[side].with(point);
                frozen[side] = frozen[side].with(point);
            }
            other => {
                return Err(FormatError::PointState(point, other));
            }
        }
        for (d, &flag) in Direction::ALL.into_iter().zip(&chars[1..]) {
            match flag {
                b'0' => {}
                // Kept as read, off-board flags too: they are never branches (nothing can
                // grow off the grid), but they print back and count in the judge's
                // one-free-direction rule.
                b'1' => flags[d.slot()] = flags[d.slot()].with(point),
                other => {
                    return Err(FormatError::DirectionFlag(point, other));
                }
            }
        }
    }
    let state = State::from_parts(planes, [0, 0], 0);
    Ok(state.with_scores(state.estimated_scores()))
}

/// The grid as side `viewer` receives it (mirrored for side 1), every flag the judge sets
/// included ([`State::flags`]).
pub fn format_grid(state: &State, viewer: Side) -> String {
    let view = if viewer == 0 {
        *state
    } else {
        state.mirrored()
    };
    let mut text = String::with_capacity(GRID_CHARS);
    for index in 0..POINTS {
        let point = Point(index as u16);
        let code = [
            (view.active(0), '1'),
            (view.active(1), '2'),
            (view.nodes(0), '3'),
            (view.nodes(1), '4'),
            (view.frozen(0), '5'),
            (view.frozen(1), '6'),
        ]
        .into_iter()
        .find(|(points, _)| points.contains(point))
        .map_or('0', |(_, code)| code);
        text.push(code);
        for d in Direction::ALL {
            text.push(if view.flags(d).contains(point) {
                '1'
            } else {
                '0'
            });
        }
    }
    text
}

/// An answer of side 0 (`i1,0,i2,j2` or `i1,j1,i2,j2,i3,j3`), read exactly as the deployed
/// judge reads a bot's standard output: every trailing `\n` is stripped (so none is needed),
/// and what is left must be fields of ASCII digits separated by commas, leading zeros
/// allowed. Anything else is malformed: an empty field, a space, a `\r`, a sign. Four
/// numbers are a first move, six a split.
///
/// Only the move's shape is checked here, not the position (that is
/// [`State::is_legal`]): the points on the grid, a seed on column 0, 8-neighbours, two
/// different branches. The judge refuses the same answers but one, though not all by rule
/// (a point from row or column 20 on makes it fail with an index error): it accepts a split
/// whose two branches go to the same neighbour, which the statement and the rules (`docs/rules/grow.md`) forbid and
/// grow-core refuses.
impl FromStr for Move {
    type Err = FormatError;

    fn from_str(answer: &str) -> Result<Self, FormatError> {
        let body = answer.trim_end_matches('\n');
        let numbers: Vec<u64> = body
            .split(',')
            .map(|field| {
                if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(FormatError::NotANumber {
                        field: field.to_owned(),
                        answer: body.to_owned(),
                    });
                }
                // Any number of digits: only whether the value is below 20 matters.
                Ok(field.bytes().fold(0u64, |value, digit| {
                    value
                        .saturating_mul(10)
                        .saturating_add(u64::from(digit - b'0'))
                }))
            })
            .collect::<Result<_, _>>()?;
        if numbers.iter().any(|&n| n >= SIDE as u64) {
            return Err(FormatError::OffTheGrid(body.to_owned()));
        }
        let numbers: Vec<usize> = numbers.into_iter().map(|n| n as usize).collect();
        let point = |k: usize| Point::new(numbers[k], numbers[k + 1]);
        let direction = |from: Point, to: Point| {
            Direction::ALL
                .into_iter()
                .find(|&d| from.step(d) == Some(to))
                .ok_or_else(|| FormatError::NotNext {
                    answer: body.to_owned(),
                    from,
                    to,
                })
        };
        match numbers.len() {
            4 if numbers[1] == 0 => Ok(Self::First {
                row: numbers[0] as u8,
                trunk: direction(point(0), point(2))?,
            }),
            4 => Err(FormatError::SeedOffColumn(body.to_owned())),
            6 => {
                let leaf = point(0);
                let (a, b) = (direction(leaf, point(2))?, direction(leaf, point(4))?);
                if a == b {
                    return Err(FormatError::SameBranch(body.to_owned()));
                }
                Ok(Self::Split {
                    leaf,
                    a: a.min(b),
                    b: a.max(b),
                })
            }
            n => Err(FormatError::NumberCount(body.to_owned(), n)),
        }
    }
}
