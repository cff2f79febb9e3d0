"""floodgate.label against scipy.ndimage.label (labels equal exactly, raster order), OpenCV's
connectedComponents when it is installed, and a plain breadth-first reference; bad arrays
raise and never crash."""

from collections import deque

import numpy as np
import pytest
from scipy import ndimage

import floodgate

SHAPES = [(0, 0), (0, 5), (5, 0), (1, 1), (1, 64), (64, 1), (3, 63), (7, 64), (9, 65),
          (2, 127), (5, 128), (4, 129), (17, 200), (64, 64), (100, 37), (255, 255)]

STRUCTURES = {4: ndimage.generate_binary_structure(2, 1), 8: np.ones((3, 3), dtype=bool)}


def bfs_labels(image: np.ndarray, connectivity: int) -> tuple:
    """Labels by breadth-first search from each unlabeled set cell in raster order."""
    height, width = image.shape
    labels = np.zeros((height, width), dtype=np.int32)
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if connectivity == 8:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    count = 0
    for y in range(height):
        for x in range(width):
            if image[y, x] and not labels[y, x]:
                count += 1
                labels[y, x] = count
                queue = deque([(y, x)])
                while queue:
                    cy, cx = queue.popleft()
                    for dy, dx in steps:
                        ny, nx = cy + dy, cx + dx
                        if 0 <= ny < height and 0 <= nx < width and image[ny, nx] and not labels[ny, nx]:
                            labels[ny, nx] = count
                            queue.append((ny, nx))
    return labels, count


@pytest.mark.parametrize("connectivity", [4, 8])
@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("density", [0.0, 0.3, 0.45, 0.6, 1.0])
def test_labels_equal_scipys(shape, density, connectivity):
    rng = np.random.default_rng(hash((shape, density, connectivity)) % 2**32)
    image = rng.random(shape) < density
    labels, count = floodgate.label(image, connectivity=connectivity)
    expected, expected_count = ndimage.label(image, structure=STRUCTURES[connectivity])
    assert labels.dtype == np.int32
    assert labels.shape == image.shape
    assert count == expected_count
    np.testing.assert_array_equal(labels, expected)


@pytest.mark.parametrize("connectivity", [4, 8])
@pytest.mark.parametrize("shape", [(1, 1), (6, 9), (13, 70), (30, 30)])
def test_labels_equal_a_breadth_first_search(shape, connectivity):
    rng = np.random.default_rng(7)
    for _ in range(5):
        image = (rng.random(shape) < 0.5).astype(np.uint8)
        labels, count = floodgate.label(image, connectivity)
        expected, expected_count = bfs_labels(image, connectivity)
        assert count == expected_count
        np.testing.assert_array_equal(labels, expected)


@pytest.mark.parametrize("connectivity", [4, 8])
def test_labels_equal_opencvs_raster_order_algorithm(connectivity):
    """OpenCV's SAUF (CCL_WU) numbers in raster order for both connectivities, and so does its
    default for 4; its default for 8 (Spaghetti, BBDT) numbers 2 x 2 blocks, another order."""
    cv2 = pytest.importorskip("cv2")
    rng = np.random.default_rng(3)
    for shape in [(1, 1), (10, 10), (33, 65), (255, 255), (300, 1000)]:
        image = (rng.random(shape) < 0.45).astype(np.uint8)
        count, expected = cv2.connectedComponentsWithAlgorithm(image, connectivity, cv2.CV_32S, cv2.CCL_WU)
        labels, floodgate_count = floodgate.label(image, connectivity)
        # OpenCV counts the background as a label.
        assert floodgate_count == count - 1
        np.testing.assert_array_equal(labels, expected)
        if connectivity == 4:
            np.testing.assert_array_equal(labels, cv2.connectedComponents(image, connectivity=4)[1])


def test_any_nonzero_byte_is_set_and_the_default_is_eight():
    image = np.array([[0, 255, 0], [7, 0, 0], [0, 0, 1]], dtype=np.uint8)
    labels, count = floodgate.label(image)
    assert count == 2
    assert labels.tolist() == [[0, 1, 0], [1, 0, 0], [0, 0, 2]]
    assert floodgate.label(image, connectivity=4)[1] == 3


def test_non_contiguous_arrays_are_read_as_they_look():
    rng = np.random.default_rng(11)
    base = rng.random((90, 140)) < 0.5
    # A transpose and a Fortran-ordered copy are contiguous, but column by column.
    for view in [base[::2, ::3], base.T, base[5:80, 7:130], np.asfortranarray(base), base[::-1, ::-1]]:
        assert not view.flags.c_contiguous or view is base
        labels, count = floodgate.label(view, 8)
        expected, expected_count = ndimage.label(view, structure=STRUCTURES[8])
        assert count == expected_count
        np.testing.assert_array_equal(labels, expected)


def test_the_largest_side_is_accepted_and_a_larger_one_refused():
    side = floodgate.MAX_SIDE
    labels, count = floodgate.label(np.ones((side, 3), dtype=bool))
    assert count == 1 and labels.shape == (side, 3)
    with pytest.raises(ValueError, match=f"at most {side} x {side}"):
        floodgate.label(np.zeros((side + 1, 3), dtype=bool))
    with pytest.raises(ValueError, match=f"at most {side} x {side}"):
        floodgate.label(np.zeros((2, side + 1), dtype=np.uint8))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32, np.int64, np.uint16, np.int8, object])
def test_other_dtypes_raise_type_error(dtype):
    with pytest.raises(TypeError, match="dtype bool or uint8"):
        floodgate.label(np.zeros((3, 3), dtype=dtype))


@pytest.mark.parametrize("image", [np.zeros(5, dtype=bool), np.zeros((2, 3, 4), dtype=np.uint8),
                                   np.array(True), np.zeros((0,), dtype=bool)])
def test_other_dimensions_raise_value_error(image):
    with pytest.raises(ValueError, match="2-D"):
        floodgate.label(image)


@pytest.mark.parametrize("image", [[[1, 0], [0, 1]], "image", None, 3])
def test_non_arrays_raise_type_error(image):
    with pytest.raises(TypeError, match="numpy array"):
        floodgate.label(image)


@pytest.mark.parametrize("connectivity", [0, 1, 6, -4, 9])
def test_other_connectivities_raise_value_error(connectivity):
    with pytest.raises(ValueError, match="connectivity must be 4 or 8"):
        floodgate.label(np.zeros((2, 2), dtype=bool), connectivity)


def test_read_only_arrays_are_read_and_left_alone():
    image = np.eye(5, dtype=bool)
    image.flags.writeable = False
    labels, count = floodgate.label(image, 4)
    assert count == 5 and labels.flags.writeable
    assert image.tolist() == np.eye(5, dtype=bool).tolist()
