//! Who wins each board of a recorded Flood Wars match under perfect play, beside the games
//! played on it: an exact null-window alpha-beta over the graph of groups from the board's
//! first position (J to move) to the separation of the areas, where the race is the exact
//! point margin. It cuts where the cells each side can still reach
//! ([`GroupPosition::reach`]) bound the margin outside the window.
//!
//! `cargo run --release -p floodgate-arena --example perfect_play -- MATCH.jsonl [POSITIONS [CELLS]]`
//!
//! `MATCH.jsonl` is a match's `--jsonl` file. `POSITIONS` (default 100 million) bounds the
//! positions searched for a board; a board that needs more is reported unsolved. A line of play
//! that reaches the 150-move limit ends there, scored as the judge scores it. Boards of more
//! than `CELLS` cells (default: none) are left out. The table of proven bounds has 2^25 entries
//! (512 MB).

use std::collections::BTreeMap;

use arena::floodwars::start_position;
use arena::record::MatchLine;
use floodwars_core::MOVE_LIMIT;
use floodwars_core::eval::evaluate;
use floodwars_core::groups::GroupPosition;

/// A proven bound pair of one position, for the player to move.
#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    lower: i32,
    upper: i32,
}

/// The margin for the player to move when the move limit ends the game in `position`: each
/// side scores its area and the free cells only it reaches. Every free region touches an area,
/// so the cells both reach are the two reaches less the free cells, and the margin is the
/// areas' difference plus the reaches'.
fn margin_at_limit(position: &GroupPosition) -> i32 {
    let me = position.to_move().index();
    let areas = position.area_cells().map(|cells| cells as i32);
    let reach = position.reach().map(|cells| cells as i32);
    areas[me] - areas[1 - me] + reach[me] - reach[1 - me]
}

/// An exact searcher with a fixed-size table (a new position replaces the one in its slot).
struct Solver {
    table: Vec<Entry>,
    positions: u64,
    limit: u64,
    /// The cells of the board.
    cells: i32,
}

impl Solver {
    /// A solver of at most `limit` positions on a board of `cells` cells, with a table of
    /// `2^table_bits` entries.
    fn new(limit: u64, cells: usize, table_bits: u32) -> Self {
        let empty = Entry {
            key: 0,
            lower: i32::MIN,
            upper: i32::MAX,
        };
        Self {
            table: vec![empty; 1 << table_bits],
            positions: 0,
            limit,
            cells: cells as i32,
        }
    }

