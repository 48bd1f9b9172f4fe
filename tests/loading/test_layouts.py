"""Layouts with `extends`: inheritance, overrides, removal, and errors that point at the file."""

from __future__ import annotations

import pytest

from cardgen.errors import LayoutError
from cardgen.loading.layouts import load_layout
from tests.conftest import DATA, FALLING

LAYOUTS = DATA / "layouts"


def test_falling_card_extends_base_and_overrides_title() -> None:
    layout = load_layout("falling-card", deck_folder=FALLING)
    base = load_layout("base-card", deck_folder=None)
    assert layout.elements["title"].size == "20pt"
    assert base.elements["title"].size == "18pt"
    # inherited keys of the overridden element stay
    assert layout.elements["title"].font == base.elements["title"].font
    assert "panel-frame" in layout.elements and "panel-frame" not in base.elements
    assert list(layout.elements)[: len(base.elements)] == list(base.elements)


def test_null_removes_an_inherited_element() -> None:
    layout = load_layout("remove-element", deck_folder=LAYOUTS)
    assert "credit" not in layout.elements
    assert "title" in layout.elements


def test_circular_extends_is_an_error() -> None:
    with pytest.raises(LayoutError, match="in a circle: circular-extends-a → circular-extends-b → circular-extends-a"):
        load_layout("circular-extends-a", deck_folder=LAYOUTS)


def test_missing_parent_is_an_error_at_the_extends_line() -> None:
    with pytest.raises(LayoutError) as info:
        load_layout("extends-nonexistent", deck_folder=LAYOUTS)
    assert "unknown layout 'no-such-layout'" in str(info.value)
    assert info.value.line == 1 and info.value.field == "extends"


def test_bad_element_value_points_at_the_child_file() -> None:
    with pytest.raises(LayoutError) as info:
        load_layout("bad-element-kind", deck_folder=LAYOUTS)
    text = str(info.value)
    assert "templates/bad-element-kind.yaml:3:" in text.replace("\\", "/")
    assert "elements.title.kind" in text


def test_a_parent_layout_is_read_once_per_deck_and_gives_the_same_layouts(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Fall Damage's layouts extend shared parents: each file is parsed once, and every layout is what
    reading its files afresh gives."""
    from collections import Counter

    from cardgen.loading import layouts, load_deck
    from cardgen.loading.deck_loader import load_deck_layouts
    from tests.conftest import ROOT

    reads: Counter[str] = Counter()
    real = layouts.read_yaml

    def counting(path, **kwargs):  # type: ignore[no-untyped-def]
        reads[path.name] += 1
        return real(path, **kwargs)

    monkeypatch.setattr(layouts, "read_yaml", counting)
    deck = load_deck(ROOT / "decks" / "fall-damage")
    loaded = load_deck_layouts(deck)
    assert reads["fd-reference.yaml"] == 1 and set(reads.values()) == {1}
    for name, layout in loaded.items():
        fresh = layouts.load_layout(name, deck_folder=deck.folder, display_root=deck.file.parent, fonts=list(deck.fonts))
        assert fresh == layout, name
    assert reads["fd-reference.yaml"] > 1  # the fresh loads read it again
