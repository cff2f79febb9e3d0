//! The playing engine: Monte Carlo tree search with RAVE over [`Position`]s.
//!
//! Each iteration walks down the tree, choosing at every node the child with the best blend of
//! its own win rate and its all-moves-as-first (AMAF) win rate, expands a leaf once it has
//! been visited a few times, plays the rest of the game out with the playout policy
//! (described in docs/go.md) and backs the result up: into the visited nodes, and into the AMAF
//! statistics of every sibling whose point the same player took first later in that game.
//! The AMAF weight `b = n' / (n' + n + n n' / equivalence)` starts at 1 and fades as a node's
//! own visits `n` grow. New children start with prior visits: even odds for all, more won
//! visits for captures (an atari that starts a ladder the chain cannot escape counts as one),
//! known 3 x 3 shapes and points near the last move, more lost ones for a self-atari (also an
//! escape into a ladder that catches the chain: the `ladder` module) and a pass. The tree lives
//! in a node arena of fixed capacity; when it is full, leaves are no longer expanded.

use rand_xoshiro::rand_core::SeedableRng;
use search::Budget;

use crate::game::Game;
use crate::ladder::Ladders;
use crate::playout::{FirstPlayed, Rng, playout};
use crate::position::{Colour, Move, Position};

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
            rave_equivalence: 3000.0,
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

/// A tree node: the move that leads to it (slot 0 is a pass), its children (contiguous in the
/// arena; `first_child` 0 while not expanded), and its statistics for the player who moved:
/// `visits` and `wins` include the priors, `playouts` counts the iterations through it.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    slot: u16,
    child_count: u16,
    first_child: u32,
    playouts: u32,
    visits: f32,
    wins: f32,
    rave_visits: f32,
    rave_wins: f32,
}

/// Prior visits of a new child, and the wins among them.
const PRIOR_EVEN: f32 = 10.0;
const PRIOR_CAPTURE: f32 = 15.0;
const PRIOR_SELF_ATARI: f32 = 10.0;
const PRIOR_SHAPE: f32 = 10.0;
const PRIOR_NEAR_LAST: [f32; 3] = [24.0, 22.0, 8.0];
const PRIOR_PASS_VISITS: f32 = 10.0;

/// The Monte Carlo engine. It keeps its node arena between searches (the tree itself is
/// rebuilt for every move).
#[derive(Debug)]
pub struct Engine {
    options: EngineOptions,
    nodes: Vec<Node>,
    capacity: usize,
    rng: Rng,
    path: Vec<u32>,
    /// The other threads' engines (none with one thread).
    helpers: Vec<Engine>,
    /// Reads the ladders of a node's position for its children's priors.
    ladders: Box<Ladders>,
}

impl Engine {
    /// An engine with the given settings.
    pub fn new(options: EngineOptions) -> Self {
        let threads = options.threads.max(1);
        let share = options.memory_bytes / threads;
        let capacity = (share / size_of::<Node>()).clamp(2, u32::MAX as usize);
        let helpers = (1..threads as u64)
            .map(|i| {
                Self::new(EngineOptions {
                    memory_bytes: share,
                    seed: options
                        .seed
                        .wrapping_add(i.wrapping_mul(0x9e37_79b9_7f4a_7c15)),
                    threads: 1,
                    ..options.clone()
                })
            })
            .collect();
        Self {
            rng: Rng::seed_from_u64(options.seed),
            options,
            nodes: Vec::new(),
            capacity,
            path: Vec::new(),
            helpers,
            ladders: Box::new(Ladders::new()),
        }
    }

