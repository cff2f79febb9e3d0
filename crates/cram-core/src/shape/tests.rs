use super::pieces::{Sides, cut_links};
use super::*;

/// A board is solved on the first layout that fits it: the square one, the strip, the
/// broad one, the tall one, the wide one; a board that fits none on the tall one.
#[test]
fn a_board_is_solved_on_the_first_layout_that_fits_it() {
    let kind = |rows, columns| LayoutKind::for_box(columns, rows);
    for (rows, columns) in [
        (5, 7),
        (5, 8),
        (6, 7),
        (7, 7),
        (8, 8),
        (8, 3),
        (4, 6),
        (1, 8),
    ] {
        assert_eq!(
            kind(rows, columns),
            LayoutKind::Square,
            "{rows} x {columns}"
        );
    }
    for (rows, columns) in [(4, 9), (3, 14), (4, 11), (16, 4), (1, 16), (2, 9)] {
        assert_eq!(kind(rows, columns), LayoutKind::Strip, "{rows} x {columns}");
    }
    for (rows, columns) in [(5, 9), (6, 9), (7, 9), (9, 7), (9, 5)] {
        assert_eq!(kind(rows, columns), LayoutKind::Broad, "{rows} x {columns}");
    }
    for (rows, columns) in [(5, 11), (8, 16), (16, 8), (8, 9), (5, 10)] {
        assert_eq!(kind(rows, columns), LayoutKind::Tall, "{rows} x {columns}");
    }
    for (rows, columns) in [(3, 20), (4, 32), (32, 4), (2, 17), (1, 17), (17, 1)] {
        assert_eq!(kind(rows, columns), LayoutKind::Wide, "{rows} x {columns}");
    }
    for (rows, columns) in [(5, 17), (4, 33), (9, 9), (1, 33), (999, 999)] {
        assert_eq!(kind(rows, columns), LayoutKind::Tall, "{rows} x {columns}");
    }
}

/// The reference for [`may_cut`], one domino at a time: whether taking the domino whose first
/// cell is bit `first` (horizontal, or vertical when
/// `vertical`) out of the region `cells` surely leaves it connected: the domino's empty
/// neighbours are connected to each other around it, inside the box of cells touching it.
/// `false` means the region may have split.
fn stays_connected<L: Layout>(cells: L::Word, first: u32, vertical: bool) -> bool {
    let (row, column) = (first / L::STRIDE, first % L::STRIDE);
    // Bits column - 1 ..= column + width of row `r` (cells outside the grid are not empty).
    let span = |r: u32, width: u32| {
        let line = if r < L::ROWS {
            (cells >> (L::STRIDE * r)).low_u64() & L::FIRST_ROW.low_u64()
        } else {
            0
        };
        ((line << 1) >> column) as u32 & ((1 << width) - 1)
    };
    let box_bits = if vertical {
        (0..4).fold(0, |bits, i| {
            bits | span((row + i).wrapping_sub(1), 3) << (3 * i)
        })
    } else {
        (0..3).fold(0, |bits, i| {
            bits | span((row + i).wrapping_sub(1), 4) << (4 * i)
        })
    };
    let table = &RING_CONNECTED[usize::from(vertical)];
    table[box_bits as usize / 64] >> (box_bits % 64) & 1 == 1
}

/// For each filling of the box around a domino (12 bits: 3 rows of 4 for a horizontal one,
/// 4 rows of 3 for a vertical one, the domino's two cells in the middle), whether the empty
/// cells next to the domino are connected inside the box without it.
static RING_CONNECTED: [[u64; 64]; 2] = [ring_table(4, 3), ring_table(3, 4)];

