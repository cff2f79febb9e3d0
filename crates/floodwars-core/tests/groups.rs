//! The group graph the engine searches on, against the cell planes of `Position` (the rules)
//! and a plain race over cells.

use floodgate_bitgrid::Connectivity::Four;
use floodgate_bitgrid::{Cell, Plane};
use floodgate_floodwars_core::groups::{GroupPosition, MAX_GROUPS};
use floodgate_floodwars_core::{Colour, MOVE_LIMIT, Position, Side};
use proptest::prelude::*;
use std::collections::HashMap;

/// The race of `GroupPosition::race` on cell planes: both players grow at once, a step absorbs
/// every free same-coloured group touching what a player holds, and a cell both reach in the
/// same step goes to nobody. Returns the cells each holds.
fn reference_race(position: &Position, steps: usize) -> [usize; 2] {
    let mut held = [
        position.area(Side::J).clone(),
        position.area(Side::S).clone(),
    ];
    let colours: [Plane; 5] = Colour::ALL.map(|colour| position.unowned_of(colour));
    let mut free = position.unowned();
    for _ in 0..steps {
        let grown = [0, 1].map(|side| {
            let frontier = held[side].dilate(Four) & &free;
            let mut grown = frontier.new_like();
            for colour in &colours {
                let mut absorbed = &frontier & colour;
                absorbed.flood_within(&(colour & &free), Four);
                grown |= absorbed;
            }
            grown
        });
        let tie = &grown[0] & &grown[1];
        for (side, grown) in grown.into_iter().enumerate() {
            free -= &grown;
            held[side] |= grown - &tie;
        }
    }
    held.map(|plane| plane.len())
}

/// The free cells each area reaches through free cells, on cell planes.
fn reference_reach(position: &Position) -> [usize; 2] {
    let free = position.unowned();
    [Side::J, Side::S].map(|side| {
        let mut reached = position.area(side).dilate(Four) & &free;
        reached.flood_within(&free, Four);
        reached.len()
    })
}

/// A random board whose corners differ.
fn board(width: usize, height: usize, picks: &[u8], colours: u8) -> Vec<Vec<Colour>> {
    let mut rows: Vec<Vec<Colour>> = (0..height)
        .map(|y| {
            (0..width)
                .map(|x| Colour::ALL[usize::from(picks[y * width + x] % colours)])
                .collect()
        })
        .collect();
    let j_corner = rows[height - 1][0];
    if rows[0][width - 1] == j_corner {
        rows[0][width - 1] = Colour::ALL[(j_corner.index() + 1) % 5];
    }
    rows
}

