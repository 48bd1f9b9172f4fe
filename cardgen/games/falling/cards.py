"""FALLING's card kinds and the physical deck built from a deck file.

A *kind* is a deck card id (``hit``, ``ground`` …); a physical card is ``<kind>-<n>`` with n from
1 to the deck's count (``hit-1`` … ``hit-8``). Grounds beyond the deck's own are imagined when the
deck runs out (rule R33) and get the next numbers (``ground-6`` …).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from cardgen.errors import RulesError

HIT, SPLIT, SKIP = "hit", "split", "skip"
PUSH, GRAB, STOP = "push", "grab", "stop"
EXTRA, GROUND = "extra", "ground"

RIDERS = frozenset({HIT, SPLIT, SKIP})
ACTIONS = frozenset({PUSH, GRAB, STOP})
KINDS: tuple[str, ...] = (HIT, SPLIT, SKIP, PUSH, GRAB, STOP, EXTRA, GROUND)
"""Every kind the FALLING engine knows, in the order reports list them."""

PLAYABLE = (HIT, SPLIT, SKIP, PUSH, GRAB, STOP, EXTRA)


def kind_of(card: str) -> str:
    """``hit-3`` → ``hit``."""
    head, _, tail = card.rpartition("-")
    return head if head and tail.isdigit() else card


def card_ids(kind: str, count: int, *, start: int = 1) -> list[str]:
    """``card_ids('hit', 3)`` → ``['hit-1', 'hit-2', 'hit-3']``."""
    return [f"{kind}-{n}" for n in range(start, start + count)]


def recipe_from_deck(deck: object, *, kinds: Iterable[str] | None = None) -> dict[str, int]:
    """The counts per kind of a :class:`~cardgen.model.deck.DeckSpec`, optionally restricted.

    ``kinds`` selects a subset (a teaching stage: ``['ground', 'hit', 'split', 'skip']``).
    Raises :class:`RulesError` for a deck that is not a FALLING deck, for card ids the FALLING
    engine does not know, and for requested kinds the deck does not have.
    """
    cards = getattr(deck, "cards", None)
    if cards is None:
        raise RulesError("not a deck", hint="load one with cardgen.loading.load_deck(path)")
    game = getattr(deck, "game", None)
    where = getattr(deck, "file", None)
    if game not in (None, "falling"):
        raise RulesError(f"this deck is for the game '{game}', and only FALLING can be simulated",
                         path=where, field="game", hint="simulate a deck with 'game: falling'")
    counts = {card.id: card.count for card in cards}
    unknown = [cid for cid in counts if cid not in KINDS]
    if unknown:
        raise RulesError(f"the FALLING engine does not know the card id{'s' if len(unknown) > 1 else ''} "
                         f"{', '.join(repr(u) for u in unknown)}", path=where, field="cards",
                         hint=f"FALLING cards are {', '.join(KINDS)}")
    return restrict(counts, kinds)


def restrict(counts: Mapping[str, int], kinds: Iterable[str] | None) -> dict[str, int]:
    """``counts`` limited to ``kinds`` (all of them when None), checking every name."""
    if kinds is None:
        return {k: counts[k] for k in KINDS if counts.get(k)}
    wanted = list(kinds)
    bad = [k for k in wanted if k not in KINDS]
    if bad:
        raise RulesError(f"unknown FALLING card kind{'s' if len(bad) > 1 else ''} {', '.join(repr(b) for b in bad)}",
                         field="kinds", hint=f"choose from {', '.join(KINDS)}")
    missing = [k for k in wanted if not counts.get(k)]
    if missing:
        raise RulesError(f"the deck has no {', '.join(repr(m) for m in missing)} cards", field="kinds",
                         hint=f"the deck has {', '.join(k for k in KINDS if counts.get(k))}")
    return {k: counts[k] for k in KINDS if k in wanted}


def check_recipe(counts: Mapping[str, int]) -> None:
    """A recipe the engine can play: known kinds, counts from 0 to 10,000, at least one card."""
    for kind, count in counts.items():
        if kind not in KINDS:
            raise RulesError(f"unknown FALLING card kind '{kind}'", field="recipe",
                             hint=f"choose from {', '.join(KINDS)}")
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 10_000:
            raise RulesError(f"{kind}: the count must be a whole number from 0 to 10000, not {count!r}", field="recipe")
    if not any(counts.values()):
        raise RulesError("the recipe has no cards", field="recipe", hint="give at least one card, e.g. hit=8")


def physical_cards(counts: Mapping[str, int]) -> tuple[list[str], list[str]]:
    """(the non-Ground cards, the Grounds) as physical ids, in kind order."""
    others = [c for kind in KINDS if kind != GROUND for c in card_ids(kind, counts.get(kind, 0))]
    return others, card_ids(GROUND, counts.get(GROUND, 0))


def shuffled_deck(counts: Mapping[str, int], rng: random.Random) -> list[str]:
    """The dealing order, top first (R12): the other cards shuffled, then the Grounds at the bottom."""
    others, grounds = physical_cards(counts)
    rng.shuffle(others)
    return others + grounds


def paired_deck(base: Mapping[str, int], counts: Mapping[str, int], rng: random.Random) -> list[str]:
    """The dealing order of ``counts`` that shares as much as it can with ``base``'s order from the
    same random numbers (common random numbers, for paired comparisons of recipes).

    ``base`` is shuffled exactly as :func:`shuffled_deck` would (so ``rng`` ends in the same state
    whatever ``counts`` is); then the copies ``counts`` has fewer of (the highest numbered) leave
    their places, the copies it has more of take the freed places in deck order, and any copies
    left over (a bigger deck) go in at places drawn from ``rng``. Everything else keeps its
    place: one Hit fewer is the same deal with that Hit gone. Grounds stay at the bottom (R12).
    ``paired_deck(r, r, rng)`` is ``shuffled_deck(r, rng)``, leaving ``rng`` in the same state.
    """
    order = shuffled_deck(base, rng)
    wanted = {kind: counts.get(kind, 0) for kind in KINDS}
    dropped = {c for kind in KINDS if kind != GROUND
               for c in card_ids(kind, base.get(kind, 0) - wanted[kind], start=wanted[kind] + 1)}
    added = [c for kind in KINDS if kind != GROUND
             for c in card_ids(kind, wanted[kind] - base.get(kind, 0), start=base.get(kind, 0) + 1)]
    others: list[str] = []
    for card in order:
        if kind_of(card) == GROUND:
            continue
        if card in dropped:
            if added:
                others.append(added.pop(0))
            continue
        others.append(card)
    for card in added:
        others.insert(rng.randrange(len(others) + 1), card)
    return others + card_ids(GROUND, wanted[GROUND])


def kinds_table(cards: Sequence[str]) -> dict[str, str]:
    """card id → kind for every card in ``cards``."""
    return {card: kind_of(card) for card in cards}
