//! The search's view of a position: the board as a graph of groups.
//!
//! A *group* is a 4-connected set of cells of one colour that lie outside both areas, or one of
//! the two areas. Cells outside the areas never change colour and a move absorbs whole groups,
//! so an area is always a union of groups: during a search a position is two [`GroupSet`]s,
//! and a move, the end of the game and the evaluation are walks over the graph of neighbouring
//! groups ([`Groups`]) instead of floods over cells. A random 50 x 50 board has about 1,500
//! groups.

use std::sync::Arc;

use floodgate_bitgrid::{Bits, Cell};
use floodgate_search::mix;

use crate::position::{Colour, MAX_SIDE, MOVE_LIMIT, Position, SIDE_KEY, Side, Tally, colour_key};

/// The most groups a board can have (one per cell).
pub const MAX_GROUPS: usize = MAX_SIDE * MAX_SIDE;

const WORDS: usize = MAX_GROUPS.div_ceil(64);

/// A set of group numbers below [`MAX_GROUPS`]: the one bitset of the engines, 40 words.
pub type GroupSet = Bits<WORDS>;

/// The fixed part of a position: its groups, their colours and sizes, and which groups touch.
#[derive(Debug)]
pub struct Groups {
    colours: Vec<Colour>,
    sizes: Vec<u32>,
    /// The neighbours of group `g` are `neighbours[starts[g]..starts[g + 1]]`.
    neighbours: Vec<u16>,
    starts: Vec<u32>,
    /// The same neighbours as [`GroupSet`] words, `(word, bits)`, one entry per word they
    /// touch: those of group `g` are `neighbour_words[word_starts[g]..word_starts[g + 1]]`.
    /// Neighbours lie close on the board and so close in number, so a group's few neighbours
    /// mostly share one or two words, and the race ORs a word instead of setting each bit.
    neighbour_words: Vec<(usize, u64)>,
    word_starts: Vec<u32>,
    of_colour: [GroupSet; 5],
    all: GroupSet,
    /// The group of each cell, row by row.
    cell_groups: Vec<u16>,
    width: usize,
}

impl Groups {
    /// Splits the board of `position` into groups (each area is one group).
    pub fn new(position: &Position) -> Self {
        let (width, height) = (position.width(), position.height());
        let Labels {
            cell_groups,
            colours,
            sizes,
        } = label_groups(position);
        let (neighbours, starts) = group_neighbours(&cell_groups, colours.len(), width, height);
        let (neighbour_words, word_starts) = neighbours_as_words(&neighbours, &starts);
        let mut of_colour = [GroupSet::EMPTY; 5];
        let mut all = GroupSet::EMPTY;
        for (group, colour) in colours.iter().enumerate() {
            of_colour[colour.index()].insert(group);
            all.insert(group);
        }
        Self {
            colours,
            sizes,
            neighbours,
            starts,
            neighbour_words,
            word_starts,
            of_colour,
            all,
            cell_groups,
            width,
        }
    }

    /// How many groups there are.
    pub fn len(&self) -> usize {
        self.colours.len()
    }

    /// The words of a [`GroupSet`] that can hold one of these groups (one on a 10 x 10 board,
    /// of the 40 in a `GroupSet`): the sets of the race are updated over only these.
    fn used_words(&self) -> usize {
        self.len().div_ceil(64)
    }

    /// Whether there are none (never: a board has at least one cell).
    pub fn is_empty(&self) -> bool {
        self.colours.is_empty()
    }

    /// The group holding `cell`.
    pub fn group_of(&self, cell: Cell) -> usize {
        self.cell_groups[cell.y * self.width + cell.x] as usize
    }

    /// The cells in `group`.
    pub fn size(&self, group: usize) -> u32 {
        self.sizes[group]
    }

    /// The groups next to `group`.
    pub fn neighbours(&self, group: usize) -> &[u16] {
        &self.neighbours[self.starts[group] as usize..self.starts[group + 1] as usize]
    }

