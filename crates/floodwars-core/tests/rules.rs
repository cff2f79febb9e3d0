//! The rules on the seed's worked examples and on random games.

use std::collections::VecDeque;

use floodgate_bitgrid::Cell;
use floodgate_floodwars_core::codec::parse;
use floodgate_floodwars_core::{Colour, MOVE_LIMIT, ParseError, Position, PositionError, Side};
use proptest::prelude::*;

/// The seed's board before J's move, then after J picks `*`, S picks `+`, J picks `#`.
const SEED_BOARDS: [&str; 4] = [
    ".#+#.*.@.@\n@.+*@.+*#+\n**#++@**#@\n#@#@.@@+@#\n++@++@#.@.\n**##*@*#++\n#@@*.+*.*+\n",
    ".#+#.*.@.@\n@.+*@.+*#+\n**#++@**#@\n#@#@.@@+@#\n++@++@#.@.\n**##*@*#++\n*@@*.+*.*+\n",
    ".#+#.*.@.+\n@.+*@.+*#+\n**#++@**#@\n#@#@.@@+@#\n++@++@#.@.\n**##*@*#++\n*@@*.+*.*+\n",
    ".#+#.*.@.+\n@.+*@.+*#+\n**#++@**#@\n#@#@.@@+@#\n++@++@#.@.\n####*@*#++\n#@@*.+*.*+\n",
];

#[test]
fn the_seed_game_reproduces_the_seed_boards() {
    let start: Position = format!("J\n{}", SEED_BOARDS[0]).parse().unwrap();
    let after_j = start.play(Colour::Star);
    assert_eq!(after_j.to_string(), format!("S\n{}", SEED_BOARDS[1]));
    let after_s = after_j.play(Colour::Plus);
    assert_eq!(after_s.to_string(), format!("J\n{}", SEED_BOARDS[2]));
    let after_j2 = after_s.play(Colour::Hash);
    assert_eq!(after_j2.to_string(), format!("S\n{}", SEED_BOARDS[3]));
    assert_eq!(after_j2.moves_played(), 3);
    // J may not pick S's colour (`@` on the first board), nor its own.
    assert!(!start.is_legal(Colour::At) && !start.is_legal(Colour::Hash));
    assert_eq!(
        start.legal_moves().collect::<Vec<_>>(),
        [Colour::Plus, Colour::Dot, Colour::Star]
    );
}

#[test]
fn the_seed_score_example() {
    let board =
        "J\n..........\n.@.....*..\n.+@@+..#..\n@@.@+.....\n@@@@@@@@@@\n@@*@@@##@@\n@@@@@@@@@@\n";
    let position: Position = board.parse().unwrap();
    assert_eq!(position.area(Side::J).len(), 32);
    assert_eq!(position.area(Side::S).len(), 28);
    let score = position.score();
    assert_eq!((score.j, score.s, score.margin()), (36, 30, 6));
}

#[test]
fn the_game_ends_when_no_cell_is_contested_or_at_the_move_limit() {
    // Two colours, one per player.
    assert!("J\n@@..\n@@..\n".parse::<Position>().unwrap().is_over());
    // A `#` touching only J: the score cannot change any more.
    assert!(
        "J\n@@..\n#@..\n@@..\n"
            .parse::<Position>()
            .unwrap()
            .is_over()
    );
    // A `#` region touching both areas: play on.
    let open: Position = "J\n@#..\n@#..\n".parse().unwrap();
    assert!(!open.is_over());
    let rows: Vec<Vec<Colour>> = ["@#..", "@#.."]
        .iter()
        .map(|r| r.bytes().map(|b| Colour::from_byte(b).unwrap()).collect())
        .collect();
    assert!(Position::new(&rows, Side::J, MOVE_LIMIT).unwrap().is_over());
    assert!(
        !Position::new(&rows, Side::J, MOVE_LIMIT - 1)
            .unwrap()
            .is_over()
    );
}

#[test]
fn malformed_inputs_are_errors() {
    assert_eq!(parse(b""), Err(ParseError::MissingPlayerLine));
    assert_eq!(parse(b"X\n@.\n"), Err(ParseError::MissingPlayerLine));
    assert_eq!(parse(b"J \n@.\n"), Err(ParseError::MissingPlayerLine));
    assert_eq!(
        parse(b"J\n@x\n"),
        Err(ParseError::BadByte {
            row: 1,
            column: 2,
            byte: b'x'
        })
    );
    assert_eq!(
        parse(b"J\n@.\r\n"),
        Err(ParseError::BadByte {
            row: 1,
            column: 3,
            byte: b'\r'
        })
    );
    assert_eq!(
        parse(b"J\n@.\n\n#.\n"),
        Err(ParseError::EmptyRow { row: 2 })
    );
    assert_eq!(
        parse(b"J\n@..\n#.\n"),
        Err(ParseError::Board(PositionError::RaggedRow { row: 1 }))
    );
    assert_eq!(
        parse(b"J\n"),
        Err(ParseError::Board(PositionError::BadSize {
            width: 0,
            height: 0
        }))
    );
    let wide = format!("S\n@{}\n", ".".repeat(50));
    assert_eq!(
        parse(wide.as_bytes()),
        Err(ParseError::Board(PositionError::BadSize {
            width: 51,
            height: 1
        }))
    );
    // The last row may lack its newline.
    assert!(parse(b"S\n@.").is_ok());
    let message = parse(b"J\n@x\n").unwrap_err().to_string();
    assert!(message.contains("row 1, column 2"), "{message}");
}

