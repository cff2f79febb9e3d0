//! Domain Expansion for the search crate: the evaluation and the engine the bot uses.

use floodgate_search::{
    AlphaBeta, AlphaBetaOptions, Answer, Clock, Game, Horizon, MoveList, Outcome, Reduction, Score,
    SearchResult, Seat, mix,
};

use crate::board::Walls;
use crate::race::Race;
use crate::state::{Action, State};

/// Domain Expansion as a [`floodgate_search::Game`]: player 0 is [`Seat::First`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Domain;

/// The cells each player reaches first, counting turns of up to three steps through open sides,
/// and the cells both reach in the same turn: `[to move's, other's, tied]`.
pub fn territories(state: &State) -> [u64; 3] {
    claims(&race(state))
}

/// The race of the two tokens, the player to move's first, in turns of three steps (tokens do
/// not block): its reaches are the domains, and so apart exactly when the game is over.
fn race(state: &State) -> Race {
    let me = state.to_move();
    let starts = [state.token(me).bit(), state.token(1 - me).bit()];
    Race::run(state.walls(), starts, [0, 0], 3)
}

/// A race's claims: `[to move's, other's, tied]`.
fn claims(race: &Race) -> [u64; 3] {
    [race.first[0], race.first[1], race.tied]
}

/// The evaluation for the player to move: ten points a cell it reaches first, minus the same
/// for the opponent, and five a cell both reach in the same turn (the mover gets there first
/// but the opponent can still contest it); the difference is weighed up as the tokens come
/// close to being cut apart: the fewer open sides lie between the two territories, the sooner
/// the game ends with that difference. On top, [`SPARE_WALL_POINTS`] a wall the mover's
/// territory can take without losing a cell, more than the opponent's can ([`spare_walls`];
/// each territory with the cells both reach in the same turn).
pub fn evaluate(state: &State) -> Score {
    value(state, &claims(&race(state)))
}

/// [`evaluate`] of the race's claims.
fn value(state: &State, [mine, theirs, tied]: &[u64; 3]) -> Score {
    let difference = mine.count_ones() as Score - theirs.count_ones() as Score;
    let frontier = state.walls().step(*mine) & theirs;
    let walls = state.walls();
    10 * difference
        + 20 * difference / (frontier.count_ones() as Score + 1)
        + 5 * tied.count_ones() as Score
        + SPARE_WALL_POINTS * (spare_walls(walls, mine | tied) - spare_walls(walls, theirs | tied))
}

/// What a wall to spare is worth to the evaluation (a cell of territory is ten). Fitted to the
/// final margins of recorded games, a spare wall counted as much as a cell in the middle game
/// and more once the bots used it; the weight itself was chosen by SPRTs (10, 20, 40 and 30,
/// docs/results.md).
pub const SPARE_WALL_POINTS: Score = 30;

/// How many walls `territory` can spare: its open inner sides less its cells. For a connected
/// territory that is one less than the walls it can take without cutting off a cell (its
/// independent cycles). Every action must build a wall: the side with walls to spare can wait,
/// while the side without must wall where it costs it cells, or open its ground to the other.
pub fn spare_walls(walls: &Walls, territory: u64) -> Score {
    walls.open_sides_within(territory) as Score - territory.count_ones() as Score
}

/// The outcome of a finished game from both domain sizes, the first player's first.
fn outcome_of([first, second]: [u32; 2]) -> Outcome {
    match first.cmp(&second) {
        std::cmp::Ordering::Greater => Outcome::Win(Seat::First),
        std::cmp::Ordering::Less => Outcome::Win(Seat::Second),
        std::cmp::Ordering::Equal => Outcome::Draw,
    }
}

impl Game for Domain {
    type State = State;
    type Move = Action;

    fn player_to_move(&self, state: &State) -> Seat {
        Seat::from_index(usize::from(state.to_move()))
    }

    fn generate_moves(&self, state: &State, moves: &mut MoveList<Action>) {
        if !state.is_over() {
            state.legal_actions(moves);
        }
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        state.is_over().then(|| outcome_of(state.domain_sizes()))
    }

