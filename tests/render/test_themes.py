"""Themes: ink-saver really saves ink, keeps types apart, and a deck can override or add themes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2
import pytest

from cardgen.cli import main
from cardgen.errors import CardgenError
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import load_deck_layouts
from cardgen.render.card_renderer import CardRenderer
from cardgen.render.colors import luminance, mix
from cardgen.render.recording_canvas import RecordingCanvas
from cardgen.render.sheets import SheetOptions, write_sheets
from cardgen.render.themes import resolve_theme, theme_names
from tests.conftest import DATA, FALLING


def _darkness(pdf: Path, page: int) -> float:
    """Mean darkness of a rendered page: 0 for blank paper, 1 for solid black."""
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        image = document[page].render(scale=0.5, grayscale=True).to_pil().convert("L")
    finally:
        document.close()
    histogram = image.histogram()
    total = sum(histogram)
    return sum((255 - value) * count for value, count in enumerate(histogram)) / (255 * total)


@pytest.fixture(scope="module")
def falling_sheets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("themes")
    deck = load_deck(FALLING)
    out = {}
    for theme in ("default", "ink-saver"):
        out[theme] = folder / f"{theme}.pdf"
        write_sheets(deck, out[theme], options=SheetOptions(theme=theme))
    return out


@pytest.mark.parametrize("page, side", [(0, "fronts"), (1, "backs")])
def test_ink_saver_halves_the_ink_on_a_page(falling_sheets: dict[str, Path], page: int, side: str) -> None:
    default = _darkness(falling_sheets["default"], page)
    saver = _darkness(falling_sheets["ink-saver"], page)
    assert default > 0.15  # a real page of cards, not a blank one (six cards with margins round them)
    assert saver <= default / 2, f"{side}: {saver:.3f} vs {default:.3f}"


def _face(theme: str, card_id: str, deck=None) -> RecordingCanvas:  # type: ignore[no-untyped-def]
    deck = deck or load_deck(FALLING)
    layouts = load_deck_layouts(deck)
    renderer = CardRenderer(deck, layouts[deck.layout], layouts, theme=theme)
    canvas = RecordingCanvas()
    renderer.draw_face(canvas, deck.card(card_id))
    return canvas


def _fills(canvas: RecordingCanvas) -> list[tuple[str, tuple[float, ...]]]:
    """(fill colour, rect) for every filled rectangle."""
    colour = "#000000"
    out = []
    for name, args, kwargs in canvas.records:
        if name == "set_fill":
            colour = args[0]
        elif name == "rect" and kwargs.get("fill"):
            out.append((colour, args))
    return out


def test_ink_saver_has_no_fill_in_the_bleed_and_no_dark_fill() -> None:
    deck = load_deck(FALLING)
    size = deck.print.size
    for card in deck.cards:
        fills = _fills(_face("ink-saver", card.id))
        for colour, (x, y, w, h) in fills:
            assert x >= -0.01 and y >= -0.01 and x + w <= size.width_pt + 0.01 and y + h <= size.height_pt + 0.01
            if w * h > 0.05 * size.width_pt * size.height_pt:  # areas, not the strokes of an icon
                assert luminance(colour) > 0.8, (card.id, colour)
    default_fills = _fills(_face("default", "hit"))
    assert any(x < 0 for _, (x, *_rest) in default_fills)  # the default theme does bleed


def test_ink_saver_keeps_types_apart_by_symbol_pattern_and_tint() -> None:
    deck = load_deck(FALLING)
    looks = {}
    for key in deck.types:
        card = next(c for c in deck.cards if c.type == key)
        log = _face("ink-saver", card.id).records
        tints = tuple(sorted({args[0] for name, args, _ in log if name == "set_fill"}))
        shapes = tuple(name for name, _, _ in log if name in ("line", "polygon"))
        looks[key] = (tints, shapes)
    assert len(set(looks.values())) == len(deck.types)
    assert len({shapes for _, shapes in looks.values()}) == len(deck.types)  # apart even without colour


def _text_colours(canvas: RecordingCanvas) -> dict[str, str]:
    """The fill colour in force when each piece of text was drawn, read from the drawing calls."""
    colours: dict[str, str] = {}
    fill = "#000000"
    for name, args, _ in canvas.records:
        if name == "set_fill":
            fill = args[0]
        elif name in ("text", "text_box"):
            colours[args[2] if name == "text" else args[0]] = fill
    return colours


@pytest.mark.parametrize("card_id", ["hit", "ground"])
def test_light_text_on_a_dark_band_turns_dark(card_id: str) -> None:
    """White title and type label on the full-colour band become dark ink on ink-saver's pale tint."""
    deck = load_deck(FALLING)
    card = deck.card(card_id)
    label = deck.types[card.type].label.upper()
    default = _text_colours(_face("default", card_id))
    saver = _text_colours(_face("ink-saver", card_id))
    for text in (card.name, label):
        assert luminance(default[text]) > 0.9, f"{text}: the default face prints it light"
        assert luminance(saver[text]) < 0.45, f"{text}: ink-saver leaves it {saver[text]}, unreadable on a tint"


