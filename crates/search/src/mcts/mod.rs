//! Monte Carlo tree search (UCT, or RAVE with priors) in a node arena of bounded size.

use rand_xoshiro::rand_core::{Rng as _, SeedableRng};

use crate::game::{Game, MoveList, Seat};

mod budget;
mod cache;
mod leaves;
mod rave;

pub use budget::Budget;
pub use leaves::{EvalLeaves, Prior, RandomRollout, Rng, RolloutPolicy};

use cache::PositionCache;
use leaves::outcome_value;
use rave::RaveStats;

/// Plays the move of a node on `state` (none at the root).
fn play<G: Game>(game: &G, state: &mut G::State, m: Option<G::Move>) {
    if let Some(m) = m {
        game.play(state, m);
    }
}

/// Settings of an [`Mcts`] search.
#[derive(Clone, Debug)]
pub struct MctsOptions {
    /// The UCT exploration constant.
    pub exploration: f64,
    /// The most memory the node arena may take, in bytes; the tree stops growing when full
    /// (iterations go on, valuing leaves without expanding them).
    pub memory_bytes: usize,
    /// Seed of the random number generator.
    pub seed: u64,
    /// Weight of the implicit minimax value in selection, 0 to 1 (0, the default, is plain
    /// UCT). Each node also keeps the minimax of the leaf values below it, and a child is
    /// ranked by `(1 - w) * mean reward + w * minimax` plus the exploration term: "implicit
    /// minimax backups" (Lanctot, Winands, Pepels and Sturtevant, 2014), for games whose
    /// leaves are valued by a heuristic rather than played out.
    pub minimax_weight: f64,
    /// RAVE instead of UCT, with this equivalence (own visits at which a node's own win rate
    /// and its all-moves-as-first win rate weigh about the same): children are ranked by the
    /// blend of the two, priors included ([`RolloutPolicy::priors`]), without an exploration
    /// term; after a node is expanded the search steps to the child that ranks first. `None`,
    /// the default, is UCT, which steps to a random child.
    pub rave_equivalence: Option<f64>,
    /// Iterations through a leaf before its children are added (the root's are added at
    /// once); 0, the default, adds them on the first.
    pub expand_after: u32,
    /// Whether an eighth of the memory keeps positions of nodes, so that an iteration starts
    /// from the deepest one on its path (on by default). Off for a game whose moves are cheap
    /// to replay and whose positions are large to copy (Go: an 11 KB position).
    pub cache_positions: bool,
}

impl Default for MctsOptions {
    fn default() -> Self {
        Self {
            exploration: std::f64::consts::SQRT_2,
            memory_bytes: 16 << 20,
            seed: 0,
            minimax_weight: 0.0,
            rave_equivalence: None,
            expand_after: 0,
            cache_positions: true,
        }
    }
}

/// A move at the root and its statistics after a search, priors included.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootChild<M> {
    /// The move.
    pub mv: M,
    /// Visits through it, virtual ones from the priors included.
    pub visits: f32,
    /// Wins among them for the player to move at the root.
    pub wins: f32,
    /// Iterations of the search through it (the priors' virtual visits left out).
    pub playouts: u32,
    /// Wins among those iterations for the player to move at the root.
    pub playout_wins: f64,
}

/// What an MCTS search found.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsResult<M> {
    /// The most visited move at the root; `None` when the game is over.
    pub best_move: Option<M>,
    /// How often the player to move at the root won through `best_move` (0 to 1).
    pub win_rate: f64,
    /// Iterations run by this search.
    pub iterations: u64,
    /// Nodes in the tree after the search.
    pub nodes: usize,
}

/// A tree node. Children of a node are contiguous in the arena.
#[derive(Clone, Copy, Debug)]
struct Node<M> {
    /// The move that leads here (none at the root).
    mv: Option<M>,
    /// The player who played `mv`; rewards are stored from this player's side.
    mover: Seat,
    first_child: u32,
    child_count: u32,
    expanded: bool,
    visits: u32,
    /// Sum of the rewards (0 to 1) for `mover`.
    reward: f64,
    /// The implicit minimax value for `mover`: the node's own leaf value until a child has
    /// been visited, then the best of its visited children's for the player choosing there
    /// (kept only when [`MctsOptions::minimax_weight`] is above 0).
    minimax: f32,
}

