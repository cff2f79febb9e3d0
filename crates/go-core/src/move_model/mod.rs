//! A learned model of good moves: each candidate point's *strength* is the product of the
//! weights ("gammas") of its features, and a player picks a move with probability proportional
//! to its strength (Coulom, "Computing Elo Ratings of Move Patterns in the Game of Go", 2007).
//! The engine does not use it yet: as the tree's priors it won in self-play and lost to GNU
//! Go (docs/experiments.md).
//!
//! A candidate is an empty point that is neither the mover's own eye nor a suicide. Its
//! features, one of each group:
//! - its 3 x 3 neighbourhood, seen from the mover (own stones, enemy stones, empty, edge),
//!   reduced over the 8 turns and mirrors, or "rare" for a shape the training games did not
//!   show often enough;
//! - its distance to the last move and to the mover's own previous move,
//!   `dx + dy + max(dx, dy)` (2 is next to it, 3 diagonal, ...), or "none";
//! - a tactic, the first that applies: captures a chain next to the last move, saves an own
//!   chain in atari (two liberties or more after it), captures elsewhere, is a self-atari of
//!   two stones or more, puts an enemy chain in atari, is a self-atari of one stone, none;
//! - its line: the distance to the nearest edge, 1 to 5 (5 and more).
//!
//! The weights are fitted by minorization-maximization ([`Trainer::fit`]) to games of GNU Go
//! against itself (`scripts/gnugo_games.py`, `examples/fit_move_model.rs`) and kept as text in
//! `data/move-model.txt`, which [`MoveModel::learned`] reads.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::patterns::OFFSETS;
use floodgate_bitgrid::Cell;

use crate::position::Position;
use crate::slot::Slot;
use crate::turn::Colour;

mod text;
mod train;

pub use text::ParseModelError;
pub use train::{GameRecordError, Trainer};

/// Distance classes: `dx + dy + max(dx, dy)` of 2 to 9, 10 or more, or no such move.
const DISTANCES: usize = 10;
/// The distance class of "no such move" (a pass, or the start of the game).
const NO_DISTANCE: usize = DISTANCES - 1;
/// Lines 1 to 5 (5: the fifth line or further in).
const LINES: usize = 5;

/// The tactical feature of a candidate, the first that applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
enum Tactic {
    /// Captures a chain that touches the last move's stone (or is it).
    CaptureNearLast,
    /// Is the only liberty of an own chain, and leaves it two liberties or more.
    Escape,
    /// Captures some other chain.
    Capture,
    /// Leaves an own chain of two stones or more in atari, capturing nothing.
    BigSelfAtari,
    /// Leaves an enemy chain next to it in atari.
    Atari,
    /// A lone stone in atari, capturing nothing.
    SelfAtari,
    /// None of the above.
    None,
}

const TACTICS: usize = Tactic::None as usize + 1;
const TACTIC_NAMES: [&str; TACTICS] = [
    "capture-near-last",
    "escape",
    "capture",
    "big-self-atari",
    "atari",
    "self-atari",
    "none",
];

/// The features of one candidate, as indices into the model's weights: shape, distance to
/// the last move, distance to the own previous move, tactic, line.
type Features = [u16; 5];

/// Where each group's weights start in the flat weight list (the shapes come last: their
/// number is the model's).
const DISTANCE_LAST: usize = 0;
const DISTANCE_OWN: usize = DISTANCE_LAST + DISTANCES;
const TACTIC: usize = DISTANCE_OWN + DISTANCES;
const LINE: usize = TACTIC + TACTICS;
const SHAPES: usize = LINE + LINES;

/// The strength of moves by their features (see the module's documentation).
#[derive(Clone, Debug, PartialEq)]
pub struct MoveModel {
    /// The weights of the fixed groups, then one per known shape, then the rare shapes'.
    gammas: Vec<f32>,
    /// Per neighbourhood key seen from Black (see `patterns`), the index of its shape's
    /// weight in `gammas`.
    shape_of_key: Vec<u16>,
    /// The reduced neighbourhood keys of the known shapes, in weight order.
    shapes: Vec<u16>,
}

/// The neighbourhood key (2 bits a point, as `patterns`) with black and white exchanged.
fn swap_colours(key: u16) -> u16 {
    let differ = (key ^ (key >> 1)) & 0x5555;
    key ^ (differ | differ << 1)
}

/// The smallest of a key's 8 turns and mirrors: one key for every shape that is the same
/// up to symmetry.
fn reduced(key: u16) -> u16 {
    let value = |key: u16, i: usize| (key >> (2 * i)) & 3;
    let mut best = u16::MAX;
    for turn in 0..4 {
        for mirror in [false, true] {
            let mut image = 0u16;
            for (i, &(dx, dy)) in OFFSETS.iter().enumerate() {
                let (mut x, mut y) = (dx, dy);
                for _ in 0..turn {
                    (x, y) = (-y, x);
                }
                if mirror {
                    x = -x;
                }
                let j = OFFSETS
                    .iter()
                    .position(|&o| o == (x, y))
                    .expect("a symmetry maps neighbours to neighbours");
                image |= value(key, i) << (2 * j);
            }
            best = best.min(image);
        }
    }
    best
}

