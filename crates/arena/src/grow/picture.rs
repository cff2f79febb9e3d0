//! Grow replays ([`Replay`]: the states of a record, as text and as pictures) and the grids
//! they draw: the 400 points, both trees and the branches.

use std::collections::BTreeSet;

use floodgate_grow_core::points::{Direction, Point, Points, SIDE};
use floodgate_grow_core::state::{Move, State};

use super::{Grow, GrowOpening, own_view};
use crate::error::Error;
use crate::html::{Dot, Line, Picture, SEAT_COLOURS};
use crate::record::GameRecord;
use crate::replay::{Replay, replay_moves, seat_glyph};

impl Replay for Grow {
    type State = State;
    const SEATS: [&'static str; 2] = ["player 1", "player 2"];

    /// From the recorded opening's grid (an old record's empty start: the empty grid).
    fn states(record: &GameRecord) -> Result<Vec<State>, Error> {
        let opening = record.start.parse::<GrowOpening>();
        let opening = opening.map_err(|e| Error::Record(format!("the recorded opening: {e}")))?;
        replay_moves(opening.position(), record, "valid move", |state, m| {
            let parsed = format!("{}\n", m.text).parse::<Move>().ok()?;
            let parsed = own_view(usize::from(m.seat), parsed);
            state.is_legal(parsed).then(|| state.play(parsed).0)
        })
    }

    fn scores(state: &State) -> [i64; 2] {
        state.scores().map(i64::from)
    }

    fn text(state: &State, colour: bool) -> String {
        use floodgate_grow_core::points::Point;
        let mut out = String::new();
        for i in 0..20 {
            for j in 0..20 {
                let point = Point::new(i, j);
                let (glyph, side) = if state.nodes(0).contains(point) {
                    ('O', Some(0))
                } else if state.nodes(1).contains(point) {
                    ('X', Some(1))
                } else if state.frozen(0).contains(point) {
                    ('f', Some(0))
                } else if state.frozen(1).contains(point) {
                    ('F', Some(1))
                } else if state.leaves(0).contains(point) {
                    ('o', Some(0))
                } else if state.leaves(1).contains(point) {
                    ('x', Some(1))
                } else {
                    ('.', None)
                };
                match side {
                    Some(seat) => out.push_str(&seat_glyph(seat, glyph, colour)),
                    None => out.push(glyph),
                }
            }
            out.push('\n');
        }
        out
    }

    const TEXT_LEGEND: &'static str = "player 1 (moves first, seed on the left): O nodes, o \
        leaves, f frozen leaves; player 2 (seed on the right): X, x, F; . free points";
    const PICTURE: fn(&Self::State) -> Picture = picture;
    const LEGEND: [&'static str; 2] = LEGEND;
}

/// What each side looks like on a [`picture()`] picture, side 0's then side 1's.
pub const LEGEND: [&str; 2] = [
    "blue, seed on the left: big dot leaf, F frozen leaf, small dot node",
    "red, seed on the right: big dot leaf, F frozen leaf, small dot node",
];

/// Each side's colour for leaves and branches, a paler one for frozen leaves, and a darker one
/// for nodes.
const LEAF: [&str; 2] = SEAT_COLOURS;
const FROZEN: [&str; 2] = ["#9dbbe0", "#eeaab3"];
const NODE: [&str; 2] = ["#1b3f6b", "#7d1f2c"];
const EMPTY: &str = "#c4c0b6";
const NEUTRAL_BRANCH: &str = "#8a8578";
const BACKGROUND: &str = "#fbf9f4";

/// The grid (as the referee keeps it: side 0's seed on the left) as 20 x 20 cells, a point in
/// the middle of each: an empty point a small grey dot, a side's leaves, frozen leaves
/// (labelled F) and nodes dots in its colours, and every branch a line between its two points:
/// in a side's colour when both ends are that side's, grey otherwise (a branch into the
/// opponent's node, or one whose end the opponent took).
pub fn picture(state: &State) -> Picture {
    let mut picture = Picture::plain(SIDE, SIDE, BACKGROUND);
    let owned = [0, 1].map(|side| state.leaves(side).or(state.nodes(side)));
    for (from, to) in branches(state) {
        let owner = (0..2).find(|&side| owned[side].contains(from) && owned[side].contains(to));
        picture.lines.push(Line {
            from: centre(from),
            to: centre(to),
            colour: owner.map_or(NEUTRAL_BRANCH, |side| LEAF[side]).to_string(),
            width: 0.14,
        });
    }
    for index in 0..SIDE * SIDE {
        let point = Point(index as u16);
        picture.dots.push(point_dot(state, point));
    }
    picture
}

/// Each branch once, as its two points in order.
fn branches(state: &State) -> BTreeSet<(Point, Point)> {
    let mut branches = BTreeSet::new();
    for d in Direction::ALL {
        for from in state.branches(d).iter() {
            // A border point may have a flag pointing off the grid (a judge quirk): no branch.
            if let Some(to) = from.step(d) {
                branches.insert((from.min(to), from.max(to)));
            }
        }
    }
    branches
}

fn centre(point: Point) -> (f64, f64) {
    (point.j() as f64 + 0.5, point.i() as f64 + 0.5)
}

fn point_dot(state: &State, point: Point) -> Dot {
    let is_in = |points: Points| points.contains(point);
    let side = (0..2).find(|&side| is_in(state.leaves(side)) || is_in(state.nodes(side)));
    let (radius, colour, label) = match side {
        None => (0.08, EMPTY, None),
        Some(side) if is_in(state.frozen(side)) => (0.34, FROZEN[side], Some("F")),
        Some(side) if is_in(state.leaves(side)) => (0.3, LEAF[side], None),
        Some(side) => (0.19, NODE[side], None),
    };
    Dot {
        at: centre(point),
        radius,
        colour: colour.to_string(),
        label: label.map(str::to_string),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use floodgate_grow_core::state::Move;

    #[test]
    fn every_point_is_a_dot_and_every_branch_one_line() {
        let picture = picture(&State::default());
        assert_eq!(picture.cells.len(), 400);
        assert_eq!(picture.dots.len(), 400);
        assert!(picture.dots.iter().all(|d| d.colour == EMPTY));
        assert!(picture.lines.is_empty());

        let first: Move = "3,0,2,1\n".parse().unwrap();
        let (state, _) = State::default().play(first);
        let picture = super::picture(&state);
        assert_eq!(picture.lines.len(), 1);
        let trunk = &picture.lines[0];
        assert_eq!((trunk.from, trunk.to), ((1.5, 2.5), (0.5, 3.5)));
        assert_eq!(trunk.colour, LEAF[0]);
        let dot = |i: usize, j: usize| &picture.dots[i * SIDE + j];
        assert_eq!(dot(3, 0).colour, NODE[0]);
        assert_eq!(dot(2, 1).colour, LEAF[0]);
        assert_eq!(dot(2, 1).at, (1.5, 2.5));
        assert_eq!(dot(0, 0).colour, EMPTY);
    }
}
