"""Every string of a deck a translator must translate, with where it lives.

Sources, in catalog order: the deck file (``deck.translatable_strings()``), the rulebook
(``rulebook.md``, one unit per heading, paragraph, list item or table cell) and the labels the
rulebook code draws (page furniture, table headers, diagram labels). Other features add their
own strings with :func:`register_extractor`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cardgen.model.deck import DeckSpec

RULEBOOK_FILE = "rulebook.md"


@dataclass(frozen=True)
class SourceMessage:
    """One English string: its context, where it is written (deck-relative file, line), a note;
    for a counted string, ``text`` is the English singular and ``plural`` the English plural
    (a gettext plural entry: :mod:`cardgen.i18n.plurals`)."""

    context: str
    text: str
    file: str
    line: int | None = None
    comment: str = ""
    plural: str = ""


Extractor = Callable[[DeckSpec], list[SourceMessage]]
_EXTRACTORS: list[Extractor] = []


def register_extractor(extractor: Extractor) -> Extractor:
    """Add a source of translatable strings (e.g. walkthrough captions); usable as a decorator."""
    if extractor not in _EXTRACTORS:
        _EXTRACTORS.append(extractor)
    return extractor


def _keep_note(text: str) -> str:
    # Markdown parsing: loaded only when strings are extracted
    from cardgen.i18n.placeholders import signature

    sig = signature(text)
    keep = list(sig.placeholders) + list(sig.markup)
    return "Keep as they are: " + ", ".join(keep) if keep else ""


def _deck_key(deck: DeckSpec, context: str) -> tuple[str | int, ...]:
    """The YAML key path of a deck string, for its line number."""
    kind, _, rest = context.partition(":")
    if kind == "deck":
        return tuple(rest.split("."))
    if kind == "type":
        key, _, field = rest.partition(".")
        return ("types", key, field)
    if kind == "card":
        card_id, _, field = rest.partition(".")
        index = next(i for i, card in enumerate(deck.cards) if card.id == card_id)
        return ("cards", index, *(int(part) if part.isdigit() else part for part in field.split(".")))
    if kind == "label":
        return ("labels", rest)
    if kind == "teaching":
        stage, _, field = rest.partition(".")
        index = next(i for i, s in enumerate(deck.teaching) if s.stage == stage)
        return ("teaching", index, *field.split("."))
    return ()


def deck_messages(deck: DeckSpec) -> list[SourceMessage]:
    from cardgen.loading.tables import TableLocated, with_table_cards
    from cardgen.loading.yaml_source import read_yaml

    located = deck._located  # the deck file as load_deck read it
    deck_file = deck.folder / "deck.yaml"
    if located is None and deck_file.is_file():
        located = with_table_cards(read_yaml(deck_file), folder=deck.folder, shown_folder=deck.folder)
    out = []
    for context, text in deck.translatable_strings():
        file, line = "deck.yaml", located.where(_deck_key(deck, context))[0] if located is not None else None
        if isinstance(located, TableLocated):  # a card from cards_from: its table row
            file, line = located.source(_deck_key(deck, context))
            file = file or "deck.yaml"
        note = "The name of a card type, printed on every card of that type." if context.startswith("type:") else ""
        note = note or _keep_note(text)
        out.append(SourceMessage(context, text, file, line, note))
    return out


def sheet_messages() -> list[SourceMessage]:
    """The card sheets' own page furniture (``sheet 1/6 · fronts``, ``fold here``, the guides' legend) and PDF
    subject, for every deck."""
    from cardgen.render.guides import LEGEND_LABELS
    from cardgen.render.sheets import SHEET_LABELS, SHEET_SUBJECTS

    note = "Page furniture of the printed card sheets, in the top margin. {title} is the deck's title."
    subject = ("The card sheets' PDF subject, shown in a PDF reader's document properties, for sheets laid out "
               "this way (duplex: fronts and backs on facing sides; gutterfold: side by side, folded; single: "
               "one card per page).")
    legend = ("Key to the proofing guides a designer prints with --guides, in the sheets' top margin: the line "
              "drawn in this style marks the cut (trim), how far the art runs (bleed) or where text must stay (safe zone).")
    return ([SourceMessage(context, text, "cardgen/render/sheets.py", None, note) for context, text in SHEET_LABELS.items()]
            + [SourceMessage(context, text, "cardgen/render/sheets.py", None, subject)
               for context, text in SHEET_SUBJECTS.items()]
            + [SourceMessage(context, text, "cardgen/render/guides.py", None, legend)
               for context, text in LEGEND_LABELS.items()]
            + proof_messages())


def proof_messages() -> list[SourceMessage]:
    """The header of the proof sheet (``export --to proof``), a designer's contact sheet of every face."""
    from cardgen.render.proof_labels import PROOF_COUNTS, PROOF_LABELS

    header = "Proof sheet (a designer's contact sheet of every card face), header line: "
    notes = {
        "proof:title": "Proof sheet (a designer's contact sheet of every card face), its title. {title} is the deck's title.",
        "proof:cards": header + "how many cards the deck prints. {count} is a number.",
        "proof:faces": header + "how many distinct card faces it shows. {count} is a number.",
        "proof:backs": header + "how many distinct card backs it shows. {count} is a number.",
        "proof:bleed": header + "each card is shown with its bleed, and a magenta line marks where it is cut.",
        "proof:sheet": header + "which sheet this is, when the faces take several. {number}, {count}: numbers.",
        "proof:back": ("The name of the deck's card back: under the back on the proof sheet, and in the manifest.csv "
                       "of the image exports. {title} is the deck's title."),
    }
    return ([SourceMessage(context, text, "cardgen/render/proof_labels.py", None, notes[context])
             for context, text in PROOF_LABELS.items()]
            + [SourceMessage(context, singular, "cardgen/render/proof_labels.py", None, notes[context], plural)
               for context, (singular, plural) in PROOF_COUNTS.items()])


def rulebook_path(deck: DeckSpec) -> Path:
    return deck.folder / RULEBOOK_FILE


def rulebook_messages(deck: DeckSpec) -> list[SourceMessage]:
    path = rulebook_path(deck)
    if not path.is_file():
        return []
    from cardgen.i18n.units import parse_rulebook
    from cardgen.loading.deck_loader import display_path
    from cardgen.rulebook.labels import labels_for

    document = parse_rulebook(path, display=display_path(path))
    out = [SourceMessage(u.context, u.source, RULEBOOK_FILE, u.line, _keep_note(u.source))
           for u in document.units() if u.translatable]
    for label in labels_for(document, deck.game):
        out.append(SourceMessage(label.context, label.text, label.file, label.line, label.comment, label.plural))
    return out


def extract_messages(deck: DeckSpec) -> list[SourceMessage]:
    """Every translatable string of ``deck``, in a stable order (deck, rulebook, labels, others),
    each note completed for the translator (:func:`cardgen.i18n.notes.translator_note`)."""
    from cardgen.games import load_games

    # the deck's game registers its own strings (walkthrough captions, diagram labels); a deck of no
    # game gets every game's extractors, which give nothing for it
    load_games(deck.game)
    messages = deck_messages(deck) + sheet_messages() + rulebook_messages(deck)
    for extractor in _EXTRACTORS:
        messages.extend(extractor(deck))
    from dataclasses import replace

    from cardgen.i18n.notes import translator_note

    seen: set[tuple[str, str]] = set()
    unique = []
    for message in messages:
        key = (message.context, message.text)
        if key not in seen:
            seen.add(key)
            unique.append(replace(message, comment=translator_note(message.plural or message.text, message.comment)))
    return unique
