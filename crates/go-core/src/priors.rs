//! The priors of new children in the engine's tree: virtual visits and wins that say what is
//! known of a move before any playout went through it.
//!
//! Every move starts at even odds; a capture (also an atari that starts a ladder the chain
//! cannot escape) gains won visits, and so does a move the learned move model
//! ([`crate::move_model`]) rates strong, by its strength beside the strongest candidate's; a
//! self-atari of a chain of two stones or more (also an escape into a ladder that catches the
//! chain: the `ladder` module) gains lost visits, and so does a pass.

use search::Prior;

use crate::ladder::Ladders;
use crate::move_model::MoveModel;
use crate::position::Position;

/// Virtual visits of every child, half of them won.
const EVEN: f32 = 10.0;
/// Won visits of a capture, or of an atari that starts a working ladder.
const CAPTURE: f32 = 15.0;
/// Lost visits of a self-atari, or of an escape into a ladder.
const SELF_ATARI: f32 = 10.0;
/// Won visits of the candidate the move model rates strongest; another gets this times the
/// square root of its strength over the strongest one's.
const MODEL: f32 = 40.0;
/// Lost visits of a pass.
const PASS: f32 = 10.0;

/// Computes priors; it keeps the ladder reader's scratch space between expansions.
#[derive(Debug)]
pub(crate) struct Priors {
    ladders: Box<Ladders>,
    model: &'static MoveModel,
    strengths: Vec<f32>,
}

impl Priors {
    pub(crate) fn new() -> Self {
        Self {
            ladders: Box::new(Ladders::new()),
            model: MoveModel::learned(),
            strengths: Vec::new(),
        }
    }

    /// Writes into `priors` the prior of each of `slots` (0 is a pass) in `position`, where
    /// the last two moves were stones on `recent` (the last first), where they were.
    pub(crate) fn fill(
        &mut self,
        position: &Position,
        recent: [Option<usize>; 2],
        slots: &[u16],
        priors: &mut Vec<Prior>,
    ) {
        priors.clear();
        self.ladders.load(position);
        self.strengths.clear();
        let [last, own] = recent;
        let strengths = slots.iter().map(|&slot| match slot {
            0 => 0.0,
            p => self.model.strength(position, usize::from(p), last, own),
        });
        self.strengths.extend(strengths);
        let strongest = self
            .strengths
            .iter()
            .copied()
            .fold(f32::MIN_POSITIVE, f32::max);
        for (i, &slot) in slots.iter().enumerate() {
            if slot == 0 {
                priors.push(Prior {
                    visits: PASS,
                    wins: 0.0,
                });
                continue;
            }
            let mut prior = self.tactics(position, usize::from(slot));
            let bonus = MODEL * (self.strengths[i] / strongest).sqrt();
            prior.visits += bonus;
            prior.wins += bonus;
            priors.push(prior);
        }
    }

    /// Even odds, then what captures, self-ataris and ladders say of the point `p`.
    fn tactics(&mut self, position: &Position, p: usize) -> Prior {
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
