"""Safe YAML reading that remembers where every value came from.

ruamel.yaml composes the node tree (with line and column marks); we build plain Python values
ourselves, so no YAML tag can ever construct an object. Any tag outside YAML's core schema
(``!!python/object``, ``!custom``) is an error, duplicate keys are errors, and alias expansion is
bounded so a "billion laughs" file fails fast instead of eating memory.
"""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from cardgen.errors import DeckError
from cardgen.loading.containment import ContainmentError, FileMissing, read_contained
from cardgen.model.deck import MAX_DECK_CARDS

Key = tuple[str | int, ...]

_CORE = "tag:yaml.org,2002:"
_ALLOWED_TAGS = {f"{_CORE}{name}" for name in ("str", "int", "float", "bool", "null", "map", "seq")}
MAX_NODES = 40 * MAX_DECK_CARDS
"""Values (keys included) a document may hold: room for the largest deck, each card with many fields."""
MAX_ALIAS_VALUES = 200_000
"""Values that aliases (``*name``) may add by repeating blocks: ample for sharing, fatal to a "billion laughs"."""
MAX_DEPTH = 64


@dataclass
class Located:
    """A YAML document as plain data plus the (line, col) of every value and key, 1-based."""

    data: Any
    path: Path
    positions: dict[Key, tuple[int, int]] = field(default_factory=dict)
    text: str = field(default="", repr=False)
    """The document's text, for hints that quote a line (an unquoted colour read as a comment)."""

    def line_text(self, line: int | None) -> str:
        """Line ``line`` (1-based) of the document, '' when unknown."""
        if not line or not self.text:
            return ""
        lines = self.text.splitlines()
        return lines[line - 1] if line <= len(lines) else ""

    def where(self, key: Key) -> tuple[int | None, int | None]:
        """Position of the value at ``key``, or of its nearest located parent."""
        probe = tuple(key)
        while probe:
            if probe in self.positions:
                return self.positions[probe]
            probe = probe[:-1]
        return self.positions.get((), (None, None))

    def error(self, key: Key, message: str, *, hint: str | None = None, field_name: str | None = None) -> DeckError:
        line, col = self.where(key)
        return DeckError(message, path=self.path, line=line, col=col, field=field_name or format_key(key), hint=hint)


COMMENTED_COLOUR = re.compile(r"(?:^|[\s{,])[\w-]+:\s+(?P<hash>#)(?P<hex>[0-9A-Fa-f]{3,8})\b")
"""``color: #b22222`` unquoted: YAML reads the value as empty and the rest of the line as a comment."""


def colour_hint(hex_digits: str) -> str:
    return f"'#' after a space starts a YAML comment: put the colour in quotes, color: \"#{hex_digits}\""


def format_key(key: Key) -> str:
    """``('cards', 3, 'count')`` → ``cards[3].count``."""
    text = ""
    for part in key:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


def read_yaml(path: Path, *, display_path: Path | None = None, kind: str = "deck") -> Located:
    """Read one YAML file safely. Raises DeckError with the file position on any problem.

    The file is read through :func:`~cardgen.loading.containment.read_contained`: a plain file
    (not a link, folder or device) within the size limit of ``kind`` (``deck`` or ``layout``).
    """
    shown = display_path or path
    try:
        raw = read_contained(path, kind)
    except FileMissing:
        raise DeckError("file not found", path=shown) from None
    except ContainmentError as exc:
        raise DeckError(str(exc), path=shown, hint="split the deck into smaller files" if "limit" in str(exc) else None) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = raw[: exc.start].decode("utf-8")
        line, col = _line_col(good, len(good))
        raise DeckError(f"not UTF-8 text (byte 0x{raw[exc.start]:02x})", path=shown, line=line, col=col,
                        hint="save the file as UTF-8") from None
    return parse_yaml(text, path=shown)


def parse_yaml(text: str, *, path: Path) -> Located:
    # compose only: nodes with marks, no objects built; libyaml's parser (ruamel.yaml.clib) when installed,
    # about ten times faster than the pure-Python one, which ruamel falls back to otherwise
    yaml = YAML(typ="safe", pure=False)
    try:
        root = yaml.compose(io.StringIO(text))
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark is not None else (None, None)
        problem = (exc.problem or exc.context or "invalid YAML").strip()
        hint = "check indentation and quoting around this point"
        lines = text.splitlines()
        marks = [m.line for m in (exc.context_mark, exc.problem_mark) if m is not None]
        for number in sorted({n for m in marks for n in (m - 1, m) if 0 <= n < len(lines)}):
            found = COMMENTED_COLOUR.search(lines[number])
            if found:  # `color: #b22222` in a {…} mapping: the rest of the line is a comment, the } is lost
                line, col, hint = number + 1, found.start("hash") + 1, colour_hint(found.group("hex"))
                break
        else:
            if "mapping values are not allowed" in problem and line and line <= len(lines):
                value = re.match(r"\s*(?:-\s+)?([\w.-]+):\s+(.*\S)", lines[line - 1])
                if value:
                    hint = f"a value holding ': ' needs quotes: {value.group(1)}: \"{value.group(2)}\""
        raise DeckError(f"YAML syntax error: {problem}", path=path, line=line, col=col, hint=hint) from None
    except YAMLError as exc:
        position = getattr(exc, "position", None)
        line, col = _line_col(text, position) if isinstance(position, int) else (1, 1)
        character = getattr(exc, "character", None)
        if isinstance(character, str) and character:
            message = f"character U+{ord(character[0]):04X} is not allowed in YAML"
            hint = "remove control characters; save the file as UTF-8 text"
        else:
            message = f"YAML syntax error: {str(exc).splitlines()[0]}"
            hint = None
        raise DeckError(message, path=path, line=line, col=col, hint=hint) from None
    except RecursionError:
        raise DeckError("YAML nesting is too deep", path=path) from None
    located = Located(data=None, path=path, text=text)
    if root is None:
        located.data = None
        return located
    builder = _Builder(located)
    located.data = builder.build(root, (), 0)
    return located


