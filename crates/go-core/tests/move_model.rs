//! The move model's trainer: game records, the fit, and how it predicts.

use floodgate_go_core::move_model::{GameRecordError, MoveModel, Trainer};

/// Twenty games of GNU Go (level 5) against itself, from `scripts/gnugo_games.py 20 201`.
const GAMES: &str = include_str!("data/gnugo-games.txt");

#[test]
fn malformed_records_are_refused() {
    let mut trainer = Trainer::new();
    let refused = |trainer: &mut Trainer, record: &str| trainer.add_game(record).unwrap_err();
    assert_eq!(
        refused(&mut trainer, "x 7 E5").reason,
        "does not start with a board size"
    );
    assert_eq!(refused(&mut trainer, "9").reason, "has no komi");
    assert_eq!(
        refused(&mut trainer, "9 7 E5 Z9").reason,
        "has a move that is not a point of its board"
    );
    assert_eq!(
        refused(&mut trainer, "9 7 E5 E5").reason,
        "plays on a stone"
    );
    let error = GameRecordError {
        reason: "has no komi",
    };
    assert_eq!(error.to_string(), "a game record has no komi");
}

#[test]
fn marked_moves_and_passes_are_not_learned_from() {
    let mut trainer = Trainer::new();
    assert_eq!(trainer.add_game("9 7 *E5 C3 pass *G7 D4 pass pass"), Ok(2));
    assert_eq!(trainer.positions(), 2);
}

#[test]
fn a_fit_predicts_the_games_better_than_chance_and_round_trips_through_text() {
    let mut trainer = Trainer::new();
    for record in GAMES.lines() {
        trainer.add_game(record).expect("the sample games load");
    }
    let positions = trainer.positions();
    assert!(positions > 500, "{positions} positions");
    let uniform = trainer.evaluate(&trainer.fit(0, 1));
    let model = trainer.fit(10, 5);
    let fitted = trainer.evaluate(&model);
    // The fit raises the likelihood of the moves played well above the untrained model's
    // (every weight 1, each candidate alike) and picks the played move far more often.
    assert!(fitted.1 > uniform.1 + 0.5, "{fitted:?} against {uniform:?}");
    assert!(
        fitted.0 > uniform.0 * 5.0 && fitted.0 > 0.25,
        "{fitted:?} against {uniform:?}"
    );
    let text = model.to_text("a test fit");
    assert_eq!(text.parse::<MoveModel>(), Ok(model));
}
