//! Live analysis, as Go GUIs show it: a search that goes on for as long as it is asked to, and
//! what it thinks of each candidate move so far.

use std::collections::HashMap;

use floodgate_search::{Budget, Mcts, RootChild};

use super::{Engine, Playouts, TreeGame};
use crate::game::GameState;
use crate::slot::Slot;
use crate::turn::{Colour, Move};

/// A candidate move as the analysis sees it: how much it was searched, how it does, and the
/// line the search expects after it.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The move.
    pub mv: Move,
    /// Iterations of the search through it.
    pub playouts: u32,
    /// How often the player to move won through it (0 to 1): over its playouts, or what its
    /// prior says while it has none.
    pub win_rate: f64,
    /// Its share of the priors' virtual visits at the root (0 to 1): how much the engine's
    /// knowledge favoured it before any search.
    pub prior: f64,
    /// The principal variation: the move, then the most searched reply at each step.
    pub line: Vec<Move>,
}

/// One position's search, kept between calls of [`Analysis::search`] so that it deepens.
#[derive(Debug)]
pub struct Analysis {
    tree: Mcts<TreeGame, Playouts>,
    game: GameState,
    colour: Colour,
    playouts: u64,
    /// Black's estimated margin after each candidate asked about ([`Analysis::margin_after`]).
    margins: HashMap<Move, f64>,
}

impl Engine {
    /// An analysis of `game` with `colour` to move (one tree, whatever the engine's threads).
    pub fn analysis(&self, game: &GameState, colour: Colour) -> Analysis {
        Analysis {
            tree: self.tree(game, colour, 0),
            game: game.clone(),
            colour,
            playouts: 0,
            margins: HashMap::new(),
        }
    }
}

impl Analysis {
    /// Searches on within `budget`.
    pub fn search(&mut self, budget: &Budget) {
        self.playouts += self.tree.search(budget).iterations;
    }

    /// Iterations searched so far.
    pub fn playouts(&self) -> u64 {
        self.playouts
    }

    /// Whose move is analysed.
    pub fn colour(&self) -> Colour {
        self.colour
    }

    /// The legal moves, the most searched first (then by prior), with principal variations
    /// of at most `line_moves` moves.
    pub fn candidates(&self, line_moves: usize) -> Vec<Candidate> {
        let children: Vec<RootChild<Slot>> = self.tree.root_children().collect();
        let virtual_visits = |c: &RootChild<Slot>| (c.visits - c.playouts as f32).max(0.0);
        let prior_total: f32 = children.iter().map(virtual_visits).sum();
        let mut candidates: Vec<Candidate> = children
            .iter()
            .enumerate()
            .map(|(index, child)| Candidate {
                mv: self.move_of(child.mv),
                playouts: child.playouts,
                win_rate: match child.playouts {
                    0 => f64::from(child.wins / child.visits.max(1.0)),
                    n => child.playout_wins / f64::from(n),
                },
                prior: f64::from(virtual_visits(child) / prior_total.max(1.0)),
                line: self.line(index, line_moves),
            })
            .collect();
        candidates.sort_by(|a, b| (b.playouts.cmp(&a.playouts)).then(b.prior.total_cmp(&a.prior)));
        candidates
    }

    /// Black's margin (komi included) that the game is headed for after `mv`, by
    /// [`GameState::estimated_margin`] of `playouts` playouts; kept, so each move costs its
    /// playouts once.
    pub fn margin_after(&mut self, mv: Move, playouts: usize) -> f64 {
        let (game, colour) = (&self.game, self.colour);
        *self.margins.entry(mv).or_insert_with(|| {
            let mut after = game.clone();
            match after.play(colour, mv) {
                Ok(()) => after.estimated_margin(playouts),
                Err(_) => game.estimated_margin(playouts),
            }
        })
    }

    fn line(&self, child: usize, moves: usize) -> Vec<Move> {
        let slots = self.tree.principal_variation(child, moves);
        slots.into_iter().map(|slot| self.move_of(slot)).collect()
    }

    fn move_of(&self, slot: Slot) -> Move {
        match slot {
            Slot::PASS => Move::Pass,
            slot => Move::Play(self.game.position().vertex(slot)),
        }
    }
}
