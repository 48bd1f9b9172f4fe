from __future__ import annotations

from cardgen.render.fonts import BODY, DISPLAY, font_path, has_glyphs, register_fonts

FRENCH = "éèêàçœ«»\u00a0\u202fÉÈÇŒâîôûëïü’…–—"


def test_bundled_fonts_cover_french() -> None:
    register_fonts()
    assert has_glyphs(FRENCH, BODY) == set()
    assert has_glyphs(FRENCH, DISPLAY) == set()


def test_fonts_are_truetype_files_in_the_package() -> None:
    for name in (BODY, DISPLAY):
        data = font_path(name).read_bytes()[:4]
        assert data == b"\x00\x01\x00\x00"  # TrueType outlines (reportlab embeds them as FontFile2)
