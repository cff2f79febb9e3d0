//! Flood Wars for the search crate, and the engine the bot and the arena use.

use search::{
    AlphaBeta, AlphaBetaOptions, Clock, Game, MoveList, Outcome, Player, Score, SearchResult,
};

use crate::eval::evaluate;
use crate::groups::GroupPosition;
use crate::position::{Colour, Position, Side};

/// Flood Wars as a [`search::Game`] on [`GroupPosition`]s: J moves as [`Player::First`].
///
/// The search never sees an [`Outcome`]: the contest scores points, so a game whose areas are
/// separated is valued by [`evaluate`] at its exact point margin (a win by 40 is worth more
/// than a win by 1, and a lost game is lost by as little as possible).
#[derive(Debug)]
pub struct FloodWars;

fn player(side: Side) -> Player {
    match side {
        Side::J => Player::First,
        Side::S => Player::Second,
    }
}

impl Game for FloodWars {
    type State = GroupPosition;
    type Move = Colour;

    fn player_to_move(position: &GroupPosition) -> Player {
        player(position.to_move())
    }

    fn generate_moves(position: &GroupPosition, moves: &mut MoveList<Colour>) {
        if !position.is_separated() {
            moves.extend(position.legal_moves());
        }
    }

    fn outcome(_: &GroupPosition) -> Option<Outcome> {
        None
    }

    fn apply(position: &mut GroupPosition, colour: Colour) -> Option<GroupPosition> {
        Some(position.play(colour))
    }

    fn evaluate(position: &GroupPosition) -> Score {
        evaluate(position)
    }

    fn hash(position: &GroupPosition) -> u64 {
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
        Self::with_options(AlphaBetaOptions {
            table_bytes,
            // A node costs microseconds on large boards: read the clock often enough to stop
            // within a millisecond of the limit.
            check_every: 64,
            ..AlphaBetaOptions::default()
        })
    }

    /// An engine with the given search settings (a depth limit, for instance).
    pub fn with_options(options: AlphaBetaOptions) -> Self {
        Self {
            searcher: AlphaBeta::new(options),
        }
    }

    /// Searches `position` within the clock. The move is always a legal one, also when the
    /// game is over (a judge may still ask).
    ///
    /// The score is the expected point margin for the player to move, in cells (exact once the
    /// areas are separated).
    pub fn search(&mut self, position: &Position, clock: &Clock) -> SearchResult<Colour> {
        let first_legal = position.legal_moves().next();
        if position.shares_area() {
            // Both players hold the same area: every move recolours it for both, a draw.
            return SearchResult {
                best_move: first_legal,
                score: 0,
                depth: 0,
                pv: first_legal.into_iter().collect(),
                nodes: 0,
            };
        }
        let mut result = self.searcher.search(&GroupPosition::new(position), clock);
        if result.best_move.is_none() {
            result.best_move = first_legal;
        }
        result
    }
}
