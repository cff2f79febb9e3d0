//! Flood Wars for the search crate, and its two engines: alpha-beta ([`Engine`]) and the
//! Monte Carlo tree search the bot plays with ([`TreeEngine`]).

use floodgate_search::{
    AlphaBeta, AlphaBetaOptions, Answer, Budget, Clock, Game, Mcts, MctsOptions, MctsResult,
    MoveList, Outcome, Rng, RolloutPolicy, Score, SearchResult, Seat,
};

use crate::eval::{evaluate, race_margin};
use crate::groups::GroupPosition;
use crate::position::{Colour, Position};

/// Flood Wars as a [`floodgate_search::Game`] on [`GroupPosition`]s: J moves as [`Seat::First`].
///
/// The search never sees an [`Outcome`]: the contest scores points, so a game whose areas are
/// separated is valued by [`evaluate`] at its exact point margin (a win by 40 is worth more
/// than a win by 1, and a lost game is lost by as little as possible).
#[derive(Clone, Copy, Debug, Default)]
pub struct FloodWars;

impl Game for FloodWars {
    type State = GroupPosition;
    type Move = Colour;

    fn player_to_move(&self, position: &GroupPosition) -> Seat {
        Seat::from_index(position.to_move().index())
    }

    fn generate_moves(&self, position: &GroupPosition, moves: &mut MoveList<Colour>) {
        if !position.is_separated() {
            moves.extend(position.legal_moves());
        }
    }

    fn outcome(&self, _: &GroupPosition) -> Option<Outcome> {
        None
    }

    fn next(&self, position: &GroupPosition, colour: Colour) -> GroupPosition {
        position.play(colour)
    }

    fn play(&self, position: &mut GroupPosition, colour: Colour) {
        position.play_in_place(colour);
    }

    fn evaluate(&self, position: &GroupPosition) -> Score {
        evaluate(position)
    }

    fn hash(&self, position: &GroupPosition) -> u64 {
        position.hash()
    }

    fn move_index(&self, colour: Colour) -> usize {
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
            searcher: AlphaBeta::new(FloodWars, options),
        }
    }

    /// Searches `position` within the clock. The move is always a legal one, also when the
    /// game is over (a judge may still ask).
    ///
    /// The score is the expected point margin for the player to move, in cells (exact once the
    /// areas are separated).
    pub fn search(&mut self, position: &Position, clock: &Clock) -> SearchResult<Colour> {
        let result = if position.shares_area() {
            // Both players hold the same area: every move recolours it for both, a draw.
            SearchResult {
                best_move: None,
                score: 0,
                depth: 0,
                pv: Vec::new(),
                nodes: 0,
            }
        } else {
            self.searcher.search(&GroupPosition::new(position), clock)
        };
        result.or_answer(|| first_legal(position))
    }
}

/// The bot's engine: UCT Monte Carlo tree search in a node arena of fixed size, each new leaf
/// valued by the race ([`GroupPosition::race`]) instead of a playout.
///
/// A leaf is worth, to J, half the chance to win (a logistic of J's race margin over 10 cells)
/// plus half the chance to do better than the position searched from (a logistic of the margin
/// minus the margin at the root, over half the square root of the board's cells). The first
/// half plays for the win while the game is open; the second keeps the search caring about
/// cells once the result looks decided, which the contest's points ask for. Exploration 0.5;
/// a child is ranked by 0.7 of its mean leaf value plus 0.3 of the minimax of the leaf values
/// below it ([`MctsOptions::minimax_weight`]).
///
/// A move the way floodwars-bot chooses it (README.md shows this code):
///
/// ```
/// use std::time::{Duration, Instant};
///
/// use floodgate_floodwars_core::{MoveTime, Position, TimePolicy, TreeEngine};
///
/// let started = Instant::now();
/// let position: Position = "J\n#.\n@#\n".parse().unwrap();
/// let clock = MoveTime::new(started, Duration::from_millis(50)).clock(TimePolicy::WholeBudget);
/// let result = TreeEngine::new(16 << 20).search(&position, &clock);
/// let colour = result.best_move.expect("a legal colour always exists");
/// // The judge's answer: the other side's letter and the board after the move.
/// assert_eq!(position.play(colour).to_string(), "S\n#.\n##\n");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TreeEngine {
    memory_bytes: usize,
}

