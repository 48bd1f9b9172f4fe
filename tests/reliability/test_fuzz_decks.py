"""Fuzzing deck files: every outcome is a build or one-line errors with a position — never a traceback.

A few hundred examples run in the default suite; ``pytest -m fuzz`` runs thousands.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.cli import main
from tests.conftest import DATA

MINIMAL = (DATA / "decks" / "minimal" / "deck.yaml").read_text()
LINES = MINIMAL.splitlines(keepends=True)
ERROR_LINE = re.compile(r"^error: \S+?:\d+(:\d+)?: .+")

garbage = st.text(st.characters(codec="utf-8", exclude_characters="\x00"), max_size=40)
yaml_bits = st.sampled_from([": ", "- ", "[", "]", "{", "}", "&a ", "*a", "!!python/object:os.system ", "!tag ", "'", '"', "#",
                             "\t", "---\n", "...\n", "<<: *a\n", "? ", "|\n", ">-\n", "%YAML 1.1\n", "0x", "1e9", "-3",
                             "true", "null", "~", "count: ", "type: ", "art: ../../etc/passwd", "art: /etc/hosts"])


@st.composite
def mutated_deck(draw: st.DrawFn) -> str:
    """The minimal deck with a handful of random edits."""
    lines = list(LINES)
    for _ in range(draw(st.integers(1, 4))):
        action = draw(st.sampled_from(["delete", "duplicate", "retype", "insert", "truncate", "unicode", "nest", "swap"]))
        index = draw(st.integers(0, len(lines) - 1)) if lines else 0
        if not lines:
            lines.append(draw(garbage))
            continue
        if action == "delete":
            del lines[index]
        elif action == "duplicate":
            lines.insert(index, lines[index])
        elif action == "retype":
            line = lines[index]
            if ":" in line:
                key = line.split(":", 1)[0]
                value = draw(st.sampled_from(["[]", "{}", "-1", "0", "1.5", "yes", "null", "'x'", "[1, 2]", "{a: 1}",
                                              "10000000000", "3mm", "'#zzzzzz'", "\"\\u0000\""]))
                lines[index] = f"{key}: {value}\n"
        elif action == "insert":
            lines.insert(index, draw(yaml_bits) + draw(garbage) + "\n")
        elif action == "truncate":
            text = "".join(lines)
            cut = draw(st.integers(0, len(text)))
            lines = text[:cut].splitlines(keepends=True)
        elif action == "unicode":
            line = lines[index]
            position = draw(st.integers(0, len(line)))
            lines[index] = line[:position] + draw(garbage) + line[position:]
        elif action == "nest":
            depth = draw(st.integers(1, 120))
            lines.insert(index, "deep: " + "[" * depth + "]" * depth + "\n")
        elif action == "swap" and len(lines) > 1:
            other = draw(st.integers(0, len(lines) - 1))
            lines[index], lines[other] = lines[other], lines[index]
    return "".join(lines)


def _check(result, deck_file: Path) -> None:  # type: ignore[no-untyped-def]
    assert result.exit_code in (0, 1), (result.exit_code, result.output, deck_file.read_text())
    assert "Traceback" not in result.output
    assert "internal error" not in result.output, result.output
    if result.exit_code == 1:
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert lines
        for line in lines:
            assert ERROR_LINE.match(line), line


def _workspace(tmp_path: Path) -> Path:
    folder = tmp_path / "deck"
    if not folder.exists():
        shutil.copytree(DATA / "decks" / "minimal", folder)
    return folder


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=mutated_deck())
def test_validate_never_crashes(text: str, tmp_path: Path) -> None:
    folder = _workspace(tmp_path)
    (folder / "deck.yaml").write_text(text, encoding="utf-8")
    _check(CliRunner().invoke(main, ["validate", str(folder)]), folder / "deck.yaml")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=mutated_deck())
def test_build_never_crashes_or_half_writes(text: str, tmp_path: Path) -> None:
    folder = _workspace(tmp_path)
    (folder / "deck.yaml").write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    shutil.rmtree(out, ignore_errors=True)
    result = CliRunner().invoke(main, ["build", str(folder), "--out", str(out), "--lang", "en"])
    _check(result, folder / "deck.yaml")
    written = sorted(p.name for p in out.iterdir()) if out.exists() else []
    if result.exit_code == 0:
        assert written == ["cards-en.pdf"]
        assert (out / "cards-en.pdf").read_bytes().startswith(b"%PDF")
    else:
        assert written == []


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=400))
def test_random_bytes_are_rejected_cleanly(raw: bytes, tmp_path: Path) -> None:
    folder = _workspace(tmp_path)
    (folder / "deck.yaml").write_bytes(raw)
    _check(CliRunner().invoke(main, ["validate", str(folder)]), folder / "deck.yaml")


@pytest.mark.fuzz
@settings(max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=mutated_deck())
def test_validate_never_crashes_nightly(text: str, tmp_path: Path) -> None:
    folder = _workspace(tmp_path)
    (folder / "deck.yaml").write_text(text, encoding="utf-8")
    _check(CliRunner().invoke(main, ["validate", str(folder)]), folder / "deck.yaml")


@pytest.mark.fuzz
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=mutated_deck())
def test_build_never_crashes_nightly(text: str, tmp_path: Path) -> None:
    test_build_never_crashes_or_half_writes.hypothesis.inner_test(text, tmp_path)  # type: ignore[attr-defined]


# -- every file a deck reads, and "validate ok ⇒ build ok" ------------------------------------------
# Each strategy writes one kind of deck file (a card table, a layout, a PO catalog, an SVG, the
# rulebook) into a copy of the minimal deck. The property: `validate` and `build` agree — when
# validate passes, build writes every product; when validate fails, build fails too, with one-line
# errors and nothing written.
MINIMAL_HEAD = MINIMAL.split("cards:\n")[0]
cells = st.one_of(garbage, st.sampled_from(["", "one", "two", "red", "blue", "0", "-1", "3", "1e9", "x,y", '"q"', "#note",
                                            "stats.power", "art/pattern.png", "../x.png", "hit", "\u00a0", "=1+1"]))
lengths = st.sampled_from(["4mm", "-3mm", "0", "50%", "100%", "1000%", "1001%", "1e9mm", "abc", "2in", "999999mm", "-50mm",
                           "0.1pt", "30mm"])
sizes = st.sampled_from(["9pt", "0pt", "1pt", "144pt", "145pt", "6.5pt", "x", "100000pt", "2mm"])
po_texts = st.one_of(garbage, st.sampled_from(["Un", "Deux", "« Rouge »", "{title} · feuille {number}/{count}", "{nope}",
                                               "<b>gras</b>", "a & b", "\\n", "x" * 300, "y" * 10_001, "%s", "{{ total }}"]))
svg_parts = st.sampled_from([
    '<rect width="10" height="10" fill="#c00"/>', '<circle cx="5" cy="5" r="4"/>', '<path d="M0 0 L10 10 Z"/>',
    '<path d="M0 0 L1e308 1e308"/>', '<g id="a"><rect width="3" height="3"/></g>', '<use href="#a"/>',
    '<use href="#missing"/>', '<use href="other.svg#a"/>', '<image href="pattern.png" width="5" height="5"/>',
    '<image href="data:image/png;base64,iVBORw0KGgo=" width="5" height="5"/>', '<style>rect { fill: red }</style>',
    '<style>@import "x.css";</style>', '<text x="1" y="9">Hi</text>', '<g transform="scale(0)"><rect width="1" height="1"/></g>',
    '<rect width="-5" height="nan"/>', '<linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient>',
    '<rect width="5" height="5" fill="url(#g)"/>', '<foreignObject><p>x</p></foreignObject>', "<", "&amp;", "&bogus;"])
svg_roots = st.sampled_from(['width="40" height="40"', 'width="0" height="40"', 'width="nan" height="4"', 'viewBox="0 0 10 10"',
                             'width="40mm" height="2in"', 'width="50%" height="50%"', 'viewBox="0 0 0 0"', "",
                             'width="1e9" height="1e9"', 'viewBox="0 0 10"'])
markdown_parts = st.sampled_from([
    "# Rules {#rules}\n", "## Setup\n", "Some text.\n", "The deck holds {{ total }} cards.\n", "{{ name.one }} and [[one]].\n",
    "[[nope]]\n", "{{ undefined_value }}\n", "{% for i in range(3) %}{{ i }}{% endfor %}\n", "{{ 'x'|center(5) }}\n",
    "{{ 'x' * 200000 }}\n", "{% include 'x' %}\n", "|a|b|\n|-|-|\n|1|2|\n", "- one\n- two\n", "> quote\n",
    "```cardgen\ncontents\n```\n", "```cardgen\nnot-a-directive\n```\n", "Text {.caption}\n", "\n", "{{ types.red.label }}\n",
    "{{ count.one + count.two }}\n", "***\n", "{{\n", "{% if %}\n"])


FILE_ERROR_LINE = re.compile(r"^error: \S+?(:\d+(:\d+)?)?: .+")
"""A missing translation is reported at the string's source file, which may have no line."""


