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


def test_a_diagram_of_another_game_is_found_and_an_unknown_one_lists_every_games() -> None:
    """Only the deck's own game is loaded up front; a name it does not register loads the others
    (in a fresh interpreter, where no test has loaded them yet)."""
    import subprocess
    import sys

    from tests.conftest import ROOT

    code = ("import sys\n"
            "from cardgen.rulebook.diagrams import DIAGRAMS, find_diagram\n"
            "assert find_diagram('falling-table', 'falling') is not None\n"
            "print(sorted(m for m in sys.modules if m.startswith('cardgen.games.') and m.endswith('.plugin')))\n"
            "assert find_diagram('fall-damage-push', 'falling') is not None\n"
            "assert find_diagram('no-such-diagram', 'falling') is None\n"
            "print(sorted(n for n in DIAGRAMS if n.startswith(('falling-off-', 'fall-damage-')))[:2])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": ""}).stdout.splitlines()
    assert out[0] == "['cardgen.games.falling.plugin']"
    assert out[1] == "['fall-damage-push', 'fall-damage-reach']"
