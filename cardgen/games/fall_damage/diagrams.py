"""FALL DAMAGE's rulebook diagrams, vector and labelled in the book's language.

``fall-damage-push``: a side view of a push off a ledge and the fall it causes, and the same
push into Water. ``fall-damage-reach``: the 10 × 10 grid from above — Reach 1, 2 and 3 around an
attacker, and a line of sight that is clear next to one that a tree blocks.

Positions and results come from :mod:`cardgen.games.fall_damage.rules`, so the pictures follow
the rules the book states. Each diagram is drawn at a design size and scaled to the text width.
"""

from __future__ import annotations

import math

from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Path, Polygon, Rect, String
from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardgen.games.fall_damage.rules import BOARD_SIZE, fall_damage, line_tiles, push_along, reach_tiles, sight_is_clear
from cardgen.model.deck import DeckSpec
from cardgen.render.card_renderer import Translate
from cardgen.render.fonts import BODY, BODY_BOLD, BODY_ITALIC, register_fonts
from cardgen.rulebook.diagrams import INK, MUTED, register_diagram, too_narrow
from cardgen.rulebook.labels import Label, label_here

STONE = HexColor("#ddd6c8")
STONE_EDGE = HexColor("#8c8273")
WATER = HexColor("#9cc3e6")
WATER_EDGE = HexColor("#2b6cb0")
ACCENT = HexColor("#c4561d")
ATTACKER = HexColor("#22303c")
TREE = HexColor("#2e7d32")
REACH_FILLS = (HexColor("#22303c"), HexColor("#7d8fa1"), HexColor("#d5dde6"))


# -- labels ------------------------------------------------------------------------------------

PUSH_LABELS: tuple[Label, ...] = (
    label_here("diagram:fd-push.ledge", "Off a ledge", "Push diagram, left panel title: a unit pushed off high ground."),
    label_here("diagram:fd-push.water", "Into Water", "Push diagram, right panel title: the same push, landing in Water."),
    label_here("diagram:fd-push.attacker", "attacker", "Push diagram: the unit that attacks and pushes."),
    label_here("diagram:fd-push.target", "target", "Push diagram: the unit that is pushed."),
    label_here("diagram:fd-push.push", "Push {push}", "Push diagram: the attacker's push, e.g. 'Push B2'. {push} is kept."),
    label_here("diagram:fd-push.drop", "falls {n} tile", "Push diagram: the height of the fall. {n} is a number.", plural="falls {n} tiles"),
    label_here("diagram:fd-push.damage", "{n} damage", "Push diagram: Fall Damage dealt. {n} is a number.", plural="{n} damage"),
    label_here("diagram:fd-push.mage", "{n} if a Mage pushed", "Push diagram: the same fall caused by a Mage (+2). {n} is a number."),
    label_here("diagram:fd-push.none", "no Fall Damage", "Push diagram: a fall into Water deals no damage."),
    label_here("diagram:fd-push.tile", "1 tile ≈ 30 mm", "Push diagram: the height of one level of terrain."),
    label_here("diagram:fd-push.pool", "Water", "Push diagram: a tile of Water terrain."),
)

REACH_LABELS: tuple[Label, ...] = (
    label_here("diagram:fd-reach.reach", "Reach", "Grid diagram, left title: which tiles an attack can reach."),
    label_here("diagram:fd-reach.sight", "Line of sight", "Grid diagram, right title: whether anything blocks the line."),
    label_here("diagram:fd-reach.one", "Reach 1 (melee): the four tiles alongside",
               "Grid legend: the tiles next to the attacker, no diagonals."),
    label_here("diagram:fd-reach.two", "Reach 2: up to two steps, no diagonal steps",
               "Grid legend: tiles two steps away, counted without diagonals."),
    label_here("diagram:fd-reach.three", "Reach 3: every tile whose centre is within 3½ tiles",
               "Grid legend: a rough circle round the attacker."),
    label_here("diagram:fd-reach.attacker", "attacker", "Grid diagram: the unit that attacks."),
    label_here("diagram:fd-reach.tree", "tree", "Grid diagram: a tree, which blocks lines of sight."),
    label_here("diagram:fd-reach.clear", "clear: a valid target", "Grid diagram: nothing on the line, the attack may go."),
    label_here("diagram:fd-reach.blocked", "blocked by the tree", "Grid diagram: the line crosses a tree's tile."),
)