const fn ring_table(width: u32, height: u32) -> [u64; 64] {
    // The domino: cells (1, 1) and (1, 2) across, or (1, 1) and (2, 1) down.
    let domino: u32 = if width == 4 {
        0b0110 << 4
    } else {
        (1 << 4) | (1 << 7)
    };
    let mut table = [0u64; 64];
    let mut filling = 0;
    while filling < 4096 {
        let empty = filling & !domino & ((1 << (width * height)) - 1);
        let touching = box_neighbours(domino, width) & empty;
        // Grow from one touching cell inside the box, then check it reached them all.
        let mut reached = touching & touching.wrapping_neg();
        loop {
            let grown = (reached | box_neighbours(reached, width)) & empty;
            if grown == reached {
                break;
            }
            reached = grown;
        }
        if touching & !reached == 0 {
            table[filling as usize / 64] |= 1 << (filling % 64);
        }
        filling += 1;
    }
    table
}

/// The 4-neighbours of `cells` in a box `width` cells wide (rows above the box fall off when
/// masked by the caller).
const fn box_neighbours(cells: u32, width: u32) -> u32 {
    let left = cells & !column_mask(width, 0);
    let right = cells & !column_mask(width, width - 1);
    (cells << width) | (cells >> width) | (left >> 1) | (right << 1)
}

/// The cells of column `column` of a box `width` cells wide and up to 4 rows tall.
const fn column_mask(width: u32, column: u32) -> u32 {
    let mut mask = 0;
    let mut row = 0;
    while row < 4 {
        mask |= 1 << (row * width + column);
        row += 1;
    }
    mask
}

/// The cells marked `X` of a picture, on the layout `L`.
fn shape_in<L: Layout>(picture: &[&str]) -> Shape {
    let mut shape = 0;
    for (row, line) in picture.iter().enumerate() {
        for (column, c) in line.chars().enumerate() {
            if c == 'X' {
                shape |= 1 << (L::STRIDE * row as u32 + column as u32);
            }
        }
    }
    shape
}

fn shape(picture: &[&str]) -> Shape {
    shape_in::<Tall>(picture)
}

#[test]
fn symmetric_regions_share_a_key() {
    let l = shape(&["X..", "X..", "XX."]);
    let rotated = shape(&["XXX", "X.."]);
    let mirrored = shape(&["..X", "..X", ".XX"]);
    let moved = l << (Tall::STRIDE * 3 + 5);
    assert_eq!(canonical::<Tall>(l), canonical::<Tall>(rotated));
    assert_eq!(canonical::<Tall>(l), canonical::<Tall>(mirrored));
    assert_eq!(canonical::<Tall>(l), canonical::<Tall>(moved));
    assert_ne!(
        canonical::<Tall>(l),
        canonical::<Tall>(shape(&["XX", "XX"]))
    );
    // A 14 x 3 strip and its transpose (3 wide, 14 tall) do not both fit: the wide one does.
    let strip = (0..3).fold(0, |s, row| s | (0x3FFF as Shape) << (Tall::STRIDE * row));
    assert_eq!(normalize::<Tall>(strip), (strip, 14, 3));
    assert_eq!(canonical::<Tall>(strip), strip);
}

/// The symmetries of the layout one cell at a time, the plain way: the four reflections,
/// and on a layout that transposes, the four transposed images when they fit.
fn canonical_by_cells<L: Layout>(shape: Shape) -> Shape {
    let (shape, width, height) = normalize::<L>(L::Word::from_u128(shape));
    let shape = shape.to_u128();
    let cells: Vec<(u32, u32)> = (0..128)
        .filter(|&bit| shape >> bit & 1 == 1)
        .map(|bit| (bit / L::STRIDE, bit % L::STRIDE))
        .collect();
    let mut best = Shape::MAX;
    for transpose in [false, true] {
        let (w, h) = if transpose {
            (height, width)
        } else {
            (width, height)
        };
        if transpose && !L::TRANSPOSES || w > L::STRIDE || h > L::ROWS {
            continue;
        }
        for (flip_x, flip_y) in [(false, false), (true, false), (false, true), (true, true)] {
            let image = cells.iter().fold(0, |image: Shape, &(row, column)| {
                let (row, column) = if transpose {
                    (column, row)
                } else {
                    (row, column)
                };
                let column = if flip_x { w - 1 - column } else { column };
                let row = if flip_y { h - 1 - row } else { row };
                image | 1 << (L::STRIDE * row + column)
            });
            best = best.min(image);
        }
    }
    best
}

