"""The Monte Carlo report: a PDF of tables and charts drawn from the statistics dict.

A pure function of ``stats`` (what ``stats.json`` holds), written with ``invariant=1`` and the
bundled fonts, so the same statistics give the same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Frame,
    KeepTogether,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from cardgen.games.falling.cards import KINDS, PLAYABLE
from cardgen.output import atomic_path
from cardgen.render.fonts import BODY, BODY_BOLD, DISPLAY, register_fonts
from cardgen.sim.charts import ACCENT, BAR, bar_chart, histogram_chart

INK = HexColor("#1f2328")
MUTED = HexColor("#6b7280")
RULE = HexColor("#d1d5db")
HEAD = HexColor("#eef2f7")
KIND_COLORS = {"hit": "#1f5fbf", "split": "#3b82d6", "skip": "#7fb2ec", "push": "#9a5b00", "grab": "#c98a2b",
               "stop": "#e0b062", "extra": "#7a3fc8"}


def _styles() -> dict[str, ParagraphStyle]:
    return {
        "title": ParagraphStyle("title", fontName=DISPLAY, fontSize=20, leading=24, textColor=INK, spaceAfter=4),
        "sub": ParagraphStyle("sub", fontName=BODY, fontSize=9, leading=12, textColor=MUTED, spaceAfter=10),
        "h": ParagraphStyle("h", fontName=BODY_BOLD, fontSize=12.5, leading=16, textColor=INK, spaceBefore=12,
                            spaceAfter=5),
        "body": ParagraphStyle("body", fontName=BODY, fontSize=9, leading=12.5, textColor=INK, spaceAfter=5),
        "note": ParagraphStyle("note", fontName=BODY, fontSize=7.5, leading=10, textColor=MUTED, spaceAfter=4),
        "cell": ParagraphStyle("cell", fontName=BODY, fontSize=8, leading=10, textColor=INK),
    }


def _table(rows: Sequence[Sequence[Any]], widths: Sequence[float], *, align_right_from: int = 1) -> Table:
    table = Table([[str(c) for c in r] for r in rows], colWidths=list(widths), repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), BODY, 8),
        ("FONT", (0, 0), (-1, 0), BODY_BOLD, 8),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, RULE),
        ("LINEBELOW", (0, -1), (-1, -1), 0.6, RULE),
        ("ALIGN", (align_right_from, 0), (-1, -1), "RIGHT"),
        ("TOPPADDING", (0, 0), (-1, -1), 2.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2),
    ]))
    return table


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _ci(pair: Sequence[float]) -> str:
    return f"{100 * pair[0]:.1f}–{100 * pair[1]:.1f}%"


def _options_text(stats: Mapping[str, Any]) -> str:
    changed = ", ".join(f"{k}={v}" for k, v in stats.get("options", {}).items())
    return changed or "the variant's defaults"


def story(stats: Mapping[str, Any], *, title: str, recipes: Sequence[Mapping[str, Any]] | None = None) -> list[Any]:
    """The report's flowables."""
    s = _styles()
    width = A4[0] - 36 * mm
    players = stats["players"]
    players_text = f"{players[0]} to {players[1]}" if isinstance(players, list) else str(players)
    out: list[Any] = [
        Paragraph(escape(title), s["title"]),
        Paragraph(escape(f"{stats['games']:,} simulated games · {players_text} players · variant {stats['variant']} "
                         f"({_options_text(stats)}) · agents {', '.join(stats['agents'])} · seed {stats['seed']}"),
                  s["sub"]),
    ]
    seconds = stats["game_seconds"]
    promise = stats["rules_promise_seconds"]
    verdict = ("shorter than" if seconds["mean"] < promise * 0.85 else
               "longer than" if seconds["mean"] > promise * 1.15 else "close to")
    key = [
        ["Key figure", "Value"],
        ["Games", f"{stats['games']:,}"],
        ["Mean game length (simulated)",
         f"{seconds['mean']:.1f} s (10–90%: {seconds['p10']:.0f}–{seconds['p90']:.0f} s)"],
        ["The rules promise", f"about {promise} s: the simulation is {verdict} that"],
        ["Mean cards dealt", f"{stats['mean_cards_dealt']:.1f}"],
        ["Player decisions per game", f"{stats['decisions_per_game']:.1f} (failed: {stats['failed_per_game']:.1f})"],
        ["Grounds sent back by a Stop", f"{stats['stops']['grounds_stopped_per_game']:.2f} per game"],
        ["Invariant violations", str(stats["invariant_violations"])],
    ]
    out += [Paragraph("Summary", s["h"]), _table(key, [70 * mm, width - 70 * mm])]

    rates = stats["win_rate_by_seat"]
    chart = bar_chart([r["rate"] for r in rates], [f"seat {r['seat']}" for r in rates], width=width, height=150,
                      errors=[tuple(r["ci95"]) for r in rates], marks=[r["fair"] for r in rates],
                      mark_label="fair share (1 / players)", percent=True, y_title="win rate, 95% interval")
    rows = [["Seat", "Games", "Wins", "Win rate", "95% interval", "Fair share"]]
    rows += [[r["seat"], f"{r['games']:,}", f"{r['wins']:,}", _pct(r["rate"]), _ci(r["ci95"]), _pct(r["fair"])]
             for r in rates]
    out += [KeepTogether([Paragraph("Win rate by seat", s["h"]),
                          Paragraph("Seat 0 sits on the dealer's left and is dealt to first. A seat whose interval "
                                    "misses the fair share wins more (or less) often than chance.", s["body"]),
                          chart, Spacer(1, 4)]),
            _table(rows, [18 * mm, 22 * mm, 22 * mm, 24 * mm, 30 * mm, 24 * mm])]

    hist = histogram_chart(stats["game_seconds_histogram"], width=width, height=140, marker=float(promise),
                           marker_label=f"rules: ~{promise} s", x_title="simulated game length (seconds)")
    out += [KeepTogether([Paragraph("Game length", s["h"]),
                          Paragraph(f"Simulated seconds at one card per second from the first card to the last "
                                    f"Ground; mean {seconds['mean']:.1f} s, median {seconds['median']:.0f} s. "
                                    f"Cards dealt per game: mean {stats['mean_cards_dealt']:.1f} (Grounds sent "
                                    f"back are dealt again).", s["body"]), hist])]

    plays = stats["plays"]
    chart = bar_chart([plays[k]["per_game"] for k in PLAYABLE], [k.capitalize() for k in PLAYABLE], width=width,
                      height=130, colors=[HexColor(KIND_COLORS[k]) for k in PLAYABLE], y_title="plays per game")
    rows = [["Card", "Plays per game", "by the winner", "by a loser", "Win rate if played", "if not played"]]
    rows += [[k.capitalize(), f"{plays[k]['per_game']:.2f}", f"{plays[k]['per_winner']:.2f}",
              f"{plays[k]['per_loser']:.2f}", _pct(plays[k]["win_rate_if_played"]), _pct(plays[k]["win_rate_if_not"])]
             for k in PLAYABLE]
    out += [CondPageBreak(90 * mm),
            KeepTogether([Paragraph("Cards played, and winning", s["h"]),
                          Paragraph("How often each card type is played successfully, by the eventual winner and by "
                                    "an average loser, and the win rate of players who played at least one.",
                                    s["body"]), chart, Spacer(1, 4)]),
            _table(rows, [22 * mm, 26 * mm, 26 * mm, 24 * mm, 32 * mm, 28 * mm])]

    stops = stats["stops"]
    rows = [["Stops", "Value"],
            ["Grounds sent back per game", f"{stops['grounds_stopped_per_game']:.2f}"],
            ["Games with at least one save", _pct(stops["games_with_a_save"])],
            ["Winners who were saved at least once", _pct(stops["winners_saved"])],
            ["Win rate of players saved at least once", _pct(stops["win_rate_of_saved_players"])],
            ["Riders destroyed (or plays countered) per game", f"{stops['riders_stopped_per_game']:.2f}"]]
    out += [KeepTogether([Paragraph("Stops that saved a player", s["h"]), _table(rows, [90 * mm, 40 * mm])])]

    agents = stats["agents_compared"]
    if agents:
        names = list(agents)
        chart = bar_chart([agents[n]["rate"] for n in names], names, width=min(width, 60 + 70 * len(names)),
                          height=130, errors=[tuple(agents[n]["ci95"]) for n in names],
                          marks=[agents[n]["fair"] for n in names], mark_label="fair share", percent=True,
                          y_title="win rate, 95% interval")
        rows = [["Agent", "Seats taken", "Wins", "Win rate", "95% interval", "Fair share"]]
        rows += [[n, f"{agents[n]['seats']:,}", f"{agents[n]['wins']:,}", _pct(agents[n]["rate"]),
                  _ci(agents[n]["ci95"]), _pct(agents[n]["fair"])] for n in names]
        out += [KeepTogether([Paragraph("Agents against each other", s["h"]),
                              Paragraph("Agents take turns in every seat (the seating rotates from game to game).",
                                        s["body"]), chart, Spacer(1, 4), _table(rows, [26 * mm, 24 * mm, 20 * mm,
                                                                                      22 * mm, 30 * mm, 22 * mm])])]

    by = stats["by_players"]
    if len(by) > 1:
        rows = [["Players", "Games", "Mean seconds", "Mean cards dealt", "Seat 0 win rate", "Fair share"]]
        for count, b in by.items():
            first = b["win_rate_by_seat"][0]
            rows.append([count, f"{b['games']:,}", f"{b['mean_game_seconds']:.1f}", f"{b['mean_cards_dealt']:.1f}",
                         _pct(first["rate"]), _pct(first["fair"])])
        out += [KeepTogether([Paragraph("By number of players", s["h"]),
                              _table(rows, [20 * mm, 22 * mm, 28 * mm, 30 * mm, 30 * mm, 24 * mm])])]

    if recipes:
        out += recipe_section(recipes, width)
    if stats["violations"]:
        out += [Paragraph("Invariant violations", s["h"])]
        out += [Paragraph(escape(v), s["note"]) for v in stats["violations"]]
    out += [Spacer(1, 8), Paragraph("Simulated with cardgen's FALLING engine: dealer at one card per "
                                    "deal_interval_ms, players acting after their agents' reaction times. Game "
                                    "length is simulated time, not how long the computer took.", s["note"])]
    return out