class _Labels:
    def __init__(self, translate: Translate, labels: tuple[Label, ...]) -> None:
        self.translate = translate
        self.by_context = {label.context: label for label in labels}

    def __call__(self, key: str, **values: object) -> str:
        """A label filled with ``values``; a counted label in the form for its ``{n}``."""
        # imported here, not above: the labels' line numbers are the catalogs' references
        from cardgen.i18n.plurals import label_english, label_text

        label = self.by_context[key]
        n = values.get("n")
        count = n if isinstance(n, int) else None
        text = label_text(self.translate, label, count)
        try:
            return text.format(**values) if values else text
        except (KeyError, IndexError, ValueError):
            return label_english(label, count).format(**values)


# -- drawing helpers ---------------------------------------------------------------------------

def _text(group: Group, x: float, y: float, text: str, *, size: float = 8.0, font: str = BODY, anchor: str = "start",
          color: Color = INK) -> None:
    group.add(String(x, y, text, fontName=font, fontSize=size, fillColor=color, textAnchor=anchor))


def _arrow_head(group: Group, x: float, y: float, angle: float, size: float, color: Color) -> None:
    left = (x - size * math.cos(angle) + size * 0.5 * math.sin(angle), y - size * math.sin(angle) - size * 0.5 * math.cos(angle))
    right = (x - size * math.cos(angle) - size * 0.5 * math.sin(angle), y - size * math.sin(angle) + size * 0.5 * math.cos(angle))
    group.add(Polygon([x, y, *left, *right], fillColor=color, strokeColor=None))


def _pawn(group: Group, x: float, y: float, h: float, *, fill: Color, edge: Color, dashed: bool = False) -> None:
    """A unit seen from the side, standing at (x, y): a body and a head."""
    w = h * 0.62
    body = Path(fillColor=fill, strokeColor=edge, strokeWidth=1.0)
    body.moveTo(x - w / 2, y)
    body.lineTo(x + w / 2, y)
    body.curveTo(x + w / 2, y + h * 0.45, x + w * 0.3, y + h * 0.62, x, y + h * 0.62)
    body.curveTo(x - w * 0.3, y + h * 0.62, x - w / 2, y + h * 0.45, x - w / 2, y)
    body.closePath()
    head = Circle(x, y + h * 0.8, h * 0.2, fillColor=fill, strokeColor=edge, strokeWidth=1.0)
    if dashed:
        body.strokeDashArray = head.strokeDashArray = [2, 1.6]
    group.add(body)
    group.add(head)


def _scaled(group: Group, width: float, height: float, target: float) -> Drawing:
    scale = min(1.0, target / width)
    drawing = Drawing(width * scale, height * scale)
    group.transform = (scale, 0, 0, scale, 0, 0)
    drawing.add(group)
    return drawing


def _push_letter(deck: DeckSpec, translate: Translate, direction: str) -> str:
    key = f"push-{direction.lower()}"
    text = deck.labels.get(key)
    return translate(f"label:{key}", text) if text else direction


# -- the push off a ledge -----------------------------------------------------------------------

PUSH_SIZE = (460.0, 198.0)
PANEL_INSET = 4.0
"""How far inside a panel's border its labels stay."""
HEIGHTS = [3, 3, 3, 0, 0, 0]
START, DISTANCE = 1, 2


