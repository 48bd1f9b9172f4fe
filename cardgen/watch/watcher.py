"""``cardgen watch``: rebuild what a change affects, and nothing else.

:meth:`Watcher.poll_once` scans the deck folder; when a file changed it reloads the deck and
rebuilds every output whose input digest (``watch/digests.py``) differs from the one it was last
built from. Digests and output hashes are kept in ``<out>/.cardgen-watch.json``, so a restarted
watcher does not rebuild what is already up to date. A deck that fails to load, or an output that
fails to build, is reported and skipped: the previous outputs stay, and the next change is tried
again. Tests call :meth:`poll_once` directly; :meth:`run` is the loop the command uses.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.build import PRODUCTS, BuildContext, sheets_name, translator_for
from cardgen.errors import CardgenError, DeckError
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import deck_file_for, display_path
from cardgen.model.deck import DeckSpec
from cardgen.output import remove_stale_temps, write_bytes_atomic
from cardgen.render.card_renderer import Translate
from cardgen.render.sheets import SheetOptions, write_sheets
from cardgen.render.themes import resolve_theme
from cardgen.watch.digests import DeckInputs, FileHashes
from cardgen.watch.scan import Snapshot, changes, scan

CACHE_FILE = ".cardgen-watch.json"
ONLY_ALIASES = {"sheets": "cards"}
"""``--only sheets`` is the product registered as ``cards``."""


@dataclass(frozen=True)
class Selection:
    """What to keep built: products by name (empty: all of them) and single-card previews."""

    products: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()

    @classmethod
    def parse(cls, items: list[str] | tuple[str, ...]) -> Selection:
        """``sheets``, ``rulebook``, any product name, or ``cards=hit,skip``; ValueError if unknown."""
        products: list[str] = []
        cards: list[str] = []
        for item in items:
            name, has_ids, ids = item.partition("=")
            if name == "cards" and has_ids:
                cards.extend(part.strip() for part in ids.split(",") if part.strip())
                if not ids.strip():
                    raise ValueError("cards= needs card ids, e.g. cards=hit,skip")
                continue
            product = ONLY_ALIASES.get(name, name)
            if has_ids or product not in PRODUCTS:
                choices = ["sheets"] + [p for p in PRODUCTS if p != "cards"] + ["cards=ID,ID"]
                raise ValueError(f"unknown output '{item}' (choose from {', '.join(choices)})")
            products.append(product)
        return cls(tuple(dict.fromkeys(products)), tuple(dict.fromkeys(cards)))

    def product_names(self) -> list[str]:
        if self.products:
            return list(self.products)
        return [] if self.cards else list(PRODUCTS)


@dataclass(frozen=True)
class Built:
    """One output written: its path and how long it took."""

    path: Path
    seconds: float


@dataclass
class WatchReport:
    """One rebuild: what changed, what was rebuilt, what was already up to date, what failed."""

    changed: list[str]
    built: list[Built] = field(default_factory=list)
    up_to_date: int = 0
    errors: list[CardgenError] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.errors


@dataclass(frozen=True)
class WatchOptions:
    """Build options the outputs are made with (part of every digest)."""

    languages: tuple[str, ...] = ()
    paper: str = "a4"
    theme: str = "default"
    guides: bool = False


@dataclass
class _Target:
    key: str
    language: str
    inputs: Callable[[DeckInputs], str]
    build: Callable[[DeckSpec, Translate], Path | None]


class Watcher:
    """Keeps the outputs of one deck up to date with its files."""

    def __init__(self, deck_path: Path, *, out_dir: Path | None = None, selection: Selection = Selection(),
                 options: WatchOptions = WatchOptions(), clock: Callable[[], float] = time.perf_counter,
                 on_start: Callable[[list[str]], None] | None = None,
                 on_built: Callable[[Built], None] | None = None) -> None:
        """``on_start(changed)`` and ``on_built(output)`` let a caller show progress as it happens."""
        self.deck_file = deck_file_for(Path(deck_path))
        self.folder = self.deck_file.parent
        self.out_dir = out_dir
        self.selection = selection
        self.options = options
        self.clock = clock
        self.snapshot: Snapshot | None = None
        self.files = FileHashes()
        self.cache: dict[str, dict[str, Any]] = {}
        self._cache_loaded = False
        self._notes: list[str] = []
        self.on_start = on_start
        self.on_built = on_built

    # -- the loop --------------------------------------------------------------------------------
    def poll_once(self) -> WatchReport | None:
        """Scan the deck folder; rebuild if anything changed (or on the first call). None if idle."""
        exclude = [self.out_dir] if self.out_dir is not None else []
        snapshot = scan(self.folder, exclude=exclude)
        if self.snapshot is not None and not changes(self.snapshot, snapshot):
            return None
        changed = changes(self.snapshot or {}, snapshot) if self.snapshot is not None else []
        self.snapshot = snapshot
        return self.rebuild(changed)

    def run(self, *, on_report: Callable[[WatchReport], None], interval: float = 0.25, settle: float = 0.05,
            should_stop: Callable[[], bool] = lambda: False) -> None:
        """Poll every ``interval`` seconds until ``should_stop()``; waits ``settle`` for a save to finish."""
        while not should_stop():
            if self.snapshot is not None and settle > 0:
                exclude = [self.out_dir] if self.out_dir is not None else []
                first = scan(self.folder, exclude=exclude)
                if changes(self.snapshot, first):
                    time.sleep(settle)  # an editor may write a file in several steps
            report = self.poll_once()
            if report is not None:
                on_report(report)
            time.sleep(interval)

    # -- one rebuild -----------------------------------------------------------------------------
    def rebuild(self, changed: list[str] | tuple[str, ...] = ()) -> WatchReport:
        """Reload the deck and rebuild every selected output whose inputs changed."""
        start = self.clock()
        report = WatchReport(changed=list(changed))
        if self.on_start is not None:
            self.on_start(report.changed)
        try:
            deck = load_deck(self.deck_file)
            if self.out_dir is None:
                self.out_dir = Path("output") / deck.deck
            resolve_theme(deck, self.options.theme)
            languages = list(self.options.languages) or deck.languages
            translators = {lang: self._translator(deck, lang, report) for lang in languages}
            targets = self._targets(deck, languages)
        except CardgenError as error:
            report.errors.extend(error.problems)
            report.seconds = self.clock() - start
            return report
        self._load_cache()
        remove_stale_temps(self.out_dir)
        inputs = DeckInputs(deck, translators=translators, files=self.files, snapshot=self.snapshot or {},
                            options=self._option_values())
        for target in targets:
            try:
                wanted = target.inputs(inputs)
                if self._up_to_date(target.key, wanted):
                    report.up_to_date += 1
                    continue
                began = self.clock()
                path = target.build(deck, translators[target.language])
                if path is not None:
                    report.built.append(Built(path, self.clock() - began))
                    if self.on_built is not None:
                        self.on_built(report.built[-1])
                self._remember(target.key, wanted, path)
            except CardgenError as error:
                self.cache.pop(target.key, None)
                report.errors.extend(error.problems)
            except Exception as error:  # a bug: say so in one line and keep watching
                self.cache.pop(target.key, None)
                report.errors.append(CardgenError(f"internal error: {error.__class__.__name__}: {error}",
                                                  field=target.key, hint="please report it"))
        self._save_cache()
        report.seconds = self.clock() - start
        return report

    def _translator(self, deck: DeckSpec, language: str, report: WatchReport) -> Translate:
        notes: list[str] = []
        translate = translator_for(deck, language, allow_untranslated=True, notes=notes)
        fresh = [note for note in notes if note not in self._notes]
        report.notes.extend(fresh)
        self._notes = [n for n in self._notes if not n.startswith(f"{language}:")] + notes
        return translate

    def _option_values(self) -> dict[str, Any]:
        o = self.options
        return {"paper": o.paper, "theme": o.theme, "guides": o.guides}

    # -- targets ---------------------------------------------------------------------------------
    def _targets(self, deck: DeckSpec, languages: list[str]) -> list[_Target]:
        unknown = [card_id for card_id in self.selection.cards if card_id not in {c.id for c in deck.cards}]
        if unknown:
            import difflib

            close = difflib.get_close_matches(unknown[0], [c.id for c in deck.cards], n=1)
            raise DeckError(f"--only cards=: no card '{unknown[0]}' in the deck", path=display_path(self.deck_file),
                            hint=f"did you mean '{close[0]}'?" if close else f"cards: {', '.join(c.id for c in deck.cards)}")
        names = self.selection.product_names()
        first: list[_Target] = []  # cheap outputs first: card sheets show a change before a rulebook is set
        later: list[_Target] = []
        for language in languages:
            first.extend(self._card(card_id, language) for card_id in self.selection.cards)
            first.extend(self._product(name, language) for name in names if name == "cards")
            later.extend(self._product(name, language) for name in names if name != "cards")
        return first + later

    def _card(self, card_id: str, language: str) -> _Target:
        return _Target(f"card:{card_id}-{language}", language, lambda inputs: inputs.card(card_id, language),
                       lambda deck, translate: self._build_card(deck, translate, card_id, language))

    def _product(self, name: str, language: str) -> _Target:
        if name == "cards":
            inputs: Callable[[DeckInputs], str] = lambda i: i.sheets(language)  # noqa: E731
        elif name == "rulebook":
            inputs = lambda i: i.rulebook(language)  # noqa: E731
        else:
            inputs = lambda i: i.everything(name, language)  # noqa: E731
        return _Target(f"{name}-{language}", language, inputs,
                       lambda deck, translate: self._build_product(name, deck, translate, language))

    def _build_product(self, name: str, deck: DeckSpec, translate: Translate, language: str) -> Path | None:
        assert self.out_dir is not None
        o = self.options
        ctx = BuildContext(deck=deck, language=language, translate=translate, out_dir=self.out_dir, paper=o.paper,
                           theme=o.theme, guides=o.guides)
        return PRODUCTS[name](ctx)

    def _build_card(self, deck: DeckSpec, translate: Translate, card_id: str, language: str) -> Path:
        """One card, front and back, on pages of its own size with bleed: ``cards/<id>-<lang>.pdf``."""
        assert self.out_dir is not None
        o = self.options
        card = deck.card(card_id).model_copy(update={"count": 1})
        alone = deck.model_copy(update={"cards": [card]})
        target = self.out_dir / "cards" / sheets_name(language, theme=o.theme, guides=o.guides).replace(
            "cards-", f"{card_id}-", 1)
        write_sheets(alone, target, options=SheetOptions(layout="single", theme=o.theme, guides=o.guides),
                     translate=translate, language=language)
        return target

    # -- the digest cache --------------------------------------------------------------------------
    def _cache_path(self) -> Path:
        assert self.out_dir is not None
        return self.out_dir / CACHE_FILE

    def _load_cache(self) -> None:
        if self._cache_loaded:
            return
        self._cache_loaded = True
        try:
            data = json.loads(self._cache_path().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if isinstance(data, dict):
            self.cache = {k: v for k, v in data.items() if isinstance(v, dict)}

    def _save_cache(self) -> None:
        text = json.dumps(self.cache, indent=1, sort_keys=True) + "\n"
        path = self._cache_path()
        try:
            if path.read_text(encoding="utf-8") == text:
                return
        except OSError:
            pass
        write_bytes_atomic(path, text.encode("utf-8"))

    def _up_to_date(self, key: str, wanted: str) -> bool:
        entry = self.cache.get(key)
        if not entry or entry.get("inputs") != wanted:
            return False
        output = entry.get("output")
        if output is None:
            return True  # the product had nothing to write (e.g. no rulebook.md)
        assert self.out_dir is not None
        path = self.out_dir / output
        try:
            return hashlib.sha256(path.read_bytes()).hexdigest() == entry.get("sha256")
        except OSError:
            return False  # deleted or unreadable: build it again

    def _remember(self, key: str, wanted: str, path: Path | None) -> None:
        assert self.out_dir is not None
        entry: dict[str, Any] = {"inputs": wanted, "output": None}
        if path is not None:
            entry["output"] = Path(path).relative_to(self.out_dir).as_posix()
            entry["sha256"] = hashlib.sha256(Path(path).read_bytes()).hexdigest()
        self.cache[key] = entry
