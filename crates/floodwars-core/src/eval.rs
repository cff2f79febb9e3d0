//! The static evaluation: a race for the groups outside both areas.

use crate::groups::{GroupPosition, MAX_GROUPS};
use crate::position::Side;

/// The evaluation for the player to move, in cells: the cells it wins in the race
/// ([`GroupPosition::race`], run to its end) minus the cells the opponent wins. Once the areas
/// are separated this is the exact point margin of the game.
pub fn evaluate(position: &GroupPosition) -> i32 {
    let margin = race_margin(position);
    match position.to_move() {
        Side::J => margin,
        Side::S => -margin,
    }
}

/// J's cells minus S's when the race ([`GroupPosition::race`]) runs to its end: [`evaluate`]
/// seen from J, whoever is to move.
pub fn race_margin(position: &GroupPosition) -> i32 {
    let [j, s] = position.race(MAX_GROUPS);
    j as i32 - s as i32
}
