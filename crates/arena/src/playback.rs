//! Recorded games played back, whichever game they are: as text (a board after each move, or
//! one position), as the final board with its result, or as one self-contained HTML page with a
//! move slider. Each game's states and pictures come from its [`Replay`]; the game of a record
//! is found by name in the registry ([`crate::games`]).

use std::fmt::Write as _;

use crate::error::Error;
use crate::games::{ForGame, for_game};
use crate::html::{Frame, page};
use crate::record::GameRecord;
use crate::referee::Referee;
#[cfg(doc)]
use crate::replay::Replay;

/// The caption of step `step` (0 = the start) of `record`.
fn caption<R: Referee>(record: &GameRecord, step: usize) -> String {
    if step == 0 {
        return "start".to_string();
    }
    let m = &record.moves[step - 1];
    format!(
        "move {step}: {} ({}) plays {} in {:.1} ms",
        R::SEATS[usize::from(m.seat)],
        record.players[usize::from(m.seat)],
        m.text,
        m.micros as f64 / 1000.0
    )
}

/// How the game ended, in one line.
pub fn result_line<R: Referee>(record: &GameRecord) -> String {
    let mut line = format!(
        "points: {} {}, {} {}",
        R::SEATS[0],
        record.points[0],
        R::SEATS[1],
        record.points[1]
    );
    match &record.forfeit {
        Some(forfeit) => {
            let _ = write!(
                line,
                "; {} ({}) forfeited: {}",
                R::SEATS[usize::from(forfeit.seat)],
                record.players[usize::from(forfeit.seat)],
                forfeit.reason
            );
        }
        None => match record.winner {
            Some(seat) => {
                let _ = write!(
                    line,
                    "; {} ({}) wins",
                    R::SEATS[usize::from(seat)],
                    record.players[usize::from(seat)]
                );
            }
            None => line.push_str("; a draw"),
        },
    }
    line
}

/// How [`show`] shows a recorded game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// One self-contained HTML page instead of text.
    pub as_html: bool,
    /// Text: only the board after this move (0 is the start).
    pub only: Option<usize>,
    /// Text: with terminal colours.
    pub colour: bool,
}

/// [`show`] for one game's referee.
struct Show<'a> {
    record: &'a GameRecord,
    view: View,
}

impl ForGame for Show<'_> {
    type Output = Result<String, Error>;

    fn run<R: Referee>(self) -> Result<String, Error> {
        match self.view.as_html {
            true => html::<R>(self.record),
            false => text::<R>(self.record, self.view.only, self.view.colour),
        }
    }
}

/// A recorded game of any game, as `view` says; an error for an unknown game or moves its
/// rules refuse.
pub fn show(record: &GameRecord, view: View) -> Result<String, Error> {
    let show = Show { record, view };
    for_game(&record.game, show).unwrap_or_else(|| {
        let words = format!("a game of an unknown kind {:?}", record.game);
        Err(Error::Record(words))
    })
}

/// The game as text: who plays which seat, then the board after each move (only after move
/// `only` when given; 0 is the start), with terminal colours when `colour`.
pub fn text<R: Referee>(
    record: &GameRecord,
    only: Option<usize>,
    colour: bool,
) -> Result<String, Error> {
    let states = R::states(record)?;
    if let Some(step) = only.filter(|&step| step >= states.len()) {
        return Err(Error::Record(format!(
            "the game has {} moves: --move {step} is past its end",
            states.len() - 1
        )));
    }
    let mut out = format!(
        "{}: {} = {}, {} = {}\nlegend: {}\n",
        R::NAME,
        R::SEATS[0],
        record.players[0],
        R::SEATS[1],
        record.players[1],
        R::TEXT_LEGEND
    );
    for (step, state) in states.iter().enumerate() {
        if only.is_some_and(|only| only != step) {
            continue;
        }
        let [first, second] = R::scores(state);
        let _ = writeln!(
            out,
            "\n{} (score {} {first}, {} {second})",
            caption::<R>(record, step),
            R::SEATS[0],
            R::SEATS[1]
        );
        out.push_str(&R::text(state, colour));
    }
    let _ = writeln!(out, "\n{}", result_line::<R>(record));
    Ok(out)
}

/// The board after the last move, with the result line.
pub fn final_text<R: Referee>(record: &GameRecord, colour: bool) -> Result<String, Error> {
    let states = R::states(record)?;
    let last = states.last().expect("at least the start");
    Ok(format!(
        "{}{}\n",
        R::text(last, colour),
        result_line::<R>(record)
    ))
}

/// The game as one self-contained HTML page.
pub fn html<R: Referee>(record: &GameRecord) -> Result<String, Error> {
    let states = R::states(record)?;
    let frames: Vec<Frame> = states
        .iter()
        .enumerate()
        .map(|(step, state)| Frame {
            caption: caption::<R>(record, step),
            scores: R::scores(state),
            picture: (R::PICTURE)(state),
        })
        .collect();
    let title = format!(
        "{}: {} vs {}",
        R::NAME,
        record.players[0],
        record.players[1]
    );
    let players = [record.players[0].as_str(), record.players[1].as_str()];
    Ok(page(
        &title,
        players,
        R::LEGEND,
        &frames,
        &result_line::<R>(record),
    ))
}
