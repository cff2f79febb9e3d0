//! `label` and `flood` on numpy arrays: 2-D, dtype `bool` or `uint8` (a cell is set where its
//! byte is not zero), at most [`MAX_SIDE`] a side.
//!
//! An array is packed into a bitgrid [`Plane`] while the GIL is held (so no Python thread
//! writes to it meanwhile); a C-contiguous array is read in place, any other (a slice with a
//! step, a transpose) is copied once, row by row, as OpenCV and SciPy copy it too. The kernel
//! then runs without the GIL, and its result becomes a numpy array without a copy (a vector
//! of Rust's that numpy takes over, or an array no Python code has seen yet).

use floodgate_bitgrid::{Connectivity, MAX_SIDE, Plane};
use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
    dtype,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// The connectivity that `connectivity` (4 or 8) names.
fn connectivity(connectivity: i64) -> PyResult<Connectivity> {
    match connectivity {
        4 => Ok(Connectivity::Four),
        8 => Ok(Connectivity::Eight),
        other => Err(PyValueError::new_err(format!(
            "connectivity must be 4 or 8, not {other}"
        ))),
    }
}

/// The plane of the cells of `array` (called `name` in messages) whose byte is not zero, with
/// its numpy shape `(height, width)`.
fn pack(array: &Bound<'_, PyAny>, name: &str) -> PyResult<(Plane, [usize; 2])> {
    let py = array.py();
    let Ok(untyped) = array.cast::<PyUntypedArray>() else {
        let found = array.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "{name} must be a numpy array, not {found}"
        )));
    };
    if untyped.ndim() != 2 {
        return Err(PyValueError::new_err(format!(
            "{name} must be a 2-D array, not {}-D (shape {:?})",
            untyped.ndim(),
            untyped.shape()
        )));
    }
    let descr = untyped.dtype();
    let bytes = if descr.is_equiv_to(&dtype::<u8>(py)) {
        untyped.clone().into_any()
    } else if descr.is_equiv_to(&dtype::<bool>(py)) {
        // numpy keeps a bool as the byte 0 or 1: a view, no copy.
        untyped.call_method1("view", (dtype::<u8>(py),))?
    } else {
        return Err(PyTypeError::new_err(format!(
            "{name} must have dtype bool or uint8, not {}",
            descr.str()?
        )));
    };
    let bytes = bytes.cast_into::<PyArray2<u8>>()?.readonly();
    let [height, width] = [untyped.shape()[0], untyped.shape()[1]];
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(PyValueError::new_err(format!(
            "{name} is {height} x {width}: at most {MAX_SIDE} x {MAX_SIDE}"
        )));
    }
    // `as_slice` also takes a Fortran-ordered array (its bytes column by column): only a
    // C-contiguous one is read in place.
    let plane = match bytes.as_slice() {
        Ok(cells) if untyped.is_c_contiguous() => Plane::from_bytes(width, height, cells),
        _ => {
            let copied: Vec<u8> = bytes.as_array().iter().copied().collect();
            Plane::from_bytes(width, height, &copied)
        }
    };
    Ok((plane, [height, width]))
}

/// Labels the connected components of `image`'s set cells (non-zero bytes).
///
/// `image`: a 2-D numpy array of dtype bool or uint8, at most `MAX_SIDE` (4096) a side (copied once when it
/// is not C-contiguous); `connectivity`: 4 (edges) or 8 (edges and corners). Returns
/// `(labels, count)`: an int32 array of `image`'s shape, 0 for the background and `1..=count`
/// for the components, numbered in raster order of their first cell, as
/// `scipy.ndimage.label` numbers them, and OpenCV's `connectedComponents` with 4-connectivity
/// or with its SAUF algorithm (`CCL_WU`; its default 8-connectivity algorithms number blocks
/// of cells in another order). Raises TypeError for
/// another type or dtype, ValueError for another number of dimensions, a larger array or
/// another connectivity. Runs without the GIL.
#[pyfunction]
#[pyo3(signature = (image, connectivity = 8))]
pub fn label<'py>(
    image: &Bound<'py, PyAny>,
    connectivity: i64,
) -> PyResult<(Bound<'py, PyAny>, u32)> {
    let py = image.py();
    let connectivity = self::connectivity(connectivity)?;
    let (plane, shape) = pack(image, "image")?;
    // A new vector of Rust's, handed to numpy without a copy: its memory is written once (a
    // zeroed numpy array costs its pages' zeroing too: 0.14 ns a cell of the 0.5 a coarse
    // 1024 x 1024 image takes, docs/kernels.md).
    let labels = py.detach(|| plane.label_components(connectivity));
    let count = labels.count();
    let labels = PyArray1::from_vec(py, labels.into_vec()).reshape(shape)?;
    // The labels are below 2^31 (at most half the cells of a 4096 x 4096 plane): the same
    // numbers as int32, viewed without a copy.
    let labels = labels.call_method1("view", (dtype::<i32>(py),))?;
    Ok((labels, count))
}

/// The cells of `within` connected to a cell of `seeds` inside `within`.
///
/// `seeds`, `within`: 2-D numpy arrays of dtype bool or uint8 and of one shape;
/// `connectivity`: 4 or 8. Returns a bool array of that shape. Raises TypeError or ValueError
/// as `label` does, and ValueError when the shapes differ. Runs without the GIL.
#[pyfunction]
#[pyo3(signature = (seeds, within, connectivity = 4))]
pub fn flood<'py>(
    seeds: &Bound<'py, PyAny>,
    within: &Bound<'py, PyAny>,
    connectivity: i64,
) -> PyResult<Bound<'py, PyAny>> {
    let py = seeds.py();
    let connectivity = self::connectivity(connectivity)?;
    let (seeds, shape) = pack(seeds, "seeds")?;
    let (within, within_shape) = pack(within, "within")?;
    if shape != within_shape {
        return Err(PyValueError::new_err(format!(
            "seeds and within must have one shape, not {shape:?} and {within_shape:?}"
        )));
    }
    let region = PyArray2::<u8>::zeros(py, shape, false);
    {
        let mut writer = region.readwrite();
        let out = writer.as_slice_mut()?;
        py.detach(|| floodgate_bitgrid::flood(&seeds, &within, connectivity).write_bytes(out));
    }
    // Bytes 0 and 1 are numpy's bools: a view, no copy.
    region.call_method1("view", (dtype::<bool>(py),))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connectivity_is_four_or_eight_and_nothing_else() {
        assert_eq!(connectivity(4).unwrap(), Connectivity::Four);
        assert_eq!(connectivity(8).unwrap(), Connectivity::Eight);
        for other in [0, 1, 6, -4, 9, i64::MAX] {
            assert!(connectivity(other).is_err(), "{other}");
        }
    }
}