/// The distance class of the points `a` and `b` (array slots of `position`).
fn distance_class(position: &Position, a: Slot, b: Option<Slot>) -> usize {
    let Some(b) = b else {
        return NO_DISTANCE;
    };
    let (a, b) = (position.vertex(a), position.vertex(b));
    let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
    (dx + dy + dx.max(dy)).clamp(2, 10) - 2
}

/// The tactical feature of the candidate `p` for the player to move; `last` is the slot of
/// the last stone played.
fn tactic(position: &Position, p: Slot, last: Option<Slot>) -> Tactic {
    let mover = position.to_move();
    let enemy = mover.other();
    let mut captures = false;
    let mut escape = false;
    let mut atari = false;
    for q in position.neighbours(p) {
        match position.stone_at(q) {
            Some(c) if c == enemy => match position.atari_liberty(q) {
                Some(_) => {
                    let near = last.is_some_and(|last| {
                        (position.stone_at(last).is_some()
                            && position.chain_head(last) == position.chain_head(q))
                            || position.neighbours(last).iter().any(|&r| {
                                position.stone_at(r) == Some(enemy)
                                    && position.chain_head(r) == position.chain_head(q)
                            })
                    });
                    if near {
                        return Tactic::CaptureNearLast;
                    }
                    captures = true;
                }
                None => atari |= position.chain_liberties(q, 3) == 2,
            },
            Some(_) => escape |= position.atari_liberty(q).is_some(),
            None => {}
        }
    }
    let liberties = position.liberties_after(p, 2);
    if escape && (captures || liberties >= 2) {
        return Tactic::Escape;
    }
    if captures {
        return Tactic::Capture;
    }
    if liberties < 2 {
        let joins = position
            .neighbours(p)
            .iter()
            .any(|&q| position.stone_at(q) == Some(mover));
        return if joins {
            Tactic::BigSelfAtari
        } else {
            Tactic::SelfAtari
        };
    }
    if atari { Tactic::Atari } else { Tactic::None }
}

/// The line of slot `p`: 0 for the first (the edge), up to `LINES - 1`.
fn line(position: &Position, p: Slot) -> usize {
    let v = position.vertex(p);
    let n = position.size();
    let nearest = v.x.min(v.y).min(n - 1 - v.x).min(n - 1 - v.y);
    nearest.min(LINES - 1)
}

/// The features of candidate `p` but its shape, and its neighbourhood key seen from Black.
fn features(
    position: &Position,
    p: Slot,
    last: Option<Slot>,
    own: Option<Slot>,
) -> (Features, u16) {
    let mut key = position.neighbourhood(p);
    if position.to_move() == Colour::White {
        key = swap_colours(key);
    }
    let features = [
        0,
        (DISTANCE_LAST + distance_class(position, p, last)) as u16,
        (DISTANCE_OWN + distance_class(position, p, own)) as u16,
        (TACTIC + tactic(position, p, last) as usize) as u16,
        (LINE + line(position, p)) as u16,
    ];
    (features, key)
}

/// Whether the empty slot `p` is a candidate: neither the mover's own eye nor a suicide.
fn is_candidate(position: &Position, p: Slot) -> bool {
    !position.is_own_eye(p) && !position.is_suicide(p)
}

impl MoveModel {
    /// The model fitted to GNU Go's games, from `data/move-model.txt`.
    pub fn learned() -> &'static MoveModel {
        static LEARNED: OnceLock<MoveModel> = OnceLock::new();
        LEARNED.get_or_init(|| {
            include_str!("../../data/move-model.txt")
                .parse()
                .expect("the crate's move model parses")
        })
    }

    /// A model of the given weights for the fixed groups and the shapes (reduced keys).
    fn from_parts(fixed: &[f32], shapes: Vec<(u16, f32)>, rare: f32) -> Self {
        let mut gammas = fixed.to_vec();
        let rare_index = SHAPES + shapes.len();
        let mut index_of_reduced = HashMap::new();
        for (i, &(key, gamma)) in shapes.iter().enumerate() {
            gammas.push(gamma);
            index_of_reduced.insert(key, (SHAPES + i) as u16);
        }
        gammas.push(rare);
        let shape_of_key = (0..=u16::MAX)
            .map(|key| {
                index_of_reduced
                    .get(&reduced(key))
                    .copied()
                    .unwrap_or(rare_index as u16)
            })
            .collect();
        Self {
            gammas,
            shape_of_key,
            shapes: shapes.into_iter().map(|(key, _)| key).collect(),
        }
    }

    /// The strength of the empty point `point` for the player to move in `position`, where the
    /// last stone was played on `last` and the mover's previous stone on `own` (`None` where
    /// that move was a pass, or there was none); 0 for a point that is not a candidate (a
    /// stone, the mover's own eye, a suicide). Panics if a point is off the board.
    pub fn strength(
        &self,
        position: &Position,
        point: Cell,
        last: Option<Cell>,
        own: Option<Cell>,
    ) -> f32 {
        let slot = |v: Cell| {
            assert!(position.contains(v), "{v:?} is off the board");
            position.slot(v)
        };
        let p = slot(point);
        if !position.is_empty_slot(p) || !is_candidate(position, p) {
            return 0.0;
        }
        let (last, own) = (last.map(slot), own.map(slot));
        let (mut features, key) = features(position, p, last, own);
        features[0] = self.shape_of_key[usize::from(key)];
        features
            .iter()
            .map(|&f| self.gammas[usize::from(f)])
            .product()
    }
}