#[test]
fn corners_of_one_colour_in_two_areas_play_four_colours_once() {
    // J's `@` at the bottom left and S's `@` at the top right are not connected.
    let start: Position = "J\n#.@\n+#+\n@.#\n".parse().unwrap();
    assert!(!start.shares_area());
    assert_eq!(
        (start.area(Side::J).len(), start.area(Side::S).len()),
        (1, 1)
    );
    assert_eq!(
        start.legal_moves().collect::<Vec<_>>(),
        [Colour::Hash, Colour::Plus, Colour::Dot, Colour::Star]
    );
    let after = start.play(Colour::Plus);
    assert_eq!(after.to_string(), "S\n#.@\n+#+\n+.#\n");
    assert_eq!(after.area(Side::S), start.area(Side::S));
    assert_eq!(
        after.legal_moves().collect::<Vec<_>>(),
        [Colour::Hash, Colour::Dot, Colour::Star]
    );
}

#[test]
fn corners_joined_by_one_area_share_it_for_the_whole_game() {
    // The `@` area holds both corners; only the `#` at the top left is outside it.
    let start: Position = "J\n#@\n@@\n".parse().unwrap();
    assert!(start.shares_area());
    assert_eq!(start.area(Side::J), start.area(Side::S));
    assert_eq!(start.legal_moves().count(), 4);
    assert!(!start.is_over(), "the `#` touches the shared area");
    let after = start.play(Colour::Plus);
    assert_eq!(after.to_string(), "S\n#+\n++\n");
    assert!(after.shares_area());
    assert_eq!(
        (after.colour(Side::J), after.colour(Side::S)),
        (Colour::Plus, Colour::Plus)
    );
    assert!(!after.is_legal(Colour::Plus) && after.is_legal(Colour::At));
    let end = after.play(Colour::Hash);
    assert_eq!(end.to_string(), "J\n##\n##\n");
    assert!(end.is_over());
    assert_eq!((end.score().j, end.score().s), (4, 4));
    // A board of one cell: both corners are that cell.
    let single: Position = "J\n@\n".parse().unwrap();
    assert!(single.shares_area() && single.is_over());
    assert_eq!(single.play(Colour::Star).to_string(), "S\n*\n");
}

/// A random board of the given size: `corners` 0 makes its corners differ (where it has two),
/// 1 gives them the same colour, 2 the same colour on a board three quarters `@` (above the
/// percolation threshold, so one `@` area usually joins the corners).
fn board(width: usize, height: usize, picks: &[u8], corners: u8) -> Vec<Vec<Colour>> {
    let colour = |pick: u8| match corners {
        2 => Colour::ALL[usize::from(pick.is_multiple_of(4))],
        _ => Colour::ALL[usize::from(pick) % 5],
    };
    let mut rows: Vec<Vec<Colour>> = (0..height)
        .map(|y| (0..width).map(|x| colour(picks[y * width + x])).collect())
        .collect();
    let j_corner = rows[height - 1][0];
    rows[0][width - 1] = match corners {
        0 if rows[0][width - 1] == j_corner => Colour::ALL[(j_corner.index() + 1) % 5],
        0 => rows[0][width - 1],
        _ => j_corner,
    };
    rows
}

