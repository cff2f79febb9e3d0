//! Alpha-beta and MCTS on small games with known values.

mod common;

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use common::{Board, Pile, RandomTree, Takeaway, TicTacToe, TreeState, all_tictactoe_positions};
use floodgate_search::negamax::{self as plain, negamax};
use floodgate_search::{
    AlphaBeta, AlphaBetaOptions, Budget, Clock, Game, Mcts, MctsOptions, MoveList, Outcome, Prior,
    RandomRollout, Reduction, Rng, RolloutPolicy, Seat, WIN,
};
use proptest::prelude::*;

fn alpha_beta<G: Game>(game: G, depth: u32, aspiration: Option<i32>) -> AlphaBeta<G> {
    AlphaBeta::new(
        game,
        AlphaBetaOptions {
            max_depth: depth,
            table_bytes: 1 << 16,
            aspiration_window: aspiration,
            ..AlphaBetaOptions::default()
        },
    )
}

#[test]
fn tictactoe_is_a_draw_from_the_start() {
    let result = alpha_beta(TicTacToe, 9, None).search(&Board::default(), &Clock::unlimited());
    assert_eq!(result.score, 0);
    assert_eq!(negamax(&TicTacToe, &Board::default(), 9), 0);
    assert!(result.best_move.is_some());
    assert!(!result.pv.is_empty() && result.pv[0] == result.best_move.unwrap());
}

#[test]
fn alpha_beta_values_every_tictactoe_position_like_negamax() {
    for principal_variation in [false, true] {
        let options = AlphaBetaOptions {
            max_depth: 9,
            table_bytes: 1 << 16,
            aspiration_window: Some(50),
            principal_variation,
            ..AlphaBetaOptions::default()
        };
        let mut searcher = AlphaBeta::new(TicTacToe, options);
        for board in all_tictactoe_positions() {
            let expected = negamax(&TicTacToe, &board.clone(), 9);
            let result = searcher.search(&board, &Clock::unlimited());
            assert_eq!(result.score, expected, "{board:?}");
            if let Some(m) = result.best_move {
                // The chosen move keeps the value: the position after it is worth -expected.
                let after = TicTacToe.next(&board.clone(), m);
                assert_eq!(
                    seen_from_parent(-negamax(&TicTacToe, &after, 8)),
                    expected,
                    "{board:?} move {m}"
                );
            } else {
                assert!(TicTacToe.outcome(&board).is_some());
            }
        }
    }
}

#[test]
fn alpha_beta_finds_a_forced_win() {
    // X to move wins at once in the corner (row 0 .. 8 diagonal) rather than later.
    let board = Board::from_picture("X O . / . X O / . . .".replace('/', "").as_str());
    let result = alpha_beta(TicTacToe, 9, None).search(&board, &Clock::unlimited());
    assert_eq!((result.best_move, result.score), (Some(8), WIN - 1));
    // A fork: X plays 3 or 6, threatening two lines, and wins in 3 plies whatever O does.
    let board = Board::from_picture("X O . . X . . . O");
    let result = alpha_beta(TicTacToe, 9, None).search(&board, &Clock::unlimited());
    assert_eq!(result.score, WIN - 3, "{result:?}");
    assert!(matches!(result.best_move, Some(3 | 6)), "{result:?}");
    assert_eq!(result.pv.len(), 3);
}

/// A score from a child's point of view, one ply below: win distances grow by one.
fn seen_from_parent(value: i32) -> i32 {
    match value {
        v if v > WIN - 300 => v - 1,
        v if v < -(WIN - 300) => v + 1,
        v => v,
    }
}

