//! `--adjudicate`. Cram: a game ended by the referee once the solver knows its outcome has the
//! winner that playing it out perfectly from there gives. Games of `greedy` against `random` on
//! small boards, with adjudication and without; each adjudicated game's last position is played
//! out by the engine for both sides (perfect once the solver values every region).

use floodgate_arena::cram::{Cram, Played};
use floodgate_arena::go::Go;
use floodgate_arena::player::Player;
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

/// Go's built-ins as GTP engines of their own (`self:NAME`): they answer `final_score` with
/// go-core's estimate.
fn go_engine(name: &str) -> Player {
    let words = [
        env!("CARGO_BIN_EXE_arena"),
        "player",
        "go",
        name,
        "--seed",
        "{seed}",
    ];
    Player::command(words.map(String::from).to_vec())
}

/// `--adjudicate` (Go): a game ends once both engines' scores give one side the lead for the
/// rule's run of moves; the same game played out (the engines are seeded: it is the same game
/// up to there) has the same winner.
#[test]
fn an_adjudicated_go_game_has_the_winner_of_the_game_played_out() {
    let go = |adjudicate| {
        Go::new(&Settings {
            min_size: Some(7),
            max_size: Some(7),
            adjudicate,
            ..Settings::default()
        })
        .unwrap()
    };
    let (judged, played_out) = (go(true), go(false));
    let (greedy, random) = (go_engine("greedy"), go_engine("random"));
    let mut adjudicated = 0;
    for seed in 0..8 {
        let players = if seed % 2 == 0 {
            [&greedy, &random]
        } else {
            [&random, &greedy]
        };
        let record = judged.play(&judged.start(seed), players, seed);
        let whole = played_out.play(&played_out.start(seed), players, seed);
        assert!(
            record.forfeit.is_none() && whole.forfeit.is_none(),
            "{record:?}"
        );
        assert!(!whole.adjudicated);
        if !record.adjudicated {
            assert_eq!(record.moves.len(), whole.moves.len(), "seed {seed}");
            continue;
        }
        adjudicated += 1;
        let n = record.moves.len();
        assert!(n < whole.moves.len(), "seed {seed}: it ended sooner");
        let texts = |moves: &[floodgate_arena::record::MoveRecord]| {
            moves.iter().map(|m| m.text.clone()).collect::<Vec<_>>()
        };
        assert_eq!(
            texts(&record.moves),
            texts(&whole.moves[..n]),
            "seed {seed}"
        );
        assert_eq!(record.winner, whole.winner, "seed {seed}");
        let winner = usize::from(record.winner.unwrap());
        assert!(record.points[winner] >= 15 && record.points[1 - winner] == 0);
    }
    assert!(
        adjudicated >= 4,
        "only {adjudicated} games of 8 adjudicated"
    );
}

/// An engine without scores (`? unknown command` to `final_score`) plays the game out; one
/// that never answers it loses, as for any command.
#[test]
fn go_engines_without_scores_play_out_and_silent_ones_lose() {
    let go = Go::new(&Settings {
        min_size: Some(5),
        max_size: Some(5),
        adjudicate: true,
        ..Settings::default()
    })
    .unwrap();
    let script = |on_score: &str| {
        common::sh(&format!(
            "while read -r line; do case \"$line\" in genmove*) printf '= pass\\n\\n';; final_score*) {on_score};; quit*) printf '=\\n\\n'; exit 0;; *) printf '=\\n\\n';; esac; done"
        ))
    };
    let greedy = go_engine("greedy");
    let unknown = script("printf '? unknown command\\n\\n'");
    let record = go.play(&go.start(1), [&unknown, &greedy], 1);
    assert!(
        !record.adjudicated && record.forfeit.is_none(),
        "{record:?}"
    );
    assert_eq!(record.winner, Some(1));
    let silent = script("sleep 30");
    let record = go.play(&go.start(1), [&greedy, &silent], 1);
    let forfeit = record.forfeit.expect("the silent engine forfeits");
    assert_eq!(forfeit.seat, 1);
    assert!(forfeit.reason.contains("final_score"), "{}", forfeit.reason);
}
