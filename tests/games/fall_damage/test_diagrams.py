"""The push diagram's labels stay inside their panels in every language and at every width (F24)."""

from __future__ import annotations

import pytest
from reportlab.graphics.shapes import Group, Rect, String
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardgen.build import translator_for
from cardgen.games.fall_damage.diagrams import push_diagram
from cardgen.render.fonts import register_fonts


def _panels(node):  # type: ignore[no-untyped-def]
    """Every group whose first shape is its rounded frame: a panel and the strings drawn in it."""
    for child in getattr(node, "contents", []):
        if isinstance(child, Group):
            first = child.contents[0] if child.contents else None
            if isinstance(first, Rect) and first.rx:
                yield first, [s for s in child.contents if isinstance(s, String)]
            else:
                yield from _panels(child)


def _extent(s: String) -> tuple[float, float]:
    width = stringWidth(s.text, s.fontName, s.fontSize)
    left = {"start": s.x, "middle": s.x - width / 2, "end": s.x - width}[s.textAnchor]
    return left, left + width


@pytest.mark.parametrize("width", [460.0, 300.0])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_label_of_the_push_diagram_is_inside_its_panel(fd_deck, lang: str, width: float) -> None:  # type: ignore[no-untyped-def]
    """« attaquant » started left of the panel's border, where "attacker" fitted."""
    register_fonts()
    panels = list(_panels(push_diagram(fd_deck, translator_for(fd_deck, lang), width=width)))
    assert len(panels) == 2 and all(len(strings) >= 8 for _, strings in panels)
    outside = [(s.text, round(left, 1), round(right, 1), frame.x, frame.x + frame.width)
               for frame, strings in panels for s in strings for left, right in [_extent(s)]
               if left < frame.x + 2 or right > frame.x + frame.width - 2]
    assert outside == []
