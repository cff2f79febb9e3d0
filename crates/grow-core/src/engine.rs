//! Grow for the search crate: the evaluation and the engine the bot uses. A kill keeps the
//! same side to move, which the search handles as an extra move.

use search::{
    AlphaBeta, AlphaBetaOptions, Clock, Game, MoveList, Outcome, Player, Score, SearchResult, mix,
};

use crate::points::{Direction, Points};
use crate::state::{Move, Side, State};

/// One branch (one point of score).
const BRANCH: Score = 100;
/// An empty point a side's leaves reach first.
const TERRITORY: Score = 30;
/// An active leaf that can split.
const LEAF: Score = 25;
/// The side to move can kill an opponent leaf at once.
const KILL_NOW: Score = 150;
/// An own leaf the opponent could kill on its move.
const EXPOSED: Score = 60;

/// The game marker for the search crate.
#[derive(Debug)]
pub enum Grow {}

fn player(side: Side) -> Player {
    if side == 0 {
        Player::First
    } else {
        Player::Second
    }
}

/// The points of `points` that have a free branch direction toward a point of `targets`.
fn reaching(state: &State, points: Points, targets: Points) -> Points {
    let mut found = Points::EMPTY;
    for d in Direction::ALL {
        // Points whose neighbour in direction d is a target, and which have no branch that way.
        let toward = targets.step(d.opposite());
        found = found.or(points.and(toward).minus(state.branches(d)));
    }
    found
}

/// The points each side's splittable leaves reach first over empty points (8-connected
/// growth, one step a turn for both, ties to nobody).
fn territory(state: &State, sources: [Points; 2]) -> [usize; 2] {
    let free = state.occupied().complement();
    let mut reached = sources;
    let mut owned = [0; 2];
    let mut seen = sources[0].or(sources[1]);
    loop {
        let grown = [
            reached[0].dilate().and(free).minus(seen),
            reached[1].dilate().and(free).minus(seen),
        ];
        let contested = grown[0].and(grown[1]);
        if grown[0].or(grown[1]).is_empty() {
            return owned;
        }
        for side in 0..2 {
            owned[side] += grown[side].minus(contested).len();
            reached[side] = reached[side].or(grown[side]);
        }
        seen = seen.or(grown[0]).or(grown[1]);
    }
}

/// The static evaluation from the side to move's point of view.
pub fn evaluate(state: &State) -> Score {
    let me = state.to_move();
    let other = 1 - me;
    let splittable = [state.splittable(0), state.splittable(1)];
    let owned = territory(state, splittable);
    let mine = |side: Side| -> Score {
        let score = state.scores()[side] as Score * BRANCH;
        score + owned[side] as Score * TERRITORY + splittable[side].len() as Score * LEAF
    };
    let mut value = mine(me) - mine(other);
    let victims = state.leaves(other);
    if !reaching(state, splittable[me], victims).is_empty() {
        value += KILL_NOW;
    }
    let exposed = reaching(state, splittable[other], state.leaves(me));
    value -= exposed.len() as Score * EXPOSED;
    value
}

impl Game for Grow {
    type State = State;
    type Move = Move;

    fn player_to_move(state: &State) -> Player {
        player(state.to_move())
    }

    fn generate_moves(state: &State, moves: &mut MoveList<Move>) {
        state.legal_moves(moves);
    }

    fn outcome(state: &State) -> Option<Outcome> {
        state.is_over().then(|| match state.winner() {
            Some(side) => Outcome::Win(player(side)),
            None => Outcome::Draw,
        })
    }

    fn apply(state: &mut State, m: Move) -> Option<State> {
        Some(state.play(m).0)
    }

    fn evaluate(state: &State) -> Score {
        evaluate(state)
    }

    fn hash(state: &State) -> u64 {
        // The scores too: the same planes can be reached with a merge in one order and a
        // suicide in another.
        let scores = state.scores();
        state.hash() ^ mix((scores[0] as u64) << 32 ^ scores[1] as u64)
    }

    fn move_index(m: Move) -> usize {
        match m {
            Move::First { row, trunk } => usize::from(row) * 8 + trunk.slot(),
            Move::Split { leaf, a, b } => (leaf.index() * 64 + a.slot() * 8 + b.slot()) % 4096,
        }
    }
}

/// The engine: an alpha-beta searcher with a small table (the judge allows 8 MB in all).
#[derive(Debug)]
pub struct Engine {
    searcher: AlphaBeta<Grow>,
}

impl Engine {
    /// An engine whose transposition table takes `table_bytes`.
    pub fn new(table_bytes: usize) -> Self {
        Self {
            searcher: AlphaBeta::new(AlphaBetaOptions {
                table_bytes,
                check_every: 64,
                ..AlphaBetaOptions::default()
            }),
        }
    }

    /// Searches `state` within the clock; the move is legal whenever one exists (the first
    /// legal move when no iteration completes). In a position the spec calls finished, a
    /// move the move rules allow, if any: a judge that asks anyway gets an answer.
    pub fn search(&mut self, state: &State, clock: &Clock) -> SearchResult<Move> {
        let mut result = self.searcher.search(state, clock);
        if result.best_move.is_none_or(|m| !state.is_legal(m)) {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            if moves.is_empty() {
                state.moves_ignoring_end(&mut moves);
            }
            result.best_move = moves.first().copied();
        }
        result
    }
}
