"""The Falling Off walkthrough: EN and FR handouts, PNG frames, and errors in its script."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest
from PIL import Image

from cardgen.build import translator_for
from cardgen.cli import main
from cardgen.games.falling_off import Color, Kind, legal_moves
from cardgen.games.falling_off.scenario import load_scenario, replay
from cardgen.games.falling_off.walkthrough import write_walkthrough
from cardgen.loading import load_deck
from cardgen.walkthrough.registry import WalkthroughOptions, find_walkthrough
from tests.conftest import ROOT
from tests.games.falling_off.helpers import sq
from tests.pdf_tools import pdf_text

DECK = ROOT / "decks" / "falling-off"


@pytest.fixture(scope="module")
def handouts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    deck = load_deck(DECK)
    out = {}
    for language in ("en", "fr"):
        target = tmp_path_factory.mktemp("walk") / f"walkthrough-{language}.pdf"
        write_walkthrough(deck, target, translate=translator_for(deck, language), language=language,
                          options=WalkthroughOptions())
        out[language] = target
    return out


def test_the_writer_is_registered_for_the_decks_game() -> None:
    assert find_walkthrough("falling-off") is write_walkthrough


def _text(path: Path) -> str:
    return " ".join(pdf_text(path).split())


def test_english_handout_replays_the_line_and_the_continuation(handouts: dict[str, Path]) -> None:
    text = _text(handouts["en"])
    for heading in ("1. Nc3", "2... d5", "3. Nxc7 (Pc7→d7)", "3... Qxc7 (Nc7→b6) [Pd7→e7]", "4. e4 [Nb6→a5]",
                    "5. Nf3 [Na5→off]", "5... Qf7", "Why the knight cannot strike back"):
        assert heading in text, heading
    assert "White knight c7 → b6, careening south-west" in text
    assert "White knight a5 → off the board" in text
    assert "Black pawn on f7, by a friendly piece moving onto it" in text
    assert "Ralph Betza" in text


def test_french_handout_has_french_notation_and_no_english(handouts: dict[str, Path]) -> None:
    text = _text(handouts["fr"])
    for heading in ("3. Cxc7 (Pc7→d7)", "3... Dxc7 (Cc7→b6) [Pd7→e7]", "5. Cf3 [Ca5→hors]", "5... Df7"):
        assert heading in text, heading
    assert "Cavalier blanc c7 → b6, désormais en élan vers le sud-ouest" in text
    for english in ("White", "Black", "knight", "Pushed", "Careening", "Momentum", "to play", "Step ", "off the board",
                    "walkthrough", " the "):
        assert english not in text, english


def test_rebuilding_gives_the_same_bytes(handouts: dict[str, Path], tmp_path: Path) -> None:
    deck = load_deck(DECK)
    again = tmp_path / "again.pdf"
    write_walkthrough(deck, again, translate=translator_for(deck, "en"), language="en", options=WalkthroughOptions())
    assert hashlib.sha256(again.read_bytes()).digest() == hashlib.sha256(handouts["en"].read_bytes()).digest()


def test_png_frames_one_per_step(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["walkthrough", str(DECK), "--lang", "fr", "--format", "png", "-o", str(tmp_path / "frames")])
    assert result.exit_code == 0, result.output
    frames = sorted((tmp_path / "frames").glob("step-*.png"))
    assert len(frames) == len(load_scenario(DECK).steps) == 12
    sizes = set()
    for frame in frames:
        with Image.open(frame) as image:
            sizes.add(image.size)
    assert len(sizes) == 1  # every frame the same size, for slides
    width, height = sizes.pop()
    assert width == 1418  # 180 mm at 200 dpi, the dpi of every game's frames
    assert 700 < height < 1200  # one step: a heading and a board beside its caption


def test_the_captions_claims_hold() -> None:
    """What the script says about the continuation is what the engine does."""
    scenario = load_scenario(DECK)
    frames = {frame.step.id: frame for frame in replay(scenario)}
    rescues = [m for m in legal_moves(frames["nf6"].position, scenario.rules) if m.target == sq("a5")]
    assert [(m.kind, m.origin) for m in rescues] == [(Kind.ROOK, sq("a1"))]  # "5. Ra5 was the last chance"
    assert not [m for m in legal_moves(frames["qxc7"].position, scenario.rules) if m.target == sq("b6")]
    assert [p.kind for p in frames["nf3"].position.fallen] == [Kind.KNIGHT]
    assert not frames["qf7"].position.careening(Color.BLACK)


@pytest.fixture
def deck_copy(tmp_path: Path) -> Path:
    target = tmp_path / "falling-off"
    shutil.copytree(DECK, target)
    return target


def test_a_wrong_move_in_the_script_is_reported_at_its_column(runner, deck_copy: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    script = deck_copy / "walkthrough.yaml"
    text = script.read_text(encoding="utf-8").replace('moves: "3. Nxc7 (Pc7→d7)"', 'moves: "3. Nxc7 (Pc7→e7)"')
    script.write_text(text, encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), start=1) if "Nxc7 (Pc7→e7)" in row)
    col = text.splitlines()[line - 1].index("Pc7→e7") + 1
    target = tmp_path / "w.pdf"
    result = runner.invoke(main, ["walkthrough", str(deck_copy), "-o", str(target)])
    assert result.exit_code == 1
    (message,) = [row for row in result.output.splitlines() if row]
    assert f"walkthrough.yaml:{line}:{col}: steps[5].moves: Nxc7 (Pc7→e7): c7→e7 is not a one-square push" in message
    assert "Traceback" not in result.output and not target.exists()


def test_an_unknown_key_in_the_script_names_the_right_one(runner, deck_copy: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    script = deck_copy / "walkthrough.yaml"
    script.write_text(script.read_text(encoding="utf-8").replace("    caption: White brings out", "    captoin: White brings out"),
                      encoding="utf-8")
    result = runner.invoke(main, ["walkthrough", str(deck_copy), "-o", str(tmp_path / "w.pdf")])
    assert result.exit_code == 1
    assert "steps.1.captoin: unknown key 'captoin' — did you mean 'caption'?" in result.output


def test_the_example_line_as_a_screen_player_and_an_animation(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The same player page as FALLING's (one step per step, nothing fetched) and one GIF of the line."""
    import re

    from cardgen.walkthrough.player import reading_ms

    page = tmp_path / "line.html"
    result = runner.invoke(main, ["walkthrough", str(DECK), "--lang", "fr", "--format", "html", "-o", str(page)])
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    steps = len(load_scenario(DECK).steps)
    assert html.count('<section class="step"') == steps
    assert "http://" not in html and "https://" not in html
    assert all(ref.startswith(("data:", "#")) for ref in re.findall(r'(?:src|href)="([^"]*)"', html))
    assert '<html lang="fr">' in html and "Suivant" in html and "Étape" in html
    assert len(html.encode()) < 2_000_000
    # F12: the fact labels go through the French typography pass, like the PDF's (« Coup : », not « Coup: »)
    heads = re.findall(r"<b>([^<]*)</b>", html)
    assert "Coup\u00a0:" in heads and all(head.endswith("\u00a0:") for head in heads), heads[:5]
    folder = tmp_path / "gif"
    result = runner.invoke(main, ["walkthrough", str(DECK), "--format", "gif", "-o", str(folder)])
    assert result.exit_code == 0, result.output
    with Image.open(folder / "line.gif") as gif:
        assert gif.n_frames == steps
        durations = []
        for index in range(steps):
            gif.seek(index)
            durations.append(gif.info["duration"])
    assert min(durations) >= reading_ms("") and max(durations) > min(durations)  # longer text, longer hold


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_move_number_never_ends_a_line_apart_from_its_move(handouts, language: str) -> None:  # type: ignore[no-untyped-def]
    """F25: « … hors de l’échiquier : 4. / Cxa8 semble écrasant. » in the French handout."""
    import re

    lines = [line.strip() for line in pdf_text(handouts[language]).splitlines()]
    assert any(re.search(r"\b4\.\s[NC]xa8", line) for line in lines)
    assert not [line for line in lines if re.search(r"(?:^|\s)\d{1,3}\.$", line)]
