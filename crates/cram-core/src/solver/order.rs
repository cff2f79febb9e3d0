//! A search's options ([`Leftover`]: what a domino leaves), the order a search asks them in
//! ([`option_order`]), and the cancelling of equal regions in an option ([`cancel_pairs`]).

use smallvec::SmallVec;

use crate::shape::Word;

/// What a domino leaves of a region being searched: the regions of unknown value (canonical
/// keys, the largest first; two equal ones cancel) and the XOR of the values of the others.
#[derive(Clone, Debug, Default)]
pub(super) struct Leftover<W: Word> {
    pub(super) unknown: SmallVec<[W; 3]>,
    pub(super) heap: u8,
}

/// Removes equal neighbours two at a time from a sorted list (a region plus itself is worth 0).
pub(super) fn cancel_pairs<W: Word>(regions: &mut SmallVec<[W; 3]>) {
    let mut kept = 0;
    let mut i = 0;
    while i < regions.len() {
        if i + 1 < regions.len() && regions[i] == regions[i + 1] {
            i += 2;
        } else {
            regions[kept] = regions[i];
            kept += 1;
            i += 1;
        }
    }
    regions.truncate(kept);
}

/// The search order of an option (least first): the sum of the squares of its unknown regions'
/// cell counts (an option with small regions left is the quickest to settle). Ties keep the
/// order the options were built in.
fn order_key<W: Word>(option: &Leftover<W>) -> u32 {
    option
        .unknown
        .iter()
        .map(|&region| region.count_ones().pow(2))
        .sum()
}

/// Returns the indices of `options` in the order a search asks them: by [`order_key`], least
/// first; among options of equal order, those built first (across the middle) first, or last
/// when `reversed_ties`.
#[inline]
pub(super) fn option_order<W: Word>(
    options: &[Leftover<W>],
    reversed_ties: bool,
) -> SmallVec<[u8; 64]> {
    // The key, the tie and the index packed into one word, which sorts as the triple would.
    let tie = |i: usize| {
        if reversed_ties {
            0xFF - i as u64
        } else {
            i as u64
        }
    };
    let mut order: SmallVec<[u64; 64]> = (0..options.len())
        .map(|i| u64::from(order_key(&options[i])) << 16 | tie(i) << 8 | i as u64)
        .collect();
    order.sort_unstable();
    order.into_iter().map(|packed| packed as u8).collect()
}
