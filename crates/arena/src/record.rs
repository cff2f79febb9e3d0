//! The record of one game, the same for every game: what `--jsonl` writes and `replay` reads.

use serde::{Deserialize, Serialize};

use crate::clock::TimeControl;
use crate::error::Error;
use crate::shard::Shard;
use crate::termination::Loss;

/// One move (or answer) as the referee saw it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRecord {
    /// The seat that moved (0 moves first).
    pub seat: u8,
    /// The move in the game's notation: a Flood Wars colour character, a Grow answer in the
    /// mover's own view (mirrored for seat 1, as it answered), a Domain action `x y D`, a Cram
    /// domino `AxB_CxD`.
    pub text: String,
    /// Wall time of the move in microseconds (process start to exit for a process started per
    /// move; line written to answer read for a process that lives for the game).
    pub micros: u64,
    /// Peak resident memory of the process that made the move, in KiB (0 for built-ins, for
    /// processes that live for the game, whose peak is in [`GameRecord::peak_kib`], and for a
    /// process that ended before the referee could read its peak).
    pub peak_kib: u64,
    /// In a game with a clock (`--tc`), the time that was left on the mover's clock when its
    /// move came, before any increment, in milliseconds; absent otherwise (and for built-ins,
    /// which play off the clock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_left_ms: Option<u64>,
}

/// A player's loss by a bad answer: an illegal or malformed move, a crash, a timeout.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Forfeit {
    /// The seat that lost.
    pub seat: u8,
    /// Why, in a few words: the text of [`Forfeit::loss`].
    pub reason: String,
    /// Why, typed; `None` in records written before the arena kept it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loss: Option<Loss>,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's name (`floodwars`, `grow`, `domain`, `cram`).
    pub game: String,
    /// The seed that drew the start and drives the built-ins (a Domain Expansion start file's
    /// seed, where one was given).
    pub seed: u64,
    /// The start in the game's own text: Flood Wars board rows, a Cram init line, a Go side or
    /// SGF opening, a Grow opening (empty for the empty grid), a Domain Expansion seed from a
    /// start file (empty for the pair's own).
    pub start: String,
    /// The players' names, seat 0 (moves first) then seat 1.
    pub players: [String; 2],
    /// Each seat's limit per move (or turn), in milliseconds (with a clock, the limit of
    /// everything but the moves).
    pub limits_ms: [u64; 2],
    /// The clock both programs play under over the game (`--tc`), where it has one; absent
    /// otherwise, and in records written before the arena had clocks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControl>,
    /// Each seat's margin past its time limits before an answer is late (`--margin-ms`), in
    /// milliseconds; absent when both are 0.
    #[serde(default, skip_serializing_if = "no_margins")]
    pub margins_ms: [u64; 2],
    /// The moves in order.
    pub moves: Vec<MoveRecord>,
    /// The seat that forfeited, if one did.
    pub forfeit: Option<Forfeit>,
    /// Points as the judge gives them, seat 0 then seat 1 (Cram: 1 for the winner).
    pub points: [i64; 2],
    /// The winning seat, `None` for a draw.
    pub winner: Option<u8>,
    /// Whether the referee ended the game with its outcome known (`--adjudicate`), before its
    /// players played it out (absent from the JSONL when not).
    #[serde(default, skip_serializing_if = "is_false")]
    pub adjudicated: bool,
    /// Each seat's peak resident memory over the game, in KiB (0 for a built-in).
    pub peak_kib: [u64; 2],
    /// Each seat's time from its start to its first word (Cram's `OK`), in microseconds, where
    /// the game has such a step.
    pub ready_micros: [u64; 2],
}

/// Whether `value` is false (a field left out of the JSONL then).
fn is_false(value: &bool) -> bool {
    !value
}

/// Whether neither seat has a margin (the field left out of the JSONL then).
fn no_margins(margins_ms: &[u64; 2]) -> bool {
    *margins_ms == [0, 0]
}

impl GameRecord {
    /// An unplayed game: no moves, no points, no winner.
    pub fn new(
        game: &str,
        seed: u64,
        start: String,
        players: [String; 2],
        limits_ms: [u64; 2],
    ) -> Self {
        Self {
            game: game.to_string(),
            seed,
            start,
            players,
            limits_ms,
            time_control: None,
            margins_ms: [0, 0],
            moves: Vec::new(),
            forfeit: None,
            points: [0, 0],
            winner: None,
            adjudicated: false,
            peak_kib: [0, 0],
            ready_micros: [0, 0],
        }
    }

    /// Records a move, and raises its seat's peak memory to the move's.
    pub fn push_move(&mut self, played: MoveRecord) {
        let peak = &mut self.peak_kib[usize::from(played.seat)];
        *peak = (*peak).max(played.peak_kib);
        self.moves.push(played);
    }

    /// Records that `seat` forfeited: the other seat wins.
    pub fn forfeit(&mut self, seat: u8, loss: Loss) {
        let reason = loss.to_string();
        let loss = Some(loss);
        self.forfeit = Some(Forfeit { seat, reason, loss });
        self.winner = Some(1 - seat);
    }

