//! Pentanomial statistics and the sequential probability ratio test (SPRT) for matches played
//! in board pairs: each board once from each seat, as fastchess and fishtest play openings in
//! pairs, because a board can favour a seat. Pure statistics, no I/O.
//!
//! A pair's *score* is the first player's points over its two games divided by two: 0, 0.25,
//! 0.5, 0.75 or 1, the mean score per game of the pair. The pentanomial counts the pairs of
//! each score; its mean is the mean score per game, and the spread of pair scores (smaller
//! than that of single games when a board favours one seat) gives the confidence interval.

use crate::error::Error;
use crate::stats::elo;

/// The pair scores of the five pentanomial bins.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The 97.5% quantile of the standard normal distribution (a two-sided 95% interval), as
/// fastchess uses it.
const Z_95: f64 = 1.959_963_984_540_054;

/// The count that stands in for an empty bin in the likelihood ratio, as fastchess does.
const EMPTY_BIN: f64 = 1e-3;

/// The first player's result in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameScore {
    /// 0 points.
    Loss,
    /// 0.5 points.
    Draw,
    /// 1 point.
    Win,
}

impl GameScore {
    /// The points in halves: 0, 1 or 2.
    pub const fn half_points(self) -> usize {
        self as usize
    }
}

/// The pairs of a match counted by the first player's points over the pair.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// `counts[k]`: the pairs in which the first player scored `k` half-points, so 0 (two
    /// losses), 0.5, 1 (a win and a loss, or two draws), 1.5 and 2 points (two wins).
    pub counts: [u64; 5],
}

/// An Elo difference and its 95% confidence interval. An end is `None` where the interval of
/// the score reaches 0 or 1, whose Elo is infinite: that side is unbounded.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The Elo difference of the mean score.
    pub elo: f64,
    /// The lower end of the interval.
    pub lower: Option<f64>,
    /// The upper end of the interval.
    pub upper: Option<f64>,
}

impl Pentanomial {
    /// Counts one pair: the first player's results in the pair's two games. Returns the pair's
    /// score in half points (0 to 4).
    pub fn add_pair(&mut self, first_game: GameScore, second_game: GameScore) -> usize {
        self.count(first_game.half_points() + second_game.half_points())
    }

    /// Counts one pair scored as a whole by points: the first player takes both points when
    /// `margin`, its point margin summed over the pair's two games, is positive, one when it
    /// is zero, none otherwise. Returns the pair's score in half points (0, 2 or 4).
    pub fn add_pair_by_margin(&mut self, margin: i64) -> usize {
        self.count((2 + 2 * margin.signum()) as usize)
    }

    fn count(&mut self, half_points: usize) -> usize {
        self.counts[half_points] += 1;
        half_points
    }

    /// The number of pairs.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The mean score per game (the mean pair score), or `None` without pairs.
    pub fn score(&self) -> Option<f64> {
        let pairs = self.pairs();
        (pairs > 0).then(|| weighted_mean(&self.counts.map(|c| c as f64 / pairs as f64)))
    }

    /// The variance of the pair scores, or `None` without pairs.
    pub fn variance(&self) -> Option<f64> {
        let score = self.score()?;
        let pairs = self.pairs() as f64;
        let squares = PAIR_SCORES.map(|a| (a - score).powi(2));
        Some(
            self.counts
                .iter()
                .zip(squares)
                .map(|(&c, d)| c as f64 / pairs * d)
                .sum(),
        )
    }

    /// The Elo difference of the mean score (logistic: `-400 log10(1/s - 1)`) with the 95%
    /// interval of the mean score, `s ± 1.96 sqrt(variance / pairs)`, turned into Elo, as
    /// fastchess's pentanomial Elo does. `None` (too few games to say) without pairs or when
    /// every pair scored the same: the interval would be a point, and a score of 0 or 1
    /// (every pair lost, or every pair won) has no finite Elo.
    pub fn elo(&self) -> Option<EloEstimate> {
        let (score, variance) = (self.score()?, self.variance()?);
        if variance <= 0.0 {
            return None;
        }
        let margin = Z_95 * (variance / self.pairs() as f64).sqrt();
        let bounded = |s: f64| (s > 0.0 && s < 1.0).then(|| elo(s));
        Some(EloEstimate {
            elo: elo(score),
            lower: bounded(score - margin),
            upper: bounded(score + margin),
        })
    }
}