impl TreeEngine {
    /// An engine whose tree takes at most `memory_bytes`.
    pub fn new(memory_bytes: usize) -> Self {
        Self { memory_bytes }
    }

    /// Searches `position` until the clock's soft limit and returns the most visited move,
    /// always a legal one, also when the game is over (a judge may still ask). The result's
    /// win rate is the leaves' mean value through that move for the player to move.
    pub fn search(&self, position: &Position, clock: &Clock) -> MctsResult<Colour> {
        self.search_within(position, &Budget::time(*clock))
    }

    /// Searches `position` within `budget` (a number of iterations makes the answer
    /// independent of the machine's speed); otherwise as [`TreeEngine::search`].
    pub fn search_within(&self, position: &Position, budget: &Budget) -> MctsResult<Colour> {
        let result = if position.shares_area() {
            // Both players hold the same area: every move recolours it for both, a draw.
            MctsResult {
                best_move: None,
                win_rate: 0.5,
                iterations: 0,
                nodes: 0,
            }
        } else {
            let root = GroupPosition::new(position);
            let cells = (position.width() * position.height()) as f64;
            let leaves = MarginLeaves {
                centre: f64::from(race_margin(&root)),
                margin_scale: 0.5 * cells.sqrt(),
            };
            let options = MctsOptions {
                exploration: 0.5,
                memory_bytes: self.memory_bytes,
                seed: 1,
                minimax_weight: 0.3,
                ..MctsOptions::default()
            };
            Mcts::new(FloodWars, root, options, leaves).search(budget)
        };
        result.or_answer(|| first_legal(position))
    }
}

/// The answer where the search finds no move (the areas are separated, or one area holds both
/// players): the first legal colour, for a judge that still asks.
fn first_legal(position: &Position) -> Option<Colour> {
    position.legal_moves().next()
}

/// [`TreeEngine`]'s value of a leaf for J (see there).
#[derive(Clone, Copy, Debug)]
struct MarginLeaves {
    /// J's race margin at the root.
    centre: f64,
    /// Cells per unit of the second logistic.
    margin_scale: f64,
}

/// Cells per unit of the logistic that turns J's race margin into a chance to win.
const WIN_SCALE: f64 = 10.0;

impl RolloutPolicy<FloodWars> for MarginLeaves {
    fn value(&mut self, _: &FloodWars, position: &mut GroupPosition, _: &mut Rng) -> f64 {
        let margin = f64::from(race_margin(position));
        0.5 * logistic(margin / WIN_SCALE)
            + 0.5 * logistic((margin - self.centre) / self.margin_scale)
    }
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;

    fn clock(ms: u64) -> Clock {
        let budget = Duration::from_millis(ms);
        Clock::new(Instant::now(), budget, budget)
    }

    #[test]
    fn the_tree_search_takes_the_colour_that_wins_the_board() {
        // J's `@` picks `#`, takes both `#` and ends the game 3 to 1; after `+` or `*`, which
        // absorb nothing, S's `.` picks `#` and wins 3 to 1.
        let position: Position = "J\n#.\n@#\n".parse().unwrap();
        let result = TreeEngine::new(1 << 20).search(&position, &clock(50));
        assert_eq!(result.best_move, Some(Colour::Hash), "{result:?}");
        assert!(result.iterations > 0);
    }

    #[test]
    fn both_engines_answer_finished_and_shared_boards_legally() {
        // Separated areas (the game is over), then one area holding both corners.
        for board in ["S\n#.\n##\n", "S\n#@\n@@\n"] {
            let position: Position = board.parse().unwrap();
            let tree = TreeEngine::new(1 << 20).search(&position, &clock(10));
            let alpha_beta = Engine::new(1 << 20).search(&position, &clock(10));
            for answer in [tree.best_move, alpha_beta.best_move] {
                let colour = answer.expect("a move");
                assert!(position.legal_moves().any(|c| c == colour), "{board}");
            }
            assert_eq!(
                alpha_beta.pv,
                alpha_beta.best_move.into_iter().collect::<Vec<_>>()
            );
        }
    }
}
