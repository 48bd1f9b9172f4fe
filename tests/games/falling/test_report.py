"""The report PDF: the analyses a designer needs, in the rulebooks' style, charts that read cleanly."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pypdf
import pytest
from reportlab.graphics.shapes import Drawing, String
from reportlab.platypus import KeepTogether, Paragraph

from cardgen.games.falling.balance import compare_recipes, game_stats
from cardgen.games.falling.impact import card_impact
from cardgen.games.falling.report import charts_of, story, write_report
from cardgen.games.falling.simulation import SimConfig, run_games
from cardgen.render.fonts import DISPLAY
from cardgen.sim.charts import TITLE_SIZE, bar_chart, overlapping_strings
from tests.pdf_tools import all_fonts, font_is_embedded

RECIPE = {"hit": 8, "split": 5, "skip": 9, "push": 6, "grab": 6, "stop": 9, "extra": 6, "ground": 5}


@pytest.fixture(scope="module")
def analysed():  # type: ignore[no-untyped-def]
    config = SimConfig(recipe=RECIPE, games=60, players=(4, 5), agents=("heuristic", "novice"), seed=1)
    rows = run_games(config, workers=1)
    stats = game_stats(rows, config)
    impact = card_impact(config, lambda c: run_games(c, workers=1), base_rows=rows)
    return stats, impact, compare_recipes({"deck": stats, "more stops": stats})


def _paragraphs(flowables: list) -> list[str]:  # type: ignore[type-arg]
    found: list[str] = []
    for f in flowables:
        if isinstance(f, KeepTogether):
            found += _paragraphs(f._content)
        elif isinstance(f, Paragraph):
            found.append(f.text)
    return found


def _text(path: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(path).pages]


def test_report_shows_every_analysis_in_bundled_fonts(tmp_path: Path, analysed) -> None:  # type: ignore[no-untyped-def]
    stats, impact, recipes = analysed
    path = tmp_path / "stats.pdf"
    write_report(path, stats, recipes=recipes, impact=impact)
    pages = _text(path)
    text = " ".join(pages).replace("\n", " ")
    for needle in ("Seat balance", "All seats equal?", "Seat 0’s advantage", "Game length", "the rules’ promise",
                   "Decisiveness", "final duel", "Cards played", "Card impact", "one Stop fewer",
                   "change in mean game length (simulated seconds), 95% interval", "Stops that saved a player",
                   "Bots against each other", "Deck recipes compared", "more stops", "Reading:"):
        assert needle in text, needle
    fonts = all_fonts(pypdf.PdfReader(path))
    assert fonts and all(font_is_embedded(f) for f in fonts.values())
    assert not any("Helvetica" in name for name in fonts)
    assert any(DISPLAY.split("-")[0] in name for name in fonts), "headings in the rulebooks' display face"
    assert "FALLING: Monte Carlo report · 2" in pages[1], "the rulebooks' footer"


def test_no_code_identifiers_or_straight_quotes_in_the_text(tmp_path: Path, analysed) -> None:  # type: ignore[no-untyped-def]
    stats, impact, recipes = analysed
    stats = {**stats, "options": {"deal_interval_ms": 1500, "lockout": "off", "stop_mode": "counter_on_play"}}
    path = tmp_path / "stats.pdf"
    write_report(path, stats, recipes=recipes, impact=impact)
    text = " ".join(_text(path))
    assert not re.findall(r"\b[a-z]+_[a-z_]+\b", text), re.findall(r"\b[a-z]+_[a-z_]+\b", text)[:5]
    assert "'" not in text and '"' not in text
    assert "a card every 1.5 s" in text and "no timing lockout" in text


def test_chart_strings_never_overlap_and_stay_inside(analysed) -> None:  # type: ignore[no-untyped-def]
    stats, impact, recipes = analysed
    charts = charts_of(story(stats, title="t", recipes=recipes, impact=impact))
    assert len(charts) >= 7  # seats, length, plays, two impact charts, bots, recipes
    for chart in charts:
        assert overlapping_strings(chart) == []


def test_the_overlap_check_can_fail() -> None:
    chart = bar_chart([0.2, 0.3], ["a rather long label", "another long label"], width=90, height=120,
                      y_title="win rate (%)", x_title="seat")
    assert overlapping_strings(chart)
    d = Drawing(100, 50)
    d.add(String(10, 10, "first words", fontSize=8))
    d.add(String(14, 12, "second words", fontSize=8))
    assert overlapping_strings(d) == [("first words", "second words")]


def test_every_chart_names_both_axes_with_units(analysed) -> None:  # type: ignore[no-untyped-def]
    stats, impact, recipes = analysed
    units = ("%", "seconds", "points", "per game", "games per bin", "seat", "card type", "bot", "recipe")
    for chart in charts_of(story(stats, title="t", recipes=recipes, impact=impact)):
        titles = [s.text for s in chart.contents if isinstance(s, String) and s.fontSize == TITLE_SIZE]
        assert titles and all(any(u in t for u in units) for t in titles), titles
        vertical = chart.height > 100 and not any("fewer" in s.text for s in chart.contents if isinstance(s, String))
        if vertical:
            assert len(titles) == 2, titles  # x and y


def test_legend_sits_below_the_axis_caption(analysed) -> None:  # type: ignore[no-untyped-def]
    stats, _, _ = analysed
    seats = charts_of(story(stats, title="t"))[0]
    strings = {s.text: s for s in seats.contents if isinstance(s, String)}
    legend = strings["fair share (1 ÷ players)"]
    caption = next(s for t, s in strings.items() if t.startswith("seat (0"))
    assert legend.y + legend.fontSize < caption.y


def test_one_category_charts_become_sentences(analysed) -> None:  # type: ignore[no-untyped-def]
    stats, _, _ = analysed
    one_bot = {**stats, "agents_compared": {"heuristic": stats["agents_compared"]["heuristic"]},
               "game_seconds_histogram": [{"from": 90, "to": 91, "games": 60}]}
    charts = charts_of(story(one_bot, title="t"))
    assert len(charts_of(story(stats, title="t"))) - len(charts) == 2  # no bots chart, no length chart
    text = " ".join(_paragraphs(story(one_bot, title="t")))
    assert "the mean game lasts" in text  # the length chart’s reading stays, as a sentence


def test_length_in_one_second_bins(analysed) -> None:  # type: ignore[no-untyped-def]
    stats, _, _ = analysed
    widths = {b["to"] - b["from"] for b in stats["game_seconds_histogram"]}
    assert widths == {1.0}


def test_same_stats_same_bytes(tmp_path: Path, analysed) -> None:  # type: ignore[no-untyped-def]
    stats, impact, _ = analysed
    write_report(tmp_path / "a.pdf", stats, impact=impact)
    write_report(tmp_path / "b.pdf", stats, impact=impact)
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_a_dataclass_free_stats_dict_is_enough(analysed) -> None:  # type: ignore[no-untyped-def]
    stats, _, _ = analysed
    assert not any(dataclasses.is_dataclass(v) for v in stats.values())


def test_each_player_count_gets_its_own_seat_figures(tmp_path: Path, analysed) -> None:  # type: ignore[no-untyped-def]
    """Review F5/F9: per player count, seat 0's advantage with its interval and the seat test's p;
    the summary names the stratified test; failed decisions are not all "too late"."""
    stats, impact, recipes = analysed
    path = tmp_path / "stats.pdf"
    write_report(path, stats, recipes=recipes, impact=impact)
    text = " ".join(_text(path)).replace("\n", " ")
    assert "each player count tested on its own" in text and "Seats equal? p" in text
    for count in ("4", "5"):
        edge = stats["seat_balance"]["by_players"][count]["first_seat_advantage"]
        shown = f"{100 * edge['points']:+.1f}".replace("-", "−")
        assert re.search(rf"{count} \d+ [\d.]+ s [\d.]+ {re.escape(shown)} \(", text), count
    assert "failed: too late, or not allowed" in text and "too late)" not in text
