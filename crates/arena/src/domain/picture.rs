//! Domain Expansion replays ([`Replay`]: the states of a record, as text and as pictures) and
//! the boards they draw: who reaches each cell first, the walls, the tokens.

use floodgate_domain_core::board::{Cell, SIZE};
use floodgate_domain_core::codec::parse_answer;
use floodgate_domain_core::race::Race;
use floodgate_domain_core::state::State;

use super::Domain;
use crate::error::Error;
use crate::html::{Dot, Line, Picture, SEAT_COLOURS};
use crate::record::GameRecord;
use crate::replay::{Replay, replay_moves, seat_glyph};

impl Replay for Domain {
    type State = State;
    const SEATS: [&'static str; 2] = ["player 0", "player 1"];

    fn states(record: &GameRecord) -> Result<Vec<State>, Error> {
        replay_moves(State::default(), record, "legal action", |state, m| {
            let (action, _) = parse_answer(&m.text).ok()?;
            state.is_legal(action).then(|| state.play(action))
        })
    }

    fn scores(state: &State) -> [i64; 2] {
        state.domain_sizes().map(i64::from)
    }

    fn text(state: &State, colour: bool) -> String {
        let mut out = String::new();
        let walls = state.walls();
        let cell = |x: u8, y: u8| floodgate_domain_core::board::Cell::new(x, y);
        use floodgate_domain_core::board::Dir;
        for y in 0..7 {
            // The row's cells with the walls on their right, then the walls below.
            for x in 0..7 {
                let here = cell(x, y);
                let token = (0..2).find(|&p| state.token(p) == here);
                let glyph = match token {
                    Some(p) => seat_glyph(usize::from(p), p, colour),
                    None => ".".to_string(),
                };
                out.push_str(&glyph);
                if x < 6 {
                    out.push(if walls.has(here, Dir::R) { '|' } else { ' ' });
                }
            }
            out.push('\n');
            if y < 6 {
                for x in 0..7 {
                    out.push(if walls.has(cell(x, y), Dir::D) {
                        '-'
                    } else {
                        ' '
                    });
                    if x < 6 {
                        out.push(' ');
                    }
                }
                out.truncate(out.trim_end().len());
                out.push('\n');
            }
        }
        out
    }

    const TEXT_LEGEND: &'static str = "0, 1: the tokens of player 0 (starts top-left, moves \
        first) and player 1 (bottom-right); | a wall right of a cell, - a wall below it";
    const PICTURE: fn(&Self::State) -> Picture = picture;
    const LEGEND: [&'static str; 2] = LEGEND;
}

/// What each player looks like on a [`picture()`] picture, player 0's then player 1's.
pub const LEGEND: [&str; 2] = [
    "blue token, starts top-left; pale blue: cells it reaches first",
    "red token, starts bottom-right; pale red: cells it reaches first",
];

const TOKEN: [&str; 2] = SEAT_COLOURS;
const FIRST_TO: [&str; 2] = ["#c9dbf1", "#f5cdd2"];
/// Cells both tokens reach in the same number of steps.
const TIED: &str = "#ebe7dd";
/// Cells neither token can reach any more.
const CUT_OFF: &str = "#9b968a";
const WALL: &str = "#222222";
const WALL_WIDTH: f64 = 0.14;

/// The 7 x 7 board: each cell filled by the token that reaches it in fewer steps through open
/// sides (pale blue or pale red; beige for a tie, grey for a cell neither reaches), faint lines
/// between the cells, the border and every wall as thick lines on cell edges, the tokens as
/// dots.
pub fn picture(state: &State) -> Picture {
    let size = usize::from(SIZE);
    let mut picture = Picture::plain(size, size, CUT_OFF);
    picture.add_grid();
    let (first, tied) = first_reached(state);
    for index in 0..SIZE * SIZE {
        let cell = Cell(index);
        let bit = cell.bit();
        let fill = if first[0] & bit != 0 {
            FIRST_TO[0]
        } else if first[1] & bit != 0 {
            FIRST_TO[1]
        } else if tied & bit != 0 {
            TIED
        } else {
            CUT_OFF
        };
        picture
            .cell_mut(usize::from(cell.x()), usize::from(cell.y()))
            .fill = fill.to_string();
    }
    let side = f64::from(SIZE);
    let corners = [(0.0, 0.0), (side, 0.0), (side, side), (0.0, side)];
    for k in 0..4 {
        picture.lines.push(wall(corners[k], corners[(k + 1) % 4]));
    }
    let walls = state.walls();
    for index in 0..SIZE * SIZE {
        let cell = Cell(index);
        let (x, y) = (f64::from(cell.x()), f64::from(cell.y()));
        if walls.right & cell.bit() != 0 {
            picture.lines.push(wall((x + 1.0, y), (x + 1.0, y + 1.0)));
        }
        if walls.down & cell.bit() != 0 {
            picture.lines.push(wall((x, y + 1.0), (x + 1.0, y + 1.0)));
        }
    }
    for player in 0..2 {
        let token = state.token(player);
        picture.dots.push(Dot {
            at: (f64::from(token.x()) + 0.5, f64::from(token.y()) + 0.5),
            radius: 0.32,
            colour: TOKEN[usize::from(player)].to_string(),
            label: None,
        });
    }
    picture
}

fn wall(from: (f64, f64), to: (f64, f64)) -> Line {
    Line {
        from,
        to,
        colour: WALL.to_string(),
        width: WALL_WIDTH,
    }
}

/// The cells each token reaches in fewer steps than the other (through open sides, tokens not
/// blocking), and the cells both reach in the same number.
fn first_reached(state: &State) -> ([u64; 2], u64) {
    let starts = [state.token(0).bit(), state.token(1).bit()];
    let race = Race::run(state.walls(), starts, [0, 0], 1);
    (race.first, race.tied)
}

#[cfg(test)]
mod tests {
    use super::*;
    use floodgate_domain_core::board::Dir;
    use floodgate_domain_core::state::Action;

    fn walls(picture: &Picture) -> Vec<((f64, f64), (f64, f64))> {
        let walls = picture.lines.iter().filter(|l| l.colour == WALL);
        walls.map(|l| (l.from, l.to)).collect()
    }

    fn fills(picture: &Picture, fill: &str) -> usize {
        picture.cells.iter().filter(|c| c.fill == fill).count()
    }

    #[test]
    fn the_start_splits_along_the_diagonal() {
        let picture = picture(&State::default());
        assert_eq!(picture.cells.len(), 49);
        assert_eq!(fills(&picture, FIRST_TO[0]), 21);
        assert_eq!(fills(&picture, FIRST_TO[1]), 21);
        assert_eq!(fills(&picture, TIED), 7);
        assert_eq!(walls(&picture).len(), 4, "the border only");
        assert_eq!(picture.lines.len(), 16 + 4, "the grid under the border");
        let tokens: Vec<_> = picture.dots.iter().map(|d| d.at).collect();
        assert_eq!(tokens, [(0.5, 0.5), (6.5, 6.5)]);
    }

    #[test]
    fn two_walls_are_two_more_lines() {
        let state = State::default()
            .play(Action {
                to: Cell::new(0, 0),
                wall: Dir::R,
            })
            .play(Action {
                to: Cell::new(6, 5),
                wall: Dir::U,
            });
        let picture = picture(&state);
        let walls = walls(&picture);
        assert_eq!(walls.len(), 4 + 2);
        assert_eq!(
            walls[4..],
            [((1.0, 0.0), (1.0, 1.0)), ((6.0, 5.0), (7.0, 5.0))]
        );
        assert_eq!(picture.dots[1].at, (6.5, 5.5));
    }

    #[test]
    fn a_walled_off_corner_belongs_to_nobody() {
        let mut walls = floodgate_domain_core::board::Walls::default();
        walls.add(Cell::new(3, 0), Dir::R);
        walls.add(Cell::new(3, 0), Dir::D);
        walls.add(Cell::new(3, 0), Dir::L);
        let state = State::new(walls, [Cell::new(0, 0), Cell::new(6, 6)], 0);
        let picture = picture(&state);
        assert_eq!(picture.cells[3].fill, CUT_OFF);
        assert_eq!(fills(&picture, CUT_OFF), 1);
    }
}
