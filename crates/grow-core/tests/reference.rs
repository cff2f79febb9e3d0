//! Random games against a plain model of the rules written out from the rules on arrays, the
//! judge's quirks included and done in the judge's order (flags, freezing, thawing, off-board
//! flags, then the one-free-direction rule): the same moves are valid, every generated move
//! is accepted, and grids, scores, the side to move, the end and the winner agree after
//! every move, under both readings of the judge. (Random games kill, merge and die on nodes
//! hundreds of times over the cases.)

use floodgate_grow_core::codec::{format_grid, parse_grid};
use floodgate_grow_core::state::{Move, Rules, State};
use proptest::prelude::*;

/// Point codes as on side 0's grid.
const EMPTY: u8 = 0;

fn leaf(side: usize) -> u8 {
    1 + side as u8
}

fn node(side: usize) -> u8 {
    3 + side as u8
}

fn frozen(side: usize) -> u8 {
    5 + side as u8
}

fn owner(code: u8) -> Option<usize> {
    match code {
        1 | 3 | 5 => Some(0),
        2 | 4 | 6 => Some(1),
        _ => None,
    }
}

/// The neighbour of `index` in direction `d` (1 to 8), if on the grid.
fn step(index: usize, d: usize) -> Option<usize> {
    let (di, dj): (i32, i32) = [
        (-1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
    ][d - 1];
    let (i, j) = ((index / 20) as i32 + di, (index % 20) as i32 + dj);
    ((0..20).contains(&i) && (0..20).contains(&j)).then(|| (i * 20 + j) as usize)
}

#[derive(Clone)]
struct Plain {
    code: [u8; 400],
    flags: [[bool; 9]; 400],
    scores: [i32; 2],
    to_move: usize,
    /// Whether a point a split reaches with one unset flag becomes the mover's node.
    conversion: bool,
}

/// A move as numbers: `(true, row, trunk, 0)` or `(false, leaf, a, b)`.
type Key = (bool, usize, usize, usize);

fn key(m: Move) -> Key {
    match m {
        Move::First { row, trunk } => (true, usize::from(row), usize::from(trunk.number()), 0),
        Move::Split { leaf, a, b } => (
            false,
            leaf.index(),
            usize::from(a.number()),
            usize::from(b.number()),
        ),
    }
}

impl Plain {
    fn new(conversion: bool) -> Self {
        Self {
            code: [EMPTY; 400],
            flags: [[false; 9]; 400],
            scores: [0; 2],
            to_move: 0,
            conversion,
        }
    }

    fn seeded(&self, side: usize) -> bool {
        self.code.iter().any(|&c| owner(c) == Some(side))
    }

    fn free(&self, index: usize) -> Vec<usize> {
        (1..=8)
            .filter(|&d| step(index, d).is_some() && !self.flags[index][d])
            .collect()
    }

    fn moves(&self) -> Vec<Key> {
        let side = self.to_move;
        let mut moves = Vec::new();
        if !self.seeded(side) {
            let column = if side == 0 { 0 } else { 19 };
            for row in 0..20 {
                if self.code[row * 20 + column] == EMPTY {
                    for d in 1..=8 {
                        if step(row * 20 + column, d).is_some() {
                            moves.push((true, row, d, 0));
                        }
                    }
                }
            }
            return moves;
        }
        for index in 0..400 {
            if self.code[index] == leaf(side) {
                let free = self.free(index);
                for (k, &a) in free.iter().enumerate() {
                    for &b in &free[k + 1..] {
                        moves.push((false, index, a, b));
                    }
                }
            }
        }
        moves
    }

    fn has_leaf(&self, side: usize) -> bool {
        self.code.contains(&leaf(side))
    }

    fn over(&self) -> bool {
        self.seeded(0)
            && self.seeded(1)
            && (!self.has_leaf(0) || !self.has_leaf(1) || self.moves().is_empty())
    }

    /// The winner of a finished game: a side to move with active leaves and no valid move
    /// loses (every answer it could give is invalid), otherwise the higher score.
    fn winner(&self) -> Option<usize> {
        if self.has_leaf(0) && self.has_leaf(1) && self.moves().is_empty() {
            return Some(1 - self.to_move);
        }
        match self.scores[0].cmp(&self.scores[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        }
    }

    fn play(&mut self, (first, at, a, b): Key) {
        let side = self.to_move;
        let was_frozen: Vec<usize> = (0..400).filter(|&i| self.code[i] == frozen(side)).collect();
        let mut tips = Vec::new();
        let mut reached = Vec::new();
        let mut killed = false;
        let (from, directions) = if first {
            let seed = at * 20 + if side == 0 { 0 } else { 19 };
            (seed, vec![a])
        } else {
            (at, vec![a, b])
        };
        self.code[from] = node(side);
        for d in directions {
            let to = step(from, d).unwrap();
            reached.push(to);
            self.flags[from][d] = true;
            let there = self.code[to];
            if there == 3 || there == 4 {
                self.flags[to][(d + 3) % 8 + 1] = true;
                continue; // suicide: no score, no leaf
            }
            self.scores[side] += 1;
            if there == leaf(1 - side) {
                // A kill: the killed point gets no flag for this branch.
                self.code[to] = leaf(side);
                killed = true;
            } else {
                self.flags[to][(d + 3) % 8 + 1] = true;
                if there == EMPTY {
                    self.code[to] = leaf(side);
                }
            }
            tips.push(to);
        }
        if killed {
            for &tip in &tips {
                self.code[tip] = frozen(side);
            }
        }
        // The previous kill's frozen leaves thaw after this move's tips are frozen.
        for index in was_frozen {
            if self.code[index] == frozen(side) {
                self.code[index] = leaf(side);
            }
        }
        if !first {
            for &point in &reached {
                for d in 1..=8 {
                    if step(point, d).is_none() {
                        self.flags[point][d] = true;
                    }
                }
                let unset = (1..=8).filter(|&d| !self.flags[point][d]).count();
                if self.conversion && unset == 1 {
                    self.code[point] = node(side);
                }
            }
        }
        if !killed {
            self.to_move = 1 - side;
        }
    }

    fn grid(&self) -> String {
        let mut text = String::new();
        for index in 0..400 {
            text.push(char::from(b'0' + self.code[index]));
            for d in 1..=8 {
                text.push(if self.flags[index][d] { '1' } else { '0' });
            }
        }
        text
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_follow_the_plain_rules(
        choices in prop::collection::vec(any::<u32>(), 400),
        conversion in any::<bool>(),
    ) {
        let rules = if conversion { Rules::Deployed } else { Rules::WithoutConversion };
        let mut state = State::default().with_rules(rules);
        let mut plain = Plain::new(conversion);
        for &choice in &choices {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            prop_assert_eq!(state.is_over(), plain.over());
            if state.is_over() {
                prop_assert!(moves.is_empty());
                prop_assert_eq!(state.winner(), plain.winner());
                break;
            }
            let mut keys: Vec<Key> = moves.iter().map(|&m| key(m)).collect();
            keys.sort_unstable();
            let mut expected = plain.moves();
            expected.sort_unstable();
            prop_assert_eq!(&keys, &expected);
            let m = moves[choice as usize % moves.len()];
            prop_assert!(state.is_legal(m));
            // The answer line the mover writes, in its own view, reads back as its move.
            let own = if state.to_move() == 0 { m } else { State::mirror_move(m) };
            prop_assert_eq!(format!("{own}\n").parse::<Move>(), Ok(own));
            prop_assert_eq!(State::mirror_move(own), if state.to_move() == 0 { State::mirror_move(m) } else { m });
            state = state.play(m).0;
            plain.play(key(m));
            prop_assert_eq!(format_grid(&state, 0), plain.grid());
            prop_assert_eq!(state.scores(), plain.scores);
            prop_assert_eq!(state.to_move(), plain.to_move);
            prop_assert_eq!(state.hash(), state.zobrist(), "the hash kept move by move");
            // The grid read back (as side 0 would) holds the same position.
            let read = parse_grid(format_grid(&state, 0).as_bytes()).unwrap();
            prop_assert_eq!(format_grid(&read, 0), format_grid(&state, 0));
        }
    }
}
