//! Fitting a [`MoveModel`] to game records: the positions, their candidates' features, and
//! minorization-maximization.

use std::collections::HashMap;
use std::fmt;

use super::{
    DISTANCE_LAST, DISTANCE_OWN, Features, LINE, MoveModel, SHAPES, TACTIC, features, is_candidate,
    reduced,
};
use crate::gtp::GtpMove;
use crate::position::Position;
use crate::slot::Slot;
use crate::turn::Move;

/// Why a game record did not load into a [`Trainer`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecordError {
    /// What is wrong.
    pub reason: &'static str,
}

impl fmt::Display for GameRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a game record {}", self.reason)
    }
}

impl std::error::Error for GameRecordError {}

/// One position of the training games: its candidates' features (the shape as the reduced
/// key until the shapes are numbered) and which candidate was played.
struct Competition {
    candidates: Vec<Features>,
    chosen: usize,
}

/// Training positions from game records, and the fit of a [`MoveModel`] to them.
#[derive(Default)]
pub struct Trainer {
    competitions: Vec<Competition>,
}

impl fmt::Debug for Trainer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Trainer")
            .field("positions", &self.competitions.len())
            .finish()
    }
}

impl Trainer {
    /// A trainer without positions.
    pub fn new() -> Self {
        Self::default()
    }

    /// The positions loaded.
    pub fn positions(&self) -> usize {
        self.competitions.len()
    }

    /// Loads a game written as `SIZE KOMI MOVE ...` (GTP vertices or `pass`; a `*` before a
    /// move marks one not to learn from): one position for every stone played that was a
    /// candidate. Returns the number of positions it added.
    pub fn add_game(&mut self, record: &str) -> Result<usize, GameRecordError> {
        let mut words = record.split_whitespace();
        let size: usize = words
            .next()
            .and_then(|w| w.parse().ok())
            .filter(|n| (crate::MIN_PLAY_SIZE..=crate::MAX_PLAY_SIZE).contains(n))
            .ok_or(GameRecordError {
                reason: "does not start with a board size",
            })?;
        words.next().ok_or(GameRecordError {
            reason: "has no komi",
        })?;
        let mut position = Position::new(size);
        let mut history: Vec<Option<Slot>> = Vec::new();
        let mut added = 0;
        for word in words {
            let (learn, word) = match word.strip_prefix('*') {
                Some(rest) => (false, rest),
                None => (true, word),
            };
            let m = word
                .parse::<GtpMove>()
                .ok()
                .and_then(|m| m.on_board(size))
                .ok_or(GameRecordError {
                    reason: "has a move that is not a point of its board",
                })?;
            let slot = match m {
                Move::Play(v) => {
                    let p = position.slot(v);
                    if !position.is_empty_slot(p) {
                        return Err(GameRecordError {
                            reason: "plays on a stone",
                        });
                    }
                    Some(p)
                }
                Move::Pass => None,
            };
            let last = history.last().copied().flatten();
            let own = history.len().checked_sub(2).and_then(|i| history[i]);
            if let (true, Some(p)) = (learn, slot)
                && is_candidate(&position, p)
            {
                self.competitions.push(competition(&position, p, last, own));
                added += 1;
            }
            position.play(m);
            history.push(slot);
        }
        Ok(added)
    }

    /// Fits a model by `rounds` rounds of minorization-maximization over every group, shapes
    /// seen fewer than `min_count` times among the candidates counted as rare. Each weight
    /// has a prior of one win and one loss against a weight of 1, which keeps it finite.
    pub fn fit(&self, rounds: usize, min_count: usize) -> MoveModel {
        let (common, numbered) = self.numbered(min_count);
        let gammas = minorize_maximize(&numbered, SHAPES + common.len() + 1, rounds);
        let fixed: Vec<f32> = gammas[..SHAPES].iter().map(|&g| g as f32).collect();
        let shapes = common
            .iter()
            .zip(&gammas[SHAPES..])
            .map(|(&key, &gamma)| (key, gamma as f32))
            .collect();
        MoveModel::from_parts(&fixed, shapes, gammas[gammas.len() - 1] as f32)
    }

