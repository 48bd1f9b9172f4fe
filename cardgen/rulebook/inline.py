"""Markdown inline text → reportlab paragraph markup (escaped: nothing in it becomes a tag).

Supported: **bold**, *italic*, `code` (option names), links (``https://…``, ``#anchor``), hard
breaks, card icons ``[[hit]]`` — a small drawing of the card's icon followed by its name — and
ability icons ``[[icon:action]]`` (``action``, ``no-los``, ``tip``), drawn alone.

Card icons ride on reportlab's ``<img>`` tag, which reserves their room in the line: the source
is a 1×1 marker PNG (one file per card id, in a temporary folder inside the output folder while
a rulebook is written — see :func:`markers_in` — else in the system's), and
:class:`~cardgen.rulebook.flowables.BookCanvas` draws the vector icon where reportlab would have
drawn the marker. Neither the marker nor its path reaches the PDF. (A ``data:`` URI would need
reportlab's ``trustedHosts`` opened up for the whole process; a file does not.)
"""

from __future__ import annotations

import atexit
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from markdown_it import MarkdownIt

CODE_COLOR = "#8a3b12"
LINK_COLOR = "#1f5fbf"
_CARD = re.compile(r"\[\[([^\[\]]+)\]\]")
_md = MarkdownIt("commonmark", {"html": False})

MARKERS: dict[str, str] = {}
"""Marker file path → card id (filled as markers are made)."""


_marker_parent: ContextVar[Path | None] = ContextVar("cardgen_marker_parent", default=None)
_folders: dict[str, str] = {}


@contextmanager
def markers_in(folder: Path) -> Iterator[None]:
    """Keep marker PNGs made meanwhile in a temporary folder inside ``folder`` (an output folder).

    A killed run leaves that folder among the output folder's temp files, which the next build
    removes, instead of in the system's temp folder.
    """
    token = _marker_parent.set(Path(folder))
    try:
        yield
    finally:
        _marker_parent.reset(token)


def _marker_folder() -> str:
    parent = _marker_parent.get()
    key = str(parent) if parent is not None else ""
    folder = _folders.get(key)
    if folder is None or not os.path.isdir(folder):
        if parent is not None:
            from cardgen.output import scratch_folder

            folder = str(scratch_folder(parent, "cardgen-icons"))
        else:
            folder = tempfile.mkdtemp(prefix="cardgen-icons-")
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        _folders[key] = folder
    return folder


def marker_uri(card_id: str) -> str:
    """The path of a 1×1 PNG standing for ``card_id``'s inline icon (card ids are safe file names)."""
    from PIL import Image

    path = Path(_marker_folder()) / f"{card_id.replace(':', '--')}.png"
    if str(path) not in MARKERS or not path.is_file():
        Image.new("LA", (1, 1), (0, 0)).save(path, format="PNG")
        MARKERS[str(path)] = card_id
    return str(path)


def _text_with_cards(text: str, *, card_name: Callable[[str], str], icon_size: float) -> str:
    out: list[str] = []
    position = 0
    for match in _CARD.finditer(text):
        out.append(escape(text[position:match.start()]))
        card_id = match.group(1).strip()
        name = card_name(card_id)  # raises for unknown cards (and icons)
        size = f"{icon_size:.2f}"
        out.append(f'<img src="{marker_uri(card_id)}" width="{size}" height="{size}" valign="middle"/>'
                   + (f"<b>{escape(name)}</b>" if name else ""))
        position = match.end()
    out.append(escape(text[position:]))
    return "".join(out)


def to_markup(text: str, *, card_name: Callable[[str], str], icon_size: float) -> str:
    """Reportlab markup for one unit's (rendered) Markdown inline text.

    ``card_name(id)`` gives a card's name in the book's language and raises for unknown cards.
    """
    tokens = _md.parseInline(text)
    children = (tokens[0].children or []) if tokens else []
    out: list[str] = []
    links: list[bool] = []
    for token in children:
        kind = token.type
        if kind == "text":
            out.append(_text_with_cards(token.content, card_name=card_name, icon_size=icon_size))
        elif kind == "strong_open":
            out.append("<b>")
        elif kind == "strong_close":
            out.append("</b>")
        elif kind == "em_open":
            out.append("<i>")
        elif kind == "em_close":
            out.append("</i>")
        elif kind == "code_inline":
            out.append(f'<font color="{CODE_COLOR}"><b>{escape(token.content)}</b></font>')
        elif kind == "softbreak":
            out.append(" ")
        elif kind == "hardbreak":
            out.append("<br/>")
        elif kind == "link_open":
            href = str(token.attrs.get("href", ""))
            ok = href.startswith(("#", "https://", "http://", "mailto:"))
            links.append(ok)
            if ok:
                out.append(f'<a href={quoteattr(href)} color="{LINK_COLOR}">')
        elif kind == "link_close":
            if links.pop():
                out.append("</a>")
        elif kind == "image":
            out.append(escape(token.content))
        else:
            out.append(escape(token.content))
    return "".join(out)


def to_plain(text: str, *, card_name: Callable[[str], str]) -> str:
    """The words of one unit without markup (for bookmarks and the table of contents)."""
    tokens = _md.parseInline(text)
    children = (tokens[0].children or []) if tokens else []
    parts = []
    for token in children:
        if token.type in ("text", "code_inline"):
            parts.append(_CARD.sub(lambda m: card_name(m.group(1).strip()), token.content))
        elif token.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return "".join(parts).strip()
