"""The Monte Carlo report: a PDF a designer can act on, drawn from the statistics dict.

A pure function of ``stats`` (what ``stats.json`` holds), in the rulebooks' house style (their
page geometry, fonts, heading styles, tables and footer: :mod:`cardgen.rulebook.styles`,
:class:`cardgen.rulebook.flowables.BookDoc`), written with ``invariant=1`` so that the same
statistics give the same bytes. Every chart names its axes with their units and is followed by
one line saying how to read it; a chart with a single bar is replaced by a sentence; the text
speaks of the game, never of option names.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from reportlab.graphics.shapes import Drawing
from reportlab.lib.colors import HexColor
from reportlab.platypus import (
    CondPageBreak,
    KeepTogether,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from cardgen.games.falling.balance import whole_percent
from cardgen.games.falling.cards import KINDS, PLAYABLE
from cardgen.games.falling.variants import Options
from cardgen.i18n.plurals import english_form
from cardgen.output import atomic_path
from cardgen.render.fonts import BODY, register_fonts
from cardgen.rulebook.flowables import BookDoc, LongTable
from cardgen.rulebook.styles import HEADING, RULE, TINT, Styles, geometry, make_styles
from cardgen.sim.charts import ACCENT, BAR, bar_chart, histogram_chart, interval_chart
from cardgen.xml_escape import escape

KIND_COLORS = {"hit": "#1f5fbf", "split": "#3b82d6", "skip": "#7fb2ec", "push": "#9a5b00", "grab": "#c98a2b",
               "stop": "#e0b062", "extra": "#7a3fc8"}
VARIANT_NAMES = {"official": "the published rules", "memory": "the rules as remembered by players"}
SIGNIFICANCE = 0.05
SHORT_LAST_PAGE = 0.3
"""A last page using less than this share of its frame is pulled back, if it can be (as in the rulebooks)."""
MIN_INNER_PAGE = 0.7
"""A page before the last using less than this share of its frame is worth tightening the report for."""
SPACINGS = (1.0, 0.8, 0.6)
"""Space around blocks tried, in order, to pull a short last page back (see :func:`make_styles`)."""


def _ms(value: Any) -> str:
    return f"{int(value) / 1000:g} s"


OPTION_WORDS: dict[str, Any] = {
    "max_extras": lambda v: "any number of Extras on a Rider" if v == "unlimited" else f"at most {v} Extra(s) on a Rider",
    "extra_hit_per_extra": lambda v: "each Extra adds a card to every stack of a Hit",
    "stop_mode": lambda v: ("a Stop counters a card as it is played" if v == "counter_on_play"
                            else "a Stop destroys a Rider in place"),
    "conflict": lambda v: "the first card played wins" if v == "first_wins" else "the dealer settles close calls",
    "push_scope": lambda v: "a Push moves any Rider" if v == "any" else "a Push moves only your own Rider",
    "lockout": lambda v: "no timing lockout" if v == "off" else "Riders locked while the dealer deals to their player",
    "ground_return": lambda v: "a Stopped Ground goes back on top of the deck",
    "ground_window_ms": lambda v: f"{_ms(v)} to answer a Ground with a Stop",
    "deal_interval_ms": lambda v: f"the dealer deals a card every {_ms(v)}",
    "hit_interval_ms": lambda v: f"a Hit's extra card follows after {_ms(v)}",
    "counter_window_ms": lambda v: f"a card can be countered for {_ms(v)}",
    "dealer_judgement_ms": lambda v: f"the dealer cannot tell apart plays closer than {_ms(v)}",
}
"""Each option in words, for the report's reader (no option names in the text)."""


def options_in_words(overrides: Mapping[str, Any]) -> str:
    """The changed options as a sentence fragment, and always the dealer's pace."""
    pace = overrides.get("deal_interval_ms", Options().deal_interval_ms)
    parts = [OPTION_WORDS["deal_interval_ms"](pace)]
    parts += [OPTION_WORDS[k](v) for k, v in overrides.items() if k != "deal_interval_ms" and k in OPTION_WORDS]
    return "; ".join(parts)


