//! Random games to the end: the playouts that value the leaves of the engine's tree.
//!
//! The policy: answer the last move, nine times in ten (always when it put an own chain of
//! three stones or more in atari), by a random choice among the captures of enemy chains next
//! to it that it left in atari and the saving moves of own chains it put in atari (a capture of
//! an enemy chain in atari that touches the own chain; the extension, when it gives the chain
//! two liberties, unless a counter-capture was found and a draw of four in ten keeps to those);
//! else play one of the 8 points around the last move whose 3 x 3 neighbourhood is a known
//! shape ([`crate::patterns`]); otherwise a uniformly random point. Every move but a
//! capture is neither the mover's own eye, nor a suicide, nor a self-atari of two stones or
//! more; pass when there is none. A playout ends after two passes and is scored by area.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::Rng as _;

use crate::patterns;
use crate::position::Position;
use crate::slot::Slot;
use crate::turn::Colour;

/// The random number generator of the playouts.
pub(crate) type Rng = Xoshiro256PlusPlus;

/// Which colour first played on each array slot in a playout (0: nobody, 1: black,
/// 2: white): what the engine's AMAF statistics learn from.
#[derive(Debug)]
pub(crate) struct FirstPlayed {
    pub(crate) by: Vec<u8>,
}

impl FirstPlayed {
    pub(crate) fn new(slots: usize) -> Self {
        Self { by: vec![0; slots] }
    }

    pub(crate) fn clear(&mut self) {
        self.by.fill(0);
    }

    /// Records `colour` on slot `p` unless someone played there earlier.
    pub(crate) fn record(&mut self, p: Slot, colour: Colour) {
        if self.by[p.index()] == 0 {
            self.by[p.index()] = 1 + colour.index() as u8;
        }
    }

    /// Records `colour` on slot `p`, overriding a later move (tree moves come before).
    pub(crate) fn record_earlier(&mut self, p: Slot, colour: Colour) {
        self.by[p.index()] = 1 + colour.index() as u8;
    }

    pub(crate) fn played_first(&self, p: Slot, colour: Colour) -> bool {
        self.by[p.index()] == 1 + colour.index() as u8
    }
}

/// Plays `position` out and returns Black's area margin (komi not included). `last` is the
/// slot of the last stone played, if the last move was one.
pub(crate) fn playout(
    position: &mut Position,
    mut last: Option<Slot>,
    rng: &mut Rng,
    first: &mut FirstPlayed,
) -> i32 {
    let limit = 3 * position.size() * position.size();
    for _ in 0..limit {
        if position.passes() >= 2 {
            break;
        }
        let colour = position.to_move();
        match choose(position, last, rng) {
            Some(p) => {
                first.record(p, colour);
                position.play_slot(p);
                last = Some(p);
            }
            None => {
                position.pass();
                last = None;
            }
        }
    }
    position.area_margin()
}

/// The policy's move for the player to move, as a slot; `None` to pass.
pub(crate) fn choose(position: &Position, last: Option<Slot>, rng: &mut Rng) -> Option<Slot> {
    if let Some(q) = last {
        if let Some(p) = answer(position, q, rng) {
            return Some(p);
        }
        if let Some(p) = shape_move(position, q, rng) {
            return Some(p);
        }
    }
    random_move(position, rng)
}

/// A point next to the stone on slot `last` (one of its 8 neighbours) whose neighbourhood is
/// one of the shapes of [`crate::patterns`], chosen at random among those that are sensible.
fn shape_move(position: &Position, last: Slot, rng: &mut Rng) -> Option<Slot> {
    let mut candidates = [Slot::new(0); 8];
    let mut count = 0;
    // By reference: taken by value, the array's elements were copied out one by one (0.9% more
    // instructions for the engine).
    for &q in &position.around(last) {
        if position.is_empty_slot(q)
            && patterns::matches(position.neighbourhood(q))
            && sensible(position, q)
        {
            candidates[count] = q;
            count += 1;
        }
    }
    (count > 0).then(|| candidates[(rng.next_u64() % count as u64) as usize])
}

/// Whether the empty slot `p` is a move the playouts may make: playable (not a ko's forbidden
/// point, not the mover's eye, not a suicide) and not a self-atari of two stones or more.
fn sensible(position: &Position, p: Slot) -> bool {
    position.is_playable(p) && !position.is_big_self_atari(p)
}