/// The score by plain breadth-first searches over the printed board.
fn reference_score(position: &Position) -> (usize, usize) {
    let (w, h) = (position.width(), position.height());
    let colour = |x: usize, y: usize| position.colour_at(Cell::new(x, y));
    let neighbours = |(x, y): (usize, usize)| {
        let mut n = Vec::new();
        if x > 0 {
            n.push((x - 1, y));
        }
        if x + 1 < w {
            n.push((x + 1, y));
        }
        if y > 0 {
            n.push((x, y - 1));
        }
        if y + 1 < h {
            n.push((x, y + 1));
        }
        n
    };
    let component = |start: (usize, usize), inside: &dyn Fn((usize, usize)) -> bool| {
        let mut seen = vec![false; w * h];
        let mut queue = VecDeque::from([start]);
        seen[start.1 * w + start.0] = true;
        while let Some(p) = queue.pop_front() {
            for q in neighbours(p) {
                if !seen[q.1 * w + q.0] && inside(q) {
                    seen[q.1 * w + q.0] = true;
                    queue.push_back(q);
                }
            }
        }
        seen
    };
    let j_corner = (0, h - 1);
    let s_corner = (w - 1, 0);
    let area_j = component(j_corner, &|q| colour(q.0, q.1) == colour(0, h - 1));
    let area_s = component(s_corner, &|q| colour(q.0, q.1) == colour(w - 1, 0));
    let owned = |q: (usize, usize)| area_j[q.1 * w + q.0] || area_s[q.1 * w + q.0];
    let (mut j, mut s) = (
        area_j.iter().filter(|&&b| b).count(),
        area_s.iter().filter(|&&b| b).count(),
    );
    let mut done = vec![false; w * h];
    for y in 0..h {
        for x in 0..w {
            if owned((x, y)) || done[y * w + x] {
                continue;
            }
            let region = component((x, y), &|q| !owned(q));
            let cells: Vec<(usize, usize)> = (0..w * h)
                .filter(|&i| region[i])
                .map(|i| (i % w, i / w))
                .collect();
            let touches = |area: &Vec<bool>| {
                cells
                    .iter()
                    .any(|&p| neighbours(p).iter().any(|q| area[q.1 * w + q.0]))
            };
            match (touches(&area_j), touches(&area_s)) {
                (true, false) => j += cells.len(),
                (false, true) => s += cells.len(),
                _ => {}
            }
            for &(cx, cy) in &cells {
                done[cy * w + cx] = true;
            }
        }
    }
    (j, s)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn random_games_keep_the_rules(
        width in 1..=50usize,
        height in 1..=50usize,
        picks in prop::collection::vec(any::<u8>(), 2500),
        corners in 0..3u8,
        choices in prop::collection::vec(0..4usize, 40),
    ) {
        let rows = board(width, height, &picks, corners);
        let mut position = Position::new(&rows, Side::J, 0).unwrap();
        for &choice in &choices {
            let moves: Vec<Colour> = position.legal_moves().collect();
            let same_colour = position.colour(Side::J) == position.colour(Side::S);
            prop_assert_eq!(moves.len(), if same_colour { 4 } else { 3 });
            let colour = moves[choice % moves.len()];
            let mover = position.to_move();
            let next = position.play(colour);
            // The mover's area never shrinks and takes the colour; the other area stays, or
            // both are one area that keeps both corners.
            prop_assert!(position.area(mover).is_subset(next.area(mover)));
            prop_assert_eq!(next.colour(mover), colour);
            prop_assert_eq!(next.shares_area(), position.shares_area());
            if position.shares_area() {
                prop_assert_eq!(next.area(mover.other()), next.area(mover));
                prop_assert_eq!(next.colour(mover.other()), colour);
            } else {
                prop_assert_eq!(next.area(mover.other()), position.area(mover.other()));
                prop_assert!(next.area(Side::J).is_disjoint(next.area(Side::S)));
                prop_assert!(next.colour(Side::J) != next.colour(Side::S));
            }
            // Printing and parsing give back the same position (areas are corner components),
            // and the incremental hash matches the one computed from scratch.
            let reparsed: Position = next.to_string().parse().unwrap();
            prop_assert_eq!(reparsed.area(Side::J), next.area(Side::J));
            prop_assert_eq!(reparsed.area(Side::S), next.area(Side::S));
            prop_assert_eq!(reparsed.hash(), next.hash());
            // The score matches plain breadth-first searches.
            let score = next.score();
            prop_assert_eq!((score.j, score.s), reference_score(&next));
            position = next;
        }
    }
}

#[test]
fn a_random_board_draws_row_by_row_and_again_for_a_corner_of_the_other_colour() {
    // Colours `@ # + . *` are 0 to 4. The draws 0, 1, 2 / 7, 3, 4 give the rows `@#+` and
    // `+.*`, whose corners share `+`: the top-right corner is drawn again, 12 (`+`) and then
    // 6 (`#`).
    let mut draws = [0, 1, 2, 7, 3, 4, 12, 6].into_iter();
    let position = Position::random(3, 2, || draws.next().expect("eight draws"));
    assert_eq!(draws.next(), None);
    assert_eq!(position.to_string(), "J\n@##\n+.*\n");
    assert_eq!(position.colour(Side::S), Colour::ALL[1]);
}

#[test]
#[should_panic(expected = "two corners")]
fn a_random_board_needs_two_cells() {
    Position::random(1, 1, || 0);
}
