"""Board diagrams: a pure function of a position plus annotations, as a reportlab Drawing.

Like ``chess.svg.board(board, lastmove=…, arrows=…)``: :func:`board_drawing` draws the board,
its coordinates and every piece — several on one square drawn smaller, side by side — with a
red momentum arrow on each careening piece. :class:`Marks` adds what a caption talks about:
the last move, the pushes and momentum steps of the turn, pieces that fell off (drawn tumbling
outside the edge they fell over), a move that is not allowed, squares to watch.
:func:`marks_for` derives them from a turn's events.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.graphics.shapes import Drawing, Group, String
from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardgen.games.falling_off.board import Color, Direction, Kind, Piece, Position, Square, file_of, rank_of
from cardgen.games.falling_off.events import PieceDisplaced, PieceMoved, PieceStepped
from cardgen.games.falling_off.glyphs import draw_piece
from cardgen.games.falling_off.rules import Turn
from cardgen.render.fonts import BODY, BODY_BOLD, register_fonts
from cardgen.rulebook.diagrams import label_size, wrap_lines
from cardgen.rulebook.shapes_canvas import ShapesCanvas

S = 24.0
"""Design size of a square, in points; drawings are scaled to the width asked for."""
MARGIN = 1.4 * S
LIGHT = "#efe3cc"
DARK = "#b8976a"
FRAME = "#4a3b2a"
LAST_MOVE = "#f2c94c"
MOMENTUM = "#c62828"
MOMENTUM_TINT = "#f6cdc8"
PUSH = "#1d4fa3"
MOVE_LINE = "#303030"
WATCH = "#b35900"
COORDS = "#5b5b5b"
HALO = "#ffffff"
SHADOW = "#7a7a7a"


@dataclass(frozen=True)
class Arrow:
    """A one-square movement: from ``origin`` towards ``heading``; ``landing`` None if it fell off."""

    origin: Square
    landing: Square | None
    heading: Direction


@dataclass(frozen=True)
class Marks:
    """What a diagram points out besides the pieces."""

    last_move: tuple[Square, Square] | None = None
    pushes: tuple[Arrow, ...] = ()
    steps: tuple[Arrow, ...] = ()
    fallen: tuple[tuple[Piece, Square], ...] = ()
    barred: tuple[tuple[Square, Square], ...] = ()
    watch: tuple[Square, ...] = ()


@dataclass(frozen=True)
class Legend:
    """The legend's labels, already in the diagram's language."""

    move: str
    push: str
    momentum: str
    fell: str


def marks_for(turn: Turn) -> Marks:
    """The marks of one played turn: its move, its pushes and steps, what fell off."""
    last = None
    pushes: list[Arrow] = []
    steps: list[Arrow] = []
    fallen: list[tuple[Piece, Square]] = []
    for event in turn.events:
        if isinstance(event, PieceMoved) and last is None:
            last = (event.origin, event.target)
        elif isinstance(event, PieceDisplaced):
            pushes.append(Arrow(event.origin, event.landing, event.heading))
            if event.landing is None:
                fallen.append((event.piece.pushed(event.heading), event.origin))
        elif isinstance(event, PieceStepped):
            assert event.piece.heading is not None
            steps.append(Arrow(event.origin, event.landing, event.piece.heading))
            if event.landing is None:
                fallen.append((event.piece, event.origin))
    return Marks(last, tuple(pushes), tuple(steps), tuple(fallen))


# -- geometry ----------------------------------------------------------------------------------

def _corner(square: Square) -> tuple[float, float]:
    return MARGIN + file_of(square) * S, MARGIN + rank_of(square) * S


def _centre(square: Square) -> tuple[float, float]:
    x, y = _corner(square)
    return x + S / 2, y + S / 2


def _unit(direction: Direction) -> tuple[float, float]:
    length = math.hypot(direction.df, direction.dr)
    return direction.df / length, direction.dr / length


FALLEN_SIZE = 0.56 * S
"""A fallen piece's glyph size: lying beside the board, outside the coordinates."""
GLYPH_REACH = 0.36 * S
"""How far from its square's centre a piece's glyph reaches: arrows stop short of it."""


