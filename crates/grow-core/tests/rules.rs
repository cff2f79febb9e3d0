//! The rules on hand-built positions, one rule at a time (`docs/rules/grow.md`).

use floodgate_grow_core::codec::{format_grid, parse_grid};
use floodgate_grow_core::points::{Direction, Point, Points};
use floodgate_grow_core::state::{Effects, End, Move, Planes, Rules, State};

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
    let planes = Planes {
        leaves: [set(my_leaves), set(their_leaves)],
        nodes: [set(nodes[0]), set(nodes[1])],
        ..Planes::default()
    };
    State::from_parts(planes, [10, 10], 0)
}

/// `state` with these direction flags set as well: `((i, j), direction)`.
fn flagged(state: State, flags: &[((usize, usize), u8)]) -> State {
    let mut planes = *state.planes();
    for &((i, j), n) in flags {
        planes.flags[d(n).slot()] = planes.flags[d(n).slot()].with(p(i, j));
    }
    State::from_parts(planes, state.scores(), state.to_move()).with_rules(state.rules())
}

/// The 9 characters of point `(i, j)` on the grid `viewer` receives.
fn cell(state: &State, viewer: usize, i: usize, j: usize) -> String {
    format_grid(state, viewer)[(i * 20 + j) * 9..][..9].to_string()
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
    // Over by the rules; and the move rules leave nothing either (both leaves frozen).
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
    let clock = floodgate_search::Clock::starting_now(
        std::time::Duration::from_millis(50),
        std::time::Duration::from_millis(100),
    );
    let m = floodgate_grow_core::engine::Engine::new(1 << 16)
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
    State::from_parts(*state.planes(), state.scores(), 0).with_rules(state.rules())
}

#[test]
fn a_leaf_left_with_one_free_direction_becomes_a_node() {
    // (0, 0) is a leaf with directions 3, 4, 5 on the grid; branches already use 3 and 4.
    let mut branches = [Points::EMPTY; 8];
    branches[d(3).slot()] = set(&[(0, 0)]);
    branches[d(7).slot()] = set(&[(0, 1)]);
    let planes = Planes {
        leaves: [set(&[(0, 0), (2, 2)]), set(&[(15, 15)])],
        nodes: [set(&[(0, 1)]), Points::EMPTY],
        flags: branches,
        ..Planes::default()
    };
    let state = State::from_parts(planes, [10, 10], 0);
    // (2, 2) splits to (1, 1) and (3, 3); (0, 0) keeps directions 4 and 5 free.
    let (after, _) = state.play(m("2,2,1,1,3,3"));
    assert!(after.active(0).contains(p(0, 0)));
    // The leaf (1, 1) splits into (0, 0) (a merge, using (0, 0)'s direction 4) and (1, 0):
    // (0, 0) is left with direction 5 only, to (1, 0): the judge makes it a node.
    let before = mine_to_move(after);
    let (after, effects) = before.play(m("1,1,0,0,1,0"));
    assert_eq!(effects.merges, 1);
    assert_eq!(after.free_directions(p(0, 0)).count(), 1);
    assert!(after.nodes(0).contains(p(0, 0)) && !after.leaves(0).contains(p(0, 0)));
    // The older copy of the judge has no such rule: a leaf that can never split.
    let (old, _) = before
        .with_rules(Rules::WithoutConversion)
        .play(m("1,1,0,0,1,0"));
    assert!(old.active(0).contains(p(0, 0)) && !old.splittable(0).contains(p(0, 0)));
}

