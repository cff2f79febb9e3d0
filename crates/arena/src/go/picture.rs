//! Go replays ([`Replay`]: the states of a record, as text and as pictures) and the boards they
//! draw: the stones on a wooden board.

use floodgate_go_core::gtp::GtpMove;
use floodgate_go_core::{Cell, Colour, Point, Position};

use super::{Go, GoStart, KOMI};
use crate::error::Error;
use crate::html::{Dot, Line, Picture};
use crate::record::GameRecord;
use crate::replay::{Replay, replay_moves, seat_glyph};

impl Replay for Go {
    type State = Position;
    const SEATS: [&'static str; 2] = ["Black", "White"];

    fn states(record: &GameRecord) -> Result<Vec<Position>, Error> {
        let not_a_start = |e| Error::Record(format!("{:?} is not a Go start: {e}", record.start));
        let mut game = record.start.parse::<GoStart>().map_err(not_a_start)?.game();
        let start = game.position().clone();
        replay_moves(start, record, "legal move", |_, m| {
            let colour = if m.seat == 0 {
                Colour::Black
            } else {
                Colour::White
            };
            let played = m.text.parse::<GtpMove>().ok()?.on_board(game.size())?;
            game.play(colour, played).ok()?;
            Some(game.position().clone())
        })
    }

    fn scores(state: &Position) -> [i64; 2] {
        let score = state.board().score();
        [score.black as i64, score.white as i64 + KOMI]
    }

    fn text(state: &Position, colour: bool) -> String {
        let n = state.size();
        let mut out = String::new();
        for y in 0..n {
            for x in 0..n {
                if x > 0 {
                    out.push(' ');
                }
                match state.point(Cell::new(x, y)) {
                    Point::Black => out.push_str(&seat_glyph(0, 'X', colour)),
                    Point::White => out.push_str(&seat_glyph(1, 'O', colour)),
                    Point::Empty => out.push('.'),
                }
            }
            out.push('\n');
        }
        out
    }

    const TEXT_LEGEND: &'static str =
        "X: Black's stones (moves first), O: White's, .: empty points";
    const PICTURE: fn(&Self::State) -> Picture = picture;
    const LEGEND: [&'static str; 2] = LEGEND;
}

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