impl<M> Node<M> {
    /// A node not yet visited nor expanded.
    fn unvisited(mv: Option<M>, mover: Seat) -> Self {
        Self {
            mv,
            mover,
            first_child: 0,
            child_count: 0,
            expanded: false,
            visits: 0,
            reward: 0.0,
            minimax: 0.0,
        }
    }
}

/// A UCT searcher for the game `G`, valuing leaves with the policy `P`. It owns the game and
/// the root position; [`Mcts::advance`] plays moves on it and keeps the subtree below them.
#[derive(Debug)]
pub struct Mcts<G: Game, P> {
    game: G,
    options: MctsOptions,
    policy: P,
    rng: Rng,
    root: G::State,
    nodes: Vec<Node<G::Move>>,
    /// Each node's RAVE statistics, beside it (empty for a UCT search).
    rave: Vec<RaveStats>,
    /// Scratch for the priors of new children.
    priors: Vec<Prior>,
    capacity: usize,
    cache: PositionCache<G::State>,
}

impl<G: Game, P: RolloutPolicy<G>> Mcts<G, P> {
    /// A searcher from `root`, with an arena of at most `options.memory_bytes`: an eighth of
    /// it (at most 16,384 positions, by their size in place) keeps positions of nodes, the
    /// rest the nodes (and their RAVE statistics).
    pub fn new(game: G, root: G::State, options: MctsOptions, policy: P) -> Self {
        let slot_bytes = size_of::<u32>() + size_of::<Option<G::State>>();
        let slots = if options.cache_positions {
            (options.memory_bytes / 8 / slot_bytes).min(1 << 14)
        } else {
            0
        };
        let rave_bytes = options
            .rave_equivalence
            .map_or(0, |_| size_of::<RaveStats>());
        let node_bytes = size_of::<Node<G::Move>>() + rave_bytes;
        let capacity = ((options.memory_bytes - slots * slot_bytes) / node_bytes).max(1);
        let mut mcts = Self {
            game,
            rng: Rng::seed_from_u64(options.seed),
            rave: Vec::with_capacity(if rave_bytes > 0 { capacity } else { 0 }),
            options,
            policy,
            root,
            nodes: Vec::with_capacity(capacity),
            priors: Vec::new(),
            capacity,
            cache: PositionCache::new(slots),
        };
        mcts.reset_tree();
        mcts
    }

    /// The game searched.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The position at the root.
    pub fn root_state(&self) -> &G::State {
        &self.root
    }

    /// The number of nodes in the tree.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The most nodes the arena holds.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// The leaf policy.
    pub fn policy(&self) -> &P {
        &self.policy
    }

    fn uses_rave(&self) -> bool {
        self.options.rave_equivalence.is_some()
    }

    fn reset_tree(&mut self) {
        self.cache.clear();
        self.nodes.clear();
        self.rave.clear();
        let mover = self.game.player_to_move(&self.root).other();
        self.nodes.push(Node::unvisited(None, mover));
        if self.uses_rave() {
            self.rave.push(RaveStats::default());
        }
    }

    /// Adds the root's children now, if they are not there yet, and keeps those `keep`
    /// allows: for rules the game's moves do not know (Go's superko, which needs the game's
    /// history). A tree below the root's children is dropped.
    pub fn retain_root_moves(&mut self, mut keep: impl FnMut(G::Move) -> bool) {
        if !self.nodes[0].expanded {
            let root = self.root.clone();
            self.expand(0, &root);
        }
        let root = self.nodes[0];
        let first = root.first_child as usize;
        let mut kept = first;
        for index in first..first + root.child_count as usize {
            if matches!(self.nodes[index].mv, Some(m) if keep(m)) {
                let mut child = self.nodes[index];
                (child.first_child, child.child_count, child.expanded) = (0, 0, false);
                self.nodes[kept] = child;
                if self.uses_rave() {
                    self.rave[kept] = self.rave[index];
                }
                kept += 1;
            }
        }
        self.nodes.truncate(kept);
        self.rave.truncate(kept.min(self.rave.len()));
        self.nodes[0].child_count = (kept - first) as u32;
        self.cache.clear();
    }

