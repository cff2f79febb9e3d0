//! The rules on hand-built positions, one rule at a time (specs/grow.md).

use grow_core::codec::{format_grid, parse_grid};
use grow_core::points::{Direction, Point, Points};
use grow_core::state::{Effects, Move, State};

fn m(text: &str) -> Move {
    format!("{text}\n").parse().unwrap()
}

fn d(n: u8) -> Direction {
    Direction::new(n).unwrap()
}

fn p(i: usize, j: usize) -> Point {
    Point::new(i, j)
}

fn set(points: &[(usize, usize)]) -> Points {
    points.iter().map(|&(i, j)| p(i, j)).collect()
}

/// A position with the given leaves and nodes (no branches), side 0 to move.
fn position(
    my_leaves: &[(usize, usize)],
    their_leaves: &[(usize, usize)],
    nodes: [&[(usize, usize)]; 2],
) -> State {
    State::from_parts(
        [set(my_leaves), set(their_leaves)],
        [Points::EMPTY; 2],
        [set(nodes[0]), set(nodes[1])],
        [Points::EMPTY; 8],
        [10, 10],
        0,
    )
}

#[test]
fn the_statements_first_move() {
    let start = State::default();
    let first = m("3,0,2,1");
    assert_eq!(
        first,
        Move::First {
            row: 3,
            trunk: d(2)
        }
    );
    assert!(start.is_legal(first));
    let (after, effects) = start.play(first);
    assert_eq!(effects, Effects::default());
    assert!(after.nodes(0).contains(p(3, 0)), "the seed is a node");
    assert!(
        after.active(0).contains(p(2, 1)),
        "the trunk's tip is an active leaf"
    );
    assert!(after.branches(d(2)).contains(p(3, 0)));
    assert!(after.branches(d(6)).contains(p(2, 1)));
    assert_eq!((after.scores(), after.to_move()), ([1, 0], 1));
    assert!(
        !after.is_over(),
        "the game starts only after both first moves"
    );
    // The grid as each side sees it: player 2 finds player 1's seed on column 19.
    let mine = format_grid(&after, 0);
    assert_eq!(&mine[(3 * 20) * 9..(3 * 20) * 9 + 9], "301000000");
    assert_eq!(&mine[(2 * 20 + 1) * 9..(2 * 20 + 1) * 9 + 9], "100000100");
    let theirs = format_grid(&after, 1);
    assert_eq!(
        &theirs[(3 * 20 + 19) * 9..(3 * 20 + 19) * 9 + 9],
        "400000001"
    );
    assert_eq!(
        &theirs[(2 * 20 + 18) * 9..(2 * 20 + 18) * 9 + 9],
        "200010000"
    );
    assert_eq!(first.to_string(), "3,0,2,1");
}

#[test]
fn a_split_scores_two_and_makes_a_node() {
    let state = position(&[(5, 5)], &[(5, 15)], [&[], &[]]);
    let split = m("5,5,4,6,6,6");
    assert_eq!(
        split,
        Move::Split {
            leaf: p(5, 5),
            a: d(2),
            b: d(4)
        }
    );
    let (after, effects) = state.play(split);
    assert_eq!(effects, Effects::default());
    assert_eq!(after.scores(), [12, 10]);
    assert!(after.nodes(0).contains(p(5, 5)));
    assert_eq!(after.active(0), set(&[(4, 6), (6, 6)]));
    assert_eq!(after.to_move(), 1);
    // Retracing: a branch already leaves (4, 6) toward (5, 5) (direction 6).
    let again = mine_to_move(after);
    assert!(!again.is_legal(Move::Split {
        leaf: p(4, 6),
        a: d(3),
        b: d(6)
    }));
    assert!(again.is_legal(Move::Split {
        leaf: p(4, 6),
        a: d(3),
        b: d(5)
    }));
    assert_eq!(
        after.mirrored().mirrored(),
        after,
        "mirroring twice changes nothing"
    );
}

#[test]
fn merging_into_an_own_leaf() {
    let state = position(&[(5, 5), (5, 7)], &[(5, 15)], [&[], &[]]);
    let (after, effects) = state.play(m("5,5,5,6,4,5"));
    assert_eq!(effects.merges, 0);
    assert_eq!(after.scores()[0], 12);
    // Now from (5, 6) into the leaf (5, 7): a merge, which scores its branch.
    let state = position(&[(5, 6), (5, 7)], &[(5, 15)], [&[], &[]]);
    let (after, effects) = state.play(m("5,6,5,7,6,6"));
    assert_eq!(effects.merges, 1);
    assert_eq!(after.scores()[0], 12);
    assert!(after.active(0).contains(p(5, 7)), "still one leaf");
    assert!(after.branches(d(7)).contains(p(5, 7)));
}

