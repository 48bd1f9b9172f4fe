"""pydantic ValidationError → one CardgenError per problem, with file positions and hints."""

from __future__ import annotations

import difflib
import re
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from cardgen.errors import CardgenError, DeckError
from cardgen.loading.yaml_source import COMMENTED_COLOUR, Key, Located, colour_hint, format_key

Locator = Callable[[Key], tuple[Path, int | None, int | None]]

_MESSAGES = {
    "missing": "is required",
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "string_type": "must be text",
    "list_type": "must be a list",
    "dict_type": "must be a mapping (key: value)",
    "model_type": "must be a mapping (key: value)",
    "bool_type": "must be true or false",
    "float_type": "must be a number",
    "too_short": "must not be empty",
}


def locator_for(located: Located) -> Locator:
    def locate(key: Key) -> tuple[Path, int | None, int | None]:
        line, col = located.where(key)
        return located.path, line, col

    return locate


def errors_from_validation(exc: ValidationError, where: Located | Locator, *,
                           model: type[BaseModel] | None = None,
                           error_class: type[CardgenError] = DeckError) -> list[CardgenError]:
    locate = locator_for(where) if isinstance(where, Located) else where
    problems: list[CardgenError] = []
    seen: set[tuple[Key, str]] = set()
    errors = exc.errors(include_url=False)
    data = where.data if isinstance(where, Located) else None
    literal_locs = {_clean_loc(e["loc"], data) for e in errors if e["type"] == "literal_error"}
    inner_locs = [_clean_loc(e["loc"], data) for e in errors if e["type"] != "literal_error"]
    for error in errors:
        loc = _clean_loc(error["loc"], data)
        if error["type"] in ("model_type", "dict_type") and loc in literal_locs:
            continue  # a preset name was meant; the "or a mapping" branch would only confuse
        if error["type"] == "literal_error" and isinstance(error.get("input"), dict) and any(
                len(other) > len(loc) and other[:len(loc)] == loc for other in inner_locs):
            continue  # a mapping was meant (print.card: {width: …}); its own errors say what is wrong in it
        kind = error["type"]
        hint = None
        if kind == "extra_forbidden":
            unknown = str(loc[-1])
            parent = loc[:-1]
            allowed = allowed_keys(model, parent) if model is not None else []
            close = difflib.get_close_matches(unknown, allowed, n=1, cutoff=0.6)
            message = f"unknown key '{unknown}'"
            if close:
                hint = f"did you mean '{close[0]}'?"
            elif allowed:
                hint = "allowed keys: " + ", ".join(allowed)
            path, line, col = locate(loc + ("<key>",))
        else:
            message = _message(error)
            if kind == "literal_error":
                expected = error.get("ctx", {}).get("expected", "")
                given = error.get("input")
                options = [o.strip().strip("'") for o in str(expected).replace(" or ", ",").split(",") if o.strip()]
                close = difflib.get_close_matches(str(given), options, n=1) if isinstance(given, str) else []
                message = f"unknown value {given!r}" if isinstance(given, str) else "has an unexpected value"
                hint = f"did you mean '{close[0]}'?" if close else f"expected one of: {', '.join(options)}"
            path, line, col = locate(loc)
            if hint is None and isinstance(where, Located):
                hint = _typed_value_hint(error, loc, where.line_text(line), col)
        marker = (loc, message)
        if marker in seen:
            continue
        seen.add(marker)
        problems.append(error_class(message, path=path, line=line, col=col, field=format_key(loc) or None, hint=hint))
    return problems


def _typed_value_hint(error: Any, loc: Key, source_line: str, col: int | None) -> str | None:
    """Why YAML did not give text where text was asked: an unquoted colour (a comment), an empty value,
    or a number or true/false that needs quotes to stay text."""
    given = error.get("input", "")
    if given is None:
        found = COMMENTED_COLOUR.search(source_line)
        if found:  # `color: #b22222` unquoted is an empty value and a comment
            return colour_hint(found.group("hex"))
        if error["type"] == "string_type" and loc and isinstance(loc[-1], str):
            return f"the value is empty: write {loc[-1]}: \"\" or leave the key out"
        return None
    if error["type"] != "string_type" or not loc or not isinstance(loc[-1], str):
        return None
    token = re.match(r"[^,}\]\s#]+", source_line[col - 1:]) if col else None
    written = token.group(0) if token else str(given)
    if isinstance(given, bool):
        return f"YAML read {written} as true or false: put it in quotes, {loc[-1]}: \"{written}\""
    if isinstance(given, (int, float)):
        return f"YAML read {written} as a number: put it in quotes, {loc[-1]}: \"{written}\""
    return None


_BRANCH = ("literal[", "function-", "str", "int", "float", "bool", "list[", "dict[", "nullable[", "union[")


def _clean_loc(loc: tuple[Any, ...], data: Any = None) -> Key:
    """Drop pydantic's union-branch labels ('literal[...]', 'CardSizeSpec') from an error location.

    A part is kept when it names a key or index that really is in the user's data; otherwise it
    is dropped if it looks like a branch label.
    """
    cleaned: list[str | int] = []
    current = data
    for part in loc:
        present = (isinstance(current, dict) and part in current) or (
            isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current))
        if present:
            current = current[part]
            cleaned.append(part)
            continue
        if isinstance(part, str) and (part.startswith(_BRANCH) or part[:1].isupper()) and data is not None:
            continue
        current = None
        cleaned.append(part)
    return tuple(cleaned)


def _message(error: Any) -> str:
    kind = error["type"]
    if kind in ("greater_than_equal", "greater_than") and error.get("ctx", {}).get("ge", error.get("ctx", {}).get("gt")) in (1, 0):
        return "must be a positive integer"
    if kind == "less_than_equal":
        return f"must be at most {error['ctx']['le']} (a limit that keeps builds finite)"
    if kind == "value_error":
        return str(error.get("ctx", {}).get("error", error["msg"]))
    if kind in _MESSAGES:
        if kind.startswith("int") :
            return "must be a positive integer" if "count" in str(error["loc"][-1:]) else _MESSAGES[kind]
        return _MESSAGES[kind]
    return error["msg"][0].lower() + error["msg"][1:]


def allowed_keys(model: type[BaseModel] | None, key: Key) -> list[str]:
    """The field names accepted at ``key`` inside ``model`` (for 'did you mean' hints)."""
    annotation: Any = model
    for part in key:
        annotation = _descend(annotation, part)
        if annotation is None:
            return []
    models = [a for a in _flatten(annotation) if isinstance(a, type) and issubclass(a, BaseModel)]
    names: list[str] = []
    for m in models:
        names.extend(n for n in m.model_fields if n not in names)
    return names


def _flatten(annotation: Any) -> list[Any]:
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        out: list[Any] = []
        for arg in typing.get_args(annotation):
            out.extend(_flatten(arg))
        return out
    if origin is typing.Annotated:
        return _flatten(typing.get_args(annotation)[0])
    return [annotation]


def _descend(annotation: Any, part: str | int) -> Any:
    for option in _flatten(annotation):
        if isinstance(option, type) and issubclass(option, BaseModel):
            if isinstance(part, str) and part in option.model_fields:
                return option.model_fields[part].annotation
            continue
        origin = typing.get_origin(option)
        args = typing.get_args(option)
        if origin is list and isinstance(part, int):
            return args[0]
        if origin is dict and isinstance(part, str):
            return args[1]
    return None
