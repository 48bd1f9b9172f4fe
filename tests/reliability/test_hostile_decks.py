"""The hostile-deck corpus: decks built as an attacker would, run through every command.

Each case in ``tests/data/hostile/<case>/`` holds the files that differ from the minimal deck
(symbolic links included, as git stores them). A test copies the minimal deck beside a set of
canary files (``canary.yaml``, ``.md``, ``.po``, ``.svg``, ``.png``, ``.csv`` …), lays the case over
it and runs ``validate``, ``build``, ``sheets``, ``rulebook``, ``export --to png`` and
``walkthrough``. Every run ends in one-line errors with a position (exit 1) or a harmless output;
no traceback, no "internal error"; nothing written on failure; no canary file opened (an audit
hook records every ``open``); no canary text or colour in any output.

The cases that used to hang are made at test time (they are large) and run as timed
subprocesses: each must end within 10 CPU seconds.
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from cardgen.cli import main
from tests.conftest import DATA, ROOT

HOSTILE = DATA / "hostile"
MINIMAL = DATA / "decks" / "minimal"
TOKEN = "CANARY-5e1f0c"
CANARY_RGB = (13, 251, 7)
VERBS = ("validate", "build", "sheets", "rulebook", "export", "walkthrough")
POSITION = re.compile(r"^error: \S+?(:\d+(:\d+)?)?: .+")
WITH_LINE = re.compile(r"^error: \S+?:\d+(:\d+)?: .+")

ALL = frozenset(VERBS)
LOAD = frozenset(VERBS) - {"walkthrough"}
"""Problems found when the deck loads: every command refuses (walkthrough may refuse for its own reason)."""
LANGUAGES = frozenset({"validate", "build"})
"""A language the deck lists but the English commands do not need."""
BOOK = frozenset({"validate", "build", "rulebook"})
PAPER = frozenset({"validate", "build", "sheets"})


@dataclass(frozen=True)
class Case:
    message: str
    """Text the error line must contain (for every command in ``refused_by``)."""
    refused_by: frozenset[str]
    line: bool = True
    """Whether the error names a line (False when the file is the deck itself, or the link is)."""


CASES: dict[str, Case] = {
    # reads outside the deck
    "deck-yaml-symlink": Case("deck.yaml: is a symbolic link", LOAD, line=False),
    "deck-yaml-utf16": Case("not UTF-8 text", LOAD),
    "rulebook-symlink": Case("rulebook.md: is a symbolic link", BOOK, line=False),
    "catalog-symlink": Case("fr.po: is a link that leads outside the deck folder", LANGUAGES, line=False),
    "template-symlink": Case("templates/evil.yaml is a link that leads outside the deck folder", LOAD),
    "table-symlink": Case("'cards.csv' is a link that leads outside the deck folder", LOAD),
    "art-symlink-inside-deck": Case("'art/link.png' is a symbolic link", LOAD),
    "svg-utf16-use-outside": Case("SVG saved as UTF-16", LOAD),
    "svg-use-outside": Case("<use> refers to '../../canary.svg#g'", LOAD),
    "svg-image-outside": Case("<image> refers to '../../canary.png'", LOAD),
    "svg-image-file-uri": Case("<image> refers to 'file:///etc/passwd'", LOAD),
    "svg-external-entity": Case("SVG declares a DTD or entities", LOAD),
    "svg-style-import": Case("<style> imports or links other files", LOAD),
    "svg-fill-url-outside": Case("'fill' uses url() outside the file", LOAD),
    "svg-latin1-declared": Case("SVG declares encoding 'ISO-8859-1'", LOAD),
    # errors that used to be internal errors (exit 3)
    "svg-zero-width": Case('<svg width="0"> must be a positive size', LOAD),
    "svg-nan-width": Case('<svg width="nan"> must be a positive size', LOAD),
    "svg-huge-height": Case('<svg height="1e300"> must be a positive size', LOAD),
    "svg-negative-viewbox": Case('viewBox="0 0 -10 10"> must be four numbers', LOAD),
    "svg-html-root": Case("the root element is <html>, not <svg>", LOAD),
    "svg-use-cycle": Case("<use> elements refer to each other in a circle", LOAD),
    "svg-use-bomb": Case("SVG draws more than 20,000 elements once <use> is expanded", LOAD),
    "png-named-svg": Case("'art/a.svg': not UTF-8 text", LOAD),
    "catalog-unknown-charset": Case("unknown charset 'x-no-such-codec'", LANGUAGES),
    "catalog-not-po": Case("fr.po:1: not a valid PO file", LANGUAGES),
    "rulebook-jinja-include": Case("template error: no loader", BOOK),
    "rulebook-3000-columns": Case("a table with 3000 columns", BOOK),
    # validate said ok, then build failed after writing files
    "unknown-language": Case("languages[1]: unknown language code 'zz-top'", LANGUAGES),
    "missing-catalog": Case("no catalog for language 'fr'", LANGUAGES, line=False),
    "rulebook-jinja-undefined": Case("'nothing_here' is undefined", BOOK),
    "card-larger-than-paper": Case("print.card: a 320.0mm × 400.0mm card does not fit on a4 paper", PAPER),
    "layout-negative-width": Case("elements.name.width: '-50mm': a length cannot be negative", LOAD),
    "layout-huge-x": Case("elements.name.x: cannot read length '1e308%'", LOAD),
    "layout-huge-percent": Case("elements.name.x: '99999999999999999999%' is far outside the card", LOAD),
    "layout-font-100000pt": Case("a font size of '100000pt' is not between 1pt and 144pt", LOAD),
    "truncated-png": Case("'art/pattern.png': cannot read image (truncated)", LOAD),
    # found by the validate-and-build fuzz property
    "catalog-control-character": Case("(U+000C) is not in the bundled fonts", LANGUAGES, line=False),
    "rulebook-section-before-chapter": Case("a section (##) before the first chapter (#)", BOOK),
    "svg-huge-path-coordinates": Case("'d' holds the number 1e308", LOAD),
    # bounds before allocation
    "rulebook-jinja-center-bomb": Case("|center width over 100000", BOOK),
    "rulebook-jinja-join-bomb": Case("too much work for a rulebook value", BOOK),
}

CANARY_DECK = f"""deck: canary
title: {TOKEN} title
designer: {TOKEN}
types:
  red: {{label: {TOKEN}, color: "#0dfb07"}}