#[test]
fn suicide_into_own_and_opponent_nodes_scores_nothing() {
    let state = position(&[(5, 5)], &[(9, 9)], [&[(4, 5)], &[(6, 5)]]);
    let (after, effects) = state.play(m("5,5,4,5,6,5"));
    assert_eq!(effects.suicides, 2);
    assert_eq!(after.scores(), [10, 10], "both branches died on nodes");
    assert!(after.branches(d(1)).contains(p(5, 5)) && after.branches(d(5)).contains(p(5, 5)));
    assert!(after.active(0).is_empty());
    assert!(
        after.nodes(1).contains(p(6, 5)),
        "the opponent's node stays its node"
    );
}

#[test]
fn a_kill_freezes_both_tips_and_gives_an_extra_move() {
    let state = position(&[(5, 5), (12, 3)], &[(5, 6), (15, 15)], [&[], &[]]);
    let (after, effects) = state.play(m("5,5,5,6,6,5"));
    assert_eq!(effects.kills, 1);
    assert_eq!(after.scores(), [12, 10]);
    assert_eq!(after.to_move(), 0, "the killer moves again");
    assert!(after.leaves(0).contains(p(5, 6)) && !after.leaves(1).contains(p(5, 6)));
    assert_eq!(after.frozen(0), set(&[(5, 6), (6, 5)]));
    assert!(
        !after.is_legal(m("5,6,4,6,4,7")),
        "a frozen leaf may not split"
    );
    assert!(!after.is_legal(m("6,5,7,5,7,4")));
    let grid = format_grid(&after, 0);
    assert_eq!(&grid[(5 * 20 + 6) * 9..(5 * 20 + 6) * 9 + 1], "5");
    assert_eq!(
        &format_grid(&after, 1)[(5 * 20 + 13) * 9..(5 * 20 + 13) * 9 + 1],
        "6"
    );
    // The extra move with the other leaf; then the frozen leaves are active again.
    let (later, effects) = after.play(m("12,3,11,3,13,3"));
    assert_eq!(effects.kills, 0);
    assert_eq!(later.to_move(), 1);
    assert!(later.frozen(0).is_empty());
    assert!(later.active(0).contains(p(5, 6)) && later.active(0).contains(p(6, 5)));
}

#[test]
fn a_kill_with_the_last_active_leaf_ends_the_game() {
    // After the kill the killer's leaves are all frozen (state 5): no active leaf, game over.
    let state = position(&[(5, 5)], &[(5, 6), (15, 15)], [&[], &[]]);
    let (after, _) = state.play(m("5,5,5,6,6,5"));
    assert!(after.active(0).is_empty());
    assert!(after.is_over());
    assert_eq!(after.winner(), Some(0));
    // Over by the spec; and the move rules leave nothing either (both leaves frozen).
    let mut moves = Vec::new();
    after.moves_ignoring_end(&mut moves);
    assert!(moves.is_empty());
    // The opponent without active leaves: over, but side 0 still has moves by the rules,
    // which the engine falls back on should a judge ask.
    let state = position(&[(5, 5)], &[], [&[], &[(15, 15)]]);
    assert!(state.is_over());
    let mut moves = Vec::new();
    state.moves_ignoring_end(&mut moves);
    assert_eq!(moves.len(), 28);
    let clock = search::Clock::starting_now(
        std::time::Duration::from_millis(50),
        std::time::Duration::from_millis(100),
    );
    let m = grow_core::engine::Engine::new(1 << 16)
        .search(&state, &clock)
        .best_move;
    assert!(m.is_some_and(|m| moves.contains(&m)));
}

#[test]
fn border_leaves_have_fewer_directions() {
    let state = position(&[(0, 0), (0, 5)], &[(15, 15)], [&[], &[]]);
    let free = |point| -> Vec<u8> { state.free_directions(point).map(|d| d.number()).collect() };
    assert_eq!(free(p(0, 0)), [3, 4, 5]);
    assert_eq!(free(p(0, 5)), [3, 4, 5, 6, 7]);
    assert!(!state.is_legal(Move::Split {
        leaf: p(0, 0),
        a: d(3),
        b: d(3)
    }));
    assert!(
        !state.is_legal(Move::Split {
            leaf: p(0, 0),
            a: d(1),
            b: d(3)
        }),
        "off the grid"
    );
    let (after, _) = state.play(m("0,0,0,1,1,1"));
    assert!(after.nodes(0).contains(p(0, 0)));
    // (0, 1) arrived from (0, 0): its direction 7 is taken.
    assert_eq!(
        after
            .free_directions(p(0, 1))
            .map(|d| d.number())
            .collect::<Vec<_>>(),
        [3, 4, 5, 6]
    );
}