def _with_themes(tmp_path: Path, themes: str) -> Path:
    deck_dir = tmp_path / "falling"
    shutil.copytree(FALLING, deck_dir)
    deck_file = deck_dir / "deck.yaml"
    deck_file.write_text(deck_file.read_text() + themes)
    return deck_dir


def test_a_deck_overrides_ink_saver_colours_and_adds_a_theme(tmp_path: Path) -> None:
    deck_dir = _with_themes(tmp_path, """
themes:
  ink-saver:
    types:
      rider: {color: "#00aa00"}
  greyscale-proof:
    base: ink-saver
    tint: 0.6
    types:
      rider: {color: "#555555"}
      action: {color: "#555555"}
      extra: {color: "#555555"}
      ground: {color: "#555555"}
""")
    deck = load_deck(deck_dir)
    assert theme_names(deck) == ["default", "ink-saver", "greyscale-proof"]
    saver = _fills(_face("ink-saver", "hit", deck))
    assert any(colour == mix("#00aa00", "#ffffff", 0.9) for colour, _ in saver)
    proof = resolve_theme(deck, "greyscale-proof")
    assert proof.fills == "tint" and proof.tint == 0.6 and not proof.bleed
    assert any(colour == mix("#555555", "#ffffff", 0.6) for colour, _ in _fills(_face("greyscale-proof", "hit", deck)))
    assert _face("default", "hit", deck).calls == _face("default", "hit").calls  # the default is untouched


def test_theme_for_an_unknown_type_is_reported_at_its_line(tmp_path: Path) -> None:
    deck_dir = _with_themes(tmp_path, "themes:\n  ink-saver:\n    types:\n      ridre: {color: \"#00aa00\"}\n")
    with pytest.raises(CardgenError) as caught:
        load_deck(deck_dir)
    line = caught.value.format()
    assert "themes.ink-saver.types.ridre: unknown card type 'ridre' — did you mean 'rider'?" in line
    assert f"deck.yaml:{len((deck_dir / 'deck.yaml').read_text().splitlines())}:7" in line


def test_unknown_theme_is_a_bad_flag(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["sheets", str(FALLING), "-o", str(tmp_path / "x.pdf"), "--theme", "inksaver"])
    assert result.exit_code == 2
    assert "unknown theme 'inksaver'" in result.output and "did you mean 'ink-saver'?" in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_build_with_a_theme_writes_its_own_file_and_is_deterministic(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    outputs = []
    for run in ("a", "b"):
        out = tmp_path / run
        result = runner.invoke(main, ["build", str(DATA / "decks" / "csv-cards"), "--out", str(out), "--theme", "ink-saver"])
        assert result.exit_code == 0, result.output
        assert "cards-en-ink-saver.pdf" in result.output
        outputs.append((out / "cards-en-ink-saver.pdf").read_bytes())
        assert not (out / "cards-en.pdf").exists()
    assert outputs[0] == outputs[1]


def test_export_takes_the_theme_too(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from PIL import Image

    darkness = {}
    for theme in ("default", "ink-saver"):
        out = tmp_path / theme
        result = runner.invoke(main, ["export", str(FALLING), "--to", "png", "--dpi", "30", "-j", "1", "--theme", theme,
                                      "-o", str(out)])
        assert result.exit_code == 0, result.output
        image = Image.open(out / "hit-1.png").convert("L")
        histogram = image.histogram()
        darkness[theme] = sum((255 - v) * n for v, n in enumerate(histogram)) / (255 * sum(histogram))
    assert darkness["ink-saver"] < darkness["default"] / 2
