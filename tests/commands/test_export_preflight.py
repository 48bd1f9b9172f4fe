"""The preflight of ``cardgen export``: the faces measured as the card pages draw them, one pass, the same verdict."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.loading import load_deck
from cardgen.render.card_renderer import CardRenderer
from tests.conftest import DATA, FALLING

FIXTURES = DATA / "preflight"
CASES = [("clean", "en"), ("overflow", "en"), ("tiny-text", "en"), ("overlap", "en"), ("missing-glyph", "en"),
         ("greyscale", "en"), ("overflow", "fr"), ("untranslated", "fr")]
SINGLE_PASS = ["png", "tts", "proof"]
"""Targets that draw the deck's own cards: measured as drawn. (``pod`` draws them at the shop's size and
checks the deck's own faces in a separate pass first.)"""


def _problem_lines(output: str, prefix: str = "") -> list[str]:
    """The problem lines of a preflight's output (not its summary, not its informational notes)."""
    return [line[len(prefix):] for line in output.splitlines()
            if line.startswith(prefix) and ": " in line and not line.startswith(("preflight:", "note:", "wrote "))]


@pytest.mark.parametrize("target", SINGLE_PASS)
@pytest.mark.parametrize(("name", "language"), CASES)
def test_the_export_warns_of_the_problems_a_separate_preflight_finds(tmp_path: Path, target: str, name: str,
                                                                     language: str) -> None:
    runner = CliRunner()
    deck = FIXTURES / name
    separate = runner.invoke(main, ["preflight", str(deck), "--lang", language, "--paper", "a4", "--layout", "single",
                                    "--allow-untranslated"])
    expected = _problem_lines(separate.stdout)
    result = runner.invoke(main, ["export", str(deck), "--to", target, "--dpi", "30", "--lang", language,
                                  "--allow-untranslated", "-j", "1", "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert _problem_lines(result.stderr, "warning: ") == expected
    assert bool(expected) == (name != "clean" or language != "en"), expected  # each broken fixture is caught


def test_a_png_export_draws_each_distinct_face_and_back_once_with_the_preflight_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    faces: list[str] = []
    backs: list[str] = []
    draw_face, draw_back = CardRenderer.draw_face, CardRenderer.draw_back

    def counting_face(self: CardRenderer, canvas: object, card: object) -> None:
        faces.append(card.id)  # type: ignore[attr-defined]
        draw_face(self, canvas, card)  # type: ignore[arg-type]

    def counting_back(self: CardRenderer, canvas: object, layout: str) -> None:
        backs.append(layout)
        draw_back(self, canvas, layout)  # type: ignore[arg-type]

    monkeypatch.setattr(CardRenderer, "draw_face", counting_face)
    monkeypatch.setattr(CardRenderer, "draw_back", counting_back)
    result = CliRunner().invoke(main, ["export", str(FALLING), "--to", "png", "--dpi", "30", "-j", "1",
                                       "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    deck = load_deck(FALLING)
    assert sorted(faces) == sorted(card.id for card in deck.cards)  # drawn and measured at once, not twice
    assert len(backs) == len(set(backs)) >= 1


@pytest.mark.parametrize("target", [*SINGLE_PASS, "pod"])
def test_a_strict_export_reports_the_problem_and_writes_nothing(tmp_path: Path, target: str) -> None:
    runner = CliRunner()
    report = runner.invoke(main, ["preflight", str(FIXTURES / "overflow"), "--lang", "en"])
    overflow = next(line for line in report.output.splitlines() if ": overflow: " in line)
    shop = ["--vendor", "drivethrucards"] if target == "pod" else ["--dpi", "30"]
    new = tmp_path / "new" / "out"
    strict = runner.invoke(main, ["export", str(FIXTURES / "overflow"), "--to", target, *shop, "--strict",
                                  "-o", str(new)])
    assert strict.exit_code == 1, strict.output
    assert f"error: {overflow}" in strict.stderr and "nothing written (--strict)" in strict.stderr
    assert "Traceback" not in strict.output
    assert list(tmp_path.iterdir()) == []  # not even the folders it would have made
    old = tmp_path / "old"
    old.mkdir()
    (old / "manifest.csv").write_text("kept\n")
    again = runner.invoke(main, ["export", str(FIXTURES / "overflow"), "--to", target, *shop, "--strict",
                                 "-o", str(old)])
    assert again.exit_code == 1
    assert [(p.name, p.read_text()) for p in old.iterdir()] == [("manifest.csv", "kept\n")]