cards:
  - {{id: one, name: {TOKEN} one, type: red, count: 1, text: {TOKEN} text}}
"""


def write_canaries(folder: Path) -> None:
    """Files beside the deck that a hostile deck tries to reach; none may ever be read."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "canary.yaml").write_text(CANARY_DECK)
    (folder / "canary.md").write_text(f"# {TOKEN}\n\n{TOKEN} paragraph.\n")
    (folder / "canary.po").write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                                      f'msgctxt "card:one.name"\nmsgid "One"\nmsgstr "{TOKEN}"\n')
    (folder / "canary.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><g id="g">'
                                       f'<rect width="40" height="40" fill="#0dfb07"/><text>{TOKEN}</text></g></svg>\n')
    Image.new("RGB", (40, 40), CANARY_RGB).save(folder / "canary.png")
    (folder / "canary.csv").write_text(f"id,name,type,count\none,{TOKEN},red,1\n")
    (folder / "canary.txt").write_text(TOKEN)
    (folder / "canary.css").write_text(f"rect {{ fill: #0dfb07 }} /* {TOKEN} */")


def make_case(case: str, root: Path) -> Path:
    """The minimal deck with ``case`` laid over it, in ``root/deck``, canaries in ``root``."""
    write_canaries(root)
    deck = root / "deck"
    shutil.copytree(MINIMAL, deck)
    source = HOSTILE / case
    for path in sorted(source.rglob("*")):
        if path.is_dir() and not path.is_symlink():
            continue
        target = deck / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists() or target.is_symlink():
            target.unlink()
        if path.is_symlink():
            os.symlink(os.readlink(path), target)
        else:
            shutil.copyfile(path, target)
    return deck


