//! The priors of new children in the engine's tree: virtual visits and wins that say what is
//! known of a move before any playout went through it.
//!
//! Every move starts at even odds; a capture (also an atari that starts a ladder the chain
//! cannot escape), a known 3 x 3 shape and a point near the last move gain won visits; a
//! self-atari of a chain of two stones or more (also an escape into a ladder that catches the
//! chain: the `ladder` module) gains lost visits, and so does a pass.

use floodgate_search::Prior;

use crate::ladder::Ladders;
use crate::position::Position;
use crate::slot::Slot;

/// Virtual visits of every child, half of them won.
const EVEN: f32 = 10.0;
/// Won visits of a capture, or of an atari that starts a working ladder.
const CAPTURE: f32 = 15.0;
/// Lost visits of a self-atari, or of an escape into a ladder.
const SELF_ATARI: f32 = 10.0;
/// Won visits of a point whose 3 x 3 neighbourhood is a known shape.
const SHAPE: f32 = 10.0;
/// Won visits of a point 1, 2 or 3 steps (Manhattan distance) from the last move.
const NEAR_LAST: [f32; 3] = [24.0, 22.0, 8.0];
/// Lost visits of a pass.
const PASS: f32 = 10.0;

/// Computes priors; it keeps the ladder reader's scratch space between expansions.
#[derive(Debug)]
pub(crate) struct Priors {
    ladders: Box<Ladders>,
}

impl Priors {
    pub(crate) fn new() -> Self {
        Self {
            ladders: Box::new(Ladders::new()),
        }
    }

    /// Writes into `priors` the prior of each of `slots` ([`Slot::PASS`] a pass) in
    /// `position`, where the last move was a stone on `last`, if any.
    pub(crate) fn fill(
        &mut self,
        position: &Position,
        last: Option<Slot>,
        slots: &[Slot],
        priors: &mut Vec<Prior>,
    ) {
        priors.clear();
        self.ladders.load(position);
        let near = last.map(|q| position.vertex(q));
        for &p in slots {
            if p == Slot::PASS {
                priors.push(Prior {
                    visits: PASS,
                    wins: 0.0,
                });
                continue;
            }
            let mut prior = self.tactics(position, p);
            if crate::patterns::matches(position.neighbourhood(p)) {
                prior.visits += SHAPE;
                prior.wins += SHAPE;
            }
            if let Some(last) = near {
                let v = position.vertex(p);
                let distance = v.x.abs_diff(last.x) + v.y.abs_diff(last.y);
                if let Some(&bonus) = NEAR_LAST.get(distance.wrapping_sub(1)) {
                    prior.visits += bonus;
                    prior.wins += bonus;
                }
            }
            priors.push(prior);
        }
    }

    /// Even odds, then what captures, self-ataris and ladders say of the point `p`.
    fn tactics(&mut self, position: &Position, p: Slot) -> Prior {
        let mut prior = Prior {
            visits: EVEN,
            wins: EVEN / 2.0,
        };
        if position.captures(p) {
            prior.visits += CAPTURE;
            prior.wins += CAPTURE;
        } else if position.is_big_self_atari(p) || self.ladders.escape_fails(position, p) {
            prior.visits += SELF_ATARI;
        } else if self.ladders.attack_works(position, p) {
            prior.visits += CAPTURE;
            prior.wins += CAPTURE;
        }
        prior
    }
}
