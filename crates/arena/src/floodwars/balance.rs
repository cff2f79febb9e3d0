//! Balanced Flood Wars starts (`arena starts floodwars`): random boards on which the plain
//! alpha-beta search over the judge's rules sees neither side ahead.

use floodgate_floodwars_core::rules::Rules;
use floodgate_search::Score;
use floodgate_search::negamax::best_move;

use super::{FloodWars, StartBoard};
use crate::referee::{Candidate, Referee};

/// The depth of the search that values a board.
pub const DEPTH: u32 = 6;
/// The most cells either side may be ahead, at the search's horizon, on a board that is kept.
pub const MARGIN: Score = 1;

/// The board drawn from `seed` (as the referee draws it), balanced when the plain alpha-beta
/// search [`DEPTH`] plies deep over the judge's rules (the `alphabeta` baseline's, whose value at
/// its horizon is J's area minus S's) values it within [`MARGIN`] cells for J, who moves first.
pub fn candidate(floodwars: &FloodWars, seed: u64) -> Candidate<StartBoard> {
    let start = floodwars.start(seed);
    let value = best_move(&Rules, &start.0, DEPTH).map(|(_, value)| value);
    Candidate {
        balanced: value.is_some_and(|value| value.abs() <= MARGIN),
        start,
    }
}
