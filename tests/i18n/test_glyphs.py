"""Every glyph of every shipped catalog is in the bundled fonts (body, emphasis, headings)."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from cardgen.i18n.checks import CHECKED_FONTS
from cardgen.i18n.typography import apply_typography
from cardgen.render.fonts import has_glyphs
from tests.conftest import ROOT

CATALOGS = sorted((ROOT / "decks").glob("*/locale/*.po"))


def test_there_is_a_catalog_to_check() -> None:
    assert any(path.name == "fr.po" for path in CATALOGS)


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_every_catalog_string_is_in_the_fonts(path) -> None:  # type: ignore[no-untyped-def]
    with path.open("rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if not message.id or not message.string:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)  # a counted string's forms
        for form in forms:
            text = apply_typography(form, path.stem)  # the no-break spaces the code adds, too
            for font in CHECKED_FONTS:
                assert has_glyphs(text, font) == set(), (message.context, font)
