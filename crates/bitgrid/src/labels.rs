//! Connected-component labeling: a label for every cell, as image libraries give it.
//!
//! The runs of the plane are joined into components ([`RunSets`]), the components numbered
//! in raster order, and the label image is then written a word of the row at a time, each in
//! the cheapest of four ways for its cells: a fill for each run and gap (one or two long runs:
//! coarse images), where components are few and the word's runs share one label that label
//! masked by its set cells, a fill of the runs' label and a zero for each clear cell (dense
//! words), else zeros and a store for each set cell. A row equal to the row above copies its labels. A
//! flood that would need many sweeps finishes the same way ([`flood_by_runs`]).

use crate::Connectivity;
use crate::dispatch::{self, Kernel};
use crate::plane::{Cell, Plane};
use crate::run_sets::{RunSets, repeats_row_above, starts};

/// A label for every cell of a plane: 0 for a cell not in the plane, `1..=count` for the
/// connected components, numbered in row-major order of their first cell (as a raster scan
/// meets them).
///
/// ```
/// use floodgate_bitgrid::{Cell, Connectivity, Plane};
/// let plane: Plane = "X X .\n. . X\nX . X".parse().unwrap();
/// let labels = plane.label_components(Connectivity::Four);
/// assert_eq!(labels.count(), 3);
/// assert_eq!(labels.as_slice(), [1, 1, 0, 0, 0, 2, 3, 0, 2]);
/// assert_eq!(plane.label_components(Connectivity::Eight).count(), 2);
/// assert_eq!(labels.label(Cell::new(2, 2)), 2);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Labels {
    width: usize,
    height: usize,
    count: u32,
    labels: Vec<u32>,
}

impl Labels {
    /// The width of the labeled grid.
    pub const fn width(&self) -> usize {
        self.width
    }

    /// The height of the labeled grid.
    pub const fn height(&self) -> usize {
        self.height
    }

    /// The number of components (the largest label).
    pub const fn count(&self) -> u32 {
        self.count
    }

    /// The labels, row by row: cell `(x, y)` at index `y * width + x`.
    pub fn as_slice(&self) -> &[u32] {
        &self.labels
    }

    /// The label of `cell` (0 when it is not in the plane). Panics if it is off the grid.
    pub fn label(&self, cell: Cell) -> u32 {
        assert!(
            cell.x < self.width && cell.y < self.height,
            "{cell:?} is off the grid"
        );
        self.labels[cell.y * self.width + cell.x]
    }

    /// The labels as a vector, row by row.
    pub fn into_vec(self) -> Vec<u32> {
        self.labels
    }
}

impl Plane {
    /// A label for every cell: its connected component's number, in row-major order of the
    /// components' first cells, or 0 for a cell not in the plane (what OpenCV's
    /// `connectedComponents` and SciPy's `ndimage.label` return, up to their numbering).
    pub fn label_components(&self, connectivity: Connectivity) -> Labels {
        let (width, height) = (self.width(), self.height());
        let mut labels = Vec::with_capacity(width * height);
        let count = dispatch::run(LabelComponentsVec(self, connectivity, &mut labels));
        Labels {
            width,
            height,
            count,
            labels,
        }
    }

    /// [`Plane::label_components`] into a buffer of the caller's, such as an image's: writes
    /// cell `(x, y)`'s label to `labels[y * width + x]` and returns the number of components.
    /// Panics if `labels` does not hold `width * height` labels.
    ///
    /// ```
    /// use floodgate_bitgrid::{Connectivity, Plane};
    /// let plane: Plane = "X . X\n. X .".parse().unwrap();
    /// let mut labels = [9; 6];
    /// assert_eq!(plane.label_components_into(Connectivity::Four, &mut labels), 3);
    /// assert_eq!(labels, [1, 0, 2, 0, 3, 0]);
    /// ```
    pub fn label_components_into(&self, connectivity: Connectivity, labels: &mut [u32]) -> u32 {
        let (width, height) = (self.width(), self.height());
        assert_eq!(
            labels.len(),
            width * height,
            "a {width} x {height} grid has {} cells",
            width * height
        );
        dispatch::run(LabelComponents(self, connectivity, labels))
    }

    /// The number of connected components, without labeling the cells.
    ///
    /// ```
    /// use floodgate_bitgrid::{Connectivity, Plane};
    /// let plane: Plane = "X . X\n. X .\nX . X".parse().unwrap();
    /// assert_eq!(plane.count_components(Connectivity::Four), 5);
    /// assert_eq!(plane.count_components(Connectivity::Eight), 1);
    /// ```
    pub fn count_components(&self, connectivity: Connectivity) -> u32 {
        dispatch::run(CountComponents(self, connectivity))
    }
}