def _curly(text: str) -> str:
    """Typographic apostrophes and quotes for the reader (the texts are written with straight ones)."""
    text = re.sub(r'"([^"]*)"', "“\\1”", text)
    return text.replace("'", "’")


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _pts(x: float) -> str:
    return f"{100 * x:+.1f}".replace("-", "−")


def _signed(x: float, digits: int = 1) -> str:
    return f"{x:+.{digits}f}".replace("-", "−")


def _ci(pair: Sequence[float]) -> str:
    return f"{100 * pair[0]:.1f}–{100 * pair[1]:.1f}%"


def _p(p: float | None) -> str:
    if p is None:
        return "–"
    return "below 0.001" if p < 0.001 else f"{p:.3f}"


class _Report:
    """Builds the flowables; one method per section."""

    def __init__(self, stats: Mapping[str, Any], styles: Styles, width: float) -> None:
        self.stats = stats
        self.s = styles
        self.width = width

    def para(self, text: str, style: str = "body") -> Paragraph:
        return Paragraph(_curly(text), getattr(self.s, style))

    def reading(self, text: str) -> Paragraph:
        """The one-line reading under a chart."""
        return Paragraph(f"<i>Reading:</i> {_curly(text)}", self.s.caption)

    def table(self, rows: Sequence[Sequence[Any]], widths: Sequence[float]) -> Table:
        """A table whose header repeats on every page it runs onto and that never leaves one row alone
        on either side of a page break (the rulebooks' :class:`LongTable`)."""
        cell, head = self.s.cell, self.s.cell_head
        data = [[Paragraph(escape(_curly(str(c))), head if i == 0 else cell) for c in r] for i, r in enumerate(rows)]
        table = LongTable(data, colWidths=list(widths), repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), BODY),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("BACKGROUND", (0, 0), (-1, 0), TINT),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, HEADING),
            ("LINEBELOW", (0, 1), (-1, -1), 0.4, RULE),
            ("TOPPADDING", (0, 0), (-1, -1), 2.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3.5),
        ]))
        table.spaceAfter = self.s.body.spaceAfter
        return table

    def section(self, title: str, *parts: Any) -> list[Any]:
        """A heading kept with what follows it, up to and including the last chart's reading; tables
        may then break across pages (their header row repeats)."""
        kept = [Paragraph(escape(_curly(title)), self.s.section)]
        rest = list(parts)
        while rest and not isinstance(rest[0], Table):
            kept.append(rest.pop(0))
        return [CondPageBreak(40 * 2.835), KeepTogether(kept), *rest]

    # -- sections ---------------------------------------------------------------------------------
    def heading(self, title: str) -> list[Any]:
        st = self.stats
        players = st["players"]
        players_text = f"{players[0]} to {players[1]}" if isinstance(players, list) else str(players)
        variant = VARIANT_NAMES.get(st["variant"], st["variant"])
        agents = ", ".join(st["agents"])
        return [Paragraph(escape(title), self.s.chapter),
                self.para(escape(f"{st['games']:,} simulated {english_form('game', 'games', st['games'])} of "
                                 f"{players_text} players, under {variant} "
                                 f"({options_in_words(st.get('options', {}))}); players played by the "
                                 f"{agents} bot{'s' if len(st['agents']) > 1 else ''}; seed {st['seed']}."), "lead")]

    def summary(self) -> list[Any]:
        st = self.stats
        seconds = st["game_seconds"]
        promise = st["rules_promise_seconds"]
        balance = st["seat_balance"]
        first = balance.get("first_seat_advantage")
        duel = st["decisiveness"]["final_duel_seconds"]
        rows = [["Measure", "Value"],
                ["Mean game length", (f"{seconds['mean']:.1f} s (the rules say about {promise} s); "
                                      f"{whole_percent(st['games_within_15s_of_promise'])} of games within 15 s of "
                                      "that")],
                ["All seats equal?", f"p = {_p(balance['p_value'])} (chi-square test, {balance['df']} degrees of freedom"
                                     + ("; each player count tested on its own" if len(balance.get("by_players", {})) > 1
                                        else "") + ")"],
                ["Seat 0's advantage", f"{_pts(first['points'])} points (95% interval {_pts(first['ci95'][0])} to "
                                       f"{_pts(first['ci95'][1])})" if first else "–"],
                ["Final duel", f"median {duel['median']:.1f} s between the last two players being known and the end"],
                ["Players saved by a Stop", f"{st['stops']['players_saved_per_game']:.2f} per game"],
                ["Cards dealt", f"{st['mean_cards_dealt']:.1f} per game"],
                ["Player decisions", f"{st['decisions_per_game']:.1f} per game ({st['failed_per_game']:.1f} failed: too late, or not allowed)"],
                ["Broken rules found", str(st["invariant_violations"])]]
        return self.section("Summary", self.table(rows, [45 * 2.835, self.width - 45 * 2.835]))

    def seats(self) -> list[Any]:
        st = self.stats
        rates = st["win_rate_by_seat"]
        balance = st["seat_balance"]
        first = balance.get("first_seat_advantage")
        chart = bar_chart([r["rate"] for r in rates], [str(r["seat"]) for r in rates], width=self.width, height=175,
                          errors=[tuple(r["ci95"]) for r in rates], marks=[r["fair"] for r in rates],
                          mark_label="fair share (1 ÷ players)", percent=True, y_title="win rate (%), 95% interval",
                          x_title="seat (0 = first dealt to, on the dealer’s left)")
        p = balance["p_value"]
        if p is not None and p < SIGNIFICANCE:
            verdict = (f"p = {_p(p)}: the seats are not equal; the seats whose interval misses the fair share "
                       "win more (or less) often than chance allows.")
        else:
            verdict = (f"p = {_p(p)}: no evidence that any seat is favoured; every difference from the fair share "
                       "is within chance.")
        edge = (f" Seat 0's win rate minus its fair share: {_pts(first['points'])} points (95% interval "
                f"{_pts(first['ci95'][0])} to {_pts(first['ci95'][1])}).") if first else ""
        rows = [["Seat", "Games", "Wins", "Win rate", "95% interval", "Fair share"]]
        rows += [[r["seat"], f"{r['games']:,}", f"{r['wins']:,}", _pct(r["rate"]), _ci(r["ci95"]), _pct(r["fair"])]
                 for r in rates]
        return self.section("Seat balance", self.para(
            "Does where you sit decide who wins? Each seat's win rate against its fair share, and a chi-square "
            "test of the hypothesis that every seat wins its fair share."), chart, self.reading(verdict + edge),
            self.table(rows, [w * 2.835 for w in (16, 24, 22, 24, 32, 26)]))

    def length(self) -> list[Any]:
        st = self.stats
        seconds = st["game_seconds"]
        promise = st["rules_promise_seconds"]
        pace = st.get("options", {}).get("deal_interval_ms", Options().deal_interval_ms)
        bins = st["game_seconds_histogram"]
        width = bins[0]["to"] - bins[0]["from"] if bins else 1
        intro = self.para(
            f"How long a game lasts in simulated time, from the first card to the last Ground, in {width:g}-second "
            f"bins. The rules promise about a minute and a half. The dealer deals a card every {_ms(pace)}: the "
            "default pace was chosen by simulation so that the average game of the shipped deck lasts 90 s over "
            "4 to 8 players, since a real dealer also pauses to sweep cards and settle disputes.")
        diff = seconds["mean"] - promise
        reading = (f"the mean game lasts {seconds['mean']:.1f} s, {abs(diff):.1f} s "
                   f"{'longer' if diff > 0 else 'shorter'} than the rules' {promise} s; "
                   f"80% of games last {seconds['p10']:.0f} to {seconds['p90']:.0f} s.")
        if len(bins) < 2:
            return self.section("Game length", intro, self.reading(reading))
        chart = histogram_chart(bins, width=self.width, height=165, marker=float(promise),
                                marker_label=f"the rules’ promise: about {promise} s",
                                x_title="game length (simulated seconds)", y_title="games per bin")
        return self.section("Game length", intro, chart, self.reading(reading))

    def decisiveness(self) -> list[Any]:
        st = self.stats
        d = st["decisiveness"]
        duel = d["final_duel_seconds"]
        share = d["share_of_game_before_final_two"]
        text = (f"When is the winner known? The game ends when the runner-up hits the Ground, so the useful measure "
                f"is the final duel: the time from the moment only two players are left to the end. Its median is "
                f"{duel['median']:.1f} s (80% of games: {duel['p10']:.1f} to {duel['p90']:.1f} s), so the last two "
                f"players are known only after {whole_percent(share['median'])} of the game on average (median). "
                f"{whole_percent(d['duels_decided_within_2s'] or 0)} of duels last 2 s or less: the Grounds come "
                "last and one after the other, so the game stays open until its final seconds. Lead changes in "
                "cards held are not shown: in this game a bigger stack is no lead.")
        return self.section("Decisiveness", self.para(text))

    def plays(self) -> list[Any]:
        plays = self.stats["plays"]
        kinds = list(PLAYABLE)
        chart = bar_chart([plays[k]["per_game"] for k in kinds], [k.capitalize() for k in kinds], width=self.width,
                          height=160, colors=[HexColor(KIND_COLORS[k]) for k in kinds],
                          y_title="successful plays per game", x_title="card type")
        top = max(kinds, key=lambda k: plays[k]["per_game"])
        low = min(kinds, key=lambda k: plays[k]["per_game"])
        rows = [["Card", "Plays per game", "by the winner", "by a loser", "Win rate if played", "if not played"]]
        rows += [[k.capitalize(), f"{plays[k]['per_game']:.2f}", f"{plays[k]['per_winner']:.2f}",
                  f"{plays[k]['per_loser']:.2f}", _pct(plays[k]["win_rate_if_played"]),
                  _pct(plays[k]["win_rate_if_not"])] for k in kinds]
        return self.section("Cards played", self.para(
            "How often each card type is played successfully. The win rate of players who played a card overrates "
            "cards that winners happen to hold; the card impact section measures each card by taking it out."),
            chart, self.reading(f"{top.capitalize()} is played most ({plays[top]['per_game']:.1f} times a game), "
                                f"{low.capitalize()} least ({plays[low]['per_game']:.1f})."),
            self.table(rows, [w * 2.835 for w in (20, 26, 24, 22, 30, 26)]))

    def impact(self, impact: Mapping[str, Any]) -> list[Any]:
        rows = impact["removed_one"]
        if not rows:
            return []
        labels = [f"one {r['kind'].capitalize()} fewer" for r in rows]
        length = interval_chart(labels, [r["length_change_seconds"] for r in rows],
                                [tuple(r["length_change_ci95"]) for r in rows], width=self.width,
                                x_title="change in mean game length (simulated seconds), 95% interval")
        seat = interval_chart(labels, [100 * r["first_seat_advantage_change"] for r in rows],
                              [(100 * r["first_seat_advantage_change_ci95"][0],
                                100 * r["first_seat_advantage_change_ci95"][1]) for r in rows],
                              width=self.width, color=ACCENT,
                              x_title="change in seat 0’s advantage (percentage points), 95% interval")
        top = max(rows, key=lambda r: abs(r["length_change_seconds"]))
        lo, hi = top["length_change_ci95"]
        clear = [r for r in rows if r["first_seat_advantage_change_ci95"][0] > 0
                 or r["first_seat_advantage_change_ci95"][1] < 0]
        seat_reading = ("no single card's removal changes seat 0's advantage beyond chance." if not clear else
                        "removing one " + " or one ".join(r["kind"].capitalize() for r in clear)
                        + " changes seat 0's advantage beyond chance.")
        intro = self.para(
            f"Each bar replays the same {impact['games_per_deck']:,} games (the same seeds, seats, player "
            "counts and shuffled deck) with one card of that type taken out of the deck, and shows how the "
            "game changes, from the differences game by game. About "
            "2,400 games per deck give an interval of ±2 points on a win rate.")
        return self.section("Card impact", intro, length,
                            self.reading(f"taking out one {top['kind'].capitalize()} changes the length most: "
                                         f"{_signed(top['length_change_seconds'])} s (95% interval {_signed(lo)} to "
                                         f"{_signed(hi)} s); a bar whose whiskers cross zero may be chance."),
                            Spacer(1, 4), seat, self.reading(seat_reading))

    def stops(self) -> list[Any]:
        stops = self.stats["stops"]
        rows = [["Stops", "Value"],
                ["Grounds sent back per game", f"{stops['grounds_stopped_per_game']:.2f}"],
                ["Players saved per game", f"{stops['players_saved_per_game']:.2f}"],
                ["Players saved at least once", _pct(stops["players_saved_share"])],
                ["Games with at least one save", _pct(stops["games_with_a_save"])],
                ["Winners who were saved at least once", _pct(stops["winners_saved"])],
                ["Win rate of players saved at least once", _pct(stops["win_rate_of_saved_players"])],
                ["Riders destroyed (or plays countered) per game", f"{stops['riders_stopped_per_game']:.2f}"]]
        return self.section("Stops that saved a player", self.para(
            f"A Stop played as a Ground is dealt sends the Ground back. {_pct(stops['winners_saved'])} of winners "
            "needed at least one such save."), self.table(rows, [85 * 2.835, 40 * 2.835]))

    def agents(self) -> list[Any]:
        agents = self.stats["agents_compared"]
        names = list(agents)
        if len(names) < 2:
            return []
        chart = bar_chart([agents[n]["rate"] for n in names], names, width=min(self.width, 90 + 80 * len(names)),
                          height=160, errors=[tuple(agents[n]["ci95"]) for n in names],
                          marks=[agents[n]["fair"] for n in names], mark_label="fair share", percent=True,
                          y_title="win rate (%), 95% interval", x_title="bot")
        best = max(names, key=lambda n: agents[n]["rate"] - agents[n]["fair"])
        rows = [["Bot", "Seats taken", "Wins", "Win rate", "95% interval", "Fair share"]]
        rows += [[n, f"{agents[n]['seats']:,}", f"{agents[n]['wins']:,}", _pct(agents[n]["rate"]),
                  _ci(agents[n]["ci95"]), _pct(agents[n]["fair"])] for n in names]
        return self.section("Bots against each other", self.para(
            "The bots take turns in every seat: within each player count, the line-up turns one seat "
            "round the table from game to game."), chart,
            self.reading(f"the {best} bot beats its fair share by the most "
                         f"({_pts(agents[best]['rate'] - agents[best]['fair'])} points)."),
            self.table(rows, [w * 2.835 for w in (24, 24, 20, 22, 30, 24)]))

    def players(self) -> list[Any]:
        by = self.stats["by_players"]
        if len(by) < 2:
            return []
        tests = self.stats["seat_balance"].get("by_players", {})
        rows = [["Players", "Games", "Mean length", "Cards dealt", "Seat 0's advantage (95%)", "Seats equal? p"]]
        for count, b in by.items():
            test = tests.get(count, {})
            edge = test.get("first_seat_advantage")
            rows.append([count, f"{b['games']:,}", f"{b['mean_game_seconds']:.1f} s", f"{b['mean_cards_dealt']:.1f}",
                         f"{_pts(edge['points'])} ({_pts(edge['ci95'][0])} to {_pts(edge['ci95'][1])})" if edge else "–",
                         _p(test.get("p_value"))])
        return self.section("By number of players", self.para(
            "Seat 0's win rate minus its fair share, in points, and the seat test, for each player count on its "
            "own: a seat favoured at one count and not at another shows here, while the whole-run figures may "
            "average it away."), self.table(rows, [w * 2.835 for w in (16, 18, 22, 20, 44, 24)]))

    def recipes(self, recipes: Sequence[Mapping[str, Any]]) -> list[Any]:
        if len(recipes) < 2:
            return []
        names = [r["name"] for r in recipes]
        chart = bar_chart([r["mean_game_seconds"] for r in recipes], names,
                          width=min(self.width, 90 + 80 * len(names)), height=160,
                          colors=[BAR, ACCENT, HexColor("#2f855a"), HexColor("#7a3fc8")],
                          y_title="mean game length (simulated seconds)", x_title="deck recipe")
        head = ["Recipe", *[k.capitalize() for k in KINDS], "Length", "Spread", "Saves"]
        rows = [head]
        for r in recipes:
            rows.append([r["name"], *[r["recipe"].get(k, 0) for k in KINDS], f"{r['mean_game_seconds']:.1f} s",
                         _pct(r["seat_spread"]), f"{r['grounds_stopped_per_game']:.2f}"])
        widths = [22 * 2.835] + [13.5 * 2.835] * (len(KINDS) - 1) + [16 * 2.835, 17 * 2.835, 15 * 2.835, 13 * 2.835]
        longest = max(recipes, key=lambda r: r["mean_game_seconds"])
        return self.section("Deck recipes compared", self.para(
            "Each recipe played with the same seeds and seating. Spread: the largest minus the smallest difference "
            "between a seat's win rate and its fair share; smaller is fairer. Saves: Grounds sent back per game."),
            chart, self.reading(f"the recipe “{longest['name']}” gives the longest games "
                                f"({longest['mean_game_seconds']:.1f} s)."), self.table(rows, widths))

    def closing(self) -> list[Any]:
        st = self.stats
        out: list[Any] = []
        if st["violations"]:
            out += [Paragraph("Broken rules found", self.s.section)]
            out += [self.para(escape(v), "note") for v in st["violations"]]
        out += [Spacer(1, 6), self.para(
            "Simulated with cardgen’s FALLING engine: the dealer deals at a steady pace and the players act after "
            "their bots’ reaction times. Lengths are simulated time at the table, not how long the computer took.",
            "note")]
        return out


