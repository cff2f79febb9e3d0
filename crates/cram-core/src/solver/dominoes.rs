//! The dominoes of a region: every one ([`dominoes`]), and the order a search tries them in
//! ([`SearchOrder`]).

use crate::shape::{Layout, Word, horizontal_moves, may_cut, vertical_moves};

/// The dominoes of a region (a shape in the corner) in the order a search tries them: those
/// that may cut the region ([`may_cut`]: the local check cannot show they leave it connected)
/// first, then the others; in each part the vertical ones column by column from the middle
/// out, then the horizontal ones row by row from the middle out (the middle, or the line left
/// of or above it, first; the other side first when `mirrored`). Options that leave smaller
/// pieces, and pieces of equal size, are the likeliest to be of known value.
pub(super) struct SearchOrder<L: Layout> {
    width: u32,
    height: u32,
    /// Whether each step from the middle out goes to the other side first.
    mirrored: bool,
    /// 0 while the dominoes that may cut are walked, 1 for the others.
    part: usize,
    /// The lines walked so far in this part: the columns (for the vertical dominoes), then the
    /// rows.
    lines: u32,
    /// The first cells of the dominoes of the current line not yet walked (vertical ones while
    /// the lines walked are at most `width`, the columns).
    line: L::Word,
    /// The first cells of the vertical dominoes of each part not yet walked.
    vertical: [L::Word; 2],
    /// The first cells of the horizontal dominoes of each part not yet walked.
    horizontal: [L::Word; 2],
}

impl<L: Layout> SearchOrder<L> {
    /// The walk over the dominoes of `cells`, a region in the corner `width` x `height`.
    pub(super) fn new(cells: L::Word, width: u32, height: u32, mirrored: bool) -> Self {
        let (vertical, horizontal) = (vertical_moves::<L>(cells), horizontal_moves::<L>(cells));
        let (cut_vertical, cut_horizontal) = may_cut::<L>(cells);
        Self {
            width,
            height,
            mirrored,
            part: 0,
            lines: 0,
            line: L::Word::ZERO,
            vertical: [vertical & cut_vertical, vertical & !cut_vertical],
            horizontal: [horizontal & cut_horizontal, horizontal & !cut_horizontal],
        }
    }

    /// The next domino of the middle-out walk (its first cell, and whether it is vertical).
    fn walk(&mut self) -> Option<(u32, bool)> {
        let mirrored = self.mirrored;
        let middle_out = |k: u32, n: u32| {
            let middle = (n - 1) / 2;
            let line = if k % 2 == 1 {
                middle + k.div_ceil(2)
            } else {
                middle - k / 2
            };
            if mirrored { n - 1 - line } else { line }
        };
        while self.line == L::Word::ZERO {
            // Lines are taken out of their part's sets as they are walked: a part, or its
            // columns, with nothing left are skipped at once.
            let part = self.part;
            if self.lines < self.width && self.vertical[part] == L::Word::ZERO {
                self.lines = self.width;
            }
            if self.lines >= self.width && self.horizontal[part] == L::Word::ZERO {
                if part == 1 {
                    return None;
                }
                (self.part, self.lines) = (1, 0);
                continue;
            }
            let k = self.lines;
            self.lines += 1;
            if k < self.width {
                self.line = self.vertical[part] & (L::FIRST_COLUMN << middle_out(k, self.width));
                self.vertical[part] &= !self.line;
            } else {
                let row = L::STRIDE * middle_out(k - self.width, self.height);
                self.line = self.horizontal[part] & (L::FIRST_ROW << row);
                self.horizontal[part] &= !self.line;
            }
        }
        let first = self.line.trailing_zeros();
        self.line &= self.line - L::Word::ONE;
        Some((first, self.lines <= self.width))
    }
}

impl<L: Layout> Iterator for SearchOrder<L> {
    /// A domino as a two-cell shape, and whether it surely leaves the region connected.
    type Item = (L::Word, bool);

    fn next(&mut self) -> Option<(L::Word, bool)> {
        let (first, vertical) = self.walk()?;
        let first = L::Word::ONE << first;
        let domino = first | first << if vertical { L::STRIDE } else { 1 };
        Some((domino, self.part == 1))
    }
}

/// Every domino that fits in `cells`, as a two-cell shape.
pub fn dominoes<L: Layout>(cells: L::Word) -> impl Iterator<Item = L::Word> {
    let bits = |mut set: L::Word, offset: u32| {
        std::iter::from_fn(move || {
            (set != L::Word::ZERO).then(|| {
                let first = set & set.wrapping_neg();
                set &= set - L::Word::ONE;
                first | first << offset
            })
        })
    };
    bits(horizontal_moves::<L>(cells), 1).chain(bits(vertical_moves::<L>(cells), L::STRIDE))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Broad, Shape, Square, Strip, Tall, Wide, normalize};

    /// The dominoes in search order are every domino once, and those that may cut come first
    /// and are exactly those the local check does not clear.
    fn check_order<L: Layout>(
        cells: Shape,
        mirrored: bool,
    ) -> Result<(), proptest::test_runner::TestCaseError> {
        let (cells, width, height) = normalize::<L>(L::Word::from_u128(cells & L::CELLS.to_u128()));
        let ordered: Vec<(L::Word, bool)> =
            SearchOrder::<L>::new(cells, width, height, mirrored).collect();
        let mut ordered_sorted: Vec<L::Word> = ordered.iter().map(|&(domino, _)| domino).collect();
        ordered_sorted.sort_unstable();
        let mut all: Vec<L::Word> = dominoes::<L>(cells).collect();
        all.sort_unstable();
        proptest::prop_assert_eq!(ordered_sorted, all);
        let cutting = ordered
            .iter()
            .take_while(|&&(_, connected)| !connected)
            .count();
        for (i, &(domino, connected)) in ordered.iter().enumerate() {
            let first = domino.trailing_zeros();
            let vertical = (domino >> first >> L::STRIDE) & L::Word::ONE == L::Word::ONE;
            proptest::prop_assert_eq!(i >= cutting, connected);
            let (cut_vertical, cut_horizontal) = may_cut::<L>(cells);
            let cut = if vertical {
                cut_vertical
            } else {
                cut_horizontal
            };
            proptest::prop_assert_eq!(connected, (cut >> first) & L::Word::ONE == L::Word::ZERO);
        }
        Ok(())
    }

    proptest::proptest! {
        #[test]
        fn every_domino_is_searched_once(a: u128, b: u128, mirrored: bool) {
            check_order::<Square>(a | b, mirrored)?;
            check_order::<Strip>(a | b, mirrored)?;
            check_order::<Broad>(a | b, mirrored)?;
            check_order::<Tall>(a | b, mirrored)?;
            check_order::<Wide>(a | b, mirrored)?;
        }
    }
}
