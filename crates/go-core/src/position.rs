//! A Go position under the Tromp-Taylor rules, built for speed: a padded array of points, the
//! stones of each chain in a circular list, and per chain a count of pseudo-liberties (with
//! their sum and sum of squares, which tell when every pseudo-liberty is the same point: see
//! `liberties`).
//!
//! [`Position`] knows the board and whose turn it is, not the game's history: positional
//! superko is [`crate::GameState`]'s job. Playouts use [`Position`] alone.

use std::fmt;

use floodgate_bitgrid::Cell;
use floodgate_search::hash::{GOLDEN_GAMMA, mix};

use crate::board::{Board, Point};
use crate::liberties::Liberties;
use crate::slot::{CAPACITY, MAX_PLAY_SIZE, MIN_PLAY_SIZE, Slot};
use crate::turn::{Colour, Move};

/// What a slot holds: a [`Point`] as its `u8` (go-core's one stone type), or [`EDGE`].
pub(crate) const EMPTY: u8 = Point::Empty as u8;
/// A black stone's slot.
pub(crate) const BLACK: u8 = Point::Black as u8;
/// A white stone's slot.
pub(crate) const WHITE: u8 = Point::White as u8;
/// A slot off the board.
const EDGE: u8 = 3;

/// Zobrist keys: one per array slot and stone colour.
static ZOBRIST: [[u64; CAPACITY]; 2] = {
    // SplitMix64's outputs from the seed GOLDEN_GAMMA, in turn.
    let mut keys = [[0; CAPACITY]; 2];
    let mut state = GOLDEN_GAMMA;
    let mut colour = 0;
    while colour < 2 {
        let mut slot = 0;
        while slot < CAPACITY {
            keys[colour][slot] = mix(state);
            state = state.wrapping_add(GOLDEN_GAMMA);
            slot += 1;
        }
        colour += 1;
    }
    keys
};

/// A board position and the player to move.
///
/// Points are array slots `(y + 1) * (n + 1) + x + 1`; the slots around the board hold an edge
/// marker, so the four neighbours of a point are always `p - 1`, `p + 1`, `p - (n + 1)` and
/// `p + (n + 1)`. Each chain keeps, at its head stone, the number of (stone, empty neighbour)
/// pairs ("pseudo-liberties"), their sum and their sum of squares: the chain has no liberty
/// when the count is 0, and exactly one when every pair names the same point.
#[derive(Clone)]
pub struct Position {
    size: usize,
    stride: usize,
    points: [u8; CAPACITY],
    /// The next stone of the same chain (a circular list).
    next: [u16; CAPACITY],
    /// The head stone of each stone's chain.
    head: [u16; CAPACITY],
    /// At a chain's head: its stone count.
    stones: [u16; CAPACITY],
    /// At a chain's head: its pseudo-liberty count, their sum and their sum of squares.
    liberties: [Liberties; CAPACITY],
    /// The empty points, in no order, and where each empty point stands in that list.
    empties: [Slot; MAX_PLAY_SIZE * MAX_PLAY_SIZE],
    empty_count: usize,
    empty_slot: [u16; CAPACITY],
    hash: u64,
    to_move: Colour,
    passes: u8,
    /// The point a simple ko forbids to the player to move (0, an edge slot, when none): the
    /// last move took a single stone there with a single stone left with that one liberty.
    ko: u16,
}