#[test]
fn extra_moves_keep_the_sign() {
    for stones in 1..=12 {
        let pile = Pile::new(stones);
        let value = negamax(&Takeaway, &pile, 20);
        assert!(value > 0, "the player to move wins a pile of {stones}");
        let result = alpha_beta(Takeaway, 20, None).search(&pile, &Clock::unlimited());
        assert_eq!(result.score, value, "pile of {stones}");
        assert_eq!(pile, Pile::new(stones), "undo restores the state");
    }
    // Take 2 (keep the move), then the last stone: a win in two plies.
    let result = alpha_beta(Takeaway, 20, None).search(&Pile::new(3), &Clock::unlimited());
    assert_eq!(
        (result.best_move, result.score, result.pv.clone()),
        (Some(2), WIN - 2, vec![2, 1])
    );
    // A search that assumed alternation would call a pile of 3 lost: taking 1 leaves the
    // opponent a pile of 2, taking 2 "leaves" the opponent a pile of 1.
    assert!(alternating_value(3) < 0);
}

/// Negamax on the take-away game that negates at every move (the mistake the trait prevents).
fn alternating_value(stones: u32) -> i32 {
    if stones == 0 {
        return -1;
    }
    (1..=2.min(stones))
        .map(|take| -alternating_value(stones - take))
        .max()
        .unwrap()
}

#[test]
fn mcts_finds_extra_move_wins() {
    for stones in [3, 5, 6] {
        let mut mcts = Mcts::new(
            Takeaway,
            Pile::new(stones),
            MctsOptions::default(),
            RandomRollout::default(),
        );
        let result = mcts.search(&Budget::iterations(3000));
        assert_eq!(result.best_move, Some(2), "pile of {stones}: {result:?}");
        assert!(result.win_rate > 0.9, "{result:?}");
    }
}

/// Plays a full game of tic-tac-toe, MCTS against alpha-beta; returns the outcome.
fn mcts_against_alpha_beta(mcts_plays: Seat, seed: u64) -> Outcome {
    let options = MctsOptions {
        seed,
        ..MctsOptions::default()
    };
    let mut mcts = Mcts::new(
        TicTacToe,
        Board::default(),
        options,
        RandomRollout::default(),
    );
    let mut perfect = alpha_beta(TicTacToe, 9, None);
    let mut board = Board::default();
    while TicTacToe.outcome(&board).is_none() {
        let m = if TicTacToe.player_to_move(&board) == mcts_plays {
            mcts.search(&Budget::iterations(4000)).best_move.unwrap()
        } else {
            perfect
                .search(&board, &Clock::unlimited())
                .best_move
                .unwrap()
        };
        board = TicTacToe.next(&board, m);
        mcts.advance(m);
        assert_eq!(mcts.root_state(), &board);
    }
    TicTacToe.outcome(&board).unwrap()
}

#[test]
fn mcts_never_loses_tictactoe_to_alpha_beta() {
    for seed in 0..3 {
        for seat in [Seat::First, Seat::Second] {
            let outcome = mcts_against_alpha_beta(seat, seed);
            assert_ne!(
                outcome,
                Outcome::Win(seat.other()),
                "MCTS as {seat:?}, seed {seed}"
            );
        }
    }
}

/// A leaf policy written outside the crate, as a user of the library writes one: every leaf
/// is worth the same to the first player.
struct Constant(f64);

impl RolloutPolicy<TicTacToe> for Constant {
    fn value(&mut self, _: &TicTacToe, _: &mut Board, _: &mut Rng) -> f64 {
        self.0
    }
}

#[test]
fn mcts_values_its_leaves_by_a_policy_of_its_own() {
    // Forty iterations end no game, so every value comes from the policy, seen by the mover.
    let after_x = TicTacToe.next(&Board::default(), 4);
    for first_player_value in [0.25, 0.9] {
        for (board, for_mover) in [
            (Board::default(), first_player_value),
            (after_x, 1.0 - first_player_value),
        ] {
            let mut mcts = Mcts::new(
                TicTacToe,
                board,
                MctsOptions::default(),
                Constant(first_player_value),
            );
            let result = mcts.search(&Budget::iterations(40));
            assert!(
                (result.win_rate - for_mover).abs() < 1e-9,
                "{board:?}: {result:?}"
            );
        }
    }
}

