"""The report PDF: tables and charts, bundled embedded fonts only, the same bytes for the same stats."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

from cardgen.games.falling.report import write_report
from cardgen.games.falling.simulation import SimConfig, run_games
from cardgen.games.falling.balance import compare_recipes, game_stats
from tests.pdf_tools import all_fonts, font_is_embedded

RECIPE = {"hit": 8, "split": 5, "skip": 9, "push": 6, "grab": 6, "stop": 9, "extra": 6, "ground": 5}


@pytest.fixture(scope="module")
def stats():  # type: ignore[no-untyped-def]
    config = SimConfig(recipe=RECIPE, games=60, players=(4, 5), agents=("heuristic", "novice"), seed=1)
    return game_stats(run_games(config, workers=1), config)


def test_report_has_tables_and_charts_in_bundled_fonts(tmp_path: Path, stats) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "stats.pdf"
    recipes = compare_recipes({"deck": stats, "more stops": stats})
    write_report(path, stats, recipes=recipes)
    reader = pypdf.PdfReader(path)
    text = "".join(page.extract_text() for page in reader.pages)
    for needle in ("Win rate by seat", "Game length", "rules: ~90 s", "Cards played, and winning",
                   "Stops that saved a player", "Agents against each other", "Deck recipes compared", "more stops"):
        assert needle in text, needle
    fonts = all_fonts(reader)
    assert fonts and all(font_is_embedded(f) for f in fonts.values())
    assert not any("Helvetica" in name for name in fonts)


def test_same_stats_same_bytes(tmp_path: Path, stats) -> None:  # type: ignore[no-untyped-def]
    write_report(tmp_path / "a.pdf", stats)
    write_report(tmp_path / "b.pdf", stats)
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
