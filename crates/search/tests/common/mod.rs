//! Small games for the search tests.
#![allow(dead_code)]

pub use floodgate_search::mix;
use floodgate_search::{Game, MoveList, Outcome, Score, Seat};

/// Tic-tac-toe: cells 0..9 row by row; `First` plays X.
pub struct TicTacToe;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    pub x: u16,
    pub o: u16,
}

const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

impl Board {
    pub fn from_picture(picture: &str) -> Self {
        let mut board = Self::default();
        for (i, c) in picture.chars().filter(|c| !c.is_whitespace()).enumerate() {
            match c {
                'X' => board.x |= 1 << i,
                'O' => board.o |= 1 << i,
                _ => {}
            }
        }
        board
    }
}

impl Game for TicTacToe {
    type State = Board;
    type Move = u8;

    fn player_to_move(&self, b: &Board) -> Seat {
        if b.x.count_ones() == b.o.count_ones() {
            Seat::First
        } else {
            Seat::Second
        }
    }

    fn generate_moves(&self, b: &Board, moves: &mut MoveList<u8>) {
        if self.outcome(b).is_none() {
            moves.extend((0..9).filter(|i| (b.x | b.o) & (1 << i) == 0));
        }
    }

    fn outcome(&self, b: &Board) -> Option<Outcome> {
        if LINES.iter().any(|&l| l & !b.x == 0) {
            Some(Outcome::Win(Seat::First))
        } else if LINES.iter().any(|&l| l & !b.o == 0) {
            Some(Outcome::Win(Seat::Second))
        } else if (b.x | b.o) == 0o777 {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn next(&self, b: &Board, m: u8) -> Board {
        let mut next = *b;
        match self.player_to_move(b) {
            Seat::First => next.x |= 1 << m,
            Seat::Second => next.o |= 1 << m,
        }
        next
    }

    fn evaluate(&self, _: &Board) -> Score {
        0
    }

    fn hash(&self, b: &Board) -> u64 {
        mix(u64::from(b.x) | u64::from(b.o) << 9)
    }

    fn move_index(&self, m: u8) -> usize {
        m as usize
    }
}

/// Every position reachable from the empty board, each once.
pub fn all_tictactoe_positions() -> Vec<Board> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![Board::default()];
    while let Some(b) = stack.pop() {
        if !seen.insert(b) {
            continue;
        }
        let mut moves = MoveList::new();
        TicTacToe.generate_moves(&b, &mut moves);
        stack.extend(moves.iter().map(|&m| TicTacToe.next(&b.clone(), m)));
    }
    seen.into_iter().collect()
}

/// Take-away with a bonus: a pile of stones; take 1 or 2; taking 2 grants another move; whoever
/// takes the last stone wins. The player to move always wins (take 2s, then the last 1), but a
/// search that assumed alternation would call every pile of a multiple of 3 lost.
pub struct Takeaway;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pile {
    pub stones: u32,
    pub to_move: Seat,
    /// Who made each move so far.
    pub history: Vec<Seat>,
}

impl Pile {
    pub fn new(stones: u32) -> Self {
        Self {
            stones,
            to_move: Seat::First,
            history: Vec::new(),
        }
    }
}

impl Game for Takeaway {
    type State = Pile;
    type Move = u32;

    fn player_to_move(&self, p: &Pile) -> Seat {
        p.to_move
    }

    fn generate_moves(&self, p: &Pile, moves: &mut MoveList<u32>) {
        moves.extend((1..=2).filter(|&take| take <= p.stones));
    }

    fn outcome(&self, p: &Pile) -> Option<Outcome> {
        // The player who took the last stone is the one not to move, unless they took 2.
        (p.stones == 0)
            .then(|| Outcome::Win(*p.history.last().expect("someone took the last stone")))
    }

    fn next(&self, p: &Pile, take: u32) -> Pile {
        let mut next = p.clone();
        next.history.push(p.to_move);
        next.stones -= take;
        if take == 1 {
            next.to_move = p.to_move.other();
        }
        next
    }

    fn evaluate(&self, _: &Pile) -> Score {
        0
    }

    fn hash(&self, p: &Pile) -> u64 {
        mix(u64::from(p.stones) * 2 + p.to_move.index() as u64)
    }
}

/// A random game tree: a state is (level, id, player to move); each state has 1 to 3 moves to
/// states of the next level, whose ids come from a small pool (so positions transpose), and a
/// move keeps the same player to move one time in four. Leaves at `depth` or by chance are
/// wins, losses or draws; other states evaluate by hash.
pub struct RandomTree;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeState {
    pub seed: u64,
    pub level: u32,
    pub id: u64,
    pub to_move: Seat,
    pub depth: u32,
}

impl TreeState {
    fn h(&self, salt: u64) -> u64 {
        mix(self.seed
            ^ mix(u64::from(self.level) << 40
                ^ self.id << 8
                ^ self.to_move.index() as u64
                ^ salt << 50))
    }
}

impl Game for RandomTree {
    type State = TreeState;
    type Move = u8;

    fn player_to_move(&self, s: &TreeState) -> Seat {
        s.to_move
    }

    fn generate_moves(&self, s: &TreeState, moves: &mut MoveList<u8>) {
        if self.outcome(s).is_none() {
            moves.extend(0..(1 + s.h(1) % 3) as u8);
        }
    }

    fn outcome(&self, s: &TreeState) -> Option<Outcome> {
        let ends = s.level >= s.depth || (s.level > 2 && s.h(2).is_multiple_of(11));
        ends.then(|| match s.h(3) % 3 {
            0 => Outcome::Win(Seat::First),
            1 => Outcome::Win(Seat::Second),
            _ => Outcome::Draw,
        })
    }

    fn next(&self, s: &TreeState, m: u8) -> TreeState {
        let r = s.h(10 + u64::from(m));
        let to_move = if r.is_multiple_of(4) {
            s.to_move
        } else {
            s.to_move.other()
        };
        TreeState {
            level: s.level + 1,
            id: (r >> 8) % 6,
            to_move,
            ..*s
        }
    }

    fn evaluate(&self, s: &TreeState) -> Score {
        (s.h(4) % 201) as Score - 100
    }

    fn hash(&self, s: &TreeState) -> u64 {
        s.h(5)
    }

    /// About half the moves, by the position's hash.
    fn quiet_moves(&self, s: &TreeState, moves: &[u8]) -> u128 {
        moves
            .iter()
            .enumerate()
            .filter(|&(_, &m)| s.h(20 + u64::from(m)).is_multiple_of(2))
            .fold(0, |quiet, (index, _)| quiet | 1 << index)
    }

    fn move_index(&self, m: u8) -> usize {
        m as usize
    }
}
