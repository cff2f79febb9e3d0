//! Move ordering for alpha-beta: the moves of a node one at a time, best candidates first.

use std::cmp::Reverse;

use smallvec::SmallVec;

/// Hands out the indices of a node's moves in the order alpha-beta tries them: the table's
/// move, then the ply's two killer moves, then the rest by decreasing history score (the
/// game's own order among equals). The rest are ranked only when the first stage is used up,
/// which a cutoff by one of the first moves saves.
#[derive(Debug)]
pub(crate) struct MovePicker {
    first: SmallVec<[usize; 3]>,
    next_first: usize,
    rest: SmallVec<[usize; 32]>,
    /// The next index into `rest`; `None` until the rest are ranked.
    next_rest: Option<usize>,
}

impl MovePicker {
    /// A picker over `moves`: the table's move and then `killers` are tried first when they
    /// are among `moves` (the table's move may be another position's, sharing the bits the
    /// table keeps).
    pub(crate) fn new<M: Copy + Eq>(
        moves: &[M],
        table_move: Option<M>,
        killers: [Option<M>; 2],
    ) -> Self {
        let mut first: SmallVec<[usize; 3]> = SmallVec::new();
        first.extend(table_move.and_then(|m| moves.iter().position(|&legal| legal == m)));
        for killer in killers.into_iter().flatten() {
            match moves.iter().position(|&m| m == killer) {
                Some(index) if !first.contains(&index) => first.push(index),
                _ => {}
            }
        }
        Self {
            first,
            next_first: 0,
            rest: SmallVec::new(),
            next_rest: None,
        }
    }

    /// The index of the next move to try, or `None` when all `count` moves were handed out.
    /// `history` gives the history score of the move at an index (read only once the first
    /// stage is used up).
    pub(crate) fn next(&mut self, count: usize, history: impl Fn(usize) -> u32) -> Option<usize> {
        if self.next_first < self.first.len() {
            self.next_first += 1;
            return Some(self.first[self.next_first - 1]);
        }
        let next = *self.next_rest.get_or_insert_with(|| {
            // Each score read once; sorting by (score down, index up) is the stable sort by
            // score, the game's order among equals.
            let first = &self.first;
            let mut ranked: SmallVec<[(Reverse<u32>, usize); 32]> = (0..count)
                .filter(|index| !first.contains(index))
                .map(|index| (Reverse(history(index)), index))
                .collect();
            ranked.sort_unstable();
            self.rest.extend(ranked.into_iter().map(|(_, index)| index));
            0
        });
        let index = *self.rest.get(next)?;
        self.next_rest = Some(next + 1);
        Some(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_move_then_killers_then_history() {
        let moves = [10, 11, 12, 13, 14];
        let mut picker = MovePicker::new(&moves, Some(13), [Some(13), Some(11)]);
        let history = |index: usize| [1, 0, 5, 9, 5][index];
        let order: Vec<usize> = std::iter::from_fn(|| picker.next(moves.len(), history)).collect();
        // 13 (index 3) from the table, 11 (index 1) as a killer (13 is the table move already), then by
        // history with ties in the game's order: 2 and 4 (5 each), 0 (1).
        assert_eq!(order, [3, 1, 2, 4, 0]);
    }

    #[test]
    fn illegal_table_moves_and_absent_killers_are_skipped() {
        let moves = ['a', 'b'];
        let mut picker = MovePicker::new(&moves, Some('y'), [Some('z'), None]);
        let order: Vec<usize> = std::iter::from_fn(|| picker.next(moves.len(), |_| 0)).collect();
        assert_eq!(order, [0, 1]);
    }
}
