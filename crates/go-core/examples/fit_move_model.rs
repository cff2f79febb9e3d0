//! Fits go-core's move model to game records and prints it (the text of
//! `data/move-model.txt`).
//!
//! ```sh
//! python3 crates/go-core/scripts/gnugo_games.py 2000 1 > games.txt
//! cargo run --release -p floodgate-go-core --features move-model --example fit_move_model -- \
//!     games.txt > crates/go-core/data/move-model.txt
//! ```
//!
//! Every tenth game is held out: the fit's report (on stderr) gives how often the model's
//! strongest candidate is the move played, on the training games and on those held out.

use std::process::ExitCode;

use floodgate_go_core::move_model::Trainer;

const ROUNDS: usize = 30;
const MIN_COUNT: usize = 40;

fn main() -> ExitCode {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: fit_move_model GAMES.txt...");
        return ExitCode::from(2);
    }
    let (mut train, mut test) = (Trainer::new(), Trainer::new());
    let mut games = 0;
    for file in &files {
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("fit_move_model: {file}: {e}");
                return ExitCode::from(2);
            }
        };
        for (n, record) in text.lines().enumerate() {
            let trainer = if games % 10 == 9 {
                &mut test
            } else {
                &mut train
            };
            if let Err(e) = trainer.add_game(record) {
                eprintln!("fit_move_model: {file}:{}: {e}", n + 1);
                return ExitCode::from(2);
            }
            games += 1;
        }
    }
    let model = train.fit(ROUNDS, MIN_COUNT);
    let (train_top, train_ll) = train.evaluate(&model);
    let (test_top, test_ll) = test.evaluate(&model);
    let report = format!(
        "floodgate go-core move model: {ROUNDS} rounds of minorization-maximization, shapes seen \
         {MIN_COUNT} times or more\nfrom {} positions of {games} games ({} held out); the \
         strongest candidate is the move played\nin {:.1}% of the training positions and \
         {:.1}% of the held-out ones (mean log-likelihood {train_ll:.3}, {test_ll:.3})",
        train.positions() + test.positions(),
        test.positions(),
        100.0 * train_top,
        100.0 * test_top,
    );
    eprintln!("{report}");
    print!("{}", model.to_text(&report));
    ExitCode::SUCCESS
}
