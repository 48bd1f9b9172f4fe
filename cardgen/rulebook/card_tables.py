"""Rulebook parts read from the deck for games whose cards carry stats and abilities.

- ``card-types``: one row per card type — its symbol, name, the cards of that type and how many
  copies the kit has (a compact components list for large decks);
- ``stats-table``: one row per card of the given types with the given stats, and a row under it
  with the card's abilities (their icons, names and text);
- ``card-faces``: a few named cards drawn side by side, e.g. to explain how to read a card;
- the ``{.clarification}`` paragraph box, for rulings on unclear source rules.

Everything comes from deck.yaml at build time, in the book's language.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.graphics.shapes import Drawing, Group
from reportlab.lib.colors import HexColor
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from cardgen.errors import DeckError
from cardgen.i18n.plurals import label_english, label_text
from cardgen.model.deck import CardSpec, DeckSpec
from cardgen.model.stat_values import StatValueError, parse_push
from cardgen.render.card_renderer import Translate
from cardgen.render.colors import readable_on
from cardgen.render.fonts import BODY, BODY_BOLD
from cardgen.render.icons import draw_symbol
from cardgen.render.reportlab_canvas import markup
from cardgen.rulebook.flowables import LongTable
from cardgen.rulebook.inline import marker_uri
from cardgen.rulebook.labels import ALL as LABELS
from cardgen.rulebook.shapes_canvas import ShapesCanvas
from cardgen.rulebook.styles import ACCENT, HEADING, RULE, TINT, Styles
from cardgen.xml_escape import escape

MIN_PRINTED_PT = 8.0
"""No text in a book under 8 pt as printed: the booklet's smaller body would take the small labels below it."""
CLARIFICATION_EDGE = ACCENT
CLARIFICATION_FILL = HexColor("#fbeee4")


def _label(translate: Translate, context: str, **values: object) -> str:
    count = values.get("count")
    n = count if isinstance(count, int) else None
    text = label_text(translate, LABELS[context], n)
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return label_english(LABELS[context], n).format(**values)


def _list_arg(args: dict[str, str], key: str) -> list[str]:
    return [part.strip() for part in args.get(key, "").split(",") if part.strip()]


def type_swatch(deck: DeckSpec, type_key: str, size: float) -> Drawing:
    """A type's symbol in white on a rounded square of its colour (as on the cards)."""
    kind = deck.types[type_key]
    drawing = Drawing(size, size)
    group = Group()
    canvas = ShapesCanvas(group)
    canvas.set_fill(kind.color)
    canvas.rect(0, 0, size, size, radius=size * 0.2, fill=True)
    pad = size * 0.2
    draw_symbol(canvas, kind.symbol, pad, pad, size - 2 * pad, kind.text_color)
    drawing.add(group)
    return drawing


def _table_style(extra: list[tuple[object, ...]] | None = None, *, header: bool = True) -> TableStyle:
    """Cell padding and the bundled font; with ``header``, a tinted first row ruled below."""
    head: list[tuple[object, ...]] = [("BACKGROUND", (0, 0), (-1, 0), TINT), ("LINEBELOW", (0, 0), (-1, 0), 0.8, HEADING)]
    return TableStyle([
        ("FONT", (0, 0), (-1, -1), BODY),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 5),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
        *(head if header else []),
        *(extra or []),
    ])


def card_types_table(deck: DeckSpec, translate: Translate, styles: Styles, *, width: float, args: dict[str, str]) -> Table:
    """One row per type (those named in ``types:``, else all): symbol, name, its cards, copies."""
    keys = _list_arg(args, "types") or list(deck.types)
    unknown = [k for k in keys if k not in deck.types]
    if unknown:
        raise DeckError(f"card-types: unknown type '{unknown[0]}'", path=deck.file, hint="types: " + ", ".join(deck.types))
    head = [Paragraph(escape(_label(translate, f"book:types.{key}")), styles.cell_head) for key in ("type", "cards", "count")]
    head.insert(0, "")  # type: ignore[arg-type]
    rows: list[list[Flowable | str]] = [head]  # type: ignore[list-item]
    swatch = styles.cell.fontSize * 1.7
    total = 0
    for key in keys:
        kind = deck.types[key]
        cards = [card for card in deck.cards if card.type == key]
        if not cards:
            continue
        copies = sum(card.count for card in cards)
        total += copies
        names = ", ".join(escape(translate(f"card:{c.id}.name", c.name)) for c in cards)
        counts = {card.count for card in cards}
        if len(counts) == 1 and len(cards) > 1 and (each := counts.pop()) > 1:
            names += " " + escape(_label(translate, "book:types.each", count=each))
        rows.append([type_swatch(deck, key, swatch),
                     Paragraph(f'<b><font color="{readable_on(kind.color)}">{escape(translate(f"type:{key}.label", kind.label))}</font></b>',
                               styles.cell),
                     Paragraph(names, styles.cell), Paragraph(f"<b>{copies}</b>", styles.cell)])
    rows.append(["", "", Paragraph(f"<b>{escape(_label(translate, 'book:components.total', count=total))}</b>", styles.cell), ""])
    first = swatch + 10
    count_width = width * 0.12
    type_width = width * 0.27
    last = len(rows) - 1
    table = LongTable(rows, colWidths=[first, type_width, width - first - type_width - count_width, count_width],
                      repeatRows=1, hAlign="LEFT")
    table.setStyle(_table_style([("LINEBELOW", (0, 1), (-1, last - 1), 0.4, RULE),
                                 ("LINEABOVE", (0, last), (-1, last), 0.8, HEADING), ("SPAN", (2, last), (3, last))]))
    return table