    /// The neighbours of `group` as `(word, bits)` of a [`GroupSet`], one entry per word.
    fn neighbour_words(&self, group: usize) -> &[(usize, u64)] {
        &self.neighbour_words
            [self.word_starts[group] as usize..self.word_starts[group + 1] as usize]
    }

    /// The cells of the groups of `set`, whose neighbours (free or not, in `set` or not) it
    /// adds to `into`, calling `visit` with each group: one step of a flood over the groups,
    /// word by word over the board's words only.
    fn spread(&self, set: &GroupSet, into: &mut GroupSet, mut visit: impl FnMut(usize)) -> u32 {
        let mut cells = 0;
        for (i, &word) in set.words()[..self.used_words()].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let group = i * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                visit(group);
                cells += self.size(group);
                for &(at, neighbours) in self.neighbour_words(group) {
                    into.words_mut()[at] |= neighbours;
                }
            }
        }
        cells
    }

    /// The cells in the groups of `set`.
    pub fn cells(&self, set: &GroupSet) -> u32 {
        set.iter().map(|group| self.sizes[group]).sum()
    }
}

/// The groups of a board as [`label_groups`] finds them, numbered in the order of their first
/// cell, row by row.
struct Labels {
    /// The group of each cell, row by row.
    cell_groups: Vec<u16>,
    /// The colour of each group.
    colours: Vec<Colour>,
    /// The cells in each group.
    sizes: Vec<u32>,
}

/// The cells next to cell `index` of a `width` x `height` board (cells numbered row by row):
/// the one before it and the one after it in its row, then the one above and the one below,
/// those on the board only.
fn cell_neighbours(index: usize, width: usize, height: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (index % width, index / width);
    [
        (x > 0).then(|| index - 1),
        (x + 1 < width).then(|| index + 1),
        (y > 0).then(|| index - width),
        (y + 1 < height).then(|| index + width),
    ]
    .into_iter()
    .flatten()
}

/// Returns the groups of the board of `position`, labelled by depth-first search over cells:
/// two neighbouring cells are in one group when both lie in the same area, or both outside the
/// areas with one colour.
fn label_groups(position: &Position) -> Labels {
    let (width, height) = (position.width(), position.height());
    let colour = |index: usize| position.colour_at(Cell::new(index % width, index / width));
    let colours_by_cell: Vec<Colour> = (0..width * height).map(colour).collect();
    let area_of = |index: usize| {
        let cell = Cell::new(index % width, index / width);
        [Side::J, Side::S]
            .into_iter()
            .find(|&side| position.area(side).contains(cell))
    };
    let areas_by_cell: Vec<Option<Side>> = (0..width * height).map(area_of).collect();
    let unlabelled = u16::MAX;
    let mut cell_groups = vec![unlabelled; width * height];
    let (mut colours, mut sizes) = (Vec::new(), Vec::new());
    let mut stack = Vec::new();
    for start in 0..width * height {
        if cell_groups[start] != unlabelled {
            continue;
        }
        let group = colours.len() as u16;
        cell_groups[start] = group;
        stack.push(start);
        let mut size = 0;
        while let Some(index) = stack.pop() {
            size += 1;
            for next in cell_neighbours(index, width, height) {
                if cell_groups[next] == unlabelled
                    && areas_by_cell[next] == areas_by_cell[start]
                    && colours_by_cell[next] == colours_by_cell[start]
                {
                    cell_groups[next] = group;
                    stack.push(next);
                }
            }
        }
        colours.push(colours_by_cell[start]);
        sizes.push(size);
    }
    Labels {
        cell_groups,
        colours,
        sizes,
    }
}

