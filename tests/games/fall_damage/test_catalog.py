"""The French catalog of the kit is complete, and its strings point at their lines in deck.yaml."""

from __future__ import annotations

from cardgen.cli import main
from cardgen.i18n.messages import extract_messages
from cardgen.loading import load_deck
from cardgen.model.deck import DeckSpec
from tests.conftest import FALLING
from tests.games.fall_damage.conftest import FALL_DAMAGE


def _line_of(text: str) -> int:
    lines = (FALL_DAMAGE / "deck.yaml").read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, start=1) if text in line)


def test_abilities_and_labels_are_extracted_at_their_lines(fd_deck: DeckSpec) -> None:
    messages = {m.context: m for m in extract_messages(fd_deck)}
    assert messages["card:knight.abilities.0.name"].text == "Vanguard"
    assert messages["card:knight.abilities.0.text"].line == _line_of("{name: Vanguard")
    assert messages["label:move"].line == _line_of("  move: Move")
    assert messages["card:splash-mage.stats.fall"].text == "Mage: +2 to every fall it causes"
    assert "card:knight.stats.push" not in messages  # a code (B1), drawn with translated letters instead
    assert {"book:clarification", "book:types.type", "diagram:fd-push.drop", "diagram:fd-reach.blocked"} <= set(messages)


def test_other_books_do_not_get_the_new_labels() -> None:
    contexts = {m.context for m in extract_messages(load_deck(FALLING))}
    assert not any(c.startswith(("book:clarification", "book:types.", "book:stats.", "diagram:fd-")) for c in contexts)


def test_french_catalog_is_complete(runner) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["i18n", "check", str(FALL_DAMAGE), "fr"])
    assert result.exit_code == 0, result.output
    assert "(100%), 0 fuzzy, 0 missing, 0 with problems" in result.output


def test_the_french_kit_writes_a_square_of_tiles_one_way() -> None:
    """F25: cards said « carré de 3×3 » where the rulebook says « 3 × 3 » (French spaces the sign)."""
    import re

    from cardgen.i18n.catalogs import catalog_path, read_catalog

    strings = [form for m in read_catalog(catalog_path(load_deck(FALL_DAMAGE), "fr")) if m.context
               for form in (m.string if isinstance(m.string, tuple) else (m.string,))]  # each form of a counted string
    assert any("3 × 3" in s for s in strings)
    assert not [s for s in strings if re.search(r"\d×|×\d", s)]
