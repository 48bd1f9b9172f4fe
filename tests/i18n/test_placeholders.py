"""What a translation must keep: {name}, %(name)s, {{ values }}, **markup**, `code`, [[cards]], links."""

from __future__ import annotations

from cardgen.i18n.placeholders import differences, format_flags, signature


def test_signature_counts_every_kind() -> None:
    sig = signature("Deal {count} to %(name)s: **{{ count.hit }}** [[hit]] `push_scope` [x](#timing)")
    assert sig.placeholders == {"{count}": 1, "%(name)s": 1, "{{ count.hit }}": 1}
    assert sig.markup == {"**bold**": 1, "[[hit]]": 1, "`push_scope`": 1, "link to #timing": 1}


def test_a_faithful_translation_has_no_differences() -> None:
    assert differences("Deal {count} cards to %(name)s, **now**.", "Donnez {count} cartes à %(name)s, **maintenant**.") == []
    assert differences("{{ total }} cards", "{{total}} cartes") == []  # Jinja spacing does not matter


def test_renamed_and_lost_placeholders_are_reported() -> None:
    problems = differences("Deal {count} cards to %(name)s.", "Donnez {nombre} cartes à %(nom)s.")
    assert "placeholder {count} of the source is missing from the translation" in problems
    assert "placeholder {nombre} is not in the source" in problems
    assert "placeholder %(name)s of the source is missing from the translation" in problems
    assert "placeholder %(nom)s is not in the source" in problems


def test_changed_markup_code_and_cards_are_reported() -> None:
    problems = differences("**Push** uses `push_scope` with [[push]].", "Poussée utilise `portee` avec [[grab]].")
    assert "markup **bold** of the source is missing from the translation" in problems
    assert "markup `push_scope` of the source is missing from the translation" in problems
    assert "markup [[push]] of the source is missing from the translation" in problems
    assert "markup [[grab]] is not in the source" in problems


def test_french_percent_sign_is_not_a_placeholder() -> None:
    assert signature("50 % sont perdus").placeholders == {}


def test_format_flags_for_po_tools() -> None:
    assert format_flags("Total: {count}") == {"python-brace-format"}
    assert format_flags("to %(name)s") == {"python-format"}
    assert format_flags("{{ total }} cards") == set()


def test_a_signature_changed_by_its_caller_does_not_change_the_next_one() -> None:
    """Signatures are worked out once per string; each caller still gets its own counts."""
    text = "Deal {count} cards, **now**."
    first = signature(text)
    first.placeholders["{count}"] += 5
    first.markup.clear()
    again = signature(text)
    assert again.placeholders == {"{count}": 1} and again.markup == {"**bold**": 1}
    assert differences(text, "Donnez {count} cartes, **maintenant**.") == []


def test_a_placeholder_named_fewer_or_more_times_is_not_reported_missing() -> None:
    """FINDINGS F10: the second {card} replaced by a pronoun is fine (msgfmt -c agrees); a
    placeholder really gone, or really new, is still reported."""
    source = "{by} touches **{card}** to the **{rider}**. **{card}** goes to the discard."
    assert differences(source, "{by} schiebt **{rider}** weg. **{card}** geht auf den Ablagestapel, **sie** auch.") == []
    assert differences("Step {n} of {count}", "Étape {n} sur {count} ({n})") == []
    assert differences(source, "{by} schiebt **{rider}** weg, **sie** geht **ab**.") == [
        "placeholder {card} of the source is missing from the translation"]


def test_bold_counts_are_told_as_counts() -> None:
    assert differences("**a** and **b**", "**a et b**") == ["markup **bold** appears 1× in the translation, 2× in the source"]
    assert differences("**a**", "**a** **b**") == ["markup **bold** appears 2× in the translation, 1× in the source"]


def _every_shipped_string() -> set[str]:
    from babel.messages.pofile import read_po

    from tests.conftest import ROOT

    texts: set[str] = set()
    for path in sorted((ROOT / "decks").glob("*/locale/*.po*")):
        with path.open("rb") as handle:
            for message in read_po(handle):
                for text in (message.id, message.string):
                    texts.update([text] if isinstance(text, str) else list(text or ()))
    return texts


def test_texts_read_without_parsing_give_what_markdown_it_gives() -> None:
    """The fast path (no character an inline rule starts at) agrees with the parser on every
    shipped string, and on plain texts near the edge (other CommonMark punctuation, spaces)."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from cardgen.i18n.placeholders import _inline_markup, _MAY_BE_MARKUP, _parsed_markup

    edge = {"5 > 3 = 2 + 1", "100 % ~ 90 %", "a#b $5 a:b ^x {n} }{ @me", " lead and trail ", "tab\there",
            "« Frappe ! »", "x -- y", "~~strike~~", "l'as d’or", "a   b",
            "a &amp; b", "see <https://example.org>", "one  \ntwo", "a \\*b", "`x`", "_y_", "![i](p)", "[l](#a)"}
    texts = _every_shipped_string() | edge
    assert sum(1 for text in texts if not _MAY_BE_MARKUP.search(text)) > 300  # the path is taken
    for text in texts:
        assert _inline_markup(text) == _parsed_markup(text), text

    @settings(max_examples=300, deadline=None)
    @given(st.text(alphabet=st.sampled_from(list("ab é{}%#$+-:=>@]^~ \t«»’.,;?0&<*_`[!\\\n")), max_size=30))
    def agrees(text: str) -> None:
        assert _inline_markup(text) == _parsed_markup(text)

    agrees()