    /// Seat 0's margin over seat 1 as a match counts it: the points difference, but at least
    /// 1 in the winner's favour (a forfeit can leave equal points).
    pub fn margin(&self) -> i64 {
        let difference = self.points[0] - self.points[1];
        match self.winner {
            Some(0) => difference.max(1),
            Some(_) => difference.min(-1),
            None => 0,
        }
    }
}

/// One line of a `--jsonl` file: a game of a match, with where it stands in the match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchLine {
    /// The match's seed.
    pub match_seed: u64,
    /// The board pair.
    pub pair: usize,
    /// Player `a`'s seat (0 = moved first).
    pub a_seat: u8,
    /// The game, with its players, limits and seed.
    pub record: GameRecord,
    /// The board pairs of the whole match (all shards together); `None` in records written
    /// before the arena kept it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boards: Option<usize>,
    /// The shard of the match that played the game (`--shard`); `None` in older records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
}

impl MatchLine {
    /// Reads one line of a `--jsonl` file; every seat named in it must be 0 or 1.
    pub fn parse(line: &str) -> Result<Self, Error> {
        let game: Self = serde_json::from_str(line)
            .map_err(|e| Error::Record(format!("not a recorded game: {e}")))?;
        let record = &game.record;
        let seats = record.moves.iter().map(|m| m.seat);
        let mut seats = seats
            .chain(record.forfeit.iter().map(|f| f.seat))
            .chain(record.winner)
            .chain([game.a_seat]);
        match seats.find(|&seat| seat > 1) {
            Some(seat) => Err(Error::Record(format!(
                "not a recorded game: seat {seat} (seats are 0 and 1)"
            ))),
            None => Ok(game),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_forfeit_keeps_its_typed_loss_and_old_lines_without_it_still_read() {
        let loss = Loss::late(
            crate::termination::Awaited::Answer,
            Duration::from_millis(100),
        );
        let mut record = GameRecord::new(
            "domain",
            1,
            String::new(),
            ["a".into(), "b".into()],
            [100, 100],
        );
        record.forfeit(1, loss.clone());
        let line = MatchLine {
            match_seed: 1,
            pair: 0,
            a_seat: 0,
            record,
            boards: Some(1),
            shard: Some(Shard::WHOLE),
        };
        let text = serde_json::to_string(&line).unwrap();
        let read = MatchLine::parse(&text).unwrap();
        let forfeit = read.record.forfeit.unwrap();
        assert_eq!(forfeit.reason, "no answer within 100 ms");
        assert_eq!(forfeit.loss, Some(loss));
        let old = text.replace(
            r#","loss":{"Late":{"awaited":"Answer","limit_ms":100}}"#,
            "",
        );
        assert_ne!(old, text, "{text}");
        assert_eq!(
            MatchLine::parse(&old).unwrap().record.forfeit.unwrap().loss,
            None
        );
    }

    #[test]
    fn the_clock_and_margins_are_kept_and_old_lines_without_them_still_read() {
        let mut record = GameRecord::new("go", 1, "9".into(), ["a".into(), "b".into()], [5000; 2]);
        let old = serde_json::to_string(&record).unwrap();
        assert!(
            !old.contains("time_control") && !old.contains("margins_ms"),
            "{old}"
        );
        record.time_control = Some("60+0.5".parse().unwrap());
        record.margins_ms = [50, 0];
        record.push_move(MoveRecord {
            seat: 0,
            text: "C3".into(),
            micros: 1_200,
            peak_kib: 0,
            clock_left_ms: Some(59_998),
        });
        let text = serde_json::to_string(&record).unwrap();
        assert!(
            text.contains(r#""time_control":"60+0.5","margins_ms":[50,0]"#),
            "{text}"
        );
        assert!(text.contains(r#""clock_left_ms":59998"#), "{text}");
        assert_eq!(serde_json::from_str::<GameRecord>(&text).unwrap(), record);
        let read: GameRecord = serde_json::from_str(&old).unwrap();
        assert_eq!((read.time_control, read.margins_ms), (None, [0, 0]));
        let bad = text.replace("60+0.5", "60+x");
        let error = serde_json::from_str::<GameRecord>(&bad)
            .unwrap_err()
            .to_string();
        assert!(error.contains("is not a time control"), "{error}");
    }

    #[test]
    fn a_line_naming_a_third_seat_is_refused() {
        // Found by the arena_jsonl fuzz target: a move of seat 2 made the replay index past
        // the two seats' names.
        let line = r#"{"match_seed":1,"pair":0,"a_seat":0,"record":{"game":"domain","seed":1,"start":"","players":["a","b"],"limits_ms":[100,100],"moves":[{"seat":2,"text":"1 1 L","micros":9,"peak_kib":0}],"forfeit":null,"points":[0,0],"winner":null,"peak_kib":[0,0],"ready_micros":[0,0]}}"#;
        let error = MatchLine::parse(line).unwrap_err().to_string();
        assert!(error.contains("seat 2"), "{error}");
        let fixed = line.replace(r#""seat":2"#, r#""seat":0"#);
        let game = MatchLine::parse(&fixed).unwrap();
        assert!(crate::playback::show(&game.record, crate::playback::View::default()).is_ok());
    }
}
