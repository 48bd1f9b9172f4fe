"""``deck.yaml`` → :class:`DeckSpec`, with every problem reported at its file position."""

from __future__ import annotations

import difflib
import os
from pathlib import Path, PurePosixPath

from pydantic import ValidationError

from cardgen.errors import CardgenError, DeckError, ProblemList
from cardgen.layout.units import format_mm
from cardgen.loading.containment import ContainmentError, FileMissing, check_reference, check_regular, contained_path
from cardgen.loading.layouts import load_layout
from cardgen.loading.paths import ART_SUFFIXES
from cardgen.loading.validation import errors_from_validation
from cardgen.loading.yaml_source import Located, read_yaml
from cardgen.model.deck import MAX_DECK_CARDS, DeckSpec
from cardgen.model.layout import LayoutSpec

DECK_FILE = "deck.yaml"


def display_path(path: Path) -> Path:
    """A path as the user would write it: relative to the working folder when possible."""
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return Path(path)
    return Path(path) if relative.startswith("..") else Path(relative)


def deck_file_for(path: Path) -> Path:
    path = Path(path)
    if path.is_dir():
        return path / DECK_FILE
    return path


def _missing_deck_hint(path: Path) -> str:
    """What to type instead: ``decks/NAME`` when a bare name (or a near one) is a deck there, as ``cardgen new`` makes."""
    decks = Path("decks")
    if not path.is_absolute() and len(path.parts) == 1 and decks.is_dir():
        try:
            names = sorted(p.name for p in decks.iterdir() if (p / DECK_FILE).is_file())
        except OSError:
            names = []
        close = [path.name] if path.name in names else difflib.get_close_matches(path.name, names, n=1)
        if close:
            return f"did you mean '{decks / close[0]}'? A deck is named by its folder"
    return "a deck is a folder with a deck.yaml file (try 'cardgen new NAME')"


def load_deck(path: Path) -> DeckSpec:
    """Load and validate a deck (a folder holding ``deck.yaml``, or the file itself).

    Raises a :class:`CardgenError` (a ``ProblemList`` when there are several problems).
    """
    file = deck_file_for(Path(path))
    shown = display_path(file)
    if not file.exists():
        raise DeckError("deck file not found", path=shown, hint=_missing_deck_hint(Path(path)))
    try:
        check_regular(file, "deck")
    except ContainmentError as exc:
        raise DeckError(str(exc), path=shown, hint="a deck is a folder with a plain deck.yaml file") from None
    located = read_yaml(file, display_path=shown, kind="deck")
    data = located.data
    if not isinstance(data, dict):
        raise DeckError("a deck file must be a mapping (deck:, title:, cards: …)", path=shown, line=1, col=1)
    if data.get("cards_from") is not None:  # a table of cards (CSV, spreadsheet): its reader only then
        from cardgen.loading.tables import with_table_cards

        located = with_table_cards(located, folder=file.parent, shown_folder=shown.parent)
    data = located.data
    try:
        deck = DeckSpec.model_validate(data)
    except ValidationError as exc:
        problems = errors_from_validation(exc, located, model=DeckSpec)
        raise _one_or_many(problems) from None
    folder = file.parent
    deck._folder = folder
    deck._file = shown
    deck._positions = located.positions
    deck._located = located
    problems = list(_check_references(deck, located))
    if problems:
        raise _one_or_many(problems)
    return deck


def load_deck_layouts(deck: DeckSpec) -> dict[str, LayoutSpec]:
    """The face layout and every back layout the deck uses, by name."""
    names = [deck.layout, deck.back.layout] + [t.back for t in deck.types.values() if t.back]
    names += [t.layout for t in deck.types.values() if t.layout] + [c.layout for c in deck.cards if c.layout]
    cached = deck._layouts
    missing = [name for name in dict.fromkeys(names) if name not in cached]
    for name in missing:
        cached[name] = load_layout(name, deck_folder=deck.folder, display_root=deck.file.parent, fonts=list(deck.fonts),
                                   files=deck._layout_files)
    return {name: cached[name] for name in dict.fromkeys(names)}


def _one_or_many(problems: list[CardgenError]) -> CardgenError:
    if len(problems) == 1:
        return problems[0]
    return ProblemList(f"{len(problems)} problems", items=problems)


