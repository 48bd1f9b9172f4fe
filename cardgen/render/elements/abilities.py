"""``kind: abilities`` — a card's abilities, one paragraph each, with their marker icons.

Each ability reads "**Name.** text" (a tip is set in italics); its icons (``action``,
``no-los``, ``tip``) stand in a narrow column on the left, level with its first line. All
paragraphs share one size: the largest from ``size`` down to ``min_size`` that fits the box.
"""

from __future__ import annotations

from cardgen.layout.units import parse_length
from cardgen.model.deck import AbilitySpec, CardSpec, CardTypeSpec
from cardgen.model.layout import ElementSpec
from cardgen.render.canvas import Canvas
from cardgen.render.element_kit import ElementRenderer, Translate, element_kind
from cardgen.render.elements.ability_icons import ABILITY_ICONS

SPACE_BETWEEN = 0.5  # of the font size, between two abilities
ICON_SCALE = 1.2  # icon side, in font sizes


def ability_text(translate: Translate, card: CardSpec, number: int, ability: AbilitySpec) -> str:
    """The paragraph of one ability in the card's language (Markdown bold and italics)."""
    text = translate(f"card:{card.id}.abilities.{number}.text", ability.text)
    if "tip" in ability.icons:
        text = f"*{text}*"
    if ability.name:
        name = translate(f"card:{card.id}.abilities.{number}.name", ability.name)
        text = f"**{name}.** {text}"
    return text


def layout_abilities(texts: list[str], icon_counts: list[int], w: float, h: float, *, font: str, size: float,
                     smallest: float, leading: float) -> tuple[float, float, list[float]]:
    """(font size, gutter width, paragraph heights): the largest size at which every paragraph fits."""
    # Platypus only when drawing (``cardgen validate`` does not need it)
    from cardgen.render.reportlab_canvas import fit_paragraph

    current = size
    while True:
        icon = current * ICON_SCALE
        gutter = max(icon_counts, default=0) * (icon + current * 0.2)
        heights = [fit_paragraph(text, w - gutter, 10_000, font=font, size=current, min_size=current,
                                 leading=leading, align="left", color="#000000")[2] for text in texts]
        total = sum(heights) + current * SPACE_BETWEEN * (len(texts) - 1)
        if total <= h + 0.01 or current <= smallest:
            return current, gutter, heights
        current = max(smallest, current - 0.25)


@element_kind("abilities")
def draw_abilities(r: ElementRenderer, c: Canvas, e: ElementSpec, card: CardSpec | None, kind: CardTypeSpec | None) -> None:
    if card is None or not card.abilities:
        return
    box = r.safe_box(r.box(e))
    font = r.font_name(e.font)
    texts = [ability_text(r.translate, card, n, a) for n, a in enumerate(card.abilities)]
    counts = [len(a.icons) for a in card.abilities]
    size = parse_length(e.size)
    smallest = parse_length(e.min_size) if e.min_size else size
    used, gutter, heights = layout_abilities(texts, counts, box.w, box.h, font=font, size=size, smallest=smallest,
                                             leading=e.leading)
    total = sum(heights) + used * SPACE_BETWEEN * (len(texts) - 1)
    top = box.y + box.h
    if e.valign == "middle":
        top -= max(0.0, (box.h - total) / 2)
    elif e.valign == "bottom":
        top -= max(0.0, box.h - total)
    color = r.color(e.color, kind)
    icon_color = r.color(e.stroke or "type-dark", kind)
    icon = used * ICON_SCALE
    for ability, text, height in zip(card.abilities, texts, heights):
        for k, name in enumerate(ability.icons):
            # centred on the first line of the paragraph
            ABILITY_ICONS[name](c, box.x + k * (icon + used * 0.2), top - used * e.leading / 2 - icon / 2 - used * 0.08,
                                icon, icon_color, "#ffffff")
        c.text_box(text, box.x + gutter, top - height, box.w - gutter, height, font=font, size=used, min_size=used,
                   leading=e.leading, align="left", valign="top", color=color, language=r.language)
        top -= height + used * SPACE_BETWEEN

