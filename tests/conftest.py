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


@pytest.fixture
def gradient_art_copy(minimal_copy: Path) -> Path:
    """The minimal deck whose cards' art is an SVG gradient, red (left) to blue (right)."""
    (minimal_copy / "art" / "gradient.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="70"><defs><linearGradient id="g">'
        '<stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/></linearGradient></defs>'
        '<rect width="100" height="70" fill="url(#g)"/></svg>', encoding="utf-8")
    deck = minimal_copy / "deck.yaml"
    deck.write_text(deck.read_text().replace("art: art/pattern.png", "art: art/gradient.svg"))
    return minimal_copy
