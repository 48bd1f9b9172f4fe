"""Board diagrams for the Falling Off rules sheet, registered as ``diagram: falling-off-…``.

Every position is played by the engine from moves in notation, so the pictures cannot drift
from the rules. Text under each board is the move in the book's notation (piece letters and
the word for "off" come from the catalog).
"""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing

from cardgen.games.falling_off.board import Position, parse_square
from cardgen.games.falling_off.board_drawing import Marks, boards_row, marks_for
from cardgen.games.falling_off.notation import read_line
from cardgen.games.falling_off.rules import Game, Turn
from cardgen.games.falling_off.texts import LEGEND, NOTATION, Words
from cardgen.games.falling_off.variants import FallingOffRules
from cardgen.games.falling_off.notation import format_move
from cardgen.model.deck import DeckSpec
from cardgen.render.card_renderer import Translate
from cardgen.rulebook.diagrams import register_diagram
from cardgen.rulebook.labels import label_here
from cardgen.rulebook.shapes_canvas import ShapesCanvas

RULES = FallingOffRules()
EXAMPLE = "1. Nc3 e5 2. Nd5 d5 3. Nxc7 (Pc7→d7) Qxc7 (Nc7→b6) 4. e4 Nf6 5. Nf3 Qf7"
CROWD = ("Ke1 Qd1 Pa2 Pb2 Pc2 Pd2 Pf2 Pg2 Ra1 Rh1 "
         "ke8 pa7 pb7 pc7 pd6 pe5 pf7 ra8 rh8 nh5 bh5 ph5")
CROWD_MOVE = "Qxh5 (Nh5→off, Bh5→h6, Ph5→g4)"
"""A Black crowd on the edge, and the White queen's one move that scatters it."""

LABELS = tuple(LEGEND.values()) + (NOTATION["letters"], NOTATION["off"], NOTATION["after"])
MARKER_LABELS = (
    label_here("diagram:fo.markers.white", "White's markers", "Above the row of White's momentum markers."),
    label_here("diagram:fo.markers.black", "Black's markers", "Above the row of Black's momentum markers."),
    label_here("diagram:fo.markers.use", "A careening knight, heading south-west",
               "Under a picture of a knight standing on its momentum marker."),
)
CROWD_LABEL = label_here("diagram:fo.crowd", "three Black pieces share h5", "Under a board: a crowd on one square.")


def _turns(text: str, start: Position | None = None) -> list[Turn]:
    read = read_line(text, RULES, start=start)
    return Game.replay(read.moves, rules=RULES, start=start).turns


def _caption(words: Words, turn: Turn, *, numbered: bool = True) -> str:
    number = f"{turn.before.fullmove}. " if turn.before.turn.value == "w" else f"{turn.before.fullmove}... "
    move = format_move(turn.before, turn.move, RULES, style=words.notation(), momentum=True)
    return words(NOTATION["after"], move=(number if numbered else "") + move)


@register_diagram("falling-off-push", labels=LABELS)
def push_diagram(deck: DeckSpec, translate: Translate, *, width: float) -> Drawing:
    """3. Nxc7 pushes the pawn; 3... Qxc7 pushes the knight and the pawn takes its first step."""
    words = Words(translate)
    turns = _turns(EXAMPLE)
    boards = [(turn.after, marks_for(turn), _caption(words, turn)) for turn in turns[4:6]]
    return boards_row(boards, width=width, legend=words.legend())


LABEL_MIN = 8.1
"""Smallest label size, in points, on the printed page."""


@register_diagram("falling-off-fall", labels=LABELS)
def fall_diagram(deck: DeckSpec, translate: Translate, *, width: float) -> Drawing:
    """5. Nf3: the knight falls off; 5... Qf7: the queen stops the careening pawn."""
    words = Words(translate)
    turns = _turns(EXAMPLE)
    boards = [(turn.after, marks_for(turn), _caption(words, turn)) for turn in turns[8:10]]
    return boards_row(boards, width=width, legend=words.legend())


@register_diagram("falling-off-crowd", labels=LABELS + (CROWD_LABEL,))
def crowd_diagram(deck: DeckSpec, translate: Translate, *, width: float) -> Drawing:
    """A crowd on one square, and the one move that scatters it."""
    words = Words(translate)
    start = Position.from_placement(CROWD, turn=Position.initial().turn)
    turns = _turns(CROWD_MOVE, start)
    before = Marks(watch=(parse_square("h5"),))  # type: ignore[arg-type]
    boards = [(start, before, words(CROWD_LABEL)),
              (turns[0].after, marks_for(turns[0]), _caption(words, turns[0], numbered=False))]
    return boards_row(boards, width=width, legend=None)


