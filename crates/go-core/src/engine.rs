//! The playing engine: the search crate's Monte Carlo tree search, configured for Go: RAVE,
//! priors (the `priors` module), playouts to the end of the game (the `playout` module), and
//! leaves expanded only once a few playouts went through them.
//!
//! Each iteration walks down the tree, choosing at every node the child with the best blend of
//! its own win rate and its all-moves-as-first (AMAF) win rate, expands a leaf once it has
//! been visited a few times, plays the rest of the game out with the playout policy
//! (described in docs/go.md) and backs the result up: into the visited nodes, and into the AMAF
//! statistics of every sibling whose point the same player took first later in that game.
//! The tree lives in a node arena of fixed capacity; when it is full, leaves are no longer
//! expanded. The tree is searched from the game's position alone: the game's history
//! (positional superko) is checked on the root's moves.

mod analysis;

pub use analysis::{Analysis, Candidate};

use floodgate_search::{
    Budget, Game, Mcts, MctsOptions, MoveList, Outcome, Prior, RootChild, Seat,
};
use floodgate_search::{Rng, RolloutPolicy, Score};

use crate::game::GameState;
use crate::playout::{FirstPlayed, playout};
use crate::position::Position;
use crate::priors::Priors;
use crate::slot::Slot;
use crate::turn::{Colour, Move};

/// Settings of the [`Engine`].
#[derive(Clone, Debug)]
pub struct EngineOptions {
    /// The most memory the tree may take, in bytes.
    pub memory_bytes: usize,
    /// Seed of the playouts' random numbers.
    pub seed: u64,
    /// Own visits at which a node's own win rate and its AMAF win rate weigh the same
    /// (roughly): larger trusts AMAF longer.
    pub rave_equivalence: f64,
    /// Visits a leaf needs before its children are added.
    pub expand_after: u32,
    /// Searches run at once, each with its own tree (of `memory_bytes / threads`) and random
    /// numbers; their root visits are added up to choose the move.
    pub threads: usize,
}

impl Default for EngineOptions {
    fn default() -> Self {
        Self {
            memory_bytes: 256 << 20,
            seed: 1,
            rave_equivalence: 10000.0,
            expand_after: 8,
            threads: 1,
        }
    }
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchReport {
    /// The move to play: the most visited legal one (a pass when nothing else is sensible).
    pub best: Move,
    /// How often the player to move won through `best` (0 to 1).
    pub win_rate: f64,
    /// Playouts run.
    pub playouts: u64,
    /// Nodes in the tree.
    pub nodes: usize,
}

/// Go as the tree sees it: positions without their history, scored by area with `komi`.
/// A move is a point's [`Slot`], [`Slot::PASS`] for a pass.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TreeGame {
    /// Points given to White.
    pub(crate) komi: f64,
}

/// A position in the tree, and the slot of the last move if it was a stone (the playouts
/// and the priors answer it).
#[derive(Clone)]
pub(crate) struct TreeState {
    position: Position,
    last: Option<Slot>,
}

impl std::fmt::Debug for TreeState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TreeState")
            .field("to_move", &self.position.to_move())
            .field("passes", &self.position.passes())
            .field("last", &self.last)
            .finish_non_exhaustive()
    }
}

impl Game for TreeGame {
    type State = TreeState;
    type Move = Slot;

    fn player_to_move(&self, state: &TreeState) -> Seat {
        player(state.position.to_move())
    }

    /// A pass, then every empty point that is neither the mover's own eye, nor a suicide, nor
    /// taken back at once in a ko; none once two passes ended the game.
    fn generate_moves(&self, state: &TreeState, moves: &mut MoveList<Slot>) {
        let position = &state.position;
        if position.passes() >= 2 {
            return;
        }
        moves.push(Slot::PASS);
        let empties = position.empty_slots().iter().copied();
        moves.extend(empties.filter(|&p| position.is_playable(p)));
    }

    fn outcome(&self, state: &TreeState) -> Option<Outcome> {
        (state.position.passes() >= 2).then(|| outcome(state.position.area_margin(), self.komi))
    }

    fn next(&self, state: &TreeState, slot: Slot) -> TreeState {
        let mut next = state.clone();
        self.play(&mut next, slot);
        next
    }

    fn play(&self, state: &mut TreeState, slot: Slot) {
        if slot == Slot::PASS {
            state.position.pass();
            state.last = None;
        } else {
            state.position.play_slot(slot);
            state.last = Some(slot);
        }
    }

    /// The area margin for the player to move, komi included, in points (the tree values
    /// its leaves by playouts; this is for other searches).
    fn evaluate(&self, state: &TreeState) -> Score {
        let black = f64::from(state.position.area_margin()) - self.komi;
        let margin = match state.position.to_move() {
            Colour::Black => black,
            Colour::White => -black,
        };
        margin as Score
    }

    fn hash(&self, state: &TreeState) -> u64 {
        state.position.board_hash() ^ state.position.to_move().index() as u64
    }

    fn move_index(&self, slot: Slot) -> usize {
        slot.index()
    }
}

/// The player a colour is: Black moves first.
fn player(colour: Colour) -> Seat {
    match colour {
        Colour::Black => Seat::First,
        Colour::White => Seat::Second,
    }
}

/// The colour a player is.
fn colour(player: Seat) -> Colour {
    match player {
        Seat::First => Colour::Black,
        Seat::Second => Colour::White,
    }
}