/// [`Plane::label_components_into`] as a [`Kernel`]: the labels into the buffer, the count
/// returned.
struct LabelComponents<'a>(&'a Plane, Connectivity, &'a mut [u32]);

impl Kernel for LabelComponents<'_> {
    type Output = u32;

    #[inline(always)]
    fn run(self) -> u32 {
        let LabelComponents(plane, connectivity, labels) = self;
        let mut out = SliceOut { labels, written: 0 };
        write_labels(plane, connectivity, &mut out)
    }
}

/// [`Plane::label_components`] as a [`Kernel`]: the labels pushed onto a vector with room for
/// them (never written twice, as a zeroed vector would be), the count returned.
struct LabelComponentsVec<'a>(&'a Plane, Connectivity, &'a mut Vec<u32>);

impl Kernel for LabelComponentsVec<'_> {
    type Output = u32;

    #[inline(always)]
    fn run(self) -> u32 {
        let LabelComponentsVec(plane, connectivity, labels) = self;
        write_labels(plane, connectivity, labels)
    }
}

/// Where labels go, in raster order: each call writes the next cells.
trait LabelOut {
    /// The next `len` cells all get `label`.
    fn fill(&mut self, label: u32, len: usize);
    /// The next cells get `labels`.
    fn copy(&mut self, labels: &[u32]);
    /// The next `len` cells get the labels of the `len` cells before them (at least `len`
    /// are written).
    fn repeat(&mut self, len: usize);
}

/// A buffer of the caller's, written from its start.
struct SliceOut<'a> {
    labels: &'a mut [u32],
    /// How many cells are written.
    written: usize,
}

impl SliceOut<'_> {
    /// The next `len` cells.
    #[inline(always)]
    fn next(&mut self, len: usize) -> &mut [u32] {
        let at = self.written;
        self.written += len;
        &mut self.labels[at..at + len]
    }
}

impl LabelOut for SliceOut<'_> {
    #[inline(always)]
    fn fill(&mut self, label: u32, len: usize) {
        self.next(len).fill(label);
    }

    #[inline(always)]
    fn copy(&mut self, labels: &[u32]) {
        self.next(labels.len()).copy_from_slice(labels);
    }

    #[inline(always)]
    fn repeat(&mut self, len: usize) {
        let at = self.written;
        self.labels.copy_within(at - len..at, at);
        self.written += len;
    }
}

impl LabelOut for Vec<u32> {
    #[inline(always)]
    fn fill(&mut self, label: u32, len: usize) {
        self.resize(self.len() + len, label);
    }

    #[inline(always)]
    fn copy(&mut self, labels: &[u32]) {
        self.extend_from_slice(labels);
    }

    #[inline(always)]
    fn repeat(&mut self, len: usize) {
        self.extend_from_within(self.len() - len..);
    }
}

/// Labels `plane`'s cells into `out`, row by row; returns the number of components.
#[inline(always)]
fn write_labels(plane: &Plane, connectivity: Connectivity, out: &mut impl LabelOut) -> u32 {
    let mut sets = RunSets::of(plane, connectivity);
    let count = sets.number_components();
    let runs = sets.parent.len() as u32 - 1;
    let few_labels = runs >= RUNS_A_COMPONENT * count;
    for y in 0..plane.height() {
        if repeats_row_above(plane, y) {
            out.repeat(plane.width());
        } else {
            write_row_labels(plane, y, &sets, few_labels, out);
        }
    }
    count
}

/// Writes to `out` the labels of the cells of row `y` of `plane`, from the components'
/// numbers in `sets.parent`: each word of the row by the cheapest of four ways for its cells
/// (the mask of one label tried first when there are `few_labels`, [`RUNS_A_COMPONENT`]).
#[inline(always)]
fn write_row_labels(
    plane: &Plane,
    y: usize,
    sets: &RunSets,
    few_labels: bool,
    out: &mut impl LabelOut,
) {
    let (row, width) = (plane.row(y), plane.width());
    for (i, &set) in row.iter().enumerate() {
        let cells = (width - 64 * i).min(64);
        let word = WordCells {
            set,
            starts: starts(row, i),
            run_before: sets.runs_before[y * sets.stride + i],
            width: cells,
        };
        if set == 0 {
            out.fill(0, cells);
        } else if word.runs().count_ones() <= RUNS_FILLED {
            word.write_by_runs(&sets.parent, out);
        } else if few_labels && let Some(label) = word.one_label(&sets.parent) {
            out.copy(&WordCells::cells_of(set, label)[..cells]);
        } else {
            let mut block = [0u32; 64];
            if word.clear().count_ones() <= CLEAR_CELLS_PATCHED {
                word.patch_clear_cells(&sets.parent, &mut block);
            } else {
                word.patch_set_cells(&sets.parent, &mut block);
            }
            out.copy(&block[..cells]);
        }
    }
}

