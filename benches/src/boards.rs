//! Boards for benchmarks: Go boards (random positions and serpentine worst cases) and Flood
//! Wars midgame positions.

use floodgate_bitgrid::{Cell, Plane};
use floodgate_go_core::{Board, Point};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

/// A board whose points are independently black, white or empty with probability 1/3 each.
pub fn random_board(size: usize, seed: u64) -> Board {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut board = Board::empty(size);
    for y in 0..size {
        for x in 0..size {
            let point = match rng.next_u64() % 3 {
                0 => Point::Black,
                1 => Point::White,
                _ => Point::Empty,
            };
            board.set(Cell::new(x, y), point);
        }
    }
    board
}

/// A one-point-wide corridor that runs along every other row (or column, when `vertical`),
/// turning at alternate ends, as a plane of the open cells.
pub fn serpentine_corridor(size: usize, vertical: bool) -> Plane {
    Plane::from_fn(size, size, |c| {
        let (along, across) = if vertical { (c.y, c.x) } else { (c.x, c.y) };
        match across % 4 {
            0 | 2 => true,
            1 => along == size - 1,
            _ => along == 0,
        }
    })
}

/// The worst case for scorers that relax point by point: black walls make a serpentine
/// corridor along the rows, and one white stone at the corridor's far end (the last corridor
/// row) must be found from every corridor point.
pub fn serpentine_board(size: usize) -> Board {
    let corridor = serpentine_corridor(size, false);
    let mut board = Board::empty(size);
    for y in 0..size {
        for x in 0..size {
            if !corridor.contains(Cell::new(x, y)) {
                board.set(Cell::new(x, y), Point::Black);
            }
        }
    }
    if let Some(end) = corridor_end(&corridor) {
        board.set(end, Point::White);
    }
    board
}

/// The end of a row serpentine: the open cell of the last corridor row farthest from the turn
/// it is entered by.
fn corridor_end(corridor: &Plane) -> Option<Cell> {
    let last_row = corridor.iter().last()?.y;
    let entered_from_right = last_row % 4 == 2;
    let x = if entered_from_right {
        0
    } else {
        corridor.width() - 1
    };
    Some(Cell::new(x, last_row))
}

/// A random square Flood Wars board of side `side` with `moves` random moves played (a
/// midgame position), J to move first.
pub fn floodwars_position(
    side: usize,
    moves: usize,
    seed: u64,
) -> floodgate_floodwars_core::Position {
    use floodgate_floodwars_core::{Colour, Position, Side};
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut rows: Vec<Vec<Colour>> = (0..side)
        .map(|_| {
            (0..side)
                .map(|_| Colour::ALL[(rng.next_u64() % 5) as usize])
                .collect()
        })
        .collect();
    if rows[0][side - 1] == rows[side - 1][0] {
        rows[0][side - 1] = Colour::ALL[(rows[0][side - 1].index() + 1) % 5];
    }
    let mut position = Position::new(&rows, Side::J, 0).expect("a board");
    for _ in 0..moves {
        let legal: Vec<Colour> = position.legal_moves().collect();
        position = position.play(legal[(rng.next_u64() % legal.len() as u64) as usize]);
    }
    position
}
