"""The containment rule every deck file read goes through."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardgen.loading.containment import (ContainmentError, FileMissing, SIZE_LIMITS, contained_path, read_contained,
                                         read_deck_file)


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    folder = tmp_path / "deck"
    (folder / "art").mkdir(parents=True)
    (folder / "art" / "a.png").write_bytes(b"png")
    (tmp_path / "secret.txt").write_text("secret")
    return folder


def test_a_plain_file_inside_the_deck_is_read(deck: Path) -> None:
    assert contained_path(deck, "art/a.png", "art") == (deck / "art" / "a.png").resolve()
    assert read_deck_file(deck, "art/a.png", "art") == b"png"


@pytest.mark.parametrize(("reference", "message"), [
    ("/etc/passwd", "not an absolute path"),
    ("../secret.txt", "must not contain '..'"),
    ("art/../../secret.txt", "must not contain '..'"),
    ("", "empty file name"),
])
def test_references_that_leave_the_deck_are_refused(deck: Path, reference: str, message: str) -> None:
    with pytest.raises(ContainmentError, match=message):
        contained_path(deck, reference, "art")


def test_links_are_refused_whether_they_leave_the_deck_or_not(deck: Path) -> None:
    os.symlink(deck.parent / "secret.txt", deck / "art" / "out.png")
    os.symlink("a.png", deck / "art" / "in.png")
    os.symlink(deck.parent, deck / "up")
    with pytest.raises(ContainmentError, match="leads outside the deck folder"):
        contained_path(deck, "art/out.png", "art")
    with pytest.raises(ContainmentError, match="is a symbolic link"):
        contained_path(deck, "art/in.png", "art")
    with pytest.raises(ContainmentError, match="leads outside"):
        contained_path(deck, "up/secret.txt", "art")  # a linked folder on the way counts too
    with pytest.raises(ContainmentError, match="is a symbolic link"):
        read_contained(deck / "art" / "in.png", "art")  # reading never follows a link either


def test_folders_pipes_and_missing_files(deck: Path) -> None:
    os.mkfifo(deck / "art" / "pipe.png")
    with pytest.raises(ContainmentError, match="is a folder"):
        contained_path(deck, "art", "art")
    with pytest.raises(ContainmentError, match="not a regular file"):
        contained_path(deck, "art/pipe.png", "art")
    with pytest.raises(ContainmentError, match="not a regular file"):
        read_contained(deck / "art" / "pipe.png", "art")  # does not block waiting for a writer
    with pytest.raises(FileMissing):
        contained_path(deck, "art/none.png", "art")
    with pytest.raises(FileMissing):
        contained_path(deck, "art/a.png/x.png", "art")


def test_each_kind_has_its_size_limit(deck: Path) -> None:
    assert {"deck", "table", "layout", "catalog", "rulebook", "art", "font"} <= set(SIZE_LIMITS)
    big = deck / "templates" / "big.yaml"
    big.parent.mkdir()
    with big.open("wb") as handle:
        handle.truncate(SIZE_LIMITS["layout"] + 1)
    with pytest.raises(ContainmentError, match="larger than the 1 MB limit for a layout"):
        contained_path(deck, "templates/big.yaml", "layout")
    with pytest.raises(ContainmentError, match="larger than"):
        read_contained(big, "layout")
    font = deck / "fonts" / "f.ttf"
    font.parent.mkdir()
    font.write_bytes(b"\0" * 100)
    assert read_deck_file(deck, "fonts/f.ttf", "font") == b"\0" * 100
