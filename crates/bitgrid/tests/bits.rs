//! `Bits` checked against a plain `BTreeSet<usize>` on random sets of several sizes.

use std::collections::BTreeSet;

use floodgate_bitgrid::Bits;
use proptest::prelude::*;

/// The `Bits` holding `members`.
fn bits<const W: usize>(members: &BTreeSet<usize>) -> Bits<W> {
    let mut set = Bits::EMPTY;
    for &member in members {
        set.insert(member);
    }
    set
}

fn listed<const W: usize>(set: Bits<W>) -> Vec<usize> {
    set.iter().collect()
}

/// Sets below `64 * W`: some sparse, some dense, some held in the first word or the last.
fn members<const W: usize>() -> impl Strategy<Value = BTreeSet<usize>> {
    let capacity = 64 * W;
    prop_oneof![
        prop::collection::btree_set(0..capacity, 0..8),
        prop::collection::btree_set(0..capacity, 0..capacity / 2 + 1),
        prop::collection::btree_set(0..64usize.min(capacity), 0..20),
        prop::collection::btree_set(capacity - 64..capacity, 0..20),
        (0..capacity).prop_map(|top| (0..=top).collect()),
    ]
}

/// Every operation of `Bits<W>` against the same on `BTreeSet`s.
fn agrees<const W: usize>(a: &BTreeSet<usize>, b: &BTreeSet<usize>) -> Result<(), TestCaseError> {
    let (x, y) = (bits::<W>(a), bits::<W>(b));
    let plain = |set: BTreeSet<usize>| set.into_iter().collect::<Vec<_>>();
    prop_assert_eq!(listed(x), plain(a.clone()));
    prop_assert_eq!(listed(x.or(&y)), plain(a | b));
    prop_assert_eq!(listed(x.and(&y)), plain(a & b));
    prop_assert_eq!(listed(x.minus(&y)), plain(a - b));
    prop_assert_eq!(listed(x.xor(&y)), plain(a ^ b));
    prop_assert_eq!(x.len(), a.len());
    prop_assert_eq!(x.iter().len(), a.len());
    prop_assert_eq!(x.is_empty(), a.is_empty());
    prop_assert_eq!(x.is_disjoint(&y), a.is_disjoint(b));
    prop_assert_eq!(x.is_subset(&y), a.is_subset(b));
    prop_assert_eq!(x.first(), a.first().copied());
    prop_assert_eq!(x.last(), a.last().copied());
    prop_assert_eq!(x == y, a == b);
    prop_assert_eq!(format!("{x:?}"), format!("{a:?}"));
    prop_assert_eq!(x, a.iter().copied().collect::<Bits<W>>());
    prop_assert_eq!(Bits::from_words(*x.words()), x);
    // The iterator's count stays exact as it goes.
    let mut iter = x.iter();
    for left in (0..a.len()).rev() {
        prop_assert!(iter.next().is_some());
        prop_assert_eq!(iter.len(), left);
    }
    prop_assert_eq!(iter.next(), None);
    for member in a.iter().chain(b).copied().chain([0, 64 * W - 1]) {
        prop_assert_eq!(x.contains(member), a.contains(&member));
        let (mut with, mut without) = (x, x);
        with.insert(member);
        without.remove(member);
        let mut expected = a.clone();
        expected.insert(member);
        prop_assert_eq!(listed(with), plain(expected.clone()));
        expected.remove(&member);
        prop_assert_eq!(listed(without), plain(expected));
        prop_assert_eq!(listed(Bits::<W>::single(member)), vec![member]);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn one_word(a in members::<1>(), b in members::<1>()) {
        agrees::<1>(&a, &b)?;
    }

    #[test]
    fn four_words(a in members::<4>(), b in members::<4>()) {
        agrees::<4>(&a, &b)?;
    }

    #[test]
    fn seven_words(a in members::<7>(), b in members::<7>()) {
        agrees::<7>(&a, &b)?;
    }

    #[test]
    fn forty_words(a in members::<40>(), b in members::<40>()) {
        agrees::<40>(&a, &b)?;
    }
}

#[test]
fn constants() {
    assert!(Bits::<3>::EMPTY.is_empty());
    assert_eq!(Bits::<3>::ALL.len(), Bits::<3>::CAPACITY);
    assert_eq!(Bits::<3>::ALL.last(), Some(191));
    assert_eq!(Bits::<3>::default(), Bits::EMPTY);
    assert_eq!(Bits::<3>::EMPTY.first(), None);
    assert_eq!(Bits::<3>::EMPTY.iter().next(), None);
    // Built in a constant.
    const SOME: Bits<2> = Bits::single(5).or(&Bits::single(100)).xor(&Bits::single(5));
    assert_eq!(listed(SOME), [100]);
}
