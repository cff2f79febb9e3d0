//! The static evaluation: a race for the groups outside both areas.

use crate::groups::{GroupPosition, MAX_GROUPS};
use crate::position::Side;

/// The evaluation for the player to move, in cells: the cells it wins in the race
/// ([`GroupPosition::race`], run to its end) minus the cells the opponent wins. Once the areas
/// are separated this is the exact point margin of the game.
pub fn evaluate(position: &GroupPosition) -> i32 {
    let [j, s] = position.race(MAX_GROUPS);
    let margin = j as i32 - s as i32;
    match position.to_move() {
        Side::J => margin,
        Side::S => -margin,
    }
}
