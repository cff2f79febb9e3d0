//! The priors of new children in the engine's tree: virtual visits and wins that say what is
//! known of a move before any playout went through it.
//!
//! Every move starts at even odds; a capture (also an atari that starts a ladder the chain
//! cannot escape) and a known 3 x 3 shape gain won visits; a self-atari of a chain of two
//! stones or more (also an escape into a ladder that catches the chain: the `ladder` module)
//! gains lost visits, and so does a pass.

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
    /// `position`.
    pub(crate) fn fill(&mut self, position: &Position, slots: &[Slot], priors: &mut Vec<Prior>) {
        priors.clear();
        self.ladders.load(position);
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