    /// The least and the most the margin for the player to move can end at: each side ends
    /// with its area plus at most the free cells it reaches, and at least those the other
    /// side cannot reach.
    fn bounds(&self, position: &GroupPosition) -> (i32, i32) {
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

    /// The margin for the player to move under perfect play from `position`, `moves` into the
    /// game: exact when it lies strictly between `alpha` and `beta`, else the bound it passes.
    /// `None` when out of positions.
    fn value(
        &mut self,
        position: &GroupPosition,
        moves: u16,
        mut alpha: i32,
        mut beta: i32,
    ) -> Option<i32> {
        if position.is_separated() {
            return Some(evaluate(position));
        }
        if moves >= MOVE_LIMIT {
            return Some(margin_at_limit(position));
        }
        self.positions += 1;
        if self.positions > self.limit {
            return None;
        }
        let key = position.hash();
        let slot = (key % self.table.len() as u64) as usize;
        let entry = self.table[slot];
        if entry.key == key {
            if entry.lower >= beta || entry.lower == entry.upper {
                return Some(entry.lower);
            }
            if entry.upper <= alpha {
                return Some(entry.upper);
            }
            alpha = alpha.max(entry.lower);
            beta = beta.min(entry.upper);
        }
        let (least, most) = self.bounds(position);
        if least >= beta {
            return Some(least);
        }
        if most <= alpha {
            return Some(most);
        }
        // The child best for the mover by the race first.
        let mut children: Vec<(i32, GroupPosition)> = position
            .legal_moves()
            .map(|colour| {
                let child = position.play(colour);
                (evaluate(&child), child)
            })
            .collect();
        children.sort_by_key(|&(value, _)| value);
        let mut best = i32::MIN + 1;
        for (_, child) in &children {
            best = best.max(-self.value(child, moves + 1, -beta, -alpha.max(best))?);
            if best >= beta {
                break;
            }
        }
        let (mut lower, mut upper) = if entry.key == key {
            (entry.lower, entry.upper)
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
        self.table[slot] = Entry { key, lower, upper };
        Some(best)
    }

    /// Who wins `position` under perfect play: the sign of the margin for the player to move.
    fn winner(&mut self, position: &GroupPosition) -> Option<i32> {
        if self.value(position, 0, 0, 1)? >= 1 {
            return Some(1);
        }
        Some(if self.value(position, 0, -1, 0)? >= 0 {
            0
        } else {
            -1
        })
    }
}

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let file = args
        .next()
        .ok_or("usage: perfect_play MATCH.jsonl [POSITIONS [CELLS]]")?;
    let mut count = |default| match args.next() {
        Some(text) => text.parse().map_err(|_| format!("not a count: {text:?}")),
        None => Ok(default),
    };
    let limit = count(100_000_000)?;
    let most_cells = count(u64::MAX)?;
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{file}: {e}"))?;
    // Each board's start and, for each of its games, a's seat and J's margin.
    let mut boards: BTreeMap<usize, (String, Vec<(u8, i64)>)> = BTreeMap::new();
    for line in text.lines() {
        let game = MatchLine::parse(line)?;
        let points = game.record.points;
        let board = boards
            .entry(game.pair)
            .or_insert_with(|| (game.record.start.clone(), Vec::new()));
        board.1.push((game.a_seat, points[0] - points[1]));
    }
    println!(
        "| pair | board | perfect play | positions | J's margin, a as J | J's margin, a as S |"
    );
    println!("|---|---|---|---|---|---|");
    let (mut tried, mut solved, mut games, mut agree) = (0, 0, 0, 0);
    for (pair, (start, margins)) in &boards {
        let position = start_position(start)?;
        let size = format!("{} x {}", position.width(), position.height());
        let cells = position.width() * position.height();
        if cells as u64 > most_cells {
            continue;
        }
        tried += 1;
        let mut solver = Solver::new(limit, cells, 25);
        let winner = if position.shares_area() {
            Some(0)
        } else {
            solver.winner(&GroupPosition::new(&position))
        };
        let verdict = match winner {
            None => "unsolved",
            Some(1) => "J wins",
            Some(0) => "draw",
            Some(_) => "S wins",
        };
        if let Some(winner) = winner {
            solved += 1;
            games += margins.len();
            let right = |&&(_, margin): &&(u8, i64)| margin.signum() == i64::from(winner);
            agree += margins.iter().filter(right).count();
        }
        let seat = |seat| {
            let found = margins.iter().filter(|&&(a_seat, _)| a_seat == seat);
            let found = found.map(|(_, margin)| format!("{margin:+}"));
            found.collect::<Vec<_>>().join(", ")
        };
        println!(
            "| {pair} | {size} | {verdict} | {} | {} | {} |",
            solver.positions,
            seat(0),
            seat(1)
        );
    }
    println!(
        "\n{solved} of {tried} boards solved; in {agree} of their {games} games the result was the one perfect play gives"
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use floodwars_core::{Position, Side};

    use super::*;

    fn solve(board: &str) -> (Option<i32>, Option<i32>) {
        let position: Position = board.parse().unwrap();
        let cells = position.width() * position.height();
        let position = GroupPosition::new(&position);
        let margin = Solver::new(u64::MAX, cells, 12).value(&position, 0, -10_000, 10_000);
        (margin, Solver::new(u64::MAX, cells, 12).winner(&position))
    }

    #[test]
    fn a_hand_worked_board_is_solved() {
        // J's `@` picks `#`, takes both `#` and ends the game 3 to 1; after `+` or `*`, which
        // absorb nothing, S's `.` picks `#` and wins 3 to 1.
        assert_eq!(solve("J\n#.\n@#\n"), (Some(2), Some(1)));
        // S to move on the same board: S's `.` picks `#`, takes both and wins 3 to 1.
        assert_eq!(solve("S\n#.\n@#\n"), (Some(2), Some(1)));
        // S holds both `#`; J's `@` takes the `.` and the game ends 2 to 2 (after `+` or `*`,
        // S would take it and win 3 to 1).
        assert_eq!(solve("J\n.#\n@#\n"), (Some(0), Some(0)));
    }

    #[test]
    fn the_margin_at_the_move_limit_is_the_judges_score() {
        for seed in 0..40 {
            let mut position = arena::floodwars::random_board(5 + seed as usize % 20, 12, seed);
            if position.shares_area() {
                continue;
            }
            let mut groups = GroupPosition::new(&position);
            for ply in 0..30 {
                let sign = match position.to_move() {
                    Side::J => 1,
                    Side::S => -1,
                };
                let score = position.score().margin() as i32;
                assert_eq!(
                    margin_at_limit(&groups),
                    sign * score,
                    "seed {seed}, ply {ply}"
                );
                let colour = position
                    .legal_moves()
                    .nth((seed + ply) as usize % 3)
                    .expect("three legal colours");
                position = position.play(colour);
                groups.play_in_place(colour);
            }
        }
    }

    #[test]
    fn a_value_is_the_best_of_its_children_within_its_bounds_and_the_winner_its_sign() {
        for seed in 0..40 {
            let position = arena::floodwars::random_board(3 + seed as usize % 3, 4, seed);
            if position.shares_area() {
                continue;
            }
            let cells = position.width() * position.height();
            let root = GroupPosition::new(&position);
            let (margin, winner) = solve(&format!("{position}"));
            let margin = margin.expect("a small board is solved");
            assert_eq!(winner.map(i64::from), Some(i64::from(margin).signum()));
            let best = root
                .legal_moves()
                .map(|colour| {
                    let child = root.play(colour);
                    let mut solver = Solver::new(u64::MAX, cells, 12);
                    let value = solver.value(&child, 1, -10_000, 10_000).unwrap();
                    let (least, most) = solver.bounds(&child);
                    assert!(least <= value && value <= most, "seed {seed}, {colour:?}");
                    -value
                })
                .max();
            assert_eq!(best, Some(margin), "seed {seed}:\n{position}");
            let (least, most) = Solver::new(0, cells, 0).bounds(&root);
            assert!(least <= margin && margin <= most, "seed {seed}");
        }
    }
}
