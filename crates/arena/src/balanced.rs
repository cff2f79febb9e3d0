//! Balanced start sets (`arena starts GAME`): candidate starts drawn from seeds, kept where the
//! game's own engine finds the game open ([`crate::referee::Referee::BALANCE`]), written one a
//! line as start files hold them.

use std::collections::HashSet;

use crate::error::Error;
use crate::referee::Referee;

/// The starts kept, one a line, and the candidates drawn to find them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BalancedSet {
    /// The kept starts, as lines of a start file, in the order they were found.
    pub lines: Vec<String>,
    /// The candidates drawn (one a seed, from the first seed on).
    pub tried: u64,
}

/// Up to `count` distinct balanced starts of `referee`'s game from the candidates of seeds
/// `seed`, `seed + 1`, ..., drawing at most `tries` candidates; an error where the game has no
/// way to judge a start, or when fewer than `count` were found.
pub fn balanced_starts<R: Referee>(
    referee: &R,
    count: usize,
    seed: u64,
    tries: u64,
) -> Result<BalancedSet, Error> {
    let Some(candidate) = R::BALANCE else {
        return Err(Error::Setting(format!(
            "{} has no balanced starts: its games all start alike (docs/arena.md, \
             \"Start files\"); give floodwars, cram, go or grow",
            R::NAME
        )));
    };
    let mut set = BalancedSet {
        lines: Vec::new(),
        tried: 0,
    };
    let mut seen = HashSet::new();
    while set.lines.len() < count && set.tried < tries {
        let drawn = candidate(referee, seed.wrapping_add(set.tried));
        set.tried += 1;
        let line = R::start_line(&drawn.start);
        if drawn.balanced && seen.insert(line.clone()) {
            set.lines.push(line);
        }
    }
    if set.lines.len() < count {
        return Err(Error::Setting(format!(
            "only {} balanced starts of {} in {tries} candidates: draw more (--tries) or \
             ask for fewer (--count)",
            set.lines.len(),
            count
        )));
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cram::Cram;
    use crate::domain::Domain;
    use crate::go::Go;
    use crate::go::balance::{BALANCED, black_win_rate, candidate};

    #[test]
    fn go_openings_are_kept_by_the_engine_s_win_rate_for_black() {
        let go = Go::default();
        let judged: Vec<(bool, f64)> = (1..=8)
            .map(|seed| {
                let drawn = candidate(&go, seed);
                (drawn.balanced, black_win_rate(&drawn.start.game(), seed))
            })
            .collect();
        for &(balanced, black) in &judged {
            assert_eq!(balanced, BALANCED.contains(&black), "{judged:?}");
        }
        assert!(judged.iter().any(|&(balanced, _)| balanced), "{judged:?}");
        assert!(judged.iter().any(|&(balanced, _)| !balanced), "{judged:?}");
        let set = balanced_starts(&go, 3, 1, 100).unwrap();
        assert_eq!(set.lines.len(), 3);
        assert!(set.tried >= 3);
    }

    #[test]
    fn cram_boards_the_solver_decides_are_not_kept() {
        let small = Cram {
            sizes: (4, 4),
            ..Cram::default()
        };
        let refused = balanced_starts(&small, 1, 1, 20).unwrap_err().to_string();
        assert!(
            refused.starts_with("only 0 balanced starts of 1 in 20"),
            "{refused}"
        );
        let large = Cram {
            sizes: (15, 15),
            prefill_percent: 20,
            ..Cram::default()
        };
        assert_eq!(balanced_starts(&large, 2, 1, 20).unwrap().lines.len(), 2);
    }

    #[test]
    fn a_game_whose_games_start_alike_has_no_balanced_starts() {
        let refused = balanced_starts(&Domain::default(), 1, 1, 1)
            .unwrap_err()
            .to_string();
        assert!(
            refused.starts_with("domain has no balanced starts"),
            "{refused}"
        );
    }
}