/// Returns the neighbours of each of the `groups` groups of a `width` x `height` board whose
/// cells are in the groups `cell_groups`, as `(neighbours, starts)`: those of group `g` are
/// `neighbours[starts[g]..starts[g + 1]]`, in increasing order.
fn group_neighbours(
    cell_groups: &[u16],
    groups: usize,
    width: usize,
    height: usize,
) -> (Vec<u16>, Vec<u32>) {
    let mut edges: Vec<(u16, u16)> = (0..width * height)
        .flat_map(|index| cell_neighbours(index, width, height).map(move |next| (index, next)))
        .map(|(a, b)| (cell_groups[a], cell_groups[b]))
        .filter(|(a, b)| a != b)
        .collect();
    edges.sort_unstable();
    edges.dedup();
    let mut starts = vec![0u32; groups + 1];
    for &(a, _) in &edges {
        starts[a as usize + 1] += 1;
    }
    for g in 0..groups {
        starts[g + 1] += starts[g];
    }
    let neighbours: Vec<u16> = edges.iter().map(|&(_, b)| b).collect();
    (neighbours, starts)
}

/// Returns the neighbours of each group (`neighbours[starts[g]..starts[g + 1]]`, sorted) as
/// [`GroupSet`] words, `(neighbour_words, word_starts)`: those of group `g` are
/// `neighbour_words[word_starts[g]..word_starts[g + 1]]`, one `(word, bits)` per word touched.
fn neighbours_as_words(neighbours: &[u16], starts: &[u32]) -> (Vec<(usize, u64)>, Vec<u32>) {
    let mut neighbour_words: Vec<(usize, u64)> = Vec::new();
    let mut word_starts = vec![0u32];
    for group in 0..starts.len() - 1 {
        let first = neighbour_words.len();
        for &next in &neighbours[starts[group] as usize..starts[group + 1] as usize] {
            let (word, bit) = (usize::from(next) / 64, 1 << (next % 64));
            // The neighbours are sorted: a new word only ever follows the last one.
            match neighbour_words[first..].last_mut() {
                Some((last, bits)) if *last == word => *bits |= bit,
                _ => neighbour_words.push((word, bit)),
            }
        }
        word_starts.push(neighbour_words.len() as u32);
    }
    (neighbour_words, word_starts)
}

/// A position during the search: both areas as sets of [`Groups`], and the groups next to each.
///
/// The game ends as [`Position::is_over`] says ([`GroupPosition::is_over`]): at the separation
/// of the areas or at the move limit, whichever comes first. The bot's searches stop at the
/// separation only ([`GroupPosition::is_separated`]; see there why).
#[derive(Clone, Debug)]
pub struct GroupPosition {
    groups: Arc<Groups>,
    areas: [GroupSet; 2],
    /// The cells in each area.
    cells: [u32; 2],
    /// The groups next to each area, outside it.
    borders: [GroupSet; 2],
    area_colours: [Colour; 2],
    to_move: Side,
    /// Moves made so far in the game, counted as [`Position::moves_played`] counts them.
    moves_played: u16,
    hash: u64,
    /// Why the areas are not separated, kept up to date by each move.
    link: Link,
}

/// The longest path a [`Link`] keeps.
const LINK_CAPACITY: usize = 60;

/// A path of free groups from one next to J's area to one next to S's (each next to the one
/// before), which shows that the areas are not separated. A move cuts it where it absorbs its
/// groups, and what is left on the far side is a path again: only when nothing is left must a
/// new one be searched for.
#[derive(Clone, Copy, Debug)]
struct Link {
    path: [u16; LINK_CAPACITY],
    /// The length of the path; 0 once the areas are separated, [`Link::UNKNOWN`] when the
    /// shortest path is too long to keep.
    len: u8,
}

impl Link {
    const UNKNOWN: u8 = u8::MAX;
    const SEPARATED: Self = Self {
        path: [0; LINK_CAPACITY],
        len: 0,
    };

    /// The path that ends at `last` and follows `parent` back to a group that is its own
    /// parent (one next to J's area), or an unknown link when it is longer than the capacity.
    fn back_from(last: usize, parent: &[u16]) -> Self {
        let back = || {
            std::iter::successors(Some(last), |&at| {
                let up = usize::from(parent[at]);
                (up != at).then_some(up)
            })
        };
        let len = back().count();
        let mut link = Self::SEPARATED;
        if len > LINK_CAPACITY {
            link.len = Self::UNKNOWN;
        } else {
            for (slot, group) in link.path[..len].iter_mut().rev().zip(back()) {
                *slot = group as u16;
            }
            link.len = len as u8;
        }
        link
    }
}