def args_for(verb: str, deck: Path, out: Path) -> list[str]:
    return {
        "validate": ["validate", str(deck)],
        "build": ["build", str(deck), "--out", str(out / "build")],
        "sheets": ["sheets", str(deck), "-o", str(out / "sheets.pdf")],
        "rulebook": ["rulebook", str(deck), "-o", str(out / "rulebook.pdf")],
        "export": ["export", str(deck), "--to", "png", "--dpi", "60", "-j", "1", "-o", str(out / "png")],
        "walkthrough": ["walkthrough", str(deck), "-o", str(out / "walkthrough.pdf")],
    }[verb]


_opened: list[str] | None = None


def _audit(event: str, args: tuple) -> None:  # type: ignore[type-arg]
    if _opened is not None and event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
        _opened.append(os.fsdecode(args[0]))


sys.addaudithook(_audit)


def run_recording_opens(args: list[str]):  # type: ignore[no-untyped-def]
    """Run the CLI in-process; returns the result and every path opened meanwhile."""
    global _opened
    _opened = []
    try:
        result = CliRunner().invoke(main, args)
    finally:
        opened, _opened = _opened, None
    return result, opened


def files_under(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


def assert_no_canary_in(outputs: list[Path]) -> None:
    import pypdf

    for path in outputs:
        data = path.read_bytes()
        assert TOKEN.encode() not in data, path
        if path.suffix == ".pdf":
            text = "".join(page.extract_text() or "" for page in pypdf.PdfReader(path).pages)
            assert TOKEN not in text, path
        if path.suffix == ".png":
            with Image.open(path) as image:
                colours = image.convert("RGB").getcolors(maxcolors=1 << 20) or []
            assert all(rgb != CANARY_RGB for _, rgb in colours), path


def check_run(case: str, verb: str, tmp_path: Path) -> None:
    spec = CASES[case]
    deck = make_case(case, tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    before = {p: p.stat().st_mtime_ns for p in files_under(tmp_path) if out not in p.parents}
    result, opened = run_recording_opens(args_for(verb, deck, out))
    output = result.output
    assert "Traceback" not in output and "internal error" not in output, output
    assert result.exit_code in (0, 1), output
    canaries = {str(p.resolve()) for p in tmp_path.glob("canary.*")}
    assert not canaries & {os.path.realpath(p) for p in opened}, "a canary file was opened"
    after = {p: p.stat().st_mtime_ns for p in files_under(tmp_path) if out not in p.parents}
    assert after == before, "a file outside the output folder was written"
    written = files_under(out)
    if verb in spec.refused_by:
        assert result.exit_code == 1, output
        lines = [line for line in result.stderr.splitlines() if line.strip() and not line.startswith("Too many")]
        assert lines and all(POSITION.match(line) for line in lines), result.stderr
        assert any(spec.message in line for line in lines), result.stderr
        if spec.line:
            assert any(WITH_LINE.match(line) and spec.message in line for line in lines), result.stderr
    if result.exit_code != 0:
        assert written == [], written
        assert all(POSITION.match(line) for line in result.stderr.splitlines()
                   if line.strip() and not line.startswith("Too many")), result.stderr
    assert_no_canary_in(written)


def test_every_case_folder_is_listed() -> None:
    assert sorted(p.name for p in HOSTILE.iterdir() if p.is_dir()) == sorted(CASES)


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("verb", ["validate", "build"])
def test_hostile_deck_is_refused_before_anything_is_written(case: str, verb: str, tmp_path: Path) -> None:
    check_run(case, verb, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("verb", ["sheets", "rulebook", "export", "walkthrough"])
def test_hostile_deck_through_the_other_commands(case: str, verb: str, tmp_path: Path) -> None:
    check_run(case, verb, tmp_path)


@pytest.mark.parametrize("case", ["svg-use-outside", "rulebook-symlink", "template-symlink", "truncated-png",
                                  "card-larger-than-paper", "catalog-unknown-charset"])
@pytest.mark.parametrize("verb", ["sheets", "rulebook", "export", "walkthrough"])
def test_a_sample_through_the_other_commands(case: str, verb: str, tmp_path: Path) -> None:
    check_run(case, verb, tmp_path)


# -- cases that used to hang: made at test time, run as subprocesses that must end within 10 s ---------
FR_DECK = (MINIMAL / "deck.yaml").read_text().replace("print:\n", "languages: [en, fr]\nprint:\n")
PO_HEAD = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: fr\\n"\n\n'


def _svg_elements(deck: Path) -> None:
    body = "<g/>" * 300_000
    (deck / "art" / "big.svg").write_text(f'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">{body}</svg>')
    (deck / "deck.yaml").write_text((MINIMAL / "deck.yaml").read_text().replace("art/pattern.png", "art/big.svg"))


def _po(deck: Path, msgstr: str) -> None:
    (deck / "deck.yaml").write_text(FR_DECK)
    (deck / "locale").mkdir()
    (deck / "locale" / "fr.po").write_text(PO_HEAD + f'msgctxt "card:one.name"\nmsgid "One"\nmsgstr "{msgstr}"\n')


def _rulebook(deck: Path, text: str) -> None:
    (deck / "rulebook.md").write_text(text)


def _fifo_art(deck: Path) -> None:
    os.mkfifo(deck / "art" / "pipe.png")
    (deck / "deck.yaml").write_text((MINIMAL / "deck.yaml").read_text().replace("art/pattern.png", "art/pipe.png"))


HANGS = {
    "svg-300000-elements": (_svg_elements, "validate", "SVG has more than 20,000 elements"),
    "po-10mb-msgstr": (lambda d: _po(d, "x" * 10_000_000), "build", "larger than the 10 MB limit"),
    "po-200kb-word": (lambda d: _po(d, "y" * 200_000), "build", "longer than 10,000 characters"),
    "po-100kb-card-name": (lambda d: _po(d, "Un " * 35_000), "build", "longer than 10,000 characters"),
    "rulebook-20000-headings": (lambda d: _rulebook(d, "".join(f"# H{i}\n\n" for i in range(20_000))), "rulebook",
                                "more than 500 headings"),
    "rulebook-1m-word-paragraph": (lambda d: _rulebook(d, "# R\n\n" + "word " * 1_000_000), "rulebook",
                                   "larger than the 1 MB limit"),
    "rulebook-150k-word-paragraph": (lambda d: _rulebook(d, "# R\n\n" + "word " * 150_000), "rulebook",
                                     "a paragraph of 749,999 characters"),
    "rulebook-20000-row-table": (lambda d: _rulebook(d, "# R\n\n|a|b|\n|-|-|\n" + "|x|y|\n" * 20_000), "rulebook",
                                 "a table with 20001 rows"),
    "art-fifo": (_fifo_art, "validate", "is not a regular file"),
    "yaml-200000-character-card-name": (
        lambda d: (d / "deck.yaml").write_text((MINIMAL / "deck.yaml").read_text().replace("name: One", "name: " + "W" * 200_000)),
        "sheets", "cards[0].name: string should have at most 200 characters"),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(HANGS))
def test_former_hangs_end_within_ten_seconds(case: str, tmp_path: Path) -> None:
    make, verb, message = HANGS[case]
    deck = tmp_path / "deck"
    shutil.copytree(MINIMAL, deck)
    make(deck)
    out = tmp_path / "out"
    args = args_for(verb, deck, out)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.monotonic()
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run([sys.executable, "-m", "cardgen.cli", *args], capture_output=True, text=True, check=False,
                            timeout=60, env=env, cwd=tmp_path)
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    # CPU seconds, not wall: on a shared machine the wall clock says more about the neighbours (the
    # 60 s timeout still catches a real hang); each case takes 0.8–2.8 CPU seconds, imports included
    print(f"{case}: {cpu:.2f} CPU s")
    assert cpu < 10, f"{cpu:.1f} CPU seconds"
    assert time.monotonic() - started < 60
    assert result.returncode == 1, result.stderr
    assert message in result.stderr, result.stderr
    assert all(POSITION.match(line) for line in result.stderr.splitlines() if line.strip()), result.stderr
    assert files_under(out) == []