def _push_panel(g: Group, deck: DeckSpec, translate: Translate, label: _Labels, *, ox: float, water: bool,
                oy: float = 0.0) -> None:
    t = 26.0  # one tile
    ground = 44.0
    x0 = ox + 14.0
    result = push_along(HEIGHTS, START, DISTANCE, attacker_level=HEIGHTS[0])
    assert result.end is not None
    landing = result.end
    panel = Group()
    if oy:
        panel.transform = (1, 0, 0, 1, 0, oy)
    panel.add(Rect(ox, 0, 220, PUSH_SIZE[1] - 2, rx=5, ry=5, fillColor=HexColor("#f7f5f0"), strokeColor=HexColor("#d9d3c7"),
                   strokeWidth=0.6))
    _text(panel, ox + 10, PUSH_SIZE[1] - 20, label("diagram:fd-push.water" if water else "diagram:fd-push.ledge"),
          size=10, font=BODY_BOLD)
    # terrain: columns of tile cubes on the table line
    panel.add(Line(ox + 6, ground, ox + 214, ground, strokeColor=STONE_EDGE, strokeWidth=1.2))
    for column, height in enumerate(HEIGHTS):
        for level in range(height):
            panel.add(Rect(x0 + column * t, ground + level * t, t, t, fillColor=STONE, strokeColor=STONE_EDGE, strokeWidth=0.7))
    if water:
        pool = Rect(x0 + landing * t, ground, t, t * 0.55, fillColor=WATER, strokeColor=WATER_EDGE, strokeWidth=0.8)
        panel.add(pool)
        for k in range(2):
            wave = Path(strokeColor=WATER_EDGE, strokeWidth=0.7, fillColor=None)
            y = ground + t * (0.18 + 0.2 * k)
            wave.moveTo(x0 + landing * t + 3, y)
            for i in range(4):
                wave.curveTo(x0 + landing * t + 3 + i * 5 + 1.5, y + 1.6, x0 + landing * t + 3 + i * 5 + 3.5, y - 1.6,
                             x0 + landing * t + 3 + (i + 1) * 5, y)
            panel.add(wave)
        _text(panel, x0 + landing * t + t / 2, ground - 11, label("diagram:fd-push.pool"), size=8.1, anchor="middle",
              color=WATER_EDGE)
    top = ground + HEIGHTS[0] * t
    pawn = t * 0.95
    ax = x0 + 0.5 * t
    tx = x0 + (START + 0.5) * t
    _pawn(panel, ax, top, pawn, fill=ATTACKER, edge=ATTACKER)
    _pawn(panel, tx, top, pawn, fill=HexColor("#ffffff"), edge=INK)
    # over the attacker, ending just right of it; a longer word (« attaquant ») moves right, never out of the panel
    attacker = label("diagram:fd-push.attacker")
    _text(panel, max(ax + 7, ox + PANEL_INSET + stringWidth(attacker, BODY, 8.1)), top + pawn + 5, attacker, size=8.1,
          anchor="end")
    _text(panel, tx - 5, top + pawn + 5, label("diagram:fd-push.target"), size=8.1, anchor="start")
    # the path: along the top for the push, then down to the landing tile
    lx = x0 + (landing + 0.5) * t
    land_y = ground + (HEIGHTS[landing]) * t + (t * 0.55 if water else 0)
    path = Path(strokeColor=ACCENT, strokeWidth=1.4, fillColor=None, strokeDashArray=[3, 2])
    path.moveTo(tx + pawn * 0.35, top + pawn * 0.45)
    path.lineTo(x0 + (START + DISTANCE) * t, top + pawn * 0.45)
    path.curveTo(lx, top + pawn * 0.45, lx, top, lx, land_y + pawn + 6)
    panel.add(path)
    _arrow_head(panel, lx, land_y + pawn + 4, -math.pi / 2, 6, ACCENT)
    _pawn(panel, lx, land_y, pawn, fill=HexColor("#ffffff"), edge=INK, dashed=True)
    push = f"{_push_letter(deck, translate, 'B')}{DISTANCE}"
    _text(panel, x0 + (START + 1.6) * t, top + pawn * 0.45 + 6, label("diagram:fd-push.push", push=push), size=8.1,
          font=BODY_BOLD, anchor="middle", color=ACCENT)
    # the height of the fall: a measuring line beside the landing tile
    mx = x0 + (landing + 1) * t + 8
    panel.add(Line(mx, ground + HEIGHTS[landing] * t, mx, top, strokeColor=INK, strokeWidth=0.8))
    for level in range(HEIGHTS[START] - HEIGHTS[landing] + 1):
        y = ground + (HEIGHTS[landing] + level) * t
        panel.add(Line(mx - 3, y, mx + 3, y, strokeColor=INK, strokeWidth=0.8))
    _text(panel, mx + 6, ground + t * 1.5, label("diagram:fd-push.drop", n=result.drop), size=8.1)
    _text(panel, mx + 6, ground + t * 0.8 + 3, label("diagram:fd-push.tile"), size=8.1, color=MUTED)
    # the result
    damage = fall_damage(result.drop, water=water)
    if water:
        _text(panel, ox + 10, 18, label("diagram:fd-push.none"), size=9.5, font=BODY_BOLD, color=WATER_EDGE)
    else:
        _text(panel, ox + 10, 18, label("diagram:fd-push.damage", n=damage), size=9.5, font=BODY_BOLD, color=ACCENT)
        shown = label("diagram:fd-push.damage", n=damage)
        _text(panel, ox + 16 + stringWidth(shown, BODY_BOLD, 9.5), 18,
              "· " + label("diagram:fd-push.mage", n=fall_damage(result.drop, mage=True)), size=8.1, font=BODY_ITALIC,
              color=MUTED)
    g.add(panel)


