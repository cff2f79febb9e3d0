//! A set of cells as independent games: its 4-connected components, the cells that do not
//! change its value ([`reduce`]), and the links between cells a game does not need, which may
//! split a region into pieces ([`split`]).

use super::layout::Layout;
use super::word::Word;

/// The cells of `cells` and their 4-neighbours.
pub fn dilate<L: Layout>(cells: L::Word) -> L::Word {
    cells | neighbours::<L>(cells)
}

/// The 4-neighbours of the cells of `cells` (a cell of `cells` is one when a neighbour is).
#[inline]
fn neighbours<L: Layout>(cells: L::Word) -> L::Word {
    ((cells & !L::LAST_COLUMN) << 1)
        | ((cells & !L::FIRST_COLUMN) >> 1)
        | (cells << L::STRIDE)
        | (cells >> L::STRIDE)
}

/// The 4-connected component of `cells` holding its lowest cell.
pub fn first_component<L: Layout>(cells: L::Word) -> L::Word {
    component_across::<L>(cells, L::Word::ZERO)
}

/// The component of `cells` holding its lowest cell, when the link from each cell of `cut` to
/// its right-hand neighbour is not followed.
#[inline]
fn component_across<L: Layout>(cells: L::Word, cut: L::Word) -> L::Word {
    // The cells whose link to the right is followed. Adding a cell of `links` to `links`
    // carries through the run of links above it and stops on the run's last cell: one
    // addition grows the component to the right along each of its rows.
    let links = cells & (cells >> 1) & !L::LAST_COLUMN & !cut;
    let mut component = cells & cells.wrapping_neg();
    loop {
        let rightward = (links.wrapping_add(component & links) ^ links) | component;
        // One step to the left too: a cell whose link to the right reaches the component.
        let row = rightward | ((rightward >> 1) & links);
        let grown = (row | (row << L::STRIDE) | (row >> L::STRIDE)) & cells;
        // Done when nothing was added, or (one round sooner) when all of `cells` was reached.
        if grown == component || grown == cells {
            return grown;
        }
        component = grown;
    }
}

/// `cells` without the cells that do not change the game's value (`reduce_once` until
/// nothing changes).
pub fn reduce<L: Layout>(cells: L::Word) -> L::Word {
    reduce_and_cut::<L>(cells).0
}

/// [`reduce`] of `cells`, and the links to cut in what is left (`cut_links`), from one look at
/// its cells' neighbours.
#[inline(always)]
fn reduce_and_cut<L: Layout>(mut cells: L::Word) -> (L::Word, L::Word) {
    loop {
        let sides = Sides::of::<L>(cells);
        let reduced = reduce_once::<L>(cells, &sides);
        if reduced == cells {
            return (cells, cut_links::<L>(&sides));
        }
        cells = reduced;
    }
}

/// The cells of a set with an empty neighbour on each side.
pub(super) struct Sides<W> {
    right: W,
    left: W,
    below: W,
    above: W,
}

impl<W: Word> Sides<W> {
    #[inline]
    pub(super) fn of<L: Layout<Word = W>>(cells: W) -> Self {
        Self {
            right: cells & ((cells & !L::FIRST_COLUMN) >> 1),
            left: cells & ((cells & !L::LAST_COLUMN) << 1),
            below: cells & (cells >> L::STRIDE),
            above: cells & (cells << L::STRIDE),
        }
    }
}

/// The cells whose link to their right-hand neighbour a game on `cells` does not need: the left
/// cells of both rows of each 2 x 2 block of empty cells in which two opposite corners have no
/// empty neighbour outside the block. Say the top-left `a` and bottom-right `d` (neighbours
/// only `b` top-right and `c` bottom-left). The domino `a b` leaves `d` hanging on `c` alone,
/// as `b d` leaves `a`, and `c d` leaves what `a c` leaves; every other move keeps the block
/// of this kind or, taking `b` or `c` away with an outside cell, leaves `a` and `d` both
/// hanging on the other (where one counts as much as two). So the game is the same without the
/// links `a b` and `c d`, and where only they joined two parts, the parts are separate games.
#[inline]
pub(super) fn cut_links<L: Layout>(sides: &Sides<L::Word>) -> L::Word {
    let &Sides {
        right,
        left,
        below,
        above,
    } = sides;
    let top_left = right & below & !left & !above;
    let bottom_right = left & above & !right & !below;
    let top_right = left & below & !right & !above;
    let bottom_left = right & above & !left & !below;
    let blocks = (top_left & (bottom_right >> (L::STRIDE + 1)))
        | ((top_right >> 1) & (bottom_left >> L::STRIDE));
    blocks | (blocks << L::STRIDE)
}

/// Whether `cells` is one region that [`split`] leaves as it is: connected (the caller knows),
/// reduced, and with no link to cut.
pub fn stays_whole<L: Layout>(cells: L::Word) -> bool {
    let sides = Sides::of::<L>(cells);
    reduce_once::<L>(cells, &sides) == cells && cut_links::<L>(&sides) == L::Word::ZERO
}

/// Calls `found` with each of the independent regions `cells` comes to once reduced and cut
/// where links are not needed (see [`reduce`] and `cut_links`): the game on `cells` is the
/// sum of the games on them. Each is reduced and has no link to cut that would split it.
pub fn split<L: Layout, F: FnMut(L::Word)>(cells: L::Word, found: &mut F) {
    let (cells, cut) = reduce_and_cut::<L>(cells);
    let mut rest = cells;
    while rest != L::Word::ZERO {
        let piece = component_across::<L>(rest, cut);
        rest &= !piece;
        if cut == L::Word::ZERO || piece == cells {
            found(piece);
        } else {
            split::<L, _>(piece, found);
        }
    }
}

/// `cells` without cells that do not change the game's value, once:
///
/// - a *tuft* is a cell with one empty neighbour, its *centre*. Of several tufts on one centre
///   all but one go: every domino on the centre leaves the others dead, and the dominoes
///   joining the centre to each tuft leave the same position up to where the dead cell lies;
/// - a cell that is neither a tuft nor a centre, and whose every neighbour is a centre (or
///   which has none), goes: a domino joining it to a centre leaves what the domino of that
///   centre and its tuft leaves, and the cell stays of this kind after any other move.
#[inline]
fn reduce_once<L: Layout>(cells: L::Word, sides: &Sides<L::Word>) -> L::Word {
    let &Sides {
        right,
        left,
        below,
        above,
    } = sides;
    let any = right | left | below | above;
    let two = (right & left) | ((right | left) & (below | above)) | (below & above);
    let tufts = any & !two;
    // Centres seen so far, one direction of tuft at a time; a tuft whose centre was seen goes.
    let mut centres = (tufts & below) << L::STRIDE;
    let mut extra = L::Word::ZERO;
    let tufts_left_of_centre = tufts & right;
    extra |= tufts_left_of_centre & (centres >> 1);
    centres |= tufts_left_of_centre << 1;
    let tufts_below_centre = tufts & above;
    extra |= tufts_below_centre & (centres << L::STRIDE);
    centres |= tufts_below_centre >> L::STRIDE;
    let tufts_right_of_centre = tufts & left;
    extra |= tufts_right_of_centre & (centres << 1);
    centres |= tufts_right_of_centre >> 1;
    let others = cells & !(tufts | centres);
    let lonely = others & !neighbours::<L>(others);
    cells & !extra & !lonely
}
