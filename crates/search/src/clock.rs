//! A deadline shared by the searches and the bots.

use std::time::{Duration, Instant};

/// A search clock: a start instant, a soft limit (do not start new work after it) and a hard
/// limit (stop now). Checking costs one `Instant::now()`; searches check every few nodes.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    start: Instant,
    soft: Instant,
    hard: Instant,
}

impl Clock {
    /// A clock started at `start`, with soft and hard limits that long after it.
    /// A soft limit past the hard one is treated as the hard one.
    pub fn new(start: Instant, soft: Duration, hard: Duration) -> Self {
        let hard = start + hard;
        Self {
            start,
            soft: (start + soft).min(hard),
            hard,
        }
    }

    /// A clock started now.
    pub fn starting_now(soft: Duration, hard: Duration) -> Self {
        Self::new(Instant::now(), soft, hard)
    }

    /// A clock that never runs out (for searches bounded by depth or iterations).
    pub fn unlimited() -> Self {
        // A century is as good as forever and cannot overflow `Instant`.
        Self::starting_now(
            Duration::from_secs(3_155_760_000),
            Duration::from_secs(3_155_760_000),
        )
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the soft limit has passed: finish the current unit of work, start no other.
    pub fn soft_expired(&self) -> bool {
        Instant::now() >= self.soft
    }

    /// Whether the hard limit has passed: stop at once.
    pub fn hard_expired(&self) -> bool {
        Instant::now() >= self.hard
    }

    /// Time left before the hard limit.
    pub fn remaining(&self) -> Duration {
        self.hard.saturating_duration_since(Instant::now())
    }
}