def _check_references(deck: DeckSpec, located: Located) -> list[CardgenError]:
    problems: list[CardgenError] = []
    seen: dict[str, int] = {}
    good_files: set[tuple[str, str]] = set()  # (field, reference) already checked: each file is read once
    for index, card in enumerate(deck.cards):
        if card.id in seen:
            problems.append(located.error(("cards", index, "id"), f"duplicate card id '{card.id}'",
                                          hint=f"cards[{seen[card.id]}] already uses it; ids must be unique"))
        seen.setdefault(card.id, index)
        if card.type not in deck.types:
            close = difflib.get_close_matches(card.type, list(deck.types), n=1)
            hint = f"did you mean '{close[0]}'?" if close else f"types defined: {', '.join(deck.types)}"
            problems.append(located.error(("cards", index, "type"), f"unknown card type '{card.type}'", hint=hint))
        for field in ("art", "icon"):
            reference = getattr(card, field)
            if reference is None:
                continue
            if field == "icon" and _is_builtin_icon(reference) or (field, reference) in good_files:
                continue
            problem = _check_art(deck, located, ("cards", index, field), reference)
            if problem:
                problems.append(problem)
            else:
                good_files.add((field, reference))
    problems.extend(_check_inline_references(deck, located))
    for name, theme in deck.themes.items():
        for key in theme.types:
            if key not in deck.types:
                close = difflib.get_close_matches(key, list(deck.types), n=1)
                problems.append(located.error(("themes", name, "types", key, "<key>"), f"unknown card type '{key}'",
                                              hint=f"did you mean '{close[0]}'?" if close else f"types: {', '.join(deck.types)}",
                                              field_name=f"themes.{name}.types.{key}"))
    problems.extend(_check_fonts(deck, located))
    if deck.back.art:
        problem = _check_art(deck, located, ("back", "art"), deck.back.art)
        if problem:
            problems.append(problem)
    if deck.total_cards > MAX_DECK_CARDS:
        problems.append(located.error(("cards",), f"the deck has {deck.total_cards} cards, more than the limit of {MAX_DECK_CARDS}",
                                      hint="split it into several decks"))
    size = deck.print.size
    shortest = min(size.width_pt, size.height_pt)
    if deck.print.safe >= shortest / 4:
        problems.append(located.error(("print", "safe"), f"a safe margin of {format_mm(deck.print.safe)} leaves no room for text on a "
                                      f"{format_mm(size.width_pt)} × {format_mm(size.height_pt)} card",
                                      hint="keep it under a quarter of the card's shorter side (4mm is usual)"))
    if deck.print.bleed > shortest / 4:
        problems.append(located.error(("print", "bleed"), f"a bleed of {format_mm(deck.print.bleed)} is larger than the card can use",
                                      hint="print shops ask for 3mm (1/8in)"))
    known = set(seen)
    in_play: dict[str, str] = {}  # card id → the stage that brought it in
    for index, stage in enumerate(deck.teaching):
        if stage.cards is not None:
            in_play = {card_id: stage.stage for card_id in stage.cards}
        for position, card_id in enumerate(stage.add or []):
            if card_id in in_play:
                problems.append(located.error(("teaching", index, "add", position),
                                              f"'{card_id}' is already in play from stage '{in_play[card_id]}'",
                                              hint="add only cards that join the game here"))
            in_play.setdefault(card_id, stage.stage)
        for field in ("cards", "add"):
            for position, card_id in enumerate(getattr(stage, field) or []):
                if card_id not in known:
                    close = difflib.get_close_matches(card_id, sorted(known), n=1)
                    problems.append(located.error(("teaching", index, field, position), f"unknown card id '{card_id}'",
                                                  hint=f"did you mean '{close[0]}'?" if close else None))
        for card_id in stage.notes:
            if card_id not in known:
                close = difflib.get_close_matches(card_id, sorted(known), n=1)
                problems.append(located.error(("teaching", index, "notes", card_id), f"unknown card id '{card_id}'",
                                              hint=f"did you mean '{close[0]}'?" if close else None))
    layout_refs = [(deck.layout, ("layout",)), (deck.back.layout, ("back", "layout"))]
    layout_refs += [(t.back, ("types", key, "back")) for key, t in deck.types.items() if t.back]
    layout_refs += [(t.layout, ("types", key, "layout")) for key, t in deck.types.items() if t.layout]
    layout_refs += [(c.layout, ("cards", i, "layout")) for i, c in enumerate(deck.cards) if c.layout]
    for name, where in layout_refs:
        if name in deck._layouts:
            continue
        line, col = located.where(where)
        try:
            deck._layouts[name] = load_layout(name, deck_folder=deck.folder, display_root=deck.file.parent, fonts=list(deck.fonts),
                                              referrer=(located.path, line, col, ".".join(str(w) for w in where)),
                                              files=deck._layout_files)
        except CardgenError as exc:
            problems.extend(exc.problems)
    if not problems:
        problems.extend(_check_card_values(deck, located))
    return problems


def _check_card_values(deck: DeckSpec, located: Located) -> list[CardgenError]:
    """What the layouts' elements say about the cards they show (a stat they cannot draw, a missing label)."""
    from cardgen.render.card_renderer import ELEMENT_CHECKS, element_kinds

    element_kinds()  # registers the bundled element kinds and their checks
    problems: list[CardgenError] = []
    seen: set[tuple[object, ...]] = set()
    index = {card.id: i for i, card in enumerate(deck.cards)}
    for name, layout in deck._layouts.items():
        for element in layout.elements.values():
            field = element.field or ""
            if field.startswith("labels.") and field[len("labels."):] not in deck.labels:
                key = field[len("labels."):]
                marker: tuple[object, ...] = ("label", key)
                if marker not in seen:
                    seen.add(marker)
                    problems.append(located.error(("labels",) if "labels" in located.data else (),
                                                  f"layout '{name}' prints labels.{key}, which the deck does not define",
                                                  hint=f"add it under labels: ({key}: …)"))
    for card in deck.cards:
        layout = deck._layouts.get(deck.face_layout(card))
        if layout is None:
            continue
        for element in layout.elements.values():
            check = ELEMENT_CHECKS.get(element.kind)
            for problem in check(deck, element, card) if check else ():
                marker = (problem.card, problem.key, problem.message)
                if marker in seen:
                    continue
                seen.add(marker)
                problems.append(located.error(("cards", index[problem.card], *problem.key), problem.message,
                                              hint=problem.hint))
    return problems


