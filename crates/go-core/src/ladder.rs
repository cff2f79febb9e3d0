//! Ladder reading for the tree's priors.
//!
//! A chain in atari whose owner can only extend, and which the attacker keeps in atari move
//! after move, is caught in a ladder; the playouts do not see it. [`Ladders`] reads such a
//! sequence on its own copy of the board's points: each step puts a stone and nothing is ever
//! removed (a read ends at the first capture, either side's), so taking a step back is
//! emptying its point. No [`Position`] is copied.
//!
//! The reading is plain: the defender extends from its only liberty; with three liberties or
//! more it is free, with one it is caught, with two the attacker tries an atari on each. A
//! defender that can take an attacking chain in atari, or whose extension captures, counts as
//! free, and so does a read longer than [`MAX_STEPS`] stones: the reader errs towards "free".

use crate::position::{BLACK, EMPTY, Position, WHITE};
use crate::slot::{CAPACITY, Slot};

/// The most stones one read may put before it calls the chain free.
const MAX_STEPS: u32 = 100;

/// The stone of the other colour.
const fn other(stone: u8) -> u8 {
    BLACK + WHITE - stone
}

/// A ladder reader: a copy of a position's points and the scratch space of its floods.
pub(crate) struct Ladders {
    points: [u8; CAPACITY],
    stride: usize,
    /// Slots marked with the current `epoch` were seen by the flood under way.
    mark: [u32; CAPACITY],
    epoch: u32,
    /// The stones of the last flooded chain, and its liberties (up to the flood's limit).
    chain: Vec<Slot>,
    liberties: [Slot; 4],
    /// Stones the read under way may still put.
    steps: u32,
    /// Per chain head: the chain's liberties (up to 3) as of the loaded position, valid
    /// where `counted` holds the current `loaded`.
    counts: [u8; CAPACITY],
    counted: [u32; CAPACITY],
    loaded: u32,
}

impl std::fmt::Debug for Ladders {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ladders").finish_non_exhaustive()
    }
}

impl Ladders {
    /// A reader; [`Ladders::load`] gives it a position.
    pub(crate) fn new() -> Self {
        Self {
            points: [EMPTY; CAPACITY],
            stride: 0,
            mark: [0; CAPACITY],
            epoch: 0,
            chain: Vec::new(),
            liberties: [Slot::new(0); 4],
            steps: 0,
            counts: [0; CAPACITY],
            counted: [0; CAPACITY],
            loaded: 0,
        }
    }

    /// Reads ladders of `position` from now on.
    pub(crate) fn load(&mut self, position: &Position) {
        self.points = *position.points();
        self.stride = position.stride();
        self.loaded = self.loaded.wrapping_add(1);
        if self.loaded == 0 {
            self.counted = [0; CAPACITY];
            self.loaded = 1;
        }
    }

    /// The liberties (up to 3) of the chain on the stone `q` in the loaded position, counted
    /// once per chain.
    fn loaded_liberties(&mut self, position: &Position, q: Slot) -> u8 {
        let head = position.chain_head(q);
        if self.counted[head] != self.loaded {
            self.counts[head] = self.flood(q, 3) as u8;
            self.counted[head] = self.loaded;
        }
        self.counts[head]
    }

    fn neighbours(&self, p: Slot) -> [Slot; 4] {
        let (p, s) = (p.index(), self.stride);
        [
            Slot::new(p - s),
            Slot::new(p - 1),
            Slot::new(p + 1),
            Slot::new(p + s),
        ]
    }

