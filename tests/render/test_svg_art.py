"""SVG art: checked before svglib, then drawn — embedded images included."""

from __future__ import annotations

import base64
import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

from cardgen.errors import DeckError
from cardgen.loading import load_deck
from cardgen.render.sheets import SheetOptions, write_sheets
from cardgen.render.svg_art import filtered_elements, load_svg, parse_svg

BLUE = (30, 120, 200)


def _svg_with_embedded_png() -> str:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), BLUE).save(buffer, format="PNG")
    uri = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()
    return ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="60" height="40">'
            '<g id="box"><rect width="60" height="40" fill="#cc0000"/></g><use xlink:href="#box"/>'
            f'<image xlink:href="{uri}" x="20" y="10" width="20" height="20"/></svg>')


def test_an_embedded_png_is_drawn_on_the_card(minimal_copy: Path, tmp_path: Path) -> None:
    (minimal_copy / "art" / "a.svg").write_text(_svg_with_embedded_png())
    deck_file = minimal_copy / "deck.yaml"
    deck_file.write_text(deck_file.read_text().replace("art/pattern.png", "art/a.svg"))
    target = tmp_path / "cards.pdf"
    write_sheets(load_deck(minimal_copy), target, options=SheetOptions())  # useA85 off, as every build
    page = pdfium.PdfDocument(target)[0].render(scale=1).to_pil().convert("RGB")
    colours = {rgb for _, rgb in page.getcolors(maxcolors=1 << 20)}
    assert BLUE in colours  # the embedded image
    assert (204, 0, 0) in colours  # the <use>d rectangle


@pytest.mark.parametrize(("svg", "message"), [
    ('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><path d="M0 0 L1e9 0"/></svg>', "beyond"),
    ('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><use href="x.svg#a"/></svg>', "refers to 'x.svg#a'"),
    ('<svg xmlns="http://www.w3.org/2000/svg" width="-9" height="9"/>', "must be a positive size"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/>', "not well-formed XML"),
])
def test_unsafe_or_broken_svgs_are_refused(svg: str, message: str) -> None:
    with pytest.raises(DeckError, match=message):
        parse_svg(svg.encode(), "a.svg")


def test_a_linked_svg_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "real.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>')
    (tmp_path / "link.svg").symlink_to(tmp_path / "real.svg")
    assert load_svg(str(tmp_path / "real.svg")).width == 6.75  # 9 px at 96 px to the inch
    with pytest.raises(DeckError, match="symbolic link"):
        load_svg(str(tmp_path / "link.svg"))


def _svg_embedding(*pngs: bytes) -> str:
    images = "".join(f'\n<image xlink:href="data:image/png;base64,{base64.b64encode(png).decode()}" width="9" '
                     'height="9"/>' for png in pngs)
    return ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="60" '
            f'height="40">{images}\n</svg>')


def _png(size: tuple[int, int]) -> bytes:
    buffer = io.BytesIO()
    Image.new("1", size, 1).save(buffer, format="PNG")  # one bit a pixel: tiny file, many pixels
    return buffer.getvalue()


@pytest.mark.parametrize(("pngs", "message"), [
    ((_png((8, 8)), _png((7000, 7000))), "embedded image on line 3 is 7000×7000 pixels, more than the 40 MP limit"),
    ((_png((5000, 5000)), _png((5000, 5000))), "embedded images have more than 40 MP together (embedded image on "
                                               "line 3)"),
    ((_png((400, 300))[:-40],), "cannot read embedded image on line 2 (truncated)"),
])
def test_an_embedded_image_is_decoded_under_the_art_pixel_limit(pngs: tuple[bytes, ...], message: str,
                                                              minimal_copy: Path, runner) -> None:  # type: ignore[no-untyped-def]
    from cardgen.cli import main

    (minimal_copy / "art" / "a.svg").write_text(_svg_embedding(*pngs))
    deck_file = minimal_copy / "deck.yaml"
    text = deck_file.read_text()
    deck_file.write_text(text.replace("art/pattern.png", "art/a.svg"))
    reference = next(n for n, s in enumerate(text.splitlines(), 1) if "art/pattern.png" in s)
    result = runner.invoke(main, ["validate", str(minimal_copy)])
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"error: {deck_file}:{reference}:"), lines
    assert f".art: 'art/a.svg': {message}" in lines[0]
    assert "Traceback" not in result.output