#[test]
fn off_board_flags_mark_border_points_a_split_reaches() {
    let state = position(&[(1, 5)], &[(15, 15)], [&[], &[]]);
    let (after, _) = state.play(m("1,5,0,4,0,6"));
    // (0, 4): the branch's end (direction 4), and 8, 1, 2 pointing off the grid.
    assert_eq!(cell(&after, 0, 0, 4), "111010001");
    // (0, 6): the branch's end (direction 6), and 8, 1, 2.
    assert_eq!(cell(&after, 0, 0, 6), "111000101");
    // Seat 2 sees (0, 4) at (0, 15), flags mirrored: 1, 2 (was 8), 6 (was 4), 8 (was 2).
    assert_eq!(cell(&after, 1, 0, 15), "211000101");
    // They are no branches: nothing may grow off the grid, the other directions are free.
    assert!(!after.branches(d(1)).contains(p(0, 4)) && after.flags(d(1)).contains(p(0, 4)));
    let free: Vec<u8> = after.free_directions(p(0, 4)).map(|d| d.number()).collect();
    assert_eq!(free, [3, 5, 6, 7]);
    // A grid reader keeps them and prints them back, from either side.
    for viewer in [0, 1] {
        let text = format_grid(&after, viewer);
        let read = parse_grid(text.as_bytes()).unwrap();
        assert_eq!(format_grid(&read, 0), text);
        assert_eq!(
            read.estimated_scores(),
            read.mirrored().mirrored().estimated_scores()
        );
    }
    let read = parse_grid(format_grid(&after, 0).as_bytes()).unwrap();
    assert_eq!(read.free_directions(p(0, 4)).count(), 4);
    assert_eq!(
        read.estimated_scores(),
        [2, 0],
        "the split's two branches, no more"
    );
    // Neither the seed nor the trunk's tip gets them, even on the border.
    let (first, _) = State::default().play(m("0,0,1,0"));
    assert_eq!(cell(&first, 0, 0, 0), "300001000");
    assert_eq!(cell(&first, 0, 1, 0), "110000000");
    // A corner reached by a split: both borders' flags (1, 2, 6, 7, 8) and the branch's end
    // (4).
    let (corner, _) = position(&[(1, 1)], &[(15, 15)], [&[], &[]]).play(m("1,1,0,0,2,2"));
    assert_eq!(cell(&corner, 0, 0, 0), "111010111");
}

#[test]
fn off_board_flags_count_in_the_one_free_direction_rule() {
    // (0, 5) is a leaf whose branches already use directions 3, 4 and 5; (1, 4) merges into
    // it (direction 6 at (0, 5)). With 8, 1 and 2 set off the grid, only 7 is left unset.
    let state = flagged(
        position(&[(0, 5), (1, 4)], &[(15, 15)], [&[], &[]]),
        &[((0, 5), 3), ((0, 5), 4), ((0, 5), 5)],
    );
    let (after, effects) = state.play(m("1,4,0,5,2,4"));
    assert_eq!(effects.merges, 1);
    assert_eq!(cell(&after, 0, 0, 5), "311111101");
    assert!(after.nodes(0).contains(p(0, 5)));
    assert_eq!(after.scores(), [12, 10], "the merge still scores");
    // Under the older copy it stays an active leaf that cannot split.
    let (old, _) = state
        .with_rules(Rules::WithoutConversion)
        .play(m("1,4,0,5,2,4"));
    assert_eq!(cell(&old, 0, 0, 5), "111111101");
    assert!(old.active(0).contains(p(0, 5)) && !old.splittable(0).contains(p(0, 5)));
}

#[test]
fn a_killed_leaf_may_split_back_along_the_branch_that_killed_it() {
    // D1: (5, 9) kills (5, 10); the judge sets no flag at (5, 10) for that branch.
    let state = position(&[(5, 9), (15, 3)], &[(5, 10), (15, 15)], [&[], &[]]);
    let (after, effects) = state.play(m("5,9,5,10,4,9"));
    assert_eq!(effects.kills, 1);
    assert_eq!(cell(&after, 0, 5, 10), "500000000");
    assert_eq!(cell(&after, 0, 5, 9), "310100000");
    assert!(after.is_free(p(5, 10), d(7)));
    let (after, _) = after.play(m("15,3,14,3,16,3"));
    let (after, _) = after.play(m("15,15,14,15,16,15"));
    assert_eq!(after.scores(), [14, 12]);
    // Back to (5, 9), now a node: not a retrace for the judge, a suicide.
    let back = m("5,10,5,9,6,11");
    assert!(after.is_legal(back));
    let (after, effects) = after.play(back);
    assert_eq!((effects.suicides, after.scores()), (1, [15, 12]));
    assert_eq!(cell(&after, 0, 5, 10), "300010010");
    assert_eq!(cell(&after, 0, 5, 9), "310100000");
}