def _line_col(text: str, position: int) -> tuple[int, int]:
    """1-based line and column of a character offset."""
    before = text[:position]
    return before.count("\n") + 1, position - (before.rfind("\n") + 1) + 1


class _Builder:
    def __init__(self, located: Located) -> None:
        self.located = located
        self.count = 0
        self.alias_count = 0
        self.built: set[int] = set()  # ids of collection nodes already built: meeting one again is an alias

    def _error(self, node: Node, message: str, hint: str | None = None) -> DeckError:
        mark = node.start_mark
        return DeckError(message, path=self.located.path, line=mark.line + 1, col=mark.column + 1, hint=hint)

    def build(self, node: Node, key: Key, depth: int, aliased: bool = False) -> Any:
        if not isinstance(node, ScalarNode):
            aliased = aliased or id(node) in self.built
            self.built.add(id(node))
        if aliased:
            self.alias_count += 1
            if self.alias_count > MAX_ALIAS_VALUES:
                raise self._error(node, f"document expands to more than {MAX_ALIAS_VALUES:,} values through aliases",
                                  hint="aliases (*name) that repeat large blocks are not allowed to multiply like this")
        else:
            self.count += 1
            if self.count > MAX_NODES:
                raise self._error(node, f"document has more than {MAX_NODES:,} values",
                                  hint=f"a deck holds at most {MAX_DECK_CARDS:,} cards; split it into several decks")
        if depth > MAX_DEPTH:
            raise self._error(node, f"nesting deeper than {MAX_DEPTH} levels")
        tag = str(node.tag)
        if tag not in _ALLOWED_TAGS:
            shown = tag.replace(_CORE, "!!")
            raise self._error(node, f"YAML tag '{shown}' is not allowed",
                              hint="deck files hold plain data; remove the tag")
        if key not in self.located.positions:
            self.located.positions[key] = (node.start_mark.line + 1, node.start_mark.column + 1)
        if isinstance(node, MappingNode):
            result: dict[str, Any] = {}
            own_key = key + ("<key>",) in self.located.positions  # where this mapping's own key was written
            for key_node, value_node in node.value:
                if str(key_node.tag) == f"{_CORE}merge":
                    raise self._error(key_node, "merge keys ('<<') are not supported", hint="use 'extends' in layouts")
                if not isinstance(key_node, ScalarNode):
                    raise self._error(key_node, "a mapping key must be plain text")
                name = self.build(key_node, key + ("<key>",), depth + 1, aliased)
                name = "" if name is None else str(name)
                if name in result:
                    raise self._error(key_node, f"duplicate key '{name}'", hint="each key may appear once in a mapping")
                self.located.positions[key + (name,)] = (value_node.start_mark.line + 1, value_node.start_mark.column + 1)
                self.located.positions[key + (name, "<key>")] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
                result[name] = self.build(value_node, key + (name,), depth + 1, aliased)
            if not own_key:
                self.located.positions.pop(key + ("<key>",), None)
            return result
        if isinstance(node, SequenceNode):
            return [self.build(item, key + (index,), depth + 1, aliased) for index, item in enumerate(node.value)]
        assert isinstance(node, ScalarNode)
        return _scalar(tag, node.value)


def _scalar(tag: str, value: str) -> Any:
    kind = tag[len(_CORE):]
    if kind == "null":
        return None
    if kind == "bool":
        return value.lower() in ("true", "yes", "on")
    if kind == "int":
        cleaned = value.replace("_", "")
        try:
            return int(cleaned, 10)
        except ValueError:
            try:
                return int(cleaned, 0)
            except ValueError:
                return value
    if kind == "float":
        lowered = value.lower().replace("_", "")
        if lowered in (".inf", "+.inf"):
            return math.inf
        if lowered == "-.inf":
            return -math.inf
        if lowered == ".nan":
            return math.nan
        try:
            return float(lowered)
        except ValueError:
            return value
    return value
