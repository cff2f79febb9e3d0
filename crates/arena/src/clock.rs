//! Time controls with a clock over the whole game, for games whose protocol has one (Go's GTP
//! `time_settings` and `time_left`): the notation `--tc` reads ([`TimeControl`]), and the clock
//! the referee keeps for each player ([`Clock`]): the time a reply took is taken off it, the
//! increment added after the move, a byo-yomi period begins again after its stones; a reply
//! later than the time on the clock and the player's margin loses on time.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::termination::Loss;

/// The longest any part of a time control may be, in seconds: a day.
const MOST_SECONDS: u64 = 86_400;

/// The most stones a byo-yomi period may ask for.
const MOST_STONES: u32 = 1_000;

/// A time control whose clock runs over the whole game. Written `MAIN+INC` (Fischer, in
/// seconds, as cutechess writes `tc=60+0.6`; `MAIN` alone is `MAIN+0`) or `MAIN+STONES/PERIOD`
/// (Canadian byo-yomi, as KGS shows `10:00 + 25/5:00`; `STONES/PERIOD` alone has no main
/// time, as cutechess's `tc=40/60` plays 40 moves in every 60 s). Seconds take up to three
/// decimals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum TimeControl {
    /// `main` for the whole game, and `increment` added to the clock after every move.
    Fischer {
        /// The time at the start.
        main: Duration,
        /// The time added after each move.
        increment: Duration,
    },
    /// Canadian byo-yomi: `main` for the game, then `stones` moves in every `period`.
    Canadian {
        /// The time at the start.
        main: Duration,
        /// The moves to play in each period.
        stones: u32,
        /// The length of a period.
        period: Duration,
    },
}

/// A time control that does not read: the text, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControlError {
    /// The text as given.
    pub text: String,
    /// What is wrong with it, in a few words.
    pub problem: &'static str,
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a time control ({}): write MAIN+INC in seconds (Fischer, e.g. 60+0.5) \
             or MAIN+STONES/PERIOD (Canadian byo-yomi, e.g. 600+25/300)",
            self.text, self.problem
        )
    }
}

impl std::error::Error for TimeControlError {}

/// A number of seconds with at most three decimals, at most [`MOST_SECONDS`].
fn seconds(text: &str) -> Option<Duration> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 3 {
        return None;
    }
    let whole: u64 = whole.parse().ok().filter(|&s| s <= MOST_SECONDS)?;
    let millis: u64 = format!("{fraction:0<3}").parse().ok()?;
    let time = Duration::from_millis(whole * 1000 + millis);
    (time <= Duration::from_secs(MOST_SECONDS)).then_some(time)
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<Self, TimeControlError> {
        let refused = |problem| TimeControlError {
            text: text.to_string(),
            problem,
        };
        let (main, rest) = match text.split_once('+') {
            Some(parts) => parts,
            None if text.contains('/') => ("0", text),
            None => (text, "0"),
        };
        if main.contains('/') {
            return Err(refused("byo-yomi has no increment"));
        }
        let main = seconds(main).ok_or_else(|| refused("the main time is not seconds"))?;
        let Some((stones, period)) = rest.split_once('/') else {
            let increment = seconds(rest).ok_or_else(|| refused("the increment is not seconds"))?;
            if main.is_zero() {
                return Err(refused("a Fischer clock needs main time above 0"));
            }
            return Ok(Self::Fischer { main, increment });
        };
        let stones = stones
            .parse()
            .ok()
            .filter(|s| (1..=MOST_STONES).contains(s));
        let stones = stones.ok_or_else(|| refused("the stones are not a number from 1 to 1000"))?;
        let period = seconds(period).filter(|period| !period.is_zero());
        let period = period.ok_or_else(|| refused("the period is not seconds above 0"))?;
        Ok(Self::Canadian {
            main,
            stones,
            period,
        })
    }
}

/// Seconds as the notation writes them: `60`, `0.5`, `1.25`.
fn show_seconds(time: Duration) -> String {
    let millis = time.as_millis();
    match millis % 1000 {
        0 => (millis / 1000).to_string(),
        part => {
            let decimals = format!("{part:03}");
            format!("{}.{}", millis / 1000, decimals.trim_end_matches('0'))
        }
    }
}

impl fmt::Display for TimeControl {
    /// The notation [`TimeControl::from_str`] reads: `60+0.5`, `600+25/300`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Fischer { main, increment } => {
                write!(f, "{}+{}", show_seconds(*main), show_seconds(*increment))
            }
            Self::Canadian {
                main,
                stones,
                period,
            } => write!(
                f,
                "{}+{stones}/{}",
                show_seconds(*main),
                show_seconds(*period)
            ),
        }
    }
}

impl TryFrom<String> for TimeControl {
    type Error = TimeControlError;

    fn try_from(text: String) -> Result<Self, TimeControlError> {
        text.parse()
    }
}

impl From<TimeControl> for String {
    fn from(control: TimeControl) -> String {
        control.to_string()
    }
}

