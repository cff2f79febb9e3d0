//! A Go game of a match as SGF (`--sgf DIR`), the record other Go programs read: the players
//! (`PB`, `PW`: their names), the board (`SZ`), komi 7 (`KM`), the rules (`RU[Tromp-Taylor]`),
//! the date (`DT`), the arena and its version (`AP`), the start's opening as ordinary moves,
//! then the game's moves, each with the time its player took in its node's comment. The result
//! (`RE`) follows how the game ended, typed: played out, the Tromp-Taylor score with komi
//! (`B+3`, `W+7`, `0` for a draw); adjudicated, a win by resignation (`B+R`: the score was not
//! final); a loss on time (`W+T`); any other forfeit, an illegal move or a crash (`W+F`),
//! resignation included (`W+R`). The first node's comment says it in words, with the pair.

use floodgate_go_core::gtp::GtpMove;
use floodgate_go_core::sgf::{Outcome, Sgf};
use floodgate_go_core::{Colour, Move};

use super::{GoStart, KOMI};
use crate::error::Error;
use crate::record::{GameRecord, MatchLine, MoveRecord};
use crate::termination::Loss;

/// What the arena writes as its name and version (`AP`).
pub const APPLICATION: &str = concat!("floodgate-arena:", env!("CARGO_PKG_VERSION"));

/// The colour of `seat`: Black is seat 0.
fn colour_of(seat: u8) -> Colour {
    if seat == 0 {
        Colour::Black
    } else {
        Colour::White
    }
}

/// The colour's name in words.
fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "Black",
        Colour::White => "White",
    }
}

/// How the game of `record` ended, as SGF writes a result.
pub fn outcome(record: &GameRecord) -> Outcome {
    if let Some(forfeit) = &record.forfeit {
        let winner = colour_of(1 - forfeit.seat);
        return match forfeit.loss {
            Some(Loss::Resigned) => Outcome::Resignation(winner),
            Some(Loss::Late { .. } | Loss::OutOfTime { .. }) => Outcome::Time(winner),
            _ => Outcome::Forfeit(winner),
        };
    }
    match (record.winner, record.adjudicated) {
        (None, _) => Outcome::Draw,
        (Some(seat), true) => Outcome::Resignation(colour_of(seat)),
        (Some(seat), false) => {
            let lead = (record.points[0] - record.points[1]).unsigned_abs();
            Outcome::Score(colour_of(seat), lead as f64)
        }
    }
}

/// The first node's comment: where the game stands in the match, its limits, its opening and
/// how it ended, in words.
fn about(line: &MatchLine, opening: usize) -> String {
    let record = &line.record;
    let [black, white] = &record.players;
    let (a, b) = if line.a_seat == 0 {
        ("a", "b")
    } else {
        ("b", "a")
    };
    let mut text = format!(
        "floodgate arena, board pair {} of the match of seed {} (game seed {}): Black {black} \
         ({a}), White {white} ({b}).\n",
        line.pair, line.match_seed, record.seed
    );
    text.push_str(&match record.time_control {
        Some(clock) => format!("Clock {clock} for each engine.\n"),
        None => format!(
            "Limit per move: Black {} ms, White {} ms.\n",
            record.limits_ms[0], record.limits_ms[1]
        ),
    });
    if opening > 0 {
        text.push_str(&format!("Moves 1 to {opening} are the start's opening.\n"));
    }
    text.push_str(&ending(record));
    text
}

/// How the game ended, in words.
fn ending(record: &GameRecord) -> String {
    let [black, white] = record.points;
    if let Some(forfeit) = &record.forfeit {
        let loser = colour_name(colour_of(forfeit.seat));
        return format!("{loser} lost: {}.", forfeit.reason);
    }
    match (record.winner, record.adjudicated) {
        (Some(seat), true) => format!(
            "Adjudicated: both engines' final_score gave {} a lead of at least {} points.",
            colour_name(colour_of(seat)),
            record.points[usize::from(seat)]
        ),
        (winner, _) => {
            let result = match winner {
                Some(seat) => format!(
                    "{} wins by {}",
                    colour_name(colour_of(seat)),
                    (black - white).unsigned_abs()
                ),
                None => "a draw".to_string(),
            };
            format!(
                "Played out: Black {black} points, White {white} with komi {KOMI} \
                 (Tromp-Taylor area score): {result}."
            )
        }
    }
}

/// A move's comment: the time its player took, and the time left on its clock after it
/// (before any increment) where it has one.
fn move_comment(played: &MoveRecord) -> String {
    let took = format!("{:.3} s", played.micros as f64 / 1e6);
    match played.clock_left_ms {
        Some(left) => format!("{took}, {:.3} s left on the clock", left as f64 / 1000.0),
        None => took,
    }
}

