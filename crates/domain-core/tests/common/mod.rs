//! Random positions for the property tests.

use floodgate_domain_core::board::{Cell, Dir, Walls};
use floodgate_domain_core::state::State;
use proptest::prelude::*;

/// Positions with each interior edge walled with a chance drawn from 0 to 59 in 100 (boards
/// from open to mostly walled, about half of them over), the tokens on two different cells,
/// either player to move.
pub fn positions() -> impl Strategy<Value = State> {
    (
        prop::collection::vec(0..100u8, 84),
        0..60u8,
        0..49u8,
        0..49u8,
        0..2u8,
    )
        .prop_filter("two tokens on one cell", |(_, _, me, opponent, _)| {
            me != opponent
        })
        .prop_map(|(edges, density, me, opponent, to_move)| {
            let tokens = if to_move == 0 {
                [Cell(me), Cell(opponent)]
            } else {
                [Cell(opponent), Cell(me)]
            };
            State::new(random_walls(&edges, density), tokens, to_move)
        })
}

/// A board with interior edge `i` walled when `edges[i] < density` (84 edges: the right and
/// lower sides of each cell in reading order, those on the border skipped).
pub fn random_walls(edges: &[u8], density: u8) -> Walls {
    let mut walls = Walls::default();
    let mut edge = edges.iter();
    for y in 0..7 {
        for x in 0..7 {
            for dir in [Dir::R, Dir::D] {
                let cell = Cell::new(x, y);
                if !walls.has(cell, dir) && *edge.next().unwrap() < density {
                    walls.add(cell, dir);
                }
            }
        }
    }
    walls
}
