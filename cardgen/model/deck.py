"""The deck file, as validated data. Lengths are points; file references are deck-relative."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from cardgen.layout.sizes import CARD_SIZES, Size
from cardgen.model.fields import Colour, Ident, Length
from cardgen.model.theme import ThemeSpec

_CODE = re.compile(r"[A-Z]\d+")
"""A stat value that is a code, not words (a push such as B2)."""

MAX_CARD_COUNT = 10_000
MAX_DECK_CARDS = 100_000
MAX_NAME_CHARS = 200
MAX_TEXT_CHARS = 5_000
"""A card's name and text: far above any card (the longest shipped text has under 500 characters),
far below what makes text fitting crawl."""

SYMBOLS = ("chevron", "diamond", "plus", "bar", "circle", "square", "triangle", "star", "shield", "hexagon")
PATTERNS = ("solid", "stripes", "dots", "checks", "waves", "zigzag")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=False, str_strip_whitespace=False)


class CardSizeSpec(Strict):
    """A custom card size."""

    width: Length
    height: Length


class PrintSpec(Strict):
    """How the cards are cut: size, bleed beyond the trim line, safe margin inside it."""

    card: Literal["poker", "bridge", "mini", "tarot", "square"] | CardSizeSpec = Field(
        "poker", description="A size preset (poker 63.5×88.9 mm, bridge 57.2×88.9, mini 44×63, "
        "tarot 70×120, square 70×70) or {width, height}.")
    bleed: Length = Field(3 * 72 / 25.4, description="Art extends this far beyond the trim line (default 3mm).")
    safe: Length = Field(4 * 72 / 25.4, description="Text stays this far inside the trim line (default 4mm).")
    corner_radius: Length = Field(3 * 72 / 25.4, description="Rounded corners of the card frame (drawing only).")

    @property
    def size(self) -> Size:
        if isinstance(self.card, str):
            return CARD_SIZES[self.card]
        return Size(self.card.width, self.card.height)


class CardTypeSpec(Strict):
    """A kind of card. Told apart by colour *and* by symbol and band pattern (greyscale-safe)."""

    label: str = Field(min_length=1, description="Shown on the card, e.g. 'Rider'.")
    color: Colour
    symbol: Literal["chevron", "diamond", "plus", "bar", "circle", "square", "triangle", "star", "shield", "hexagon"]
    pattern: Literal["solid", "stripes", "dots", "checks", "waves", "zigzag"] = "solid"
    text_color: Colour = "#ffffff"
    back: str | None = Field(None, description="Layout of this type's back, if it differs from the deck's.")
    layout: str | None = Field(None, description="Face layout of this type's cards, if it differs from the deck's.")


ABILITY_ICONS = ("action", "no-los", "tip")


class AbilitySpec(Strict):
    """A named rule printed on a card, with markers: ``action`` (uses the action), ``no-los``
    (needs no line of sight), ``tip`` (advice, not a rule)."""

    name: str = Field("", description="Printed in bold before the text; may be empty (e.g. for a tip).")
    text: str = Field(min_length=1)
    icons: list[Literal["action", "no-los", "tip"]] = Field(default_factory=list)


class CardSpec(Strict):
    """One distinct card; ``count`` copies go in the deck."""

    id: Ident
    name: str = Field(min_length=1, max_length=MAX_NAME_CHARS)
    type: Ident
    count: int = Field(ge=1, le=MAX_CARD_COUNT, description="Copies of this card in the deck.")
    text: str = Field("", max_length=MAX_TEXT_CHARS)
    icon: str | None = Field(None, description="A built-in icon name (hit, skip, split, push, grab, stop, extra, ground, …) or an art file.")
    art: str | None = Field(None, description="Art file (PNG, JPEG or SVG) relative to the deck folder.")
    stats: dict[str, str | int] = Field(default_factory=dict, description="Extra fields shown by layouts that ask for them.")
    abilities: list[AbilitySpec] = Field(default_factory=list, description="Named rules, drawn by an 'abilities' element.")
    layout: str | None = Field(None, description="Face layout of this card, if it differs from its type's.")


class BackSpec(Strict):
    """The card back: a layout, optional art and text."""

    layout: str = "base-back"
    art: str | None = None
    text: str | None = None
    color: Colour = "#1d2b53"
    accent: Colour = "#f4c542"


class TeachingStageSpec(Strict):
    """A teaching stage: the card ids in play (``cards``), or those added to the previous stage."""

    stage: Ident
    title: str | None = None
    intro: str | None = Field(None, description="A sentence or two opening the stage in walkthroughs.")
    cards: list[Ident] | None = None
    add: list[Ident] | None = None
    notes: dict[Ident, str] = Field(default_factory=dict,
                                    description="Per new card: what to watch for when it first comes up.")


def _cards_or_table(schema: dict[str, Any]) -> None:
    """In the file, a deck lists its ``cards``, takes them from ``cards_from``, or both."""
    schema["required"] = [name for name in schema.get("required", []) if name != "cards"]
    schema["anyOf"] = [{"required": ["cards"]}, {"required": ["cards_from"]}]


class DeckSpec(Strict):
    """A whole deck file (``decks/<name>/deck.yaml``)."""

    deck: Ident = Field(description="Short name, used for output folders.")
    title: str = Field(min_length=1)
    game: str | None = Field(None, description="Rules engine used by simulate and walkthrough (e.g. 'falling').")
    designer: str = Field(min_length=1, description="Who designed the game (credited on the deck and rulebook).")
    publisher: str | None = None
    credit: str | None = Field(None, description="Short credit line printed on the cards.")
    version: str = "1.0"
    languages: list[str] = Field(default_factory=lambda: ["en"])
    print: PrintSpec = Field(default_factory=PrintSpec)
    layout: str = Field("base-card", description="Card layout: a template name (templates/<name>.yaml).")
    labels: dict[Ident, str] = Field(default_factory=dict, description="Words layouts print (stat names, headings): "
                                     "'field: labels.<id>'; translated like card text.")
    back: BackSpec = Field(default_factory=BackSpec)
    types: dict[Ident, CardTypeSpec]
    cards_from: str | None = Field(None, description="A CSV or XLSX table in the deck folder with one card per row "
                                   "(columns: id, name, type, count, text, icon, art, stats.<key>); its cards follow "
                                   "any listed under 'cards'. 'cards.xlsx#Sheet' picks a sheet.")
    cards: list[CardSpec] = Field(min_length=1)
    teaching: list[TeachingStageSpec] = Field(default_factory=list)
    fonts: dict[Ident, str] = Field(default_factory=dict, description="The deck's own TTF/OTF files (inside the "
                                    "deck folder) by name: a role (display, display-regular, body, body-bold, "
                                    "body-italic, black) replaces that font on the cards; another name is one "
                                    "layouts can use (font: NAME). Embedded and subset.")
    themes: dict[Ident, ThemeSpec] = Field(default_factory=dict, description="Deck themes for --theme NAME: "
                                           "'ink-saver' overrides the built-in one; other names start from 'base'.")

    model_config = ConfigDict(json_schema_extra=_cards_or_table)

    _folder: Path = PrivateAttr(default=Path("."))
    _file: Path = PrivateAttr(default=Path("deck.yaml"))
    _layouts: dict[str, Any] = PrivateAttr(default_factory=dict)
    _layout_files: dict[Path, Any] = PrivateAttr(default_factory=dict)
    """Template files as read for ``_layouts`` (a layout's parents are read once per deck)."""
    _whole_deck: DeckSpec | None = PrivateAttr(default=None)
    """The deck with every card, when ``cards`` holds only some (``--cards``): text may name the others."""
    _positions: dict[tuple[str | int, ...], tuple[int, int]] = PrivateAttr(default_factory=dict)
    """(line, col) in deck.yaml of each value, for checks made after loading (see cardgen.buildable)."""
    _located: Any = PrivateAttr(default=None)
    """The deck file as read (a ``cardgen.loading.yaml_source.Located``), so the catalogs' line numbers
    need not read it again (see ``cardgen.i18n.messages.deck_messages``)."""

    @property
    def folder(self) -> Path:
        """The deck folder (all art and templates are read from inside it)."""
        return self._folder

    @property
    def file(self) -> Path:
        return self._file

    @property
    def total_cards(self) -> int:
        return sum(card.count for card in self.cards)

    def card(self, card_id: str) -> CardSpec:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    @property
    def whole(self) -> DeckSpec:
        """The deck with all its cards (itself, unless ``--cards`` chose some)."""
        return self._whole_deck or self

    def any_card(self, card_id: str) -> CardSpec | None:
        """A card of the whole deck, also one left out with ``--cards`` (None if there is none)."""
        return next((card for card in self.whole.cards if card.id == card_id), None)

    def type_of(self, card: CardSpec) -> CardTypeSpec:
        return self.types[card.type]

    def face_layout(self, card: CardSpec) -> str:
        """The face layout of ``card``: its own, else its type's, else the deck's."""
        return card.layout or self.types[card.type].layout or self.layout

    def expanded(self) -> list[CardSpec]:
        """Every physical card in deck order (each distinct card repeated ``count`` times)."""
        return [card for card in self.cards for _ in range(card.count)]

    def teaching_stages(self) -> list[tuple[TeachingStageSpec, list[str]]]:
        """Each stage with the full list of card ids in play at that stage."""
        result: list[tuple[TeachingStageSpec, list[str]]] = []
        current: list[str] = []
        for stage in self.teaching:
            if stage.cards is not None:
                current = list(stage.cards)
            current = current + [c for c in (stage.add or []) if c not in current]
            result.append((stage, list(current)))
        return result

    def translatable_strings(self) -> list[tuple[str, str]]:
        """(context, English source) for every string a translator must translate."""
        items: list[tuple[str, str]] = [("deck:title", self.title)]
        if self.credit:
            items.append(("deck:credit", self.credit))
        if self.back.text:
            items.append(("deck:back.text", self.back.text))
        for key, kind in self.types.items():
            items.append((f"type:{key}.label", kind.label))
        for card in self.cards:
            items.append((f"card:{card.id}.name", card.name))
            if card.text:
                items.append((f"card:{card.id}.text", card.text))
            for stat, value in card.stats.items():
                # words are translated; codes such as B2 are not (layouts that draw them translate their parts)
                if isinstance(value, str) and any(ch.isalpha() for ch in value) and not _CODE.fullmatch(value):
                    items.append((f"card:{card.id}.stats.{stat}", value))
            for number, ability in enumerate(card.abilities):
                if ability.name:
                    items.append((f"card:{card.id}.abilities.{number}.name", ability.name))
                items.append((f"card:{card.id}.abilities.{number}.text", ability.text))
        for stage in self.teaching:
            if stage.title:
                items.append((f"teaching:{stage.stage}.title", stage.title))
            if stage.intro:
                items.append((f"teaching:{stage.stage}.intro", stage.intro))
            for card_id, note in stage.notes.items():
                items.append((f"teaching:{stage.stage}.notes.{card_id}", note))
        for key, text in self.labels.items():
            items.append((f"label:{key}", text))
        return items