/// At least this many runs a component: most words' runs are then of one component, and a
/// word is first checked for one label and written as a mask of it. YACCLAB's 1024 x 1024
/// images at 8-connectivity: 70% has 3,900 runs a component, 60% 420, 50% 76; 60% at
/// 4-connectivity 9, where the check fails too often to pay.
const RUNS_A_COMPONENT: u32 = 100;

/// At most this many runs in a word: its labels are written run by run, a fill for each run
/// and each gap (coarse images: few, long runs).
const RUNS_FILLED: u32 = 2;

/// At most this many clear cells in a word (dense images): its labels are a fill from each run
/// whose label differs from the run before, and a zero for each clear cell (at 4-connectivity
/// the labels of a dense word differ more often: more than 16 clear cells cost more fills).
const CLEAR_CELLS_PATCHED: u32 = 16;

/// One word of a row, to be labeled: which of its cells are set and where runs start in it.
struct WordCells {
    /// The set cells.
    set: u64,
    /// The cells where a run starts.
    starts: u64,
    /// The number of runs that start before the word: the run going on at its first cell.
    run_before: u32,
    /// How many of its cells are in the grid (64, or fewer at the end of a row).
    width: usize,
}

impl WordCells {
    /// The first cell of each run in the word: where one starts, and cell 0 if a run goes on
    /// from the word before.
    #[inline(always)]
    fn runs(&self) -> u64 {
        self.starts | (self.set & 1)
    }

    /// The clear cells of the grid.
    #[inline(always)]
    fn clear(&self) -> u64 {
        !self.set & (!0 >> (64 - self.width))
    }

    /// Each cell of `cells` (cells of the word, every run start among them), the lowest
    /// first, with the number of the run that holds it.
    #[inline(always)]
    fn numbered(&self, cells: u64) -> impl Iterator<Item = (u32, u32)> {
        let (starts, mut left, mut run) = (self.starts, cells, self.run_before);
        std::iter::from_fn(move || {
            (left != 0).then(|| {
                let bit = left.trailing_zeros();
                left &= left - 1;
                run += ((starts >> bit) & 1) as u32;
                (bit, run)
            })
        })
    }

    /// The label of all the word's runs, if they have one (on a dense image nearly always: a
    /// few components hold nearly every cell).
    #[inline(always)]
    fn one_label(&self, numbers: &[u32]) -> Option<u32> {
        let first = self.run_before + (self.starts & up_to_lowest(self.set)).count_ones();
        let last = self.run_before + self.starts.count_ones();
        let label = numbers[first as usize];
        if numbers[last as usize] != label {
            return None;
        }
        // No early exit: the comparisons are made four at a time.
        let same = numbers[first as usize..=last as usize]
            .iter()
            .fold(true, |same, &number| same & (number == label));
        same.then_some(label)
    }

    /// `label` on the cells of `set`, 0 on the others.
    #[inline(always)]
    fn cells_of(set: u64, label: u32) -> [u32; 64] {
        let mut cells = [0u32; 64];
        for (i, four) in cells.chunks_exact_mut(4).enumerate() {
            let bits = (set >> (4 * i)) as u32;
            for (bit, cell) in four.iter_mut().enumerate() {
                *cell = label & 0u32.wrapping_sub((bits >> bit) & 1);
            }
        }
        cells
    }

    /// Each run and each gap as one fill, from the runs' numbers in `numbers`.
    #[inline(always)]
    fn write_by_runs(&self, numbers: &[u32], out: &mut impl LabelOut) {
        let mut at = 0;
        for (bit, run) in self.numbered(self.runs()) {
            let end = (!self.set & (!0 << bit))
                .trailing_zeros()
                .min(self.width as u32);
            out.fill(0, bit as usize - at);
            out.fill(numbers[run as usize], (end - bit) as usize);
            at = end as usize;
        }
        out.fill(0, self.width - at);
    }