def fallen_point(square: Square, direction: Direction) -> tuple[float, float]:
    """Where a piece that fell off from ``square`` towards ``direction`` is drawn: just outside,
    beyond the rank and file letters on the left and at the bottom."""
    x, y = _centre(square)
    low, high = MARGIN - 1.0 * S, MARGIN + 8 * S + 0.92 * S
    file, rank = file_of(square) + direction.df, rank_of(square) + direction.dr
    # the way it went off the board, it lies fully outside the frame; along the edge, beside the square it left
    x = low if file < 0 else high if file > 7 else x + direction.df * S
    y = low if rank < 0 else high if rank > 7 else y + direction.dr * S
    return x, y


def fallen_box(square: Square, direction: Direction) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) a fallen piece's tilted glyph and shadow take."""
    x, y = fallen_point(square, direction)
    reach = FALLEN_SIZE * (math.cos(math.radians(35)) + math.sin(math.radians(35))) / 2
    return x - reach, y - FALLEN_SIZE * 0.52, x + reach, y + reach


COORD_SIZE = 0.4 * S
"""The rank and file labels' size, in design points."""


def coordinate_boxes(coord_size: float = COORD_SIZE) -> list[tuple[float, float, float, float]]:
    """The boxes of the file letters (below the board) and rank numbers (left of it), for labels
    ``coord_size`` points tall."""
    size = 0.34 * S * coord_size / COORD_SIZE
    files = [(MARGIN + i * S + S / 2 - size * 0.35, MARGIN - 0.42 * S - size * 0.1,
              MARGIN + i * S + S / 2 + size * 0.35, MARGIN - 0.42 * S + size * 0.75) for i in range(8)]
    ranks = [(MARGIN - 0.3 * S - size * 0.35, MARGIN + i * S + S / 2 - 0.12 * S - size * 0.1,
              MARGIN - 0.3 * S + size * 0.35, MARGIN + i * S + S / 2 - 0.12 * S + size * 0.75) for i in range(8)]
    return files + ranks


def arrow_ends(arrow: Arrow, *, start_gap: float, end_gap: float) -> tuple[float, float, float, float]:
    """Where an arrow from ``arrow.origin`` to its landing (or off the board) is drawn: it leaves
    ``start_gap`` and stops ``end_gap`` short of the centres (longer along a diagonal), so it
    runs between the pieces, not over them."""
    x1, y1 = _centre(arrow.origin)
    x2, y2 = _centre(arrow.landing) if arrow.landing is not None else fallen_point(arrow.origin, arrow.heading)
    ux, uy = _unit(arrow.heading)
    diagonal = 1.3 if arrow.heading.df and arrow.heading.dr else 1.0
    end = end_gap * diagonal if arrow.landing is not None else FALLEN_SIZE * 0.6
    return x1 + ux * start_gap * diagonal, y1 + uy * start_gap * diagonal, x2 - ux * end, y2 - uy * end


def slots(count: int) -> list[tuple[float, float, float]]:
    """Where ``count`` pieces sharing a square go: (dx, dy, size) as fractions of the square."""
    if count <= 1:
        return [(0.06, 0.06, 0.88)]
    if count == 2:
        return [(0.02, 0.02, 0.6), (0.38, 0.38, 0.6)]
    if count == 3:
        return [(0.0, 0.47, 0.53), (0.47, 0.47, 0.53), (0.235, 0.0, 0.53)]
    if count == 4:
        return [(0.0, 0.5, 0.5), (0.5, 0.5, 0.5), (0.0, 0.0, 0.5), (0.5, 0.0, 0.5)]
    return [(col / 3, 1 - (row + 1) / 3, 1 / 3) for row in range(3) for col in range(3)][:count]


# -- painting ----------------------------------------------------------------------------------

