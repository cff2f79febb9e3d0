//! Go boards: the stones on a wooden board.

use go_core::{Cell, Point, Position};

use crate::html::{Dot, Line, Picture};

/// How each player's stones look on a [`picture()`] picture, Black's then White's.
pub const LEGEND: [&str; 2] = ["black stones (moves first)", "white stones (komi 7)"];

const WOOD: &str = "#dcb35c";
const LINE: &str = "#5b4420";
const STONE: [&str; 2] = ["#151515", "#f6f4ee"];

/// The board as `n x n` cells with the lines of the board through their centres and each
/// stone a disc on its point.
pub fn picture(position: &Position) -> Picture {
    let n = position.size();
    let mut picture = Picture::plain(n, n, WOOD);
    let end = n as f64 - 0.5;
    for i in 0..n {
        let at = i as f64 + 0.5;
        for (from, to) in [((0.5, at), (end, at)), ((at, 0.5), (at, end))] {
            picture.lines.push(Line {
                from,
                to,
                colour: LINE.to_string(),
                width: 0.04,
            });
        }
    }
    for y in 0..n {
        for x in 0..n {
            let colour = match position.point(Cell::new(x, y)) {
                Point::Black => STONE[0],
                Point::White => STONE[1],
                Point::Empty => continue,
            };
            picture.dots.push(Dot {
                at: (x as f64 + 0.5, y as f64 + 0.5),
                radius: 0.46,
                colour: colour.to_string(),
                label: None,
            });
        }
    }
    picture
}