#[cfg(test)]
mod tests {
    use super::text::{shape_key, shape_text};
    use super::*;

    #[test]
    fn colours_swap_and_shapes_reduce_over_symmetry() {
        // Black above-left, white to the right: 1 << 0 | 2 << 8.
        let key = 1 | 2 << 8;
        assert_eq!(swap_colours(key), 2 | 1 << 8);
        assert_eq!(swap_colours(swap_colours(key)), key);
        // The edge (3) stays.
        assert_eq!(swap_colours(3 << 4), 3 << 4);
        // A shape and its mirror image (black above-right, white to the left) reduce alike.
        let mirror = 1 << 4 | 2 << 6;
        assert_eq!(reduced(key), reduced(mirror));
        assert_ne!(reduced(key), reduced(1 | 2 << 6));
    }

    /// The tactic of the point (x, y) for `to_move` in `rows`, the last stone on `last`.
    fn tactic_at(
        rows: &[&str],
        to_move: Colour,
        (x, y): (usize, usize),
        last: (usize, usize),
    ) -> Tactic {
        let position = Position::from_rows(rows, to_move);
        let slot = |(x, y)| position.slot(floodgate_bitgrid::Cell::new(x, y));
        tactic(&position, slot((x, y)), Some(slot(last)))
    }

    #[test]
    fn tactics_are_told_apart_on_hand_built_positions() {
        // White at (1, 1) in atari from three black stones; black to move.
        let atari = [".X...", "XO...", ".X...", ".....", "....."];
        // Taking it: near the last move (1, 2), or with the last move far away.
        assert_eq!(
            tactic_at(&atari, Colour::Black, (2, 1), (1, 2)),
            Tactic::CaptureNearLast
        );
        assert_eq!(
            tactic_at(&atari, Colour::Black, (2, 1), (4, 4)),
            Tactic::Capture
        );
        // White extends out of atari to three liberties.
        assert_eq!(
            tactic_at(&atari, Colour::White, (2, 1), (1, 2)),
            Tactic::Escape
        );
        // A point in the open is none of these.
        assert_eq!(
            tactic_at(&atari, Colour::White, (3, 3), (1, 2)),
            Tactic::None
        );
        // Black next to a white stone of two liberties puts it in atari.
        let two = ["..X..", ".XO..", ".X...", ".....", "....."];
        assert_eq!(
            tactic_at(&two, Colour::Black, (3, 1), (1, 2)),
            Tactic::Atari
        );
        // A black pair that would be left with one liberty: a big self-atari; a lone stone
        // with one: a self-atari.
        let big = ["XO...", ".O...", "O....", ".....", "....."];
        assert_eq!(
            tactic_at(&big, Colour::Black, (0, 1), (0, 2)),
            Tactic::BigSelfAtari
        );
        let lone = [".O...", "O....", ".....", ".....", "....."];
        assert_eq!(
            tactic_at(&lone, Colour::Black, (0, 0), (0, 1)),
            Tactic::SelfAtari
        );
    }

    #[test]
    fn the_learned_model_prefers_a_capture_to_a_self_atari() {
        let model = MoveModel::learned();
        let position = Position::from_rows(
            &[".X...", "XO...", ".X...", ".....", "....."],
            Colour::Black,
        );
        let last = Some(Cell::new(1, 2));
        let capture = model.strength(&position, Cell::new(2, 1), last, None);
        let elsewhere = model.strength(&position, Cell::new(4, 4), last, None);
        assert!(capture > elsewhere, "{capture} > {elsewhere}");
        // A stone is no candidate.
        assert_eq!(model.strength(&position, Cell::new(1, 1), last, None), 0.0);
    }

    #[test]
    fn the_learned_model_round_trips_through_text() {
        let model = MoveModel::learned();
        let text = model.to_text("a comment");
        assert_eq!(text.parse::<MoveModel>().as_ref(), Ok(model));
        assert_eq!(
            "shape rare 1\n".parse::<MoveModel>(),
            Err(ParseModelError { line: 0 })
        );
        assert_eq!(
            "line 1 x\n".parse::<MoveModel>(),
            Err(ParseModelError { line: 1 })
        );
    }

    #[test]
    fn shapes_round_trip_through_text() {
        let key = reduced(1 | 2 << 8 | 3 << 10 | 3 << 12 | 3 << 14);
        assert_eq!(shape_key(&shape_text(key)), Some(key));
    }
}