@register_diagram("fall-damage-push", labels=PUSH_LABELS)
def push_diagram(deck: DeckSpec, translate: Translate, *, width: float) -> Drawing:
    """A push B2 off a ledge three tiles high (3 damage, 5 from a Mage), and the same push into Water."""
    register_fonts()
    label = _Labels(translate, PUSH_LABELS)
    g = Group()
    if too_narrow(PUSH_SIZE[0], width, 8.1):  # a narrow page (the booklet's): one panel over the other, at full size
        _push_panel(g, deck, translate, label, ox=0, oy=PUSH_SIZE[1] + 4, water=False)
        _push_panel(g, deck, translate, label, ox=0, water=True)
        return _scaled(g, 220.0, 2 * PUSH_SIZE[1] + 4, width)
    _push_panel(g, deck, translate, label, ox=0, water=False)
    _push_panel(g, deck, translate, label, ox=PUSH_SIZE[0] - 220, water=True)
    return _scaled(g, *PUSH_SIZE, width)


# -- reach and line of sight -------------------------------------------------------------------

REACH_SIZE = (460.0, 282.0)
CELL = 19.0
REACH_ORIGIN = (4, 5)
SIGHT_ATTACKER = (1, 1)
SIGHT_TARGETS = ((8, 3), (6, 8))
TREES = ((4, 5), (6, 1))


def _grid(g: Group, ox: float, oy: float, cell: float = CELL) -> None:
    """The 10 × 10 base with its coordinates: columns A–J, rows 1–10 (for Hidden Items)."""
    for i in range(BOARD_SIZE):
        for j in range(BOARD_SIZE):
            g.add(Rect(ox + i * cell, oy + j * cell, cell, cell, fillColor=HexColor("#faf8f3"), strokeColor=HexColor("#b9b2a4"),
                       strokeWidth=0.5))
    for i in range(BOARD_SIZE):
        _text(g, ox + (i + 0.5) * cell, oy - 9, "ABCDEFGHIJ"[i], size=8.1, anchor="middle", color=MUTED)
        _text(g, ox - 5, oy + (i + 0.5) * cell - 2.3, str(i + 1), size=8.1, anchor="end", color=MUTED)


def _token(g: Group, ox: float, oy: float, tile: tuple[int, int], *, fill: Color, edge: Color,
           cell: float = CELL) -> tuple[float, float]:
    cx, cy = ox + (tile[0] + 0.5) * cell, oy + (tile[1] + 0.5) * cell
    g.add(Circle(cx, cy, cell * 0.32, fillColor=fill, strokeColor=edge, strokeWidth=1.1))
    return cx, cy


def _tree(g: Group, ox: float, oy: float, tile: tuple[int, int], cell: float = CELL) -> None:
    cx, cy = ox + (tile[0] + 0.5) * cell, oy + (tile[1] + 0.5) * cell
    g.add(Rect(ox + tile[0] * cell + 1, oy + tile[1] * cell + 1, cell - 2, cell - 2, fillColor=HexColor("#cfe3cf"),
               strokeColor=None))
    spikes = []
    for k in range(12):
        r = cell * (0.42 if k % 2 == 0 else 0.27)
        a = math.radians(90 + 30 * k)
        spikes += [cx + r * math.cos(a), cy + r * math.sin(a)]
    g.add(Polygon(spikes, fillColor=TREE, strokeColor=HexColor("#1b5e20"), strokeWidth=0.6))


