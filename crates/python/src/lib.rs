//! The Python package `floodgate`: its extension module `floodgate._native`, built by maturin
//! from `crates/python/pyproject.toml` (`pip install ./crates/python`).
//!
//! - [`arrays`]: `label` and `flood` on numpy arrays of one byte a cell, through bitgrid's
//!   planes (packed, worked on without the GIL, unpacked straight into a new numpy array);
//! - [`games`]: the Go scorer on a board string, and each core engine's answer to its judge's
//!   input within a time budget: `floodwars_move` and `grow_move` (one call a move, as their
//!   judges start one process a move), and `CramBot`, `DomainBot` and `GtpSession` (one object
//!   a game, as their judges keep one process a game).
//!
//! Every mistake of the caller's (a wrong dtype, shape or connectivity, a malformed judge
//! input) is a Python exception (`TypeError` or `ValueError`) with the engines' own wording.
//! The Python side (`python/floodgate/`) re-exports these and holds the type stubs.

pub mod arrays;
pub mod games;

use pyo3::prelude::*;

/// The extension module `floodgate._native`.
#[pymodule]
#[pyo3(name = "_native")]
pub fn native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(arrays::label, module)?)?;
    module.add_function(wrap_pyfunction!(arrays::flood, module)?)?;
    module.add_function(wrap_pyfunction!(games::go_score, module)?)?;
    module.add_function(wrap_pyfunction!(games::floodwars_move, module)?)?;
    module.add_function(wrap_pyfunction!(games::grow_move, module)?)?;
    module.add_class::<games::CramBot>()?;
    module.add_class::<games::DomainBot>()?;
    module.add_class::<games::GtpSession>()?;
    module.add("MAX_SIDE", floodgate_bitgrid::MAX_SIDE)?;
    Ok(())
}