def test_two_wrappers_of_one_pdf_canvas_store_an_svg_once(tmp_path: Path) -> None:
    """A walkthrough wraps its PDF canvas per frame and per printed face: an SVG drawn through each
    is one form (it used to be made twice: "redefining named object")."""
    from reportlab.pdfgen.canvas import Canvas

    from cardgen.render.reportlab_canvas import ReportlabCanvas

    svg = tmp_path / "mark.svg"
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"'
                   ' fill="#c33"/></svg>\n', encoding="utf-8")
    target = tmp_path / "twice.pdf"
    c = Canvas(str(target), pagesize=(100, 50), invariant=1)
    for x in (0, 50):
        ReportlabCanvas(c).drawing("art/mark.svg", str(svg), x, 0, 50, 50)
    c.showPage()
    c.save()
    page = pdfium.PdfDocument(str(target))[0].render(scale=1).to_pil().convert("RGB")
    assert page.getpixel((25, 25)) == page.getpixel((75, 25)) == (204, 51, 51)
    assert target.read_bytes().count(b"/Subtype /Form") == 1


def test_svgs_whose_names_look_alike_are_each_drawn(tmp_path: Path) -> None:
    """``x-1.svg`` and ``x_1.svg`` are two pictures (their forms were both named ``svg_art_x_1_svg``, so
    the second card showed the first file)."""
    from reportlab.pdfgen.canvas import Canvas

    from cardgen.render.reportlab_canvas import ReportlabCanvas

    for name, colour in [("x-1", "#cc3333"), ("x_1", "#33cc33")]:
        (tmp_path / f"{name}.svg").write_text(f'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                                              f'<rect width="10" height="10" fill="{colour}"/></svg>\n', encoding="utf-8")
    target = tmp_path / "alike.pdf"
    c = Canvas(str(target), pagesize=(100, 50), invariant=1)
    rc = ReportlabCanvas(c)
    for x, name in [(0, "x-1"), (50, "x_1")]:
        rc.drawing(f"art/{name}.svg", str(tmp_path / f"{name}.svg"), x, 0, 50, 50)
    c.showPage()
    c.save()
    page = pdfium.PdfDocument(str(target))[0].render(scale=1).to_pil().convert("RGB")
    assert page.getpixel((25, 25)) == (204, 51, 51)
    assert page.getpixel((75, 25)) == (51, 204, 51)


@pytest.mark.parametrize(("family", "weight", "expected"), [
    ("Comic Sans MS", "normal", "Lato-Regular"),  # a font this machine may or may not have
    ("Helvetica", "bold", "Lato-Bold"),            # a PDF base font: it would be left unembedded
    ("serif", "normal", "Vollkorn-Regular"),
])
def test_svg_text_is_set_in_a_bundled_embedded_font(minimal_copy: Path, tmp_path: Path, family: str, weight: str,
                                                    expected: str) -> None:
    # round-5 review: svglib looked the family up with fc-match and embedded the system's DejaVuSans (or fell back
    # to an unembedded Helvetica): output that depends on the machine, against "nothing comes from the system"
    import pypdf

    from tests.pdf_tools import all_fonts, font_is_embedded

    (minimal_copy / "art" / "t.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 70"><rect width="100" height="70" fill="#0f0"/>'
        f'<text x="10" y="40" font-family="{family}" font-weight="{weight}" font-size="20">Héllo</text></svg>')
    deck_file = minimal_copy / "deck.yaml"
    deck_file.write_text(deck_file.read_text().replace("art/pattern.png", "art/t.svg"))
    target = tmp_path / "cards.pdf"
    write_sheets(load_deck(minimal_copy), target, options=SheetOptions())
    fonts = all_fonts(pypdf.PdfReader(target))
    names = {str(font.get("/BaseFont", "")).split("+")[-1] for font in fonts.values()}
    assert all(font_is_embedded(font) for font in fonts.values()), names
    assert expected in names, names
    assert not any(name.startswith(("DejaVu", "Helvetica", "Times", "Liberation")) for name in names), names


@pytest.mark.parametrize(("body", "message"), [
    ('<defs><pattern id="p" width="10" height="10"><rect width="5" height="5" fill="red"/></pattern></defs>\n'
     '<rect width="100" height="70" fill="url(#p)"/>', "2: <rect> is filled with the <pattern> '#p'"),
    ('<defs><pattern id="p" width="10" height="10"><rect width="5" height="5"/></pattern></defs>\n'
     '<circle r="9" style="stroke:url(#p)"/>', "2: <circle> is filled with the <pattern> '#p'"),
    ('<defs><mask id="m"><rect width="50" height="70" fill="#fff"/></mask></defs>\n'
     '<rect width="100" height="70" fill="red" mask="url(#m)"/>', "2: <rect> uses the <mask> '#m'"),
])
def test_what_svglib_would_silently_drop_is_refused(body: str, message: str) -> None:
    # round-5 review: a pattern fill printed nothing and a mask was ignored (the hidden half printed), silently
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 70">{body}</svg>'
    with pytest.raises(DeckError) as caught:
        parse_svg(svg.encode(), "art/x.svg")
    assert message in caught.value.format()
    assert "export the art as PNG" in caught.value.format()


def test_an_unused_pattern_or_mask_is_no_problem() -> None:
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 70"><defs><pattern id="p" width="9" height="9"/>'
           '<mask id="m"/></defs><rect width="100" height="70" fill="red"/></svg>')
    parse_svg(svg.encode(), "art/x.svg")


