"""Preflight rules, each on a fixture deck that breaks exactly that rule: the exact report line."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.layout.imposition import Sheet, Slot
from cardgen.layout.units import MM
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import display_path
from cardgen.preflight import PreflightOptions, preflight_deck
from cardgen.preflight.colours import lightness, simulate
from cardgen.preflight.sheets import check_sheets
from cardgen.render.sheets import SheetOptions
from tests.conftest import DATA

FIXTURES = DATA / "preflight"


def _shown(*parts: str) -> str:
    """A fixture file as reports show it (relative to the working folder, as every message is)."""
    return str(display_path(FIXTURES.joinpath(*parts)))


def _lines(name: str) -> list[str]:
    deck = load_deck(FIXTURES / name)
    return [problem.format() for problem in preflight_deck(deck).problems]


def test_the_clean_fixture_passes_every_rule() -> None:
    assert _lines("clean") == []


def test_text_that_cannot_fit_at_the_smallest_size_is_an_overflow() -> None:
    assert ("cardgen/templates/base-card.yaml:16: card long [en] element text: overflow: “Draw two cards and keep "
            "the…” does not fit its box even at 6.5 pt (the layout's smallest size): shorten it, or give the "
            "element more room") in _lines("overflow")


def test_a_quoted_snippet_is_cut_between_words_and_marked() -> None:
    # round-5 review: “Lay it sideways before a player. After t” is still in English
    from cardgen.preflight.faces import quoted_snippet

    assert quoted_snippet("Lay it sideways before a player. After the deal", 40) == "“Lay it sideways before a player. After…”"
    assert quoted_snippet("Short text.", 40) == "“Short text.”"
    assert quoted_snippet("Averyveryverylongwordwithoutanyspacesatallhere", 20) == "“Averyveryverylongwo…”"


def test_text_under_six_and_a_half_points_is_tiny() -> None:
    assert _lines("tiny-text") == [
        (f"{_shown('tiny-text', 'templates', 'tiny-card.yaml')}:3: card one [en] element text: tiny-text: "
         "“The first card.” is set at 5 pt, under the 6.5 pt minimum for cards"),
        (f"{_shown('tiny-text', 'templates', 'tiny-card.yaml')}:3: card two [en] element text: tiny-text: "
         "“The second card.” is set at 5 pt, under the 6.5 pt minimum for cards"),
    ]


def test_a_decks_own_layout_is_named_by_its_path_when_the_deck_is_named_relatively(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # round-5 review: `cardgen build decks/my-game` named the deck's own templates/my-game-card.yaml as
    # cardgen/templates/my-game-card.yaml, a file that does not exist
    monkeypatch.chdir(FIXTURES)
    lines = [problem.format() for problem in preflight_deck(load_deck(Path("tiny-text"))).problems]
    assert lines and all(line.startswith("tiny-text/templates/tiny-card.yaml:3: ") for line in lines), lines


def test_text_drawn_over_another_element_is_an_overlap_reported_where_it_was_moved() -> None:
    lines = _lines("overlap")
    source = f"{_shown('overlap', 'templates', 'overlap-card.yaml')}:3"
    assert (f"{source}: card one [en] element type-label: overlap: text “DARK” overlaps title's text “One” by "
            "20.9 × 7.5 pt: move or shrink one of them") in lines
    assert all(line.startswith(source) for line in lines)


def test_types_of_one_grey_fail_the_greyscale_rule() -> None:
    assert _lines("greyscale") == [
        (f"{_shown('greyscale', 'deck.yaml')}:13: element types.light.color: greyscale: types dark (#1f5fbf, "
         "L* 42) and light (#b22222, L* 39) differ by ΔL* 2, under 20: they print as the same grey — make one "
         "lighter or darker")]


def test_a_character_the_font_lacks_is_a_missing_glyph() -> None:
    assert _lines("missing-glyph") == [
        ("cardgen/templates/base-card.yaml:9: card two [en] element title: missing-glyph: the font Vollkorn-Bold "
         "has no glyph for '漢' (U+6F22)")]


def test_french_text_left_in_english_is_reported_at_the_card() -> None:
    """An entry copied from the English is refused before anything is drawn, as ``i18n check``
    refuses it; drawn anyway (``--allow-untranslated``), the card that shows it is named."""
    from cardgen.errors import CardgenError

    deck = load_deck(FIXTURES / "untranslated")
    with pytest.raises(CardgenError) as caught:
        preflight_deck(deck)
    assert any("card:two.text: untranslated: the translation is the English text" in problem.format()
               for problem in caught.value.problems)
    drawn = preflight_deck(deck, PreflightOptions(allow_untranslated=True))
    assert [problem.format() for problem in drawn.problems] == [
        (f"{_shown('untranslated', 'deck.yaml')}:27: card two [fr] element text: untranslated: “The second "
         "card.” is still in English")]


def _squeezed(sheet: Sheet) -> Sheet:
    """The old Letter imposition: rows 0.35 mm apart and the grid 1 mm from the paper edge."""
    slots = []
    for slot in sheet.slots:
        row = round((sheet.slots[0].y - slot.y) / (slot.height + 2 * sheet.bleed))
        y = 1 * MM + sheet.bleed + (sheet.rows - 1 - row) * (slot.height + 0.35 * MM)
        slots.append(Slot(slot.x, y, slot.width, slot.height,
                          (slot.x - sheet.bleed, y - sheet.bleed, slot.x + slot.width + sheet.bleed,
                           y + slot.height + sheet.bleed)))
    return replace(sheet, slots=tuple(slots))


def test_squeezed_rows_fail_the_sheet_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    import cardgen.preflight.sheets as sheets_module

    real = sheets_module.impose

    def squeezed(*args, **kwargs):  # type: ignore[no-untyped-def]
        fronts, backs = real(*args, **kwargs)
        return _squeezed(fronts), _squeezed(backs)

    monkeypatch.setattr(sheets_module, "impose", squeezed)
    deck = load_deck(FIXTURES / "clean")
    lines = [p.format() for p in check_sheets(deck, SheetOptions(paper="letter"))]
    deck_file = _shown("clean", "deck.yaml")
    assert (f"{deck_file}: element imposition: bleed-gap: letter duplex: fronts (5 cards): neighbouring trims are "
            "0.35 mm apart, under twice the 3.0 mm bleed: a slightly missed cut shows the next card") in lines
    assert (f"{deck_file}: element cards (fronts): margin-ink: letter duplex: fronts (5 cards): cards (fronts) "
            "reaches 4.0 mm into the 5 mm the printer cannot print") in lines


def test_crop_marks_inside_the_bleed_fail_the_mark_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    import cardgen.render.marks as marks_module

    monkeypatch.setattr(marks_module, "mark_offset", lambda bleed: 1 * MM)  # marks 1 mm off the trim: in the bleed
    deck = load_deck(FIXTURES / "clean")
    lines = [p.format() for p in check_sheets(deck, SheetOptions(paper="a4"))]
    assert lines == [(f"{_shown('clean', 'deck.yaml')}: element crop-marks: mark-crosses-bleed: a4 duplex: fronts "
                      "(5 cards): a crop mark at (47.2, 197.9) mm crosses the bleed of the card at (47.2, 108.0) mm")]


def test_the_shipped_imposition_passes_the_sheet_rules() -> None:
    deck = load_deck(FIXTURES / "clean")
    for paper in ("a4", "letter"):
        for layout in ("duplex", "gutterfold", "single"):
            assert check_sheets(deck, SheetOptions(paper=paper, layout=layout)) == []  # type: ignore[arg-type]


def test_lightness_and_colour_vision_simulation_match_known_values() -> None:
    assert lightness("#ffffff") == pytest.approx(100, abs=0.1)
    assert lightness("#000000") == pytest.approx(0, abs=0.1)
    assert lightness("#777777") == pytest.approx(50, abs=0.5)
    # pure red and a dark green on the same protan confusion line: far apart for most eyes, one colour
    # for a protanope; a deuteranope still tells them apart
    def distance(a: str, b: str, vision: str) -> float:
        return sum((p - q) ** 2 for p, q in zip(simulate(a, vision), simulate(b, vision))) ** 0.5

    assert distance("#ff0000", "#006300", "protanopia") < 5
    assert distance("#ff0000", "#006300", "deuteranopia") > 12


def test_the_command_prints_one_line_per_problem_and_strict_exits_1() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["preflight", str(FIXTURES / "greyscale"), "--lang", "en"])
    assert result.exit_code == 0
    assert result.stdout.count("\n") == 1 and ": greyscale: " in result.stdout
    strict = runner.invoke(main, ["preflight", str(FIXTURES / "greyscale"), "--strict"])
    assert strict.exit_code == 1
    clean = runner.invoke(main, ["preflight", str(FIXTURES / "clean"), "--strict"])
    assert clean.exit_code == 0 and clean.stdout == ""


def test_a_key_colour_that_moves_in_cmyk_is_a_note_that_strict_does_not_count(tmp_path: Path) -> None:
    deck = tmp_path / "purple"
    shutil.copytree(FIXTURES / "clean", deck)
    text = (deck / "deck.yaml").read_text()
    (deck / "deck.yaml").write_text(text.replace('"#23406e"', '"#7a3fc8"'))  # dark: a saturated purple
    line = text.splitlines().index(next(s for s in text.splitlines() if s.startswith("  dark:"))) + 1
    runner = CliRunner()
    result = runner.invoke(main, ["preflight", str(deck), "--strict", "--lang", "en", "--paper", "a4",
                                  "--layout", "single", "--ink-limit", "240"])
    assert result.exit_code == 0, result.output
    notes = result.stdout.splitlines()
    assert len(notes) == 1, result.stdout
    assert notes[0].startswith(f"note: {display_path(deck / 'deck.yaml')}:{line}: element types.dark.color: "
                               "print-colour: type dark colour #7a3fc8 prints as about #")
    assert "in CGATS TR 001, 240% ink (ΔE " in notes[0]
    assert "1 note, not counted by --strict" in result.stderr
    assert preflight_deck(load_deck(FIXTURES / "clean")).notes == []  # its navy stays within ΔE 10


SHADOWED_ICON = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">
<defs><filter id="shadow"><feGaussianBlur stdDeviation="2"/></filter></defs>
<circle cx="21" cy="21" r="14" fill="#000" style="opacity:0.5;filter:url(#shadow)"/>
<circle cx="20" cy="20" r="14" fill="#c33"/>
</svg>
"""


