//! Property tests of sharding: a match's games dealt to any number of shards, each shard's file
//! in any order, merge back to the whole run's match, and the waves of an SPRT so sharded pool
//! to the counts of the whole waves.

use floodgate_arena::jsonl::JsonlFile;
use floodgate_arena::record::{GameRecord, MatchLine};
use floodgate_arena::shard::Shard;
use floodgate_arena::shards::{PairScore, merge, pool};
use proptest::prelude::*;

/// One game's outcome: the winner (none, seat 0, seat 1) and the points of each seat.
type Outcome = (Option<u8>, [i64; 2]);

fn outcome() -> impl Strategy<Value = Outcome> {
    (
        prop_oneof![Just(None), Just(Some(0)), Just(Some(1))],
        [0..30i64, 0..30i64],
    )
}

/// The line of the game of `pair` with `a` in `a_seat`, of a match of `boards` pairs with seed
/// `seed`, played as `shard`.
fn line(
    seed: u64,
    pair: usize,
    a_seat: u8,
    boards: usize,
    shard: Shard,
    outcome: Outcome,
) -> MatchLine {
    let players = if a_seat == 0 { ["a", "b"] } else { ["b", "a"] };
    let mut record = GameRecord::new(
        "cram",
        seed + pair as u64,
        String::new(),
        players.map(String::from),
        [500; 2],
    );
    (record.winner, record.points) = outcome;
    MatchLine {
        match_seed: seed,
        pair,
        a_seat,
        record,
        boards: Some(boards),
        shard: Some(shard),
    }
}

/// A wave: its games, two per pair, played as one run (the whole) and as `count` shards, each
/// shard's lines in the order `order` deals them.
fn wave(
    seed: u64,
    outcomes: &[[Outcome; 2]],
    count: usize,
    order: &[usize],
) -> (JsonlFile, Vec<JsonlFile>) {
    let boards = outcomes.len();
    let games = |shard_of: &dyn Fn(usize) -> Shard| -> Vec<MatchLine> {
        let pairs = outcomes.iter().enumerate();
        pairs
            .flat_map(|(pair, both)| (0..2).map(move |seat| (pair, seat, both[seat])))
            .map(|(pair, seat, outcome)| {
                line(seed, pair, seat as u8, boards, shard_of(pair), outcome)
            })
            .collect()
    };
    let whole = JsonlFile {
        name: format!("whole-{seed}"),
        lines: games(&|_| Shard::WHOLE),
    };
    let mut shards: Vec<JsonlFile> = (1..=count)
        .map(|index| JsonlFile {
            name: format!("shard-{seed}-{index}"),
            lines: Vec::new(),
        })
        .collect();
    let dealt = games(&|pair| Shard::of(pair, count));
    for &at in order.iter().filter(|&&at| at < dealt.len()) {
        let game = dealt[at].clone();
        let index = game.shard.expect("dealt").index();
        shards[index - 1].lines.push(game);
    }
    shards.retain(|file| !file.lines.is_empty());
    (whole, shards)
}

fn a_wave() -> impl Strategy<Value = (Vec<[Outcome; 2]>, usize, Vec<usize>)> {
    (1usize..12, 1usize..6).prop_flat_map(|(pairs, count)| {
        let outcomes = proptest::collection::vec([outcome(), outcome()], pairs);
        let order = Just((0..2 * pairs).collect::<Vec<usize>>()).prop_shuffle();
        (outcomes, Just(count), order)
    })
}

proptest! {
    #[test]
    fn shards_merge_to_the_whole_match((outcomes, count, order) in a_wave()) {
        let (whole, shards) = wave(7, &outcomes, count, &order);
        let one = merge(std::slice::from_ref(&whole)).unwrap().tournament;
        let merged = merge(&shards).unwrap().tournament;
        prop_assert_eq!(&merged.names, &one.names);
        prop_assert_eq!(merged.pairings.len(), one.pairings.len());
        for (got, want) in merged.pairings.iter().zip(&one.pairings) {
            prop_assert_eq!(&got.games, &want.games);
        }
        prop_assert_eq!(merged.to_string(), one.to_string());
    }

    #[test]
    fn pooled_shards_of_waves_count_as_the_whole_waves(
        (first, count, order) in a_wave(),
        (second, count2, order2) in a_wave(),
    ) {
        let (whole1, shards1) = wave(7, &first, count, &order);
        let (whole2, shards2) = wave(8, &second, count2, &order2);
        let wholes = [whole1, whole2];
        let sharded: Vec<JsonlFile> = shards2.into_iter().chain(shards1).collect();
        for by in [PairScore::Results, PairScore::Margin] {
            let whole = pool(&wholes, by).unwrap();
            let pooled = pool(&sharded, by).unwrap();
            prop_assert_eq!(pooled.pentanomial, whole.pentanomial);
            prop_assert_eq!(pooled.incomplete, 0);
            prop_assert_eq!(whole.pentanomial.pairs() as usize, first.len() + second.len());
        }
    }
}
