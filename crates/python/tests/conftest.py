"""Shared helpers of the floodgate package's tests: the repository's root and its samples."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
"""The repository's root (crates/python/tests is three folders down)."""


def sample(name: str) -> str:
    """The text of docs/boards/NAME, a judge input byte for byte."""
    return (ROOT / "docs" / "boards" / name).read_text()


@pytest.fixture
def boards() -> Path:
    """The folder of the sample judge inputs."""
    return ROOT / "docs" / "boards"