def test_svg_art_drawn_through_a_filter_is_a_note_that_strict_does_not_count(tmp_path: Path) -> None:
    """Round-5 review R27: svglib leaves a <filter> out, so a soft drop shadow prints as a hard disc."""
    deck = tmp_path / "shadowed"
    shutil.copytree(FIXTURES / "clean", deck)
    (deck / "art").mkdir()
    (deck / "art" / "shadowed.svg").write_text(SHADOWED_ICON)
    (deck / "deck.yaml").write_text((deck / "deck.yaml").read_text().replace("icon: skip", "icon: art/shadowed.svg"))
    result = CliRunner().invoke(main, ["preflight", str(deck), "--strict", "--lang", "en", "--paper", "a4",
                                       "--layout", "single"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        f"note: {display_path(deck / 'art' / 'shadowed.svg')}:3: svg-filter: <circle> is drawn through the <filter> "
        "'#shadow' (a blur, a drop shadow…), which cardgen leaves out: it prints as a hard shape without the effect — "
        "make the effect a bitmap (Inkscape: Edit > Make a Bitmap Copy) or export the art as PNG"]
    assert "1 note, not counted by --strict" in result.stderr


def test_the_falling_purple_is_noted_at_its_deck_line() -> None:
    from tests.conftest import ROOT

    deck_file = ROOT / "decks" / "falling" / "deck.yaml"
    line = next(n for n, s in enumerate(deck_file.read_text().splitlines(), 1) if s.startswith("  extra:"))
    notes = [note.format() for note in preflight_deck(load_deck(deck_file.parent), PreflightOptions(
        languages=("en",), papers=("a4",), layouts=("single",))).notes]
    assert len(notes) == 1 and notes[0].startswith(f"{display_path(deck_file)}:{line}: element types.extra.color: "
                                                   "print-colour: type extra colour #a47fe0 prints as about #")


def test_sheets_warns_and_strict_writes_nothing(tmp_path: Path) -> None:
    runner = CliRunner()
    target = tmp_path / "cards.pdf"
    result = runner.invoke(main, ["sheets", str(FIXTURES / "greyscale"), "-o", str(target)])
    assert result.exit_code == 0 and target.exists()
    assert "warning: " in result.stderr and ": greyscale: " in result.stderr
    target.unlink()
    strict = runner.invoke(main, ["sheets", str(FIXTURES / "greyscale"), "--strict", "-o", str(target)])
    assert strict.exit_code == 1 and not target.exists()
    assert ": greyscale: " in strict.stderr


@pytest.mark.parametrize("command", ["sheets", "export"])
def test_no_preflight_skips_it_and_cannot_go_with_strict(tmp_path: Path, command: str) -> None:
    runner = CliRunner()
    target = tmp_path / ("cards.pdf" if command == "sheets" else "png")
    extra = ["--to", "png", "--dpi", "30"] if command == "export" else []
    result = runner.invoke(main, [command, str(FIXTURES / "greyscale"), *extra, "--no-preflight", "-o", str(target)])
    assert result.exit_code == 0 and target.exists()
    assert "warning: " not in result.stderr and ": greyscale: " not in result.stderr
    both = runner.invoke(main, [command, str(FIXTURES / "greyscale"), *extra, "--no-preflight", "--strict",
                                "-o", str(tmp_path / "other")])
    assert both.exit_code == 2 and "--strict makes preflight warnings errors: it needs the preflight" in both.output
    assert not (tmp_path / "other").exists()


def test_preflight_options_limit_languages_papers_and_layouts() -> None:
    deck = load_deck(FIXTURES / "untranslated")
    only_english = preflight_deck(deck, PreflightOptions(languages=("en",), papers=("a4",), layouts=("single",)))
    assert only_english.problems == [] and list(only_english.faces) == ["en"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", ["duplex", "gutterfold"])
def test_butted_sheets_pass_the_sheet_rules(paper: str, layout: str) -> None:
    """Cards edge to edge were asked for: no gutter is required, every other sheet rule holds."""
    from cardgen.render.sheets import impose

    deck = load_deck(FIXTURES / "clean")
    options = SheetOptions(paper=paper, layout=layout, butted=True)  # type: ignore[arg-type]
    fronts, _ = impose(paper, deck.print.size, deck.print.bleed, options)
    assert fronts.butted and any(abs(a.x + a.width - b.x) < 0.01 or abs(a.y + a.height - b.y) < 0.01
                                 for a in fronts.slots for b in fronts.slots)  # shared trims
    assert check_sheets(deck, options) == []


def test_butted_sheets_still_fail_the_margin_and_mark_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Butted sheets imposed for a 1 mm printer margin, checked against 5 mm; and marks moved into the bleed."""
    import cardgen.preflight.sheets as sheets_module
    import cardgen.render.marks as marks_module

    real = sheets_module.impose

    def tight(paper, card, bleed, options):  # type: ignore[no-untyped-def]
        fronts, backs = real(paper, card, bleed, replace(options, printer_margin=1 * MM))
        return (replace(fronts, printer_margin=options.printer_margin),
                replace(backs, printer_margin=options.printer_margin))

    monkeypatch.setattr(sheets_module, "impose", tight)
    deck = load_deck(FIXTURES / "clean")
    lines = [p.format() for p in check_sheets(deck, SheetOptions(paper="a4", butted=True))]
    assert any("element crop-marks: margin-ink: a4 duplex" in line for line in lines), lines
    monkeypatch.setattr(sheets_module, "impose", real)
    monkeypatch.setattr(marks_module, "mark_offset", lambda bleed: 1 * MM)
    lines = [p.format() for p in check_sheets(deck, SheetOptions(paper="a4", butted=True))]
    assert any("element crop-marks: mark-crosses-bleed: a4 duplex" in line for line in lines), lines
