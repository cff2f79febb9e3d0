//! Replays of recorded games, for any game: as text (a board after each move) or as one
//! self-contained HTML page with a move slider.

use std::fmt::Write as _;

use crate::html::{Frame, page};
use crate::record::GameRecord;
use crate::referee::Referee;

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

/// A recorded game of any game, as text (after move `only` when given) or as
/// an HTML page; an error for an unknown game or moves its rules refuse.
pub fn show(
    record: &GameRecord,
    only: Option<usize>,
    as_html: bool,
    colour: bool,
) -> Result<String, String> {
    use crate::{cram::Cram, domain::Domain, floodwars::FloodWars, go::Go, grow::Grow};
    match (record.game.as_str(), as_html) {
        ("floodwars", false) => text::<FloodWars>(record, only, colour),
        ("domain", false) => text::<Domain>(record, only, colour),
        ("cram", false) => text::<Cram>(record, only, colour),
        ("grow", false) => text::<Grow>(record, only, colour),
        ("go", false) => text::<Go>(record, only, colour),
        ("floodwars", true) => html::<FloodWars>(record),
        ("domain", true) => html::<Domain>(record),
        ("cram", true) => html::<Cram>(record),
        ("grow", true) => html::<Grow>(record),
        ("go", true) => html::<Go>(record),
        (other, _) => Err(format!("a game of an unknown kind {other:?}")),
    }
}

/// The game as text: who plays which seat, then the board after each move (only after move
/// `only` when given; 0 is the start), with terminal colours when `colour`.
pub fn text<R: Referee>(
    record: &GameRecord,
    only: Option<usize>,
    colour: bool,
) -> Result<String, String> {
    let states = R::states(record)?;
    if let Some(step) = only.filter(|&step| step >= states.len()) {
        return Err(format!(
            "the game has {} moves: --move {step} is past its end",
            states.len() - 1
        ));
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
pub fn final_text<R: Referee>(record: &GameRecord, colour: bool) -> Result<String, String> {
    let states = R::states(record)?;
    let last = states.last().expect("at least the start");
    Ok(format!(
        "{}{}\n",
        R::text(last, colour),
        result_line::<R>(record)
    ))
}

/// The game as one self-contained HTML page.
pub fn html<R: Referee>(record: &GameRecord) -> Result<String, String> {
    let states = R::states(record)?;
    let frames: Vec<Frame> = states
        .iter()
        .enumerate()
        .map(|(step, state)| Frame {
            caption: caption::<R>(record, step),
            scores: R::scores(state),
            picture: R::picture(state),
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
