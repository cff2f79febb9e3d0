//! `--adjudicate` (Cram): a game ended by the referee once the solver knows its outcome has the
//! winner that playing it out perfectly from there gives. Games of `greedy` against `random` on
//! small boards, with adjudication and without; each adjudicated game's last position is played
//! out by the engine for both sides (perfect once the solver values every region).

use floodgate_arena::cram::{Cram, Played};
use floodgate_arena::referee::{Referee, Settings};
use floodgate_arena::replay::Replay;
use floodgate_cram_core::engine::{Effort, Engine};

mod common;
use common::builtin;

/// The winning seat when `played` is played out by perfect players (the loser: who cannot move).
fn perfect_winner(played: &Played) -> u8 {
    let effort = Effort {
        solver_work: u64::MAX,
        lookahead_depth: 1,
    };
    let mut engine = Engine::new(played.board.clone(), 8 << 20);
    let mut mover = played.dominoes.len() % 2;
    while let Some(domino) = engine.choose_with_effort(effort) {
        engine.play(domino);
        mover = 1 - mover;
    }
    1 - mover as u8
}

#[test]
fn an_adjudicated_game_has_the_winner_of_perfect_play_from_where_it_ended() {
    let settings = |adjudicate| Settings {
        min_size: Some(4),
        max_size: Some(7),
        adjudicate,
        ..Settings::default()
    };
    let (judged, played_out) = (
        Cram::new(&settings(true)).unwrap(),
        Cram::new(&settings(false)).unwrap(),
    );
    let (greedy, random) = (builtin("greedy"), builtin("random"));
    let mut adjudicated = 0;
    for seed in 0..40 {
        let record = judged.play(&judged.start(seed), [&greedy, &random], seed);
        let whole = played_out.play(&played_out.start(seed), [&greedy, &random], seed);
        assert!(
            !whole.adjudicated,
            "without --adjudicate every game is played out"
        );
        if !record.adjudicated {
            assert_eq!(
                record, whole,
                "seed {seed}: a game not adjudicated is the same game"
            );
            continue;
        }
        adjudicated += 1;
        assert!(
            record.moves.len() < whole.moves.len(),
            "seed {seed}: it ended sooner"
        );
        let states = Cram::states(&record).unwrap();
        let last = states.last().unwrap();
        assert_eq!(record.winner, Some(perfect_winner(last)), "seed {seed}");
        assert_eq!(record.points[usize::from(record.winner.unwrap())], 1);
    }
    assert!(
        adjudicated >= 20,
        "only {adjudicated} games of 40 adjudicated"
    );
}

#[test]
fn adjudication_is_kept_in_the_record_and_refused_where_it_does_not_apply() {
    let settings = Settings {
        adjudicate: true,
        ..Settings::default()
    };
    let cram = Cram::new(&Settings {
        min_size: Some(5),
        max_size: Some(5),
        ..settings.clone()
    })
    .unwrap();
    let record = cram.play(&cram.start(3), [&builtin("greedy"), &builtin("random")], 3);
    let line = serde_json::to_string(&record).unwrap();
    assert!(
        record.adjudicated && line.contains("\"adjudicated\":true"),
        "{line}"
    );
    let refused = |error: Result<(), floodgate_arena::error::Error>| error.unwrap_err().to_string();
    let floodwars = floodgate_arena::floodwars::FloodWars::new(&settings).map(|_| ());
    assert!(refused(floodwars).contains("--adjudicate does not apply"));
    let grow = floodgate_arena::grow::Grow::new(&settings).map(|_| ());
    assert!(refused(grow).contains("--adjudicate does not apply"));
}
