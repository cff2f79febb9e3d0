//! Balanced Cram starts (`arena starts cram`): boards the solver cannot value within the
//! adjudication budget, so that neither player is already known to win.

use floodgate_cram_core::board::position_value;
use floodgate_cram_core::solver::{Budget, Solver};

use super::{ADJUDICATION_WORK, Cram, InitLine, init_line};
use crate::referee::Candidate;

/// The init line drawn from `seed` (as the referee draws it), balanced when the board has a
/// move and cram-core's solver cannot value it within [`ADJUDICATION_WORK`] (a fresh 1 MiB
/// table): the game is not decided where `--adjudicate` would decide it.
pub fn candidate(cram: &Cram, seed: u64) -> Candidate<InitLine> {
    let line = init_line(seed, cram.sizes, cram.prefill_percent);
    let start: InitLine = line.parse().expect("a drawn init line reads back");
    let mut solver: Solver = Solver::with_table_bytes(1 << 20);
    let value = {
        let mut solver = solver.budgeted(Budget::work(ADJUDICATION_WORK));
        position_value(&start.board, &mut solver)
    };
    Candidate {
        balanced: start.board.has_move() && value.is_none(),
        start,
    }
}
