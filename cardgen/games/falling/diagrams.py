"""FALLING's rulebook diagrams, drawn with reportlab.graphics and labelled in the book's language.

``falling-table``: the table seen from above — the dealer, five players clockwise from the
dealer's left, their stacks, Riders laid sideways between players and the middle of the table,
an Extra off-centre on a Rider, a player with two stacks and one with none.
``falling-riders``: what each Rider, alone and with an Extra, does to one pass of the deal.
Each is scaled to the text width, and rearranged on narrow pages so no label prints under 8 pt.
"""

from __future__ import annotations

import math

from reportlab.graphics.shapes import Circle, Drawing, Group, Path, Rect, String
from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardgen.model.deck import DeckSpec
from cardgen.render.card_renderer import Translate
from cardgen.render.fonts import BODY, BODY_BOLD, BODY_ITALIC, register_fonts
from cardgen.rulebook.diagrams import (
    INK,
    MUTED,
    Labeller,
    Painter,
    draw_arrow,
    draw_text,
    label_size,
    mini_icon,
    register_diagram,
    scaled,
    too_narrow,
    wrap_lines,
)
from cardgen.rulebook.labels import Label
from cardgen.rulebook.labels import label_here

TABLE_LABELS: tuple[Label, ...] = (
    label_here("diagram:table.dealer", "Dealer", "Table diagram: the person who deals and does not play."),
    label_here("diagram:table.deck", "Deck", "Table diagram: the cards still to be dealt."),
    label_here("diagram:table.discard", "Discard", "Table diagram: the discard pile."),
    label_here("diagram:table.player", "Player {n}", "Table diagram: a seat. {n} is 1, 2, 3 …"),
    label_here("diagram:table.order", "dealing order", "Table diagram: arrow showing the direction of the deal."),
    label_here("diagram:table.rider", "Rider, laid sideways", "Table diagram: a Rider card turned across."),
    label_here("diagram:table.extra", "Extra, off-centre on its Rider",
               "Table diagram: an Extra laid over a Rider, shifted so both can be read."),
    label_here("diagram:table.split", "two stacks after a Split", "Table diagram: a player with two stacks."),
    label_here("diagram:table.empty", "no stack: the next card starts one",
               "Table diagram: a player whose stacks are all gone."),
)
"""What the table diagram writes."""

RIDERS_LABELS: tuple[Label, ...] = (
    label_here("diagram:riders.normal", "the usual card", "Rider diagram legend: the card every stack gets on each pass."),
    label_here("diagram:riders.extra", "cards the Rider adds", "Rider diagram legend: cards dealt because of the Rider."),
    label_here("diagram:riders.new", "new stack", "Rider diagram legend: a stack started by a Split."),
    label_here("diagram:riders.swept", "swept to the discard", "Rider diagram: the card (a Rider alone) leaves the table after the pass."),
    label_here("diagram:riders.swept.both", "swept to the discard",
               "Rider diagram: both cards (a Rider and the Extra on it) leave the table after the pass."),
    label_here("diagram:riders.stays", "{extra} swept, {skip} kept for the next pass",
               "Rider diagram, Skip with an Extra: only the Extra leaves; {extra} and {skip} are card names."),
    label_here("diagram:riders.nothing", "no cards this pass", "Rider diagram: a skipped player gets nothing."),
    label_here("diagram:riders.with_extra", "{rider} + {extra}",
               "Rider diagram panel title, e.g. 'Hit + Extra'. {rider} and {extra} are card names."),
)
"""What the Riders diagram writes."""

FELT = HexColor("#e6ede3")
FELT_EDGE = HexColor("#aebda6")
NORMAL = ("#2b6cb0", "#dbe7f7")  # stroke, fill: the usual card of a pass
ADDED = ("#c96a00", "#f9e0bd")  # cards a Rider adds
NEW_STACK = "#2f855a"


# -- the table ----------------------------------------------------------------------------------

TABLE_SIZE = (460.0, 362.0)
NARROW_TABLE_WIDTH = 340.0
"""On a page narrower than the table's design width (the booklet's), the table is drawn this wide
(its picture spans about 330 pt) with its legend in one column, and its labels enlarged to print at 8 pt."""
LEGEND_TOP = 34.0
LABEL_SIZE = 8.1
"""Labels are drawn at least this size (the diagrams are printed at about their design width)."""


def _badge(group: Group, x: float, y: float, letter: str, size: float = LABEL_SIZE) -> None:
    k = size / LABEL_SIZE
    group.add(Circle(x, y, 6.3 * k, fillColor=HexColor("#c4561d"), strokeColor=HexColor("#ffffff"), strokeWidth=0.8))
    group.add(String(x, y - 2.9 * k, letter, fontName=BODY_BOLD, fontSize=size, fillColor=HexColor("#ffffff"),
                     textAnchor="middle"))