def _check_any_file(result) -> None:  # type: ignore[no-untyped-def]
    assert result.exit_code in (0, 1), (result.exit_code, result.output)
    assert "Traceback" not in result.output
    assert "internal error" not in result.output, result.output
    if result.exit_code == 1:
        lines = [line for line in result.stderr.splitlines() if line.strip() and not line.startswith("Too many")]
        assert lines
        for line in lines:
            assert FILE_ERROR_LINE.match(line), line


def _agree(folder: Path, tmp_path: Path) -> None:
    """validate and build agree on the deck in ``folder``; build writes all products or nothing."""
    runner = CliRunner()
    checked = runner.invoke(main, ["validate", str(folder)])
    _check_any_file(checked)
    out = tmp_path / "out"
    shutil.rmtree(out, ignore_errors=True)
    built = runner.invoke(main, ["build", str(folder), "--out", str(out)])
    _check_any_file(built)
    assert built.exit_code == checked.exit_code, (checked.output, built.output)
    written = sorted(p.name for p in out.iterdir()) if out.exists() else []
    if built.exit_code == 0:
        assert "cards-en.pdf" in written
    else:
        assert written == []


def _fresh(tmp_path: Path) -> Path:
    folder = tmp_path / "deck"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(DATA / "decks" / "minimal", folder)
    return folder


