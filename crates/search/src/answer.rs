//! The legal answer a judge always gets, also where the search found no move.

use crate::alphabeta::SearchResult;
use crate::mcts::MctsResult;

/// What a search found, from which a bot takes its answer.
///
/// A judge may ask for a move where the search finds none: the game is over by the rules the
/// search plays but not by the judge's (Flood Wars' areas separated, a Domain Expansion game
/// decided), or the search plays a game slightly different from the judge's and its move is
/// one the judge refuses (Grow's two readings of the rules). A bot must answer with a legal
/// move all the same, and each engine says which through [`Answer::or_answer`] or
/// [`Answer::legal_or_answer`]; which move is legal there stays the game's business.
///
/// ```
/// use floodgate_search::{Answer, SearchResult};
///
/// let over = SearchResult { best_move: None, score: 7, depth: 0, pv: Vec::new(), nodes: 0 };
/// let answered = over.or_answer(|| Some('a'));
/// assert_eq!((answered.best_move, answered.pv, answered.score), (Some('a'), vec!['a'], 7));
/// ```
pub trait Answer: Sized {
    /// A move of the game.
    type Move: Copy;

    /// The move the search found, if any.
    fn found_move(&self) -> Option<Self::Move>;

    /// Makes `answer` the result's move in place of the one found (and, where the result has
    /// a principal variation, the whole of it: nothing was searched after it).
    fn replace_move(&mut self, answer: Option<Self::Move>);

    /// This result, its move replaced by `answer()` when the search found none.
    fn or_answer(self, answer: impl FnOnce() -> Option<Self::Move>) -> Self {
        self.legal_or_answer(|_| true, answer)
    }

    /// This result, its move replaced by `answer()` when the search found none or `legal`
    /// refuses the one it found.
    fn legal_or_answer(
        mut self,
        legal: impl FnOnce(Self::Move) -> bool,
        answer: impl FnOnce() -> Option<Self::Move>,
    ) -> Self {
        // `match` rather than `Option::is_some_and`: the CodinGame bundle keeps to the std of
        // Rust 1.65.
        let keep = match self.found_move() {
            Some(found) => legal(found),
            None => false,
        };
        if !keep {
            self.replace_move(answer());
        }
        self
    }
}

/// [`Answer`] for a search's result whose move is its `best_move` field, found and replaced
/// there; after a replacement `|result, answer| then` runs, where the result keeps more of
/// the move than that field.
macro_rules! answer_in_best_move {
    ($result:ident $(, |$this:ident, $answer:ident| $then:expr)?) => {
        impl<M: Copy> Answer for $result<M> {
            type Move = M;

            fn found_move(&self) -> Option<M> {
                self.best_move
            }

            fn replace_move(&mut self, answer: Option<M>) {
                self.best_move = answer;
                $(
                    let ($this, $answer) = (self, answer);
                    $then;
                )?
            }
        }
    };
}

// The principal variation is the answer alone: nothing was searched after it.
answer_in_best_move!(SearchResult, |result, answer| {
    result.pv = answer.into_iter().collect()
});
answer_in_best_move!(MctsResult);

/// A move found by a search of an engine's own (a look-ahead, a tree of its own), if any.
impl<M: Copy> Answer for Option<M> {
    type Move = M;

    fn found_move(&self) -> Option<M> {
        *self
    }

    fn replace_move(&mut self, answer: Option<M>) {
        *self = answer;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(best_move: Option<u8>) -> SearchResult<u8> {
        SearchResult {
            best_move,
            score: 5,
            depth: 3,
            pv: best_move.into_iter().chain([9]).collect(),
            nodes: 40,
        }
    }

    #[test]
    fn a_move_found_is_kept() {
        let kept = result(Some(1)).or_answer(|| panic!("not asked"));
        assert_eq!(kept, result(Some(1)));
        assert_eq!(Some(1).or_answer(|| Some(2)), Some(1));
    }

    #[test]
    fn no_move_found_takes_the_answer_and_nothing_else_changes() {
        let answered = result(None).or_answer(|| Some(4));
        assert_eq!((answered.best_move, answered.pv), (Some(4), vec![4]));
        assert_eq!((answered.score, answered.depth, answered.nodes), (5, 3, 40));
        assert_eq!(None.or_answer(|| Some(4)), Some(4));
        assert_eq!(None::<u8>.or_answer(|| None), None);
    }

    #[test]
    fn a_refused_move_is_replaced() {
        let answered = result(Some(1)).legal_or_answer(|m| m != 1, || Some(2));
        assert_eq!((answered.best_move, answered.pv), (Some(2), vec![2]));
        let kept = result(Some(1)).legal_or_answer(|m| m == 1, || Some(2));
        assert_eq!(kept, result(Some(1)));
    }

    #[test]
    fn tree_results_keep_their_statistics() {
        let found = MctsResult {
            best_move: None,
            win_rate: 0.5,
            iterations: 0,
            nodes: 0,
        };
        let answered = found.or_answer(|| Some('c'));
        assert_eq!(answered.best_move, Some('c'));
        assert_eq!((answered.win_rate, answered.iterations), (0.5, 0));
    }
}
