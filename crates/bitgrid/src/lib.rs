//! Bit-planes over `W x H` grids (`W, H <= 1024`) and the kernels that grid territory games
//! spend their time in: set algebra, dilation, flood fill, connected components (also as a
//! label per cell, as image libraries give them) and distance layers, for 4- and
//! 8-connectivity; and [`Bits`], the fixed-size bitset of the game engines (sets of groups, of
//! grid points, of Grundy values).
//!
//! ```
//! use floodgate_bitgrid::{Connectivity, Plane, flood};
//! // A corridor that winds down the board: the flood follows it in one call.
//! let open: Plane = "
//!     X X X X X
//!     . . . . X
//!     X X X X X
//!     X . . . .
//!     X X X X X"
//!     .parse()
//!     .unwrap();
//! let mut start = open.new_like();
//! start.insert(floodgate_bitgrid::Cell::new(0, 0));
//! assert_eq!(flood(&start, &open, Connectivity::Four), open);
//! ```
//!
//! The layout and the algorithms are described in `docs/kernels.md` of the floodgate workspace.
#![deny(missing_docs)]

mod bits;
mod bytes;
mod dilate;
mod dispatch;
mod flood;
mod labels;
mod plane;
mod regions;
mod row;
mod run_sets;

pub use bits::{Bits, Members};
#[doc(hidden)]
pub use dispatch::force_kernel_path;
pub use dispatch::{KernelPath, kernel_path};
pub use flood::{flood, flood_pair};
pub use labels::Labels;
pub use plane::{Cell, Cells, MAX_SIDE, ParsePlaneError, Plane};
pub use regions::{Components, DistanceLayers};

/// Which cells count as neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Connectivity {
    /// The cells sharing an edge: up, down, left, right.
    Four,
    /// The cells sharing an edge or a corner.
    Eight,
}
