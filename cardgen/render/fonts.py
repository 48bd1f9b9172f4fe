"""The bundled OFL fonts, registered with reportlab once per process.

Every canvas and Drawing cardgen makes uses these fonts, so every PDF embeds its fonts and no
system font is needed. ``register_fonts()`` also points reportlab's default font name at the
bundled body font, so no unembedded Helvetica can sneak in through a default.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from functools import cache
from importlib import resources
from pathlib import Path
from types import ModuleType

from reportlab import rl_config
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

BODY = "Lato"
BODY_BOLD = "Lato-Bold"
BODY_ITALIC = "Lato-Italic"
BODY_BOLD_ITALIC = "Lato-BoldItalic"
BLACK = "Lato-Black"
DISPLAY = "Vollkorn-Bold"
DISPLAY_REGULAR = "Vollkorn"

_FILES = {
    BODY: "Lato-Regular.ttf",
    BODY_BOLD: "Lato-Bold.ttf",
    BODY_ITALIC: "Lato-Italic.ttf",
    BODY_BOLD_ITALIC: "Lato-BoldItalic.ttf",
    BLACK: "Lato-Black.ttf",
    DISPLAY: "Vollkorn-Bold.ttf",
    DISPLAY_REGULAR: "Vollkorn-Regular.ttf",
}


def font_path(name: str) -> Path:
    """The file of a bundled font, by its registered name."""
    return Path(str(resources.files("cardgen") / "fonts" / _FILES[name]))


def ensure_font(name: str) -> str:
    """Register one bundled font if it is not registered yet; returns its name.

    No face is read up front: each is read when something first uses it (see
    :func:`_register_on_first_use`). A face costs 10–40 ms to read, and most documents use few (card
    text without emphasis needs no bold face; ``validate`` measures headings in bold only)."""
    if name not in _ENSURED:  # (asked for each text drawn; reportlab lists its registered fonts anew each time)
        if name in _FILES and name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(font_path(name))))
            # registerFont maps a TrueType face to a family of its own: a body face read late would
            # leave the body family (``<b>`` in Lato-Italic text would stay Lato-Italic)
            map_bundled_families()
        _ENSURED.add(name)
    return name


_ENSURED: set[str] = set()
"""Names :func:`ensure_font` has seen registered (reportlab has no way to unregister a font)."""


@cache
def register_fonts() -> tuple[str, ...]:
    """Make the bundled fonts known to reportlab (each read on first use; idempotent) and Lato its default font.

    Also keeps reportlab from breaking lines at the narrow no-break space French uses.
    """
    from cardgen.render.narrow_space import install

    install()
    map_bundled_families()
    # Defaults used by Canvas(), Paragraph styles and graphics shapes that name no font.
    rl_config.canvas_basefontname = BODY
    _patch_graphics_defaults()
    _register_on_first_use()
    return tuple(_FILES)


def map_bundled_families() -> None:
    """Map each bundled face to its own family (Lato's four faces to Lato), as reportlab's Paragraph
    looks them up for ``<b>`` and ``<i>``.

    reportlab keeps one process-wide table, and registering a family also maps each of its faces
    back to it: a deck whose own body font borrows Lato-Bold for bold maps Lato-Bold to the deck's
    family, and every later Paragraph in Lato-Bold would then be set in that deck's font. Called
    again after each deck's own families are registered (:func:`cardgen.render.deck_fonts.deck_font_names`).
    """
    for name in _FILES:  # what registerFont would map for each face, so Paragraph styles may name it
        pdfmetrics.registerFontFamily(name)
    pdfmetrics.registerFontFamily(
        BODY, normal=BODY, bold=BODY_BOLD, italic=BODY_ITALIC, boldItalic=BODY_BOLD_ITALIC
    )
    for bold, italic, face in ((0, 0, BODY), (1, 0, BODY_BOLD), (0, 1, BODY_ITALIC), (1, 1, BODY_BOLD_ITALIC)):
        addMapping(BODY, bold, italic, face)


def _register_on_first_use() -> None:
    """reportlab looks up an unknown font name with ``pdfmetrics.findFontAndRegister``; for a
    bundled face, register the TrueType file instead (a ``<i>`` in a paragraph, say)."""
    original = pdfmetrics.findFontAndRegister
    if getattr(original, "cardgen_bundled", False):
        return

    def find_font_and_register(font_name: str) -> object:
        if font_name in _FILES:
            ensure_font(font_name)
            return pdfmetrics.getFont(font_name)
        return original(font_name)

    find_font_and_register.cardgen_bundled = True  # type: ignore[attr-defined]
    pdfmetrics.findFontAndRegister = find_font_and_register


def _patch_graphics_defaults() -> None:
    """reportlab.graphics captured 'Helvetica' at import time; point it at the body font (when it is
    imported: ``reportlab.graphics.shapes`` imports all of ``reportlab.platypus``, see after_import.py)."""
    from cardgen.render.after_import import when_imported

    when_imported("reportlab.graphics.shapes", _body_font_by_default)
    # String() reads its default from here too
    when_imported("reportlab.graphics.renderbase", _body_font_by_default)


def _body_font_by_default(module: ModuleType) -> None:
    defaults = getattr(module, "STATE_DEFAULTS", None)
    if isinstance(defaults, dict):
        defaults["fontName"] = BODY


def has_glyphs(text: str, font: str = BODY) -> set[str]:
    """Characters of ``text`` that the font cannot draw (empty set when all are covered).

    A bundled face's characters come from a table made from its file (:mod:`cardgen.render.font_coverage`),
    so checking them reads no font file; any other registered font is asked through reportlab.
    """
    covers = bundled_covers(font)
    if covers is not None:
        return {ch for ch in text if ch not in "\n\r\t" and not covers(ord(ch))}
    register_fonts()
    face = pdfmetrics.getFont(ensure_font(font)).face
    cmap = face.charToGlyph
    return {ch for ch in text if ch not in "\n\r\t" and ord(ch) not in cmap}


@cache
def bundled_covers(name: str) -> Callable[[int], bool] | None:
    """``covers(code_point)`` for the bundled face ``name``, from :mod:`cardgen.render.bundled_coverage`;
    None for another font, or when the face's file is not the size of the one the table was made from
    (then the file is read)."""
    from cardgen.render import bundled_coverage as table

    if name not in _FILES or name not in table.RANGES:
        return None
    try:
        if font_path(name).stat().st_size != table.FILE_SIZES.get(name):
            return None
    except OSError:
        return None
    ranges = table.RANGES[name]
    firsts = [first for first, _ in ranges]

    def covers(point: int) -> bool:
        index = bisect.bisect_right(firsts, point) - 1
        return index >= 0 and point <= ranges[index][1]

    return covers