/// Whether the group position holds exactly the cells of the position's areas, with the same
/// colours, legal moves and player to move.
fn same_position(groups: &GroupPosition, position: &Position) -> Result<(), TestCaseError> {
    prop_assert_eq!(groups.to_move(), position.to_move());
    for side in [Side::J, Side::S] {
        prop_assert_eq!(groups.colour(side), position.colour(side));
        for y in 0..position.height() {
            for x in 0..position.width() {
                let cell = Cell::new(x, y);
                let group = groups.groups().group_of(cell);
                prop_assert_eq!(
                    groups.area(side).contains(group),
                    position.area(side).contains(cell)
                );
            }
        }
    }
    if let Some(path) = groups.link() {
        let graph = groups.groups();
        let touches = |group: u16, side: Side| {
            graph
                .neighbours(usize::from(group))
                .iter()
                .any(|&n| groups.area(side).contains(usize::from(n)))
        };
        prop_assert!(touches(path[0], Side::J) && touches(path[path.len() - 1], Side::S));
        for (i, &group) in path.iter().enumerate() {
            let group = usize::from(group);
            prop_assert!(
                !groups.area(Side::J).contains(group) && !groups.area(Side::S).contains(group)
            );
            if i > 0 {
                prop_assert!(graph.neighbours(group).contains(&path[i - 1]));
            }
        }
    }
    let legal: Vec<Colour> = groups.legal_moves().collect();
    prop_assert_eq!(legal, position.legal_moves().collect::<Vec<_>>());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn group_positions_play_race_reach_and_end_like_the_cell_planes(
        width in 2..=50usize,
        height in 2..=50usize,
        picks in prop::collection::vec(any::<u8>(), 2500),
        colours in 2..=5u8,
        steps in 1..20usize,
        choices in prop::collection::vec(0..3usize, 60),
    ) {
        let rows = board(width, height, &picks, colours);
        let mut position = Position::new(&rows, Side::J, 0).unwrap();
        prop_assume!(!position.shares_area());
        let mut groups = GroupPosition::new(&position);
        for &choice in &choices {
            same_position(&groups, &position)?;
            let race = groups.race(steps);
            let expected = reference_race(&position, steps);
            prop_assert_eq!(race.map(|c| c as usize), expected);
            prop_assert_eq!(groups.reach().map(|c| c as usize), reference_reach(&position));
            prop_assert_eq!(
                groups.area_cells().map(|c| c as usize),
                [position.area(Side::J).len(), position.area(Side::S).len()]
            );
            let full = groups.race(MAX_GROUPS);
            let over = position.is_over();
            prop_assert_eq!(groups.is_separated(), over);
            prop_assert_eq!(groups.is_over(), over);
            prop_assert_eq!(groups.moves_played(), position.moves_played());
            prop_assert_eq!(groups.score(), position.score());
            if over {
                let score = position.score();
                prop_assert_eq!(full.map(|c| c as usize), [score.j, score.s]);
            }
            let moves: Vec<Colour> = position.legal_moves().collect();
            let colour = moves[choice % moves.len()];
            position = position.play(colour);
            groups = groups.play(colour);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn group_positions_end_at_the_move_limit_like_the_cell_planes(
        width in 2..=12usize,
        height in 2..=12usize,
        picks in prop::collection::vec(any::<u8>(), 144),
        colours in 2..=5u8,
        start in (MOVE_LIMIT - 12)..=(MOVE_LIMIT + 1),
        choices in prop::collection::vec(0..3usize, 16),
    ) {
        let rows = board(width, height, &picks, colours);
        let mut position = Position::new(&rows, Side::J, start).unwrap();
        prop_assume!(!position.shares_area());
        let mut groups = GroupPosition::new(&position);
        for &choice in &choices {
            prop_assert_eq!(groups.moves_played(), position.moves_played());
            prop_assert_eq!(groups.is_over(), position.is_over());
            // The separation alone, at the limit or past it (where the bot's searches end).
            let (from_j, from_s) = position.reach();
            prop_assert_eq!(groups.is_separated(), from_j.is_disjoint(&from_s));
            prop_assert_eq!(groups.score(), position.score());
            let moves: Vec<Colour> = position.legal_moves().collect();
            let colour = moves[choice % moves.len()];
            position = position.play(colour);
            groups = groups.play(colour);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20))]

    #[test]
    fn positions_hash_equally_exactly_when_they_are_equal(
        width in 2..=8usize,
        height in 2..=8usize,
        picks in prop::collection::vec(any::<u8>(), 64),
        colours in 3..=5u8,
    ) {
        let rows = board(width, height, &picks, colours);
        let position = Position::new(&rows, Side::J, 0).unwrap();
        prop_assume!(!position.shares_area());
        // Every position within five moves, keyed by what it is: areas, colours, mover.
        let mut seen: HashMap<u64, String> = HashMap::new();
        let mut layer = vec![GroupPosition::new(&position)];
        for _ in 0..5 {
            let mut next = Vec::new();
            for node in &layer {
                let key = format!(
                    "{:?} {:?} {:?} {:?} {:?}",
                    node.area(Side::J), node.area(Side::S), node.colour(Side::J),
                    node.colour(Side::S), node.to_move()
                );
                if let Some(other) = seen.insert(node.hash(), key.clone()) {
                    prop_assert_eq!(other, key);
                }
                next.extend(node.legal_moves().map(|colour| node.play(colour)));
            }
            layer = next;
        }
        let keys: std::collections::HashSet<&String> = seen.values().collect();
        prop_assert_eq!(keys.len(), seen.len());
    }
}