/// `pairs [L, .., W] (a's points over a pair: 0, 0.5, 1, 1.5, 2), Elo +E [lower, upper]`, or
/// "too few pairs" where the Elo is not defined.
impl std::fmt::Display for Pentanomial {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [a, b, c, d, e] = self.counts;
        write!(
            f,
            "pairs {} [{a} {b} {c} {d} {e}] (by points 0, 0.5, 1, 1.5, 2)",
            self.pairs()
        )?;
        match self.elo() {
            None => write!(f, ", Elo: too few pairs to say"),
            Some(estimate) => {
                let end = |end: Option<f64>, unbounded: &str| {
                    end.map_or_else(|| unbounded.to_string(), |elo| format!("{elo:+.0}"))
                };
                write!(
                    f,
                    ", Elo {:+.0} [{}, {}] (95%)",
                    estimate.elo,
                    end(estimate.lower, "-inf"),
                    end(estimate.upper, "+inf")
                )
            }
        }
    }
}

/// What a sequential probability ratio test concludes so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The log-likelihood ratio reached the lower bound: the difference is at most `elo0`.
    AcceptH0,
    /// The log-likelihood ratio reached the upper bound: the difference is at least `elo1`.
    AcceptH1,
    /// Neither bound is reached: play more pairs.
    Continue,
}

/// A sequential probability ratio test of H0: the first player is `elo0` (logistic Elo) better
/// against H1: it is `elo1` better, with false positive rate `alpha` and false negative rate
/// `beta`, on the pentanomial model: `fastchess -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05
/// model=logistic` with pentanomial statistics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1.
    pub elo1: f64,
    /// The probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The probability of accepting H0 when H1 holds.
    pub beta: f64,
}

impl Sprt {
    /// A test, checked as fastchess checks its options: `elo0 < elo1`, both finite, `alpha` and
    /// `beta` strictly between 0 and 1, and `alpha + beta < 1`.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Self, Error> {
        let rate = |p: f64| p > 0.0 && p < 1.0;
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            Err(Error::Sprt(format!(
                "the SPRT needs finite elo0 < elo1, not {elo0} and {elo1}"
            )))
        } else if !(rate(alpha) && rate(beta) && alpha + beta < 1.0) {
            Err(Error::Sprt(format!(
                "the SPRT needs alpha and beta between 0 and 1 with alpha + beta < 1, \
                 not {alpha} and {beta}"
            )))
        } else {
            Ok(Self {
                elo0,
                elo1,
                alpha,
                beta,
            })
        }
    }

    /// The log-likelihood ratio bounds: `(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 given the pairs: the generalized SPRT of
    /// Michel Van den Bergh on the pentanomial, the formula of fastchess's
    /// `SPRT::getLLR_logistic` (app/src/matchmaking/sprt/sprt.cpp), from Van den Bergh's
    /// "Comments on Normalized Elo", proposition 1.1:
    ///
    /// `LLR = N * sum_i p_i * ln(p1_i / p0_i)`, where `p_i` is the observed frequency of pair
    /// score `a_i`, `N` the number of pairs, and `pk` the most likely distribution whose mean is
    /// `sk`, the score of `elo_k` (`1 / (1 + 10^(-elo_k / 400))`):
    /// `pk_i = p_i / (1 + theta (a_i - sk))`, with `theta` the root of
    /// `sum_i p_i (a_i - sk) / (1 + theta (a_i - sk)) = 0`.
    ///
    /// Like fastchess, an empty bin counts 0.001 pairs (in `p_i` and `N`), so that no `pk_i` is 0.
    /// Fastchess finds `theta` by ITP to within 0.001; this bisects to the limit of `f64`. The
    /// ratio does not change to first order with `theta` at the root, so the two agree to many
    /// digits. Without pairs the ratio is 0. Elo bounds beyond about ±2400 (a score within
    /// 10⁻⁶ of 0 or 1) are taken as ±2400, so that the ratio stays finite.
    ///
    /// For bounds close to the observed score this is about the usual approximation
    /// `N (s1 - s0) (2 s - s0 - s1) / (2 variance)`, with `s` and `variance` the pairs' mean
    /// and variance; far from the bounds the two differ (the exact ratio grows more slowly).
    pub fn llr(&self, results: &Pentanomial) -> f64 {
        if results.pairs() == 0 {
            return 0.0;
        }
        let counts = results
            .counts
            .map(|c| if c == 0 { EMPTY_BIN } else { c as f64 });
        let total: f64 = counts.iter().sum();
        let observed = counts.map(|c| c / total);
        let score_of = |elo: f64| score_of_elo(elo).clamp(1e-6, 1.0 - 1e-6);
        let p0 = most_likely_with_mean(&observed, score_of(self.elo0));
        let p1 = most_likely_with_mean(&observed, score_of(self.elo1));
        let per_pair: f64 = (0..5).map(|i| observed[i] * (p1[i] / p0[i]).ln()).sum();
        total * per_pair
    }

    /// Whether the pairs accept H0 (the ratio at or below the lower bound), accept H1 (at or
    /// above the upper bound), or call for more pairs.
    pub fn decision(&self, results: &Pentanomial) -> Decision {
        let llr = self.llr(results);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Decision::AcceptH1
        } else if llr <= lower {
            Decision::AcceptH0
        } else {
            Decision::Continue
        }
    }
}

