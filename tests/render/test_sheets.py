"""The card sheets as a printer would check them: pages, sizes, placements, marks, fonts, text."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pypdf
import pytest

from cardgen.layout.sizes import CARD_SIZES, PAPER_SIZES
from cardgen.layout.units import MM
from cardgen.loading import load_deck
from cardgen.render.sheets import SheetOptions, write_sheets
from tests.conftest import FALLING
from tests.pdf_tools import all_fonts, font_is_embedded, pdf_text, placements, render_page

POKER = CARD_SIZES["poker"]


@pytest.fixture(scope="module")
def deck():  # type: ignore[no-untyped-def]
    return load_deck(FALLING)


@pytest.fixture(scope="module")
def a4_duplex(deck, tmp_path_factory) -> Path:  # type: ignore[no-untyped-def]
    target = tmp_path_factory.mktemp("sheets") / "cards-en.pdf"
    write_sheets(deck, target)
    return target


def test_page_count_and_size(a4_duplex: Path) -> None:
    reader = pypdf.PdfReader(a4_duplex)
    assert len(reader.pages) == 18  # 54 cards, 6 per page, each front page followed by its backs
    for page in reader.pages:  # A4 turned: three poker cards across with whole bleeds and printable marks
        assert float(page.mediabox.width) == pytest.approx(PAPER_SIZES["a4"].height_pt, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(PAPER_SIZES["a4"].width_pt, abs=0.01)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_six_poker_cards_per_page(deck, tmp_path: Path, paper: str) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "cards.pdf"
    result = write_sheets(deck, target, options=SheetOptions(paper=paper))
    assert result.per_page == 6
    reader = pypdf.PdfReader(target)
    fronts = [placements(reader.pages[i]) for i in range(0, len(reader.pages), 2)]
    assert [len(p) for p in fronts] == [6] * 9
    assert sum(len(p) for p in fronts) == 54


def test_every_card_is_placed_count_times(a4_duplex: Path, deck) -> None:  # type: ignore[no-untyped-def]
    reader = pypdf.PdfReader(a4_duplex)
    seen: dict[str, int] = {}
    for index in range(0, len(reader.pages), 2):
        for placed in placements(reader.pages[index]):
            seen[placed.form] = seen.get(placed.form, 0) + 1
    assert seen == {f"face_{card.id}": card.count for card in deck.cards}


def test_each_back_lands_behind_its_front(a4_duplex: Path) -> None:
    """Long-edge flip on a landscape page (the long edge on top): the back page is the front mirrored top-bottom."""
    reader = pypdf.PdfReader(a4_duplex)
    height = float(reader.pages[0].mediabox.height)
    assert height < float(reader.pages[0].mediabox.width)
    for index in range(0, len(reader.pages), 2):
        fronts = placements(reader.pages[index])
        backs = placements(reader.pages[index + 1])
        assert len(fronts) == len(backs)
        for front, back in zip(fronts, backs):
            assert back.form == "back_base-back"
            assert back.y + POKER.height_pt / 2 == pytest.approx(height - (front.y + POKER.height_pt / 2), abs=0.01)
            assert back.x == pytest.approx(front.x, abs=0.01)


def test_back_offset_shifts_backs(deck, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    plain, moved = tmp_path / "plain.pdf", tmp_path / "moved.pdf"
    write_sheets(deck, plain)
    write_sheets(deck, moved, options=SheetOptions(back_offset=(0.4 * MM, -0.2 * MM)))
    a = placements(pypdf.PdfReader(plain).pages[1])
    b = placements(pypdf.PdfReader(moved).pages[1])
    for p, q in zip(a, b):
        assert q.x - p.x == pytest.approx(-0.4 * MM, abs=0.01)  # landscape, long edge: x keeps its direction
        assert q.y - p.y == pytest.approx(-0.2 * MM, abs=0.01)
    fronts_a = placements(pypdf.PdfReader(plain).pages[0])
    fronts_b = placements(pypdf.PdfReader(moved).pages[0])
    assert fronts_a == fronts_b


def test_shared_faces_and_back_are_stored_once(a4_duplex: Path, deck) -> None:  # type: ignore[no-untyped-def]
    reader = pypdf.PdfReader(a4_duplex)
    forms = set()
    for page in reader.pages:
        for name, ref in page["/Resources"]["/XObject"].items():
            forms.add((name, ref.idnum))
    names = {name for name, _ in forms}
    assert len(forms) == len(names) == len(deck.cards) + 1  # one object per face, one back


def test_crop_marks_are_printed_outside_the_cards(a4_duplex: Path) -> None:
    from cardgen.layout.imposition import grid, mark_offset

    MARK_GAP = mark_offset(3 * MM) - 3 * MM  # marks start this far beyond the bleed
    sheet = grid(PAPER_SIZES["a4"], POKER, 3 * MM)
    image = render_page(a4_duplex, 0, scale=4)
    height = image.height
    xs, ys = sheet.trim_lines()
    top = sheet.extent()[3]
    for x in xs:  # each vertical trim line has a dark mark just above the grid
        y = top + MARK_GAP + 2 * MM
        darkest = min(sum(image.getpixel((round(x * 4) + dx, round(height - y * 4)))) for dx in (-2, -1, 0, 1, 2))
        assert darkest < 400, (x, darkest)
    # and between the marks the margin is blank paper
    between = (xs[0] + xs[1]) / 2
    assert sum(image.getpixel((round(between * 4), round(height - (top + MARK_GAP + 2 * MM) * 4)))) > 700


def test_every_font_is_embedded(a4_duplex: Path) -> None:
    fonts = all_fonts(pypdf.PdfReader(a4_duplex))
    assert fonts, "no fonts found"
    for name, font in fonts.items():
        assert font_is_embedded(font), name
        assert "Helvetica" not in name


def test_card_names_and_credit_are_text(a4_duplex: Path, deck) -> None:  # type: ignore[no-untyped-def]
    text = pdf_text(a4_duplex)
    for card in deck.cards:
        assert card.name in text
    assert "James Ernest" in text and "Cheapass Games" in text


def test_rebuild_is_byte_identical(deck, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    digests = set()
    for name in ("a.pdf", "b.pdf"):
        write_sheets(deck, tmp_path / name)
        digests.add(hashlib.sha256((tmp_path / name).read_bytes()).hexdigest())
    assert len(digests) == 1


def test_single_card_pages_have_trim_and_bleed_boxes(deck, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "single.pdf"
    write_sheets(deck, target, options=SheetOptions(layout="single"))
    reader = pypdf.PdfReader(target)
    assert len(reader.pages) == 2 * 54
    bleed = 3 * MM
    for page in reader.pages[:4]:
        trim = [float(v) for v in page.trimbox]
        box = [float(v) for v in page.bleedbox]
        media = [float(v) for v in page.mediabox]
        assert trim == pytest.approx([bleed, bleed, bleed + POKER.width_pt, bleed + POKER.height_pt], abs=0.01)
        assert box == pytest.approx(media, abs=0.01)
        assert media == pytest.approx([0, 0, POKER.width_pt + 2 * bleed, POKER.height_pt + 2 * bleed], abs=0.01)


def test_gutterfold_has_fronts_and_backs_on_one_page(deck, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "gutter.pdf"
    result = write_sheets(deck, target, options=SheetOptions(layout="gutterfold"))
    reader = pypdf.PdfReader(target)
    page = reader.pages[0]
    placed = placements(page)
    fronts = [p for p in placed if p.form.startswith("face_")]
    backs = [p for p in placed if p.form.startswith("back_")]
    assert len(fronts) == len(backs) == result.per_page
    fold = float(page.mediabox.width) / 2
    assert result.per_page == 3  # poker cards turned a quarter: three down each half of A4
    for front, back in zip(fronts, backs):
        assert (front.turn, back.turn) == (90, -90)  # each card's top edge is the same edge of paper
        assert front.clip[2] <= fold + 0.01 and back.clip[0] >= fold - 0.01
        centre_front, centre_back = (front.clip[0] + front.clip[2]) / 2, (back.clip[0] + back.clip[2]) / 2
        assert centre_front + centre_back == pytest.approx(2 * fold, abs=0.01)
        assert front.clip[1] == pytest.approx(back.clip[1], abs=0.01)
    assert len(reader.pages) == -(-54 // result.per_page)


def test_bleed_is_filled_with_the_card_background(a4_duplex: Path) -> None:
    """Just outside a card's trim line (inside its bleed) the band colour is printed, not paper."""
    from cardgen.layout.imposition import grid

    sheet = grid(PAPER_SIZES["a4"], POKER, 3 * MM)
    image = render_page(a4_duplex, 0, scale=4)
    slot = sheet.slots[0]
    x = slot.x - 1.5 * MM  # left bleed of the first card
    y = slot.y + slot.height - 5 * MM  # beside the type band
    r, g, b = image.getpixel((round(x * 4), round(image.height - y * 4)))
    assert b > r + 40  # Hit is a blue Rider


