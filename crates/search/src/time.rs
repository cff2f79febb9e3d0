//! How long a bot thinks: the time for a move, measured from a start instant, and the policies
//! that turn it into a search's [`Clock`]. Every bot and engine takes its clock from here, so
//! that the fractions of a budget live in one place.
//!
//! ```
//! use std::time::{Duration, Instant};
//! use floodgate_search::{MoveTime, TimePolicy};
//!
//! // Grow's judge allows 2 s a move; the bot spends at most 1.4 s of it from its process's
//! // start, and starts no new iteration after a third of that.
//! let started = Instant::now();
//! let time = MoveTime::new(started, Duration::from_millis(1400));
//! let clock = time.clock(TimePolicy::OneThird);
//! assert!(!clock.hard_expired());
//! ```

use std::time::{Duration, Instant};

use crate::clock::Clock;

/// Where a search's soft limit (start no new work) falls in its budget; the hard limit (stop
/// now) is always the end of the budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimePolicy {
    /// The soft limit at the end of the budget too: for a search that keeps to the budget by
    /// itself, as a Monte Carlo search whose budget already leaves the judge's margin (Flood
    /// Wars, Go), or alpha-beta that starts an iteration only when its predicted time fits
    /// (Domain Expansion's short turns).
    WholeBudget,
    /// The soft limit at nine tenths of the budget: a Monte Carlo search that may use nearly
    /// all of it, keeping a tenth for the iterations under way and the answer (Domain
    /// Expansion's Monte Carlo search).
    NineTenths,
    /// The soft limit at a third of the budget: iterative deepening, whose next iteration
    /// takes at least as long as all the ones before it together, so that one started after a
    /// third would seldom finish before the budget ends (Grow, Cram's look-ahead).
    OneThird,
}

impl TimePolicy {
    /// The soft limit for `budget`, measured from the same start.
    pub fn soft_limit(self, budget: Duration) -> Duration {
        match self {
            Self::WholeBudget => budget,
            Self::NineTenths => budget.mul_f64(0.9),
            Self::OneThird => budget / 3,
        }
    }
}

/// The time for one move: a budget measured from a start instant (the process's start for a
/// judge that starts the bot for every move, the arrival of the input for one that keeps it
/// running). Its end is the hard limit of every clock taken from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTime {
    start: Instant,
    budget: Duration,
}

impl MoveTime {
    /// `budget` from `start`.
    pub fn new(start: Instant, budget: Duration) -> Self {
        Self { start, budget }
    }

    /// From `start` to `deadline` (no time at all if the deadline comes first).
    pub fn ending_at(start: Instant, deadline: Instant) -> Self {
        Self::new(start, deadline.saturating_duration_since(start))
    }

    /// When the move's time started.
    pub fn start(&self) -> Instant {
        self.start
    }

    /// How long the move may take from its start.
    pub fn budget(&self) -> Duration {
        self.budget
    }

    /// The end of the move's time.
    pub fn deadline(&self) -> Instant {
        self.start + self.budget
    }

    /// The middle of the move's time: the end of the first phase for an engine that thinks
    /// in two (Cram's solver, before its look-ahead search).
    pub fn halfway(&self) -> Instant {
        self.start + self.budget / 2
    }

    /// A search clock for the move: from its start, the soft limit where `policy` puts it,
    /// the hard limit at the end of the budget.
    pub fn clock(&self, policy: TimePolicy) -> Clock {
        Clock::new(self.start, policy.soft_limit(self.budget), self.budget)
    }
}

/// What a bot keeps back from its share of a game clock (a main time spread over the moves
/// left, or a byo-yomi period) for the controller, the pipes and a busy machine: it thinks
/// for `keep` of the share less `reserve`, and never for less than `least`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SafetyMargin {
    /// The part of the share used (0 to 1).
    pub keep: f64,
    /// Taken off after that.
    pub reserve: Duration,
    /// The shortest thinking time.
    pub least: Duration,
}

impl SafetyMargin {
    /// For a game clock kept by a controller that talks to the bot over pipes (GTP's
    /// `time_settings` and `time_left`): 95% of the share, less 100 ms, at least 50 ms
    /// (2 s a move gives 1.8 s).
    pub const GAME_CLOCK: Self = Self {
        keep: 0.95,
        reserve: Duration::from_millis(100),
        least: Duration::from_millis(50),
    };

    /// The time to think for a share of `share_secs` seconds.
    pub fn thinking_time(&self, share_secs: f64) -> Duration {
        let seconds = share_secs * self.keep - self.reserve.as_secs_f64();
        Duration::from_secs_f64(seconds.max(self.least.as_secs_f64()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policies_put_the_soft_limit_where_the_bots_had_it() {
        let budget = Duration::from_millis(1400);
        assert_eq!(TimePolicy::WholeBudget.soft_limit(budget), budget);
        assert_eq!(
            TimePolicy::NineTenths.soft_limit(budget),
            budget.mul_f64(0.9)
        );
        assert_eq!(TimePolicy::OneThird.soft_limit(budget), budget / 3);
        let odd = Duration::from_nanos(1_000_000_001);
        assert_eq!(TimePolicy::OneThird.soft_limit(odd), odd / 3);
    }

    #[test]
    fn a_move_time_measures_from_its_start() {
        let start = Instant::now();
        let time = MoveTime::new(start, Duration::from_millis(300));
        assert_eq!(time.deadline(), start + Duration::from_millis(300));
        assert_eq!(time.halfway(), start + Duration::from_millis(150));
        assert_eq!(MoveTime::ending_at(start, time.deadline()), time);
        assert_eq!(
            MoveTime::ending_at(time.deadline(), start).budget(),
            Duration::ZERO
        );
        assert!(time.clock(TimePolicy::OneThird).remaining() <= Duration::from_millis(300));
        let hour = MoveTime::new(start, Duration::from_secs(3600));
        assert!(!hour.clock(TimePolicy::OneThird).soft_expired());
        let none = MoveTime::new(start, Duration::ZERO).clock(TimePolicy::WholeBudget);
        assert!(none.soft_expired() && none.hard_expired());
    }

    #[test]
    fn the_game_clock_margin_is_the_go_bots_formula() {
        for share in [0.0, 0.01, 0.3, 0.35, 1.0, 2.5, 7.123_456_789, 60.0, 1e4] {
            let old = Duration::from_secs_f64((share * 0.95 - 0.1_f64).max(0.05));
            assert_eq!(
                SafetyMargin::GAME_CLOCK.thinking_time(share),
                old,
                "{share}"
            );
        }
    }
}