/// The mean pair score of a distribution over the five bins.
fn weighted_mean(probabilities: &[f64; 5]) -> f64 {
    probabilities
        .iter()
        .zip(PAIR_SCORES)
        .map(|(p, a)| p * a)
        .sum()
}

/// The score of a logistic Elo difference.
fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The distribution with mean `score` (strictly between 0 and 1) that makes the `observed` one
/// (every bin above 0) most likely: `observed_i / (1 + theta (a_i - score))`. The sum
/// `sum_i observed_i (a_i - score) / (1 + theta (a_i - score))` falls from +∞ to -∞ as `theta`
/// goes from `-1 / (1 - score)` to `1 / score`, so bisection finds its root (200 halvings
/// narrow that interval far below `f64` precision).
fn most_likely_with_mean(observed: &[f64; 5], score: f64) -> [f64; 5] {
    let excess = PAIR_SCORES.map(|a| a - score);
    let slope = |theta: f64| -> f64 {
        (0..5)
            .map(|i| observed[i] * excess[i] / (1.0 + theta * excess[i]))
            .sum()
    };
    let (mut low, mut high) = (-1.0 / (1.0 - score), 1.0 / score);
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if middle <= low || middle >= high {
            break;
        }
        if slope(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let theta = 0.5 * (low + high);
    std::array::from_fn(|i| observed[i] / (1.0 + theta * excess[i]))
}

#[cfg(test)]
mod tests {
    use super::GameScore::{Draw, Loss, Win};
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
        (actual - expected).abs() <= tolerance
    }

    #[test]
    fn pairs_scored_by_margin_count_as_two_one_or_no_points() {
        let mut pairs = Pentanomial::default();
        for margin in [37, -2, 0, 5] {
            pairs.add_pair_by_margin(margin);
        }
        assert_eq!(pairs.counts, [1, 0, 1, 0, 2]);
        assert_eq!(pairs.score(), Some(0.625));
    }

    const ZERO_FIVE: Sprt = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };

    #[test]
    fn pairs_land_in_the_bin_of_their_points() {
        let mut results = Pentanomial::default();
        results.add_pair(Loss, Loss);
        results.add_pair(Win, Loss);
        results.add_pair(Draw, Draw);
        results.add_pair(Loss, Draw);
        results.add_pair(Win, Win);
        results.add_pair(Draw, Win);
        assert_eq!(results.counts, [1, 1, 2, 1, 1]);
        assert_eq!(results.pairs(), 6);
        // 0 + 0.25 + 2 * 0.5 + 0.75 + 1 = 3 over 6 pairs.
        assert_eq!(results.score(), Some(0.5));
    }

    #[test]
    fn a_small_pentanomial_by_hand() {
        let results = Pentanomial {
            counts: [1, 2, 5, 3, 1],
        };
        // N = 12 pairs. Mean: (0*1 + 0.25*2 + 0.5*5 + 0.75*3 + 1*1) / 12 = 6.25 / 12 = 25/48
        // = 0.520833.
        let score = results.score().unwrap();
        assert!(close(score, 25.0 / 48.0, 1e-15));
        // E[a^2] = (0.0625*2 + 0.25*5 + 0.5625*3 + 1) / 12 = 4.0625 / 12 = 780/2304;
        // variance = 780/2304 - (25/48)^2 = 780/2304 - 625/2304 = 155/2304 = 0.0672743.
        assert!(close(results.variance().unwrap(), 155.0 / 2304.0, 1e-15));
        // Elo: -400 log10(48/25 - 1) = 400 log10(25/23) = 400 * 0.0362122 = 14.4849.
        // Margin: 1.959964 * sqrt(0.0672743 / 12) = 1.959964 * 0.0748745 = 0.146752;
        // scores 0.374082 and 0.667585, Elo -400 log10(1/0.374082 - 1) = -89.4203 and
        // -400 log10(1/0.667585 - 1) = 121.1301.
        let elo = results.elo().unwrap();
        assert!(close(elo.elo, 14.484_869, 1e-6), "{elo:?}");
        assert!(close(elo.lower.unwrap(), -89.420_258, 1e-5), "{elo:?}");
        assert!(close(elo.upper.unwrap(), 121.130_128, 1e-5), "{elo:?}");
    }

    #[test]
    fn the_llr_of_a_small_pentanomial() {
        let results = Pentanomial {
            counts: [1, 2, 5, 3, 1],
        };
        // s0 = 0.5; s1 = 1 / (1 + 10^(-5/400)) = 0.5071951. Observed p = (1, 2, 5, 3, 1) / 12.
        // theta0 = 0.3043619 makes p0 = p_i / (1 + theta0 (a_i - 0.5))
        //   = (0.0982914, 0.1803928, 0.4166667, 0.2323225, 0.0723266): sum 1, mean 0.5;
        // theta1 = 0.2006124 makes p1 = (0.0927729, 0.1757339, 0.4172690, 0.2383882, 0.0758360).
        // LLR = sum_i count_i ln(p1_i / p0_i)
        //   = -0.057782 - 0.052332 + 0.007222 + 0.077322 + 0.047381 = 0.021812
        // (checked with 30-digit arithmetic: 0.0218118252414).
        // The approximation: 12 * 0.0071951 * (2 * 0.5208333 - 1.0071951) / (2 * 0.0672743)
        //   = 12 * 0.0071951 * 0.0344716 / 0.1345486 = 0.02212: close, as it should be.
        let p0 = most_likely_with_mean(&results.counts.map(|c| c as f64 / 12.0), 0.5);
        assert!(close(p0.iter().sum(), 1.0, 1e-12) && close(weighted_mean(&p0), 0.5, 1e-12));
        assert!(close(p0[0], 0.098_291_415, 1e-9) && close(p0[4], 0.072_326_602, 1e-9));
        assert!(close(ZERO_FIVE.llr(&results), 0.021_811_825_241, 1e-9));
        assert_eq!(ZERO_FIVE.decision(&results), Decision::Continue);
    }

    #[test]
    fn bounds_of_five_percent_errors() {
        // ln(0.05 / 0.95) = -ln 19 = -2.944439, and its opposite.
        let (lower, upper) = ZERO_FIVE.bounds();
        assert!(close(lower, -2.944_439, 1e-6) && close(upper, 2.944_439, 1e-6));
    }

    #[test]
    fn clear_results_cross_the_bounds() {
        // Values from 30-digit arithmetic of the same formula.
        let winning = Pentanomial {
            counts: [4, 20, 80, 120, 80],
        };
        assert!(close(ZERO_FIVE.llr(&winning), 4.061_820_241, 1e-8));
        assert_eq!(ZERO_FIVE.decision(&winning), Decision::AcceptH1);
        let losing = Pentanomial {
            counts: [80, 120, 80, 20, 4],
        };
        assert!(close(ZERO_FIVE.llr(&losing), -4.135_209_314, 1e-8));
        assert_eq!(ZERO_FIVE.decision(&losing), Decision::AcceptH0);
        // Even over 7200 pairs: no difference, so H0 (0 Elo) rather than H1 (5 Elo).
        let even = Pentanomial {
            counts: [400, 1600, 3200, 1600, 400],
        };
        assert!(close(ZERO_FIVE.llr(&even), -3.353_375_336, 1e-8));
        assert_eq!(ZERO_FIVE.decision(&even), Decision::AcceptH0);
        // The same frequencies over a tenth of the pairs: a tenth of the ratio, undecided.
        let short = Pentanomial {
            counts: [40, 160, 320, 160, 40],
        };
        assert!(close(ZERO_FIVE.llr(&short), -0.335_337_534, 1e-8));
        assert_eq!(ZERO_FIVE.decision(&short), Decision::Continue);
    }

    #[test]
    fn degenerate_results_give_no_elo_and_a_finite_ratio() {
        let none = Pentanomial::default();
        assert_eq!(
            (none.score(), none.variance(), none.elo()),
            (None, None, None)
        );
        assert_eq!(ZERO_FIVE.llr(&none), 0.0);
        assert_eq!(ZERO_FIVE.decision(&none), Decision::Continue);
        for counts in [[0, 0, 10, 0, 0], [0, 0, 0, 0, 50], [7, 0, 0, 0, 0]] {
            let results = Pentanomial { counts };
            assert_eq!(results.variance(), Some(0.0));
            assert_eq!(results.elo(), None, "{counts:?}");
            assert!(ZERO_FIVE.llr(&results).is_finite(), "{counts:?}");
        }
        // Every pair split: evidence for 0 Elo over 5 (empty bins count 0.001 pairs).
        let split = Pentanomial {
            counts: [0, 0, 10, 0, 0],
        };
        assert!(close(ZERO_FIVE.llr(&split), -0.139_427_639, 1e-8));
        // All won: evidence for H1, still finite; 50 pairs give 0.714409.
        let won = Pentanomial {
            counts: [0, 0, 0, 0, 50],
        };
        assert!(close(ZERO_FIVE.llr(&won), 0.714_408_751, 1e-8));
        // Extreme bounds stay finite too.
        let extreme = Sprt {
            elo0: -5000.0,
            elo1: 5000.0,
            ..ZERO_FIVE
        };
        assert!(extreme.llr(&won).is_finite());
    }

    #[test]
    fn an_interval_reaching_a_score_of_one_is_unbounded_above() {
        // Mean (0.75 + 1) / 2 = 0.875, variance 0.015625, margin 1.96 * sqrt(0.015625 / 2)
        // = 0.173: the upper end passes 1.
        let results = Pentanomial {
            counts: [0, 0, 0, 1, 1],
        };
        let elo = results.elo().unwrap();
        assert!(close(elo.elo, 338.04, 0.01), "{elo:?}");
        assert!(elo.lower.is_some() && elo.upper.is_none(), "{elo:?}");
    }

    #[test]
    fn parameters_are_checked() {
        assert_eq!(Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap(), ZERO_FIVE);
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, f64::INFINITY, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.6, 0.5).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.05, f64::NAN).is_err());
    }
}
