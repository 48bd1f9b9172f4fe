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


FRESH_PROCESS = """
import io, sys
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph
from cardgen.render import fonts
fonts.register_fonts()
canvas = Canvas(io.BytesIO())
for name in fonts._FILES:
    paragraph = Paragraph("a <b>b</b> <i>c</i> <b><i>d</i></b>", ParagraphStyle(name, fontName=name))
    paragraph.wrapOn(canvas, 200, 100)
    paragraph.drawOn(canvas, 10, 10)
    canvas.setFont(name, 10)
print(len(fonts._FILES))
"""


def test_every_bundled_face_works_in_a_fresh_process_before_anything_registered_it() -> None:
    """Faces are read on first use: a Paragraph or canvas naming any of them must find it."""
    import subprocess
    import sys

    from cardgen.render.fonts import _FILES

    result = subprocess.run([sys.executable, "-c", FRESH_PROCESS], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-600:]
    assert result.stdout.strip() == str(len(_FILES))


def test_the_body_family_keeps_its_bold_and_italic_faces_when_faces_load_late() -> None:
    from reportlab.lib.fonts import tt2ps

    from cardgen.render.fonts import BODY, BODY_BOLD, BODY_BOLD_ITALIC, BODY_ITALIC, ensure_font, register_fonts

    register_fonts()
    for face in (BODY_ITALIC, BODY_BOLD_ITALIC):
        ensure_font(face)
    assert [tt2ps(BODY, b, i) for b, i in ((0, 0), (1, 0), (0, 1), (1, 1))] == [
        BODY, BODY_BOLD, BODY_ITALIC, BODY_BOLD_ITALIC]
