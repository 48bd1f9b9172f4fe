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


LATE_FACES = """
from reportlab.lib.fonts import ps2tt
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph
from cardgen.render import fonts
fonts.register_fonts()
faces = (fonts.BODY_BOLD, fonts.BODY_ITALIC, fonts.BODY_BOLD_ITALIC)
for face in faces:  # each read on first use, after the families were mapped
    fonts.ensure_font(face)
print([ps2tt(face) for face in faces])
paragraph = Paragraph("<i>x</i>", ParagraphStyle("bold", fontName=fonts.BODY_BOLD))
print(paragraph.frags[0].fontName)
"""


def test_a_body_face_read_late_still_belongs_to_the_body_family() -> None:
    """Registering a TrueType face maps it to a family of its own (reportlab's registerFont): a body face
    read on first use must still map back to the body family, so that ``<i>`` in bold text is set in
    bold italic (a fresh process: no other test has read the faces yet)."""
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-c", LATE_FACES], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-600:]
    families, italic_in_bold = result.stdout.strip().splitlines()
    assert families == "[('lato', 1, 0), ('lato', 0, 1), ('lato', 1, 1)]"
    assert italic_in_bold == "Lato-BoldItalic"


READ_FACES = """
import sys
from cardgen.cli import main
try:
    main(["sheets", sys.argv[1], "--no-preflight", "-o", sys.argv[2]])
except SystemExit:
    pass
from reportlab.pdfbase import pdfmetrics
from cardgen.render.fonts import _FILES
print(" ".join(sorted(pdfmetrics.getFont(name).face.name.decode() for name in pdfmetrics.getRegisteredFontNames()
                      if name in _FILES)))
"""


def test_card_sheets_read_only_the_faces_they_draw(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Reading a face costs 10–40 ms: ``cardgen sheets`` reads no bundled face its PDF does not embed
    (the sheet benchmark's deck has no emphasis in its text, so no bold body face; FALLING's has)."""
    import subprocess
    import sys
    from pathlib import Path

    import pikepdf

    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root / "bench"))
    try:
        from bench_deck import make_deck
    finally:
        sys.path.remove(str(root / "bench"))
    plain = make_deck(tmp_path, 12, distinct=True)
    for deck in (plain, root / "decks" / "falling"):
        target = tmp_path / f"{deck.name}.pdf"
        result = subprocess.run([sys.executable, "-c", READ_FACES, str(deck), str(target)], capture_output=True,
                                text=True, check=True)
        read = set(result.stdout.splitlines()[-1].split())  # the PostScript names of the bundled faces read
        with pikepdf.open(target) as pdf:
            embedded = {str(font.get("/BaseFont", "")).split("+")[-1] for page in pdf.pages
                        for font in page.Resources.get("/Font", {}).values()}
            for xobject in (x for page in pdf.pages for x in page.Resources.get("/XObject", {}).values()):
                embedded |= {str(font.get("/BaseFont", "")).split("+")[-1]
                             for font in xobject.get("/Resources", {}).get("/Font", {}).values()}
        assert read and read <= embedded, (deck.name, read, embedded)
