//! The built-in players of Domain Expansion, in the referee's process and as processes.

use floodgate_domain_core::engine::evaluate;
use floodgate_domain_core::state::{Action, State};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::Rng;

use crate::error::Error;
use crate::player::Builtin;
use crate::serve::{self, Lines, protocol};

impl Builtin {
    /// The action this strategy picks in a Domain Expansion `state` (which must not be over).
    ///
    /// Random: uniform over the legal actions. Greedy: the action whose position after it is
    /// best for the mover one ply deep (the domain difference once the game is over, else the
    /// engine's evaluation), ties at random. The searching baselines: [`super::baseline`].
    pub fn choose_action(self, state: &State, rng: &mut Xoshiro256PlusPlus) -> Action {
        if let Self::Reach(limit) = self {
            return super::baseline::choose_reach(state, limit, rng.next_u64());
        }
        crate::baseline::builtin_move(self, super::baseline::RULES, state, greedy_value, rng)
    }
}

/// What `action` is worth to the player to move in `state`, one ply deep: a million a cell of
/// domain difference once the game is over, else the engine's evaluation for the other side,
/// negated.
fn greedy_value(state: &State, action: Action) -> i64 {
    let me = usize::from(state.to_move());
    let next = state.play(action);
    if next.is_over() {
        let domains = next.domain_sizes();
        1_000_000 * (i64::from(domains[me]) - i64::from(domains[1 - me]))
    } else {
        -i64::from(evaluate(&next))
    }
}

/// Plays a whole game as `builtin` over the protocol on standard input and output.
pub fn serve(builtin: Builtin, seed: u64) -> Result<(), Error> {
    use floodgate_domain_core::codec::{parse_action_line, parse_cell, parse_size};
    let mut lines = Lines::stdin();
    let mut initial = || {
        let line = lines.next_line()?;
        line.ok_or_else(|| protocol("the input ended before the three initial lines"))
    };
    parse_size(&initial()?).map_err(protocol)?;
    let mine = parse_cell(&initial()?).map_err(protocol)?;
    parse_cell(&initial()?).map_err(protocol)?;
    let mut state = State::default();
    let mut rng = serve::rng_from(seed, u64::from(mine.0));
    while let Some(line) = lines.next_line()? {
        if let Some(action) = parse_action_line(&line).map_err(protocol)? {
            state = state.play_reported(action);
        }
        let action = builtin.choose_action(&state, &mut rng);
        serve::say(&action.to_string())?;
        state = state.play(action);
    }
    Ok(())
}
