"""The Markdown → PO unit splitter: one unit per heading, paragraph, list item or table cell."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.errors import DeckError
from cardgen.i18n.units import parse_markdown

SOURCE = """```cardgen
title
```

Intro line one
continues here. {.subtitle}

# Dealing {#dealing}

Deal **one** card, {{ count.hit }} times.

- first item
- second [[hit]] item
  - nested item

1. numbered

| Option | Meaning |
|---|:-:|
| `max_extras` | how many Extras |

> A tip.

## [[hit]] {#hit}

```cardgen
diagram: falling-table
```

# Extra and Ground

Last paragraph.
"""


def test_units_have_contexts_lines_and_one_line_sources() -> None:
    doc = parse_markdown(SOURCE, path=Path("rulebook.md"))
    units = {u.context: u for u in doc.units()}
    assert units["rulebook:front.1"].source == "Intro line one continues here."
    assert units["rulebook:front.1"].line == 5
    assert units["rulebook:dealing.title"].source == "Dealing"
    assert units["rulebook:dealing.1"].source == "Deal **one** card, {{ count.hit }} times."
    assert units["rulebook:dealing.1"].line == 10
    assert [units[f"rulebook:dealing.{n}"].source for n in (2, 3, 4, 5)] == [
        "first item", "second [[hit]] item", "nested item", "numbered"]
    assert units["rulebook:dealing.6"].source == "Option"  # table cells, header first
    assert units["rulebook:dealing.8"].source == "`max_extras`"
    assert units["rulebook:dealing.10"].source == "A tip."
    # a chapter heading without {#id} gets a slug; numbering restarts per chapter
    assert units["rulebook:extra-and-ground.title"].source == "Extra and Ground"
    assert units["rulebook:extra-and-ground.1"].source == "Last paragraph."


def test_untranslatable_units_are_marked() -> None:
    doc = parse_markdown(SOURCE, path=Path("rulebook.md"))
    units = {u.context: u for u in doc.units()}
    assert not units["rulebook:dealing.8"].translatable  # only code
    assert not units["rulebook:dealing.11"].translatable  # only a card icon: "## [[hit]]"
    assert units["rulebook:dealing.9"].translatable


def test_blocks_keep_structure_classes_and_directives() -> None:
    doc = parse_markdown(SOURCE, path=Path("rulebook.md"))
    kinds = [b.kind for b in doc.blocks]
    assert kinds[:3] == ["directive", "paragraph", "heading"]
    assert doc.blocks[1].classes == ("subtitle",)
    lists = [b for b in doc.blocks if b.kind == "list"]
    assert lists[0].depths == (0, 0, 1) and not lists[0].ordered and lists[1].ordered
    table = next(b for b in doc.blocks if b.kind == "table")
    assert table.columns == 2 and table.align == ("left", "center")
    assert [(d.name, d.args) for d in doc.directives()] == [("title", {}), ("diagram", {"value": "falling-table"})]
    assert [c.anchor for c in doc.chapters()] == ["dealing", "extra-and-ground"]


@pytest.mark.parametrize("text, line, message", [
    ("# A\n\nText {.shiny}\n", 3, "unknown paragraph class '.shiny'"),
    ("# A\n\n    indented code\n", 3, "indented code blocks are not supported"),
    ("# A\n\n```python\nx = 1\n```\n", 3, "unsupported fenced block 'python'"),
    ("# A {#a}\n\n# B {#a}\n", 3, "two headings have the anchor 'a'"),
])
def test_bad_markdown_is_an_error_at_its_line(text: str, line: int, message: str) -> None:
    with pytest.raises(DeckError) as caught:
        parse_markdown(text, path=Path("rulebook.md"))
    assert caught.value.line == line
    assert message in caught.value.message


def test_shipped_rulebook_has_every_chapter_the_issue_lists(falling_dir: Path) -> None:
    from cardgen.i18n.units import parse_rulebook

    doc = parse_rulebook(falling_dir / "rulebook.md")
    assert [c.anchor for c in doc.chapters()] == [
        "idea", "components", "setup", "dealing", "riders", "actions", "extra-and-ground", "timing", "winning",
        "teaching", "strategy", "variants", "credits"]
    assert {d.name for d in doc.directives()} >= {"components", "teaching", "diagram", "contents"}