#[test]
fn the_one_free_direction_rule_gives_an_opponents_node_to_the_mover() {
    // D2: (5, 7) is a node of side 1 with flags 1 to 6; side 0's branch into it (a suicide)
    // sets 7, leaving only 8 unset.
    let state = flagged(
        position(&[(5, 6)], &[(15, 15)], [&[], &[(5, 7)]]),
        &[1, 2, 3, 4, 5, 6].map(|n| ((5, 7), n)),
    );
    let (after, effects) = state.play(m("5,6,5,7,4,6"));
    assert_eq!((effects.suicides, after.scores()), (1, [11, 10]));
    assert!(after.nodes(0).contains(p(5, 7)) && !after.nodes(1).contains(p(5, 7)));
    assert_eq!(cell(&after, 0, 5, 7), "311111110");
    assert_eq!(cell(&after, 1, 5, 12), "410111111");
    let (old, _) = state
        .with_rules(Rules::WithoutConversion)
        .play(m("5,6,5,7,4,6"));
    assert_eq!(cell(&old, 0, 5, 7), "411111110");
}

#[test]
fn a_second_kill_thaws_the_frozen_leaf_it_merged_into() {
    // D3: (5, 5) kills (5, 6) and grows to (6, 5); both are frozen for the extra move.
    let state = position(&[(5, 5), (7, 6)], &[(5, 6), (7, 7), (15, 15)], [&[], &[]]);
    let (after, _) = state.play(m("5,5,5,6,6,5"));
    assert_eq!(after.frozen(0), set(&[(5, 6), (6, 5)]));
    // The extra move merges into the frozen (6, 5) and kills (7, 7): the judge freezes both
    // tips, then thaws the previous kill's tips, (6, 5) among them.
    let (after, effects) = after.play(m("7,6,6,5,7,7"));
    assert_eq!((effects.kills, effects.merges, after.to_move()), (1, 1, 0));
    assert_eq!(after.frozen(0), set(&[(7, 7)]));
    assert_eq!(cell(&after, 0, 6, 5), "110010000");
    assert!(
        after.is_legal(m("6,5,7,4,6,4")),
        "(6, 5) splits in the next extra move"
    );
    assert!(!after.is_legal(m("7,7,8,7,8,8")), "(7, 7) is frozen");
}

#[test]
fn the_one_free_direction_rule_looks_only_at_the_points_a_split_reaches() {
    // (10, 10) has one unset flag (8) but no branch reaches it: it stays an active leaf.
    let one_left = [1, 2, 3, 4, 5, 6, 7].map(|n| ((10, 10), n));
    let state = flagged(
        position(&[(10, 10), (3, 3)], &[(15, 15)], [&[], &[]]),
        &one_left,
    );
    let (after, _) = state.play(m("3,3,2,3,4,3"));
    assert!(after.active(0).contains(p(10, 10)));
    // A branch from (9, 9) sets its last flag: no unset flag, still an active leaf, which
    // can never split.
    let state = flagged(
        position(&[(10, 10), (9, 9)], &[(15, 15)], [&[], &[]]),
        &one_left,
    );
    let (after, effects) = state.play(m("9,9,10,10,8,9"));
    assert_eq!(effects.merges, 1);
    assert_eq!(cell(&after, 0, 10, 10), "111111111");
    assert!(after.active(0).contains(p(10, 10)) && !after.splittable(0).contains(p(10, 10)));
}