    /// Chooses a move for `colour` in `game` (which need not be `colour`'s turn) within
    /// `budget` (playouts, a clock's soft limit, or both; at least one playout runs). The move
    /// is always legal in `game`, superko included.
    pub fn search(&mut self, game: &Game, colour: Colour, budget: &Budget) -> SearchReport {
        let mut playouts = 0;
        let mut helpers = std::mem::take(&mut self.helpers);
        std::thread::scope(|scope| {
            let running: Vec<_> = helpers
                .iter_mut()
                .map(|helper| scope.spawn(|| helper.search_tree(game, colour, budget)))
                .collect();
            playouts = self.search_tree(game, colour, budget);
            for helper in running {
                playouts += helper.join().expect("a search thread does not panic");
            }
        });
        self.helpers = helpers;
        // Every tree's root has the same children in the same order (the same position,
        // expanded the same way): add their statistics up.
        let mut root = self.root_children().to_vec();
        for helper in &self.helpers {
            for (sum, child) in root.iter_mut().zip(helper.root_children()) {
                sum.visits += child.visits;
                sum.wins += child.wins;
            }
        }
        let best = root
            .iter()
            .max_by(|a, b| a.visits.total_cmp(&b.visits))
            .copied()
            .unwrap_or_default();
        let position = game.position();
        SearchReport {
            best: if best.slot == 0 {
                Move::Pass
            } else {
                Move::Play(position.vertex(usize::from(best.slot)))
            },
            win_rate: f64::from(best.wins / best.visits.max(1.0)),
            playouts,
            nodes: self.nodes.len() + self.helpers.iter().map(|h| h.nodes.len()).sum::<usize>(),
        }
    }

    /// The root's children after a search.
    fn root_children(&self) -> &[Node] {
        let root = self.nodes[0];
        &self.nodes[root.first_child as usize..][..usize::from(root.child_count)]
    }

    /// Grows this engine's own tree within `budget`; returns the playouts run.
    fn search_tree(&mut self, game: &Game, colour: Colour, budget: &Budget) -> u64 {
        let mut root = game.position().clone();
        root.set_to_move(colour);
        let last = match game.moves().last() {
            Some(&(_, Move::Play(vertex))) => Some(root.slot(vertex)),
            _ => None,
        };
        self.nodes.clear();
        self.nodes.push(Node::default());
        self.expand(0, &root, last);
        self.keep_legal_root_children(game, &root, colour);
        let mut first = FirstPlayed::new(root.slot_count());
        let mut playouts = 0;
        while !budget.spent(playouts, 8) {
            self.iterate(&root, last, game.komi(), &mut first);
            playouts += 1;
        }
        playouts
    }

    /// Drops the root children that the game's rules (superko) forbid.
    fn keep_legal_root_children(&mut self, game: &Game, root: &Position, colour: Colour) {
        let Node {
            first_child,
            child_count,
            ..
        } = self.nodes[0];
        let start = first_child as usize;
        let mut kept = start;
        for i in start..start + usize::from(child_count) {
            let node = self.nodes[i];
            let m = if node.slot == 0 {
                Move::Pass
            } else {
                Move::Play(root.vertex(usize::from(node.slot)))
            };
            if game.check(colour, m).is_ok() {
                self.nodes[kept] = node;
                kept += 1;
            }
        }
        self.nodes.truncate(kept);
        self.nodes[0].child_count = (kept - start) as u16;
    }

    /// Adds the children of `node` in `position` (every empty point that is neither the
    /// mover's eye nor a suicide, and a pass) with their priors; false when the arena is full.
    fn expand(&mut self, node: usize, position: &Position, last: Option<usize>) -> bool {
        let empties = position.empty_slots();
        if self.nodes.len() + empties.len() + 1 > self.capacity {
            return false;
        }
        let first_child = self.nodes.len();
        self.nodes.push(Node {
            visits: PRIOR_PASS_VISITS,
            ..Node::default()
        });
        let near = last.map(|q| position.vertex(q));
        self.ladders.load(position);
        for &p in empties {
            let p = usize::from(p);
            if position.is_own_eye(p) || position.is_suicide(p) {
                continue;
            }
            let (mut visits, mut wins) = (PRIOR_EVEN, PRIOR_EVEN / 2.0);
            if position.captures(p) {
                visits += PRIOR_CAPTURE;
                wins += PRIOR_CAPTURE;
            } else if position.is_big_self_atari(p) || self.ladders.escape_fails(position, p) {
                visits += PRIOR_SELF_ATARI;
            } else if self.ladders.attack_works(position, p) {
                visits += PRIOR_CAPTURE;
                wins += PRIOR_CAPTURE;
            }
            if crate::patterns::matches(position.neighbourhood(p)) {
                visits += PRIOR_SHAPE;
                wins += PRIOR_SHAPE;
            }
            if let Some(last) = near {
                let v = position.vertex(p);
                let distance =
                    usize::from(v.x.abs_diff(last.x)) + usize::from(v.y.abs_diff(last.y));
                if let Some(&prior) = PRIOR_NEAR_LAST.get(distance.wrapping_sub(1)) {
                    visits += prior;
                    wins += prior;
                }
            }
            self.nodes.push(Node {
                slot: p as u16,
                visits,
                wins,
                ..Node::default()
            });
        }
        let child_count = (self.nodes.len() - first_child) as u16;
        let parent = &mut self.nodes[node];
        parent.first_child = first_child as u32;
        parent.child_count = child_count;
        true
    }

