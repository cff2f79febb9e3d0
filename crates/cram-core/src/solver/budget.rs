//! What a solver may spend before it gives up ([`Budget`]), the limits it checks as it works
//! ([`Limits`]), and the error of a question the budget ran out on ([`OutOfBudget`]). The
//! guard that holds a solver to a budget is [`Budgeted`](super::Budgeted).

use std::fmt;
use std::time::Instant;

/// The error of a question a solver gave up on: its deadline passed or its work ran out.
/// What it found before giving up stays in its tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget;

impl fmt::Display for OutOfBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the solver's budget (time or work) ran out")
    }
}

impl std::error::Error for OutOfBudget {}

/// What a solver may spend on the questions asked of it: a deadline, an amount of work, both,
/// or (the default) no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// The solver gives up after this instant (it reads the clock every 1024 units of work).
    pub deadline: Option<Instant>,
    /// The solver gives up after this many more units of work: regions valued by mex or
    /// searched.
    pub work: Option<u64>,
}

impl Budget {
    /// Until `deadline`, with no limit on work.
    pub fn until(deadline: Instant) -> Self {
        Self {
            deadline: Some(deadline),
            work: None,
        }
    }

    /// `work` more units of work (regions valued by mex or searched), with no deadline.
    pub fn work(work: u64) -> Self {
        Self {
            deadline: None,
            work: Some(work),
        }
    }
}

/// The limits a solver checks as it works: a budget made absolute (the work as a total of the
/// solver's counters).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Limits {
    /// Give up after this instant.
    pub(super) deadline: Option<Instant>,
    /// Give up once the work counted in the solver's stats reaches this.
    pub(super) work: Option<u64>,
}

impl Limits {
    /// These limits and `budget` (its work counted from `work_done`) together: the earlier
    /// deadline and the smaller work limit.
    pub(super) fn within(self, budget: Budget, work_done: u64) -> Self {
        Self {
            deadline: tighter(self.deadline, budget.deadline),
            work: tighter(
                self.work,
                budget.work.map(|work| work_done.saturating_add(work)),
            ),
        }
    }
}

/// The tighter of two limits (`None`: no limit).
fn tighter<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}
