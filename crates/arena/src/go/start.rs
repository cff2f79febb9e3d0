//! Where a Go game starts: a board side and the moves of an opening, played before the engines
//! take over (each engine is told them with `play` after `clear_board`).

use std::fmt;
use std::str::FromStr;

use floodgate_go_core::sgf::Sgf;
use floodgate_go_core::{Colour, GameState, MAX_PLAY_SIZE, MIN_PLAY_SIZE, Move};

use super::KOMI;
use crate::error::Error;

/// Where a Go game starts: an empty board of this side, and the opening's moves in order
/// (either colour, as SGF and GTP allow; the game goes on with the other colour than the last
/// move's). Each move is legal where it is played, and the opening does not end the game.
///
/// It prints as the side alone when there is no opening (as records kept a Go start before
/// there were openings: `9`), else as one line of SGF with komi 7 and a node a move
/// (`(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[cc])`); it reads from either. An SGF start may not hold
/// setup stones (`AB`, `AW`) or `PL`, which GTP cannot tell an engine, nor a komi other than 7.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoStart {
    side: usize,
    opening: Vec<(Colour, Move)>,
}

impl GoStart {
    /// The empty board of side `side` (from [`MIN_PLAY_SIZE`] to [`MAX_PLAY_SIZE`]).
    pub fn empty(side: usize) -> Self {
        Self {
            side,
            opening: Vec::new(),
        }
    }

    /// The opening `moves` on a board of side `side`, or why it is not a start: a side go-core
    /// does not play on, a move its rules refuse, or an opening that ends the game.
    pub fn new(side: usize, moves: Vec<(Colour, Move)>) -> Result<Self, Error> {
        if !(MIN_PLAY_SIZE..=MAX_PLAY_SIZE).contains(&side) {
            let range = format!("{MIN_PLAY_SIZE} to {MAX_PLAY_SIZE}");
            return Err(Error::Start(format!(
                "a Go board side is {range}, not {side}"
            )));
        }
        let start = Self {
            side,
            opening: moves,
        };
        let mut game = GameState::new(side, KOMI as f64);
        for (number, &(colour, played)) in start.opening.iter().enumerate() {
            game.play(colour, played).map_err(|e| {
                Error::Start(format!(
                    "move {} of the opening is illegal: {e}",
                    number + 1
                ))
            })?;
        }
        if game.is_over() {
            let words = "the opening ends the game (two passes)";
            return Err(Error::Start(words.to_string()));
        }
        Ok(start)
    }

    /// The board side.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The opening's moves, in order.
    pub fn opening(&self) -> &[(Colour, Move)] {
        &self.opening
    }

    /// The game after the opening, komi 7.
    pub fn game(&self) -> GameState {
        let mut game = GameState::new(self.side, KOMI as f64);
        for &(colour, played) in &self.opening {
            game.play(colour, played)
                .expect("checked when the start was made");
        }
        game
    }
}

impl fmt::Display for GoStart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.opening.is_empty() {
            return write!(f, "{}", self.side);
        }
        let mut sgf = Sgf::new(self.side);
        sgf.komi = Some(KOMI as f64);
        sgf.moves = self.opening.clone();
        write!(f, "{sgf}")
    }
}

impl FromStr for GoStart {
    type Err = Error;

    /// A board side as a number, or a game in SGF (its main line is the opening).
    fn from_str(text: &str) -> Result<Self, Error> {
        let text = text.trim();
        if !text.starts_with('(') {
            let side = text.parse().map_err(|_| {
                let what = "a Go board side or an SGF game such as (;SZ[9];B[ee])";
                Error::Start(format!("{text:?} is not {what}"))
            })?;
            return Self::new(side, Vec::new());
        }
        let sgf: Sgf = text
            .parse()
            .map_err(|e| Error::Start(format!("not SGF: {e}")))?;
        let refused = if !sgf.black_stones.is_empty() || !sgf.white_stones.is_empty() {
            Some("setup stones (AB, AW): give the opening as moves (B, W)".to_string())
        } else if sgf.to_play.is_some() {
            Some("PL: the player to move follows from the opening's last move".to_string())
        } else {
            sgf.komi
                .filter(|&komi| komi != KOMI as f64)
                .map(|komi| format!("KM[{komi}]: the arena plays komi {KOMI}"))
        };
        match refused {
            Some(why) => Err(Error::Start(format!("a Go start cannot hold {why}"))),
            None => Self::new(sgf.size, sgf.moves),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use floodgate_go_core::Cell;

    #[test]
    fn an_sgf_opening_reads_plays_and_prints_as_one_line() {
        let start: GoStart = "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[cc])".parse().unwrap();
        let stones = [
            (Colour::Black, Move::Play(Cell::new(4, 4))),
            (Colour::White, Move::Play(Cell::new(2, 2))),
        ];
        assert_eq!((start.side(), start.opening()), (9, &stones[..]));
        assert_eq!(start.game().to_move(), Colour::Black);
        assert_eq!(start.to_string(), "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[cc])");
        // Written over several lines and without komi, it is the same start.
        let spread: GoStart = "(;SZ[9]\n;B[ee]\n;W[cc]\n)".parse().unwrap();
        assert_eq!(spread, start);
    }

    #[test]
    fn an_old_record_s_side_reads_back_and_prints_as_before() {
        let start: GoStart = "9".parse().unwrap();
        assert_eq!(start, GoStart::empty(9));
        assert_eq!(start.to_string(), "9");
        assert!(
            "(;SZ[9])"
                .parse::<GoStart>()
                .is_ok_and(|s| s.to_string() == "9")
        );
    }

    #[test]
    fn openings_the_rules_or_gtp_cannot_play_are_refused() {
        let refused = |text: &str| text.parse::<GoStart>().unwrap_err().to_string();
        assert_eq!(
            refused("(;SZ[9];B[ee];W[ee])"),
            "move 2 of the opening is illegal: the point is occupied"
        );
        assert_eq!(
            refused("(;SZ[9];B[];W[])"),
            "the opening ends the game (two passes)"
        );
        assert!(refused("(;SZ[9]AB[ee])").contains("setup stones"));
        assert!(refused("(;SZ[9]KM[6.5];B[ee])").contains("komi 7"));
        assert!(refused("(;SZ[1])").contains("side"));
        assert!(refused("(;SZ[9];B[ej])").starts_with("not SGF: "));
        assert!(refused("nine").contains("not a Go board side"));
    }
}