#[test]
fn mcts_is_deterministic_for_a_seed_and_respects_its_memory_cap() {
    let run = |seed| {
        let options = MctsOptions {
            seed,
            memory_bytes: 40_000,
            ..MctsOptions::default()
        };
        let mut mcts = Mcts::new(
            TicTacToe,
            Board::default(),
            options,
            RandomRollout::default(),
        );
        let result = mcts.search(&Budget::iterations(20_000));
        assert!(
            mcts.node_count() <= mcts.capacity(),
            "{} nodes",
            mcts.node_count()
        );
        assert!(
            mcts.capacity() * 40 <= 40_000 * 2,
            "capacity {}",
            mcts.capacity()
        );
        result
    };
    assert_eq!(run(7), run(7));
    let full = run(7);
    assert!(
        full.nodes < 2000,
        "the tree stopped growing at the cap: {full:?}"
    );
}

#[test]
fn mcts_reuses_the_subtree_after_a_move() {
    let mut mcts = Mcts::new(
        TicTacToe,
        Board::default(),
        MctsOptions::default(),
        RandomRollout::default(),
    );
    mcts.search(&Budget::iterations(5000));
    let before = mcts.node_count();
    mcts.advance(4);
    let kept = mcts.node_count();
    assert!(kept > 1 && kept < before, "kept {kept} of {before}");
    // The kept tree is consistent: searching on from it works and its moves are legal.
    let result = mcts.search(&Budget::iterations(2000));
    let mut legal = MoveList::new();
    TicTacToe.generate_moves(mcts.root_state(), &mut legal);
    assert!(legal.contains(&result.best_move.unwrap()));
}

#[test]
fn mcts_ranked_by_its_minimax_values_picks_a_move_of_the_negamax_value() {
    // Trees of at most five plies end in outcomes (some players move twice running), and a
    // search far larger than the tree backs up their exact minimax. Ranked by it alone, the
    // most visited root move must be one of the best, whoever moves below it.
    for seed in 0..40 {
        let state = TreeState {
            seed,
            level: 0,
            id: 0,
            to_move: Seat::First,
            depth: 5,
        };
        let options = MctsOptions {
            minimax_weight: 1.0,
            exploration: 0.3,
            ..MctsOptions::default()
        };
        let result = Mcts::new(RandomTree, state, options, RandomRollout::default())
            .search(&Budget::iterations(3000));
        let best = negamax(&RandomTree, &state.clone(), 5).signum();
        let chosen = move_value(&state, result.best_move.unwrap(), 5).signum();
        assert_eq!(chosen, best, "seed {seed}: {result:?}");
    }
}

/// The value of playing `m` in `state`, searched `depth` plies deep, for the player to move.
fn move_value(state: &TreeState, m: u8, depth: u32) -> i32 {
    let next = RandomTree.next(state, m);
    let value = seen_from_parent(negamax(&RandomTree, &next, depth - 1));
    if next.to_move == state.to_move {
        value
    } else {
        -value
    }
}

#[test]
fn a_search_cut_by_the_clock_returns_its_last_iteration_or_a_better_move_of_the_next() {
    for seed in [99, 7, 12] {
        let state = TreeState {
            seed,
            level: 0,
            id: 0,
            to_move: Seat::First,
            depth: 200,
        };
        let options = AlphaBetaOptions {
            table_bytes: 1 << 16,
            check_every: 64,
            ..AlphaBetaOptions::default()
        };
        let clock = Clock::starting_now(Duration::from_millis(3), Duration::from_millis(4));
        let cut = AlphaBeta::new(RandomTree, options.clone()).search(&state, &clock);
        assert!(cut.depth >= 1 && cut.best_move.is_some(), "{cut:?}");
        let full = AlphaBeta::new(
            RandomTree,
            AlphaBetaOptions {
                max_depth: cut.depth,
                ..options
            },
        )
        .search(&state, &Clock::unlimited());
        assert_eq!(cut.depth, full.depth);
        if cut.best_move != full.best_move {
            // Found by the cut iteration, one ply deeper: its value at that depth, and at
            // least that of the last iteration's move.
            let depth = cut.depth + 1;
            let value = move_value(&state, cut.best_move.unwrap(), depth);
            assert_eq!(cut.score, value, "{cut:?}");
            assert!(value >= move_value(&state, full.best_move.unwrap(), depth));
        } else if cut.score != full.score {
            // The same move, valued one ply deeper.
            assert_eq!(
                cut.score,
                move_value(&state, cut.best_move.unwrap(), cut.depth + 1)
            );
        }
    }
}

