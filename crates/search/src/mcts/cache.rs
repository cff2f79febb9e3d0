//! Positions of some of the tree's nodes, kept so that an iteration need not replay every
//! move from the root.

/// The positions of some nodes of the tree, so that an iteration starts from the deepest one
/// on its path instead of playing every move from the root. Slots are picked by node number
/// and keep the node of two that more walks have passed through: it is the likelier to be
/// walked through again.
#[derive(Debug)]
pub(super) struct PositionCache<S> {
    /// The node held by each slot ([`PositionCache::EMPTY`] when none).
    nodes: Vec<u32>,
    positions: Vec<Option<S>>,
}

impl<S: Clone> PositionCache<S> {
    const EMPTY: u32 = u32::MAX;

    pub(super) fn new(slots: usize) -> Self {
        Self {
            nodes: vec![Self::EMPTY; slots],
            positions: (0..slots).map(|_| None).collect(),
        }
    }

    pub(super) fn clear(&mut self) {
        self.nodes.fill(Self::EMPTY);
        self.positions.fill_with(|| None);
    }

    fn slot(&self, node: u32) -> Option<usize> {
        (!self.nodes.is_empty()).then(|| node as usize % self.nodes.len())
    }

    /// The position of `node`, if held.
    pub(super) fn get(&self, node: u32) -> Option<&S> {
        let slot = self.slot(node)?;
        (self.nodes[slot] == node)
            .then(|| self.positions[slot].as_ref())
            .flatten()
    }

    /// Keeps `position` as that of `node`, unless its slot holds a node that `visits` (the
    /// walks through a node so far) counts as often or more.
    pub(super) fn offer(&mut self, node: u32, position: &S, visits: impl Fn(u32) -> u32) {
        let Some(slot) = self.slot(node) else {
            return;
        };
        let held = self.nodes[slot];
        if held == Self::EMPTY || visits(held) < visits(node) {
            self.nodes[slot] = node;
            match &mut self.positions[slot] {
                Some(kept) => kept.clone_from(position),
                empty => *empty = Some(position.clone()),
            }
        }
    }
}