@pytest.mark.parametrize(("body", "found"), [
    ('<defs><filter id="blur"><feGaussianBlur stdDeviation="4"/></filter></defs>\n'
     '<rect width="50" height="30" filter="url(#blur)"/>', [(2, "rect", "blur")]),
    ('<defs><filter id="s"><feDropShadow dx="2" dy="2"/></filter></defs>\n<g>\n'
     '<circle r="9" style="fill:red; filter: url(#s)"/></g>', [(3, "circle", "s")]),
    ('<defs><filter id="blur"/></defs>\n<rect width="50" height="30" fill="red"/>', []),  # defined, never used
    ('<defs><linearGradient id="g"/></defs>\n<rect width="50" height="30" filter="url(#g)"/>', []),  # not a filter
])
def test_elements_drawn_through_a_filter_are_found_but_the_art_still_loads(tmp_path: Path, body: str,
                                                                          found: list[tuple[int, str, str]]) -> None:
    art = tmp_path / "x.svg"
    art.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 70">{body}</svg>')
    assert filtered_elements(str(art)) == found
    assert load_svg(str(art)).width == 75  # 100 px; a note in the preflight, not a refusal: Inkscape files keep loading


def test_a_blurred_shape_prints_hard_which_is_why_the_preflight_notes_it(tmp_path: Path) -> None:
    """If svglib ever draws filters, this fails and the svg-filter note can go."""
    from reportlab.graphics import renderPDF

    art = tmp_path / "blur.svg"
    art.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 70" width="100" height="70">'
                   '<defs><filter id="b"><feGaussianBlur stdDeviation="8"/></filter></defs>'
                   '<rect x="20" y="20" width="60" height="30" fill="#000" filter="url(#b)"/></svg>')
    renderPDF.drawToFile(load_svg(str(art)), str(tmp_path / "blur.pdf"))
    page = pdfium.PdfDocument(tmp_path / "blur.pdf")[0].render(scale=2).to_pil().convert("L")
    assert page.size == (150, 105)  # 100 × 70 px = 75 × 52.5 pt, at 2 pixels a point
    row = [page.getpixel((x, 52)) for x in range(150)]  # across the middle of the rectangle (x 30 to 120)
    assert row[27] > 250 and row[33] < 5  # white three pixels outside its edge, black three inside: not blurred


@pytest.mark.parametrize("reference", ["url(#g)", "url('#g')", 'url( &quot;#g&quot; )', "URL( #g)"])
def test_a_gradient_named_inside_the_file_is_accepted_however_it_is_quoted(reference: str) -> None:
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><defs><linearGradient id="g">'
           '<stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient></defs>'
           f'<rect width="9" height="9" style="fill:{reference}"/></svg>')
    assert parse_svg(svg.encode(), "a.svg") is not None


@pytest.mark.parametrize("reference", ["url(http://x.org/a.svg#g)", "url('other.svg#g')", 'url( &quot; x.svg#g&quot;)'])
def test_a_url_outside_the_file_is_refused_however_it_is_quoted(reference: str) -> None:
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><rect width="9" height="9" style="fill:{reference}"/></svg>'
    with pytest.raises(DeckError, match="outside the file"):
        parse_svg(svg.encode(), "a.svg")