impl Position {
    /// The empty board of side `size`, Black to move. Panics unless
    /// `MIN_PLAY_SIZE <= size <= MAX_PLAY_SIZE`.
    pub fn new(size: usize) -> Self {
        assert!(
            (MIN_PLAY_SIZE..=MAX_PLAY_SIZE).contains(&size),
            "a playing board has a side of {MIN_PLAY_SIZE} to {MAX_PLAY_SIZE}, not {size}"
        );
        let stride = size + 1;
        let mut position = Self {
            size,
            stride,
            points: [EDGE; CAPACITY],
            next: [0; CAPACITY],
            head: [0; CAPACITY],
            stones: [0; CAPACITY],
            liberties: [Liberties::default(); CAPACITY],
            empties: [Slot::new(0); MAX_PLAY_SIZE * MAX_PLAY_SIZE],
            empty_count: 0,
            empty_slot: [0; CAPACITY],
            hash: 0,
            to_move: Colour::Black,
            passes: 0,
            ko: 0,
        };
        for y in 0..size {
            for x in 0..size {
                let p = position.slot(Cell::new(x, y)).index();
                position.points[p] = EMPTY;
                position.push_empty(p);
            }
        }
        position
    }

    /// The side of the board.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The player to move.
    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    /// Makes `colour` the player to move (GTP lets either colour play at any time).
    pub fn set_to_move(&mut self, colour: Colour) {
        if colour != self.to_move {
            self.ko = 0;
        }
        self.to_move = colour;
    }

    /// How many passes were played in a row just before this position (2 ends the game).
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// A Zobrist hash of the stones (not of the player to move): equal boards hash equally.
    pub fn board_hash(&self) -> u64 {
        self.hash
    }

    /// The number of empty points.
    pub fn empty_count(&self) -> usize {
        self.empty_count
    }

    /// What stands on `vertex`. Panics if `vertex` is off the board.
    pub fn point(&self, vertex: Cell) -> Point {
        self.check(vertex);
        match self.points[self.slot(vertex).index()] {
            BLACK => Point::Black,
            WHITE => Point::White,
            _ => Point::Empty,
        }
    }

    /// The board as the scorer's [`Board`].
    pub fn board(&self) -> Board {
        let mut board = Board::empty(self.size);
        for y in 0..self.size {
            for x in 0..self.size {
                board.set(Cell::new(x, y), self.point(Cell::new(x, y)));
            }
        }
        board
    }

    /// Whether `vertex` lies on the board.
    pub fn contains(&self, vertex: Cell) -> bool {
        vertex.x < self.size && vertex.y < self.size
    }

    fn check(&self, vertex: Cell) {
        assert!(
            self.contains(vertex),
            "{vertex:?} is off a {0} x {0} board",
            self.size
        );
    }

    /// The array slot of `vertex`.
    pub(crate) fn slot(&self, vertex: Cell) -> Slot {
        Slot::new((vertex.y + 1) * self.stride + vertex.x + 1)
    }

    /// The vertex of array slot `p`.
    pub(crate) fn vertex(&self, p: Slot) -> Cell {
        let p = p.index();
        Cell::new(p % self.stride - 1, p / self.stride - 1)
    }

    /// The stored point of every array slot (`EMPTY`, `BLACK`, `WHITE` or `EDGE`).
    pub(crate) fn points(&self) -> &[u8; CAPACITY] {
        &self.points
    }

    /// The distance between vertically neighbouring slots.
    pub(crate) fn stride(&self) -> usize {
        self.stride
    }

    /// The head stone of the chain on slot `p` (which must hold a stone): the same slot for
    /// every stone of one chain.
    pub(crate) fn chain_head(&self, p: Slot) -> Slot {
        Slot::new(usize::from(self.head[p.index()]))
    }

    /// The four neighbour slots of the point `p`.
    pub(crate) fn neighbours(&self, p: Slot) -> [Slot; 4] {
        let (p, s) = (p.index(), self.stride);
        [
            Slot::new(p - s),
            Slot::new(p - 1),
            Slot::new(p + 1),
            Slot::new(p + s),
        ]
    }

    /// The four neighbours of the point on array index `p`.
    fn adjacent(&self, p: usize) -> [usize; 4] {
        [p - self.stride, p - 1, p + 1, p + self.stride]
    }

