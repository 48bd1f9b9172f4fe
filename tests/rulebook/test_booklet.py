"""--booklet: half-size pages, two per side, in saddle-stitch order."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pytest

from cardgen.build import translator_for
from cardgen.loading import load_deck
from cardgen.rulebook.booklet import saddle_stitch_order
from cardgen.rulebook.builder import load_document, write_rulebook


def test_order_for_eight_pages() -> None:
    # sheet 1: 8|1 then 2|7; sheet 2: 6|3 then 4|5 (0-based indexes)
    assert saddle_stitch_order(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]


def test_blank_pages_pad_to_a_multiple_of_four() -> None:
    sides = saddle_stitch_order(6)
    assert sides == [(None, 0), (1, None), (5, 2), (3, 4)]
    every = [page for side in saddle_stitch_order(10) for page in side if page is not None]
    assert sorted(every) == list(range(10))


@pytest.mark.parametrize("pages", range(1, 30))
def test_folding_the_sheets_reads_in_order(pages: int) -> None:
    """Stack the sheets, fold: reading order is right of front 1, left of back 1, … then the left halves."""
    sides = saddle_stitch_order(pages)
    fronts, backs = sides[0::2], sides[1::2]
    first_half = [x for front, back in zip(fronts, backs) for x in (front[1], back[0])]
    second_half = [x for front, back in reversed(list(zip(fronts, backs))) for x in (back[1], front[0])]
    reading = [x for x in first_half + second_half if x is not None]
    assert reading == list(range(pages))


def test_booklet_pdf(falling_dir: Path, tmp_path: Path) -> None:
    deck = load_deck(falling_dir)
    result = write_rulebook(deck, tmp_path / "booklet.pdf", translate=translator_for(deck, "fr"), language="fr",
                            booklet=True)
    reader = pypdf.PdfReader(result.path)
    assert result.sheets is not None and len(reader.pages) == 2 * result.sheets
    assert result.pages <= 4 * result.sheets < result.pages + 4
    width, height = (round(float(v)) for v in reader.pages[0].mediabox[2:])
    assert (width, height) == (842, 595)  # A4 landscape, two A5 pages side by side
    front = reader.pages[0].extract_text()
    assert "Sommaire" in front  # page 1 on the right of the first sheet …
    assert "Crédits" in front or result.pages < 4 * result.sheets  # … the last page (or a blank) on its left
    again = write_rulebook(deck, tmp_path / "again.pdf", translate=translator_for(deck, "fr"), language="fr", booklet=True)
    assert again.path.read_bytes() == result.path.read_bytes()



def test_credits_on_the_back_cover_and_fold_marks_on_every_side(falling_dir: Path, tmp_path: Path) -> None:
    import pypdfium2 as pdfium

    deck = load_deck(falling_dir)
    result = write_rulebook(deck, tmp_path / "booklet.pdf", translate=translator_for(deck, "en"), language="en",
                            booklet=True)
    pdf = pdfium.PdfDocument(str(result.path))
    width, height = pdf[0].get_size()
    # the back cover is the left half of the first sheet's front: the credits, and nothing else
    text = pdf[0].get_textpage()
    back = text.get_text_bounded(0, 0, width / 2, height)
    cover = text.get_text_bounded(width / 2, 0, width, height)
    assert "Credits" in back and "James Ernest" in back and "Contents" not in back, back
    assert "Contents" in cover and "was designed by" not in cover  # the credits' own text (their contents line is there)
    # fold marks: dark pixels on the fold line near the top and the bottom edge of every side, none mid-page
    scale = 2.0
    for index in range(len(pdf)):
        image = pdf[index].render(scale=scale, grayscale=True).to_pil().convert("L")
        pixels, x = image.load(), int(width / 2 * scale)
        column = [min(pixels[x + dx, y] for dx in (-1, 0, 1)) for y in range(image.size[1])]
        edge = int(5 * 72 / 25.4 * scale)  # within 5 mm of the edge
        assert min(column[:edge]) < 200 and min(column[-edge:]) < 200, f"side {index + 1}: no fold mark"
    pdf.close()


def test_a_back_cover_linking_into_the_book_keeps_the_words_of_the_link(tmp_path: Path) -> None:
    """Fall Damage's credits point at its Clarifications chapter, which is inside the booklet, not on
    the back cover: the link becomes plain words instead of a broken destination."""
    import pypdfium2 as pdfium

    from tests.conftest import ROOT

    deck = load_deck(ROOT / "decks" / "fall-damage")
    result = write_rulebook(deck, tmp_path / "booklet.pdf", translate=translator_for(deck, "fr"), language="fr",
                            booklet=True)
    pdf = pdfium.PdfDocument(str(result.path))
    width, height = pdf[0].get_size()
    back = pdf[0].get_textpage().get_text_bounded(0, 0, width / 2, height)
    assert "Crédits" in back and "Précisions" in back, back
    pdf.close()


def test_the_imposed_booklet_keeps_the_books_language_and_metadata(tmp_path: Path) -> None:
    from tests.conftest import FALLING

    deck = load_deck(FALLING)
    out = tmp_path / "booklet.pdf"
    write_rulebook(deck, out, translate=translator_for(deck, "fr"), language="fr", booklet=True)
    reader = pypdf.PdfReader(out)
    assert reader.trailer["/Root"]["/Lang"] == "fr"
    assert reader.metadata["/Author"].startswith("James Ernest")


def _side_and_half(pdf, destination) -> tuple[int, tuple[float, float, float, float]]:  # type: ignore[no-untyped-def]
    """The page-tree index a destination names (it must be a page of the tree) and the area it zooms to."""
    pages = {page.obj.objgen: index for index, page in enumerate(pdf.pages)}
    assert destination[0].objgen in pages, f"destination {destination[0].objgen} is not a page of the document"
    index = pages[destination[0].objgen]
    width, height = (float(v) for v in pdf.pages[index].mediabox[2:])
    if str(destination[1]) == "/FitR":
        return index, tuple(float(v) for v in destination[2:6])  # type: ignore[return-value]
    return index, (0.0, 0.0, width, height)


@pytest.mark.parametrize("deck_name", ["falling", "fall-damage"])
def test_booklet_links_and_bookmarks_land_on_the_sides_where_their_pages_are(tmp_path: Path, deck_name: str) -> None:
    """Every link and bookmark points at a page of the booklet's page tree (none at the un-imposed
    A5 pages, which are not written at all), and each bookmark lands on the half where its heading is."""
    import pikepdf
    import pypdfium2 as pdfium

    from tests.conftest import ROOT

    deck = load_deck(ROOT / "decks" / deck_name)
    out = tmp_path / "booklet.pdf"
    write_rulebook(deck, out, language="en", booklet=True)
    pdf = pikepdf.open(out)
    page_objects = [o for o in pdf.objects if isinstance(o, pikepdf.Dictionary) and o.get("/Type") == "/Page"]
    assert len(page_objects) == len(pdf.pages)  # no orphan page outside the page tree
    internal = 0
    for page in pdf.pages:
        for annotation in page.obj.get("/Annots", []):
            destination = annotation.get("/Dest")
            action = annotation.get("/A")
            if destination is None and action is not None and action.get("/S") == "/GoTo":
                destination = action.D
            if destination is not None:
                _side_and_half(pdf, destination)
                internal += 1
    assert internal >= 10  # the contents and the cross-references
    document = pdfium.PdfDocument(str(out))
    landed = 0
    with pdf.open_outline() as outline:
        items = list(outline.root)
        while items:
            item = items.pop()
            items.extend(item.children)
            destination = item.destination if item.destination is not None else item.action.D
            side, (x0, y0, x1, y1) = _side_and_half(pdf, destination)
            text = " ".join(document[side].get_textpage().get_text_bounded(x0, y0, x1, y1).split())
            assert " ".join(item.title.replace("\u00a0", " ").split()) in text.replace("\u00a0", " "), item.title
            landed += 1
    document.close()
    assert landed >= 10


def _halves(document) -> list[tuple[int, tuple[float, float, float, float], str]]:  # type: ignore[no-untyped-def]
    """Every half-side of an imposed booklet: (side, its area, its text with spaces folded)."""
    out = []
    for side in range(len(document)):
        width, height = document[side].get_size()
        for area in ((0.0, 0.0, width / 2, height), (width / 2, 0.0, width, height)):
            text = document[side].get_textpage().get_text_bounded(*area)
            out.append((side, area, " ".join(text.replace("\u00a0", " ").split())))
    return out


@pytest.mark.parametrize(("deck_name", "language", "paper", "heading"), [
    ("falling", "en", "a4", "Credits"), ("falling", "fr", "a4", "Crédits"), ("falling", "fr", "letter", "Crédits"),
    ("fall-damage", "en", "a4", "Credits"), ("fall-damage", "fr", "letter", "Crédits"),
    ("falling-off", "en", "letter", "Credits"), ("falling-off", "fr", "a4", "Crédits")])
def test_the_contents_and_the_bookmarks_list_the_credits_on_the_back_cover(
        tmp_path: Path, deck_name: str, language: str, paper: str, heading: str) -> None:
    """The credits a booklet prints on its back cover (the last page) are in its contents like any
    chapter, with that page's number and a link to it, and have a bookmark that lands there."""
    import pikepdf
    import pypdfium2 as pdfium

    from tests.conftest import ROOT

    deck = load_deck(ROOT / "decks" / deck_name)
    out = tmp_path / "booklet.pdf"
    write_rulebook(deck, out, translate=translator_for(deck, language), language=language, paper=paper, booklet=True)
    document = pdfium.PdfDocument(str(out))
    halves = _halves(document)
    back_cover = (0, (0.0, 0.0, document[0].get_size()[0] / 2, document[0].get_size()[1]))
    assert halves[0][2].startswith(heading), halves[0][2]  # the back cover: the left half of the first side
    last_page = 2 * len(document)
    entries = [text for _, _, text in halves if re.search(rf"{heading}(?: ?\.){{3,}} ?{last_page}\b", text)]
    has_contents = any(block.name == "contents" for block in load_document(deck).directives())  # Falling Off: none
    assert bool(entries) == has_contents, f"contents line '{heading} . . . {last_page}': {bool(entries)}"
    pdf = pikepdf.open(out)
    pages = {page.obj.objgen: index for index, page in enumerate(pdf.pages)}

    def lands_on_back_cover(destination) -> bool:  # type: ignore[no-untyped-def]
        area = tuple(round(float(v), 1) for v in destination[2:6]) if str(destination[1]) == "/FitR" else None
        return pages.get(destination[0].objgen) == 0 and area == tuple(round(v, 1) for v in back_cover[1])

    links = [a.Dest for page in pdf.pages for a in page.obj.get("/Annots", []) if a.get("/Dest") is not None]
    assert any(lands_on_back_cover(d) for d in links) == has_contents, "a contents link to the back cover"
    with pdf.open_outline() as outline:
        marks = {item.title: item.destination if item.destination is not None else item.action.D for item in outline.root}
    assert heading in marks and lands_on_back_cover(marks[heading]), sorted(marks)
    assert list(marks)[-1] == heading  # the last bookmark, as it is the last page
    document.close()