    /// The shapes seen at least `min_count` times (reduced keys, in order), and the positions
    /// with each candidate's shape numbered: `SHAPES + i` for the `i`-th of those, one more
    /// for the rare ones.
    fn numbered(&self, min_count: usize) -> (Vec<u16>, Vec<Competition>) {
        let mut counts: HashMap<u16, usize> = HashMap::new();
        for f in self.competitions.iter().flat_map(|c| &c.candidates) {
            *counts.entry(f[0]).or_default() += 1;
        }
        let mut common: Vec<u16> = counts
            .into_iter()
            .filter(|&(_, n)| n >= min_count)
            .map(|(key, _)| key)
            .collect();
        common.sort_unstable();
        let rare = (SHAPES + common.len()) as u16;
        let number = |key: u16| {
            common
                .binary_search(&key)
                .map_or(rare, |i| (SHAPES + i) as u16)
        };
        let numbered = self
            .competitions
            .iter()
            .map(|c| Competition {
                candidates: c
                    .candidates
                    .iter()
                    .map(|&[shape, a, b, c, d]| [number(shape), a, b, c, d])
                    .collect(),
                chosen: c.chosen,
            })
            .collect();
        (common, numbered)
    }

    /// How well `model` predicts the moves played: the share of positions where the played
    /// move is the strongest candidate (shared among the candidates tied for it), and the mean log-likelihood of the played moves.
    pub fn evaluate(&self, model: &MoveModel) -> (f64, f64) {
        let mut top = 0.0f64;
        let mut log_likelihood = 0.0f64;
        for c in &self.competitions {
            let strengths: Vec<f64> = c
                .candidates
                .iter()
                .map(|f| {
                    let mut f = *f;
                    f[0] = model.shape_of_key[usize::from(f[0])];
                    f.iter()
                        .map(|&i| f64::from(model.gammas[usize::from(i)]))
                        .product()
                })
                .collect();
            let best = strengths.iter().copied().fold(0.0, f64::max);
            if strengths[c.chosen] >= best {
                // Candidates tied for the strongest share the hit.
                top += 1.0 / strengths.iter().filter(|&&s| s >= best).count() as f64;
            }
            log_likelihood += (strengths[c.chosen] / strengths.iter().sum::<f64>()).ln();
        }
        let n = self.competitions.len().max(1) as f64;
        (top / n, log_likelihood / n)
    }
}

/// Coulom's minorization-maximization: `rounds` times, each group's weights in turn set to
/// their wins over the sum, across positions, of the strength their candidates would have
/// without them divided by the position's total strength; `count` weights, numbered as in
/// the positions' features.
fn minorize_maximize(positions: &[Competition], count: usize, rounds: usize) -> Vec<f64> {
    let groups = [
        SHAPES..count,
        DISTANCE_LAST..DISTANCE_OWN,
        DISTANCE_OWN..TACTIC,
        TACTIC..LINE,
        LINE..SHAPES,
    ];
    let mut gammas = vec![1.0f64; count];
    let mut wins = vec![0.0f64; count];
    for c in positions {
        for &f in &c.candidates[c.chosen] {
            wins[usize::from(f)] += 1.0;
        }
    }
    let mut denominators = vec![0.0f64; count];
    for _ in 0..rounds {
        for (g, group) in groups.iter().enumerate() {
            denominators[group.clone()].fill(0.0);
            for c in positions {
                let strength =
                    |f: &Features| f.iter().map(|&i| gammas[usize::from(i)]).product::<f64>();
                let total: f64 = c.candidates.iter().map(strength).sum();
                for f in &c.candidates {
                    let i = usize::from(f[g]);
                    denominators[i] += strength(f) / gammas[i] / total;
                }
            }
            for i in group.clone() {
                gammas[i] = (wins[i] + 1.0) / (denominators[i] + 2.0 / (1.0 + gammas[i]));
            }
            // A group's weights are known up to a common factor: make their geometric mean 1.
            let mean = group.clone().map(|i| gammas[i].ln()).sum::<f64>() / group.len() as f64;
            for i in group.clone() {
                gammas[i] /= mean.exp();
            }
        }
    }
    gammas
}

/// The candidates of `position` and their features (the shape as its reduced key), `chosen`
/// the slot played.
fn competition(
    position: &Position,
    chosen: Slot,
    last: Option<Slot>,
    own: Option<Slot>,
) -> Competition {
    let mut candidates = Vec::new();
    let mut index = 0;
    for &p in position.empty_slots() {
        if !is_candidate(position, p) {
            continue;
        }
        if p == chosen {
            index = candidates.len();
        }
        let (mut f, key) = features(position, p, last, own);
        f[0] = reduced(key);
        candidates.push(f);
    }
    Competition {
        candidates,
        chosen: index,
    }
}
