//! Rapid action value estimation (RAVE): the all-moves-as-first statistics of a node and the
//! blend of them with its own that ranks children, as Gelly and Silver (2007) describe it.

/// A node's own visits and wins with its priors, and its all-moves-as-first statistics, kept
/// beside the node when the search uses RAVE: selection reads only these (16 bytes a child).
/// Every count is a whole or half number far below 2^23, so sums in `f32` are exact.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct RaveStats {
    /// Visits through the node, the priors' virtual ones included.
    pub(super) own_visits: f32,
    /// Wins among them for the node's mover.
    pub(super) own_wins: f32,
    /// Playouts below the node's parent in which the node's mover played the node's move first.
    pub(super) visits: f32,
    /// Wins among them, for the node's mover.
    pub(super) wins: f32,
}

impl RaveStats {
    /// Stats that start from priors.
    pub(super) fn with_prior(visits: f32, wins: f32) -> Self {
        Self {
            own_visits: visits,
            own_wins: wins,
            ..Self::default()
        }
    }

    /// Counts a visit worth `value` to the node's mover.
    pub(super) fn visit(&mut self, value: f32) {
        self.own_visits += 1.0;
        self.own_wins += value;
    }

    /// The value that ranks the node among its siblings: its own win rate blended with its
    /// all-moves-as-first win rate by `beta = n' / (n' + n + n n' / equivalence)`, which starts
    /// at 1 and fades as its own visits `n` grow.
    pub(super) fn value(self, equivalence: f32) -> f32 {
        let (n, rn) = (self.own_visits, self.visits);
        let own = self.own_wins / n.max(1.0);
        if rn > 0.0 {
            let beta = rn / (rn + n + n * rn / equivalence);
            (1.0 - beta) * own + beta * self.wins / rn
        } else {
            own
        }
    }
}
