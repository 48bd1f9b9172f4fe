"""Shared fixtures: the shipped decks, a CLI runner, and small deck builders."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
FALLING = ROOT / "decks" / "falling"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def falling_dir() -> Path:
    return FALLING


@pytest.fixture
def falling_copy(tmp_path: Path) -> Path:
    """A private copy of the FALLING deck that a test may edit."""
    target = tmp_path / "falling"
    shutil.copytree(FALLING, target)
    return target


@pytest.fixture
def minimal_copy(tmp_path: Path) -> Path:
    target = tmp_path / "minimal"
    shutil.copytree(DATA / "decks" / "minimal", target)
    return target
