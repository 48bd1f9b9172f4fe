"""The same deck gives the same bytes however its folder is named on the command line, and from any folder.

A deck with art (a PNG on a card and on the back, an SVG icon) is named relatively from its
parent, absolutely from ``/``, as ``.`` from inside it, with ``./`` and a trailing slash, through a
symbolic link to its parent folder, and as a copy in another place; every output must be the
same file, byte for byte. (reportlab names an image after the path string it is given: before
images were named after their bytes, each spelling embedded the same picture under a new name.)
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from cardgen.cli import main
from tests.conftest import DATA, FALLING, ROOT

MARK_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">'
            '<circle cx="50" cy="50" r="40" fill="#c33"/><rect x="30" y="30" width="40" height="40" fill="#fff"/></svg>\n')


def _falling_with_art(folder: Path) -> Path:
    """FALLING with a PNG on the Hit card and on the back, and an SVG as the Split card's icon."""
    shutil.copytree(FALLING, folder)
    (folder / "art").mkdir()
    shutil.copy(DATA / "decks" / "minimal" / "art" / "pattern.png", folder / "art" / "pattern.png")
    Image.new("RGB", (60, 84), (40, 70, 120)).save(folder / "art" / "back.png")
    (folder / "art" / "mark.svg").write_text(MARK_SVG, encoding="utf-8")
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    for old, new in [("    icon: hit\n", "    icon: hit\n    art: art/pattern.png\n"),
                     ("    icon: split\n", "    icon: art/mark.svg\n"),
                     ("  text: Hit the ground last.\n", "  text: Hit the ground last.\n  art: art/back.png\n")]:
        assert old in text
        text = text.replace(old, new, 1)
    deck.write_text(text, encoding="utf-8")
    return folder


Spelling = tuple[str, Callable[[Path], tuple[Path, str]]]
"""A name and, for a deck folder, the working folder and the deck argument."""

SPELLINGS: list[Spelling] = [
    ("from its parent", lambda deck: (deck.parent, deck.name)),
    ("absolute, from /", lambda deck: (Path("/"), str(deck))),
    ("'.' from inside it", lambda deck: (deck, ".")),
    ("'./deck/' from its parent", lambda deck: (deck.parent, f"./{deck.name}/")),
    ("'..' from its art folder", lambda deck: (deck / "art", "..")),
]


def _tree(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` by relative path, with the sha256 of its bytes."""
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _run(cwd: Path, args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(cwd)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output


def _outputs_by_spelling(deck: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str],
                         spellings: list[Spelling]) -> dict[str, dict[str, str]]:
    """Run ``command`` (``{deck}``, ``{out}`` filled in) once per spelling; each run's output files."""
    found = {}
    for n, (name, spell) in enumerate(spellings):
        cwd, argument = spell(deck)
        out = tmp_path / "out" / str(n)
        out.mkdir(parents=True)
        _run(cwd, [a.format(deck=argument, out=out) for a in command], monkeypatch)
        found[name] = _tree(out)
    return found


def _assert_all_the_same(found: dict[str, dict[str, str]]) -> None:
    (first_name, first), *others = found.items()
    assert first, "nothing was written"
    for name, files in others:
        assert files == first, f"{name} differs from {first_name}"


@pytest.fixture
def art_deck(tmp_path: Path) -> Path:
    return _falling_with_art(tmp_path / "decks" / "falling")


@pytest.fixture
def minimal_with_art(tmp_path: Path) -> Path:
    folder = tmp_path / "decks" / "minimal"
    shutil.copytree(DATA / "decks" / "minimal", folder)
    return folder


def test_card_sheets_are_the_same_bytes_however_the_deck_is_named(minimal_with_art: Path, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    link = tmp_path / "linked-decks"
    link.symlink_to(minimal_with_art.parent, target_is_directory=True)
    copy = tmp_path / "elsewhere" / "deeper" / "minimal"
    shutil.copytree(minimal_with_art, copy)
    spellings = [*SPELLINGS,
                 ("through a symbolic link to its parent", lambda deck: (Path("/"), str(link / deck.name))),
                 ("a copy in another folder", lambda deck: (copy.parent, copy.name))]
    for layout in ("duplex", "single"):
        found = _outputs_by_spelling(minimal_with_art, tmp_path / layout, monkeypatch,
                                     ["sheets", "{deck}", "--layout", layout, "-o", "{out}/cards.pdf"], spellings)
        _assert_all_the_same(found)


def test_the_output_folder_does_not_change_the_sheets(minimal_with_art: Path, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """``-o cards.pdf`` from one folder and ``-o /abs/other/cards.pdf``: the same file."""
    (tmp_path / "here").mkdir()
    _run(tmp_path / "here", ["sheets", str(minimal_with_art), "-o", "cards.pdf"], monkeypatch)
    _run(Path("/"), ["sheets", str(minimal_with_art), "-o", str(tmp_path / "there" / "cards.pdf")], monkeypatch)
    assert (tmp_path / "here" / "cards.pdf").read_bytes() == (tmp_path / "there" / "cards.pdf").read_bytes()


def test_the_rulebook_is_the_same_bytes_however_the_deck_is_named(art_deck: Path, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The rulebook draws every face, art and SVG icon included, in its components table."""
    found = _outputs_by_spelling(art_deck, tmp_path, monkeypatch,
                                 ["rulebook", "{deck}", "--lang", "en", "-o", "{out}/rulebook.pdf"], SPELLINGS[:2])
    _assert_all_the_same(found)


@pytest.mark.slow
def test_every_product_is_the_same_bytes_however_the_deck_is_named(art_deck: Path, tmp_path: Path) -> None:
    """``cardgen build`` (sheets, rulebooks, walkthroughs, en and fr), the walkthrough's HTML, PDF/X-1a
    sheets and ``export`` to print-shop files, in fresh processes: relative from the parent, absolute
    from ``/``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    commands = {
        "build": ["build", "{deck}", "-j", "1", "-o", "{out}"],
        "html": ["walkthrough", "{deck}", "--lang", "fr", "--format", "html", "-o", "{out}/learn.html"],
        "x1a": ["sheets", "{deck}", "--layout", "single", "--pdfx", "x1a", "--proof", "-o", "{out}/cards.pdf"],
        "pod": ["export", "{deck}", "--to", "pod", "--vendor", "drivethrucards", "-j", "1", "-o", "{out}"],
    }
    for what, command in commands.items():
        found = {}
        for n, (name, spell) in enumerate(SPELLINGS[:2]):
            cwd, argument = spell(art_deck)
            out = tmp_path / what / str(n)
            result = subprocess.run([sys.executable, "-m", "cardgen.cli",
                                     *[a.format(deck=argument, out=out) for a in command]],
                                    cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False)
            assert result.returncode == 0, result.stderr
            found[name] = _tree(out)
        _assert_all_the_same(found)
        if what == "build":
            assert {"cards-en.pdf", "rulebook-fr.pdf", "walkthrough-en.pdf"} <= set(found["from its parent"])