    /// The root's moves and their statistics, in the order the game generated them.
    pub fn root_children(&self) -> impl ExactSizeIterator<Item = RootChild<G::Move>> + '_ {
        let root = self.nodes[0];
        let first = root.first_child as usize;
        (first..first + root.child_count as usize).map(move |index| {
            let node = self.nodes[index];
            let (visits, wins) = match self.rave.get(index) {
                Some(stats) => (stats.own_visits, stats.own_wins),
                None => (node.visits as f32, node.reward as f32),
            };
            RootChild {
                mv: node.mv.expect("a child has a move"),
                visits,
                wins,
                playouts: node.visits,
                playout_wins: node.reward,
            }
        })
    }

    /// The principal variation through the root's child number `child` (in the order of
    /// [`Mcts::root_children`]): its move, then from each node on the move of its most searched
    /// child, while that child has been searched; at most `max_moves` moves.
    pub fn principal_variation(&self, child: usize, max_moves: usize) -> Vec<G::Move> {
        let root = self.nodes[0];
        let mut line = Vec::new();
        if child >= root.child_count as usize {
            return line;
        }
        let mut node = self.nodes[root.first_child as usize + child];
        while line.len() < max_moves {
            line.extend(node.mv);
            let first = node.first_child as usize;
            let children = &self.nodes[first..first + node.child_count as usize];
            match children
                .iter()
                .filter(|c| c.visits > 0)
                .max_by_key(|c| c.visits)
            {
                Some(&next) if node.expanded => node = next,
                _ => break,
            }
        }
        line
    }

    /// Runs iterations until the budget is spent (a budget with neither limit runs one
    /// iteration) and returns the most visited root move.
    pub fn search(&mut self, budget: &Budget) -> MctsResult<G::Move> {
        let mut iterations = 0;
        while !budget.spent(iterations, 8) {
            self.iterate();
            iterations += 1;
        }
        let (best_move, win_rate) = if self.uses_rave() {
            // Virtual visits count: a move the priors favour needs fewer real ones.
            let best = self
                .root_children()
                .max_by(|a, b| a.visits.total_cmp(&b.visits));
            best.map_or((None, 0.0), |child| {
                (
                    Some(child.mv),
                    f64::from(child.wins / child.visits.max(1.0)),
                )
            })
        } else {
            let root = self.nodes[0];
            let children = &self.nodes[root.first_child as usize..][..root.child_count as usize];
            let best = children.iter().max_by_key(|child| child.visits);
            let rate = |child: &Node<G::Move>| child.reward / f64::from(child.visits.max(1));
            (best.and_then(|child| child.mv), best.map_or(0.0, rate))
        };
        MctsResult {
            best_move,
            win_rate,
            iterations,
            nodes: self.nodes.len(),
        }
    }

    /// One selection, expansion, valuation and backup.
    fn iterate(&mut self) {
        let mut path = self.select_path();
        // The position at the end of the path, from the deepest one on it the cache holds (or
        // the root). Cloned straight into place: a large position (Go's) is not moved again.
        let from = (1..path.len())
            .rev()
            .find(|&depth| self.cache.get(path[depth]).is_some())
            .unwrap_or(0);
        let mut state = match self.cache.get(path[from]) {
            Some(cached) if from > 0 => cached.clone(),
            _ => self.root.clone(),
        };
        self.replay(&path[from + 1..], &mut state);
        // A fresh leaf (unless the game is over there): once ripe, expand it and go one step
        // further, to a random child (UCT) or the one that ranks first (RAVE), and value that.
        let node = *path.last().expect("the path starts at the root");
        let mut outcome = self.game.outcome(&state);
        let ripe = node == 0 || self.nodes[node as usize].visits >= self.options.expand_after;
        if !self.nodes[node as usize].expanded
            && outcome.is_none()
            && ripe
            && self.expand(node, &state)
        {
            let current = self.nodes[node as usize];
            if current.child_count > 0 {
                let child = if self.uses_rave() {
                    self.select_child(current)
                } else {
                    let pick = (self.rng.next_u64() % u64::from(current.child_count)) as u32;
                    current.first_child + pick
                };
                play(&self.game, &mut state, self.nodes[child as usize].mv);
                path.push(child);
                outcome = self.game.outcome(&state);
            }
        }
        self.policy.start_playout();
        let value = match outcome {
            Some(outcome) => outcome_value(outcome),
            None => self.policy.value(&self.game, &mut state, &mut self.rng),
        };
        self.back_up(&path, value);
    }

    /// Selection, which needs only the nodes: the path from the root down to a node not yet
    /// expanded, or without moves.
    fn select_path(&self) -> MoveList<u32> {
        let mut path: MoveList<u32> = MoveList::new();
        let mut node = 0u32;
        path.push(node);
        loop {
            let current = self.nodes[node as usize];
            if !current.expanded || current.child_count == 0 {
                return path;
            }
            node = self.select_child(current);
            path.push(node);
        }
    }

    /// Plays the moves of the nodes of `path` on `state`, offering the cache the positions it
    /// passes.
    fn replay(&mut self, path: &[u32], state: &mut G::State) {
        let nodes = &self.nodes;
        for &index in path {
            play(&self.game, state, nodes[index as usize].mv);
            self.cache
                .offer(index, state, |node| nodes[node as usize].visits);
        }
    }

    /// Backs `value`, the leaf's value for the first player, up the path: into each node's
    /// visits and rewards, and with RAVE into the statistics of each node's children whose
    /// move their mover played first below it.
    fn back_up(&mut self, path: &[u32], value: f64) {
        for (depth, &index) in path.iter().enumerate().rev() {
            let node = self.nodes[index as usize];
            let for_mover = match node.mover {
                Seat::First => value,
                Seat::Second => 1.0 - value,
            };
            // Kept only where selection reads it: plain UCT pays nothing for it.
            let minimax = (self.options.minimax_weight > 0.0)
                .then(|| self.backed_up_minimax(node).unwrap_or(for_mover as f32));
            let updated = &mut self.nodes[index as usize];
            updated.visits += 1;
            updated.reward += for_mover;
            if let Some(minimax) = minimax {
                updated.minimax = minimax;
            }
            if self.uses_rave() {
                self.rave[index as usize].visit(for_mover as f32);
                self.back_up_rave(node, 1.0 - for_mover as f32);
                if let (true, Some(m)) = (depth > 0, node.mv) {
                    self.policy.played_earlier(m, node.mover);
                }
            }
        }
    }

    /// Adds a playout worth `child_value` to their movers to the all-moves-as-first
    /// statistics of the children of `node` whose move their mover played first.
    fn back_up_rave(&mut self, node: Node<G::Move>, child_value: f32) {
        let first = node.first_child as usize;
        for index in first..first + node.child_count as usize {
            let child = self.nodes[index];
            if matches!(child.mv, Some(m) if self.policy.played_first(m, child.mover)) {
                self.rave[index].visits += 1.0;
                self.rave[index].wins += child_value;
            }
        }
    }

    /// Adds the children of `node`; false when the arena has no room for them.
    fn expand(&mut self, node: u32, state: &G::State) -> bool {
        let mut moves = MoveList::new();
        self.game.generate_moves(state, &mut moves);
        if self.nodes.len() + moves.len() > self.capacity
            || self.nodes.len() + moves.len() > u32::MAX as usize
        {
            return false;
        }
        let mover = self.game.player_to_move(state);
        let first_child = self.nodes.len() as u32;
        for &m in &moves {
            self.nodes.push(Node::unvisited(Some(m), mover));
        }
        if self.uses_rave() {
            self.policy
                .priors(&self.game, state, &moves, &mut self.priors);
            let priors = self.priors.iter();
            self.rave
                .extend(priors.map(|prior| RaveStats::with_prior(prior.visits, prior.wins)));
        }
        let parent = &mut self.nodes[node as usize];
        parent.first_child = first_child;
        parent.child_count = moves.len() as u32;
        parent.expanded = true;
        true
    }

    /// The minimax value of `node` for its mover over its visited children, if it has any.
    fn backed_up_minimax(&self, node: Node<G::Move>) -> Option<f32> {
        let children = &self.nodes[node.first_child as usize..][..node.child_count as usize];
        let best = children
            .iter()
            .filter(|child| child.visits > 0)
            .max_by(|a, b| a.minimax.total_cmp(&b.minimax))?;
        // The player choosing among the children is their mover; seen from `node.mover`.
        Some(if best.mover == node.mover {
            best.minimax
        } else {
            1.0 - best.minimax
        })
    }

    /// The child that ranks first: by its RAVE value, or by its UCT value (an unvisited child
    /// first).
    fn select_child(&self, parent: Node<G::Move>) -> u32 {
        if let Some(equivalence) = self.options.rave_equivalence {
            return self.select_by_rave(parent, equivalence as f32);
        }
        let log_visits = f64::from(parent.visits.max(1)).ln();
        let weight = self.options.minimax_weight;
        let children = &self.nodes[parent.first_child as usize..][..parent.child_count as usize];
        let mut best = (f64::NEG_INFINITY, 0);
        for (offset, child) in children.iter().enumerate() {
            if child.visits == 0 {
                return parent.first_child + offset as u32;
            }
            let visits = f64::from(child.visits);
            let mean = child.reward / visits;
            let value = (1.0 - weight) * mean + weight * f64::from(child.minimax);
            let uct = value + self.options.exploration * (log_visits / visits).sqrt();
            if uct > best.0 {
                best = (uct, offset);
            }
        }
        parent.first_child + best.1 as u32
    }

    /// The child with the highest RAVE value (the first of equals).
    fn select_by_rave(&self, parent: Node<G::Move>, equivalence: f32) -> u32 {
        let first = parent.first_child as usize;
        let mut best = (f32::NEG_INFINITY, first);
        for index in first..first + parent.child_count as usize {
            let value = self.rave[index].value(equivalence);
            if value > best.0 {
                best = (value, index);
            }
        }
        best.1 as u32
    }

    /// Plays `m` at the root and keeps the subtree below it (the rest of the tree is dropped).
    /// A move the tree has not expanded starts a fresh tree. The subtree is compacted in place,
    /// so memory stays within the arena (plus one bit and a few bytes per 64 nodes).
    pub fn advance(&mut self, m: G::Move) {
        let root = self.nodes[0];
        let children = root.first_child..root.first_child + root.child_count;
        let kept = children
            .clone()
            .find(|&i| self.nodes[i as usize].mv == Some(m));
        self.game.play(&mut self.root, m);
        let Some(kept) = kept else {
            self.reset_tree();
            return;
        };
        // Mark the kept subtree. Children are always stored after their parent, so every kept
        // node lies at or after `kept`, and compacting in index order never overwrites a node
        // before it is moved.
        let mut marked = vec![0u64; self.nodes.len() / 64 + 1];
        let mut stack = vec![kept];
        while let Some(index) = stack.pop() {
            marked[index as usize / 64] |= 1 << (index % 64);
            let node = self.nodes[index as usize];
            stack.extend(node.first_child..node.first_child + node.child_count);
        }
        // `before[w]`: kept nodes in words before `w`; a node's new index is its rank.
        let before: Vec<u32> = marked
            .iter()
            .scan(0, |count, word| {
                let here = *count;
                *count += word.count_ones();
                Some(here)
            })
            .collect();
        let rank = |index: u32| {
            let (word, bit) = (index as usize / 64, index % 64);
            before[word] + (marked[word] & ((1 << bit) - 1)).count_ones()
        };
        let mut kept_count = 0;
        for index in kept..self.nodes.len() as u32 {
            if marked[index as usize / 64] & (1 << (index % 64)) == 0 {
                continue;
            }
            let mut node = self.nodes[index as usize];
            if node.child_count > 0 {
                node.first_child = rank(node.first_child);
            }
            self.nodes[kept_count] = node;
            if self.uses_rave() {
                self.rave[kept_count] = self.rave[index as usize];
            }
            kept_count += 1;
        }
        self.nodes.truncate(kept_count);
        self.rave.truncate(kept_count.min(self.rave.len()));
        self.nodes[0].mv = None;
        // The nodes moved: the cache's numbers no longer name them.
        self.cache.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Outcome, Score};

    /// A game whose position is the list of moves that led to it: three moves a turn, over
    /// after eight plies, won by the first player when the moves add up to an even number.
    struct Moves;

    impl Game for Moves {
        type State = Vec<u8>;
        type Move = u8;

        fn player_to_move(&self, moves: &Vec<u8>) -> Seat {
            if moves.len().is_multiple_of(2) {
                Seat::First
            } else {
                Seat::Second
            }
        }

        fn generate_moves(&self, moves: &Vec<u8>, list: &mut MoveList<u8>) {
            if moves.len() < 8 {
                list.extend(0..3);
            }
        }

        fn outcome(&self, moves: &Vec<u8>) -> Option<Outcome> {
            let even = moves.iter().map(|&m| u32::from(m)).sum::<u32>() % 2 == 0;
            (moves.len() == 8).then_some(Outcome::Win(if even {
                Seat::First
            } else {
                Seat::Second
            }))
        }

        fn next(&self, moves: &Vec<u8>, m: u8) -> Vec<u8> {
            let mut next = moves.clone();
            next.push(m);
            next
        }

        fn evaluate(&self, moves: &Vec<u8>) -> Score {
            moves.iter().map(|&m| Score::from(m)).sum::<Score>() * 10 - 30
        }

        fn hash(&self, moves: &Vec<u8>) -> u64 {
            moves.iter().fold(1, |hash, &m| hash * 4 + u64::from(m))
        }
    }

    /// Asserts that every position the cache holds is that of its node (the moves from the root
    /// down to it), and that it holds many.
    fn assert_cache_matches_tree(mcts: &Mcts<Moves, EvalLeaves>) {
        let mut stack = vec![(0u32, mcts.root.clone())];
        let mut held = 0;
        while let Some((index, position)) = stack.pop() {
            if let Some(cached) = mcts.cache.get(index) {
                assert_eq!(cached, &position, "node {index}");
                held += 1;
            }
            let node = mcts.nodes[index as usize];
            for child in node.first_child..node.first_child + node.child_count {
                let mut next = position.clone();
                next.push(mcts.nodes[child as usize].mv.expect("a child's move"));
                stack.push((child, next));
            }
        }
        assert!(held > 100, "{held} positions held");
    }

    #[test]
    fn a_cache_slot_keeps_the_node_walked_through_more_often() {
        // Nodes 1, 5 and 9 share a slot of four; `visits` is their walks so far.
        let visits = |node: u32| [0, 7, 0, 0, 0, 3, 0, 0, 0, 9][node as usize];
        let mut cache = PositionCache::new(4);
        cache.offer(5, &"five", visits);
        assert_eq!(cache.get(5), Some(&"five"), "an empty slot takes any node");
        cache.offer(1, &"one", visits);
        assert_eq!((cache.get(1), cache.get(5)), (Some(&"one"), None));
        cache.offer(5, &"five", visits);
        assert_eq!(
            cache.get(1),
            Some(&"one"),
            "a node walked less does not replace it"
        );
        cache.offer(9, &"nine", visits);
        assert_eq!((cache.get(9), cache.get(1)), (Some(&"nine"), None));
    }

    #[test]
    fn cached_positions_are_those_of_their_nodes_also_after_a_move() {
        let options = MctsOptions {
            memory_bytes: 1 << 20,
            ..MctsOptions::default()
        };
        let leaves = EvalLeaves { eval_scale: 20.0 };
        let mut mcts = Mcts::new(Moves, Vec::new(), options, leaves);
        mcts.search(&Budget::iterations(3000));
        assert_cache_matches_tree(&mcts);
        // The kept subtree is renumbered: positions cached under the old numbers must go.
        mcts.advance(1);
        mcts.search(&Budget::iterations(2000));
        assert_cache_matches_tree(&mcts);
    }
}
