//! The registry of the games: the one place that lists them, with their names and summaries,
//! and turns a game's name into its referee type.

use crate::cram::Cram;
use crate::domain::Domain;
use crate::floodwars::FloodWars;
use crate::go::Go;
use crate::grow::Grow;
use crate::referee::Referee;

/// Something to do with a game's referee type, whichever game it is.
pub trait ForGame {
    /// What it gives.
    type Output;

    /// Does it for the game of referee `R`.
    fn run<R: Referee>(self) -> Self::Output;
}

/// Every game's name and summary (the game and its judge's protocol in a few words, for the
/// command line's help), in the order the help lists them.
pub const GAMES: [(&str, &str); 5] = [
    (FloodWars::NAME, "Flood Wars (one process per move, 1 s)"),
    (
        Domain::NAME,
        "Domain Expansion (one process per game; 1000 ms first turn, 100 ms after)",
    ),
    (
        Cram::NAME,
        "Cram (one process per game; 1000 ms to say OK, 500 ms per move)",
    ),
    (
        Grow::NAME,
        "Grow (one process per move, 2 s, nothing on stderr)",
    ),
    (
        Go::NAME,
        "Go by the Tromp-Taylor rules: two GTP engines, 9 x 9 unless --min-size/--max-size, \
         komi 7, 5 s a move",
    ),
];

/// Does `task` for the game named `name`; `None` for a name no game has.
pub fn for_game<T: ForGame>(name: &str, task: T) -> Option<T::Output> {
    Some(match name {
        FloodWars::NAME => task.run::<FloodWars>(),
        Domain::NAME => task.run::<Domain>(),
        Cram::NAME => task.run::<Cram>(),
        Grow::NAME => task.run::<Grow>(),
        Go::NAME => task.run::<Go>(),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Name;

    impl ForGame for Name {
        type Output = &'static str;

        fn run<R: Referee>(self) -> &'static str {
            R::NAME
        }
    }

    /// Whether every start of seeds 0 to 19 of a game's default referee reads back from the
    /// text its record keeps, to the same text.
    struct StartsReadBack;

    impl ForGame for StartsReadBack {
        type Output = bool;

        fn run<R: Referee>(self) -> bool {
            let referee = R::default();
            (0..20).all(|seed| {
                let text = referee.start(seed).to_string();
                text.parse::<R::Start>()
                    .is_ok_and(|start| start.to_string() == text)
            })
        }
    }

    #[test]
    fn every_game_s_starts_read_back_from_their_records() {
        for (name, _) in GAMES {
            assert_eq!(for_game(name, StartsReadBack), Some(true), "{name}");
        }
    }

    #[test]
    fn every_listed_game_is_found_by_its_name() {
        for (name, _) in GAMES {
            assert_eq!(for_game(name, Name), Some(name));
        }
        assert_eq!(for_game("chess", Name), None);
    }
}