def test_art_used_by_many_cards_is_embedded_once(minimal_copy: Path, tmp_path: Path) -> None:
    deck = load_deck(minimal_copy)
    target = tmp_path / "cards.pdf"
    write_sheets(deck, target)
    import pikepdf

    with pikepdf.open(target) as pdf:
        images = [obj for obj in pdf.objects if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"
                  and int(obj.get("/Width", 0)) == 120]
    assert deck.card("two").count == 3
    assert len(images) == 1


def test_progress_is_reported_per_page(deck, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    calls: list[tuple[int, int]] = []
    write_sheets(deck, tmp_path / "cards.pdf", progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (18, 18)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)


def test_short_edge_duplex_on_a_landscape_page_mirrors_left_to_right(deck, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "short.pdf"
    write_sheets(deck, target, options=SheetOptions(flip="short"))
    reader = pypdf.PdfReader(target)
    width = float(reader.pages[0].mediabox.width)
    for front, back in zip(placements(reader.pages[0]), placements(reader.pages[1])):
        assert back.y == pytest.approx(front.y, abs=0.01)
        assert back.x + POKER.width_pt / 2 == pytest.approx(width - (front.x + POKER.width_pt / 2), abs=0.01)


def test_a_face_used_once_is_drawn_in_place_and_looks_as_it_does_from_a_form(falling_copy: Path, deck,
                                                                            tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    text = (falling_copy / "deck.yaml").read_text()
    (falling_copy / "deck.yaml").write_text(text.replace("    count: 8\n    icon: hit", "    count: 1\n    icon: hit", 1))
    once = write_sheets(load_deck(falling_copy), tmp_path / "once.pdf")
    reader = pypdf.PdfReader(once.path)
    placed = [p.form for page in reader.pages for p in placements(page)]
    assert "face_hit" not in placed  # no form for a face shown once …
    assert placed.count("face_split") == 5 and placed.count("back_base-back") == 47  # … forms for the rest
    assert len(placements(reader.pages[0])) == 5  # six to a page, Hit drawn in place and pdf_text(once.path).count("Hit") >= 1
    # the first slot holds Hit in both decks: drawn in place it is pixel for pixel the Hit of the form
    shared = write_sheets(deck, tmp_path / "shared.pdf")
    assert "face_hit" in [p.form for p in placements(pypdf.PdfReader(shared.path).pages[0])]
    first = placements(pypdf.PdfReader(shared.path).pages[0])[0]
    height = float(pypdf.PdfReader(shared.path).pages[0].mediabox.height)
    x0, y0, x1, y1 = first.clip
    box = (round(x0) + 1, round(height - y1) + 1, round(x1) - 1, round(height - y0) - 1)
    assert render_page(once.path, 0).crop(box).tobytes() == render_page(shared.path, 0).crop(box).tobytes()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_sheets_say_their_language(deck, tmp_path: Path, language: str) -> None:  # type: ignore[no-untyped-def]
    """The document catalog's /Lang is the text's language (screen readers, PDF/UA checkers)."""
    from cardgen.build import translator_for

    out = tmp_path / "cards.pdf"
    write_sheets(deck, out, translate=translator_for(deck, language), language=language)
    assert pypdf.PdfReader(out).trailer["/Root"]["/Lang"] == language