    /// One race gives both: its reaches are the domains, apart exactly when the game is over.
    fn at_horizon(&self, state: &State) -> Horizon {
        let race = race(state);
        let [mine, theirs] = race.reach;
        if mine & theirs != 0 {
            return Horizon::Evaluated(value(state, &claims(&race)));
        }
        let sizes = [mine.count_ones(), theirs.count_ones()];
        Horizon::Over(outcome_of(if state.to_move() == 0 {
            sizes
        } else {
            [sizes[1], sizes[0]]
        }))
    }

    fn next(&self, state: &State, action: Action) -> State {
        state.play(action)
    }

    fn evaluate(&self, state: &State) -> Score {
        evaluate(state)
    }

    fn hash(&self, state: &State) -> u64 {
        let walls = state.walls();
        let tokens = u64::from(state.token(0).0)
            | u64::from(state.token(1).0) << 8
            | u64::from(state.to_move()) << 16;
        mix(walls.right ^ mix(walls.down ^ mix(tokens)))
    }

    /// The actions that move the token within its own territory (the cells it reaches
    /// first) and wall a side between two of its cells: they neither contest a cell nor cut
    /// the opponent off, and are rarely the best.
    fn quiet_moves(&self, state: &State, actions: &[Action]) -> u128 {
        let [mine, _, _] = territories(state);
        actions
            .iter()
            .take(128)
            .enumerate()
            .filter(|(_, action)| (action.to.bit() | action.wall.beyond(action.to)) & !mine == 0)
            .fold(0, |quiet, (index, _)| quiet | 1 << index)
    }

    fn move_index(&self, action: Action) -> usize {
        usize::from(action.to.0) * 4 + action.wall.index()
    }
}

/// The engine's reductions of quiet actions ([`Domain`]'s `quiet_moves`: the token moves
/// within its own territory and walls a side between two of its cells): at nodes three plies
/// deep or more, after the first three actions, two plies shallower. Measured against
/// `reach:60ms` (docs/experiments.md): 72.7% of the points over 300 games, against 55.2% without.
pub const QUIET_REDUCTION: Reduction = Reduction {
    min_depth: 3,
    after: 3,
    plies: 2,
};

/// The engine's late-move reductions, for the actions the quiet reduction leaves alone: at
/// nodes four plies deep or more, after the first twelve actions, one ply shallower. Against
/// `reach:60ms` (docs/experiments.md): 75.2% over 200 games, against 69.8% without.
pub const LATE_MOVE_REDUCTION: Reduction = Reduction {
    min_depth: 4,
    after: 12,
    plies: 1,
};

/// The engine: an alpha-beta searcher with its table, kept for the whole game.
#[derive(Debug)]
pub struct Engine {
    searcher: AlphaBeta<Domain>,
}

impl Engine {
    /// An engine whose transposition table takes `table_bytes`, searching with
    /// principal-variation search (+104 Elo [+62, +149] by SPRT over 151 board pairs against
    /// the same engine without it, docs/results.md), [`QUIET_REDUCTION`] and
    /// [`LATE_MOVE_REDUCTION`].
    pub fn new(table_bytes: usize) -> Self {
        Self::with_options(AlphaBetaOptions {
            table_bytes,
            check_every: 64,
            principal_variation: true,
            quiet_reduction: Some(QUIET_REDUCTION),
            late_move_reduction: Some(LATE_MOVE_REDUCTION),
            ..AlphaBetaOptions::default()
        })
    }

    /// An engine with the given search settings (a depth limit, for instance: with an
    /// unlimited clock its moves then do not depend on the machine's speed).
    pub fn with_options(options: AlphaBetaOptions) -> Self {
        Self {
            searcher: AlphaBeta::new(Domain, options),
        }
    }

    /// Searches `state` within the clock. While the game runs the move is always legal: the
    /// search falls back to the first legal action when no iteration completes.
    ///
    /// The score is [`evaluate`]'s, for the player to move: about ten a cell of territory
    /// more than the opponent's; a finished game found by the search scores as a win or loss
    /// ([`floodgate_search::WIN`] less the plies to it), a draw 0.
    pub fn search(&mut self, state: &State, clock: &Clock) -> SearchResult<Action> {
        self.searcher
            .search(state, clock)
            .or_answer(|| first_legal(state))
    }
}

/// The answer where the search finds no move (the game is over, but an answer is still due):
/// the first legal action.
pub(crate) fn first_legal(state: &State) -> Option<Action> {
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    actions.first().copied()
}