@pytest.mark.parametrize("spacing", [1.0, 0.8])
def test_the_back_cover_entry_never_starts_a_page_of_its_own(spacing: float) -> None:
    """Falling Off's booklet body fills its last page to the bottom at 0.8 spacing: the contents entry
    and bookmark of the back cover, noted after it, add no page (an empty one would change which
    spacing the book is set in, and so every page)."""
    import io
    from functools import partial

    from cardgen.rulebook.builder import build_story
    from cardgen.rulebook.contents_seed import seed_contents
    from cardgen.rulebook.flowables import BackCoverEntry, BookCanvas, BookDoc, icon_painter
    from tests.conftest import ROOT

    deck = load_deck(ROOT / "decks" / "falling-off")
    pages = []
    for keep in (True, False):
        story, geo = build_story(deck, language="en", booklet=True, spacing=spacing, part="body")
        assert isinstance(story[-1], BackCoverEntry)
        story = story if keep else story[:-1]
        doc = BookDoc(io.BytesIO(), geo=geo, footer=str)
        seed_contents(story)
        doc.multiBuild(story, canvasmaker=partial(BookCanvas, icon_painter=icon_painter(deck)), maxPasses=6)
        pages.append((int(doc.page), {page: round(used, 3) for page, used in doc.used.items()}))
    assert pages[0] == pages[1]
    assert spacing == 1.0 or pages[0][1][pages[0][0]] > 0.99  # the case that matters: a full last page
