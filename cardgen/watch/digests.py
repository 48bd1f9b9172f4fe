"""Input digests: a hash of exactly what an output is made from, so unchanged outputs are skipped.

- a **card** depends on every deck setting but the card list (print, layout, types, back, themes
  …), the resolved layouts and the deck's ``templates/`` files, the deck-level strings in the
  output language, and on its own entry, its strings in that language and the art files it names;
- the **card sheets** of a language depend on each of their cards (their order and counts too);
- the **rulebook** on all the cards (its components table draws them), rulebook.md and the
  language's catalog;
- any other product (registered later in ``cardgen.build.PRODUCTS``) on every file of the deck.

Edit one card's text and only outputs showing that card change digest; edit the French catalog
and no English output does; edit rulebook.md and no card sheet does.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from stat import S_ISREG
from typing import Any

from cardgen import __version__
from cardgen.loading.deck_loader import load_deck_layouts
from cardgen.loading.paths import ART_SUFFIXES, PathEscapeError, resolve_inside
from cardgen.model.deck import DeckSpec
from cardgen.render.card_renderer import Translate
from cardgen.watch.scan import SMALL_FILE, Snapshot

_FILE_SUFFIXES = tuple(ART_SUFFIXES)
"""Files named in the deck whose bytes are drawn. A card table is not: its rows are the cards' entries."""


def digest(*parts: Any) -> str:
    """A stable hash of JSON-able parts."""
    text = json.dumps(parts, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class FileHashes:
    """SHA-256 of files; large ones (art) are remembered by (mtime, size, inode) and not read again."""

    def __init__(self) -> None:
        self._known: dict[Path, tuple[tuple[int, int, int], str]] = {}

    def __call__(self, path: Path) -> str | None:
        try:
            stat = path.stat()
        except OSError:
            return None
        if not S_ISREG(stat.st_mode):
            return None  # a FIFO or device: reading it would block or never end
        stamp = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
        known = self._known.get(path)
        if known is not None and known[0] == stamp and stat.st_size > SMALL_FILE:
            return known[1]  # small files are hashed every time (see scan.SMALL_FILE)
        try:
            value = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            return None
        self._known[path] = (stamp, value)
        return value


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


class DeckInputs:
    """Digests of one loaded deck's outputs, for the languages and options of one rebuild."""

    def __init__(self, deck: DeckSpec, *, translators: dict[str, Translate], files: FileHashes,
                 snapshot: Snapshot, options: dict[str, Any]) -> None:
        self.deck = deck
        self.translators = translators
        self.files = files
        self.snapshot = snapshot
        self.options = {**options, "cardgen": __version__}
        self._common: dict[str, str] = {}
        self._cards: dict[tuple[str, str], str] = {}
        self._layouts: str | None = None

    # -- pieces ----------------------------------------------------------------------------------
    def _referenced(self, value: Any) -> dict[str, str | None]:
        """Hashes of the art files a dumped value names (art, icons, back art …)."""
        out: dict[str, str | None] = {}
        for text in _strings(value):
            if not text.lower().endswith(_FILE_SUFFIXES):
                continue
            try:
                real = resolve_inside(self.deck.folder, text)
            except PathEscapeError:
                continue
            out[text] = self.files(real)
        return out

    def _layouts_digest(self) -> str:
        if self._layouts is None:
            layouts = {name: spec.model_dump(mode="json") for name, spec in load_deck_layouts(self.deck).items()}
            templates = {name: self.files(self.deck.folder / name) for name in self.snapshot
                         if name.startswith("templates/")}
            self._layouts = digest(layouts, templates)
        return self._layouts

    def _strings(self, language: str, *, card: str | None) -> list[tuple[str, str]]:
        translate = self.translators[language]
        prefix = f"card:{card}." if card else None
        out = []
        for context, source in self.deck.translatable_strings():
            is_card = context.startswith("card:")
            if (prefix is None and not is_card) or (prefix is not None and context.startswith(prefix)):
                out.append((context, translate(context, source)))
        return out

    def common(self, language: str) -> str:
        """Everything a card face depends on besides its own entry."""
        if language not in self._common:
            dumped = self.deck.model_dump(mode="json", exclude={"cards"})
            self._common[language] = digest("common", language, dumped, self._referenced(dumped),
                                            self._layouts_digest(), self._strings(language, card=None), self.options)
        return self._common[language]

    # -- outputs ---------------------------------------------------------------------------------
    def card(self, card_id: str, language: str) -> str:
        key = (card_id, language)
        if key not in self._cards:
            dumped = self.deck.card(card_id).model_dump(mode="json")
            self._cards[key] = digest("card", self.common(language), dumped, self._referenced(dumped),
                                      self._strings(language, card=card_id))
        return self._cards[key]

    def sheets(self, language: str) -> str:
        return digest("sheets", [self.card(card.id, language) for card in self.deck.cards])

    def rulebook(self, language: str) -> str:
        from cardgen.i18n.catalogs import catalog_path
        from cardgen.i18n.messages import rulebook_path

        return digest("rulebook", self.sheets(language), self.files(rulebook_path(self.deck)),
                      self.files(catalog_path(self.deck, language)))

    def everything(self, product: str, language: str) -> str:
        """For products whose inputs are not described: every file of the deck."""
        files = {name: self.files(self.deck.folder / name) for name in sorted(self.snapshot)}
        return digest(product, language, files, self.options, self.common(language))
