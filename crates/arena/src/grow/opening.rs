//! Where a Grow game starts: the empty grid, then the moves of an opening, played before the
//! players are asked (each later grid the judge sends shows them).

use std::fmt;
use std::str::FromStr;

use floodgate_grow_core::state::{Move, Side, State};

use super::own_view;
use crate::error::Error;

/// Where a Grow game starts: the empty grid and the moves of an opening in order, each legal
/// where it is played by grow-core's rules (a kill's extra move included). The opening is
/// whole rounds: it is empty or ends with a move of player 2 that leaves player 1 to move, and
/// it does not end the game, so player 1 (seat 0) moves first after it as from the empty grid.
///
/// It prints as its moves in the judge's notation, each in its mover's own view (as the mover
/// answered, and as a record writes it: mirrored for player 2), separated by single spaces,
/// which no move holds (`3,0,2,1 3,0,4,1`); the empty opening prints as nothing, as records
/// kept Grow's start before there were openings. It reads back from that, the moves separated
/// by any white space.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GrowOpening {
    /// Each move with its mover, the move in player 1's view.
    played: Vec<(Side, Move)>,
}

impl GrowOpening {
    /// The opening of `moves`, each in player 1's view and played by the side to move, or why
    /// it is not a start: a move the rules refuse, an opening that ends the game or one that
    /// is not whole rounds.
    pub fn new(moves: &[Move]) -> Result<Self, Error> {
        let (mut opening, mut state) = (Self::default(), State::default());
        for &m in moves {
            opening.push(&mut state, m)?;
        }
        opening.check_whole_rounds(&state)?;
        Ok(opening)
    }

    /// Plays `m` (in player 1's view) for the side to move in `state`, the position after the
    /// opening so far, and adds it to the opening; an error naming it where the rules refuse it.
    fn push(&mut self, state: &mut State, m: Move) -> Result<(), Error> {
        let side = state.to_move();
        if !state.is_legal(m) {
            return Err(Error::Start(format!(
                "move {} of the opening ({}) is not a valid move of player {} here",
                self.played.len() + 1,
                own_view(side, m),
                side + 1
            )));
        }
        *state = state.play(m).0;
        self.played.push((side, m));
        Ok(())
    }

    /// An error unless the opening, which leaves `after`, is empty or ends with a move of
    /// player 2 that leaves player 1 to move, in a game that is not over.
    fn check_whole_rounds(&self, after: &State) -> Result<(), Error> {
        if after.is_over() {
            return Err(Error::Start("the opening ends the game".to_string()));
        }
        let last_mover = self.played.last().map(|&(side, _)| side);
        if last_mover.is_some_and(|side| side != 1 || after.to_move() != 0) {
            return Err(Error::Start(format!(
                "the opening leaves player {} to move: it must be whole rounds, ending with a \
                 move of player 2 that leaves player 1 to move (a kill's extra move included)",
                after.to_move() + 1
            )));
        }
        Ok(())
    }

    /// The opening's moves in order, each in player 1's view.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.played.iter().map(|&(_, m)| m)
    }

    /// How many moves the opening has.
    pub fn len(&self) -> usize {
        self.played.len()
    }

    /// Whether the opening is empty (the game starts from the empty grid).
    pub fn is_empty(&self) -> bool {
        self.played.is_empty()
    }

    /// The position after the opening (player 1 to move).
    pub fn position(&self) -> State {
        self.moves()
            .fold(State::default(), |state, m| state.play(m).0)
    }
}

impl fmt::Display for GrowOpening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, &(side, m)) in self.played.iter().enumerate() {
            let space = if index == 0 { "" } else { " " };
            write!(f, "{space}{}", own_view(side, m))?;
        }
        Ok(())
    }
}

impl FromStr for GrowOpening {
    type Err = Error;

    /// The moves separated by white space, each in its mover's own view (nothing: the empty
    /// grid).
    fn from_str(text: &str) -> Result<Self, Error> {
        let (mut opening, mut state) = (Self::default(), State::default());
        for word in text.split_whitespace() {
            let answer = word.parse::<Move>().map_err(|e| {
                let number = opening.len() + 1;
                Error::Start(format!("move {number} of the opening is not a move: {e}"))
            })?;
            let m = own_view(state.to_move(), answer);
            opening.push(&mut state, m)?;
        }
        opening.check_whole_rounds(&state)?;
        Ok(opening)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_opening_reads_plays_and_prints_in_the_movers_own_views() {
        let opening: GrowOpening = "3,0,2,1  3,0,4,1".parse().unwrap();
        assert_eq!(opening.len(), 2);
        assert_eq!(opening.to_string(), "3,0,2,1 3,0,4,1");
        let state = opening.position();
        assert_eq!(state.to_move(), 0);
        assert_eq!(state.scores(), [1, 1]);
        // Player 2's seed is on its own column 0: column 19 of player 1's view.
        let seeds = [0, 1].map(|side| state.nodes(side).iter().next().unwrap());
        assert_eq!(seeds.map(|p| (p.i(), p.j())), [(3, 0), (3, 19)]);
        let moves: Vec<Move> = opening.moves().collect();
        assert_eq!(GrowOpening::new(&moves).unwrap(), opening);
    }

    #[test]
    fn the_empty_opening_is_an_old_record_s_empty_start() {
        let empty: GrowOpening = "".parse().unwrap();
        assert!(empty.is_empty());
        assert_eq!(empty, GrowOpening::default());
        assert_eq!(empty.to_string(), "");
        assert_eq!(empty.position(), State::default());
    }

    #[test]
    fn openings_the_rules_refuse_or_that_are_not_whole_rounds_are_refused() {
        let refused = |text: &str| text.parse::<GrowOpening>().unwrap_err().to_string();
        assert_eq!(
            refused("3,0,2,1 3,0,4,1 3,0,2,1"),
            "move 3 of the opening (3,0,2,1) is not a valid move of player 1 here"
        );
        assert!(
            refused("3,0,2,1 3 ,0,4,1").starts_with("move 2 of the opening is not a move: "),
            "{}",
            refused("3,0,2,1 3 ,0,4,1")
        );
        assert_eq!(
            refused("3,0,2,1"),
            "the opening leaves player 2 to move: it must be whole rounds, ending with a move \
             of player 2 that leaves player 1 to move (a kill's extra move included)"
        );
        assert!(refused("3,0,2,1;3,0,4,1").contains("not a move"));
    }
}
