//! An SPRT played as a match: board pairs from both seats, each counted as it finishes, until
//! the test decides or the pairs run out ([`play_sprt`]); resumed from its `--jsonl` file, the
//! complete pairs of which ([`crate::resume`]) are counted first and not played again.

use crate::error::Error;
use crate::game_files::GameFiles;
use crate::matchup::{MatchGame, Schedule};
use crate::player::Player;
use crate::referee::Referee;
use crate::resume::{planned_of, play_remaining};
use crate::shards::{PairScore, score_pair};
use crate::sprt::{Decision, Pentanomial, Sprt};
use std::ops::ControlFlow;

/// An SPRT as its pairs come in: the pairs counted so far and the test's decision.
#[derive(Clone, Debug)]
pub struct SprtRun {
    sprt: Sprt,
    pairs_by: PairScore,
    pentanomial: Pentanomial,
    decision: Decision,
}

impl SprtRun {
    /// A test with no pair counted yet, scoring pairs `pairs_by`.
    pub fn new(sprt: Sprt, pairs_by: PairScore) -> Self {
        let pentanomial = Pentanomial::default();
        let decision = Decision::Continue;
        Self {
            sprt,
            pairs_by,
            pentanomial,
            decision,
        }
    }

    /// Counts a pair and says where the test stands, in one line (with its newline).
    pub fn add(&mut self, pair: &[MatchGame; 2]) -> String {
        let margin = pair[0].a_margin() + pair[1].a_margin();
        let half_points = score_pair(&mut self.pentanomial, [&pair[0], &pair[1]], self.pairs_by);
        let scored = half_points as f64 / 2.0;
        self.decision = self.sprt.decision(&self.pentanomial);
        let (lower, upper) = self.sprt.bounds();
        format!(
            "pair {:>4} (board {}): a scored {scored} (margin {margin:+}) | {} | LLR {:+.3} [{lower:.3}, {upper:.3}]\n",
            self.pentanomial.pairs(),
            pair[0].pair,
            self.pentanomial,
            self.sprt.llr(&self.pentanomial)
        )
    }

    /// The pairs counted so far.
    pub fn pentanomial(&self) -> &Pentanomial {
        &self.pentanomial
    }

    /// The test's decision so far.
    pub fn decision(&self) -> Decision {
        self.decision
    }

    /// The test's conclusion, in words.
    pub fn conclusion(&self) -> &'static str {
        conclusion(self.decision, "no decision: --max-pairs reached")
    }
}

/// An SPRT's decision in words; `undecided` when it has none yet.
pub fn conclusion(decision: Decision, undecided: &'static str) -> &'static str {
    match decision {
        Decision::AcceptH1 => "H1 accepted: a is stronger (elo1 more likely than elo0)",
        Decision::AcceptH0 => "H0 accepted: a is not stronger by elo1",
        Decision::Continue => undecided,
    }
}

/// Plays an SPRT between `players` (`a`, `b`) to `schedule`: the pairs `done` (of a resumed
/// file) that the schedule plans are counted first, then the schedule's other pairs are played
/// until the test decides, each written to `files` and its progress line handed to `report` as
/// it finishes. Returns the games, in pair order; an error is the first that `report` returned
/// (which stops the test).
pub fn play_sprt<R: Referee>(
    referee: &R,
    players: [&Player; 2],
    schedule: Schedule,
    test: &mut SprtRun,
    done: Vec<[MatchGame; 2]>,
    files: &mut GameFiles,
    mut report: impl FnMut(&str) -> Result<(), Error>,
) -> Result<Vec<MatchGame>, Error> {
    let mut counted = Vec::new();
    for pair in planned_of(&schedule, done) {
        if test.decision() == Decision::Continue {
            report(&test.add(&pair))?;
            counted.push(pair);
        }
    }
    if test.decision() != Decision::Continue {
        return Ok(counted.into_iter().flatten().collect());
    }
    let mut reported = Ok(());
    let games = play_remaining(referee, players, schedule, counted, |pair| {
        files.write(&schedule, pair);
        let line = test.add(pair);
        if reported.is_ok() {
            reported = report(&line);
        }
        match (test.decision(), &reported) {
            (Decision::Continue, Ok(())) => ControlFlow::Continue(()),
            _ => ControlFlow::Break(()),
        }
    });
    reported.map(|()| games)
}

#[cfg(test)]
mod tests;
