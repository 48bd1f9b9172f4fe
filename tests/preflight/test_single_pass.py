"""The preflight of ``cardgen sheets`` measures the faces as the sheets draw them: one pass, same verdict."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.i18n.translator import translator_for
from cardgen.loading import load_deck
from cardgen.preflight import PreflightOptions, preflight_deck
from cardgen.preflight.faces import SheetFaceWatch
from cardgen.render.card_renderer import CardRenderer
from cardgen.render.sheets import SheetOptions, write_sheets
from tests.conftest import DATA

FIXTURES = DATA / "preflight"
CASES = [("clean", "en"), ("overflow", "en"), ("tiny-text", "en"), ("overlap", "en"), ("missing-glyph", "en"),
         ("untranslated", "fr")]


def _options(language: str) -> PreflightOptions:
    # untranslated text is drawn in English and reported at its card, as the sheets below draw it
    return PreflightOptions(languages=(language,), papers=("a4",), layouts=("duplex",), print_notes=False,
                            allow_untranslated=True)


def _text_over_icon(tmp_path: Path) -> Path:
    """The overlap fixture with the icon (a drawing, not a background) moved down onto the rule text."""
    folder = tmp_path / "text-over-icon"
    shutil.copytree(FIXTURES / "overlap", folder)
    (folder / "templates" / "overlap-card.yaml").write_text("extends: base-card\nelements:\n  icon: {y: 58%}\n")
    return folder


@pytest.mark.parametrize(("name", "language"), CASES + [("text-over-icon", "en")])
def test_faces_measured_while_drawing_the_sheets_give_the_problems_a_separate_preflight_gives(
        tmp_path: Path, name: str, language: str) -> None:
    deck = load_deck(_text_over_icon(tmp_path) if name == "text-over-icon" else FIXTURES / name)
    separate = [p.format() for p in preflight_deck(deck, _options(language)).problems]
    watch = SheetFaceWatch(deck)
    drawn: dict[str, CardRenderer] = {}
    write_sheets(deck, tmp_path / "cards.pdf", options=SheetOptions(), language=language,
                 translate=translator_for(deck, language, allow_untranslated=True), watch=watch,
                 before_commit=lambda renderer: drawn.setdefault("renderer", renderer))
    renderer = drawn["renderer"]
    single = [p.format() for p in preflight_deck(deck, _options(language),
                                                 {language: (watch.faces(deck, renderer), renderer)}).problems]
    assert single == separate
    if name != "clean":
        assert single  # each broken fixture breaks its rule here too
    if name == "text-over-icon":  # the icon's own ink is measured: only backgrounds' paint is left out
        assert any("element text: overlap:" in line and "icon's drawing" in line for line in single), single


def test_sheets_draw_each_distinct_face_once_with_the_preflight_on(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    original = CardRenderer.draw_face

    def counting(self: CardRenderer, canvas: object, card: object) -> None:
        drawn.append(card.id)  # type: ignore[attr-defined]
        original(self, canvas, card)  # type: ignore[arg-type]

    monkeypatch.setattr(CardRenderer, "draw_face", counting)
    deck = DATA.parent.parent / "decks" / "falling"
    result = CliRunner().invoke(main, ["sheets", str(deck), "-o", str(tmp_path / "cards.pdf")])
    assert result.exit_code == 0, result.output
    assert sorted(drawn) == sorted(card.id for card in load_deck(deck).cards)  # not twice: drawn and measured at once


def test_strict_sheets_report_the_problem_and_write_nothing(tmp_path: Path) -> None:
    runner = CliRunner()
    target = tmp_path / "cards.pdf"
    report = runner.invoke(main, ["preflight", str(FIXTURES / "overflow")])
    overflow = next(line for line in report.output.splitlines() if ": overflow: " in line)
    strict = runner.invoke(main, ["sheets", str(FIXTURES / "overflow"), "--strict", "-o", str(target)])
    assert strict.exit_code == 1
    assert overflow in strict.stderr and "nothing written (--strict)" in strict.stderr
    assert not target.exists() and list(tmp_path.iterdir()) == []


def test_problem_lines_come_from_the_positions_the_loader_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """A problem's ``deck.yaml:line`` is found without reading the deck file again, and is the same line."""
    from cardgen.preflight import problems

    deck = load_deck(DATA.parent.parent / "decks" / "falling")
    built = deck.model_copy()
    built._positions = {}  # as a deck made in code has: its file is read to find the lines
    reread = {card.id: problems.card_source(built, card.id, "text") for card in deck.cards}
    assert len(set(reread.values())) == len(deck.cards)  # a line of its own for each card

    def no_reading(path: Path) -> None:
        raise AssertionError(f"{path} read again")

    monkeypatch.setattr(problems, "_located", no_reading)
    assert {card.id: problems.card_source(deck, card.id, "text") for card in deck.cards} == reread
    assert problems.type_source(deck, "extra").endswith(f":{deck._positions[('types', 'extra', 'color')][0]}")