def _arrow(c: ShapesCanvas, x1: float, y1: float, x2: float, y2: float, *, color: str, width: float, head: float,
           halo: float = 0.0, alpha: float = 1.0, dash: tuple[float, float] | None = None) -> None:
    angle = math.atan2(y2 - y1, x2 - x1)
    ca, sa = math.cos(angle), math.sin(angle)
    bx, by = x2 - head * ca, y2 - head * sa
    wing = head * 0.62
    points = [(x2, y2), (bx - wing * sa, by + wing * ca), (bx + wing * sa, by - wing * ca)]
    if halo:
        c.set_stroke(HALO, width + 2 * halo, cap="round")
        c.line(x1, y1, bx, by)
        c.set_fill(HALO)
        c.set_stroke(HALO, 2 * halo)
        c.polygon(points, fill=True, stroke=True)
    c.set_stroke(color, width, cap="butt" if dash else "round", dash=dash, alpha=alpha)
    c.line(x1, y1, bx + 0.3 * ca, by + 0.3 * sa)
    c.set_fill(color, alpha)
    c.polygon(points, fill=True)


def momentum_arrow(c: ShapesCanvas, x: float, y: float, heading: Direction, *, size: float) -> None:
    """The red arrow of a careening piece whose glyph is centred at (x, y), ``size`` wide."""
    ux, uy = _unit(heading)
    reach = size * (0.86 if heading.df and heading.dr else 0.78)
    _arrow(c, x, y, x + ux * reach, y + uy * reach, color=MOMENTUM, width=size * 0.16, head=size * 0.36,
           halo=size * 0.05)


def _board(c: ShapesCanvas, marks: Marks, coord_size: float = COORD_SIZE) -> None:
    for square in range(64):
        x, y = _corner(square)
        c.set_fill(DARK if (file_of(square) + rank_of(square)) % 2 == 0 else LIGHT)
        c.rect(x, y, S, S, fill=True)
    if marks.last_move is not None:
        for square in marks.last_move:
            x, y = _corner(square)
            c.set_fill(LAST_MOVE, 0.62)
            c.rect(x, y, S, S, fill=True)
        x, y = _corner(marks.last_move[1])
        c.set_stroke(MOVE_LINE, 1.1)
        c.rect(x + 0.55, y + 0.55, S - 1.1, S - 1.1, fill=False, stroke=True)
    c.set_stroke(FRAME, 1.4)
    c.rect(MARGIN, MARGIN, 8 * S, 8 * S, fill=False, stroke=True)
    c.set_fill(COORDS)
    for i in range(8):
        c.text(MARGIN + i * S + S / 2, MARGIN - 0.44 * S, "abcdefgh"[i], font=BODY_BOLD, size=coord_size,
               align="center")
        c.text(MARGIN - 0.3 * S, MARGIN + i * S + S / 2 - 0.14 * S * coord_size / COORD_SIZE, str(i + 1), font=BODY_BOLD,
               size=coord_size, align="center")


def _pieces(c: ShapesCanvas, position: Position) -> None:
    for square, stack in enumerate(position.stacks):
        if not stack:
            continue
        x0, y0 = _corner(square)
        shown = stack[:9]
        places = slots(len(shown))
        for piece, (dx, dy, size) in zip(shown, places):  # arrows first, under every glyph of the square
            if piece.heading is not None:
                cx, cy = x0 + (dx + size / 2) * S, y0 + (dy + size / 2) * S
                c.set_fill(MOMENTUM_TINT)
                c.circle(cx, cy, size * S * 0.47, fill=True)
                momentum_arrow(c, cx, cy, piece.heading, size=size * S)
        for piece, (dx, dy, size) in zip(shown, places):
            draw_piece(c, piece.kind, piece.color, x0 + dx * S, y0 + dy * S, size * S)
        if len(stack) > len(shown):
            c.set_fill(MOVE_LINE)
            c.text(x0 + S - 1, y0 + 1.5, f"+{len(stack) - len(shown)}", font=BODY_BOLD, size=0.28 * S, align="right")


