"""A rulebook's Markdown source → blocks of translation units.

One unit per heading, paragraph, list item or table cell. Each unit keeps its Markdown inline
source (the msgid), its line in the file and a context naming where it lives:
``rulebook:<chapter>.title`` for a chapter heading (``# Dealing {#dealing}``) and
``rulebook:<chapter>.<n>`` for the n-th unit after it; units before the first chapter are
``rulebook:front.<n>``. Fenced blocks with the info string ``cardgen`` are directives
(``contents``, ``components``, ``diagram: falling-table`` …) and hold no text to translate.

Small additions to CommonMark: ``{#id}`` at the end of a heading names its anchor, and
``{.class}`` at the end of a paragraph gives it a style (``subtitle``, ``caption``, ``lead``;
``clarification`` draws it in a box headed "Clarification", for rulings on unclear rules).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal

from markdown_it import MarkdownIt
from markdown_it.token import Token

from cardgen.errors import DeckError
from cardgen.loading.containment import ContainmentError, check_regular, read_contained

BlockKind = Literal["heading", "paragraph", "list", "table", "quote", "directive", "rule"]

_ATTRS = re.compile(r"\s*\{((?:[#.][A-Za-z][\w-]*\s*)+)\}\s*$")
_CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.DOTALL)
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.DOTALL)
PARAGRAPH_CLASSES = ("subtitle", "lead", "caption", "note", "center", "clarification")


@dataclass(frozen=True)
class Unit:
    """One translatable piece of text: Markdown inline source and where it lives."""

    context: str
    source: str
    line: int
    translatable: bool = True


@dataclass(frozen=True)
class Block:
    """A block of the document; its text is in ``units`` (list items, table cells row-major)."""

    kind: BlockKind
    line: int
    units: tuple[Unit, ...] = ()
    level: int = 0  # heading level (1 = chapter)
    anchor: str = ""  # heading anchor
    classes: tuple[str, ...] = ()  # paragraph classes
    ordered: bool = False  # list
    depths: tuple[int, ...] = ()  # list: nesting depth of each item
    columns: int = 0  # table: number of columns (the first row is the header)
    align: tuple[str, ...] = ()  # table: left | center | right per column
    children: tuple[Block, ...] = ()  # quote: the blocks inside
    name: str = ""  # directive name
    args: dict[str, str] = field(default_factory=dict)  # directive arguments


@dataclass(frozen=True)
class Document:
    path: Path
    blocks: tuple[Block, ...]

    def units(self) -> list[Unit]:
        """Every unit in reading order (those inside quotes too)."""
        out: list[Unit] = []

        def walk(blocks: tuple[Block, ...]) -> None:
            for block in blocks:
                out.extend(block.units)
                walk(block.children)

        walk(self.blocks)
        return out

    def chapters(self) -> list[Block]:
        return [b for b in self.blocks if b.kind == "heading" and b.level == 1]

    def directives(self) -> list[Block]:
        return [b for b in self.blocks if b.kind == "directive"]


def slugify(text: str) -> str:
    """``Extra and Ground`` → ``extra-and-ground`` (ASCII, for contexts and anchors)."""
    text = _JINJA.sub("", text)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    text = re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()
    return text or "section"


def is_translatable(source: str) -> bool:
    """False for text with nothing to translate: only code, values, card icons, numbers."""
    rest = _CODE_SPAN.sub("", source)
    rest = _JINJA.sub("", rest)
    rest = re.sub(r"\[\[[^\]]*\]\]", "", rest)
    return any(ch.isalpha() for ch in rest)


def _normalise(text: str) -> str:
    """Soft line breaks become spaces: a msgid is one line of text."""
    lines = [line.strip() for line in text.strip().splitlines()]
    return " ".join(line for line in lines if line)


_md = MarkdownIt("commonmark", {"html": False}).enable("table")


class _Splitter:
    def __init__(self, path: Path, display: Path) -> None:
        self.path = path
        self.display = display
        self.chapter = "front"
        self.counter = 0
        self.anchors: set[str] = set()

    def error(self, line: int, message: str, hint: str | None = None) -> DeckError:
        return DeckError(message, path=self.display, line=line, hint=hint)

    def unit(self, content: str, line: int) -> Unit:
        self.counter += 1
        source = _normalise(content)
        return Unit(f"rulebook:{self.chapter}.{self.counter}", source, line, is_translatable(source))

    def blocks(self, tokens: list[Token], start: int, stop: int) -> tuple[list[Block], int]:
        out: list[Block] = []
        i = start
        while i < stop:
            token = tokens[i]
            line = (token.map[0] + 1) if token.map else 0
            kind = token.type
            if kind == "heading_open":
                out.append(self.heading(tokens[i + 1], int(token.tag[1]), line))
                i += 3
            elif kind == "paragraph_open":
                content = tokens[i + 1].content
                classes: tuple[str, ...] = ()
                match = _ATTRS.search(content)
                if match:
                    content = content[:match.start()]
                    classes = tuple(part[1:] for part in match.group(1).split() if part.startswith("."))
                    unknown = [c for c in classes if c not in PARAGRAPH_CLASSES]
                    if unknown:
                        raise self.error(line, f"unknown paragraph class '.{unknown[0]}'",
                                         hint="use one of " + ", ".join("." + c for c in PARAGRAPH_CLASSES))
                out.append(Block("paragraph", line, (self.unit(content, line),), classes=classes))
                i += 3
            elif kind in ("bullet_list_open", "ordered_list_open"):
                block, i = self.list_block(tokens, i)
                out.append(block)
            elif kind == "table_open":
                block, i = self.table(tokens, i)
                out.append(block)
            elif kind == "blockquote_open":
                end = self._close(tokens, i, "blockquote_open", "blockquote_close")
                children, _ = self.blocks(tokens, i + 1, end)
                out.append(Block("quote", line, children=tuple(children)))
                i = end + 1
            elif kind == "fence":
                out.append(self.directive(token, line))
                i += 1
            elif kind == "hr":
                out.append(Block("rule", line))
                i += 1
            elif kind == "code_block":
                raise self.error(line, "indented code blocks are not supported",
                                 hint="write ```cardgen fences for directives, or remove the indentation")
            else:  # html_block cannot occur (html is off); anything else is structure we skip
                i += 1
        return out, i

    @staticmethod
    def _close(tokens: list[Token], i: int, open_type: str, close_type: str) -> int:
        depth = 0
        for j in range(i, len(tokens)):
            if tokens[j].type == open_type:
                depth += 1
            elif tokens[j].type == close_type:
                depth -= 1
                if depth == 0:
                    return j
        return len(tokens) - 1

    def heading(self, inline: Token, level: int, line: int) -> Block:
        content = inline.content
        anchor = ""
        match = _ATTRS.search(content)
        if match:
            content = content[:match.start()]
            ids = [part[1:] for part in match.group(1).split() if part.startswith("#")]
            anchor = ids[0] if ids else ""
        source = _normalise(content)
        if not anchor:
            anchor = slugify(source)
        if anchor in self.anchors:
            raise self.error(line, f"two headings have the anchor '{anchor}'", hint="give one of them {#another-name}")
        self.anchors.add(anchor)
        if level == 1:
            self.chapter = anchor
            self.counter = 0
            unit = Unit(f"rulebook:{anchor}.title", source, line, is_translatable(source))
        else:
            unit = self.unit(content, line)
        return Block("heading", line, (unit,), level=level, anchor=anchor)

    def list_block(self, tokens: list[Token], i: int) -> tuple[Block, int]:
        first = tokens[i]
        line = (first.map[0] + 1) if first.map else 0
        ordered = first.type == "ordered_list_open"
        units: list[Unit] = []
        depths: list[int] = []
        depth = -1
        j = i
        while j < len(tokens):
            token = tokens[j]
            if token.type in ("bullet_list_open", "ordered_list_open"):
                depth += 1
            elif token.type in ("bullet_list_close", "ordered_list_close"):
                depth -= 1
                if depth < 0:
                    break
            elif token.type == "inline":
                item_line = (token.map[0] + 1) if token.map else line
                units.append(self.unit(token.content, item_line))
                depths.append(depth)
            j += 1
        return Block("list", line, tuple(units), ordered=ordered, depths=tuple(depths)), j + 1

    def table(self, tokens: list[Token], i: int) -> tuple[Block, int]:
        line = (tokens[i].map[0] + 1) if tokens[i].map else 0
        units: list[Unit] = []
        align: list[str] = []
        columns = 0
        row = 0
        j = i
        while tokens[j].type != "table_close":
            token = tokens[j]
            if token.type == "tr_open":
                row += 1
            elif token.type in ("th_open", "td_open"):
                if row == 1:
                    columns += 1
                    style = str(token.attrs.get("style", ""))
                    align.append(style.split(":", 1)[1] if ":" in style else "left")
            elif token.type == "inline":
                cell_line = (token.map[0] + 1) if token.map else line
                units.append(self.unit(token.content, cell_line))
            j += 1
        return Block("table", line, tuple(units), columns=columns, align=tuple(align)), j + 1

    def directive(self, token: Token, line: int) -> Block:
        info = token.info.strip()
        if info != "cardgen":
            raise self.error(line, f"unsupported fenced block '{info or '```'}'",
                             hint="rulebooks use ```cardgen fences for directives (contents, components, diagram: …)")
        body = [row.strip() for row in token.content.splitlines() if row.strip()]
        if not body:
            raise self.error(line, "empty cardgen directive")
        name, _, rest = body[0].partition(":")
        args: dict[str, str] = {}
        if rest.strip():
            args["value"] = rest.strip()
        for row in body[1:]:
            key, _, value = row.partition(":")
            args[key.strip()] = value.strip()
        return Block("directive", line, name=name.strip(), args=args)


MAX_HEADINGS = 500
MAX_BLOCKS = 5_000
MAX_UNIT_CHARS = 20_000
MAX_TABLE_COLUMNS = 20
MAX_TABLE_ROWS = 500
MAX_WORD_CHARS = 200
"""Bounds on a rulebook, checked right after parsing, before anything is typeset."""


def parse_markdown(text: str, *, path: Path, display: Path | None = None) -> Document:
    """Split Markdown ``text`` into blocks and units (raises DeckError with file:line)."""
    splitter = _Splitter(path, display or path)
    tokens = _md.parse(text)
    blocks, _ = splitter.blocks(tokens, 0, len(tokens))
    _check_bounds(blocks, display or path)
    return Document(path=path, blocks=tuple(blocks))


_LONG_WORD = re.compile(rf"[^\s/—–-]{{{MAX_WORD_CHARS + 1},}}")


def _check_bounds(blocks: list[Block], shown: Path) -> None:
    """Refuse a rulebook too big to typeset in reasonable time, at the first block over a limit."""
    headings = 0
    chapter_seen = False
    for index, block in enumerate(blocks):
        if block.kind == "heading":
            chapter_seen = chapter_seen or block.level == 1
            if block.level == 2 and not chapter_seen:
                raise DeckError("a section (##) before the first chapter (#)", path=shown, line=block.line,
                                hint="start the rulebook with a chapter heading: '# Title'")
        if index == MAX_BLOCKS:
            raise DeckError(f"more than {MAX_BLOCKS:,} paragraphs, headings and tables", path=shown,
                            line=block.line, hint="a rulebook is a booklet; split the text")
        if block.kind == "heading":
            headings += 1
            if headings > MAX_HEADINGS:
                raise DeckError(f"more than {MAX_HEADINGS} headings", path=shown, line=block.line,
                                hint="a rulebook is a booklet; merge sections")
        if block.kind == "table":
            rows = len(block.units) // max(block.columns, 1)
            if block.columns > MAX_TABLE_COLUMNS:
                raise DeckError(f"a table with {block.columns} columns (at most {MAX_TABLE_COLUMNS})", path=shown,
                                line=block.line, hint="a page has room for a few columns; split the table")
            if rows > MAX_TABLE_ROWS:
                raise DeckError(f"a table with {rows} rows (at most {MAX_TABLE_ROWS})", path=shown,
                                line=block.line, hint="split the table")
        for unit in block.units:
            if len(unit.source) > MAX_UNIT_CHARS:
                raise DeckError(f"a paragraph of {len(unit.source):,} characters (at most {MAX_UNIT_CHARS:,})",
                                path=shown, line=unit.line, hint="split it into shorter paragraphs")
            word = _LONG_WORD.search(unit.source)
            if word and "](" not in unit.source:
                raise DeckError(f"a word of {len(word.group()):,} characters (at most {MAX_WORD_CHARS})",
                                path=shown, line=unit.line, hint="break it with spaces")


@lru_cache(maxsize=16)
def _parse_cached(path: Path, display: Path, mtime_ns: int, size: int) -> Document:
    try:
        raw = read_contained(path, "rulebook")
    except ContainmentError as exc:
        raise DeckError(str(exc), path=display, hint="a rulebook is a plain rulebook.md file in the deck folder") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DeckError(f"not UTF-8 text ({exc.reason})", path=display, line=raw[: exc.start].count(b"\n") + 1,
                        hint="save it as UTF-8") from None
    return parse_markdown(text, path=path, display=display)


def parse_rulebook(path: Path, *, display: Path | None = None) -> Document:
    """Parse a rulebook file (cached while the file is unchanged).

    The file goes through the deck's containment rule: a plain file (no link, folder or
    device) of at most :data:`~cardgen.loading.containment.SIZE_LIMITS` ``rulebook`` bytes.
    """
    try:
        info = check_regular(path, "rulebook")
    except ContainmentError as exc:
        raise DeckError(str(exc), path=display or path,
                        hint="a rulebook is a plain rulebook.md file in the deck folder") from None
    return _parse_cached(path, display or path, info.st_mtime_ns, info.st_size)
