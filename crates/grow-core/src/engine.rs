//! Grow for the search crate: the evaluation and the engine the bot uses. A kill keeps the
//! same side to move, which the search handles as an extra move.
//!
//! The engine cannot tell from a grid which copy of the judge runs the game (they differ in
//! the one-free-direction rule, see [`Rules`]), so it searches both readings at once: every
//! move is played under both, and a position is worth the worse of its two values for the
//! engine's side. A line that wins under one reading and loses under the other is a loss.

use floodgate_search::{
    AlphaBeta, AlphaBetaOptions, Answer, Clock, Game, MoveList, Outcome, Score, SearchResult, Seat,
    mix,
};

use crate::points::{Direction, Points};
use crate::state::{Move, Rules, Side, State};

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

/// Grow for the search crate (it has no configuration: the rules are in the state).
#[derive(Clone, Copy, Debug, Default)]
pub struct Grow;

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

    fn player_to_move(&self, state: &State) -> Seat {
        Seat::from_index(state.to_move())
    }

    fn generate_moves(&self, state: &State, moves: &mut MoveList<Move>) {
        state.legal_moves(moves);
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        state.is_over().then(|| match state.winner() {
            Some(side) => Outcome::Win(Seat::from_index(side)),
            None => Outcome::Draw,
        })
    }

    fn next(&self, state: &State, m: Move) -> State {
        state.play(m).0
    }

    fn evaluate(&self, state: &State) -> Score {
        evaluate(state)
    }

    fn hash(&self, state: &State) -> u64 {
        // The scores too: the same planes can be reached with a merge in one order and a
        // suicide in another.
        let scores = state.scores();
        state.hash() ^ mix((scores[0] as u64) << 32 ^ scores[1] as u64)
    }

    fn move_index(&self, m: Move) -> usize {
        match m {
            Move::First { row, trunk } => usize::from(row) * 8 + trunk.slot(),
            Move::Split { leaf, a, b } => (leaf.index() * 64 + a.slot() * 8 + b.slot()) % 4096,
        }
    }
}

/// A position under both readings of the judge, searched by the engine for side `me`.
#[derive(Clone, Copy, Debug)]
struct Readings {
    deployed: State,
    older: State,
    me: Side,
}

/// What a reading says of a position, for the engine's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Won,
    Drawn,
    Lost,
    Open,
}

impl Readings {
    /// Both readings of `state`, for the side to move.
    fn new(state: &State) -> Self {
        Self {
            deployed: state.with_rules(Rules::Deployed),
            older: state.with_rules(Rules::WithoutConversion),
            me: state.to_move(),
        }
    }

    /// What `state` (one of the two readings) says for the engine's side.
    fn verdict(&self, state: &State) -> Verdict {
        if !state.is_over() {
            Verdict::Open
        } else {
            match state.winner() {
                Some(side) if side == self.me => Verdict::Won,
                Some(_) => Verdict::Lost,
                None => Verdict::Drawn,
            }
        }
    }

    /// Whether both readings go on with the same side to move (the moves are then the same).
    fn live(&self) -> bool {
        self.deployed.to_move() == self.older.to_move()
            && !self.deployed.is_over()
            && !self.older.is_over()
    }

    /// Whether the two readings hold the same position (no conversion has mattered yet).
    fn agree(&self) -> bool {
        self.older.with_rules(Rules::Deployed) == self.deployed
    }

    /// The value of an open reading for the engine's side.
    fn value(&self, state: &State) -> Score {
        let value = evaluate(state);
        if state.to_move() == self.me {
            value
        } else {
            -value
        }
    }
}

/// The game the engine searches: Grow under both readings, valued for the engine's side by
/// the worse one. Where the readings part (one is over, or a kill gives an extra move in one
/// only), the search stops: a loss in either reading is a loss, otherwise the worse value.
#[derive(Clone, Copy, Debug)]
struct BothReadings;

impl Game for BothReadings {
    type State = Readings;
    type Move = Move;

    fn player_to_move(&self, readings: &Readings) -> Seat {
        Seat::from_index(readings.deployed.to_move())
    }

    fn generate_moves(&self, readings: &Readings, moves: &mut MoveList<Move>) {
        if !readings.live() {
            return;
        }
        readings.deployed.legal_moves(moves);
        if !readings.agree() {
            let mut older = MoveList::new();
            readings.older.legal_moves(&mut older);
            if older != *moves {
                moves.retain(|m| older.contains(m));
            }
        }
    }