def ability_markup(deck: DeckSpec, card: CardSpec, translate: Translate, *, icon_size: float) -> str:
    """The abilities of ``card`` as paragraph markup: icons, **Name.** text — one line break apart."""
    parts = []
    size = f"{icon_size:.2f}"
    for number, ability in enumerate(card.abilities):
        icons = "".join(f'<img src="{marker_uri("icon:" + name)}" width="{size}" height="{size}" valign="middle"/> '
                        for name in ability.icons)
        text = markup(translate(f"card:{card.id}.abilities.{number}.text", ability.text))
        if "tip" in ability.icons:
            text = f"<i>{text}</i>"
        name = translate(f"card:{card.id}.abilities.{number}.name", ability.name) if ability.name else ""
        parts.append(icons + (f"<b>{escape(name)}.</b> " if name else "") + text)
    return "<br/>".join(parts)


def _stat_cell(deck: DeckSpec, translate: Translate, key: str, value: str | int) -> str:
    """A stat as printed on the card: a number, '*' or a push with its letter in the book's language."""
    if isinstance(value, str) and value not in ("*", "0"):
        try:
            push = parse_push(value)
        except StatValueError:
            return escape(value)
        if push.direction:
            letter_key = f"push-{push.direction.lower()}"
            letter = deck.labels.get(letter_key)
            letter = translate(f"label:{letter_key}", letter) if letter else push.direction
            return escape(f"{letter}{push.distance}")
    if value in ("0", 0) and key == "push":
        return "–"
    return escape(str(value))


def stats_table(deck: DeckSpec, translate: Translate, styles: Styles, *, width: float,
                args: dict[str, str]) -> list[Flowable]:
    """Each card of ``types:`` with its ``fields:`` (stat keys named in the deck's labels), then its
    abilities and its ``notes:`` (text stats, shown as "label: value").

    One small table per card with the same columns, stacked as the rows of an outer table whose
    header row repeats on every page: a page break falls between cards, never inside one.
    """
    types = _list_arg(args, "types")
    fields = _list_arg(args, "fields")
    notes = _list_arg(args, "notes")
    problems = [t for t in types if t not in deck.types] + [f for f in fields + notes if f not in deck.labels]
    if not types or not fields or problems:
        raise DeckError("stats-table needs 'types:' (card types) and 'fields:' (stats named in labels)"
                        + (f"; unknown: {', '.join(problems)}" if problems else ""), path=deck.file,
                        hint="e.g. types: fighter, ranger / fields: move, jump, health / notes: fall")
    cards = [card for key in types for card in deck.cards if card.type == key]
    center = styles.cell.clone("stat-cell", alignment=1, fontName=BODY_BOLD, fontSize=styles.cell.fontSize * 1.1)
    # a stat's name wider than its narrow column ("Mouvement" in a booklet) is hyphenated in the book's
    # language rather than cut anywhere by reportlab
    head_center = styles.cell_head.clone("stat-head", alignment=1,
                                         fontSize=max(MIN_PRINTED_PT, styles.cell_head.fontSize * 0.86),
                                         hyphenationLang=styles.body.hyphenationLang, hyphenationMinWordLength=7)
    ability_style = styles.cell.clone("abilities", fontSize=styles.cell.fontSize * 0.95,
                                      leading=styles.cell.leading * 0.98)
    name_width = width * 0.25
    widths = [name_width] + [(width - name_width) / len(fields)] * len(fields)
    head = Table([[Paragraph(escape(_label(translate, "book:stats.name")), styles.cell_head)]
                  + [Paragraph(escape(translate(f"label:{f}", deck.labels[f])), head_center) for f in fields]],
                 colWidths=widths, hAlign="LEFT")
    head.setStyle(_table_style())
    blocks: list[list[Flowable]] = [[head]]
    for card in cards:
        kind = deck.types[card.type]
        name = escape(translate(f"card:{card.id}.name", card.name))
        label = escape(translate(f"type:{card.type}.label", kind.label))
        row: list[Flowable | str] = [Paragraph(f'<b>{name}</b><br/><font color="{readable_on(kind.color)}" '
                                               f'size="{max(MIN_PRINTED_PT, styles.cell.fontSize * 0.85):.1f}">{label}</font>',
                                               styles.cell)]
        row += [Paragraph(_stat_cell(deck, translate, f, card.stats.get(f, "")), center) for f in fields]
        rows = [row]
        lines = [ability_markup(deck, card, translate, icon_size=styles.cell.fontSize * 1.15)] if card.abilities else []
        for key in notes:
            value = card.stats.get(key)
            if isinstance(value, str) and value:
                note = escape(translate(f"card:{card.id}.stats.{key}", value))
                lines.append(f"<b>{escape(translate(f'label:{key}', deck.labels[key]))}</b> — <i>{note}</i>")
        style: list[tuple[object, ...]] = [("LINEBELOW", (0, -1), (-1, -1), 0.4, RULE)]
        if lines:
            rows.append([Paragraph("<br/>".join(lines), ability_style)] + [""] * len(fields))
            style += [("SPAN", (0, 1), (-1, 1)), ("TOPPADDING", (0, 1), (-1, 1), 0)]
        table = Table(rows, colWidths=widths, hAlign="LEFT")
        table.setStyle(_table_style(style, header=False))
        blocks.append([table])
    outer = LongTable(blocks, colWidths=[width], repeatRows=1, hAlign="LEFT")
    outer.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                               ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    return [outer, Spacer(1, styles.body.spaceAfter * 1.5)]