@register_diagram("falling-off-markers", labels=MARKER_LABELS, draw_to_check=True)  # draws the deck's faces
def markers_diagram(deck: DeckSpec, translate: Translate, *, width: float) -> Drawing:
    """The deck's marker faces, White's row and Black's row, and one marker in use under a knight."""
    from reportlab.graphics.shapes import Group, String
    from reportlab.lib.colors import HexColor

    from cardgen.games.falling_off.board import Color, Kind
    from cardgen.games.falling_off.glyphs import draw_piece
    from cardgen.loading.deck_loader import load_deck_layouts
    from cardgen.render.card_renderer import CardRenderer
    from cardgen.render.fonts import BODY, BODY_BOLD, register_fonts

    register_fonts()
    words = Words(translate)
    flat = deck.model_copy(update={"print": deck.print.model_copy(update={"bleed": 0.0})})
    layouts = load_deck_layouts(flat)
    renderer = CardRenderer(flat, layouts[flat.layout], layouts, translate=translate)
    size, gap = renderer.width, renderer.width * 0.18
    rows = {kind: [card for card in flat.cards if card.type == kind] for kind in flat.types}
    columns = max(len(cards) for cards in rows.values())
    use_w = size * 2.5
    design_w = use_w + columns * (size + gap)
    scale = width / design_w
    text_size = max(11.0, LABEL_MIN / scale)  # at least LABEL_MIN points once the drawing is scaled to the page
    title_size = max(14.0, text_size * 1.2)
    line = title_size * 1.45
    square = size * 1.7
    from reportlab.pdfbase.pdfmetrics import stringWidth

    lines: list[str] = []
    for word in words(MARKER_LABELS[2]).split():  # wrapped to the width of the left column
        if lines and stringWidth(lines[-1] + " " + word, BODY, text_size) <= use_w - gap:
            lines[-1] += " " + word
        else:
            lines.append(word)
    step = text_size * 1.2
    design_h = max(len(rows) * (size + line + 8), square + 8 + 14 + len(lines) * step + 4)
    root = Group()
    for r, (kind, cards) in enumerate(rows.items()):
        y = design_h - (r + 1) * (size + line + 8)
        label = MARKER_LABELS[0] if r == 0 else MARKER_LABELS[1]
        root.add(String(use_w, y + size + 6, words(label), fontName=BODY_BOLD, fontSize=title_size,
                        fillColor=HexColor("#222222")))
        for i, card in enumerate(cards):
            face = Group()
            face.transform = (1, 0, 0, 1, use_w + i * (size + gap), y)
            renderer.draw_face(ShapesCanvas(face), card)
            root.add(face)
    # a marker in use: a dark square of the board, the marker, a knight standing on its ring
    x0, y0 = (use_w - gap - square) / 2, design_h - square - (design_h - square - 14 - len(lines) * step) / 2
    c = ShapesCanvas(root)
    c.set_fill("#b8976a")
    c.rect(x0, y0, square, square, fill=True)
    marker = next((card for card in flat.cards if card.icon == "momentum-sw" and card.type == next(iter(rows))), None)
    if marker is not None:
        face = Group()
        face.transform = (1, 0, 0, 1, x0 + (square - size) / 2, y0 + (square - size) / 2)
        renderer.draw_face(ShapesCanvas(face), marker)
        root.add(face)
    knight = size * 0.62
    draw_piece(c, Kind.KNIGHT, Color.WHITE, x0 + (square - knight) / 2 + size * 0.04, y0 + (square - knight) / 2 + size * 0.06,
               knight)
    for index, text in enumerate(lines):
        root.add(String(x0 + square / 2, y0 - 14 - index * step, text, fontName=BODY, fontSize=text_size,
                        textAnchor="middle", fillColor=HexColor("#444444")))
    root.transform = (scale, 0, 0, scale, 0, 0)
    drawing = Drawing(width, design_h * scale)
    drawing.add(root)
    return drawing


@register_diagram("falling-off-title")
def title_diagram(deck: DeckSpec, translate: Translate, *, width: float) -> Drawing:
    """The title page's head: the eight momentum arrows in a row over the game's name."""
    from reportlab.graphics.shapes import Group, String
    from reportlab.lib.colors import HexColor

    from cardgen.render.fonts import DISPLAY, register_fonts
    from cardgen.render.icons import ICONS, MOMENTUM_ANGLES

    register_fonts()
    size, gap = 26.0, 9.0
    row = len(MOMENTUM_ANGLES) * size + (len(MOMENTUM_ANGLES) - 1) * gap
    height = size + 66
    root = Group()
    c = ShapesCanvas(root)
    x = (width - row) / 2
    for name in MOMENTUM_ANGLES:
        c.set_fill("#14213d")
        c.rect(x, 66, size, size, radius=size * 0.2, fill=True)
        ICONS[f"momentum-{name}"](c, x + 2, 68, size - 4, "#ffffff", "#14213d")
        x += size + gap
    root.add(String(width / 2, 14, translate("deck:title", deck.title), fontName=DISPLAY, fontSize=46,
                    fillColor=HexColor("#14213d"), textAnchor="middle"))
    drawing = Drawing(width, height)
    drawing.add(root)
    return drawing
