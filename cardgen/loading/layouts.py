"""Card layout templates: YAML files with ``extends`` (single inheritance, deep merge).

A layout is looked up first in the deck's own ``templates/`` folder, then among the built-in
templates shipped in the package. A child's element replaces matching keys of its parent's
element; ``name: null`` removes an inherited element.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from cardgen.errors import LayoutError
from cardgen.loading.containment import ContainmentError, FileMissing, contained_path
from cardgen.loading.validation import errors_from_validation
from cardgen.loading.yaml_source import Key, Located, read_yaml
from cardgen.model.layout import LayoutSpec

_ALLOWED_TOP = {"extends", "description", "elements"}


def builtin_templates_dir() -> Path:
    return Path(str(resources.files("cardgen") / "templates"))


def find_template(name: str, deck_folder: Path | None) -> Path | None:
    """The checked path of layout ``name``: the deck's ``templates/`` first, then the built-in ones.

    Raises :class:`ContainmentError` for a deck template that is a link, a folder or too large.
    """
    if "/" in name or "\\" in name or name.startswith(".") or "\x00" in name:
        return None
    if deck_folder is not None:
        try:
            return contained_path(deck_folder, f"templates/{name}.yaml", "layout")
        except FileMissing:
            pass
    try:
        return contained_path(builtin_templates_dir(), f"{name}.yaml", "layout")
    except FileMissing:
        return None


def available_templates(deck_folder: Path | None) -> list[str]:
    names = {p.stem for p in builtin_templates_dir().glob("*.yaml")}
    if deck_folder and (deck_folder / "templates").is_dir():
        names |= {p.stem for p in (deck_folder / "templates").glob("*.yaml")}
    return sorted(names)


def load_layout(name: str, *, deck_folder: Path | None, display_root: Path | None = None,
                referrer: tuple[Path, int | None, int | None, str] | None = None,
                fonts: list[str] | None = None, files: dict[Path, Located] | None = None) -> LayoutSpec:
    """Resolve a layout by name, following ``extends`` and validating the result.

    ``files``, when given, keeps each template file as read, so that the layouts of one deck that
    extend the same parent read and parse it once (nothing here changes what was read).
    """
    chain: list[tuple[str, Located]] = []
    current: str | None = name
    where = referrer
    while current is not None:
        if current in [n for n, _ in chain]:
            cycle = " → ".join([n for n, _ in chain] + [current])
            first = chain[0][1]
            raise LayoutError(f"layouts extend each other in a circle: {cycle}", path=first.path,
                              line=first.where(("extends",))[0], col=first.where(("extends",))[1], field="extends")
        try:
            path = find_template(current, deck_folder)
        except ContainmentError as exc:
            wpath, line, col, fld = where if where is not None else (None, None, None, None)
            raise LayoutError(f"layout '{current}': templates/{current}.yaml {exc}", path=wpath, line=line, col=col,
                              field=fld) from None
        if path is None:
            import difflib

            options = available_templates(deck_folder)
            close = difflib.get_close_matches(current, options, n=1)
            hint = f"did you mean '{close[0]}'?" if close else f"available: {', '.join(options)}"
            if where is not None:
                wpath, line, col, fld = where
                raise LayoutError(f"unknown layout '{current}'", path=wpath, line=line, col=col, field=fld, hint=hint)
            raise LayoutError(f"unknown layout '{current}'", hint=hint)
        shown = _display(path, deck_folder, display_root)
        located = files.get(path) if files is not None else None
        if located is None:
            located = read_yaml(path, display_path=shown, kind="layout")
            if files is not None:
                files[path] = located
        data = located.data
        if not isinstance(data, dict):
            raise LayoutError("a layout file must be a mapping with 'elements'", path=shown, line=1, col=1)
        for key in data:
            if key not in _ALLOWED_TOP:
                line, col = located.where((key, "<key>"))
                raise LayoutError(f"unknown key '{key}'", path=shown, line=line, col=col, field=key,
                                  hint="a layout has 'extends', 'description' and 'elements'")
        chain.append((current, located))
        parent = data.get("extends")
        if parent is not None and not isinstance(parent, str):
            line, col = located.where(("extends",))
            raise LayoutError("'extends' names one layout", path=shown, line=line, col=col, field="extends")
        line, col = located.where(("extends",))
        where = (shown, line, col, "extends")
        current = parent
    merged: dict[str, Any] = {}
    description = None
    for _, located in reversed(chain):
        data = located.data
        description = data.get("description", description)
        elements = data.get("elements") or {}
        if not isinstance(elements, dict):
            line, col = located.where(("elements",))
            raise LayoutError("'elements' must be a mapping of named elements", path=located.path, line=line, col=col,
                              field="elements")
        for element_name, element in elements.items():
            if element is None:
                merged.pop(element_name, None)
            elif isinstance(element, dict) and isinstance(merged.get(element_name), dict):
                merged[element_name] = {**merged[element_name], **element}
            else:
                merged[element_name] = element
    try:
        layout = LayoutSpec(name=name, description=description, elements=merged)
    except ValidationError as exc:
        # Report against the most specific file that defines the element.
        problems = errors_from_validation(exc, _chain_locator(chain), model=_LayoutFile, error_class=LayoutError)
        raise problems[0] if len(problems) == 1 else _many(problems) from None
    problems = _unknown_kinds(layout, chain) + _unknown_fonts(layout, chain, fonts or [])
    if problems:
        raise problems[0] if len(problems) == 1 else _many(problems)
    return layout


def _unknown_kinds(layout: LayoutSpec, chain: list[tuple[str, Located]]) -> list[LayoutError]:
    """An error for each element whose ``kind`` is neither built in nor registered."""
    from cardgen.render.card_renderer import element_kinds

    known = element_kinds()
    return _unknown_values(layout, chain, "kind", known, what="element kind",
                           otherwise="kinds: " + ", ".join(known))


def _unknown_fonts(layout: LayoutSpec, chain: list[tuple[str, Located]], deck_fonts: list[str]) -> list[LayoutError]:
    """An error for each element whose ``font`` is neither a role nor one of the deck's ``fonts:``."""
    from cardgen.render.deck_fonts import ROLES

    known = list(ROLES) + [name for name in deck_fonts if name not in ROLES]
    return _unknown_values(layout, chain, "font", known, what="font",
                           otherwise="fonts: " + ", ".join(known) + "; add your own under the deck's fonts:")


