//! Random games to the end: the playouts that value the leaves of the engine's tree.
//!
//! The policy: answer the last move by capturing an enemy chain next to it that it left in
//! atari, or by saving an own chain it put in atari (when the saving move gives the chain two
//! liberties); else play one of the 8 points around the last move whose 3 x 3 neighbourhood is
//! a known shape ([`crate::patterns`]); otherwise a uniformly random point. Every move but a
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
        if let Some(p) = answer(position, q) {
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

/// A move that answers the stone on slot `last`: capture, or escape from atari.
fn answer(position: &Position, last: Slot) -> Option<Slot> {
    let mover = position.to_move();
    let enemy = mover.other();
    // The last stone itself, or an enemy chain next to it, left in atari: capture.
    if position.stone_at(last) == Some(enemy)
        && let Some(p) = position.atari_liberty(last)
        && !position.is_ko(p)
    {
        return Some(p);
    }
    for &q in &position.neighbours(last) {
        match position.stone_at(q) {
            Some(c) if c == enemy => {
                if let Some(p) = position.atari_liberty(q)
                    && !position.is_ko(p)
                {
                    return Some(p);
                }
            }
            Some(_) => {
                // An own chain the last stone put in atari: extend when that gives it two
                // liberties or more.
                if let Some(p) = position.atari_liberty(q)
                    && !position.is_ko(p)
                    && (position.captures(p) || position.liberties_after(p, 2) >= 2)
                {
                    return Some(p);
                }
            }
            None => {}
        }
    }
    None
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
