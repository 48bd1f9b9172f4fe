"""Rulebook parts generated from the deck: the components table and the teaching stages.

Both read deck.yaml at build time, so a changed count or a renamed card shows in every
language without touching rulebook.md or the catalogs.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from cardgen.i18n.lists import format_list
from cardgen.i18n.plurals import label_english, label_text
from cardgen.loading.deck_loader import load_deck_layouts
from cardgen.model.deck import DeckSpec
from cardgen.render.fonts import BODY
from cardgen.render.card_renderer import CardRenderer, Translate
from cardgen.render.colors import readable_on
from cardgen.render.reportlab_canvas import markup
from cardgen.rulebook.flowables import CardFace, LongTable
from cardgen.rulebook.inline import marker_uri
from cardgen.rulebook.labels import ALL as LABELS
from cardgen.rulebook.styles import HEADING, RULE, TINT, Styles
from cardgen.xml_escape import escape


def label(translate: Translate, context: str, **values: object) -> str:
    """A book label in the book's language with its ``{placeholders}`` filled in (a counted label in the
    form for its ``{count}``)."""
    count = values.get("count")
    n = count if isinstance(count, int) else None
    text = label_text(translate, LABELS[context], n)
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return label_english(LABELS[context], n).format(**values)


def components_table(deck: DeckSpec, translate: Translate, styles: Styles, *, width: float, language: str) -> Table:
    """One row per distinct card: its face drawn small, name and type, copies, its text."""
    layouts = load_deck_layouts(deck)
    renderer = CardRenderer(deck, layouts[deck.layout], layouts, translate=translate, language=language)
    from reportlab.pdfbase.pdfmetrics import stringWidth

    face_width = min(width * 0.15, 52.0)
    titles = {key: label(translate, f"book:components.{key}") for key in ("card", "name", "count", "effect")}
    head_font, head_size = styles.cell_head.fontName, styles.cell_head.fontSize
    count_width = max(width * 0.08, stringWidth(titles["count"], head_font, head_size) + 2)
    face_width = max(face_width, stringWidth(titles["card"], head_font, head_size) - 14)
    name_width = max(width * 0.2, stringWidth(titles["name"], head_font, head_size) + 2)
    text_width = width - face_width - count_width - name_width - 4 * 16
    head = [Paragraph(escape(titles[key]), styles.cell_head) for key in ("card", "name", "count", "effect")]
    rows: list[list[Flowable | str]] = [head]  # type: ignore[list-item]
    for card in deck.cards:
        kind = deck.types[card.type]
        name = escape(translate(f"card:{card.id}.name", card.name))
        type_label = escape(translate(f"type:{card.type}.label", kind.label))
        text = markup(translate(f"card:{card.id}.text", card.text)) if card.text else ""
        rows.append([
            CardFace(renderer, card, width=face_width),
            Paragraph(f'<b>{name}</b>' + ('' if type_label.casefold() == name.casefold()
                                           else f'<br/><font color="{readable_on(kind.color)}">{type_label}</font>'), styles.cell),
            Paragraph(f"<b>{card.count}</b>", styles.cell),
            Paragraph(text, styles.cell),
        ])
    total = escape(label(translate, "book:components.total", count=deck.total_cards))
    rows.append(["", Paragraph(f"<b>{total}</b>", styles.cell), "", ""])
    table = LongTable(rows, colWidths=[face_width + 16, name_width + 16, count_width + 16, text_width + 16],
                      repeatRows=1, hAlign="LEFT")
    table.footer_rows = 1  # the total never goes over to a page alone
    last = len(rows) - 1
    table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), BODY),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 8),
        ("RIGHTPADDING", (0, 0), (-1, -1), 8),
        ("TOPPADDING", (0, 0), (-1, -1), 4),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
        ("BACKGROUND", (0, 0), (-1, 0), TINT),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, HEADING),
        ("LINEBELOW", (0, 1), (-1, last - 1), 0.4, RULE),
        ("LINEABOVE", (0, last), (-1, last), 0.8, HEADING),
        ("SPAN", (1, last), (3, last)),
    ]))
    return table


def teaching_items(deck: DeckSpec, translate: Translate, *, language: str, icon_size: float) -> list[str]:
    """Markup for each teaching stage: the cards of the first game, then what each game adds."""
    items = []
    previous: list[str] = []

    def card_markup(card_id: str) -> str:
        card = deck.card(card_id)
        name = escape(translate(f"card:{card_id}.name", card.name))
        size = f"{icon_size:.2f}"
        return f'<img src="{marker_uri(card_id)}" width="{size}" height="{size}" valign="middle"/><b>{name}</b>'

    join: Callable[[list[str]], str] = lambda parts: format_list(parts, language)  # noqa: E731
    for number, (stage, cards) in enumerate(deck.teaching_stages(), start=1):
        title = translate(f"teaching:{stage.stage}.title", stage.title) if stage.title else stage.stage
        added = [c for c in cards if c not in previous]
        context = ("book:teaching.start" if number == 1 else "book:teaching.add") + (".one" if len(added) == 1 else "")
        token = "\x00cards\x00"
        text = label(translate, context, title=title, cards=token)
        body = markup(text).replace(escape(token), join([card_markup(c) for c in added]))
        items.append(body)
        previous = cards
    return items
