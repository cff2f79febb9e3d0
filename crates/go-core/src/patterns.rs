//! 3 x 3 shapes: the points next to the last move that local Go knowledge says are worth
//! playing (a hane, a cut, a block on the edge), after the patterns of the MoGo program (Gelly,
//! Wang, Munos and Teytaud, "Modification of UCT with patterns in Monte-Carlo Go", 2006). The
//! playouts try them before a random point, and the tree gives them a prior.
//!
//! A neighbourhood is the 8 points around a candidate point, each as 2 bits (empty 0, black 1,
//! white 2, edge 3): 16 bits, so the set of matching neighbourhoods is a table of 65,536 bits,
//! built once from the shapes below turned, mirrored and with the colours swapped.

use std::sync::OnceLock;

/// The shapes, the candidate point in the middle: `X` and `O` stones of either colour (one of
/// each), `x` "not X" (empty or O), `o` "not O", `.` empty, `?` anything, `#` the edge.
const SHAPES: [[&str; 3]; 13] = [
    // Hane: a stone reaching round an enemy stone.
    ["XOX", "...", "???"],
    ["XO.", "...", "?.?"],
    ["XO?", "X..", "x.?"],
    // A diagonal attachment.
    [".O.", "X..", "..."],
    // Cuts.
    ["XO?", "O.o", "?o?"],
    ["XO?", "O.X", "???"],
    ["?X?", "O.O", "ooo"],
    ["OX?", "o.O", "???"],
    // On the edge: chase, block a cut or a connection, descend, cut.
    ["X.?", "O.?", "###"],
    ["OX?", "X.O", "###"],
    ["?X?", "x.O", "###"],
    ["?XO", "x.x", "###"],
    ["?OX", "X.O", "###"],
];

/// The neighbours in key order: row above left to right, left, right, row below.
pub(crate) const OFFSETS: [(isize, isize); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// Whether a point with this neighbourhood (see [`OFFSETS`]) matches a shape.
pub(crate) fn matches(key: u16) -> bool {
    let table = TABLE.get_or_init(build);
    table[usize::from(key) / 64] & (1 << (key % 64)) != 0
}

static TABLE: OnceLock<Vec<u64>> = OnceLock::new();

fn build() -> Vec<u64> {
    let mut table = vec![0u64; 65536 / 64];
    for shape in SHAPES {
        let grid: Vec<Vec<u8>> = shape.iter().map(|row| row.bytes().collect()).collect();
        for turn in 0..4 {
            for mirror in [false, true] {
                for swap in [false, true] {
                    // The 8 neighbours' allowed values under this symmetry.
                    let allowed: Vec<[bool; 4]> = OFFSETS
                        .iter()
                        .map(|&(dx, dy)| {
                            let (mut x, mut y) = (dx, dy);
                            for _ in 0..turn {
                                (x, y) = (-y, x);
                            }
                            if mirror {
                                x = -x;
                            }
                            let c = grid[(y + 1) as usize][(x + 1) as usize];
                            allowed_values(c, swap)
                        })
                        .collect();
                    // Every key whose 8 values are allowed: a product, built point by point.
                    let mut keys = vec![0usize];
                    for (i, values) in allowed.iter().enumerate() {
                        keys = keys
                            .iter()
                            .flat_map(|&key| {
                                (0..4)
                                    .filter(|&v| values[v])
                                    .map(move |v| key | v << (2 * i))
                            })
                            .collect();
                    }
                    for key in keys {
                        table[key / 64] |= 1 << (key % 64);
                    }
                }
            }
        }
    }
    table
}

/// Which of empty, black, white, edge the shape character `c` allows; `swap` exchanges X and O.
fn allowed_values(c: u8, swap: bool) -> [bool; 4] {
    let (x, o) = if swap { (2, 1) } else { (1, 2) };
    let mut allowed = [false; 4];
    match c {
        b'.' => allowed[0] = true,
        b'X' => allowed[x] = true,
        b'O' => allowed[o] = true,
        b'x' => (allowed[0], allowed[o]) = (true, true),
        b'o' => (allowed[0], allowed[x]) = (true, true),
        b'#' => allowed[3] = true,
        _ => allowed = [true; 4],
    }
    allowed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key of a neighbourhood written as three rows (the middle one's centre ignored).
    fn key(rows: [&str; 3]) -> u16 {
        OFFSETS
            .iter()
            .enumerate()
            .map(|(i, &(dx, dy))| {
                let c = rows[(dy + 1) as usize].as_bytes()[(dx + 1) as usize];
                let value = match c {
                    b'.' => 0,
                    b'B' => 1,
                    b'W' => 2,
                    _ => 3,
                };
                value << (2 * i)
            })
            .sum()
    }

    #[test]
    fn shapes_match_in_every_turn_mirror_and_colour() {
        // The enclosing hane, as given and turned a quarter, with colours swapped.
        assert!(matches(key(["BWB", "...", "..."])));
        assert!(matches(key(["B..", "W..", "B.."])));
        assert!(matches(key(["WBW", "...", "..."])));
        // An unprotected cut, mirrored.
        assert!(matches(key([".WB", "..W", "..."])));
        // The edge's shapes on the edge.
        assert!(matches(key(["B..", "W..", "###"])));
        // One stone, or the edge alone, is no shape.
        assert!(!matches(key(["..B", "...", "..."])));
        assert!(!matches(key(["...", "...", "###"])));
        assert!(!matches(key(["...", "...", "..."])));
    }
}