def story(stats: Mapping[str, Any], *, title: str, recipes: Sequence[Mapping[str, Any]] | None = None,
          impact: Mapping[str, Any] | None = None, styles: Styles | None = None, width: float | None = None) -> list[Any]:
    """The report's flowables."""
    geo = geometry("a4", booklet=False)
    s = styles or make_styles(geo, "en")
    r = _Report(stats, s, width or geo.frame_width)
    out = r.heading(title) + r.summary() + r.seats() + r.length() + r.decisiveness() + r.plays()
    if impact:
        out += r.impact(impact)
    out += r.stops() + r.agents() + r.players()
    if recipes:
        out += r.recipes(recipes)
    return out + r.closing()


def charts_of(flowables: Sequence[Any]) -> list[Drawing]:
    """Every chart among the flowables (KeepTogether groups opened), for checks."""
    found: list[Drawing] = []
    for f in flowables:
        if isinstance(f, Drawing):
            found.append(f)
        elif isinstance(f, KeepTogether):
            found += charts_of(f._content)
    return found


def write_report(path: Path, stats: Mapping[str, Any], *, title: str = "FALLING: Monte Carlo report",
                 recipes: Sequence[Mapping[str, Any]] | None = None, impact: Mapping[str, Any] | None = None) -> None:
    """Write the report PDF atomically, on A4 in the rulebooks' style and with their footer.

    As in the rulebooks, a short page — the last under ``SHORT_LAST_PAGE`` full, another under
    ``MIN_INNER_PAGE`` (a section pushed over by a table kept from leaving a row alone) — is filled by
    tightening the space around blocks, when that saves a page or leaves no short page."""
    register_fonts()
    geo = geometry("a4", booklet=False)

    def layout(target: Any, spacing: float) -> BookDoc:
        doc = BookDoc(target, geo=geo, footer=lambda page: f"{title} · {page}", title=title, author="cardgen",
                      subject="FALLING Monte Carlo statistics", creator="cardgen", lang="en")
        doc.build(story(stats, title=title, recipes=recipes, impact=impact,
                        styles=make_styles(geo, "en", spacing=spacing), width=geo.frame_width))
        return doc

    def short_pages(doc: BookDoc) -> tuple[int, bool]:
        """The report's pages, and whether one is short: the last under SHORT_LAST_PAGE, another under MIN_INNER_PAGE."""
        pages = int(doc.page)
        inner = any(doc.used.get(page, 1.0) < MIN_INNER_PAGE for page in range(1, pages))
        return pages, pages > 1 and (inner or doc.used.get(pages, 1.0) < SHORT_LAST_PAGE)

    buffer = io.BytesIO()
    pages, short = short_pages(layout(buffer, SPACINGS[0]))
    if short:
        for spacing in SPACINGS[1:]:
            tighter = io.BytesIO()
            tight_pages, tight_short = short_pages(layout(tighter, spacing))
            if tight_pages < pages or (tight_pages == pages and not tight_short):
                buffer = tighter
                break
    with atomic_path(Path(path)) as tmp:
        Path(tmp).write_bytes(buffer.getvalue())


__all__ = ["charts_of", "options_in_words", "story", "write_report"]
