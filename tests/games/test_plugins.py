"""Games add rulebook diagrams and walkthroughs through the plugin registries, not by editing shared code."""

from __future__ import annotations

from pathlib import Path

from reportlab.graphics.shapes import Drawing, String

from cardgen.i18n.messages import extract_messages
from cardgen.loading import load_deck
from cardgen.rulebook import diagrams
from cardgen.rulebook.builder import write_rulebook
from cardgen.rulebook.labels import ALL, DIAGRAMS as DIAGRAM_LABELS, label_here
from cardgen.render.fonts import BODY, register_fonts
from tests.pdf_tools import pdf_text


def test_a_registered_diagram_is_drawn_and_its_labels_are_extracted(minimal_copy: Path) -> None:
    greeting = label_here("diagram:test.greeting", "Hello from a plugin", "A test label.")

    @diagrams.register_diagram("test-plugin-diagram", labels=(greeting,))
    def make(deck, translate, *, width):  # type: ignore[no-untyped-def]
        register_fonts()
        drawing = Drawing(width, 40)
        drawing.add(String(10, 10, translate(greeting.context, greeting.text), fontName=BODY, fontSize=12))
        return drawing

    try:
        (minimal_copy / "rulebook.md").write_text("# Rules {#rules}\n\n```cardgen\ndiagram: test-plugin-diagram\n```\n")
        deck = load_deck(minimal_copy)
        result = write_rulebook(deck, minimal_copy / "out.pdf")
        assert "Hello from a plugin" in pdf_text(result.path)
        extracted = {m.context: m for m in extract_messages(deck)}
        assert extracted["diagram:test.greeting"].file == "tests/games/test_plugins.py"
        assert extracted["diagram:test.greeting"].comment == "A test label."
    finally:
        diagrams.DIAGRAMS.pop("test-plugin-diagram", None)
        DIAGRAM_LABELS.pop("test-plugin-diagram", None)
        ALL.pop("diagram:test.greeting", None)


def test_unknown_diagram_names_the_registered_ones(minimal_copy: Path, runner) -> None:  # type: ignore[no-untyped-def]
    from cardgen.cli import main

    (minimal_copy / "rulebook.md").write_text("# Rules {#rules}\n\n```cardgen\ndiagram: no-such-diagram\n```\n")
    result = runner.invoke(main, ["rulebook", str(minimal_copy), "-o", str(minimal_copy / "out.pdf")])
    assert result.exit_code == 1
    assert "unknown diagram 'no-such-diagram'" in result.output
    assert "falling-table" in result.output
    assert not (minimal_copy / "out.pdf").exists()