/// Whole seconds, rounded up: what GTP's integer `time_settings` can say of `time`.
fn whole_seconds_up(time: Duration) -> u64 {
    time.as_millis().div_ceil(1000) as u64
}

impl TimeControl {
    /// The GTP command that sets an engine's clock, in GTP's whole seconds (rounded up):
    /// `time_settings MAIN PERIOD STONES`; a Fischer clock as absolute time, `time_settings
    /// MAIN 0 0` (GTP has no increment: `time_left` before every move tells the engine its
    /// clock, the increments in it).
    pub fn time_settings(&self) -> String {
        let (main, period, stones) = match *self {
            Self::Fischer { main, .. } => (main, Duration::ZERO, 0),
            Self::Canadian {
                main,
                stones,
                period,
            } => (main, period, stones),
        };
        let (main, period) = (whole_seconds_up(main), whole_seconds_up(period));
        format!("time_settings {main} {period} {stones}")
    }
}

/// What a clock shows before a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockReading {
    /// In main time (a Fischer clock always is): the time left.
    Main(Duration),
    /// In a byo-yomi period: its time left, and the stones still to play in it.
    Period {
        /// The time left in the period.
        left: Duration,
        /// The stones still to play in it.
        stones: u32,
    },
}

impl ClockReading {
    /// GTP's `time_left COLOUR SECONDS STONES` (`colour` as GTP writes it): whole seconds,
    /// rounded down (never more than there is), and 0 stones in main time.
    pub fn time_left(&self, colour: &str) -> String {
        let (left, stones) = match *self {
            Self::Main(left) => (left, 0),
            Self::Period { left, stones } => (left, stones),
        };
        format!("time_left {colour} {} {stones}", left.as_secs())
    }
}

/// A byo-yomi period under way: its time and stones left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Period {
    left: Duration,
    stones: u32,
}

/// One player's clock over a game, as the referee keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// The main time left (a Fischer clock's whole time, increments in it).
    main: Duration,
    /// The byo-yomi period under way, once the main time is spent (Canadian only).
    period: Option<Period>,
}

impl Clock {
    /// A clock at the start of a game under `control`.
    pub fn new(control: TimeControl) -> Self {
        let main = match control {
            TimeControl::Fischer { main, .. } | TimeControl::Canadian { main, .. } => main,
        };
        Self {
            control,
            main,
            period: None,
        }
    }

    /// The period a Canadian clock begins once its main time is spent or a period is played
    /// out (`None` for a Fischer clock).
    fn fresh_period(&self) -> Option<Period> {
        match self.control {
            TimeControl::Fischer { .. } => None,
            TimeControl::Canadian { stones, period, .. } => Some(Period {
                left: period,
                stones,
            }),
        }
    }

    /// The period that counts the next move: the one under way, or a fresh one once the main
    /// time is spent.
    fn next_period(&self) -> Option<Period> {
        match self.period {
            Some(period) => Some(period),
            None if self.main.is_zero() => self.fresh_period(),
            None => None,
        }
    }

    /// The time the next move may take before the clock runs out: the main time left, and in
    /// Canadian byo-yomi the period a move runs on into.
    pub fn allowance(&self) -> Duration {
        let period = match self.period {
            Some(period) => Some(period),
            None => self.fresh_period(),
        };
        self.main + period.map_or(Duration::ZERO, |period| period.left)
    }

    /// What the clock shows before the next move.
    pub fn reading(&self) -> ClockReading {
        match self.next_period() {
            Some(Period { left, stones }) => ClockReading::Period { left, stones },
            None => ClockReading::Main(self.main),
        }
    }

    /// The loss of a player whose clock ran out with no reply: the referee waited for the
    /// time on the clock and `margin`.
    pub fn ran_out(&self, margin: Duration) -> Loss {
        Loss::out_of_time(self.allowance(), margin, None)
    }

    /// Takes a reply that took `took` off the clock: the time that was left when it came
    /// (before any increment), or the loss on time when it came later than the time on the
    /// clock and `margin`. A reply within the margin leaves the clock at 0.
    pub fn charge(&mut self, took: Duration, margin: Duration) -> Result<Duration, Loss> {
        let allowance = self.allowance();
        if took > allowance + margin {
            return Err(Loss::out_of_time(allowance, margin, Some(took)));
        }
        let left = allowance.saturating_sub(took);
        if self.period.is_none() && self.main > took {
            self.main -= took;
        } else {
            let over = took.saturating_sub(self.main);
            self.main = Duration::ZERO;
            let fresh = self.fresh_period();
            self.period = self.period.or(fresh).map(|period| Period {
                left: period.left.saturating_sub(over),
                stones: period.stones - 1,
            });
            if self.period.is_some_and(|period| period.stones == 0) {
                self.period = fresh;
            }
        }
        if let TimeControl::Fischer { increment, .. } = self.control {
            self.main += increment;
        }
        Ok(left)
    }
}

#[cfg(test)]
mod tests;
