//! Go's adjudication (`--adjudicate`), as cutechess and fastchess resign for engines: after
//! each move both engines are asked `final_score`; when both give the same side a lead of at
//! least [`ResignRule::score`] points after every one of [`ResignRule::moves`] moves in a row,
//! that side wins, by the smallest lead they gave in that run. An engine that answers
//! `final_score` with a failure or with no score turns adjudication off for the game; one that
//! does not answer loses, as for any command.

use std::fmt;
use std::str::FromStr;

use crate::error::Error;

/// When the referee ends a game both engines agree on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Moves in a row (of either side) after which the engines agreed.
    pub moves: u32,
    /// The smallest lead, in points, that counts as agreeing.
    pub score: u32,
}

impl ResignRule {
    /// Six moves (three each) with a lead of at least 15 points.
    pub const DEFAULT: Self = Self {
        moves: 6,
        score: 15,
    };
}

/// Black's lead by an engine's `final_score` reply (komi included), in half points:
/// `B+3.5` is 7, `W+7` is -14, `0` is 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreClaim(pub i64);

impl FromStr for ScoreClaim {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        let text = text.trim();
        let half_points = |number: &str| {
            let points: f64 = number.parse().ok().filter(|p: &f64| p.is_finite())?;
            let half = (2.0 * points).round();
            (half.abs() < 1e9).then_some(half as i64)
        };
        let claim = match text.split_once('+') {
            _ if text == "0" || text.eq_ignore_ascii_case("jigo") => Some(0),
            Some(("B" | "b", points)) => half_points(points),
            Some(("W" | "w", points)) => half_points(points).map(|half| -half),
            _ => None,
        };
        claim.map(Self).ok_or_else(|| {
            Error::Record(format!("{text:?} is not a score such as B+3.5, W+7 or 0"))
        })
    }
}

impl fmt::Display for ScoreClaim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let points = self.0.abs() as f64 / 2.0;
        match self.0.signum() {
            1 => write!(f, "B+{points}"),
            -1 => write!(f, "W+{points}"),
            _ => write!(f, "0"),
        }
    }
}

/// What the engines' claims added up to so far in a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Agreement {
    /// Nothing agreed after the last move.
    #[default]
    None,
    /// Both engines gave Black (`black`) or White the lead for `moves` moves in a row, the
    /// smallest being `lead` half points.
    Run {
        /// Whether the side is Black.
        black: bool,
        /// Moves in the run.
        moves: u32,
        /// The smallest lead in the run, in half points.
        lead: i64,
    },
    /// An engine gives no scores: no adjudication in this game.
    Off,
}

impl Agreement {
    /// The agreement after one more move whose claims are `claims`, under `rule`.
    pub fn after(self, claims: [ScoreClaim; 2], rule: ResignRule) -> Self {
        if self == Self::Off {
            return Self::Off;
        }
        let needed = 2 * i64::from(rule.score);
        let [first, second] = claims.map(|claim| claim.0);
        let black = first > 0;
        let agreed = first.signum() == second.signum() && first != 0;
        let lead = first.abs().min(second.abs());
        if !agreed || lead < needed.max(1) {
            return Self::None;
        }
        match self {
            Self::Run {
                black: was_black,
                moves,
                lead: was,
            } if was_black == black => Self::Run {
                black,
                moves: moves + 1,
                lead: lead.min(was),
            },
            _ => Self::Run {
                black,
                moves: 1,
                lead,
            },
        }
    }

    /// Black's (`true`) or White's win by the smallest lead in whole points (at least 1), once
    /// the run is as long as `rule` asks.
    pub fn verdict(self, rule: ResignRule) -> Option<(bool, i64)> {
        match self {
            Self::Run { black, moves, lead } if moves >= rule.moves => {
                Some((black, (lead / 2).max(1)))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims(a: &str, b: &str) -> [ScoreClaim; 2] {
        [a.parse().unwrap(), b.parse().unwrap()]
    }

    #[test]
    fn scores_read_as_gtp_writes_them() {
        for (text, half) in [
            ("B+3.5", 7),
            ("W+7", -14),
            ("0", 0),
            ("w+0.5", -1),
            ("Jigo", 0),
        ] {
            let claim: ScoreClaim = text.parse().unwrap();
            assert_eq!(claim, ScoreClaim(half), "{text}");
        }
        assert_eq!(ScoreClaim(7).to_string(), "B+3.5");
        assert_eq!(ScoreClaim(-14).to_string(), "W+7");
        for bad in ["", "B+", "B+R", "X+3", "B+nan", "B+inf", "3.5", "B+1e300"] {
            assert!(bad.parse::<ScoreClaim>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_run_of_agreeing_leads_decides_and_anything_else_restarts_it() {
        let rule = ResignRule {
            moves: 3,
            score: 10,
        };
        let mut agreement = Agreement::None;
        for (a, b, decided) in [
            ("B+20", "B+12", None),
            ("B+30", "B+15", None),
            ("B+11", "B+40", Some((true, 11))),
        ] {
            agreement = agreement.after(claims(a, b), rule);
            assert_eq!(agreement.verdict(rule), decided, "{a} {b}");
        }
        // A lead too small, a disagreement or the other side leading starts over.
        for (a, b) in [("B+9.5", "B+30"), ("B+30", "W+30"), ("0", "0")] {
            let after = agreement.after(claims(a, b), rule);
            assert_eq!(after, Agreement::None, "{a} {b}");
        }
        let white = agreement.after(claims("W+12", "W+50"), rule);
        assert_eq!(
            white,
            Agreement::Run {
                black: false,
                moves: 1,
                lead: 24
            }
        );
        for (a, b) in [("B+99", "B+99"), ("B+1", "W+1")] {
            assert_eq!(Agreement::Off.after(claims(a, b), rule), Agreement::Off);
        }
    }
}
