//! Flood Wars for the search crate, and the engine the bot and the arena use.

use search::{
    AlphaBeta, AlphaBetaOptions, Clock, Game, MoveList, Outcome, Player, Score, SearchResult,
};

use crate::eval::evaluate;
use crate::position::{Colour, Position, Side};

/// Flood Wars as a [`search::Game`]: J moves as [`Player::First`].
#[derive(Debug)]
pub struct FloodWars;

fn player(side: Side) -> Player {
    match side {
        Side::J => Player::First,
        Side::S => Player::Second,
    }
}

impl Game for FloodWars {
    type State = Position;
    type Move = Colour;

    fn player_to_move(position: &Position) -> Player {
        player(position.to_move())
    }

    fn generate_moves(position: &Position, moves: &mut MoveList<Colour>) {
        if !position.is_over() {
            moves.extend(position.legal_moves());
        }
    }

    fn outcome(position: &Position) -> Option<Outcome> {
        position.is_over().then(|| match position.score().margin() {
            m if m > 0 => Outcome::Win(Player::First),
            m if m < 0 => Outcome::Win(Player::Second),
            _ => Outcome::Draw,
        })
    }

    fn apply(position: &mut Position, colour: Colour) -> Option<Position> {
        Some(position.play(colour))
    }

    fn evaluate(position: &Position) -> Score {
        evaluate(position)
    }

    fn hash(position: &Position) -> u64 {
        position.hash()
    }

    fn move_index(colour: Colour) -> usize {
        colour.index()
    }
}

/// The engine: an alpha-beta searcher with its table, kept across moves of a game.
#[derive(Debug)]
pub struct Engine {
    searcher: AlphaBeta<FloodWars>,
}

impl Engine {
    /// An engine whose transposition table takes `table_bytes`.
    pub fn new(table_bytes: usize) -> Self {
        Self {
            searcher: AlphaBeta::new(AlphaBetaOptions {
                table_bytes,
                ..AlphaBetaOptions::default()
            }),
        }
    }

    /// Searches `position` within the clock. The move is legal whenever the game is not over.
    pub fn search(&mut self, position: &Position, clock: &Clock) -> SearchResult<Colour> {
        let mut result = self.searcher.search(position, clock);
        if result.best_move.is_none() {
            // The game is over, but a judge may still ask: any legal colour answers.
            result.best_move = position.legal_moves().next();
        }
        result
    }
}