    /// Into a `block` of zeros: each set cell's label.
    #[inline(always)]
    fn patch_set_cells(&self, numbers: &[u32], block: &mut [u32; 64]) {
        for (bit, run) in self.numbered(self.set) {
            block[bit as usize] = numbers[run as usize];
        }
    }

    /// Into `block`: from each run on, its label, where it differs from the run before (on a
    /// dense image, nearly always one label), then 0 on each clear cell.
    #[inline(always)]
    fn patch_clear_cells(&self, numbers: &[u32], block: &mut [u32; 64]) {
        let mut label = 0;
        for (bit, run) in self.numbered(self.runs()) {
            if numbers[run as usize] != label {
                label = numbers[run as usize];
                block[bit as usize..].fill(label);
            }
        }
        let mut clear = self.clear();
        while clear != 0 {
            block[clear.trailing_zeros() as usize] = 0;
            clear &= clear - 1;
        }
    }
}

/// The bits up to and including the lowest set bit of `word` (which must not be 0).
#[inline(always)]
const fn up_to_lowest(word: u64) -> u64 {
    word ^ (word - 1)
}

/// [`Plane::count_components`] as a [`Kernel`].
struct CountComponents<'a>(&'a Plane, Connectivity);

impl Kernel for CountComponents<'_> {
    type Output = u32;

    #[inline(always)]
    fn run(self) -> u32 {
        RunSets::of(self.0, self.1).count()
    }
}

/// Grows `region` (cells of `within`, each connected to the seeds of a flood) to every cell of
/// `within` connected to it: the components of `within` that it meets, joined by runs. The
/// end of a flood whose sweeps would go on for long ([`crate::flood()`]).
pub(crate) fn flood_by_runs(region: &mut Plane, within: &Plane, connectivity: Connectivity) {
    dispatch::run(FloodByRuns {
        region,
        within,
        connectivity,
    });
}

/// [`flood_by_runs`] as a [`Kernel`].
struct FloodByRuns<'a> {
    region: &'a mut Plane,
    within: &'a Plane,
    connectivity: Connectivity,
}

impl Kernel for FloodByRuns<'_> {
    type Output = ();

    #[inline(always)]
    fn run(self) {
        let mut sets = RunSets::of(self.within, self.connectivity);
        sets.number_components();
        let reached = reached_components(&sets, self.region, self.within);
        keep_reached_runs(&sets, &reached, self.region, self.within);
    }
}

/// Which components of `within` (numbered in `sets.parent`) hold a cell of `region`.
#[inline(always)]
fn reached_components(sets: &RunSets, region: &Plane, within: &Plane) -> Vec<bool> {
    let components = &sets.parent;
    let mut reached = vec![false; components.len()];
    let stride = sets.stride;
    for y in 0..within.height() {
        let (open, flooded) = (within.row(y), region.row(y));
        for i in 0..stride {
            let word = y * stride + i;
            let within_starts = starts(open, i);
            // The first flooded cell of each stretch: its run is reached.
            let mut firsts = starts(flooded, i);
            while firsts != 0 {
                let bit = firsts.trailing_zeros();
                firsts &= firsts - 1;
                reached[components[sets.run_at(word, within_starts, bit) as usize] as usize] = true;
            }
        }
    }
    reached
}

/// Makes `region` the cells of the `reached` components of `within`.
#[inline(always)]
fn keep_reached_runs(sets: &RunSets, reached: &[bool], region: &mut Plane, within: &Plane) {
    let components = &sets.parent;
    let stride = sets.stride;
    for y in 0..within.height() {
        let open = within.row(y);
        for i in 0..stride {
            let word = y * stride + i;
            let within_starts = starts(open, i);
            let mut run = sets.runs_before[word];
            let mut kept = 0;
            // Each stretch of open cells in this word: one run, whole or in part.
            let mut stretches = within_starts | (open[i] & 1);
            while stretches != 0 {
                let bit = stretches.trailing_zeros();
                stretches &= stretches - 1;
                run += ((within_starts >> bit) & 1) as u32;
                let end = (!open[i] & (!0 << bit)).trailing_zeros();
                if reached[components[run as usize] as usize] {
                    let below_end = if end == 64 { !0 } else { (1 << end) - 1 };
                    kept |= below_end & (!0 << bit);
                }
            }
            region.words_mut()[word] = kept;
        }
    }
}