    fn outcome(&self, readings: &Readings) -> Option<Outcome> {
        if readings.live() {
            return None;
        }
        let verdicts = [
            readings.verdict(&readings.deployed),
            readings.verdict(&readings.older),
        ];
        let me = Seat::from_index(readings.me);
        if verdicts.contains(&Verdict::Lost) {
            Some(Outcome::Win(me.other()))
        } else if verdicts.contains(&Verdict::Open) {
            None
        } else if verdicts.contains(&Verdict::Drawn) {
            Some(Outcome::Draw)
        } else {
            Some(Outcome::Win(me))
        }
    }

    fn next(&self, readings: &Readings, m: Move) -> Readings {
        Readings {
            deployed: readings.deployed.play(m).0,
            older: readings.older.play(m).0,
            me: readings.me,
        }
    }

    fn evaluate(&self, readings: &Readings) -> Score {
        let mine = if readings.agree() {
            readings.value(&readings.deployed)
        } else {
            // An open reading is worth its evaluation, a drawn one 0; a won one does not
            // lower the other (a lost one is an outcome, never evaluated).
            [readings.deployed, readings.older]
                .iter()
                .filter_map(|state| match readings.verdict(state) {
                    Verdict::Open => Some(readings.value(state)),
                    Verdict::Drawn => Some(0),
                    Verdict::Won | Verdict::Lost => None,
                })
                .min()
                .unwrap_or(0)
        };
        if readings.deployed.to_move() == readings.me {
            mine
        } else {
            -mine
        }
    }

    fn hash(&self, readings: &Readings) -> u64 {
        // Rotated so that equal positions under the two rules do not cancel out.
        Grow.hash(&readings.deployed) ^ Grow.hash(&readings.older).rotate_left(17)
    }

    fn move_index(&self, m: Move) -> usize {
        Grow.move_index(m)
    }
}

/// The engine: an alpha-beta searcher over both readings of the judge with a small table
/// (the judge allows 8 MB in all).
#[derive(Debug)]
pub struct Engine {
    searcher: AlphaBeta<BothReadings>,
}

impl Engine {
    /// An engine whose transposition table takes `table_bytes`.
    pub fn new(table_bytes: usize) -> Self {
        Self::with_max_depth(table_bytes, AlphaBetaOptions::default().max_depth)
    }

    /// An engine that searches no deeper than `max_depth` plies: with an unlimited clock its
    /// moves do not depend on the machine's speed (for tests and analysis).
    pub fn with_max_depth(table_bytes: usize, max_depth: u32) -> Self {
        Self {
            searcher: AlphaBeta::new(
                BothReadings,
                AlphaBetaOptions {
                    table_bytes,
                    max_depth,
                    check_every: 64,
                    ..AlphaBetaOptions::default()
                },
            ),
        }
    }

    /// Searches `state` within the clock under both readings of the judge (whatever
    /// `state`'s rules); the move is legal whenever one exists (the first legal move when
    /// no iteration completes). In a position where the game is over because a side has no
    /// active leaf, a move the move rules allow, if any: a judge that asks anyway gets an
    /// answer. A stuck side (every answer loses, see [`End::Stuck`](crate::state::End))
    /// still gets an answer of the judge's form: a split of one of its active leaves.
    ///
    /// The score is [`evaluate`]'s, for the player to move: 100 a point of score ahead, plus
    /// territory and leaves (see there); a finished game found by the search scores as a win
    /// or loss ([`floodgate_search::WIN`] less the plies to it), a draw 0.
    pub fn search(&mut self, state: &State, clock: &Clock) -> SearchResult<Move> {
        self.searcher
            .search(&Readings::new(state), clock)
            .legal_or_answer(|m| state.is_legal(m), || first_allowed(state))
    }
}

/// The answer where the search finds no move the judge allows: the first legal move; in a
/// game over because a side has no active leaf, the first move the move rules allow; for a
/// stuck side, [`any_split`].
fn first_allowed(state: &State) -> Option<Move> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if moves.is_empty() {
        state.moves_ignoring_end(&mut moves);
    }
    moves.first().copied().or_else(|| any_split(state))
}

/// A split of the first active leaf of the side to move in its first two on-grid directions,
/// valid or not.
fn any_split(state: &State) -> Option<Move> {
    let leaf = state.active(state.to_move()).iter().next()?;
    let mut directions = Direction::ALL
        .into_iter()
        .filter(|&d| leaf.step(d).is_some());
    Some(Move::Split {
        leaf,
        a: directions.next()?,
        b: directions.next()?,
    })
}
