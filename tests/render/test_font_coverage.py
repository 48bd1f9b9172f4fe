"""The bundled faces' coverage table is reportlab's reading of the font files, and the glyph check
answers from it exactly as from the parsed fonts, without reading them."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from cardgen.render import bundled_coverage, font_coverage
from cardgen.render.fonts import _FILES, bundled_covers, font_path, has_glyphs
from tests.conftest import ROOT

EVERY_PLANE_0_AND_1 = "".join(chr(point) for point in range(0x20000) if not 0xD800 <= point <= 0xDFFF)
"""Every character of the basic and supplementary multilingual planes (surrogates aside)."""


@pytest.fixture(scope="module")
def parsed_maps() -> dict[str, set[int]]:
    """Each bundled face's character map as reportlab reads it from the file."""
    return {name: set(TTFont(name, str(font_path(name))).face.charToGlyph) for name in _FILES}


def test_the_committed_table_is_the_one_the_bundled_font_files_give() -> None:
    """Regenerated from the fonts, the table is the committed file, byte for byte (else: run
    ``python -m cardgen.render.font_coverage`` after changing a font)."""
    assert font_coverage.table_source() == font_coverage.TABLE.read_text(encoding="utf-8")


def test_the_table_holds_every_bundled_face_with_its_file_size(parsed_maps: dict[str, set[int]]) -> None:
    assert set(bundled_coverage.RANGES) == set(bundled_coverage.FILE_SIZES) == set(_FILES)
    for name in _FILES:
        assert bundled_coverage.FILE_SIZES[name] == font_path(name).stat().st_size
        covered = {point for first, last in bundled_coverage.RANGES[name] for point in range(first, last + 1)}
        assert covered == parsed_maps[name], name


def test_has_glyphs_answers_as_the_parsed_font_for_every_character_and_face(parsed_maps: dict[str, set[int]]) -> None:
    for name in _FILES:
        expected = {ch for ch in EVERY_PLANE_0_AND_1 if ch not in "\n\r\t" and ord(ch) not in parsed_maps[name]}
        assert has_glyphs(EVERY_PLANE_0_AND_1, name) == expected, name
    assert has_glyphs("Œuvre « été » 10\u202f%", "Lato") == set()
    assert has_glyphs("中\u2603", "Vollkorn-Bold") == {"中", "\u2603"}


def test_a_face_whose_file_is_not_the_tables_is_read_from_its_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """A replaced font file (another size) is not answered for by a table made from the old one."""
    monkeypatch.setitem(bundled_coverage.FILE_SIZES, "Lato-Black", 1)
    monkeypatch.setitem(bundled_coverage.RANGES, "Lato-Black", ((0x4E2D, 0x4E2D),))  # a table that would say 中 only
    bundled_covers.cache_clear()
    try:
        assert bundled_covers("Lato-Black") is None
        assert has_glyphs("a中", "Lato-Black") == {"中"}  # the file's own answer
    finally:
        bundled_covers.cache_clear()


CHECK_IN_A_FRESH_PROCESS = """
import json
from reportlab.pdfbase import pdfmetrics, ttfonts
from cardgen.i18n.checks import CHECKED_FONTS
from cardgen.render.fonts import _FILES, has_glyphs
read = []
original = ttfonts.TTFontFile.__init__
def reading(self, file, *args, **kwargs):
    read.append(str(file))
    return original(self, file, *args, **kwargs)
ttfonts.TTFontFile.__init__ = reading
missing = {name: sorted(has_glyphs("Déjà « vu »\u202f! Œ 中", name)) for name in (*CHECKED_FONTS, *_FILES)}
print(json.dumps([read, missing, sorted(set(pdfmetrics.getRegisteredFontNames()) & set(_FILES))]))
"""


def test_checking_the_bundled_faces_reads_no_font_file() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", CHECK_IN_A_FRESH_PROCESS], capture_output=True, text=True,
                         env=env, cwd=ROOT, check=True)
    read, missing, registered = json.loads(out.stdout)
    assert read == [] and registered == []
    assert missing["Lato"] == ["中"] and missing["Vollkorn-Bold"] == ["中"]
