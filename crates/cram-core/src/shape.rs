//! Small regions of empty cells as `u128` bitboards, and their canonical keys.
//!
//! A [`Shape`] holds up to 8 rows of up to 16 cells: cell `(row, column)` is bit
//! `16 * row + column`. A region fits when its bounding box does, in either orientation.

/// Cells per shape row.
pub const STRIDE: u32 = 16;
/// Rows per shape.
pub const ROWS: u32 = 8;

const COLUMN_0: u128 = 0x0001_0001_0001_0001_0001_0001_0001_0001;
const COLUMN_15: u128 = COLUMN_0 << 15;

/// A set of cells of a 16 x 8 grid.
pub type Shape = u128;

/// The cells of `cells` and their 4-neighbours.
pub const fn dilate(cells: Shape) -> Shape {
    cells
        | ((cells & !COLUMN_15) << 1)
        | ((cells & !COLUMN_0) >> 1)
        | (cells << STRIDE)
        | (cells >> STRIDE)
}

/// The 4-connected component of `cells` holding its lowest cell.
pub const fn first_component(cells: Shape) -> Shape {
    let mut component = cells & cells.wrapping_neg();
    loop {
        let grown = dilate(component) & cells;
        if grown == component {
            return component;
        }
        component = grown;
    }
}

/// The first cells of the horizontal dominoes that fit in `cells` (the second is one to the
/// right).
pub const fn horizontal_moves(cells: Shape) -> Shape {
    cells & (cells >> 1) & !COLUMN_15
}

/// The first cells of the vertical dominoes that fit in `cells` (the second is one row down).
pub const fn vertical_moves(cells: Shape) -> Shape {
    cells & (cells >> STRIDE)
}

/// The rows of a shape, as 16-bit masks.
fn rows(shape: Shape) -> [u16; ROWS as usize] {
    std::array::from_fn(|row| (shape >> (STRIDE * row as u32)) as u16)
}

/// `shape` moved to the top-left corner, with its width and height.
pub fn normalize(shape: Shape) -> (Shape, u32, u32) {
    if shape == 0 {
        return (0, 0, 0);
    }
    let shape = shape >> (STRIDE * (shape.trailing_zeros() / STRIDE));
    let columns = rows(shape).iter().fold(0u16, |acc, &row| acc | row);
    let shape = shape >> columns.trailing_zeros();
    let columns = columns >> columns.trailing_zeros();
    let height = ROWS
        - rows(shape)
            .iter()
            .rev()
            .take_while(|&&row| row == 0)
            .count() as u32;
    (shape, 16 - columns.leading_zeros(), height)
}

/// The canonical key of a region: the least of its images under the eight symmetries of the
/// square that fit the 16 x 8 grid, each moved to the top-left corner. Regions that are
/// rotations or reflections of each other share a key (and a Grundy value).
pub fn canonical(shape: Shape) -> Shape {
    let (shape, width, height) = normalize(shape);
    let original = rows(shape);
    let mut best = shape;
    consider(&original[..height as usize], width, &mut best);
    if width <= ROWS {
        // The transpose: row r of the result holds column r of the shape.
        let mut transposed = [0u16; ROWS as usize];
        for (column, bits) in transposed.iter_mut().enumerate().take(width as usize) {
            for (row, &line) in original.iter().enumerate().take(height as usize) {
                *bits |= ((line >> column) & 1) << row;
            }
        }
        consider(&transposed[..width as usize], height, &mut best);
    }
    best
}

/// Lowers `best` to the least of the four images of `rows` (a shape `width` wide) under the
/// reflections in its two axes.
fn consider(rows: &[u16], width: u32, best: &mut Shape) {
    let pack = |flip_x: bool, flip_y: bool| {
        let mut shape: Shape = 0;
        for (i, &row) in rows.iter().enumerate() {
            let row = if flip_x {
                row.reverse_bits() >> (16 - width)
            } else {
                row
            };
            let at = if flip_y { rows.len() - 1 - i } else { i };
            shape |= (row as Shape) << (STRIDE * at as u32);
        }
        shape
    };
    for (flip_x, flip_y) in [(false, false), (true, false), (false, true), (true, true)] {
        *best = (*best).min(pack(flip_x, flip_y));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(picture: &[&str]) -> Shape {
        let mut shape = 0;
        for (row, line) in picture.iter().enumerate() {
            for (column, c) in line.chars().enumerate() {
                if c == 'X' {
                    shape |= 1 << (STRIDE * row as u32 + column as u32);
                }
            }
        }
        shape
    }

    #[test]
    fn symmetric_regions_share_a_key() {
        let l = shape(&["X..", "X..", "XX."]);
        let rotated = shape(&["XXX", "X.."]);
        let mirrored = shape(&["..X", "..X", ".XX"]);
        let moved = l << (STRIDE * 3 + 5);
        assert_eq!(canonical(l), canonical(rotated));
        assert_eq!(canonical(l), canonical(mirrored));
        assert_eq!(canonical(l), canonical(moved));
        assert_ne!(canonical(l), canonical(shape(&["XX", "XX"])));
        // A 14 x 3 strip and its transpose (3 wide, 14 tall) do not both fit: the wide one does.
        let strip = (0..3).fold(0, |s, row| s | (0x3FFF as Shape) << (STRIDE * row));
        assert_eq!(normalize(strip), (strip, 14, 3));
        assert_eq!(canonical(strip), strip);
    }

    #[test]
    fn components_and_moves() {
        let two = shape(&["XX.X", "...X"]);
        assert_eq!(first_component(two), shape(&["XX"]));
        assert_eq!(horizontal_moves(two), shape(&["X"]));
        assert_eq!(vertical_moves(two), shape(&["...X"]));
        // No wrap from column 15 to the next row's column 0.
        let edge = (1 << 15) | (1 << 16);
        assert_eq!(horizontal_moves(edge), 0);
        assert_eq!(first_component(edge), 1 << 15);
    }
}
