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
