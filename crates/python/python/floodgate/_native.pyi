"""Type hints of the extension module ``floodgate._native`` (built from crates/python/src);
its objects' docstrings are the Rust doc comments, as ``help()`` shows them."""

from typing import Optional, Tuple

import numpy as np
import numpy.typing as npt

MAX_SIDE: int
"""The largest side of an array ``label`` and ``flood`` take (4096)."""

def label(image: npt.NDArray[np.bool_] | npt.NDArray[np.uint8], connectivity: int = 8) -> Tuple[npt.NDArray[np.int32], int]:
    """``(labels, count)``: int32 labels of ``image``'s shape, 0 for the background, the
    components numbered ``1..count`` in raster order of their first cell (as SciPy numbers
    them, and OpenCV's ``CCL_WU``); ``connectivity`` 4 or 8."""

def flood(seeds: npt.NDArray[np.bool_] | npt.NDArray[np.uint8], within: npt.NDArray[np.bool_] | npt.NDArray[np.uint8], connectivity: int = 4) -> npt.NDArray[np.bool_]:
    """The cells of ``within`` connected to a cell of ``seeds`` inside ``within``."""

def go_score(board: str) -> str:
    """The Tromp-Taylor result of a board of ``X``, ``O`` and ``-``: ``B+k``, ``W+k`` or ``Jigo``."""

def floodwars_move(position: str, budget_ms: int = 780) -> str:
    """floodwars-bot's answer: the other side's letter and the board after its move."""

def grow_move(grid: str, budget_ms: int = 1400) -> str:
    """grow-bot's move for the judge's 3600-character grid, such as ``3,0,4,1``."""

class CramBot:
    """cram-bot for one game of Cram, made from the judge's init line."""

    def __init__(self, init_line: str) -> None: ...
    def reply(self, line: str, budget_ms: int = 250) -> Optional[str]:
        """Our domino after ``START`` or the opponent's domino; None at ``STOP`` or without a move."""

class DomainBot:
    """domain-bot for one game of Domain Expansion, made from the three initial lines."""

    def __init__(self, initial_lines: str, mcts: bool = False) -> None: ...
    def turn(self, line: str, budget_ms: Optional[int] = None) -> str:
        """Our action after the referee's turn line (800 ms on the first turn, 75 ms after)."""

class GtpSession:
    """go-gtp's GTP session: a Go game and its engine."""

    def __init__(self, budget_ms: Optional[int] = None, memory_mb: int = 256, threads: int = 1, seed: int = 1) -> None: ...
    def command(self, line: str) -> Optional[str]:
        """The GTP reply to one command line (``= ...`` or ``? ...`` and an empty line), None for none."""