@st.composite
def card_table(draw: st.DrawFn) -> str:
    header = draw(st.lists(st.sampled_from(["id", "name", "type", "count", "text", "art", "icon", "stats.power", "#note",
                                            "Name", "bogus", ""]), min_size=1, max_size=6))
    rows = draw(st.lists(st.lists(cells, min_size=0, max_size=len(header) + 1), max_size=5))
    delimiter = draw(st.sampled_from([",", ";", "\t"]))
    return "\n".join(delimiter.join(row) for row in [header, *rows]) + "\n"


@st.composite
def layout_file(draw: st.DrawFn) -> str:
    elements = []
    for index in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["text", "fill", "art", "icon", "frame", "symbol", "rule", "bogus"]))
        parts = [f"kind: {kind}"] + [f"{key}: {draw(lengths)}" for key in ("x", "y", "width", "height") if draw(st.booleans())]
        if kind == "text":
            parts += [f"field: {draw(st.sampled_from(['name', 'text', 'labels.none', 'stats.x', 'credit']))}",
                      f"size: {draw(sizes)}"]
        elements.append(f"  e{index}: {{{', '.join(parts)}}}")
    return "extends: base-card\nelements:\n" + "\n".join(elements) + "\n"


@st.composite
def po_file(draw: st.DrawFn) -> str:
    charset = draw(st.sampled_from(["UTF-8", "UTF-8", "ISO-8859-1", "x-no-such-codec", ""]))
    entries = [("deck:title", "Minimal"), ("deck:credit", "Minimal test deck"), ("type:red.label", "Red"),
               ("type:blue.label", "Blue"), ("card:one.name", "One"), ("card:one.text", "The first card."),
               ("card:two.name", "Two"), ("card:two.text", "The second card, with art."),
               ("sheet:label", "{title} · sheet {number}/{count}"),
               ("sheet:label.fronts", "{title} · sheet {number}/{count} · fronts"), ("sheet:fold", "fold here")]
    body = []
    for context, source in entries:
        if draw(st.integers(0, 9)) == 0:
            continue  # a missing entry
        text = draw(po_texts) if draw(st.booleans()) else f"FR {source}"
        escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        body.append(f'msgctxt "{context}"\nmsgid "{source}"\nmsgstr "{escaped}"\n')
    return (f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset={charset}\\n"\n"Language: fr\\n"\n\n'
            + "\n".join(body))