def card_faces(deck: DeckSpec, translate: Translate, styles: Styles, *, width: float, args: dict[str, str],
               language: str = "en") -> list[Flowable]:
    """Named cards (``cards: knight, magic-weapon``) drawn side by side at a readable size."""
    from cardgen.loading.deck_loader import load_deck_layouts
    from cardgen.render.card_renderer import CardRenderer
    from cardgen.rulebook.flowables import CardFace

    ids = _list_arg(args, "cards") or _list_arg(args, "value")
    known = {card.id for card in deck.cards}
    if not ids or any(i not in known for i in ids):
        raise DeckError("card-faces needs 'cards:' naming cards of the deck", path=deck.file,
                        hint="e.g. cards: " + ", ".join(sorted(known)[:3]))
    layouts = load_deck_layouts(deck)
    renderer = CardRenderer(deck, layouts[deck.layout], layouts, translate=translate, language=language)
    gap = 14.0
    face = min((width - gap * (len(ids) - 1)) / len(ids), renderer.width * 1.0)
    row = [CardFace(renderer, deck.card(i), width=face) for i in ids]
    table = Table([row], colWidths=[face + gap] * len(ids), hAlign="CENTER")
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), BODY), ("LEFTPADDING", (0, 0), (-1, -1), gap / 2),
                               ("RIGHTPADDING", (0, 0), (-1, -1), gap / 2), ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                               ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    table.spaceBefore = 4
    table.spaceAfter = 4
    return [table]


def clarification_box(text_markup: str, translate: Translate, styles: Styles, *, width: float) -> Table:
    """A ruling on an unclear source rule: a tinted box with a thick edge, headed 'Clarification'."""
    tag_style = styles.cell_head.clone("clarification-tag", textColor=CLARIFICATION_EDGE,
                                       fontSize=max(MIN_PRINTED_PT, styles.body.fontSize * 0.78),
                                       leading=max(MIN_PRINTED_PT * 1.25, styles.body.fontSize * 1.0))
    body_style = styles.body.clone("clarification", fontSize=styles.body.fontSize * 0.92,
                                   leading=styles.body.leading * 0.94, spaceAfter=0)
    tag = escape(_label(translate, "book:clarification").upper())
    # one cell holding both paragraphs: a table row never splits, so the tag stays with its text
    box = Table([[[Paragraph(f"<b>{tag}</b>", tag_style), Paragraph(text_markup, body_style)]]], colWidths=[width])
    box.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), BODY),
        ("BACKGROUND", (0, 0), (-1, -1), CLARIFICATION_FILL),
        ("LINEBEFORE", (0, 0), (0, -1), 3, CLARIFICATION_EDGE),
        ("BOX", (0, 0), (-1, -1), 0.5, CLARIFICATION_EDGE),
        ("LEFTPADDING", (0, 0), (-1, -1), 10),
        ("RIGHTPADDING", (0, 0), (-1, -1), 10),
        ("TOPPADDING", (0, 0), (-1, -1), 5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
    ]))
    box.spaceBefore = 2
    box.spaceAfter = styles.body.spaceAfter * 1.4
    box.keepWithNext = 0
    return box


Directive = Callable[..., list[Flowable]]


def _one(maker: Callable[..., Table]) -> Directive:
    return lambda *a, language="en", **k: [maker(*a, **k)]


DIRECTIVE_TABLES: dict[str, Directive] = {
    "card-types": _one(card_types_table),
    "stats-table": lambda *a, language="en", **k: stats_table(*a, **k),
    "card-faces": card_faces,
}
"""Directives this module draws: name → maker(deck, translate, styles, *, width, args, language) → flowables."""