    /// Floods the chain on `p`: its stones go to `chain`, its distinct liberties, up to
    /// `limit` (at most 4), to `liberties`; returns how many liberties were found.
    fn flood(&mut self, p: Slot, limit: usize) -> usize {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.mark = [0; CAPACITY];
            self.epoch = 1;
        }
        let colour = self.points[p];
        self.chain.clear();
        self.chain.push(p);
        self.mark[p] = self.epoch;
        let mut found = 0;
        let mut i = 0;
        while i < self.chain.len() {
            let s = self.chain[i];
            i += 1;
            for q in self.neighbours(s) {
                if self.mark[q] == self.epoch {
                    continue;
                }
                if self.points[q] == EMPTY {
                    self.mark[q] = self.epoch;
                    self.liberties[found] = q;
                    found += 1;
                    if found == limit {
                        return found;
                    }
                } else if self.points[q] == colour {
                    self.mark[q] = self.epoch;
                    self.chain.push(q);
                }
            }
        }
        found
    }

    /// Whether the chain on `p` (a stone) has exactly `n` liberties (`n` at most 3).
    fn has_liberties(&mut self, p: Slot, n: usize) -> bool {
        self.flood(p, n + 1) == n
    }

    /// Whether a stone of the chain the last flood walked (to its end) touches a chain of
    /// `enemy` in atari.
    fn flooded_chain_touches_atari(&mut self, enemy: u8) -> bool {
        let stones = std::mem::take(&mut self.chain);
        let found = stones.iter().any(|&s| {
            self.neighbours(s)
                .into_iter()
                .any(|q| self.points[q] == enemy && self.has_liberties(q, 1))
        });
        self.chain = stones;
        found
    }

    /// Whether the chain on `p`, in atari with its owner to move, gets away.
    fn escapes(&mut self, p: Slot) -> bool {
        // One liberty means the flood walked the whole chain.
        if self.steps == 0 || self.flood(p, 2) != 1 {
            return true;
        }
        let extension = self.liberties[0];
        let defender = self.points[p];
        let attacker = other(defender);
        if self.flooded_chain_touches_atari(attacker) {
            return true;
        }
        self.steps -= 1;
        self.points[extension] = defender;
        let captures = self
            .neighbours(extension)
            .into_iter()
            .any(|q| self.points[q] == attacker && self.has_liberties(q, 0));
        let escaped = captures || {
            let found = self.flood(p, 3);
            let liberties = self.liberties;
            match found {
                0 | 1 => false,
                2 => liberties[..2]
                    .iter()
                    .all(|&atari| !self.caught_by(p, atari, attacker)),
                _ => true,
            }
        };
        self.points[extension] = EMPTY;
        escaped
    }

    /// Whether the attacker's stone on `atari` (a liberty of the two-liberty chain on `p`)
    /// catches that chain. An atari stone without a liberty of its own, or one that captures
    /// some other chain, is not tried (the reading keeps to plain ladders).
    fn caught_by(&mut self, p: Slot, atari: Slot, attacker: u8) -> bool {
        if self.steps == 0 {
            return false;
        }
        self.steps -= 1;
        self.points[atari] = attacker;
        let defender = other(attacker);
        let plain = !self.has_liberties(atari, 0)
            && !self
                .neighbours(atari)
                .into_iter()
                .any(|q| self.points[q] == defender && self.has_liberties(q, 0));
        let caught = plain && !self.escapes(p);
        self.points[atari] = EMPTY;
        caught
    }

    /// Whether a stone of the player to move on the empty slot `p` (which captures nothing)
    /// puts an enemy chain next to it in atari that cannot escape a ladder.
    pub(crate) fn attack_works(&mut self, position: &Position, p: Slot) -> bool {
        let mover = position.to_move().stone();
        let enemy = other(mover);
        let mut targets = [Slot::new(0); 4];
        let mut count = 0;
        for q in self.neighbours(p) {
            if self.points[q] == enemy && self.loaded_liberties(position, q) == 2 {
                targets[count] = q;
                count += 1;
            }
        }
        if count == 0 {
            return false;
        }
        let mut works = false;
        self.points[p] = mover;
        if !self.has_liberties(p, 0) {
            for &q in &targets[..count] {
                self.steps = MAX_STEPS;
                if !self.escapes(q) {
                    works = true;
                    break;
                }
            }
        }
        self.points[p] = EMPTY;
        works
    }

    /// Whether a stone of the player to move on the empty slot `p`, the only liberty of an
    /// own chain next to it (and capturing nothing), extends that chain into a ladder that
    /// catches it: two liberties, and an atari on one of them the chain cannot escape.
    pub(crate) fn escape_fails(&mut self, position: &Position, p: Slot) -> bool {
        let mover = position.to_move().stone();
        let enemy = other(mover);
        let in_atari = self
            .neighbours(p)
            .into_iter()
            .any(|q| self.points[q] == mover && position.atari_liberty(q) == Some(p));
        if !in_atari {
            return false;
        }
        self.points[p] = mover;
        let mut fails = false;
        if self.flood(p, 3) == 2 {
            let liberties = self.liberties;
            self.steps = MAX_STEPS;
            fails = liberties[..2]
                .iter()
                .any(|&atari| self.caught_by(p, atari, enemy));
        }
        self.points[p] = EMPTY;
        fails
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::turn::Colour;
    use floodgate_bitgrid::Cell;

    fn position(rows: &[&str], to_move: Colour) -> Position {
        Position::from_rows(rows, to_move)
    }

    fn reader(position: &Position) -> Ladders {
        let mut ladders = Ladders::new();
        ladders.load(position);
        ladders
    }

    fn slot(position: &Position, x: usize, y: usize) -> Slot {
        position.slot(Cell::new(x, y))
    }

    /// A white stone at (2, 6) touched by black at (1, 6) and (2, 7), black also at (3, 7):
    /// black's atari from above, at (2, 5), starts a ladder up and to the right; the atari
    /// from the right, at (3, 6), lets white out at once.
    const LADDER: [&str; 9] = [
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".XO......",
        "..XX.....",
        ".........",
    ];

    fn with_breaker(mut rows: [&'static str; 9]) -> [&'static str; 9] {
        rows[2] = "......O..";
        rows
    }

    #[test]
    fn a_ladder_on_an_open_board_works() {
        let position = position(&LADDER, Colour::Black);
        let mut ladders = reader(&position);
        assert!(ladders.attack_works(&position, slot(&position, 2, 5)));
        assert!(!ladders.attack_works(&position, slot(&position, 3, 6)));
    }

    #[test]
    fn a_ladder_breaker_saves_the_chain() {
        let position = position(&with_breaker(LADDER), Colour::Black);
        let mut ladders = reader(&position);
        assert!(!ladders.attack_works(&position, slot(&position, 2, 5)));
        assert!(!ladders.attack_works(&position, slot(&position, 3, 6)));
    }

    #[test]
    fn a_futile_escape_is_told_from_a_good_one() {
        let mut rows = LADDER;
        rows[5] = "..X......";
        let caught = position(&rows, Colour::White);
        let mut ladders = reader(&caught);
        assert!(ladders.escape_fails(&caught, slot(&caught, 3, 6)));
        let saved = position(&with_breaker(rows), Colour::White);
        let mut ladders = reader(&saved);
        assert!(!ladders.escape_fails(&saved, slot(&saved, 3, 6)));
        // A point that is no chain's only liberty is no escape.
        assert!(!ladders.escape_fails(&saved, slot(&saved, 4, 4)));
    }
}