    /// The child of `node` with the best blend of its win rate and its AMAF win rate.
    fn select(&self, node: usize) -> usize {
        let parent = self.nodes[node];
        let start = parent.first_child as usize;
        let equivalence = self.options.rave_equivalence as f32;
        let mut best = (f32::NEG_INFINITY, start);
        for (i, child) in self.nodes[start..start + usize::from(parent.child_count)]
            .iter()
            .enumerate()
        {
            let (n, rn) = (child.visits, child.rave_visits);
            let own = child.wins / n.max(1.0);
            let value = if rn > 0.0 {
                let beta = rn / (rn + n + n * rn / equivalence);
                (1.0 - beta) * own + beta * child.rave_wins / rn
            } else {
                own
            };
            if value > best.0 {
                best = (value, start + i);
            }
        }
        best.1
    }

    /// One descent, playout and backup.
    fn iterate(
        &mut self,
        root: &Position,
        root_last: Option<usize>,
        komi: f64,
        first: &mut FirstPlayed,
    ) {
        let mut position = root.clone();
        let mut last = root_last;
        let mut node = 0;
        self.path.clear();
        self.path.push(0);
        while position.passes() < 2 {
            let current = self.nodes[node];
            if current.first_child == 0 {
                let ripe = node == 0 || current.playouts >= self.options.expand_after;
                if !ripe || !self.expand(node, &position, last) {
                    break;
                }
            }
            if self.nodes[node].child_count == 0 {
                break;
            }
            node = self.select(node);
            match self.nodes[node].slot {
                0 => {
                    position.pass();
                    last = None;
                }
                slot => {
                    position.play_slot(usize::from(slot));
                    last = Some(usize::from(slot));
                }
            }
            self.path.push(node as u32);
        }
        first.clear();
        let margin = if position.passes() >= 2 {
            position.area_margin()
        } else {
            playout(&mut position, last, &mut self.rng, first)
        };
        let result = f64::from(margin) - komi;
        let black_value: f32 = if result > 0.0 {
            1.0
        } else if result < 0.0 {
            0.0
        } else {
            0.5
        };
        // The player who moved into path[i]: the root's mover's opponent at i = 0, then
        // alternating (passes included).
        let mut mover = root.to_move().other();
        if self.path.len().is_multiple_of(2) {
            mover = mover.other();
        }
        for i in (0..self.path.len()).rev() {
            let index = self.path[i] as usize;
            // `mover` moved into path[i] (the colours alternate back up the path).
            let value = if mover == Colour::Black {
                black_value
            } else {
                1.0 - black_value
            };
            let node = &mut self.nodes[index];
            node.playouts += 1;
            node.visits += 1.0;
            node.wins += value;
            let (start, count) = (node.first_child as usize, usize::from(node.child_count));
            let to_move = mover.other();
            let child_value = 1.0 - value;
            if start != 0 {
                for child in &mut self.nodes[start..start + count] {
                    if child.slot != 0 && first.played_first(usize::from(child.slot), to_move) {
                        child.rave_visits += 1.0;
                        child.rave_wins += child_value;
                    }
                }
            }
            let slot = usize::from(self.nodes[index].slot);
            if i > 0 && slot != 0 {
                first.record_earlier(slot, mover);
            }
            mover = mover.other();
        }
    }
}
