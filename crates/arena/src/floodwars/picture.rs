//! Flood Wars replays ([`Replay`]: the states of a record, as text and as pictures) and the
//! boards they draw: the five colours, each player's area outlined.

use floodgate_bitgrid::{Cell, Plane};
use floodgate_floodwars_core::{Colour, Position, Side};

use super::{FloodWars, StartBoard, rows};
use crate::error::Error;
use crate::html::{Line, Picture};
use crate::record::GameRecord;
use crate::replay::{Replay, replay_moves};

impl Replay for FloodWars {
    type State = Position;
    const SEATS: [&'static str; 2] = ["J", "S"];

    fn states(record: &GameRecord) -> Result<Vec<Position>, Error> {
        let start = record.start.parse::<StartBoard>();
        let start = start
            .map_err(|e| Error::Record(format!("the recorded board: {e}")))?
            .0;
        replay_moves(start, record, "legal colour", |position, m| {
            let colour = m.text.bytes().next().and_then(Colour::from_byte)?;
            position.is_legal(colour).then(|| position.play(colour))
        })
    }

    fn scores(position: &Position) -> [i64; 2] {
        let score = position.score();
        [score.j as i64, score.s as i64]
    }

    fn text(position: &Position, colour: bool) -> String {
        let (j, s) = (position.area(Side::J), position.area(Side::S));
        let mut out = String::new();
        for (y, line) in rows(position).lines().enumerate() {
            for (x, c) in line.chars().enumerate() {
                let cell = Cell { x, y };
                let shown = if j.contains(cell) {
                    'J'
                } else if s.contains(cell) {
                    'S'
                } else {
                    c
                };
                if colour {
                    let code = match c {
                        '@' => 41,
                        '#' => 42,
                        '+' => 43,
                        '.' => 44,
                        _ => 45,
                    };
                    out.push_str(&format!("\x1b[{code};97m{shown}\x1b[0m"));
                } else {
                    out.push(shown);
                }
            }
            out.push('\n');
        }
        out
    }

    const TEXT_LEGEND: &'static str = "J, S: the cells of J's area (from the bottom-left corner, \
        moves first) and of S's (from the top-right); @ # + . *: the colours of the other cells";
    const PICTURE: fn(&Self::State) -> Picture = picture;
    const LEGEND: [&'static str; 2] = LEGEND;
}

/// What marks each player's area on a [`picture()`] picture, J's then S's.
pub const LEGEND: [&str; 2] = [
    "J: white outline, from the bottom-left corner",
    "S: black outline, from the top-right corner",
];

/// The fill of each colour, in [`floodgate_floodwars_core::Colour::index`] order: `@ # + . *`.
const FILLS: [&str; 5] = ["#e15759", "#4e79a7", "#59a14f", "#edc948", "#b07aa1"];

/// The outline colour of J's and S's area.
const OUTLINES: [&str; 2] = ["#ffffff", "#111111"];

/// The board: each cell in its colour, each player's area outlined (J's white, S's black) and
/// its corner cell labelled with its letter.
pub fn picture(position: &Position) -> Picture {
    let (width, height) = (position.width(), position.height());
    let mut picture = Picture::plain(width, height, FILLS[0]);
    for y in 0..height {
        for x in 0..width {
            let colour = position.colour_at(Cell::new(x, y));
            picture.cell_mut(x, y).fill = FILLS[colour.index()].to_string();
        }
    }
    // Thicker on bigger boards, where cells are drawn smaller.
    let thickness = 0.12 + 0.004 * width.max(height) as f64;
    for side in [Side::J, Side::S] {
        let area = position.area(side);
        let colour = OUTLINES[side.index()];
        picture.lines.extend(outline(area, colour, thickness));
    }
    let corners = [(0, height - 1), (width - 1, 0)];
    for (side, (x, y)) in [Side::J, Side::S].into_iter().zip(corners) {
        picture.cell_mut(x, y).label = Some(side.letter().to_string());
    }
    picture
}

/// The edges between the cells of `area` and the cells (or the border) outside it.
fn outline(area: &Plane, colour: &str, thickness: f64) -> Vec<Line> {
    let (width, height) = (area.width(), area.height());
    let outside = |x: usize, y: usize, dx: isize, dy: isize| {
        let (nx, ny) = (x.checked_add_signed(dx), y.checked_add_signed(dy));
        match (nx, ny) {
            (Some(nx), Some(ny)) if nx < width && ny < height => !area.contains(Cell::new(nx, ny)),
            _ => true,
        }
    };
    let mut lines = Vec::new();
    for cell in area.iter() {
        let (x, y) = (cell.x, cell.y);
        let (left, top, right, bottom) = (x as f64, y as f64, x as f64 + 1.0, y as f64 + 1.0);
        let sides = [
            ((0, -1), (left, top), (right, top)),
            ((0, 1), (left, bottom), (right, bottom)),
            ((-1, 0), (left, top), (left, bottom)),
            ((1, 0), (right, top), (right, bottom)),
        ];
        for ((dx, dy), from, to) in sides {
            if outside(x, y, dx, dy) {
                lines.push(Line {
                    from,
                    to,
                    colour: colour.to_string(),
                    width: thickness,
                });
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use floodgate_floodwars_core::Colour;

    #[test]
    fn cells_take_their_colours_and_areas_are_outlined() {
        let position: Position = "J\n#.\n@#\n".parse().unwrap();
        let picture = picture(&position);
        assert_eq!(
            (picture.columns, picture.rows, picture.cells.len()),
            (2, 2, 4)
        );
        let fills: Vec<&str> = picture.cells.iter().map(|c| c.fill.as_str()).collect();
        assert_eq!(fills, [FILLS[1], FILLS[3], FILLS[0], FILLS[1]]);
        // Each area is one cell: four edges each.
        assert_eq!(picture.lines.len(), 8);
        assert_eq!(picture.cells[2].label.as_deref(), Some("J"));
        assert_eq!(picture.cells[1].label.as_deref(), Some("S"));
        assert_eq!(picture.cells[0].label, None);

        // J takes both `#`: an L of three cells, whose outline has eight edges.
        let picture = super::picture(&position.play(Colour::Hash));
        let j_edges = picture.lines.iter().filter(|l| l.colour == OUTLINES[0]);
        assert_eq!(j_edges.count(), 8);
        assert!(
            picture
                .lines
                .iter()
                .any(|l| l.from == (0.0, 0.0) && l.to == (1.0, 0.0))
        );
    }
}