/// The game of `line` as SGF, written on `date` (`YYYY-MM-DD`); an error where its start or
/// a move does not read as Go's.
pub fn game_sgf(line: &MatchLine, date: &str) -> Result<Sgf, Error> {
    let record = &line.record;
    let not_a_start = |e| Error::Record(format!("{:?} is not a Go start: {e}", record.start));
    let start: GoStart = record.start.parse().map_err(not_a_start)?;
    let size = start.side();
    let mut sgf = Sgf::new(size);
    sgf.komi = Some(KOMI as f64);
    sgf.rules = Some("Tromp-Taylor".to_string());
    sgf.date = Some(date.to_string());
    sgf.application = Some(APPLICATION.to_string());
    let [black, white] = record.players.clone();
    (sgf.black_name, sgf.white_name) = (Some(black), Some(white));
    sgf.result = Some(outcome(record).to_string());
    sgf.comment = Some(about(line, start.opening().len()));
    sgf.moves = start.opening().to_vec();
    for played in &record.moves {
        let bad = || Error::Record(format!("{:?} is not a move on this board", played.text));
        let parsed = played.text.parse::<GtpMove>().map_err(|_| bad())?;
        let on_board: Move = parsed.on_board(size).ok_or_else(bad)?;
        sgf.move_comments
            .insert(sgf.moves.len(), move_comment(played));
        sgf.moves.push((colour_of(played.seat), on_board));
    }
    Ok(sgf)
}

/// The text of an SGF file of the game of `line`, written on `date`: a node a line.
pub fn sgf_file(line: &MatchLine, date: &str) -> Result<String, Error> {
    Ok(format!("{:#}\n", game_sgf(line, date)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::MoveRecord;
    use crate::termination::Awaited;
    use floodgate_go_core::Cell;
    use std::time::Duration;

    fn line(start: &str) -> MatchLine {
        let players = ["new [1]".to_string(), "old".to_string()];
        let mut record = GameRecord::new("go", 5, start.to_string(), players, [1000, 1000]);
        for (seat, text, micros) in [(1, "B2", 1_500_000), (0, "pass", 20), (1, "pass", 7)] {
            record.push_move(MoveRecord {
                seat,
                text: text.to_string(),
                micros,
                peak_kib: 0,
                clock_left_ms: None,
            });
        }
        (record.points, record.winner) = ([20, 32], Some(1));
        MatchLine {
            match_seed: 4,
            pair: 1,
            a_seat: 1,
            record,
            boards: Some(2),
            shard: None,
        }
    }

    #[test]
    fn a_game_from_an_opening_writes_its_moves_times_players_and_score() {
        let game = line("(;GM[1]FF[4]SZ[5]KM[7];B[cc])");
        let sgf = game_sgf(&game, "2025-03-14").unwrap();
        let text = sgf_file(&game, "2025-03-14").unwrap();
        let root = format!(
            "(;GM[1]FF[4]SZ[5]KM[7]AP[{APPLICATION}]RU[Tromp-Taylor]DT[2025-03-14]\
             PB[new [1\\]]PW[old]RE[W+12]C[floodgate arena, board pair 1"
        );
        assert!(text.starts_with(&root), "{text}");
        assert!(
            text.ends_with("\n;B[cc]\n;W[bd]C[1.500 s]\n;B[]C[0.000 s]\n;W[]C[0.000 s])\n"),
            "{text}"
        );
        assert_eq!(text.parse::<Sgf>().unwrap(), sgf);
        let about = sgf.comment.unwrap();
        assert!(
            about.contains("Black new [1] (b), White old (a)"),
            "{about}"
        );
        assert!(
            about.contains("Moves 1 to 1 are the start's opening"),
            "{about}"
        );
        assert!(about.contains("Black 20 points, White 32"), "{about}");
        assert!(about.ends_with("White wins by 12."), "{about}");
        assert_eq!(sgf.moves[1], (Colour::White, Move::Play(Cell::new(1, 3))));
    }

    #[test]
    fn the_result_follows_how_the_game_ended() {
        let mut record = line("5").record;
        let result = |record: &GameRecord| outcome(record).to_string();
        assert_eq!(result(&record), "W+12");
        (record.points, record.winner) = ([30, 30], None);
        assert_eq!(result(&record), "0");
        (record.points, record.winner, record.adjudicated) = ([17, 0], Some(0), true);
        assert_eq!(result(&record), "B+R");
        record.adjudicated = false;
        let losses = [
            (Loss::Resigned, "B+R"),
            (
                Loss::late(Awaited::Reply("genmove w".into()), Duration::from_secs(1)),
                "B+T",
            ),
            (
                Loss::out_of_time(Duration::ZERO, Duration::ZERO, None),
                "B+T",
            ),
            (Loss::Illegal("illegal move C3".into()), "B+F"),
            (
                Loss::Closed {
                    awaited: Awaited::Answer,
                },
                "B+F",
            ),
        ];
        for (loss, expected) in losses {
            record.forfeit(1, loss);
            assert_eq!(result(&record), expected);
        }
        record.forfeit.as_mut().unwrap().loss = None;
        assert_eq!(result(&record), "B+F", "an old record's forfeit");
        let mut bad = line("5");
        bad.record.moves[0].text = "Z9".to_string();
        let error = game_sgf(&bad, "2025-03-14").unwrap_err().to_string();
        assert_eq!(error, "\"Z9\" is not a move on this board");
    }
}
