"""What the Falling Off plugin adds: strings for the catalog, rulebook diagrams, marker icons,
and an engine that stays free of drawing code."""

from __future__ import annotations

import subprocess
import sys

from reportlab.graphics.shapes import Drawing

from cardgen.i18n.catalogs import catalog_path
from cardgen.i18n.checks import check_catalog
from cardgen.i18n.messages import extract_messages
from cardgen.i18n.units import parse_rulebook
from cardgen.loading import load_deck
from cardgen.render.card_renderer import no_translation
from cardgen.render.icons import ICONS, MOMENTUM_ANGLES
from cardgen.render.sheets import SHEET_LABELS, sheet_text
from cardgen.rulebook.diagrams import find_diagram
from tests.conftest import FALLING, ROOT

DECK = ROOT / "decks" / "falling-off"
ENGINE = ("board", "moves", "rules", "events", "notation", "variants", "scenario")


def test_the_engine_modules_never_import_reportlab() -> None:
    code = ("import sys\n" + "".join(f"import cardgen.games.falling_off.{name}\n" for name in ENGINE)
            + "print(sorted(m for m in sys.modules if m.startswith('reportlab')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_walkthrough_strings_are_extracted_only_for_falling_off_decks() -> None:
    messages = {m.context: m for m in extract_messages(load_deck(DECK))}
    step = messages["caption:fo.step.nxc7"]
    assert step.file == "walkthrough.yaml" and step.line is not None
    source_line = (DECK / "walkthrough.yaml").read_text(encoding="utf-8").splitlines()[step.line - 1]
    assert "caption:" in source_line
    assert messages["caption:fo.piece.white-knight"].file == "cardgen/games/falling_off/texts.py"
    assert messages["caption:fo.fact.moved"].comment.startswith("{piece} is a piece name")
    assert {"sheet:label.fronts", "diagram:fo.notation.letters", "diagram:fo.legend.push"} <= set(messages)
    assert not [m for m in extract_messages(load_deck(FALLING)) if m.context.startswith(("caption:fo.", "diagram:fo."))]


def test_the_french_catalog_is_complete() -> None:
    deck = load_deck(DECK)
    assert catalog_path(deck, "fr").is_file()
    report = check_catalog(deck, "fr")
    assert report.translated == report.total and not report.problems


def test_every_diagram_the_rules_sheet_names_is_registered_and_fits_the_width() -> None:
    document = parse_rulebook(DECK / "rulebook.md")
    names = [block.args["value"] for block in document.directives() if block.name == "diagram"]
    assert {"falling-off-title", "falling-off-markers", "falling-off-push", "falling-off-fall", "falling-off-crowd"} == set(names)
    deck = load_deck(DECK)
    for name in names:
        maker = find_diagram(name)
        assert maker is not None, name
        drawing = maker(deck, no_translation, width=400.0)
        assert isinstance(drawing, Drawing) and abs(drawing.width - 400.0) < 1e-6 and drawing.height > 20


def test_a_marker_for_every_direction_and_side() -> None:
    deck = load_deck(DECK)
    assert set(MOMENTUM_ANGLES) == {"n", "ne", "e", "se", "s", "sw", "w", "nw"}
    for side in deck.types:
        icons = sorted(card.icon or "" for card in deck.cards if card.type == side)
        assert icons == sorted(f"momentum-{d}" for d in MOMENTUM_ANGLES)
    assert all(f"momentum-{d}" in ICONS for d in MOMENTUM_ANGLES)
    size = deck.print.size
    assert round(size.width_pt / 72 * 25.4, 1) == round(size.height_pt / 72 * 25.4, 1) == 30.0


def test_sheet_labels_follow_the_catalog_and_fall_back_to_english() -> None:
    assert sheet_text(no_translation, "sheet:label.fronts", title="T", number=1, count=2) == "T · sheet 1/2 · fronts"

    def french(context: str, source: str) -> str:
        return {"sheet:label.fronts": "{title} · planche {number}/{count} · recto"}.get(context, source)

    assert sheet_text(french, "sheet:label.fronts", title="T", number=1, count=2) == "T · planche 1/2 · recto"
    assert sheet_text(lambda c, s: "{broken", "sheet:fold") == SHEET_LABELS["sheet:fold"]