    /// Plays `m` for the player to move, without the superko check: a stone must go on an
    /// empty point (panics otherwise). Captures the opponent's chains left without liberties,
    /// then the mover's own (a suicide). Returns the number of stones removed.
    pub fn play(&mut self, m: Move) -> usize {
        match m {
            Move::Pass => {
                self.pass();
                0
            }
            Move::Play(vertex) => {
                self.check(vertex);
                let p = self.slot(vertex);
                assert_eq!(self.points[p.index()], EMPTY, "{vertex:?} is not empty");
                self.play_slot(p)
            }
        }
    }

    fn put_stone(&mut self, p: usize, colour: Colour) -> usize {
        let stone = colour.stone();
        let enemy = colour.other().stone();
        self.points[p] = stone;
        self.hash ^= ZOBRIST[colour.index()][p];
        self.remove_empty(p);
        self.head[p] = p as u16;
        self.next[p] = p as u16;
        self.stones[p] = 1;
        self.liberties[p] = Liberties::default();
        for q in self.adjacent(p) {
            match self.points[q] {
                EMPTY => self.liberties[p].add(q),
                BLACK | WHITE => {
                    let h = usize::from(self.head[q]);
                    self.liberties[h].remove(p);
                }
                _ => {}
            }
        }
        for q in self.adjacent(p) {
            if self.points[q] == stone && self.head[q] != self.head[p] {
                self.merge(usize::from(self.head[p]), usize::from(self.head[q]));
            }
        }
        let mut removed = 0;
        let mut taken = 0;
        for q in self.adjacent(p) {
            if self.points[q] == enemy && self.liberties[usize::from(self.head[q])].count() == 0 {
                removed += self.remove_chain(usize::from(self.head[q]));
                taken = q;
            }
        }
        let h = usize::from(self.head[p]);
        // A single stone that took a single stone and has that point as its only liberty:
        // taking it back at once is a ko.
        self.ko = if removed == 1 && self.stones[h] == 1 && self.liberties[h].count() == 1 {
            taken as u16
        } else {
            0
        };
        if self.liberties[h].count() == 0 {
            removed += self.remove_chain(h);
        }
        removed
    }

    /// Joins the chains headed by `a` and `b`; the larger one's head stays.
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.stones[a] >= self.stones[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = usize::from(self.next[s]);
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.stones[big] += self.stones[small];
        let liberties = self.liberties[small];
        self.liberties[big].merge(liberties);
    }

    /// Removes the chain headed by `h`; returns its stone count.
    fn remove_chain(&mut self, h: usize) -> usize {
        let colour = if self.points[h] == BLACK { 0 } else { 1 };
        let mut s = h;
        loop {
            let next = usize::from(self.next[s]);
            self.points[s] = EMPTY;
            self.hash ^= ZOBRIST[colour][s];
            self.push_empty(s);
            for q in self.adjacent(s) {
                if matches!(self.points[q], BLACK | WHITE) {
                    let hq = usize::from(self.head[q]);
                    self.liberties[hq].add(s);
                }
            }
            s = next;
            if s == h {
                break;
            }
        }
        usize::from(self.stones[h])
    }

    fn push_empty(&mut self, p: usize) {
        self.empty_slot[p] = self.empty_count as u16;
        self.empties[self.empty_count] = Slot::new(p);
        self.empty_count += 1;
    }

    fn remove_empty(&mut self, p: usize) {
        let slot = usize::from(self.empty_slot[p]);
        self.empty_count -= 1;
        let last = self.empties[self.empty_count];
        self.empties[slot] = last;
        self.empty_slot[last.index()] = slot as u16;
    }

    /// Whether the empty slot `p` is the point a simple ko forbids to the player to move.
    pub(crate) fn is_ko(&self, p: Slot) -> bool {
        self.ko != 0 && p.index() == usize::from(self.ko)
    }

    /// Whether the empty slot `p` is a move the searches consider for the player to move: not
    /// the point a simple ko forbids, not the mover's own eye, not a suicide (the tree's moves,
    /// and the playouts' before their own checks).
    pub(crate) fn is_playable(&self, p: Slot) -> bool {
        !self.is_ko(p) && !self.is_own_eye(p) && !self.is_suicide(p)
    }