impl GroupPosition {
    /// The position of `position`, whose areas must be two different groups (players who share
    /// one area, [`Position::shares_area`], have nothing to search).
    pub fn new(position: &Position) -> Self {
        let groups = Arc::new(Groups::new(position));
        let corners = [
            Cell::new(0, position.height() - 1),
            Cell::new(position.width() - 1, 0),
        ];
        let areas = corners.map(|corner| {
            let mut set = GroupSet::EMPTY;
            set.insert(groups.group_of(corner));
            set
        });
        let borders = areas.map(|area| {
            let mut border = GroupSet::EMPTY;
            for group in area.iter() {
                for &next in groups.neighbours(group) {
                    border.insert(next as usize);
                }
            }
            border
        });
        let mut hash = if position.to_move() == Side::S {
            SIDE_KEY
        } else {
            0
        };
        for side in [Side::J, Side::S] {
            hash ^= colour_key(side.index(), position.colour(side));
            hash ^= group_key(side, areas[side.index()].iter().next().expect("one group"));
        }
        let mut start = Self {
            cells: areas.map(|area| groups.cells(&area)),
            groups,
            areas,
            borders,
            area_colours: [Side::J, Side::S].map(|side| position.colour(side)),
            to_move: position.to_move(),
            moves_played: position.moves_played(),
            hash,
            link: Link::SEPARATED,
        };
        start.relink();
        start
    }

    /// The groups of the board.
    pub fn groups(&self) -> &Groups {
        &self.groups
    }

    /// The player to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Moves made so far in the game (as far as this position knows): those of the
    /// [`Position`] it was made from, plus one for each move played since. A position read
    /// from the judge knows none (the judge does not say how many were played).
    pub fn moves_played(&self) -> u16 {
        self.moves_played
    }

    /// A player's area.
    pub fn area(&self, side: Side) -> &GroupSet {
        &self.areas[side.index()]
    }

    /// The cells in each area, `[J's, S's]`.
    pub fn area_cells(&self) -> [u32; 2] {
        self.cells
    }

    /// A player's current colour.
    pub fn colour(&self, side: Side) -> Colour {
        self.area_colours[side.index()]
    }

