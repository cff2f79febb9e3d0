//! Rapid action value estimation (RAVE): the all-moves-as-first statistics of a node and the
//! blend of them with its own that ranks children, as Gelly and Silver (2007) describe it.

/// A node's priors and all-moves-as-first statistics, kept beside the node when the search
/// uses RAVE. Every count is a whole or half number far below 2^23, so sums in `f32` are exact.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct RaveStats {
    /// Virtual visits from the priors.
    pub(super) prior_visits: f32,
    /// Virtual wins among them, for the node's mover.
    pub(super) prior_wins: f32,
    /// Playouts below the node's parent in which the node's mover played the node's move first.
    pub(super) visits: f32,
    /// Wins among them, for the node's mover.
    pub(super) wins: f32,
}

impl RaveStats {
    /// Stats that start from priors.
    pub(super) fn with_prior(visits: f32, wins: f32) -> Self {
        Self {
            prior_visits: visits,
            prior_wins: wins,
            ..Self::default()
        }
    }

    /// Visits and wins of the node itself, its priors included.
    pub(super) fn own(self, visits: u32, reward: f64) -> (f32, f32) {
        (
            self.prior_visits + visits as f32,
            self.prior_wins + reward as f32,
        )
    }

    /// The value that ranks the node among its siblings: its own win rate blended with its
    /// all-moves-as-first win rate by `beta = n' / (n' + n + n n' / equivalence)`, which starts
    /// at 1 and fades as its own visits `n` grow.
    pub(super) fn value(self, visits: u32, reward: f64, equivalence: f32) -> f32 {
        let (n, wins) = self.own(visits, reward);
        let rn = self.visits;
        let own = wins / n.max(1.0);
        if rn > 0.0 {
            let beta = rn / (rn + n + n * rn / equivalence);
            (1.0 - beta) * own + beta * self.wins / rn
        } else {
            own
        }
    }
}