    /// The empty points, as array slots, in no particular order.
    pub(crate) fn empty_slots(&self) -> &[Slot] {
        &self.empties[..self.empty_count]
    }

    /// Whether a stone of the player to move on the empty slot `p` would be removed at once
    /// (no liberty left after its captures): a suicide.
    #[inline(always)]
    pub(crate) fn is_suicide(&self, p: Slot) -> bool {
        self.is_suicide_at(p.index())
    }

    /// [`Position::is_suicide`] on array index `p`. Out of line: inlined into `is_playable`,
    /// it kept that out of the tree's move loop, at 1.8% more instructions for the engine
    /// (engines_icount go).
    #[inline(never)]
    fn is_suicide_at(&self, p: usize) -> bool {
        let stone = self.to_move.stone();
        for q in self.adjacent(p) {
            match self.points[q] {
                EMPTY => return false,
                EDGE => {}
                colour => {
                    let only = self.liberties[usize::from(self.head[q])].single();
                    // An own chain with another liberty keeps the stone alive; an enemy chain
                    // whose last liberty is p is captured, which frees p's neighbour.
                    if (colour == stone) != (only == Some(p)) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Whether the empty point `vertex` is an eye of `colour`: every neighbour is a stone of
    /// `colour` or the edge, and the diagonals hold at most one stone of the other colour (none
    /// when the point is on the edge). Panics if `vertex` is off the board.
    pub fn is_eye(&self, vertex: Cell, colour: Colour) -> bool {
        self.check(vertex);
        let p = self.slot(vertex).index();
        self.points[p] == EMPTY && self.is_eye_slot(p, colour)
    }

    /// Whether the empty slot `p` is an eye of the player to move (see [`Position::is_eye`]).
    pub(crate) fn is_own_eye(&self, p: Slot) -> bool {
        self.is_eye_slot(p.index(), self.to_move)
    }

    fn is_eye_slot(&self, p: usize, colour: Colour) -> bool {
        let stone = colour.stone();
        if self
            .adjacent(p)
            .iter()
            .any(|&q| self.points[q] != stone && self.points[q] != EDGE)
        {
            return false;
        }
        let enemy = colour.other().stone();
        let around = self.surrounding(p);
        let (mut enemies, mut edges) = (0, 0);
        for d in [around[0], around[2], around[5], around[7]] {
            match self.points[d] {
                EDGE => edges = 1,
                x if x == enemy => enemies += 1,
                _ => {}
            }
        }
        enemies + edges < 2
    }

    /// Plays a stone of the player to move on the empty slot `p` (no checks) and passes the
    /// turn; returns the number of stones removed.
    pub(crate) fn play_slot(&mut self, p: Slot) -> usize {
        let colour = self.to_move;
        self.to_move = colour.other();
        self.passes = 0;
        self.put_stone(p.index(), colour)
    }

    /// Passes the turn (no checks).
    pub(crate) fn pass(&mut self) {
        self.to_move = self.to_move.other();
        self.passes = self.passes.saturating_add(1);
        self.ko = 0;
    }

    /// The single liberty of the chain on slot `p` when it has exactly one (the chain is in
    /// atari), else `None`. `p` must hold a stone.
    pub(crate) fn atari_liberty(&self, p: Slot) -> Option<Slot> {
        self.liberties[usize::from(self.head[p.index()])]
            .single()
            .map(Slot::new)
    }

    /// Calls `found` with the single liberty of every enemy chain in atari next to the chain on
    /// slot `p` (a stone of the player to move): the captures that give the chain air.
    pub(crate) fn counter_captures(&self, p: Slot, mut found: impl FnMut(Slot)) {
        let enemy = self.to_move.other().stone();
        self.any_chain_adjacent(p.index(), |q| {
            if self.points[q] == enemy
                && let Some(only) = self.liberties[usize::from(self.head[q])].single()
            {
                found(Slot::new(only));
            }
            false
        });
    }

    /// Calls `visit` with the points next to each stone of the chain on array index `p`, stone
    /// by stone along the chain's circular list (a point next to two stones comes twice),
    /// until it returns true; returns whether it did.
    fn any_chain_adjacent(&self, p: usize, mut visit: impl FnMut(usize) -> bool) -> bool {
        let start = usize::from(self.head[p]);
        let mut s = start;
        loop {
            for q in self.adjacent(s) {
                if visit(q) {
                    return true;
                }
            }
            s = usize::from(self.next[s]);
            if s == start {
                return false;
            }
        }
    }

    /// The number of stones of the chain on slot `p` (which must hold a stone).
    pub(crate) fn chain_size(&self, p: Slot) -> usize {
        usize::from(self.stones[usize::from(self.head[p.index()])])
    }

    /// Whether a stone of the player to move on the empty slot `p` captures: an enemy chain
    /// next to it has `p` as its only liberty.
    #[inline(always)]
    pub(crate) fn captures(&self, p: Slot) -> bool {
        self.captures_at(p.index())
    }

    /// [`Position::captures`] on array index `p`.
    fn captures_at(&self, p: usize) -> bool {
        let enemy = self.to_move.other().stone();
        self.adjacent(p).iter().any(|&q| {
            self.points[q] == enemy && self.liberties[usize::from(self.head[q])].single() == Some(p)
        })
    }

    /// Whether a stone of the player to move on the empty slot `p` would leave its chain of
    /// two or more stones with a single liberty, capturing nothing: a self-atari the opponent
    /// answers by taking the chain. (A lone stone in atari is allowed: it may be a throw-in.)
    pub(crate) fn is_big_self_atari(&self, p: Slot) -> bool {
        let stone = self.to_move.stone();
        let joins = self
            .adjacent(p.index())
            .iter()
            .any(|&q| self.points[q] == stone);
        joins && !self.captures(p) && self.liberties_after(p, 2) < 2
    }

    /// The distinct liberties, up to `limit` (at most 8), that the chain of a stone of the
    /// player to move on the empty slot `p` would have, captures not counted.
    #[inline(always)]
    pub(crate) fn liberties_after(&self, p: Slot, limit: usize) -> usize {
        self.liberties_after_at(p.index(), limit)
    }

    /// [`Position::liberties_after`] on array index `p`.
    fn liberties_after_at(&self, p: usize, limit: usize) -> usize {
        let stone = self.to_move.stone();
        let mut found = [0usize; 8];
        let mut count = 0;
        let mut note = |q: usize, found: &mut [usize; 8]| {
            if q != p && !found[..count].contains(&q) {
                found[count] = q;
                count += 1;
            }
            count >= limit
        };
        for q in self.adjacent(p) {
            if self.points[q] == EMPTY && note(q, &mut found) {
                return limit;
            }
        }
        let mut walked = [0u16; 4];
        for (i, q) in self.adjacent(p).into_iter().enumerate() {
            if self.points[q] != stone || walked[..i].contains(&self.head[q]) {
                continue;
            }
            walked[i] = self.head[q];
            if self.any_chain_adjacent(q, |r| self.points[r] == EMPTY && note(r, &mut found)) {
                return limit;
            }
        }
        count
    }

    /// A position from rows of `X` (black), `O` (white) and `.`, with `to_move` to play (for
    /// tests: the stones are played row by row, so a row must not capture).
    #[cfg(test)]
    pub(crate) fn from_rows(rows: &[&str], to_move: Colour) -> Self {
        let mut position = Self::new(rows.len());
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.bytes().enumerate() {
                let colour = match c {
                    b'X' => Colour::Black,
                    b'O' => Colour::White,
                    _ => continue,
                };
                position.set_to_move(colour);
                position.play(Move::Play(Cell::new(x, y)));
            }
        }
        position.set_to_move(to_move);
        position
    }

    /// The distinct liberties, up to `limit` (at most 8), of the chain on slot `p` (which
    /// must hold a stone).
    #[cfg(feature = "move-model")]
    pub(crate) fn chain_liberties(&self, p: Slot, limit: usize) -> usize {
        let mut found = [0usize; 8];
        let mut count = 0;
        let full = self.any_chain_adjacent(p.index(), |r| {
            if self.points[r] == EMPTY && !found[..count].contains(&r) {
                found[count] = r;
                count += 1;
            }
            count >= limit
        });
        if full { limit } else { count }
    }

    /// The 8 points around slot `p` as a pattern key (see `patterns`): 2 bits each, empty 0,
    /// black 1, white 2, edge 3, row above first.
    pub(crate) fn neighbourhood(&self, p: Slot) -> u16 {
        self.surrounding(p.index())
            .iter()
            .enumerate()
            .fold(0, |key, (i, &q)| key | u16::from(self.points[q]) << (2 * i))
    }

    /// Whether slot `p` is an empty point.
    pub(crate) fn is_empty_slot(&self, p: Slot) -> bool {
        self.points[p.index()] == EMPTY
    }

    /// The colour stored on slot `p`: Some for a stone.
    pub(crate) fn stone_at(&self, p: Slot) -> Option<Colour> {
        match self.points[p.index()] {
            BLACK => Some(Colour::Black),
            WHITE => Some(Colour::White),
            _ => None,
        }
    }

    /// The eight slots around the point `p` (diagonals included), in the order of a pattern
    /// key.
    pub(crate) fn around(&self, p: Slot) -> [Slot; 8] {
        let (p, s) = (p.index(), self.stride);
        [
            Slot::new(p - s - 1),
            Slot::new(p - s),
            Slot::new(p - s + 1),
            Slot::new(p - 1),
            Slot::new(p + 1),
            Slot::new(p + s - 1),
            Slot::new(p + s),
            Slot::new(p + s + 1),
        ]
    }

    /// The eight array indices around the point on index `p`, as [`Position::around`].
    fn surrounding(&self, p: usize) -> [usize; 8] {
        let s = self.stride;
        [
            p - s - 1,
            p - s,
            p - s + 1,
            p - 1,
            p + 1,
            p + s - 1,
            p + s,
            p + s + 1,
        ]
    }

    /// The number of array slots a board of this size uses.
    pub(crate) fn slot_count(&self) -> usize {
        (self.size + 2) * self.stride + 1
    }

    /// The Tromp-Taylor score of the stones on the board, as black's points minus white's.
    /// Fast for playout ends, where nearly every empty point is an eye: an empty point whose
    /// neighbours are all one colour (or the edge) counts at once; other empty regions are
    /// explored.
    pub(crate) fn area_margin(&self) -> i32 {
        let mut margin = 0i32;
        let mut open = false;
        for &p in self.empty_slots() {
            let p = p.index();
            let mut seen = 0u8;
            for q in self.adjacent(p) {
                seen |= match self.points[q] {
                    BLACK => 1,
                    WHITE => 2,
                    EMPTY => 4,
                    _ => 0,
                };
            }
            match seen {
                1 => margin += 1,
                2 => margin -= 1,
                3 => {}
                _ => open = true,
            }
        }
        if open {
            let score = self.board().score();
            return score.black as i32 - score.white as i32;
        }
        let stones = self.size * self.size - self.empty_count;
        let mut black = 0i32;
        for y in 0..self.size {
            let row = (y + 1) * self.stride + 1;
            black += self.points[row..row + self.size]
                .iter()
                .filter(|&&s| s == BLACK)
                .count() as i32;
        }
        margin + 2 * black - stones as i32
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Position {0} x {0}, {1:?} to move\n{2}",
            self.size,
            self.to_move,
            self.board()
        )
    }
}

#[cfg(test)]
mod tests;
