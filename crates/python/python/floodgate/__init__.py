"""floodgate from Python: bit-plane labeling and flood fill on numpy arrays, the Tromp-Taylor
Go scorer, and the floodgate game engines' moves for their judges' inputs.

Arrays are 2-D numpy arrays of dtype ``bool`` or ``uint8`` (a cell is set where its byte is not
zero), at most ``MAX_SIDE`` x ``MAX_SIDE``; a non-C-contiguous array is copied once. The kernels
and the searches run without the GIL. Mistakes are ``TypeError`` (not a numpy array, another
dtype) or ``ValueError`` (another number of dimensions, a larger array, a connectivity other
than 4 or 8, shapes that differ, a malformed judge input, with the engines' own message).

>>> import numpy as np, floodgate
>>> labels, count = floodgate.label(np.array([[1, 0, 1], [0, 1, 0]], dtype=np.uint8), 4)
>>> count, labels.tolist()
(3, [[1, 0, 2], [0, 3, 0]])
"""

from floodgate._native import (
    MAX_SIDE,
    CramBot,
    DomainBot,
    GtpSession,
    flood,
    floodwars_move,
    go_score,
    grow_move,
    label,
)

__all__ = [
    "MAX_SIDE",
    "CramBot",
    "DomainBot",
    "GtpSession",
    "flood",
    "floodwars_move",
    "go_score",
    "grow_move",
    "label",
]