/// The cells of `bits` that lie in the grid of the layout `L`.
pub(crate) fn in_word<L: Layout>(bits: u128) -> Shape {
    bits & L::CELLS.to_u128()
}

/// The cells of `bits` inside the top-left `width` x `height` box.
fn in_box<L: Layout>(bits: u128, width: u32, height: u32) -> Shape {
    let row_mask = (1u128 << width) - 1;
    (0..height).fold(0, |s, row| {
        s | (bits >> (L::STRIDE * row) & row_mask) << (L::STRIDE * row)
    })
}

/// The region of `cells` holding `seed`, by a plain flood.
fn flood<L: Layout>(cells: Shape, seed: Shape) -> Shape {
    let mut region = seed;
    loop {
        let grown = dilate::<L>(L::Word::from_u128(region)).to_u128() & cells;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// A domino from bit `first` (moved left when it would leave the row), and the cells it
/// is taken from: [`may_cut`] says what the local check one domino at a time says, and when
/// the domino is not among those that may cut, the rest of its region is one component.
fn check_connected<L: Layout>(
    cells: Shape,
    first: u32,
    vertical: bool,
) -> Result<(), proptest::test_runner::TestCaseError> {
    let (cells, first) = (in_word::<L>(cells), first % (L::STRIDE * L::ROWS));
    let first = if vertical {
        first % (L::STRIDE * (L::ROWS - 1))
    } else if first % L::STRIDE == L::STRIDE - 1 {
        first - 1
    } else {
        first
    };
    let second = if vertical {
        first + L::STRIDE
    } else {
        first + 1
    };
    let domino = 1 << first | 1 << second;
    let region = flood::<L>(cells | domino, domino);
    let rest = region & !domino;
    let (cut_vertical, cut_horizontal) = may_cut::<L>(L::Word::from_u128(region));
    let cut = if vertical {
        cut_vertical
    } else {
        cut_horizontal
    };
    let may_cut = (cut >> first) & L::Word::ONE == L::Word::ONE;
    proptest::prop_assert_eq!(
        may_cut,
        !stays_connected::<L>(L::Word::from_u128(region), first, vertical)
    );
    if rest != 0 && !may_cut {
        let component = first_component::<L>(L::Word::from_u128(rest)).to_u128();
        proptest::prop_assert_eq!(component, rest);
    }
    Ok(())
}

proptest::proptest! {
    #[test]
    fn canonical_is_the_least_image(bits: u128, width in 1u32..=16, height in 1u32..=8) {
        let shape = in_box::<Tall>(bits, width, height);
        proptest::prop_assert_eq!(canonical::<Tall>(shape), canonical_by_cells::<Tall>(shape));
    }

    #[test]
    fn wide_canonical_is_the_least_image(bits: u128, width in 1u32..=32, height in 1u32..=4) {
        let shape = in_box::<Wide>(bits, width, height);
        proptest::prop_assert_eq!(canonical::<Wide>(shape), canonical_by_cells::<Wide>(shape));
    }

    #[test]
    fn square_canonical_is_the_least_image(bits: u128, width in 1u32..=8, height in 1u32..=8) {
        let shape = in_box::<Square>(bits, width, height);
        let key = canonical::<Square>(shape as u64);
        proptest::prop_assert_eq!(u128::from(key), canonical_by_cells::<Square>(shape));
    }

    #[test]
    fn broad_canonical_is_the_least_image(bits: u128, width in 1u32..=9, height in 1u32..=7) {
        let shape = in_box::<Broad>(bits, width, height);
        let key = canonical::<Broad>(shape as u64);
        proptest::prop_assert_eq!(u128::from(key), canonical_by_cells::<Broad>(shape));
    }

    #[test]
    fn strip_canonical_is_the_least_image(bits: u128, width in 1u32..=16, height in 1u32..=4) {
        let shape = in_box::<Strip>(bits, width, height);
        let key = canonical::<Strip>(shape as u64);
        proptest::prop_assert_eq!(u128::from(key), canonical_by_cells::<Strip>(shape));
    }

    #[test]
    fn connected_means_one_region(a: u128, b: u128, dense: bool, first in 0u32..128, vertical: bool) {
        let cells = if dense { a | b } else { a & b };
        check_connected::<Square>(cells, first, vertical)?;
        check_connected::<Strip>(cells, first, vertical)?;
        check_connected::<Broad>(cells, first, vertical)?;
        check_connected::<Tall>(cells, first, vertical)?;
        check_connected::<Wide>(cells, first, vertical)?;
    }

    #[test]
    fn the_component_is_the_one_a_plain_flood_finds(a: u128, b: u128, dense: bool) {
        let cells = if dense { a | b } else { a };
        let seed = cells & cells.wrapping_neg();
        proptest::prop_assert_eq!(first_component::<Tall>(cells), flood::<Tall>(cells, seed));
        proptest::prop_assert_eq!(first_component::<Wide>(cells), flood::<Wide>(cells, seed));
        let (cells, seed) = (cells as u64, u128::from(seed as u64));
        let square = first_component::<Square>(cells);
        proptest::prop_assert_eq!(u128::from(square), flood::<Square>(cells.into(), seed));
        let strip = first_component::<Strip>(cells);
        proptest::prop_assert_eq!(u128::from(strip), flood::<Strip>(cells.into(), seed));
        let (cells, seed) = (cells & Broad::CELLS, seed & u128::from(Broad::CELLS));
        let broad = first_component::<Broad>(cells);
        proptest::prop_assert_eq!(u128::from(broad), flood::<Broad>(cells.into(), seed));
    }
}

#[test]
fn copying_needs_no_domino_on_the_centre() {
    assert!(half_turn_copyable::<Tall>(shape(&["XX", "XX"])));
    assert!(half_turn_copyable::<Tall>(shape(&["XXX", "X.X", "XXX"])));
    assert!(half_turn_copyable::<Tall>(shape(&["XXX.", ".XXX"])));
    assert!(
        !half_turn_copyable::<Tall>(shape(&["XX.", ".XX"])),
        "the centre domino"
    );
    assert!(
        !half_turn_copyable::<Tall>(shape(&["XX"])),
        "the domino is its own image"
    );
    assert!(
        !half_turn_copyable::<Tall>(shape(&["XXX", "XXX", "XXX"])),
        "the centre cell"
    );
    assert!(
        !half_turn_copyable::<Tall>(shape(&["XXX", "XXX"])),
        "the middle column's domino"
    );
    assert!(
        !half_turn_copyable::<Tall>(shape(&["XX.", "XXX"])),
        "not symmetric"
    );
    let wide = |picture: &[&str]| half_turn_copyable::<Wide>(shape_in::<Wide>(picture));
    assert!(wide(&["XXXXXXXXXXXXXXXXXXXX", "XXXXXXXXXXXXXXXXXXXX"]));
    assert!(wide(&["XXXXXXXXXXXXXXXXXXX.", ".XXXXXXXXXXXXXXXXXXX"]));
    assert!(
        !wide(&["XXXXXXXXXXXXXXXXXXXXX", "XXXXXXXXXXXXXXXXXXXXX"]),
        "the middle column's domino"
    );
    assert!(!wide(&[
        "XXXXXXXXXXXXXXXXXXXX.",
        ".XXXXXXXXXXXXXXXXXXXX",
        "X...................."
    ]));
}

/// The pieces `split` leaves, in order.
fn pieces(cells: Shape) -> Vec<Shape> {
    let mut pieces = Vec::new();
    split::<Tall, _>(cells, &mut |piece| pieces.push(piece));
    pieces
}

#[test]
fn extra_tufts_and_cells_between_centres_go() {
    // A centre with four tufts keeps one (the one above it, seen first).
    assert_eq!(
        reduce::<Tall>(shape(&[".X.", "XXX", ".X."])),
        shape(&[".X.", ".X."])
    );
    // The middle of a line of five hangs between two centres: two dominoes are left.
    assert_eq!(reduce::<Tall>(shape(&["XXXXX"])), shape(&["XX.XX"]));
    // A lone cell goes; a domino, a line of three after its extra tuft, and a square stay.
    assert_eq!(reduce::<Tall>(shape(&["X.XX"])), shape(&["..XX"]));
    assert_eq!(reduce::<Tall>(shape(&["XXX"])), shape(&["XX"]));
    assert_eq!(reduce::<Tall>(shape(&["XX", "XX"])), shape(&["XX", "XX"]));
    assert_eq!(
        reduce::<Tall>(shape(&["XXXX", "XXXX"])),
        shape(&["XXXX", "XXXX"])
    );
}

#[test]
fn a_block_with_two_closed_corners_cuts_its_region() {
    // The block's top-left and bottom-right cells have no neighbour outside it: its two
    // columns go to separate games, and each reduces to a domino.
    let region = shape(&["..X.", ".XX.", "XXX.", ".X.."]);
    assert_eq!(
        cut_links::<Tall>(&Sides::of::<Tall>(region)),
        shape(&["....", ".X..", ".X..", "...."])
    );
    let found = pieces(region);
    assert_eq!(found.len(), 2, "{found:x?}");
    assert!(found.iter().all(|piece| piece.count_ones() == 2));
    // Mirrored (top-right and bottom-left closed), the same.
    let mirrored = shape(&[".X..", ".XX.", ".XXX", "..X."]);
    assert_eq!(
        cut_links::<Tall>(&Sides::of::<Tall>(mirrored)),
        shape(&["....", ".X..", ".X..", "...."])
    );
    assert_eq!(pieces(mirrored).len(), 2);
    // A block whose halves meet again elsewhere stays one region.
    let ring = shape(&["XXXX", "X..X", "X.XX", "XXXX"]);
    assert_eq!(
        cut_links::<Tall>(&Sides::of::<Tall>(ring)),
        shape(&["....", "....", "..X.", "..X."])
    );
    assert_eq!(pieces(ring), vec![ring]);
    // A plain rectangle has nothing to reduce or cut.
    let rectangle = shape(&["XXXX", "XXXX", "XXXX"]);
    assert_eq!(pieces(rectangle), vec![rectangle]);
}

#[test]
fn components_and_moves() {
    let two = shape(&["XX.X", "...X"]);
    assert_eq!(first_component::<Tall>(two), shape(&["XX"]));
    assert_eq!(horizontal_moves::<Tall>(two), shape(&["X"]));
    assert_eq!(vertical_moves::<Tall>(two), shape(&["...X"]));
    // No wrap from column 15 to the next row's column 0.
    let edge = (1 << 15) | (1 << 16);
    assert_eq!(horizontal_moves::<Tall>(edge), 0);
    assert_eq!(first_component::<Tall>(edge), 1 << 15);
    // On the wide layout a row has 32 cells.
    assert_eq!(horizontal_moves::<Wide>(edge), 1 << 15);
    let edge = (1 << 31) | (1 << 32);
    assert_eq!(horizontal_moves::<Wide>(edge), 0);
    assert_eq!(first_component::<Wide>(edge), 1 << 31);
    assert_eq!(vertical_moves::<Wide>(1 | 1 << 32), 1);
    let strip = shape_in::<Wide>(&["XXXXXXXXXXXXXXXXXXXX"; 3]);
    assert_eq!(normalize::<Wide>(strip << 40), (strip, 20, 3));
}
