//! The position's rules against hand-worked positions and a plain model.

use super::*;
use proptest::prelude::*;

/// The keys as they were before they were written with `mix`: every position's hash
/// depends on them.
#[test]
fn the_zobrist_keys_are_unchanged() {
    assert_eq!(ZOBRIST[0][0], 0x6e78_9e6a_a1b9_65f4);
    assert_eq!(ZOBRIST[1][5], 0x0577_481e_942a_07a3);
    assert_eq!(ZOBRIST[1][CAPACITY - 1], 0x6358_cdd5_4ae6_9e40);
}

/// The stones and the liberties of the chain on slot `p`, by a flood over the chain.
fn flood(position: &Position, p: usize) -> (Vec<usize>, Vec<usize>) {
    let colour = position.points[p];
    let (mut chain, mut liberties) = (vec![p], Vec::new());
    let mut i = 0;
    while i < chain.len() {
        for q in position.adjacent(chain[i]) {
            if position.points[q] == colour && !chain.contains(&q) {
                chain.push(q);
            }
            if position.points[q] == EMPTY && !liberties.contains(&q) {
                liberties.push(q);
            }
        }
        i += 1;
    }
    (chain, liberties)
}

/// The liberties of the chain on slot `p`.
fn true_liberties(position: &Position, p: usize) -> Vec<usize> {
    flood(position, p).1
}

/// The quick tests of playing the empty `slot` (suicide, capture, ko, liberties, self-atari)
/// against playing it on a copy and looking.
fn check_move(position: &Position, slot: Slot) -> Result<(), TestCaseError> {
    let p = slot.index();
    let mut next = position.clone();
    let enemy = position.to_move.other().stone();
    let enemies_before = next.points.iter().filter(|&&s| s == enemy).count();
    next.play_slot(slot);
    let enemies_after = next.points.iter().filter(|&&s| s == enemy).count();
    prop_assert_eq!(position.is_suicide(slot), next.points[p] == EMPTY);
    prop_assert_eq!(position.captures(slot), enemies_after < enemies_before);
    // A ko: exactly one stone taken, by a single stone whose only liberty is where it stood,
    // so that taking back at once would repeat the board.
    let repeats = enemies_before - enemies_after == 1 && {
        let taken = (0..CAPACITY).find(|&q| position.points[q] == enemy && next.points[q] == EMPTY);
        taken.is_some_and(|q| {
            let mut back = next.clone();
            back.play_slot(Slot::new(q));
            back.points == position.points
        })
    };
    let ko = (0..CAPACITY).filter(|&q| next.is_ko(Slot::new(q))).count();
    prop_assert_eq!(ko, usize::from(repeats));
    if repeats {
        let mut passed = next.clone();
        passed.pass();
        prop_assert!((0..CAPACITY).all(|q| !passed.is_ko(Slot::new(q))));
    }
    if next.points[p] != EMPTY {
        let liberties = true_liberties(&next, p).len();
        let captured = enemies_after < enemies_before;
        if !captured {
            prop_assert_eq!(position.liberties_after(slot, 8), liberties.min(8));
        }
        let big = next.stones[usize::from(next.head[p])] >= 2;
        prop_assert_eq!(
            position.is_big_self_atari(slot),
            !captured && big && liberties < 2
        );
    }
    Ok(())
}

/// Each chain's atari liberty and size, and for the player to move's chains the liberties of
/// the enemy chains in atari that touch them, against the flood.
fn check_chains(position: &Position) -> Result<(), TestCaseError> {
    let (own, enemy) = (position.to_move.stone(), position.to_move.other().stone());
    for p in (0..CAPACITY).filter(|&p| matches!(position.points[p], BLACK | WHITE)) {
        let (chain, liberties) = flood(position, p);
        let single = (liberties.len() == 1).then(|| Slot::new(liberties[0]));
        prop_assert_eq!(position.atari_liberty(Slot::new(p)), single);
        prop_assert_eq!(position.chain_size(Slot::new(p)), chain.len());
        if position.points[p] == own {
            let mut expected: Vec<usize> = Vec::new();
            for q in chain.iter().flat_map(|&s| position.adjacent(s)) {
                if position.points[q] == enemy
                    && let [only] = true_liberties(position, q)[..]
                {
                    expected.push(only);
                }
            }
            let mut found = Vec::new();
            position.counter_captures(Slot::new(p), |s| found.push(s.index()));
            for list in [&mut expected, &mut found] {
                list.sort_unstable();
                list.dedup();
            }
            prop_assert_eq!(found, expected);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random games: the quick tests the playouts use (suicide, capture, atari, eye-free
    /// moves, counter-captures) agree with playing the move on a copy and looking.
    #[test]
    fn quick_tests_agree_with_playing_the_move(
        n in 2usize..=7,
        picks in prop::collection::vec(any::<u16>(), 1..150),
    ) {
        let mut position = Position::new(n);
        for pick in picks {
            for &slot in position.empty_slots() {
                check_move(&position, slot)?;
            }
            check_chains(&position)?;
            let empties = position.empty_slots();
            if empties.is_empty() || pick % 10 == 0 {
                position.pass();
            } else {
                let p = empties[usize::from(pick) % empties.len()];
                position.play_slot(p);
            }
        }
    }
}