def recipe_section(recipes: Sequence[Mapping[str, Any]], width: float) -> list[Any]:
    s = _styles()
    names = [r["name"] for r in recipes]
    chart = bar_chart([r["mean_game_seconds"] for r in recipes], names, width=min(width, 80 + 80 * len(names)),
                      height=130, colors=[BAR, ACCENT, HexColor("#2f855a"), HexColor("#7a3fc8")],
                      y_title="mean game seconds")
    kinds = [k for k in KINDS]
    head = ["Recipe", *[k.capitalize() for k in kinds], "Seconds", "Dealt", "Spread", "Saves"]
    rows = [head]
    for r in recipes:
        rows.append([r["name"], *[r["recipe"].get(k, 0) for k in kinds], f"{r['mean_game_seconds']:.1f}",
                     f"{r['mean_cards_dealt']:.1f}", _pct(r["seat_spread"]), f"{r['grounds_stopped_per_game']:.2f}"])
    widths = [22 * mm] + [11.5 * mm] * len(kinds) + [15 * mm, 13 * mm, 14 * mm, 12 * mm]
    return [CondPageBreak(80 * mm),
            KeepTogether([Paragraph("Deck recipes compared", s["h"]),
                          Paragraph("Each recipe played with the same seeds and seating. Spread: the largest "
                                    "minus the smallest difference between a seat's win rate and its fair share; "
                                    "smaller is fairer.", s["body"]), chart, Spacer(1, 4), _table(rows, widths)])]


def write_report(path: Path, stats: Mapping[str, Any], *, title: str = "FALLING: Monte Carlo report",
                 recipes: Sequence[Mapping[str, Any]] | None = None, impact: Mapping[str, Any] | None = None) -> None:
    """Write the report PDF atomically."""
    register_fonts()
    with atomic_path(Path(path)) as tmp:
        doc = BaseDocTemplate(str(tmp), pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm, topMargin=16 * mm,
                              bottomMargin=16 * mm, invariant=1, initialFontName=BODY, pageCompression=1,
                              title=title, author="cardgen", subject="FALLING Monte Carlo statistics")
        frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body", leftPadding=0,
                      rightPadding=0, topPadding=0, bottomPadding=0)

        def footer(canvas: Any, document: Any) -> None:
            canvas.saveState()
            canvas.setFont(BODY, 7.5)
            canvas.setFillColor(MUTED)
            canvas.drawCentredString(A4[0] / 2, 9 * mm, f"{title} · page {canvas.getPageNumber()}")
            canvas.restoreState()

        doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=footer)])
        doc.build(story(stats, title=title, recipes=recipes))
