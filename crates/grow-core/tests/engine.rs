//! The engine as player 1 under both readings of the judge (with and without the
//! one-free-direction conversion, `Rules`): it wins from the start, and it declines the quick
//! win that only the deployed judge would give it. Searches are bounded by depth, so the
//! games do not depend on the machine's speed.

use floodgate_grow_core::codec::{format_grid, parse_grid};
use floodgate_grow_core::engine::{Engine, Grow, evaluate};
use floodgate_grow_core::state::{End, Move, Rules, State};
use floodgate_search::{AlphaBeta, AlphaBetaOptions, Clock};

const READINGS: [Rules; 2] = [Rules::Deployed, Rules::WithoutConversion];

/// Seat 1's search depth; player 2's engine searches one ply less (at equal small depths
/// the result of a whole game swings with the depth, from either side).
const DEPTH: u32 = 2;

fn m(text: &str) -> Move {
    text.parse().unwrap()
}

/// Seat 2's move written in its own (mirrored) view, as a move on the grid.
fn theirs(text: &str) -> Move {
    State::mirror_move(m(text))
}

#[derive(Clone, Copy, Debug)]
enum Opponent {
    Engine,
    Greedy,
}

/// The move of the side to move: the engine as a bot sees the game (the judge's grid from
/// its side, read back), or a greedy one-ply choice by the evaluation.
fn choose(state: &State, who: Option<Opponent>) -> Move {
    let side = state.to_move();
    match who {
        None | Some(Opponent::Engine) => {
            let depth = if who.is_none() { DEPTH } else { DEPTH - 1 };
            let seen = parse_grid(format_grid(state, side).as_bytes()).unwrap();
            let own = Engine::with_max_depth(1 << 16, depth)
                .search(&seen, &Clock::unlimited())
                .best_move
                .unwrap();
            if side == 0 {
                own
            } else {
                State::mirror_move(own)
            }
        }
        Some(Opponent::Greedy) => {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            let value = |m: &Move| {
                let (after, _) = state.play(*m);
                match after.end() {
                    Some(_) if after.winner() == Some(side) => i32::MAX,
                    Some(_) => i32::MIN,
                    None if after.to_move() == side => evaluate(&after),
                    None => -evaluate(&after),
                }
            };
            *moves.iter().max_by_key(|m| value(m)).unwrap()
        }
    }
}

/// Plays `state` to its end: player 1 is the engine, player 2 `opponent`.
fn play_out(mut state: State, opponent: Opponent) -> State {
    while !state.is_over() {
        let who = if state.to_move() == 0 {
            None
        } else {
            Some(opponent)
        };
        let m = choose(&state, who);
        assert!(state.is_legal(m), "{m} in\n{}", format_grid(&state, 0));
        state = state.play(m).0;
    }
    state
}

/// Asserts that player 1 (the engine) wins from `state` against the engine and against greedy.
fn assert_player_1_wins(state: State) {
    for opponent in [Opponent::Engine, Opponent::Greedy] {
        let end = play_out(state, opponent);
        assert_eq!(
            end.winner(),
            Some(0),
            "{:?} against {opponent:?}: {:?} {:?}",
            state.rules(),
            end.end(),
            end.scores()
        );
    }
}

#[test]
fn player_1_wins_under_both_readings() {
    for rules in READINGS {
        assert_player_1_wins(State::default().with_rules(rules));
    }
}

#[test]
fn player_1_declines_the_quick_win_only_the_deployed_judge_gives() {
    // Seat 1 seeds next to the corner and splits into it; player 2 grows far away.
    let mut start = State::default();
    for m in [
        m("2,0,1,1"),
        theirs("9,0,9,1"),
        m("1,1,0,0,1,0"),
        theirs("9,1,8,2,10,2"),
    ] {
        start = start.play(m).0;
    }
    // (1, 0) into the corner (a merge) and into the seed (a suicide): the deployed judge
    // makes the corner, left with one free direction, a node, so player 1 has no active
    // leaf and wins 4-3 at once.
    let trap = m("1,0,0,0,2,0");
    let (won, _) = start.play(trap);
    assert_eq!(
        (won.end(), won.winner(), won.scores()),
        (Some(End::NoActiveLeaf), Some(0), [4, 3])
    );
    // Without the conversion the corner stays an active leaf that can never split: player 2
    // moves, then player 1 has no valid move and loses.
    let older = start.with_rules(Rules::WithoutConversion);
    let (after, _) = older.play(trap);
    assert_eq!(after.end(), None);
    let (after, _) = after.play(theirs("8,2,7,3,9,3"));
    assert_eq!((after.end(), after.winner()), (Some(End::Stuck), Some(1)));
    // A search of the deployed reading alone takes the trap.
    let mut deployed_only = AlphaBeta::new(
        Grow,
        AlphaBetaOptions {
            max_depth: DEPTH,
            table_bytes: 1 << 16,
            ..AlphaBetaOptions::default()
        },
    );
    let seen = parse_grid(format_grid(&start, 0).as_bytes()).unwrap();
    assert_eq!(
        deployed_only.search(&seen, &Clock::unlimited()).best_move,
        Some(trap)
    );
    // The engine does not, and goes on to win under both readings.
    for rules in READINGS {
        let state = start.with_rules(rules);
        assert_ne!(choose(&state, None), trap);
        assert_player_1_wins(state);
    }
}
