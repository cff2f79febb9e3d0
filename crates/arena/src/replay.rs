//! What a game's record replays to, and how its states are shown: the [`Replay`] trait each game
//! implements (in the `picture` module of its folder), and the helpers those implementations
//! share. Showing a record of any game is [`crate::playback`]'s.

use crate::error::Error;
use crate::html::Picture;
use crate::record::{GameRecord, MoveRecord};

/// How one game's records are shown (in replays, match summaries and final boards): the seats'
/// names, the states a record goes through, each as text and as a picture, with the seats'
/// scores. Each game implements it in the `picture` module of its folder, next to its drawing.
pub trait Replay {
    /// What a replay shows at each step.
    type State;

    /// The seats' names (who moves first, then the other), as the game's statement calls them.
    const SEATS: [&'static str; 2];

    /// The states of a recorded game: the start, then the state after each move.
    fn states(record: &GameRecord) -> Result<Vec<Self::State>, Error>;

    /// Each seat's score in a state.
    fn scores(state: &Self::State) -> [i64; 2];

    /// A state as text, with terminal colours or without.
    fn text(state: &Self::State, colour: bool) -> String;

    /// How to read [`Replay::text`]: what the characters are and whose they are.
    const TEXT_LEGEND: &'static str;

    /// A state as a picture.
    const PICTURE: fn(&Self::State) -> Picture;

    /// How each seat is shown in pictures (its colour or marker), for the legend.
    const LEGEND: [&'static str; 2];
}

/// `glyph` as a replay's text shows a mark of `seat`: in the seat's terminal colour (bold
/// blue for the first mover, bold red for the other) when `colour`, else as it is.
pub fn seat_glyph(seat: usize, glyph: impl std::fmt::Display, colour: bool) -> String {
    match (colour, seat) {
        (true, 0) => format!("\x1b[1;34m{glyph}\x1b[0m"),
        (true, _) => format!("\x1b[1;31m{glyph}\x1b[0m"),
        (false, _) => glyph.to_string(),
    }
}

/// The states of a recorded game: `start`, then the state after each move, which `next` plays
/// on the state before it (`None` where the rules refuse the move, a `what` in the error).
pub fn replay_moves<S>(
    start: S,
    record: &GameRecord,
    what: &str,
    mut next: impl FnMut(&S, &MoveRecord) -> Option<S>,
) -> Result<Vec<S>, Error> {
    let mut states = vec![start];
    for m in &record.moves {
        let before = states.last().expect("the start");
        let refused = || Error::Record(format!("{:?} is not a {what} here", m.text));
        let after = next(before, m).ok_or_else(refused)?;
        states.push(after);
    }
    Ok(states)
}
