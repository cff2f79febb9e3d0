//! The alpha-beta window the searches share.

use crate::game::Score;
use crate::table::Bound;

/// Above every score (wins with a margin included).
pub(crate) const INFINITY: Score = Score::MAX;

/// The scores a fail-soft alpha-beta search tells apart at a node, for its player to move:
/// those above `alpha` and below `beta`. A score returned outside the window is only a bound
/// on the node's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Window {
    /// A score the player to move is sure of elsewhere: the node matters only above it.
    pub(crate) alpha: Score,
    /// A score the opponent is sure of elsewhere: above it the node is refuted.
    pub(crate) beta: Score,
}

impl Window {
    /// Every score.
    pub(crate) const FULL: Self = Self {
        alpha: -INFINITY,
        beta: INFINITY,
    };

    /// The same window as the other player sees it.
    #[inline(always)]
    pub(crate) const fn flipped(self) -> Self {
        Self {
            alpha: -self.beta,
            beta: -self.alpha,
        }
    }

    /// The null window just above `alpha`: a search in it only says whether a score beats
    /// `alpha`.
    #[inline(always)]
    pub(crate) const fn null(self) -> Self {
        Self {
            alpha: self.alpha,
            beta: self.alpha + 1,
        }
    }

    /// Whether `score` is strictly inside the window (an exact value).
    #[inline(always)]
    pub(crate) const fn contains(self, score: Score) -> bool {
        self.alpha < score && score < self.beta
    }

    /// Whether the window is empty: the node is refuted (a cutoff).
    #[inline(always)]
    pub(crate) const fn is_closed(self) -> bool {
        self.alpha >= self.beta
    }

    /// What a node's best score `best`, searched within this window, says of its true value.
    pub(crate) const fn bound(self, best: Score) -> Bound {
        if best <= self.alpha {
            Bound::Upper
        } else if best >= self.beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}