/// A move that answers the stone on slot `last`, chosen at random among the captures of enemy
/// chains it left in atari (itself included) and the saving moves of own chains it put in
/// atari: a capture of an enemy chain in atari next to the own chain (four times in ten only
/// those), or an extension that gives the chain two liberties or more. As Pachi's playouts, a
/// tenth of the time no answer is made, unless an own chain of three stones or more is in atari.
fn answer(position: &Position, last: Slot, rng: &mut Rng) -> Option<Slot> {
    let mover = position.to_move();
    let enemy = mover.other();
    let mut moves = Candidates::new();
    let mut big = false;
    if position.stone_at(last) == Some(enemy)
        && let Some(p) = position.atari_liberty(last)
    {
        moves.add(position, p);
    }
    for &q in &position.neighbours(last) {
        let Some(colour) = position.stone_at(q) else {
            continue;
        };
        let Some(liberty) = position.atari_liberty(q) else {
            continue;
        };
        if colour == enemy {
            moves.add(position, liberty);
            continue;
        }
        big |= position.chain_size(q) >= 3;
        let before = moves.count;
        position.counter_captures(q, |p| moves.add(position, p));
        if moves.count > before && rng.next_u64() % 10 < 4 {
            continue;
        }
        if position.captures(liberty) || position.liberties_after(liberty, 2) >= 2 {
            moves.add(position, liberty);
        }
    }
    if moves.count == 0 || (!big && rng.next_u64().is_multiple_of(10)) {
        return None;
    }
    Some(moves.slots[(rng.next_u64() % moves.count as u64) as usize])
}

/// The answers found so far, each once, none a ko's forbidden point.
struct Candidates {
    slots: [Slot; 16],
    count: usize,
}

impl Candidates {
    fn new() -> Self {
        Self {
            slots: [Slot::new(0); 16],
            count: 0,
        }
    }

    fn add(&mut self, position: &Position, p: Slot) {
        if self.count < self.slots.len()
            && !position.is_ko(p)
            && !self.slots[..self.count].contains(&p)
        {
            self.slots[self.count] = p;
            self.count += 1;
        }
    }
}

/// A uniformly random empty point that is not the mover's eye, a suicide or a big self-atari.
fn random_move(position: &Position, rng: &mut Rng) -> Option<Slot> {
    let empties = position.empty_slots();
    if empties.is_empty() {
        return None;
    }
    let start = (rng.next_u64() % empties.len() as u64) as usize;
    for i in (start..empties.len()).chain(0..start) {
        let p = empties[i];
        if sensible(position, p) {
            return Some(p);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use floodgate_bitgrid::Cell;
    use rand_xoshiro::rand_core::SeedableRng;
    use std::collections::BTreeMap;

    /// How often each answer (as a cell; `None` for no answer) came up over 1,000 seeds.
    fn answers(rows: &[&str], last: Cell) -> BTreeMap<Option<(usize, usize)>, usize> {
        let position = Position::from_rows(rows, Colour::White);
        let last = position.slot(last);
        let mut seen = BTreeMap::new();
        for seed in 0..1000 {
            let mut rng = Rng::seed_from_u64(seed);
            let answer = answer(&position, last, &mut rng).map(|p| {
                let cell = position.vertex(p);
                (cell.x, cell.y)
            });
            *seen.entry(answer).or_insert(0) += 1;
        }
        seen
    }

    #[test]
    fn a_big_chain_in_atari_is_always_saved_by_a_counter_capture_or_its_extension() {
        // Black's last stone on (3, 2) left White's three stones one liberty, (4, 2); Black's
        // three stones above them are in atari too, at (5, 0).
        let rows = [
            ".OXXX..", //
            ".XOOOX.", //
            "..XX...", //
            ".......", //
            ".......", //
            ".......", //
            ".......", //
        ];
        let seen = answers(&rows, Cell::new(3, 2));
        assert_eq!(
            seen.keys().collect::<Vec<_>>(),
            [&Some((4, 2)), &Some((5, 0))]
        );
        // Four times in ten the counter-capture alone, else one of the two.
        assert!((650..750).contains(&seen[&Some((5, 0))]), "{seen:?}");
    }

    #[test]
    fn a_lone_stone_in_atari_is_left_a_tenth_of_the_time() {
        let rows = [
            ".....", //
            "..X..", //
            ".XOX.", //
            ".....", //
            ".....", //
        ];
        let seen = answers(&rows, Cell::new(3, 2));
        assert_eq!(seen.keys().collect::<Vec<_>>(), [&None, &Some((2, 3))]);
        assert!((60..140).contains(&seen[&None]), "{seen:?}");
    }

    #[test]
    fn a_last_stone_left_in_atari_is_taken_nine_times_in_ten() {
        // Black's stone on (1, 1) is in atari; White takes it at (1, 2).
        let rows = [
            ".O...", //
            "OXO..", //
            ".....", //
            ".....", //
            ".....", //
        ];
        let seen = answers(&rows, Cell::new(1, 1));
        assert_eq!(seen.keys().collect::<Vec<_>>(), [&None, &Some((1, 2))]);
        assert!((60..140).contains(&seen[&None]), "{seen:?}");
    }
}