/// The same position with side 0 to move.
fn mine_to_move(state: State) -> State {
    State::from_parts(
        [state.leaves(0), state.leaves(1)],
        [state.frozen(0), state.frozen(1)],
        [state.nodes(0), state.nodes(1)],
        Direction::ALL.map(|d| state.branches(d)),
        state.scores(),
        0,
    )
}

#[test]
fn a_leaf_left_with_one_free_direction_becomes_a_node() {
    // (0, 0) is a leaf with directions 3, 4, 5 on the grid; branches already use 3 and 4.
    let mut branches = [Points::EMPTY; 8];
    branches[d(3).slot()] = set(&[(0, 0)]);
    branches[d(7).slot()] = set(&[(0, 1)]);
    let state = State::from_parts(
        [set(&[(0, 0), (2, 2)]), set(&[(15, 15)])],
        [Points::EMPTY; 2],
        [set(&[(0, 1)]), Points::EMPTY],
        branches,
        [10, 10],
        0,
    );
    // (2, 2) splits to (1, 1) and (3, 3); (0, 0) keeps directions 4 and 5 free.
    let (after, _) = state.play(m("2,2,1,1,3,3"));
    assert!(after.active(0).contains(p(0, 0)));
    // The leaf (1, 1) splits into (0, 0) (a merge, using (0, 0)'s direction 4) and (1, 0):
    // (0, 0) is left with direction 5 only, to (1, 0): the judge makes it a node.
    let (after, effects) = mine_to_move(after).play(m("1,1,0,0,1,0"));
    assert_eq!(effects.merges, 1);
    assert_eq!(after.free_directions(p(0, 0)).count(), 1);
    assert!(after.nodes(0).contains(p(0, 0)) && !after.leaves(0).contains(p(0, 0)));
}

#[test]
fn grids_round_trip_from_both_sides() {
    let state = position(
        &[(5, 5), (12, 3)],
        &[(5, 6), (15, 15)],
        [&[(1, 1)], &[(2, 17)]],
    );
    let (after, _) = state.play(m("5,5,5,6,6,5"));
    for viewer in [0, 1] {
        let text = format_grid(&after, viewer);
        let seen = if viewer == 0 { after } else { after.mirrored() };
        let parsed = parse_grid(text.as_bytes()).unwrap();
        assert_eq!(
            parsed.with_scores(seen.scores()),
            State::from_parts(
                [seen.leaves(0), seen.leaves(1)],
                [seen.frozen(0), seen.frozen(1)],
                [seen.nodes(0), seen.nodes(1)],
                Direction::ALL.map(|d| seen.branches(d)),
                seen.scores(),
                0,
            )
        );
        assert_eq!(
            parse_grid(format!("{text}\n").as_bytes()),
            parse_grid(text.as_bytes())
        );
        assert_eq!(
            parse_grid(format!("{text}\r\n").as_bytes()),
            parse_grid(text.as_bytes())
        );
    }
}

#[test]
fn malformed_grids_and_answers_are_refused() {
    let empty = "0".repeat(3600);
    assert!(parse_grid(empty.as_bytes()).is_ok());
    assert!(
        parse_grid(&empty.as_bytes()[1..])
            .unwrap_err()
            .0
            .contains("3599")
    );
    let bad_state = format!("7{}", &empty[1..]);
    assert!(
        parse_grid(bad_state.as_bytes())
            .unwrap_err()
            .0
            .contains("state")
    );
    let bad_flag = format!("02{}", &empty[2..]);
    assert!(
        parse_grid(bad_flag.as_bytes())
            .unwrap_err()
            .0
            .contains("flag")
    );
    for answer in [
        "3,0,2,1",
        "3, 0,2,1\n",
        "3,0,2,1\r\n",
        "3,1,2,1\n",
        "3,0,5,5\n",
        "1,1,0,0,0,0\n",
        "1,1,2,2\n",
        "20,0,19,0\n",
        "a\n",
    ] {
        assert!(answer.parse::<Move>().is_err(), "{answer:?}");
    }
}
