//! The exact solver: who wins a board under perfect play, and by how much.
//!
//! A null-window alpha-beta over the graph of groups ([`GroupPosition`]) to the end of the game
//! ([`GroupPosition::is_over`]: the separation of the areas or the 150-move limit), where a
//! game is worth its exact point margin ([`GroupPosition::score`]). It keeps a table of proven
//! bounds and cuts where the cells each side can still reach ([`GroupPosition::reach`]) bound
//! the margin outside the window ([`Solver::bounds`]). The bot does not use it; the arena's
//! example `perfect_play` runs it on the boards of a recorded match (docs/arena.md).
//!
//! ```
//! use floodgate_floodwars_core::Position;
//! use floodgate_floodwars_core::solve::Solver;
//! // J's `@` picks `#`, takes both `#` and ends the game 3 to 1.
//! let position: Position = "J\n#.\n@#\n".parse().unwrap();
//! let mut solver = Solver::new(u64::MAX, 4, 10);
//! assert_eq!(solver.solve(&position), Some(1));
//! ```

use crate::eval::evaluate;
use crate::groups::GroupPosition;
use crate::position::{Position, Side};

/// A proven bound pair of one position, for the player to move.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    lower: i32,
    upper: i32,
}

impl Entry {
    /// The entry of no position: nothing proven.
    const EMPTY: Self = Self {
        key: 0,
        lower: i32::MIN,
        upper: i32::MAX,
    };

    /// What this entry proves of the position `key` searched in the window `alpha..beta`: the
    /// value, `Err`, when it settles the search, else the window narrowed to its bounds.
    fn narrow(&self, key: u64, alpha: i32, beta: i32) -> Result<(i32, i32), i32> {
        if self.key != key {
            return Ok((alpha, beta));
        }
        if self.lower >= beta || self.lower == self.upper {
            return Err(self.lower);
        }
        if self.upper <= alpha {
            return Err(self.upper);
        }
        Ok((alpha.max(self.lower), beta.min(self.upper)))
    }

    /// This entry for the position `key` (kept if it is this position's, else replaced) with
    /// what a search in the window `alpha..beta` that returned `best` proves.
    fn proving(&self, key: u64, best: i32, alpha: i32, beta: i32) -> Self {
        let (mut lower, mut upper) = if self.key == key {
            (self.lower, self.upper)
        } else {
            (i32::MIN, i32::MAX)
        };
        if best <= alpha {
            upper = upper.min(best);
        } else if best >= beta {
            lower = lower.max(best);
        } else {
            (lower, upper) = (best, best);
        }
        Self { key, lower, upper }
    }
}

/// The margin for the player to move of a game over in `position`: the judge's score
/// ([`GroupPosition::score`]), J's points minus S's, seen from the mover.
pub fn final_margin(position: &GroupPosition) -> i32 {
    let margin = position.score().margin() as i32;
    match position.to_move() {
        Side::J => margin,
        Side::S => -margin,
    }
}

/// An exact searcher with a table of proven bounds of fixed size (a new position replaces the
/// one in its slot) and a limit on the positions it searches.
#[derive(Debug)]
pub struct Solver {
    table: Vec<Entry>,
    positions: u64,
    limit: u64,
    /// The cells of the board.
    cells: i32,
}

impl Solver {
    /// A solver of at most `limit` positions on a board of `cells` cells, with a table of
    /// `2^table_bits` entries (16 bytes each).
    pub fn new(limit: u64, cells: usize, table_bits: u32) -> Self {
        Self {
            table: vec![Entry::EMPTY; 1 << table_bits],
            positions: 0,
            limit,
            cells: cells as i32,
        }
    }

    /// The positions searched so far (games over are not counted): past the limit, one more
    /// than the limit.
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// The least and the most the margin for the player to move can end at: each side ends
    /// with its area plus at most the free cells it reaches, and at least those the other
    /// side cannot reach.
    pub fn bounds(&self, position: &GroupPosition) -> (i32, i32) {
        let me = position.to_move().index();
        let areas = position.area_cells().map(|cells| cells as i32);
        let reach = position.reach().map(|cells| cells as i32);
        let free = self.cells - areas[0] - areas[1];
        let (mine, theirs) = (areas[me], areas[1 - me]);
        let (my_reach, their_reach) = (reach[me], reach[1 - me]);
        (
            mine + free - their_reach - (theirs + their_reach),
            mine + my_reach - (theirs + free - my_reach),
        )
    }

    /// The margin for the player to move under perfect play from `position` (to the end of the
    /// game, [`GroupPosition::is_over`]): exact when it lies strictly between `alpha` and
    /// `beta`, else the bound it passes. `None` when out of positions.
    pub fn value(&mut self, position: &GroupPosition, alpha: i32, beta: i32) -> Option<i32> {
        if position.is_over() {
            return Some(final_margin(position));
        }
        self.positions += 1;
        if self.positions > self.limit {
            return None;
        }
        let key = position.hash();
        let slot = (key % self.table.len() as u64) as usize;
        let entry = self.table[slot];
        let (alpha, beta) = match entry.narrow(key, alpha, beta) {
            Ok(window) => window,
            Err(value) => return Some(value),
        };
        let (least, most) = self.bounds(position);
        if least >= beta {
            return Some(least);
        }
        if most <= alpha {
            return Some(most);
        }
        let mut best = i32::MIN + 1;
        for (_, child) in &ordered_children(position) {
            best = best.max(-self.value(child, -beta, -alpha.max(best))?);
            if best >= beta {
                break;
            }
        }
        self.table[slot] = entry.proving(key, best, alpha, beta);
        Some(best)
    }

    /// Who wins `position` under perfect play: the sign of the margin for the player to move
    /// (1 it wins, 0 a draw, -1 it loses). `None` when out of positions.
    pub fn winner(&mut self, position: &GroupPosition) -> Option<i32> {
        if self.value(position, 0, 1)? >= 1 {
            return Some(1);
        }
        Some(if self.value(position, -1, 0)? >= 0 {
            0
        } else {
            -1
        })
    }

    /// [`Solver::winner`] of a whole board: players who share their area
    /// ([`Position::shares_area`]) draw without a search.
    pub fn solve(&mut self, position: &Position) -> Option<i32> {
        if position.shares_area() {
            Some(0)
        } else {
            self.winner(&GroupPosition::new(position))
        }
    }
}

/// The positions after each legal move of `position`, each with its [`evaluate`] (for the
/// opponent), the best for the mover by the race (the lowest) first, in the order of the moves
/// among equals.
fn ordered_children(position: &GroupPosition) -> Vec<(i32, GroupPosition)> {
    let mut children: Vec<(i32, GroupPosition)> = position
        .legal_moves()
        .map(|colour| {
            let child = position.play(colour);
            (evaluate(&child), child)
        })
        .collect();
    children.sort_by_key(|&(value, _)| value);
    children
}