def _overlays(c: ShapesCanvas, marks: Marks) -> None:
    for arrow in marks.steps:  # between the squares: from the glyph's edge to the next glyph's edge
        x1, y1, x2, y2 = arrow_ends(arrow, start_gap=GLYPH_REACH * 0.8, end_gap=GLYPH_REACH)
        _arrow(c, x1, y1, x2, y2, color=MOMENTUM, width=0.06 * S, head=0.2 * S, halo=0.03 * S,
               dash=(0.1 * S, 0.06 * S))
    for arrow in marks.pushes:  # from the edge of the pusher's glyph to the edge of the pushed piece
        x1, y1, x2, y2 = arrow_ends(arrow, start_gap=GLYPH_REACH * 0.8, end_gap=GLYPH_REACH)
        _arrow(c, x1, y1, x2, y2, color=PUSH, width=0.1 * S, head=0.26 * S, halo=0.04 * S)
    for origin, target in marks.barred:  # a move that is not allowed: dashed, crossed out
        (x1, y1), (x2, y2) = _centre(origin), _centre(target)
        _arrow(c, x1, y1, x2, y2, color=MOVE_LINE, width=0.09 * S, head=0.3 * S, halo=0.04 * S,
               dash=(0.18 * S, 0.1 * S))
        mx, my, r = x1 + (x2 - x1) * 0.42, y1 + (y2 - y1) * 0.42, 0.2 * S
        c.set_fill(HALO)
        c.circle(mx, my, r * 1.35, fill=True)
        c.set_stroke(MOMENTUM, 0.1 * S, cap="round")
        c.line(mx - r, my - r, mx + r, my + r)
        c.line(mx - r, my + r, mx + r, my - r)
    for square in marks.watch:
        x, y = _centre(square)
        c.set_stroke(WATCH, 0.08 * S, dash=(0.16 * S, 0.1 * S))
        c.circle(x, y, 0.56 * S, fill=False, stroke=True)


def _fallen(c: ShapesCanvas, marks: Marks) -> None:
    used: dict[tuple[float, float], int] = {}
    for piece, origin in marks.fallen:
        assert piece.heading is not None
        x, y = fallen_point(origin, piece.heading)
        key = (round(x), round(y))
        shift = used.get(key, 0)
        used[key] = shift + 1
        x += shift * 0.45 * S * (1 if piece.heading.dr else 0)
        y += shift * 0.45 * S * (1 if piece.heading.df else 0)
        size = FALLEN_SIZE
        c.set_fill(SHADOW, 0.45)  # lying on the floor beside the board
        c.bezier_path((x - size * 0.45, y - size * 0.38),
                      [((x - size * 0.45, y - size * 0.52), (x + size * 0.45, y - size * 0.52), (x + size * 0.45, y - size * 0.38)),
                       ((x + size * 0.45, y - size * 0.24), (x - size * 0.45, y - size * 0.24), (x - size * 0.45, y - size * 0.38))],
                      fill=True)
        draw_piece(c, piece.kind, piece.color, x - size / 2, y - size / 2, size, alpha=0.85,
                   angle=-35 if piece.heading.df <= 0 else 35)


LEGEND_SIZE = 0.4 * S  # 8 pt or more on the page: two boards to a row are printed at about 0.64


def _legend_rows(legend: Legend, width: float, size: float = LEGEND_SIZE) -> tuple[list[tuple[str, str]], list[float], list[list[int]]]:
    items = [("move", legend.move), ("push", legend.push), ("momentum", legend.momentum), ("fell", legend.fell)]
    widths = [size * 1.5 + 4 + stringWidth(text, BODY, size) + 12 for _, text in items]
    rows: list[list[int]] = [[]]
    used = 0.0
    for index, w in enumerate(widths):
        if rows[-1] and used + w > width:
            rows.append([])
            used = 0.0
        rows[-1].append(index)
        used += w
    return items, widths, rows


def legend_height(legend: Legend, width: float, size: float = LEGEND_SIZE) -> float:
    return len(_legend_rows(legend, width, size)[2]) * size * 2.0 + size * 0.3


def _legend(group: Group, legend: Legend, width: float, top: float, size: float = LEGEND_SIZE) -> None:
    """A row (or two) of samples with their labels, hanging from ``top``."""
    items, widths, rows = _legend_rows(legend, width, size)
    line = size * 2.0
    c = ShapesCanvas(group)
    sample = size * 1.5
    for r, row in enumerate(rows):
        total = sum(widths[i] for i in row) - 12
        x = (width - total) / 2
        y = top - (r + 1) * line + size * 0.6
        for index in row:
            kind, text = items[index]
            if kind == "move":
                c.set_fill(LAST_MOVE, 0.62)
                c.rect(x, y - size * 0.15, sample, size * 1.1, fill=True)
                c.set_stroke(MOVE_LINE, 0.8)
                c.rect(x, y - size * 0.15, sample, size * 1.1, fill=False, stroke=True)
            elif kind == "push":
                _arrow(c, x, y + size * 0.4, x + sample, y + size * 0.4, color=PUSH, width=0.1 * S, head=0.3 * S)
            elif kind == "momentum":
                _arrow(c, x, y + size * 0.4, x + sample, y + size * 0.4, color=MOMENTUM, width=0.13 * S, head=0.3 * S)
            else:
                draw_piece(c, Kind.PAWN, Color.WHITE, x + sample * 0.05, y - size * 0.35, size * 1.4, alpha=0.75, angle=35)
            group.add(String(x + sample + 4, y + size * 0.08, text, fontName=BODY, fontSize=size,
                             fillColor=HexColor("#222222")))
            x += widths[index]