/// The result of a game Black wins on the board by `margin` before `komi`.
fn outcome(margin: i32, komi: f64) -> Outcome {
    let result = f64::from(margin) - komi;
    if result > 0.0 {
        Outcome::Win(Seat::First)
    } else if result < 0.0 {
        Outcome::Win(Seat::Second)
    } else {
        Outcome::Draw
    }
}

/// The leaf policy: a playout to the end, remembering who played each point first (AMAF),
/// and the priors of new children.
#[derive(Debug)]
pub(crate) struct Playouts {
    first: FirstPlayed,
    priors: Priors,
}

impl Playouts {
    /// A policy for positions with `slots` array slots.
    fn new(slots: usize) -> Self {
        Self {
            first: FirstPlayed::new(slots),
            priors: Priors::new(),
        }
    }
}

impl RolloutPolicy<TreeGame> for Playouts {
    fn value(&mut self, game: &TreeGame, state: &mut TreeState, rng: &mut Rng) -> f64 {
        let margin = playout(&mut state.position, state.last, rng, &mut self.first);
        match outcome(margin, game.komi) {
            Outcome::Win(Seat::First) => 1.0,
            Outcome::Win(Seat::Second) => 0.0,
            Outcome::Draw => 0.5,
        }
    }

    fn priors(&mut self, _: &TreeGame, state: &TreeState, moves: &[Slot], out: &mut Vec<Prior>) {
        self.priors.fill(&state.position, moves, out);
    }

    fn start_playout(&mut self) {
        self.first.clear();
    }

    fn played_first(&self, slot: Slot, player: Seat) -> bool {
        slot != Slot::PASS && self.first.played_first(slot, colour(player))
    }

    fn played_earlier(&mut self, slot: Slot, player: Seat) {
        if slot != Slot::PASS {
            self.first.record_earlier(slot, colour(player));
        }
    }
}

/// The Monte Carlo engine: a tree of the search crate's [`Mcts`] for each thread, grown
/// afresh for every move.
#[derive(Debug)]
pub struct Engine {
    options: EngineOptions,
}

impl Engine {
    /// An engine with the given settings.
    pub fn new(options: EngineOptions) -> Self {
        Self { options }
    }

    /// Chooses a move for `colour` in `game` (which need not be `colour`'s turn) within
    /// `budget` (playouts, a clock's soft limit, or both; at least one playout runs). The move
    /// is always legal in `game`, superko included.
    pub fn search(&mut self, game: &GameState, colour: Colour, budget: &Budget) -> SearchReport {
        let threads = self.options.threads.max(1);
        let mut trees: Vec<_> = (0..threads as u64)
            .map(|thread| self.tree(game, colour, thread))
            .collect();
        let mut playouts = 0;
        std::thread::scope(|scope| {
            let (mine, helpers) = trees.split_first_mut().expect("one tree at least");
            let running: Vec<_> = helpers
                .iter_mut()
                .map(|tree| scope.spawn(|| tree.search(budget).iterations))
                .collect();
            playouts = mine.search(budget).iterations;
            for helper in running {
                playouts += helper.join().expect("a search thread does not panic");
            }
        });
        // Every tree's root has the same children in the same order (the same position,
        // expanded the same way): add their statistics up.
        let mut root: Vec<RootChild<Slot>> = trees[0].root_children().collect();
        for tree in &trees[1..] {
            for (sum, child) in root.iter_mut().zip(tree.root_children()) {
                sum.visits += child.visits;
                sum.wins += child.wins;
            }
        }
        let best = root.iter().max_by(|a, b| a.visits.total_cmp(&b.visits));
        let position = game.position();
        SearchReport {
            best: match best {
                Some(child) if child.mv != Slot::PASS => Move::Play(position.vertex(child.mv)),
                _ => Move::Pass,
            },
            win_rate: best.map_or(0.0, |child| f64::from(child.wins / child.visits.max(1.0))),
            playouts,
            nodes: trees.iter().map(Mcts::node_count).sum(),
        }
    }

    /// The tree of thread `thread` for `colour` to move in `game`, its root's moves those the
    /// game's rules allow.
    pub(crate) fn tree(
        &self,
        game: &GameState,
        colour: Colour,
        thread: u64,
    ) -> Mcts<TreeGame, Playouts> {
        let mut position = game.position().clone();
        position.set_to_move(colour);
        let last = match game.moves().last() {
            Some(&(_, Move::Play(vertex))) => Some(position.slot(vertex)),
            _ => None,
        };
        let options = MctsOptions {
            memory_bytes: self.options.memory_bytes / self.options.threads.max(1),
            seed: self
                .options
                .seed
                .wrapping_add(thread.wrapping_mul(0x9e37_79b9_7f4a_7c15)),
            rave_equivalence: Some(self.options.rave_equivalence),
            expand_after: self.options.expand_after,
            // A position is 11 KB and a move cheap: replaying from the root is faster.
            cache_positions: false,
            ..MctsOptions::default()
        };
        let policy = Playouts::new(position.slot_count());
        let root = TreeState { position, last };
        let mut tree = Mcts::new(TreeGame { komi: game.komi() }, root, options, policy);
        tree.retain_root_moves(|slot| {
            let m = match slot {
                Slot::PASS => Move::Pass,
                slot => Move::Play(game.position().vertex(slot)),
            };
            game.check(colour, m).is_ok()
        });
        tree
    }
}
