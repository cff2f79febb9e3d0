//! How long a search may run.

use crate::clock::Clock;

/// How long a search may run: a number of iterations, a clock, or whichever ends first.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Stop after this many iterations.
    pub iterations: Option<u64>,
    /// Stop when the clock's soft limit passes.
    pub clock: Option<Clock>,
}

impl Budget {
    /// Exactly `n` iterations (deterministic for a given seed).
    pub fn iterations(n: u64) -> Self {
        Self {
            iterations: Some(n),
            clock: None,
        }
    }

    /// Until the clock's soft limit.
    pub fn time(clock: Clock) -> Self {
        Self {
            iterations: None,
            clock: Some(clock),
        }
    }

    /// Whichever of `n` iterations and the clock's soft limit comes first.
    pub fn both(n: u64, clock: Clock) -> Self {
        Self {
            iterations: Some(n),
            clock: Some(clock),
        }
    }

    /// Whether a search that has run `done` iterations should stop: the iterations are done,
    /// or the clock's soft limit has passed (read every `check_every` iterations, and never
    /// before the first), or the budget has neither limit and one iteration ran.
    // `%` and `matches!` rather than `is_multiple_of` and `Option::is_some_and`: the CodinGame
    // bundle keeps to the std of Rust 1.65.
    #[allow(clippy::manual_is_multiple_of)]
    pub fn spent(&self, done: u64, check_every: u64) -> bool {
        matches!(self.iterations, Some(n) if done >= n)
            || (done > 0
                && (matches!(self.clock, Some(clock) if done % check_every == 0 && clock.soft_expired())
                    || (self.iterations.is_none() && self.clock.is_none())))
    }
}