def _unknown_values(layout: LayoutSpec, chain: list[tuple[str, Located]], key: str, known: list[str], *,
                    what: str, otherwise: str) -> list[LayoutError]:
    """An error at each element whose ``key`` is not in ``known``, suggesting the closest name (else ``otherwise``)."""
    import difflib

    locate = _chain_locator(chain)
    problems = []
    for element_name, element in layout.elements.items():
        value = getattr(element, key)
        if value in known:
            continue
        path, line, col = locate(("elements", element_name, key))
        close = difflib.get_close_matches(value, known, n=1)
        problems.append(LayoutError(f"unknown {what} '{value}'", path=path, line=line, col=col,
                                    field=f"elements.{element_name}.{key}",
                                    hint=f"did you mean '{close[0]}'?" if close else otherwise))
    return problems


class _LayoutFile(LayoutSpec):
    """Field names as written in a layout file (for 'did you mean' hints)."""


def _chain_locator(chain: list[tuple[str, Located]]):  # type: ignore[no-untyped-def]
    """Locate a key in the child-most file of the ``extends`` chain that sets it."""

    def locate(key: Key) -> tuple[Path, int | None, int | None]:
        for probe_len in range(len(key), 0, -1):
            probe = key[:probe_len]
            for _, located in chain:
                if probe in located.positions:
                    line, col = located.positions[probe]
                    return located.path, line, col
        first = chain[0][1]
        return first.path, 1, 1

    return locate


def _many(problems: list[LayoutError]) -> LayoutError:
    from cardgen.errors import ProblemList

    return ProblemList("several problems", items=list(problems))  # type: ignore[return-value]


def _display(path: Path, deck_folder: Path | None, display_root: Path | None) -> Path:
    try:
        if deck_folder is not None and path.is_relative_to(deck_folder.resolve()):
            return (display_root or deck_folder) / path.relative_to(deck_folder.resolve())
    except ValueError:
        pass
    return Path("cardgen/templates") / path.name