@register_diagram("falling-table", labels=TABLE_LABELS,
                  needs=("hit", "split", "skip", "extra", "stop", "grab", "push"))
def table_diagram(deck: DeckSpec, translate: Translate, *, width: float) -> Drawing:
    """The table from above, with the dealer at the bottom and players 1–5 clockwise."""
    register_fonts()
    label = Labeller(translate)
    paint = Painter(deck, translate)
    W, H = TABLE_SIZE
    wide = not too_narrow(W, width, LABEL_SIZE)
    if not wide:
        W = max(width, NARROW_TABLE_WIDTH)
    lab, big = label_size(LABEL_SIZE, W, width), label_size(8.5, W, width)
    # the legend: two columns under the table, or one on a narrow page; each row as tall as its text
    notes = [("A", "rider1", "diagram:table.rider"), ("B", "extra", "diagram:table.extra"),
             ("C", "split", "diagram:table.split"), ("D", "empty", "diagram:table.empty")]
    columns = 2 if wide else 1
    column = (W - 20) / columns
    leading = lab * 9.2 / LABEL_SIZE
    legend_lines = [len(wrap_lines(label(context), BODY, lab, column - 22 * lab / LABEL_SIZE)) for _, _, context in notes]
    row_steps = [22.0 if wide else max(legend_lines[i:i + columns]) * leading + 6 for i in range(0, len(notes), columns)]
    legend_top = LEGEND_TOP if wide else sum(row_steps) + 6
    raise_by = legend_top - LEGEND_TOP
    H += raise_by
    g = Group()
    cx, cy, R = W / 2, 206.0 + raise_by, 112.0
    g.add(Circle(cx, cy, R, fillColor=FELT, strokeColor=FELT_EDGE, strokeWidth=1.2))

    def polar(angle: float, radius: float) -> tuple[float, float]:
        return cx + radius * math.cos(math.radians(angle)), cy + radius * math.sin(math.radians(angle))

    cw, ch = 20.0, 28.0
    # the dealer, the deck and the discard
    dx, dy = polar(270, R + 16)
    g.add(Circle(dx, dy, 7, fillColor=HexColor("#14213d"), strokeColor=None))
    draw_text(g, dx, dy - 20 * big / 8.5, label("diagram:table.dealer"), size=big, font=BODY_BOLD, anchor="middle")
    deck_x, deck_y = cx - 24, cy - R + 34
    for i in range(3):
        paint.card(g, None, deck_x - i * 0.8, deck_y + i * 0.8, cw, ch, face_down=True)
    draw_text(g, deck_x, deck_y - ch / 2 - 8 * lab / LABEL_SIZE, label("diagram:table.deck"), size=lab, anchor="middle", color=MUTED)
    disc_x = cx + 24
    paint.card(g, "push", disc_x, deck_y, cw, ch, angle=-14)
    paint.card(g, "hit", disc_x + 1, deck_y + 1, cw, ch, angle=9)
    draw_text(g, disc_x, deck_y - ch / 2 - 8 * lab / LABEL_SIZE, label("diagram:table.discard"), size=lab, anchor="middle", color=MUTED)

    seats = [210.0, 150.0, 90.0, 30.0, 330.0]  # clockwise from the dealer's left
    tops = {1: ["stop"], 2: ["grab", "skip"], 3: ["extra"], 4: ["push"], 5: []}
    riders = {1: ("hit", False), 3: ("skip", True), 4: ("split", False)}
    anchors: dict[str, tuple[float, float]] = {}
    for number, angle in enumerate(seats, start=1):
        sx, sy = polar(angle, R + 13)
        g.add(Circle(sx, sy, 6.5, fillColor=HexColor("#6b7785"), strokeColor=None))
        lx, ly = polar(angle, R + 26)
        anchor = "middle" if abs(math.cos(math.radians(angle))) < 0.3 else ("end" if lx < cx else "start")
        draw_text(g, lx, ly - 3 * big / 8.5, label("diagram:table.player", n=number), size=big, font=BODY_BOLD,
                  anchor=anchor)
        turn = angle + 90  # cards face their player
        stacks = tops[number]
        tangent = (math.cos(math.radians(angle + 90)), math.sin(math.radians(angle + 90)))
        px, py = polar(angle, R - 24)
        if not stacks:
            paint.plain(g, px, py, cw, ch, "#7d8792", "", dashed=True)
            anchors["empty"] = (px, py)
        for k, top in enumerate(stacks):
            offset = (k - (len(stacks) - 1) / 2) * (cw + 8)
            x, y = px + tangent[0] * offset, py + tangent[1] * offset
            radial = (math.cos(math.radians(angle)), math.sin(math.radians(angle)))
            for depth in (2, 1):
                paint.card(g, None, x + depth * 1.6 * radial[0], y + depth * 1.6 * radial[1], cw, ch, angle=turn)
            paint.card(g, top, x, y, cw, ch, angle=turn)
        if number == 2:
            anchors["split"] = polar(angle, R - 46)
        if number in riders:
            card, extra = riders[number]
            rx, ry = polar(angle, R - 64)
            paint.card(g, card, rx, ry, cw, ch, angle=angle)  # sideways: across the player's line
            anchors[f"rider{number}"] = (rx + 13, ry - 13)
            if extra:
                ex, ey = rx + 9, ry - 7
                paint.card(g, "extra", ex, ey, cw, ch, angle=angle + 12)
                anchors["extra"] = (ex + 17, ey - 6)

    # dealing order: an arc round the middle, clockwise
    ar = 30.0
    path = Path(strokeColor=MUTED, strokeWidth=1.1, fillColor=None)
    start, end = 250.0, 120.0
    steps = 24
    for i in range(steps + 1):
        a = math.radians(start + (end - start) * i / steps)
        point = (cx + ar * math.cos(a), cy + ar * math.sin(a))
        path.moveTo(*point) if i == 0 else path.lineTo(*point)
    g.add(path)
    a1, a2 = math.radians(end + 8), math.radians(end)
    draw_arrow(g, cx + ar * math.cos(a1), cy + ar * math.sin(a1), cx + ar * math.cos(a2) + 1.2, cy + ar * math.sin(a2) + 1.8,
           head=5)
    lines = wrap_lines(label("diagram:table.order"), BODY_ITALIC, lab, 48)
    step = lab * 9.4 / LABEL_SIZE
    top = cy + (len(lines) - 1) * step / 2 - 2
    for i, line in enumerate(lines):
        g.add(String(cx + 3, top - i * step, line, fontName=BODY_ITALIC, fontSize=lab, fillColor=MUTED,
                     textAnchor="middle"))

    # letters next to what the legend below explains
    for letter, key, _ in notes:
        bx, by = anchors[key]
        _badge(g, bx, by, letter, lab)
    k = lab / LABEL_SIZE
    row_y = legend_top
    for i, (letter, _, context) in enumerate(notes):
        x = 10 + (i % columns) * column
        if i and i % columns == 0:
            row_y -= row_steps[i // columns - 1]
        _badge(g, x + 6 * k, row_y - 2.5 * k, letter, lab)
        draw_text(g, x + 16 * k, row_y - 5 * k, label(context), size=lab, width=column - 22 * k, leading=leading)
    return scaled(g, W, H, width)


# -- what the Riders do -----------------------------------------------------------------------

RIDERS_SIZE = (460.0, 330.0)
NARROW_NOTE_WIDTH = 84.0
"""On a narrow page, a panel's note under its Rider runs this wide (up to the stacks)."""


@register_diagram("falling-riders", labels=RIDERS_LABELS,
                  needs=("hit", "split", "skip", "extra"))
def riders_diagram(deck: DeckSpec, translate: Translate, *, width: float) -> Drawing:
    """Six panels: Hit, Split, Skip, each alone and with an Extra, over one pass of the deal."""
    register_fonts()
    label = Labeller(translate)
    paint = Painter(deck, translate)
    W, H = RIDERS_SIZE
    g = Group()
    panel_w, panel_h, legend_h = 226.0, 96.0, 26.0
    cw, ch = 16.0, 22.0
    extra_name = paint.name("extra")
    wide = not too_narrow(W, width, LABEL_SIZE)
    lab, title_size = label_size(LABEL_SIZE, W, width), label_size(9.0, W, width)
    grow = lab / LABEL_SIZE
    leading = 9.0 * grow
    lift = 0.0  # on a narrow page the labels are larger: the pictures move up over the taller notes
    if not wide:
        notes = [label("diagram:riders.stays", extra=extra_name, skip=paint.name("skip")), label("diagram:riders.swept"),
                 label("diagram:riders.swept.both")]
        most = max(len(wrap_lines(note, BODY, lab, NARROW_NOTE_WIDTH)) for note in notes)
        note_top = 4 + 0.25 * lab + (most - 1) * leading + 0.75 * lab
        lift = max(0.0, note_top + 17.5 - 50.0)
        panel_h = max(panel_h, 58 + lift + 12 + 14 * grow)
        H = legend_h + 3 * (panel_h + 6)

    def stack(panel: Group, x: float, old: int, dealt: list[str], *, new: bool = False) -> float:
        """A stack at x: ``old`` cards already there, then the cards this pass ('n' usual, 'a' added)."""
        y, step = 19.0 + lift, 7.0
        for i in range(old):
            paint.plain(panel, x, y + i * step, cw, ch, "#8c96a1", "#e4e7eb")
        for j, kind in enumerate(dealt):
            stroke, fill = NORMAL if kind == "n" else ADDED
            paint.plain(panel, x, y + (old + j) * step, cw, ch, stroke, fill)
        if new:
            top = y + (old + len(dealt) - 1) * step
            r = Rect(x - cw / 2 - 3, y - ch / 2 - 3, cw + 6, top - y + ch + 6, rx=3, ry=3, fillColor=None,
                     strokeColor=HexColor(NEW_STACK), strokeWidth=0.9, strokeDashArray=[2.4, 1.6])
            panel.add(r)
        return y + (old + len(dealt)) * step + ch / 2

    panels = [
        ("hit", False), ("hit", True),
        ("split", False), ("split", True),
        ("skip", False), ("skip", True),
    ]
    for index, (rider, extra) in enumerate(panels):
        col, row = index % 2, index // 2
        ox = col * (W - panel_w)
        oy = legend_h + (2 - row) * (panel_h + 6)
        panel = Group()
        panel.transform = (1, 0, 0, 1, ox, oy)
        panel.add(Rect(0, 0, panel_w, panel_h, rx=4, ry=4, fillColor=HexColor("#f7f5f0"), strokeColor=HexColor("#d9d3c7"),
                       strokeWidth=0.6))
        title = label("diagram:riders.with_extra", rider=paint.name(rider), extra=extra_name) if extra else paint.name(rider)
        mini_icon(panel, deck, rider, 8, panel_h - 17 * grow, 11 * grow)
        if extra:
            mini_icon(panel, deck, "extra", 8 + 13 * grow, panel_h - 17 * grow, 11 * grow)
        draw_text(panel, 8 + (28 if extra else 15) * grow, panel_h - 14 * grow, title, size=title_size, font=BODY_BOLD)
        # the Rider (and its Extra) laid sideways, as the dealer finds it
        rx, ry = 34.0, 50.0 + lift
        swept_rider = not (rider == "skip" and extra)
        paint.card(panel, rider, rx, ry, cw * 1.15, ch * 1.15, angle=90, faded=swept_rider)
        if extra:
            paint.card(panel, "extra", rx + 9, ry - 6, cw * 1.15, ch * 1.15, angle=100, faded=True)
        if rider == "skip" and extra:
            note = label("diagram:riders.stays", extra=extra_name, skip=paint.name("skip"))
        else:
            note = label("diagram:riders.swept.both" if extra else "diagram:riders.swept")
        if wide:
            note_w, note_x = 70.0, rx
            lines = len(wrap_lines(note, BODY, lab, note_w))
            note_y = max(20.0, 4.0 + 9.0 * (lines - 1))  # the last line stays inside the panel, the first under the card
        else:  # under the card, as wide as the room left of the stacks
            note_w = NARROW_NOTE_WIDTH
            note_x = 4.0 + note_w / 2
            lines = len(wrap_lines(note, BODY, lab, note_w))
            note_y = 4.0 + 0.25 * lab + (lines - 1) * leading
        draw_text(panel, note_x, note_y, note, size=lab, anchor="middle", color=MUTED, width=note_w, leading=leading)
        draw_arrow(panel, 62, ry, 80, ry)
        # the player's stacks after the pass
        if rider == "hit":
            for k in range(2):
                stack(panel, 100 + k * 28, 2, ["n"] + ["a"] * (2 if extra else 1))
        elif rider == "split":
            stack(panel, 100, 2, ["n"])
            for k in range(2 if extra else 1):
                stack(panel, 136 + k * 30, 0, ["a"], new=True)
        else:
            for k in range(2):
                stack(panel, 100 + k * 28, 2, [])
            draw_text(panel, 146, 30 + lift, label("diagram:riders.nothing"), size=lab, font=BODY_ITALIC, color=MUTED, width=74,
                      leading=lab * 1.2)
        g.add(panel)

    # legend
    x = 4.0
    for stroke, fill, text, dashed in ((NORMAL[0], NORMAL[1], label("diagram:riders.normal"), False),
                                       (ADDED[0], ADDED[1], label("diagram:riders.extra"), False),
                                       (NEW_STACK, "", label("diagram:riders.new"), True)):
        paint.plain(g, x + 6, 11, 10, 13, stroke, fill, dashed=dashed)
        g.add(String(x + 15, 8, text, fontName=BODY, fontSize=lab, fillColor=INK))
        x += 24 + stringWidth(text, BODY, lab)
    return scaled(g, W, H, width)
