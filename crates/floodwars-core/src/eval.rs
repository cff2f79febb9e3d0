//! The static evaluation: a race for the cells outside both areas.

use bitgrid::Connectivity::Four;
use bitgrid::Plane;

use crate::position::{Colour, Position, Side};

/// How many growth steps the race looks ahead; cells neither player reaches in this many
/// steps count for nobody.
pub const RACE_STEPS: usize = 16;

/// The cells each player would hold if both grew at once, one step at a time, where a step
/// absorbs every same-coloured group of free cells touching what the player holds (a cell both
/// reach in the same step goes to nobody): `[J's, S's]`.
pub fn race(position: &Position) -> [Plane; 2] {
    let mut claimed = [
        position.area(Side::J).clone(),
        position.area(Side::S).clone(),
    ];
    let groups: [Plane; 5] = Colour::ALL.map(|colour| position.unowned_of(colour));
    let mut free = position.unowned();
    for _ in 0..RACE_STEPS {
        let grown = [0, 1].map(|side| grow(&claimed[side], &free, &groups));
        if grown.iter().all(Plane::is_empty) {
            break;
        }
        let tie = &grown[0] & &grown[1];
        for (side, grown) in grown.into_iter().enumerate() {
            free -= &grown;
            claimed[side] |= grown - &tie;
        }
    }
    claimed
}

/// The free cells a holding absorbs in one step: every same-coloured group of free cells next
/// to it.
fn grow(held: &Plane, free: &Plane, groups: &[Plane; 5]) -> Plane {
    let frontier = held.dilate(Four) & free;
    let mut grown = frontier.new_like();
    for group in groups {
        let mut absorbed = &frontier & group;
        if !absorbed.is_empty() {
            absorbed.flood_within(&(group & free), Four);
            grown |= absorbed;
        }
    }
    grown
}

/// The evaluation for the player to move, in cells: what it wins in the race minus what the
/// opponent wins.
pub fn evaluate(position: &Position) -> i32 {
    let [j, s] = race(position);
    let margin = j.len() as i32 - s.len() as i32;
    match position.to_move() {
        Side::J => margin,
        Side::S => -margin,
    }
}
