//! Move ordering for alpha-beta: the moves of a node one at a time, best candidates first.

use smallvec::SmallVec;

/// Hands out the indices of a node's moves in the order alpha-beta tries them: the table's
/// move, then the ply's two killer moves, then the rest by decreasing history score (the
/// game's own order among equals). Each stage is prepared only when the one before is used
/// up, which a cutoff by an earlier move saves: most nodes never look for their killers or
/// rank the rest.
#[derive(Debug)]
pub(crate) struct MovePicker<M> {
    /// The table's move and the killers, in that order; taken out as they are tried.
    candidates: [Option<M>; 3],
    next_candidate: usize,
    /// The indices of the candidates found among the moves.
    first: SmallVec<[usize; 3]>,
    /// The moves after the first stage, ranked: see [`rank_key`].
    rest: SmallVec<[u64; 128]>,
    /// The next index into `rest`; `None` until the rest are ranked.
    next_rest: Option<usize>,
}

impl<M: Copy + Eq> MovePicker<M> {
    /// A picker that tries the table's move and then `killers` first where they are legal
    /// (the table's move may be another position's, sharing the bits the table keeps).
    pub(crate) fn new(table_move: Option<M>, killers: [Option<M>; 2]) -> Self {
        Self {
            candidates: [table_move, killers[0], killers[1]],
            next_candidate: 0,
            first: SmallVec::new(),
            rest: SmallVec::new(),
            next_rest: None,
        }
    }

    /// The index into `moves` of the next move to try, or `None` when all were handed out.
    /// `history` gives the history score of the move at an index (read only once the first
    /// stage is used up).
    pub(crate) fn next(&mut self, moves: &[M], history: impl Fn(usize) -> u32) -> Option<usize> {
        while self.next_candidate < self.candidates.len() {
            let candidate = self.candidates[self.next_candidate];
            self.next_candidate += 1;
            let found = candidate.and_then(|c| moves.iter().position(|&m| m == c));
            if let Some(index) = found.filter(|index| !self.first.contains(index)) {
                self.first.push(index);
                return Some(index);
            }
        }
        let next = *self.next_rest.get_or_insert_with(|| {
            // Each score read once, into one sort key per move.
            for index in 0..moves.len() {
                if !self.first.contains(&index) {
                    self.rest.push(rank_key(history(index), index));
                }
            }
            self.rest.sort_unstable();
            0
        });
        let key = *self.rest.get(next)?;
        self.next_rest = Some(next + 1);
        Some(key as u32 as usize)
    }
}

/// A move's sort key: its history score, inverted, above its index, so that sorting the keys
/// up is the stable sort by score down (the game's order among equals), and sorting plain
/// integers is several times cheaper than sorting pairs.
fn rank_key(history: u32, index: usize) -> u64 {
    u64::from(u32::MAX - history) << 32 | index as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_move_then_killers_then_history() {
        let moves = [10, 11, 12, 13, 14];
        let mut picker = MovePicker::new(Some(13), [Some(13), Some(11)]);
        let history = |index: usize| [1, 0, 5, 9, 5][index];
        let order: Vec<usize> = std::iter::from_fn(|| picker.next(&moves, history)).collect();
        // 13 (index 3) from the table, 11 (index 1) as a killer (13 is the table move already), then by
        // history with ties in the game's order: 2 and 4 (5 each), 0 (1).
        assert_eq!(order, [3, 1, 2, 4, 0]);
    }

    #[test]
    fn illegal_table_moves_and_absent_killers_are_skipped() {
        let moves = ['a', 'b'];
        let mut picker = MovePicker::new(Some('y'), [Some('z'), None]);
        let order: Vec<usize> = std::iter::from_fn(|| picker.next(&moves, |_| 0)).collect();
        assert_eq!(order, [0, 1]);
    }
}
