"""floodgate.flood against a breadth-first reference; mismatched or bad arrays raise."""

from collections import deque

import numpy as np
import pytest

import floodgate


def bfs_flood(seeds: np.ndarray, within: np.ndarray, connectivity: int) -> np.ndarray:
    """The cells of within reached from the seeds inside within, breadth first."""
    height, width = within.shape
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if connectivity == 8:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    reached = np.zeros((height, width), dtype=bool)
    queue = deque()
    for y, x in zip(*np.nonzero(np.logical_and(seeds, within))):
        reached[y, x] = True
        queue.append((y, x))
    while queue:
        y, x = queue.popleft()
        for dy, dx in steps:
            ny, nx = y + dy, x + dx
            if 0 <= ny < height and 0 <= nx < width and within[ny, nx] and not reached[ny, nx]:
                reached[ny, nx] = True
                queue.append((ny, nx))
    return reached


@pytest.mark.parametrize("connectivity", [4, 8])
@pytest.mark.parametrize("shape", [(0, 4), (1, 1), (1, 70), (70, 1), (20, 64), (33, 65), (60, 129)])
@pytest.mark.parametrize("density", [0.4, 0.6, 0.8])
def test_flood_equals_a_breadth_first_search(shape, density, connectivity):
    rng = np.random.default_rng(hash((shape, density, connectivity)) % 2**32)
    within = rng.random(shape) < density
    seeds = (rng.random(shape) < 0.01).astype(np.uint8)
    region = floodgate.flood(seeds, within, connectivity=connectivity)
    assert region.dtype == np.bool_ and region.shape == shape
    np.testing.assert_array_equal(region, bfs_flood(seeds, within, connectivity))


def test_a_corridor_is_followed_and_the_default_is_four():
    within = np.array([[1, 1, 1, 1, 1],
                       [0, 0, 0, 0, 1],
                       [1, 1, 1, 1, 1],
                       [1, 0, 0, 0, 0],
                       [0, 1, 1, 0, 1]], dtype=bool)
    seeds = np.zeros_like(within)
    seeds[0, 0] = True
    region = floodgate.flood(seeds, within)
    # Row 4 touches the corridor by a corner only.
    assert region.tolist() == within.tolist()[:4] + [[False] * 5]
    eight = floodgate.flood(seeds, within, 8)
    assert eight[4].tolist() == [False, True, True, False, False]


def test_mismatched_shapes_and_bad_arrays_raise():
    within = np.ones((4, 5), dtype=bool)
    with pytest.raises(ValueError, match="one shape"):
        floodgate.flood(np.ones((5, 4), dtype=bool), within)
    with pytest.raises(TypeError, match="seeds must have dtype bool or uint8"):
        floodgate.flood(np.ones((4, 5)), within)
    with pytest.raises(ValueError, match="within must be a 2-D array"):
        floodgate.flood(within, np.ones(20, dtype=bool))
    with pytest.raises(ValueError, match="connectivity"):
        floodgate.flood(within, within, connectivity=6)
    transposed = np.ones((3, 4), dtype=np.uint8).T
    np.testing.assert_array_equal(floodgate.flood(within[:, ::2], transposed), np.ones((4, 3), dtype=bool))