#[test]
fn an_expired_clock_still_gives_a_legal_move() {
    let state = TreeState {
        seed: 5,
        level: 0,
        id: 0,
        to_move: Seat::First,
        depth: 200,
    };
    let clock = Clock::starting_now(Duration::ZERO, Duration::ZERO);
    let options = AlphaBetaOptions {
        check_every: 1,
        ..AlphaBetaOptions::default()
    };
    let result = AlphaBeta::new(RandomTree, options).search(&state, &clock);
    let mut legal = MoveList::new();
    RandomTree.generate_moves(&state, &mut legal);
    assert!(legal.contains(&result.best_move.unwrap()));
}

/// Three plies in which every position has 500 moves; each position valued is counted.
struct Wide;

static WIDE_EVALUATIONS: AtomicU64 = AtomicU64::new(0);

impl Game for Wide {
    /// The moves played so far.
    type State = Vec<u16>;
    type Move = u16;

    fn player_to_move(&self, s: &Vec<u16>) -> Seat {
        if s.len().is_multiple_of(2) {
            Seat::First
        } else {
            Seat::Second
        }
    }

    fn generate_moves(&self, s: &Vec<u16>, moves: &mut MoveList<u16>) {
        if s.len() < 3 {
            moves.extend(0..500);
        }
    }

    fn outcome(&self, _: &Vec<u16>) -> Option<Outcome> {
        None
    }

    fn next(&self, s: &Vec<u16>, m: u16) -> Vec<u16> {
        let mut next = s.clone();
        next.push(m);
        next
    }

    fn evaluate(&self, s: &Vec<u16>) -> i32 {
        WIDE_EVALUATIONS.fetch_add(1, Ordering::Relaxed);
        s.iter().map(|&m| i32::from(m % 7)).sum()
    }

    fn hash(&self, s: &Vec<u16>) -> u64 {
        s.iter().fold(17, |h, &m| {
            h.wrapping_mul(31).wrapping_add(u64::from(m) + 1)
        })
    }

    fn move_index(&self, m: u16) -> usize {
        usize::from(m)
    }
}

