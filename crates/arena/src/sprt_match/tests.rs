use super::*;
use crate::cram::Cram;
use crate::jsonl::JsonlFile;
use crate::player::Builtin;
use crate::record::{GameRecord, MatchLine};
use crate::referee::Settings;
use crate::resume::{MatchKey, resumed};
use crate::shard::Shard;

fn line(pair: usize, a_seat: u8, seed: u64) -> MatchLine {
    let players = if a_seat == 0 { ["a", "b"] } else { ["b", "a"] };
    let record = GameRecord::new(
        "cram",
        seed + pair as u64,
        String::new(),
        players.map(String::from),
        [500; 2],
    );
    let shard = Some(Shard::WHOLE);
    MatchLine {
        match_seed: seed,
        pair,
        a_seat,
        record,
        boards: Some(4),
        shard,
    }
}

fn match_key(seed: u64) -> MatchKey {
    let names = ["a", "b"].map(String::from);
    MatchKey {
        game: "cram",
        seed,
        names,
        limits_ms: [500; 2],
        time_control: None,
        margins_ms: [0; 2],
    }
}

#[test]
fn only_complete_pairs_of_the_test_are_resumed_in_pair_order() {
    let lines = vec![
        line(2, 1, 9),
        line(0, 0, 9),
        line(1, 0, 9),
        line(2, 0, 9),
        line(0, 1, 9),
    ];
    let file = JsonlFile {
        name: "f".into(),
        lines,
    };
    let pairs = resumed(&file, &[match_key(9)]).unwrap().remove(0);
    let kept: Vec<[(usize, u8); 2]> = pairs
        .iter()
        .map(|pair| pair.clone().map(|game| (game.pair, game.a_seat)))
        .collect();
    assert_eq!(kept, [[(0, 0), (0, 1)], [(2, 0), (2, 1)]]);
    let error = resumed(&file, &[match_key(10)]).unwrap_err().to_string();
    assert!(error.contains("of no match of this run"), "{error}");
}

/// What a game was, apart from its times: the pair, the seat and the moves.
fn play_of(game: &MatchGame) -> (usize, u8, Vec<String>, [i64; 2]) {
    let moves = game.record.moves.iter().map(|m| m.text.clone()).collect();
    (game.pair, game.a_seat, moves, game.record.points)
}

#[test]
fn a_resumed_test_ends_where_the_whole_test_does() {
    let settings = Settings {
        min_size: Some(4),
        max_size: Some(6),
        ..Settings::default()
    };
    let referee = Cram::new(&settings).unwrap();
    let players = [
        Player::builtin(Builtin::Greedy),
        Player::builtin(Builtin::Random),
    ];
    let schedule = Schedule {
        seed: 31,
        pairs: 6,
        jobs: 1,
        shard: Shard::WHOLE,
    };
    let sprt = || {
        SprtRun::new(
            Sprt::new(0.0, 400.0, 0.05, 0.05).unwrap(),
            PairScore::Results,
        )
    };
    let play = |test: &mut SprtRun, done: Vec<[MatchGame; 2]>, lines: &mut Vec<String>| {
        let mut files = GameFiles::default();
        let [a, b] = &players;
        let report = |line: &str| {
            lines.push(line.to_string());
            Ok(())
        };
        play_sprt(&referee, [a, b], schedule, test, done, &mut files, report).unwrap()
    };
    let (mut whole, mut whole_lines) = (sprt(), Vec::new());
    let games = play(&mut whole, Vec::new(), &mut whole_lines);
    assert_eq!(whole_lines.len() as u64, whole.pentanomial().pairs());
    let first: Vec<[MatchGame; 2]> = games
        .chunks(2)
        .take(2)
        .map(|pair| [pair[0].clone(), pair[1].clone()])
        .collect();
    let (mut resumed, mut resumed_lines) = (sprt(), Vec::new());
    let again = play(&mut resumed, first, &mut resumed_lines);
    assert_eq!(
        again.iter().map(play_of).collect::<Vec<_>>(),
        games.iter().map(play_of).collect::<Vec<_>>()
    );
    assert_eq!(resumed.pentanomial(), whole.pentanomial());
    assert_eq!(resumed.decision(), whole.decision());
    assert_eq!(resumed_lines.len(), whole_lines.len());
}

/// A file of a longer test resumed with fewer pairs counts only the pairs this test plans.
#[test]
fn resumed_pairs_past_the_schedule_are_not_counted() {
    let referee = Cram::new(&Settings {
        min_size: Some(4),
        max_size: Some(5),
        ..Settings::default()
    })
    .unwrap();
    let [a, b] = [Builtin::Greedy, Builtin::Random].map(Player::builtin);
    let schedule = |pairs| Schedule {
        seed: 5,
        pairs,
        jobs: 1,
        shard: Shard::WHOLE,
    };
    let never = || SprtRun::new(Sprt::new(0.0, 1.0, 1e-9, 1e-9).unwrap(), PairScore::Results);
    let play = |pairs, done, test: &mut SprtRun| {
        let mut files = GameFiles::default();
        play_sprt(
            &referee,
            [&a, &b],
            schedule(pairs),
            test,
            done,
            &mut files,
            |_| Ok(()),
        )
        .unwrap()
    };
    let long = play(4, Vec::new(), &mut never());
    let done: Vec<[MatchGame; 2]> = long
        .chunks(2)
        .map(|pair| [pair[0].clone(), pair[1].clone()])
        .collect();
    let mut short = never();
    let games = play(2, done, &mut short);
    assert_eq!(short.pentanomial().pairs(), 2);
    assert_eq!(
        games.iter().map(play_of).collect::<Vec<_>>(),
        long[..4].iter().map(play_of).collect::<Vec<_>>()
    );
}