    /// The colours the player to move may pick: neither its own nor the opponent's.
    pub fn legal_moves(&self) -> impl Iterator<Item = Colour> + '_ {
        Colour::ALL
            .into_iter()
            .filter(|&c| c != self.area_colours[0] && c != self.area_colours[1])
    }

    /// A Zobrist hash of the areas, their colours and the player to move (not of the moves
    /// played: positions reached in different numbers of moves hash alike).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The groups outside both areas.
    fn free(&self) -> GroupSet {
        self.groups.all.minus(&self.areas[0]).minus(&self.areas[1])
    }

    /// The position after the player to move picks `colour` (a legal one): its area absorbs
    /// every group of that colour next to it.
    pub fn play(&self, colour: Colour) -> Self {
        let mut next = self.clone();
        next.play_in_place(colour);
        next
    }

    /// [`GroupPosition::play`] in place: the search's walk down its tree changes one copy of
    /// the root instead of copying the position at every step.
    pub fn play_in_place(&mut self, colour: Colour) {
        let me = self.to_move;
        let m = me.index();
        let groups = &*self.groups;
        // Only the words that can hold one of this board's groups (as in `race`).
        let words = groups.used_words();
        let mut absorbed = GroupSet::EMPTY;
        for i in 0..words {
            absorbed.words_mut()[i] = self.borders[m].words()[i]
                & groups.of_colour[colour.index()].words()[i]
                & !self.areas[1 - m].words()[i];
        }
        let hash = &mut self.hash;
        self.cells[m] += groups.spread(&absorbed, &mut self.borders[m], |group| {
            *hash ^= group_key(me, group);
        });
        for i in 0..words {
            self.areas[m].words_mut()[i] |= absorbed.words()[i];
            self.borders[m].words_mut()[i] &= !self.areas[m].words()[i];
        }
        self.hash ^= colour_key(m, self.area_colours[m]) ^ colour_key(m, colour) ^ SIDE_KEY;
        self.area_colours[m] = colour;
        self.to_move = me.other();
        self.moves_played = self.moves_played.saturating_add(1);
        let link = &mut self.link;
        let len = usize::from(link.len);
        if link.len == Link::UNKNOWN {
            self.relink();
            return;
        }
        let path = &mut link.path[..len];
        let cut = match me {
            // J keeps the part beyond the last group it absorbed, S the part before the first.
            Side::J => path
                .iter()
                .rposition(|&g| absorbed.contains(g as usize))
                .map(|last| {
                    path.copy_within(last + 1.., 0);
                    len - last - 1
                }),
            Side::S => path.iter().position(|&g| absorbed.contains(g as usize)),
        };
        if let Some(kept) = cut {
            link.len = kept as u8;
            if kept == 0 {
                self.relink();
            }
        }
    }

    /// Finds a new [`Link`]: a shortest path of free groups between the areas, or none when
    /// they are separated.
    fn relink(&mut self) {
        let free = self.free();
        let target = self.borders[1].and(&free);
        self.link = Link::SEPARATED;
        let start = self.borders[0].and(&free);
        // Late in a game the areas often nearly touch: a free group next to both is a path.
        if let Some(group) = start.and(&target).iter().next() {
            self.link.path[0] = group as u16;
            self.link.len = 1;
            return;
        }
        // Breadth first from J's side; the first group next to S's area found ends a
        // shortest path.
        let mut parent = [u16::MAX; MAX_GROUPS];
        let mut queue = [0u16; MAX_GROUPS];
        let (mut head, mut tail) = (0, 0);
        for group in start.iter() {
            parent[group] = group as u16;
            queue[tail] = group as u16;
            tail += 1;
        }
        while head < tail {
            let group = usize::from(queue[head]);
            head += 1;
            for &next in self.groups.neighbours(group) {
                let next = usize::from(next);
                if free.contains(next) && parent[next] == u16::MAX {
                    parent[next] = group as u16;
                    if target.contains(next) {
                        self.link = Link::back_from(next, &parent);
                        return;
                    }
                    queue[tail] = next as u16;
                    tail += 1;
                }
            }
        }
    }

    /// Whether no group outside the areas can be reached from both (through groups outside the
    /// areas): the score can no longer change.
    ///
    /// This is where the bot's searches ([`crate::FloodWars`]) end a game, whatever the number
    /// of moves: the judge does not say how many were played, and the limit lies far beyond
    /// their horizon (docs/floodwars.md, "The 150-move limit"). The end of the game by the
    /// rules, the limit included, is [`GroupPosition::is_over`].
    pub fn is_separated(&self) -> bool {
        self.link.len == 0
    }

    /// Whether the game is over, as [`Position::is_over`] has it: the move limit
    /// ([`MOVE_LIMIT`], counted by [`GroupPosition::moves_played`]) is reached, or the areas
    /// are separated ([`GroupPosition::is_separated`]). The score is then
    /// [`GroupPosition::score`].
    pub fn is_over(&self) -> bool {
        self.moves_played >= MOVE_LIMIT || self.is_separated()
    }

    /// The score as [`Position::score`] counts it, the judge's: each player's area plus the
    /// free cells only it reaches. Every free region touches an area, so the cells both reach
    /// are the two reaches ([`GroupPosition::reach`]) less the free cells.
    pub fn score(&self) -> Tally {
        let [j, s] = self.cells.map(|cells| cells as usize);
        let [reach_j, reach_s] = self.reach().map(|cells| cells as usize);
        let free = self.groups.cell_groups.len() - j - s;
        Tally {
            j: j + free - reach_s,
            s: s + free - reach_j,
        }
    }

    /// The path of free groups that shows the areas are not separated, from a group next to
    /// J's area to one next to S's, each next to the one before; `None` when they are
    /// separated, or the path is too long to keep.
    pub fn link(&self) -> Option<&[u16]> {
        (self.link.len != 0 && self.link.len != Link::UNKNOWN)
            .then(|| &self.link.path[..usize::from(self.link.len)])
    }

    /// Both players grow at once, one step at a time for at most `steps` steps; a step takes
    /// every free group next to what a player holds (whatever its colour). A group both reach
    /// in the same step goes to nobody and blocks both. Returns the cells each then holds,
    /// `[J's, S's]`: its area and every group it reached first. Once the areas are separated,
    /// a race run to its end counts exactly the score.
    pub fn race(&self, steps: usize) -> [u32; 2] {
        // The hot path of the search: the sets are updated in place, word by word, over only
        // the words that can hold one of this board's groups (`free` too: `Self::free` works
        // on all 40 words of a `GroupSet` and returns a copy, which measured slower on small
        // boards).
        let groups = &*self.groups;
        let words = groups.used_words();
        let [area_j, area_s] = &self.areas;
        let mut free = GroupSet::EMPTY;
        for i in 0..words {
            free.words_mut()[i] = groups.all.words()[i] & !area_j.words()[i] & !area_s.words()[i];
        }
        let mut layers = self.borders;
        let mut won = [GroupSet::EMPTY; 2];
        let mut cells = self.cells;
        for _ in 0..steps {
            // Each side wins the groups of its layer the other does not reach in the same
            // step; the layers leave the free groups either way.
            let mut racing = false;
            for i in 0..words {
                let (j, s) = (
                    layers[0].words()[i] & free.words()[i],
                    layers[1].words()[i] & free.words()[i],
                );
                racing |= (j | s) != 0;
                free.words_mut()[i] &= !(j | s);
                won[0].words_mut()[i] = j & !s;
                won[1].words_mut()[i] = s & !j;
                layers[0].words_mut()[i] = 0;
                layers[1].words_mut()[i] = 0;
            }
            if !racing {
                break;
            }
            // The next layers: the free groups next to the groups just won.
            // Every neighbour goes in, free or not: the next step keeps only the free ones. A
            // test per neighbour was often mispredicted, since which neighbours are free
            // changes from leaf to leaf.
            for side in 0..2 {
                cells[side] += groups.spread(&won[side], &mut layers[side], |_| {});
            }
        }
        cells
    }

    /// The free cells each player's area can still reach through free groups, `[J's, S's]`.
    /// Free regions only split as the game goes on and every one touches an area, so a
    /// player ends the game with at most its area plus these cells, and at least its area
    /// plus the free cells the opponent cannot reach: the bounds an exact search cuts on.
    pub fn reach(&self) -> [u32; 2] {
        // A flood from each border over the free groups, word by word as in `race`.
        let groups = &*self.groups;
        let words = groups.used_words();
        let free = self.free();
        [0, 1].map(|side| {
            let mut reached = GroupSet::EMPTY;
            let mut layer = self.borders[side];
            let mut next = GroupSet::EMPTY;
            let mut cells = 0;
            loop {
                let mut growing = false;
                for i in 0..words {
                    layer.words_mut()[i] &= free.words()[i] & !reached.words()[i];
                    reached.words_mut()[i] |= layer.words()[i];
                    growing |= layer.words()[i] != 0;
                }
                if !growing {
                    return cells;
                }
                next.words_mut()[..words].fill(0);
                cells += groups.spread(&layer, &mut next, |_| {});
                std::mem::swap(&mut layer, &mut next);
            }
        })
    }
}

fn group_key(side: Side, group: usize) -> u64 {
    mix(16 + (group * 2 + side.index()) as u64)
}