#[test]
fn the_clock_is_read_between_the_leaves_of_a_wide_node() {
    // The hard limit has passed before the search starts: the first iteration's root has 500
    // leaves, and the search must stop within `check_every` of them, not value them all.
    let clock = Clock::starting_now(Duration::ZERO, Duration::ZERO);
    let options = AlphaBetaOptions {
        check_every: 64,
        ..AlphaBetaOptions::default()
    };
    let result = AlphaBeta::new(Wide, options).search(&Vec::new(), &clock);
    let evaluations = WIDE_EVALUATIONS.load(Ordering::Relaxed);
    assert!(
        evaluations <= 65,
        "{evaluations} positions valued after the limit"
    );
    assert!(result.best_move.is_some_and(|m| m < 500));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn iterative_deepening_with_a_table_matches_negamax(
        seed in any::<u64>(),
        depth in 1..9u32,
        tree_depth in 1..12u32,
        aspiration in prop::option::of(1..200i32),
        principal_variation in any::<bool>(),
    ) {
        let state = TreeState { seed, level: 0, id: 0, to_move: Seat::First, depth: tree_depth };
        let expected = negamax(&RandomTree, &state.clone(), depth);
        let mut searcher = AlphaBeta::new(RandomTree, AlphaBetaOptions {
            max_depth: depth,
            table_bytes: 1 << 16,
            aspiration_window: aspiration,
            principal_variation,
            ..AlphaBetaOptions::default()
        });
        let result = searcher.search(&state, &Clock::unlimited());
        prop_assert_eq!(result.score, expected);
        if let Some(m) = result.best_move {
            // The best move leads to a position worth the root's score.
            let after = RandomTree.next(&state.clone(), m);
            let value = negamax(&RandomTree, &after.clone(), depth - 1);
            let value = if after.to_move == state.to_move { value } else { -value };
            prop_assert_eq!(seen_from_parent(value), expected);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Reducing quiet and late moves by no plies only adds a null-window search in front of the
    /// full one: the value stays exact, whatever moves are quiet and wherever reductions start.
    #[test]
    fn quiet_reductions_of_no_plies_keep_the_negamax_value(
        seed in any::<u64>(),
        depth in 1..8u32,
        tree_depth in 1..11u32,
        min_depth in 1..5u32,
        after in 0..3u32,
        principal_variation in any::<bool>(),
    ) {
        let state = TreeState { seed, level: 0, id: 0, to_move: Seat::First, depth: tree_depth };
        let mut searcher = AlphaBeta::new(RandomTree, AlphaBetaOptions {
            max_depth: depth,
            table_bytes: 1 << 16,
            principal_variation,
            quiet_reduction: Some(Reduction { min_depth, after, plies: 0 }),
            late_move_reduction: Some(Reduction { min_depth, after: after + 1, plies: 0 }),
            ..AlphaBetaOptions::default()
        });
        let result = searcher.search(&state, &Clock::unlimited());
        prop_assert_eq!(result.score, negamax(&RandomTree, &state, depth));
    }

    /// With real reductions the value may differ, but a legal move comes whenever the game
    /// goes on.
    #[test]
    fn quiet_reductions_still_choose_a_legal_move(
        seed in any::<u64>(),
        depth in 1..8u32,
        tree_depth in 1..11u32,
    ) {
        let state = TreeState { seed, level: 0, id: 0, to_move: Seat::First, depth: tree_depth };
        let mut searcher = AlphaBeta::new(RandomTree, AlphaBetaOptions {
            max_depth: depth,
            table_bytes: 1 << 16,
            principal_variation: true,
            quiet_reduction: Some(Reduction { min_depth: 2, after: 1, plies: 1 }),
            late_move_reduction: Some(Reduction { min_depth: 2, after: 2, plies: 1 }),
            ..AlphaBetaOptions::default()
        });
        let result = searcher.search(&state, &Clock::unlimited());
        let mut moves = MoveList::new();
        RandomTree.generate_moves(&state, &mut moves);
        prop_assert_eq!(result.best_move.is_some(), !moves.is_empty());
        if let Some(m) = result.best_move {
            prop_assert!(moves.contains(&m));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn plain_alpha_beta_finds_the_negamax_value_and_its_first_best_move(
        seed in any::<u64>(),
        depth in 1..7u32,
        tree_depth in 1..10u32,
    ) {
        let state = TreeState { seed, level: 0, id: 0, to_move: Seat::First, depth: tree_depth };
        let (chosen, value) = plain::best_move(&RandomTree, &state, depth).expect("a move");
        prop_assert_eq!(value, negamax(&RandomTree, &state, depth));
        // The first move, in the game's order, that negamax values at the root's value.
        let mut moves = MoveList::new();
        RandomTree.generate_moves(&state, &mut moves);
        let first_best = moves.iter().copied().find(|&m| move_value(&state, m, depth) == value);
        prop_assert_eq!(Some(chosen), first_best);
        prop_assert_eq!(plain::choose(&RandomTree, &state, plain::Limit::Depth(depth)), Some(chosen));
    }
}

/// Random tic-tac-toe playouts that remember who took each cell first (for RAVE), with
/// priors that favour the cells listed in `favoured`.
struct AmafPlayouts {
    first: [Option<Seat>; 9],
    favoured: Vec<u8>,
}

impl RolloutPolicy<TicTacToe> for AmafPlayouts {
    fn value(&mut self, game: &TicTacToe, board: &mut Board, rng: &mut Rng) -> f64 {
        use rand_xoshiro::rand_core::Rng as _;
        let mut moves = MoveList::new();
        while game.outcome(board).is_none() {
            moves.clear();
            game.generate_moves(board, &mut moves);
            let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
            let mover = game.player_to_move(board);
            self.first[usize::from(m)].get_or_insert(mover);
            *board = game.next(board, m);
        }
        match game.outcome(board) {
            Some(Outcome::Win(Seat::First)) => 1.0,
            Some(Outcome::Win(Seat::Second)) => 0.0,
            _ => 0.5,
        }
    }

    fn priors(&mut self, _: &TicTacToe, _: &Board, moves: &[u8], priors: &mut Vec<Prior>) {
        priors.clear();
        priors.extend(moves.iter().map(|m| {
            let won = if self.favoured.contains(m) { 20.0 } else { 0.0 };
            Prior {
                visits: 20.0,
                wins: won,
            }
        }));
    }

    fn start_playout(&mut self) {
        self.first = [None; 9];
    }

    fn played_first(&self, m: u8, player: Seat) -> bool {
        self.first[usize::from(m)] == Some(player)
    }

    fn played_earlier(&mut self, m: u8, player: Seat) {
        self.first[usize::from(m)] = Some(player);
    }
}

fn rave_options(expand_after: u32) -> MctsOptions {
    MctsOptions {
        rave_equivalence: Some(100.0),
        expand_after,
        memory_bytes: 1 << 20,
        ..MctsOptions::default()
    }
}

#[test]
fn rave_finds_the_win_and_the_block() {
    // X to move wins at 2; O to move must block at 2.
    for (picture, best) in [("X X . / O O . / . . .", 2), ("X X . / O . . / . . O", 2)] {
        let board = Board::from_picture(&picture.replace('/', ""));
        let policy = AmafPlayouts {
            first: [None; 9],
            favoured: Vec::new(),
        };
        let mut mcts = Mcts::new(TicTacToe, board, rave_options(4), policy);
        let result = mcts.search(&Budget::iterations(3000));
        assert_eq!(result.best_move, Some(best), "{picture}: {result:?}");
    }
}

#[test]
fn rave_priors_count_as_visits_and_leaves_wait_to_be_expanded() {
    // No iteration yet: the move the priors favour (won virtual visits) is the one chosen,
    // and the root's children carry their priors.
    let policy = AmafPlayouts {
        first: [None; 9],
        favoured: vec![4],
    };
    let mut mcts = Mcts::new(TicTacToe, Board::default(), rave_options(8), policy);
    mcts.retain_root_moves(|m| m != 0);
    let children: Vec<_> = mcts.root_children().collect();
    assert_eq!(children.len(), 8, "the corner 0 was dropped");
    assert!(children.iter().all(|c| c.visits == 20.0));
    assert_eq!(mcts.search(&Budget::iterations(1)).best_move, Some(4));
    // The favoured child takes every iteration; it is expanded on the first that reaches it
    // after 8 went through it: the ninth.
    mcts.search(&Budget::iterations(7));
    assert_eq!(mcts.node_count(), 9);
    mcts.search(&Budget::iterations(1));
    assert_eq!(
        mcts.node_count(),
        9 + 8,
        "the eight empty cells after X takes 4"
    );
}

/// The position after playing `picks` from `start`, each pick taken modulo the moves there,
/// until the picks run out or the game ends.
fn after_picks<G: Game>(game: &G, start: G::State, picks: &[u8]) -> G::State {
    let mut state = start;
    for &pick in picks {
        let mut moves = MoveList::new();
        game.generate_moves(&state, &mut moves);
        if moves.is_empty() {
            break;
        }
        state = game.next(&state, moves[usize::from(pick) % moves.len()]);
    }
    state
}

/// Whether plain negamax, `depth` plies deep, calls the position after `m` a forced win for
/// the player to move in `state`.
fn wins_by<G: Game>(game: &G, state: &G::State, m: G::Move, depth: u32) -> bool {
    let next = game.next(state, m);
    let value = negamax(game, &next, depth - 1);
    let value = if game.player_to_move(&next) == game.player_to_move(state) {
        value
    } else {
        -value
    };
    value > WIN - 300
}

/// Where plain negamax searching the whole game finds a forced win for the player to move,
/// MCTS (UCT with random playouts, `iterations` of them) plays a winning move. Positions where
/// negamax finds none are skipped.
fn mcts_takes_the_forced_win<G: Game>(
    game: G,
    state: G::State,
    depth: u32,
    seed: u64,
    iterations: u64,
) -> Result<(), TestCaseError>
where
    G::Move: std::fmt::Debug,
{
    prop_assume!(negamax(&game, &state, depth) > WIN - 300);
    let options = MctsOptions {
        seed,
        ..MctsOptions::default()
    };
    let mut mcts = Mcts::new(game, state.clone(), options, RandomRollout::default());
    let result = mcts.search(&Budget::iterations(iterations));
    let chosen = result.best_move.expect("a won position has moves");
    prop_assert!(
        wins_by(mcts.game(), &state, chosen, depth),
        "{chosen:?} does not keep the win: {result:?}"
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Tic-tac-toe positions after two to six random moves.
    #[test]
    fn mcts_takes_a_forced_tictactoe_win_that_negamax_finds(
        picks in prop::collection::vec(any::<u8>(), 2..7),
        seed in any::<u64>(),
    ) {
        let board = after_picks(&TicTacToe, Board::default(), &picks);
        mcts_takes_the_forced_win(TicTacToe, board, 9, seed, 3000)?;
    }

    /// Random game trees of up to six plies, with extra moves and transpositions.
    #[test]
    fn mcts_takes_a_forced_win_in_a_random_tree_that_negamax_finds(
        tree in any::<u64>(),
        depth in 1..7u32,
        seed in any::<u64>(),
    ) {
        let state = TreeState { seed: tree, level: 0, id: 0, to_move: Seat::First, depth };
        mcts_takes_the_forced_win(RandomTree, state, depth, seed, 3000)?;
    }
}

#[test]
fn the_principal_variation_follows_the_most_searched_children() {
    let policy = AmafPlayouts {
        first: [None; 9],
        favoured: Vec::new(),
    };
    let mut mcts = Mcts::new(TicTacToe, Board::default(), rave_options(2), policy);
    let result = mcts.search(&Budget::iterations(4000));
    let children: Vec<_> = mcts.root_children().collect();
    let playouts: u64 = children.iter().map(|c| u64::from(c.playouts)).sum();
    assert_eq!(
        playouts, result.iterations,
        "each iteration goes through one child"
    );
    assert!(mcts.principal_variation(children.len(), 9).is_empty());
    let best = children
        .iter()
        .enumerate()
        .filter(|(_, c)| c.playouts > 0)
        .max_by_key(|(_, c)| c.playouts)
        .map(|(index, _)| index)
        .unwrap();
    let line = mcts.principal_variation(best, 9);
    assert_eq!(line.first().copied(), result.best_move);
    assert!(line.len() >= 3, "4000 iterations search deeper: {line:?}");
    // The model: advancing the tree by each move of the line makes the next move the most
    // searched child of the new root.
    for pair in line.windows(2) {
        mcts.advance(pair[0]);
        let next = mcts
            .root_children()
            .filter(|c| c.playouts > 0)
            .max_by_key(|c| c.playouts)
            .map(|c| c.mv);
        assert_eq!(next, Some(pair[1]), "{line:?}");
    }
}