@register_diagram("fall-damage-reach", labels=REACH_LABELS)
def reach_diagram(deck: DeckSpec, translate: Translate, *, width: float) -> Drawing:
    """Left: Reach 1, 2 and 3 around an attacker. Right: a clear line of sight and one a tree blocks."""
    register_fonts()
    label = _Labels(translate, REACH_LABELS)
    W, H = REACH_SIZE
    cell = CELL
    if too_narrow(W, width, 8.1):  # a narrow page (the booklet's): smaller tiles, the labels at full size
        cell = (width - 40) / (2 * BOARD_SIZE)
        W, H = width, H - BOARD_SIZE * (CELL - cell)
    g = Group()
    top = H - 14
    grid_y = top - 18 - BOARD_SIZE * cell
    left_x, right_x = 16.0, W - BOARD_SIZE * cell - 4
    _text(g, left_x, top - 6, label("diagram:fd-reach.reach"), size=10, font=BODY_BOLD)
    _text(g, right_x, top - 6, label("diagram:fd-reach.sight"), size=10, font=BODY_BOLD)
    # reach: the three zones, the nearer drawn over the farther
    _grid(g, left_x, grid_y, cell)
    zones = [(3, REACH_FILLS[2]), (2, REACH_FILLS[1]), (1, REACH_FILLS[0])]
    for reach, fill in zones:
        for (x, y) in reach_tiles(REACH_ORIGIN, reach):
            g.add(Rect(left_x + x * cell + 1, grid_y + y * cell + 1, cell - 2, cell - 2, fillColor=fill, strokeColor=None))
    _token(g, left_x, grid_y, REACH_ORIGIN, fill=ACCENT, edge=HexColor("#ffffff"), cell=cell)
    # line of sight
    _grid(g, right_x, grid_y, cell)
    for tile in TREES:
        _tree(g, right_x, grid_y, tile, cell)
    ax, ay = _token(g, right_x, grid_y, SIGHT_ATTACKER, fill=ACCENT, edge=HexColor("#ffffff"), cell=cell)
    notes = []
    for target in SIGHT_TARGETS:
        clear = sight_is_clear(SIGHT_ATTACKER, target, TREES)
        if clear:
            for tile in line_tiles(SIGHT_ATTACKER, target):
                g.add(Rect(right_x + tile[0] * cell + 1, grid_y + tile[1] * cell + 1, cell - 2, cell - 2,
                           fillColor=HexColor("#f3d9c8"), strokeColor=None))
        tx, ty = ox_t = (right_x + (target[0] + 0.5) * cell, grid_y + (target[1] + 0.5) * cell)
        line = Line(ax, ay, tx, ty, strokeColor=ACCENT if clear else INK, strokeWidth=1.3)
        if not clear:
            line.strokeDashArray = [3, 2]
        g.add(line)
        _token(g, right_x, grid_y, target, fill=HexColor("#ffffff"), edge=INK, cell=cell)
        notes.append((ox_t, clear))
    _token(g, right_x, grid_y, SIGHT_ATTACKER, fill=ACCENT, edge=HexColor("#ffffff"), cell=cell)
    for (tx, ty), clear in notes:
        text = label("diagram:fd-reach.clear" if clear else "diagram:fd-reach.blocked")
        anchor = "end" if tx + stringWidth(text, BODY_BOLD, 7) > right_x + BOARD_SIZE * cell else "middle"
        _text(g, tx + (cell * 0.4 if anchor == "end" else 0), ty + cell * 0.5 + 2.5, text, size=8.1, font=BODY_BOLD,
              anchor=anchor, color=ACCENT if clear else INK)
    tree_x, tree_y = right_x + (TREES[0][0] + 0.5) * cell, grid_y + (TREES[0][1] + 0.5) * cell
    _text(g, tree_x + cell * 0.55, tree_y - 3, label("diagram:fd-reach.tree"), size=8.1, color=TREE)
    attacker = label("diagram:fd-reach.attacker")
    _text(g, ax, ay - cell * 0.5 - 7, attacker, size=8.1, anchor="middle")
    # legend under the reach grid
    y = grid_y - 24
    for index, (context, fill) in enumerate((("diagram:fd-reach.one", REACH_FILLS[0]), ("diagram:fd-reach.two", REACH_FILLS[1]),
                                             ("diagram:fd-reach.three", REACH_FILLS[2]))):
        row_y = y - index * 11.5
        g.add(Rect(left_x, row_y - 1.5, 9, 9, fillColor=fill, strokeColor=HexColor("#8c96a1"), strokeWidth=0.5))
        _text(g, left_x + 14, row_y, label(context), size=8.1)
    return _scaled(g, W, H, width)
