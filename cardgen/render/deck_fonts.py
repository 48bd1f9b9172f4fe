"""A deck's own fonts: TTF/OTF files inside the deck folder, named in its ``fonts:`` section.

::

    fonts:
      hand: fonts/Deckhand-Regular.ttf     # a new name: layouts say  font: hand
      body: fonts/MyBody-Regular.ttf       # a role: replaces the bundled body font on the cards

A key that is one of the layout roles (``display``, ``display-regular``, ``body``, ``body-bold``,
``body-italic``, ``black``) replaces that role on the cards; any other key is a font name layouts
can use. ``<name>-bold``, ``<name>-italic`` and ``<name>-bold-italic`` keys, when present, are what
``**bold**`` and ``*italic*`` in that font's text use (else the same face).

Fonts are embedded and subset like the bundled ones (reportlab embeds only the glyphs used). A
file must be inside the deck folder (no absolute path, no ``..``, no symbolic link), end in
``.ttf`` or ``.otf``, be within the containment rule's font size limit, and hold TrueType outlines.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.render import fonts
from cardgen.render.element_kit import FONT_NAMES

if TYPE_CHECKING:
    from cardgen.model.deck import DeckSpec

ROLES = FONT_NAMES
"""The font names every layout may use, and the bundled face each stands for (the element kit's map)."""

FONT_SUFFIXES = (".ttf", ".otf")


class FontFileError(ValueError):
    """A ``fonts:`` entry that cannot be used; ``hint`` says what would work."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.hint = hint


def font_file(folder: Path, reference: str) -> Path:
    """The font file for ``reference`` inside ``folder``, checked; FontFileError says why not.

    It goes through the deck's containment rule (:mod:`cardgen.loading.containment`): relative,
    no ``..``, no symbolic link on the way, a regular file within the font size limit.
    """
    from cardgen.loading.containment import (
        ContainmentError,
        FileMissing,
        check_reference,
        contained_path,
    )

    try:
        check_reference(reference)
    except ContainmentError as exc:
        raise FontFileError(f"'{reference}' {exc}") from None
    if Path(reference).suffix.lower() not in FONT_SUFFIXES:
        raise FontFileError(f"'{reference}' is not a font file", hint="use a .ttf or .otf file")
    try:
        return contained_path(folder, reference, "font")
    except FileMissing:
        raise FontFileError(f"font file '{reference}' not found", hint=f"looked in {folder}/") from None
    except ContainmentError as exc:
        raise FontFileError(f"'{reference}' {exc}", hint="copy the font file into the deck folder") from None


def registered_name(path: Path) -> str:
    """The name a font file is registered under: from its bytes, so equal files share one name."""
    return "deckfont-" + hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def register_font_file(path: Path, reference: str) -> str:
    """Register ``path`` with reportlab (once); FontFileError when reportlab cannot embed it."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    name = registered_name(path)
    if name not in pdfmetrics.getRegisteredFontNames():
        try:
            font = TTFont(name, str(path))
            # reportlab shares one face per PostScript name: a deck's font named like a bundled one (or
            # another deck's) would silently be drawn with that other file. A name of its own, from its
            # bytes, keeps each file apart and the PDF the same from run to run.
            font.face.name = font.face.name + b"-" + name[-6:].encode("ascii")
            pdfmetrics.registerFont(font)
        except (TTFError, OSError, ValueError, KeyError, IndexError, AssertionError) as exc:
            detail = str(exc).split(" - ")[-1] if str(exc) else exc.__class__.__name__
            hint = ("OpenType fonts with PostScript (CFF) outlines cannot be embedded; use the TTF version"
                    if "postscript" in detail.lower() or "CFF" in detail else "use a TrueType (.ttf) font")
            raise FontFileError(f"'{reference}' cannot be embedded: {detail}", hint=hint) from None
    return name


def deck_font_names(deck: DeckSpec) -> dict[str, str]:
    """Every font name a layout of ``deck`` may use → the registered reportlab font.

    The roles map to the bundled faces unless the deck replaces them; the deck's other keys are
    added. Each deck font gets a family, so ``<b>`` and ``<i>`` inside its text find a face.
    """
    from reportlab.pdfbase import pdfmetrics

    own = getattr(deck, "fonts", None) or {}
    if not own:
        return dict(ROLES)
    fonts.register_fonts()
    registered = {key: register_font_file(font_file(deck.folder, reference), reference)
                  for key, reference in own.items()}
    names = {**ROLES, **registered}
    for key, name in registered.items():
        bold = registered.get(f"{key}-bold", name if key != "body" else names["body-bold"])
        italic = registered.get(f"{key}-italic", name if key != "body" else names["body-italic"])
        pdfmetrics.registerFontFamily(name, normal=name, bold=bold, italic=italic,
                                      boldItalic=registered.get(f"{key}-bold-italic", bold))
    fonts.map_bundled_families()  # a bundled face borrowed above belongs to its own family again
    return names


def deck_font_faces(deck: DeckSpec) -> list[str]:
    """The registered names of the deck's own fonts (for the glyph check of its catalogs)."""
    own = getattr(deck, "fonts", None) or {}
    if not own:
        return []
    names = deck_font_names(deck)
    return [names[key] for key in own]
