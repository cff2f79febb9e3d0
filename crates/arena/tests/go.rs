//! The Go referee: built-ins playing whole games, GTP engines (shell scripts here; go-gtp in
//! CI) and broken engines that must lose with the right reason.

mod common;

use common::{Limited, builtin, sh};
use floodgate_arena::go::{Go, KOMI};
use floodgate_arena::player::Player;
use floodgate_arena::record::Forfeit;
use floodgate_arena::replay::Replay;
use floodgate_go_core::gtp::GtpMove;
use floodgate_go_core::{Colour, GameState};

fn referee(limit_ms: u64) -> Limited<Go> {
    let go = Go {
        sizes: (5, 5),
        listed: None,
    };
    Limited::new(go, limit_ms)
}

/// A GTP engine in shell: answers `=` to everything, and `genmove` with `answer`.
fn engine(answer: &str) -> Player {
    sh(&format!(
        "while read -r line; do case \"$line\" in genmove*) printf '= {answer}\\n\\n';; quit*) printf '=\\n\\n'; exit 0;; *) printf '=\\n\\n';; esac; done"
    ))
}

#[test]
fn built_ins_play_legal_games_to_two_passes() {
    for seed in 1..=4 {
        let record = referee(1000).play("5", [&builtin("greedy"), &builtin("random")], seed);
        assert!(record.forfeit.is_none(), "{record:?}");
        let mut game = GameState::new(5, KOMI as f64);
        for m in &record.moves {
            let colour = if m.seat == 0 {
                Colour::Black
            } else {
                Colour::White
            };
            let played = m.text.parse::<GtpMove>().unwrap().on_board(5).unwrap();
            game.play(colour, played).unwrap();
        }
        assert!(game.is_over(), "seed {seed}: {} moves", record.moves.len());
        let score = game.score();
        assert_eq!(
            record.points,
            [score.black as i64, score.white as i64 + KOMI]
        );
        assert_eq!(Go::states(&record).unwrap().len(), record.moves.len() + 1);
    }
}

#[test]
fn an_engine_that_always_passes_plays_to_the_end_and_loses() {
    let record = referee(2000).play("5", [&engine("pass"), &builtin("random")], 1);
    assert!(record.forfeit.is_none(), "{record:?}");
    assert_eq!(record.winner, Some(1));
    assert!(
        record
            .moves
            .iter()
            .filter(|m| m.seat == 0)
            .all(|m| m.text == "pass")
    );
}

fn forfeit(bot: Player, limit_ms: u64) -> Forfeit {
    let record = referee(limit_ms).play("5", [&bot, &builtin("random")], 1);
    assert_eq!(record.winner, Some(1), "{record:?}");
    assert_eq!(record.points, [0, 25]);
    record.forfeit.expect("the broken engine forfeits")
}

#[test]
fn broken_engines_lose_with_the_reason() {
    // C3 is legal once; the second time the point is taken.
    let occupied = forfeit(engine("C3"), 2000);
    assert!(
        occupied.reason.contains("illegal move C3"),
        "{}",
        occupied.reason
    );
    let garbage = forfeit(engine("hello"), 2000);
    assert!(garbage.reason.contains("not a move"), "{}", garbage.reason);
    let off_board = forfeit(engine("F1"), 2000);
    assert!(
        off_board.reason.contains("not a move"),
        "{}",
        off_board.reason
    );
    let resigned = forfeit(engine("resign"), 2000);
    assert_eq!(resigned.reason, "resigned");
    let silent = forfeit(
        sh(
            "while read -r line; do case \"$line\" in genmove*) sleep 5;; *) printf '=\\n\\n';; esac; done",
        ),
        300,
    );
    assert!(
        silent
            .reason
            .contains("no reply to \"genmove b\" within 300 ms"),
        "{}",
        silent.reason
    );
    let refuses = forfeit(
        sh("while read -r line; do printf '? unacceptable size\\n\\n'; done"),
        2000,
    );
    assert!(
        refuses.reason.contains("refused \"boardsize 5\""),
        "{}",
        refuses.reason
    );
    let dead = forfeit(sh("exit 1"), 2000);
    assert!(dead.reason.contains("closed its output"), "{}", dead.reason);
    let not_gtp = forfeit(sh("while read -r line; do printf 'ok\\n\\n'; done"), 2000);
    assert!(
        not_gtp.reason.contains("is not a GTP reply"),
        "{}",
        not_gtp.reason
    );
}

#[test]
fn an_engine_that_refuses_a_legal_move_of_its_opponent_loses() {
    let stubborn = sh(
        "while read -r line; do case \"$line\" in play*) printf '? illegal move\\n\\n';; genmove*) printf '= pass\\n\\n';; *) printf '=\\n\\n';; esac; done",
    );
    let record = referee(2000).play("5", [&builtin("random"), &stubborn], 1);
    let forfeit = record.forfeit.expect("the stubborn engine forfeits");
    assert_eq!(forfeit.seat, 1);
    assert!(
        forfeit.reason.contains("refused \"play b"),
        "{}",
        forfeit.reason
    );
}