#[test]
fn a_side_to_move_without_a_valid_move_loses_whatever_the_scores() {
    // Side 0's only active leaf has every flag set: the judge asks it for a move anyway,
    // and every answer is invalid.
    let all = [1, 2, 3, 4, 5, 6, 7, 8].map(|n| ((10, 10), n));
    let state = flagged(
        position(&[(10, 10)], &[(15, 15)], [&[], &[]]).with_scores([30, 10]),
        &all,
    );
    assert_eq!(state.end(), Some(End::Stuck));
    assert!(state.is_over());
    assert_eq!(state.winner(), Some(1));
    let mut moves = Vec::new();
    state.moves_ignoring_end(&mut moves);
    assert!(moves.is_empty());
    // The engine still answers in the judge's form (a split of that leaf), not at all valid.
    let answer = floodgate_grow_core::engine::Engine::new(1 << 16)
        .search(&state, &floodgate_search::Clock::unlimited())
        .best_move;
    assert!(matches!(answer, Some(Move::Split { leaf, .. }) if leaf == p(10, 10)));
    // Side 1 to move instead: the game goes on (side 0's leaf is still an active leaf).
    let unfrozen = Planes {
        frozen: [Points::EMPTY; 2],
        ..*state.planes()
    };
    let theirs = State::from_parts(unfrozen, state.scores(), 1);
    assert_eq!(theirs.end(), None);
    // A side with no active leaf ends the game by the scores instead.
    let over = position(&[], &[(15, 15)], [&[(1, 1)], &[]]).with_scores([30, 10]);
    assert_eq!(
        (over.end(), over.winner()),
        (Some(End::NoActiveLeaf), Some(0))
    );
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
            State::from_parts(*seen.planes(), seen.scores(), 0)
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
            .to_string()
            .contains("3599")
    );
    let bad_state = format!("7{}", &empty[1..]);
    assert!(
        parse_grid(bad_state.as_bytes())
            .unwrap_err()
            .to_string()
            .contains("state")
    );
    let bad_flag = format!("02{}", &empty[2..]);
    assert!(
        parse_grid(bad_flag.as_bytes())
            .unwrap_err()
            .to_string()
            .contains("flag")
    );
}

#[test]
fn answers_are_read_as_the_judge_reads_them() {
    let split = Move::Split {
        leaf: p(5, 10),
        a: d(4),
        b: d(7),
    };
    // The judge strips every trailing newline; leading zeros are numbers like any other.
    for answer in [
        "5,10,5,9,6,11\n",
        "5,10,5,9,6,11",
        "5,10,5,9,6,11\n\n",
        "05,010,5,9,6,11\n",
        "0000005,10,5,09,6,11",
        "5,10,6,11,5,9\n",
    ] {
        assert_eq!(answer.parse::<Move>(), Ok(split), "{answer:?}");
    }
    assert_eq!(
        "03,00,02,01".parse::<Move>(),
        Ok(Move::First {
            row: 3,
            trunk: d(2)
        })
    );
    // Anything but digits and commas before the newlines is malformed.
    for answer in [
        "5,10,5,9,6,11\r\n",
        "5,10,5,9,6,11\r",
        "5, 10,5,9,6,11\n",
        " 5,10,5,9,6,11\n",
        "5,10,5,9,6,11 \n",
        "5,10,5,9,6,11\n \n",
        "\n5,10,5,9,6,11\n",
        "5,10,-1,9,6,11\n",
        "5,10,5,9,6,+11\n",
        "5,10,5,9,,6,11\n",
        "5,10,5,9,6,11,\n",
        "",
        "\n",
        "a\n",
        "5;10;5;9;6;11\n",
    ] {
        let error = answer.parse::<Move>().unwrap_err();
        assert!(
            error.to_string().contains("not a number"),
            "{answer:?}: {error}"
        );
    }
    // Digits and commas, but not a move: the wrong count of numbers, off the grid, not a
    // neighbour, a seed off column 0, both branches to one point.
    for (answer, why) in [
        ("5,10,5,9,6,11,5\n", "7 numbers"),
        ("5,10,5,9,6\n", "5 numbers"),
        ("5\n", "1 numbers"),
        ("5,10,5,9,6,11,5,9\n", "8 numbers"),
        ("20,0,19,0\n", "off the grid"),
        ("5,10,5,9,6,99999999999999999999999\n", "off the grid"),
        ("3,0,5,5\n", "not next to"),
        ("1,1,2,2\n", "column 0"),
        ("1,1,0,0,0,0\n", "same point"),
        ("1,1,1,1,0,0\n", "not next to"),
    ] {
        let error = answer.parse::<Move>().unwrap_err();
        assert!(error.to_string().contains(why), "{answer:?}: {error}");
    }
}
