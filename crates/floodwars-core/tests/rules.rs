//! The rules on the seed's worked examples and on random games.

use std::collections::VecDeque;

use bitgrid::Cell;
use floodwars_core::codec::parse;
use floodwars_core::{Colour, MOVE_LIMIT, ParseError, Position, PositionError, Side};
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
    assert_eq!(
        parse(b"J\n@\n"),
        Err(ParseError::Board(PositionError::SameCornerColours))
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

/// A random board of the given size whose corners differ.
fn board(width: usize, height: usize, picks: &[u8]) -> Vec<Vec<Colour>> {
    let mut rows: Vec<Vec<Colour>> = (0..height)
        .map(|y| {
            (0..width)
                .map(|x| Colour::ALL[picks[y * width + x] as usize % 5])
                .collect()
        })
        .collect();
    if rows[height - 1][0] == rows[0][width - 1] {
        let c = rows[0][width - 1].index();
        rows[0][width - 1] = Colour::ALL[(c + 1) % 5];
    }
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
        choices in prop::collection::vec(0..3usize, 40),
    ) {
        prop_assume!(width * height > 1);
        let rows = board(width, height, &picks);
        let mut position = Position::new(&rows, Side::J, 0).unwrap();
        for &choice in &choices {
            let moves: Vec<Colour> = position.legal_moves().collect();
            prop_assert_eq!(moves.len(), 3);
            let colour = moves[choice];
            let mover = position.to_move();
            let next = position.play(colour);
            // The mover's area never shrinks and takes the colour; the other area stays.
            prop_assert!(position.area(mover).is_subset(next.area(mover)));
            prop_assert_eq!(next.area(mover.other()), position.area(mover.other()));
            prop_assert_eq!(next.colour(mover), colour);
            prop_assert!(next.area(Side::J).is_disjoint(next.area(Side::S)));
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
