//! Balanced Grow starts (`arena starts grow`): short openings of plausible moves that
//! grow-core's engine (the alpha-beta search grow-bot plays with) values near even.

use std::ops::RangeInclusive;

use floodgate_grow_core::engine::{Engine, evaluate};
use floodgate_grow_core::points::Direction;
use floodgate_grow_core::state::{Move, State};
use floodgate_grow_core::{Clock, Score};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use super::{Grow, GrowOpening};
use crate::referee::{Candidate, draw_side};

/// How many rounds (a move of each player) an opening has (drawn uniformly).
pub const ROUNDS: RangeInclusive<usize> = 1..=3;
/// The rows a seed is planted on: off the two first and the two last rows.
pub const SEED_ROWS: RangeInclusive<usize> = 2..=17;
/// The directions of a trunk, in the mover's own view: towards the opponent (up-right, right,
/// down-right).
pub const TRUNKS: [Direction; 3] = [Direction::ALL[1], Direction::ALL[2], Direction::ALL[3]];
/// How far below the best split, by the engine's evaluation one ply deep, a split may be
/// and still be drawn.
pub const PLAUSIBLE: Score = 30;
/// The depth of the engine's search that values an opening.
pub const DEPTH: u32 = 4;
/// The most the engine's value may be away from even, for player 1 (who moves next), on an
/// opening that is kept: one point of score ([`evaluate`]'s units are hundredths of a point).
pub const MARGIN: Score = 100;

/// An opening drawn from `seed` ([`ROUNDS`] rounds of [`plausible_move`]s), balanced when the
/// engine's search [`DEPTH`] plies deep values it within [`MARGIN`] for player 1.
pub fn candidate(_: &Grow, seed: u64) -> Candidate<GrowOpening> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let rounds = draw_side(&mut rng, (*ROUNDS.start(), *ROUNDS.end()));
    let mut state = State::default();
    let mut moves = Vec::with_capacity(2 * rounds);
    for _ in 0..2 * rounds {
        let m = plausible_move(&state, &mut rng);
        state = state.play(m).0;
        moves.push(m);
    }
    let start = GrowOpening::new(&moves).expect("whole rounds of valid moves without kills");
    let value = opening_value(&start.position());
    Candidate {
        balanced: value.abs() <= MARGIN,
        start,
    }
}

/// A move drawn uniformly for the side to move in `state`, early in a game (no side stuck): a
/// first move plants the seed on one of the [`SEED_ROWS`] with the trunk in one of the
/// [`TRUNKS`]; a split is one whose two branches end on empty points (no merge, suicide or
/// kill) and whose value by the engine's evaluation one ply deep is within [`PLAUSIBLE`] of
/// the best such split's.
pub fn plausible_move(state: &State, rng: &mut Xoshiro256PlusPlus) -> Move {
    let side = state.to_move();
    if !state.has_seeded(side) {
        let row = draw_side(rng, (*SEED_ROWS.start(), *SEED_ROWS.end())) as u8;
        let trunk = TRUNKS[(rng.next_u64() % TRUNKS.len() as u64) as usize];
        return super::own_view(side, Move::First { row, trunk });
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let valued: Vec<(Move, Score)> = moves
        .into_iter()
        .filter_map(|m| {
            let (after, effects) = state.play(m);
            let grows = effects.kills + effects.suicides + effects.merges == 0;
            grows.then(|| (m, -evaluate(&after)))
        })
        .collect();
    let best = valued.iter().map(|&(_, value)| value).max();
    let best = best.expect("early in a game a leaf can split towards empty points");
    let near: Vec<Move> = valued
        .into_iter()
        .filter(|&(_, value)| value >= best - PLAUSIBLE)
        .map(|(m, _)| m)
        .collect();
    near[(rng.next_u64() % near.len() as u64) as usize]
}

/// The value of `state` for the side to move by grow-core's engine, [`DEPTH`] plies deep
/// (a fresh 1 MiB table, no clock: the value depends only on the position).
pub fn opening_value(state: &State) -> Score {
    let mut engine = Engine::with_max_depth(1 << 20, DEPTH);
    engine.search(state, &Clock::unlimited()).score
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_kept_iff_the_engine_values_them_within_the_margin() {
        let grow = Grow::default();
        let judged: Vec<(bool, Score)> = (1..=12)
            .map(|seed| {
                let drawn = candidate(&grow, seed);
                let rounds = drawn.start.len() / 2;
                assert!(ROUNDS.contains(&rounds), "{}", drawn.start);
                assert_eq!(drawn.start.position().to_move(), 0);
                (drawn.balanced, opening_value(&drawn.start.position()))
            })
            .collect();
        for &(balanced, value) in &judged {
            assert_eq!(balanced, value.abs() <= MARGIN, "{judged:?}");
        }
        assert!(judged.iter().any(|&(balanced, _)| balanced), "{judged:?}");
        assert!(judged.iter().any(|&(balanced, _)| !balanced), "{judged:?}");
    }

    #[test]
    fn plausible_moves_grow_towards_empty_points() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut state = State::default();
        for _ in 0..6 {
            let m = plausible_move(&state, &mut rng);
            let (after, effects) = state.play(m);
            assert_eq!(effects.kills + effects.suicides + effects.merges, 0, "{m}");
            assert_eq!(after.to_move(), 1 - state.to_move());
            state = after;
        }
        assert_eq!(state.scores(), [5, 5]);
    }
}