def board_drawing(position: Position, marks: Marks | None = None, *, width: float,
                  legend: Legend | None = None) -> Drawing:
    """The board of ``position`` with ``marks``, scaled to ``width`` points, optionally with a legend."""
    register_fonts()
    marks = marks or Marks()
    side = 8 * S + 2 * MARGIN
    extra = legend_height(legend, side) if legend is not None else 0.0
    board = Group()
    board.transform = (1, 0, 0, 1, 0, extra)
    c = ShapesCanvas(board)
    _board(c, marks)
    _pieces(c, position)
    _overlays(c, marks)
    _fallen(c, marks)
    scale = width / side
    outer = Group(board)
    if legend is not None:
        below = Group()
        _legend(below, legend, side, extra)
        outer.add(below)
    outer.transform = (scale, 0, 0, scale, 0, 0)
    drawing = Drawing(width, (side + extra) * scale)
    drawing.add(outer)
    return drawing


def boards_row(boards: list[tuple[Position, Marks, str]], *, width: float, legend: Legend | None = None,
               gap: float = 14.0) -> Drawing:
    """Several boards side by side, each with a line of text under it, and one legend below all."""
    register_fonts()
    count = len(boards)
    side = 8 * S + 2 * MARGIN
    design_width = count * side + (count - 1) * gap
    # on a narrow page (the booklet's) every label grows so that it still prints at 8 pt
    grow = label_size(COORD_SIZE, design_width, width) / COORD_SIZE
    caption_size = 0.42 * S * grow
    # a caption wider than its board wraps (only the booklet's larger labels need it)
    captions = [wrap_lines(text, BODY_BOLD, caption_size, side) for _, _, text in boards]
    lines = max(len(caption) for caption in captions)
    label_band = caption_size * (1.6 + 1.2 * (lines - 1))
    extra = legend_height(legend, design_width, LEGEND_SIZE * grow) if legend is not None else 0.0
    root = Group()
    for index, (position, marks, text) in enumerate(boards):
        group = Group()
        group.transform = (1, 0, 0, 1, index * (side + gap), extra + label_band)
        c = ShapesCanvas(group)
        _board(c, marks, COORD_SIZE * grow)
        _pieces(c, position)
        _overlays(c, marks)
        _fallen(c, marks)
        root.add(group)
        for row, line in enumerate(captions[index]):
            root.add(String(index * (side + gap) + side / 2, extra + caption_size * (0.55 + 1.2 * (lines - 1 - row)), line,
                            fontName=BODY_BOLD, fontSize=caption_size, fillColor=HexColor("#222222"), textAnchor="middle"))
    if legend is not None:
        below = Group()
        _legend(below, legend, design_width, extra, LEGEND_SIZE * grow)
        root.add(below)
    scale = width / design_width
    root.transform = (scale, 0, 0, scale, 0, 0)
    drawing = Drawing(width, (side + label_band + extra) * scale)
    drawing.add(root)
    return drawing


def legend_drawing(legend: Legend, *, width: float, scale: float = 1.0) -> Drawing:
    """The legend alone, on one or two centred rows ``width`` points wide (drawn at ``scale``)."""
    register_fonts()
    design = width / scale
    height = legend_height(legend, design)
    group = Group()
    _legend(group, legend, design, height)
    group.transform = (scale, 0, 0, scale, 0, 0)
    drawing = Drawing(width, height * scale)
    drawing.add(group)
    return drawing