def _check_inline_references(deck: DeckSpec, located: Located) -> list[CardgenError]:
    """Each ``[[card-id]]`` and ``[[icon:NAME]]`` in a card's text or abilities names a card or an icon,
    and each ``**`` that opens bold is closed.

    Checked when the deck loads, at the text's position, so ``validate`` finds what drawing the card would
    refuse (:func:`cardgen.render.rich_card_text.check_reference`), with the nearest name as a hint.
    """
    if not any("[[" in card.text or "**" in card.text or any("[[" in a.text or "**" in a.text for a in card.abilities)
               for card in deck.cards):
        return []
    from cardgen.render.rich_card_text import INLINE

    ids = [card.id for card in deck.cards]
    known_icons: list[str] = []

    def icons() -> list[str]:  # the ability icons' module (and the element package) only when an icon is named
        if not known_icons:
            from cardgen.render.elements.ability_icons import ABILITY_ICONS

            known_icons.extend(sorted(set(ABILITY_ICONS) | set(_builtin_icons())))
        return known_icons

    problems: list[CardgenError] = []
    for index, card in enumerate(deck.cards):
        texts = [(("cards", index, "text"), card.text)]
        texts += [(("cards", index, "abilities", j, "text"), a.text) for j, a in enumerate(card.abilities)]
        for key, text in texts:
            if text.count("**") % 2:
                problems.append(located.error(key, "an unclosed ** — the card would print the asterisks",
                                              hint="close it (**like this**) or remove it"))
            for match in INLINE.finditer(text):
                reference = match.group(1).strip()
                if reference.startswith("icon:"):
                    name = reference[5:]
                    if name in icons():
                        continue
                    close = difflib.get_close_matches(name, icons(), n=1)
                    problem = f"[[{reference}]] names no icon"
                    hint = f"did you mean [[icon:{close[0]}]]?" if close else f"icons: {', '.join(icons())}"
                else:
                    if reference in ids:
                        continue
                    close = difflib.get_close_matches(reference, ids, n=1)
                    problem = f"[[{reference}]] names no card of the deck"
                    listed = ", ".join(f"[[{i}]]" for i in ids[:12]) + (" …" if len(ids) > 12 else "")
                    hint = f"did you mean [[{close[0]}]]?" if close else \
                        f"cards: {listed}; [[icon:NAME]] for an icon alone"
                problems.append(located.error(key, problem, hint=hint))
                break  # one problem per text
    return problems


def _builtin_icons() -> list[str]:
    from cardgen.render.icons import ICONS

    return list(ICONS)


def _is_builtin_icon(name: str) -> bool:
    from cardgen.render.icons import ICONS

    return name in ICONS


def _check_fonts(deck: DeckSpec, located: Located) -> list[CardgenError]:
    """Each ``fonts:`` file: inside the deck, a font, not too large, and one reportlab can embed."""
    from cardgen.render.deck_fonts import FontFileError, font_file, register_font_file

    problems: list[CardgenError] = []
    for key, reference in deck.fonts.items():
        try:
            register_font_file(font_file(deck.folder, reference), reference)
        except FontFileError as exc:
            problems.append(located.error(("fonts", key), str(exc), hint=exc.hint))
    return problems


def _check_art(deck: DeckSpec, located: Located, key: tuple[str | int, ...], reference: str) -> CardgenError | None:
    try:
        check_reference(reference)
    except ContainmentError as exc:
        return located.error(key, f"'{reference}' {exc}")
    if PurePosixPath(reference).suffix.lower() not in ART_SUFFIXES:
        if key[-1] == "icon":
            from cardgen.render.icons import ICONS

            close = difflib.get_close_matches(reference, sorted(ICONS), n=1)
            hint = f"did you mean '{close[0]}'?" if close else f"built-in icons: {', '.join(sorted(ICONS))}"
            return located.error(key, f"unknown icon '{reference}'", hint=hint + ", or give an art file (.png, .jpg, .svg)")
        return located.error(key, f"'{reference}' is not a supported art file", hint="use .png, .jpg or .svg")
    try:
        real = contained_path(deck.folder, reference, "art")
    except FileMissing:
        return located.error(key, f"art file '{reference}' not found", hint=f"looked in {display_path(deck.folder)}/")
    except ContainmentError as exc:
        return located.error(key, f"'{reference}' {exc}")
    from cardgen.render.art import art_size

    try:
        art_size(real)
    except CardgenError as exc:
        return located.error(key, f"'{reference}': {exc.message}", hint=exc.hint)
    return None