@st.composite
def svg_file(draw: st.DrawFn) -> str:
    body = "".join(draw(st.lists(svg_parts, max_size=6)))
    return f'<svg xmlns="http://www.w3.org/2000/svg" {draw(svg_roots)}>{body}</svg>\n'


@st.composite
def rulebook_file(draw: st.DrawFn) -> str:
    return "".join(draw(st.lists(markdown_parts, min_size=1, max_size=8)))


def _with_table(folder: Path, text: str) -> None:
    (folder / "deck.yaml").write_text(MINIMAL_HEAD + "cards_from: cards.csv\n")
    (folder / "cards.csv").write_text(text)


def _with_layout(folder: Path, text: str) -> None:
    (folder / "templates").mkdir()
    (folder / "templates" / "fuzz.yaml").write_text(text)
    (folder / "deck.yaml").write_text(MINIMAL.replace("print:\n", "layout: fuzz\nprint:\n"))


def _with_catalog(folder: Path, text: str) -> None:
    (folder / "locale").mkdir()
    (folder / "locale" / "fr.po").write_text(text, encoding="utf-8")
    (folder / "deck.yaml").write_text(MINIMAL.replace("print:\n", "languages: [en, fr]\nprint:\n"))


def _with_svg(folder: Path, text: str) -> None:
    (folder / "art" / "a.svg").write_text(text)
    (folder / "deck.yaml").write_text(MINIMAL.replace("art/pattern.png", "art/a.svg"))


def _with_rulebook(folder: Path, text: str) -> None:
    (folder / "rulebook.md").write_text(text)


FILE_KINDS = {"table": (card_table(), _with_table), "layout": (layout_file(), _with_layout),
              "catalog": (po_file(), _with_catalog), "svg": (svg_file(), _with_svg),
              "rulebook": (rulebook_file(), _with_rulebook)}


def _validate_and_build_agree(kind: str, tmp_path: Path, examples: int) -> None:
    """For ``examples`` generated files of ``kind`` in a fresh deck: validate and build give the same verdict."""
    strategy, place = FILE_KINDS[kind]

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(text=strategy)
    def run(text: str) -> None:
        folder = _fresh(tmp_path)
        place(folder, text)
        _agree(folder, tmp_path)

    run()


@pytest.mark.parametrize("kind", sorted(FILE_KINDS))
def test_validate_and_build_agree_on_every_file_kind(kind: str, tmp_path: Path) -> None:
    _validate_and_build_agree(kind, tmp_path, examples=12)


@pytest.mark.fuzz
@pytest.mark.parametrize("kind", sorted(FILE_KINDS))
def test_validate_and_build_agree_nightly(kind: str, tmp_path: Path) -> None:
    _validate_and_build_agree(kind, tmp_path, examples=400)
