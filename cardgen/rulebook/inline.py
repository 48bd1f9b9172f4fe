"""Markdown inline text → reportlab paragraph markup (escaped: nothing in it becomes a tag).

Supported: **bold**, *italic*, `code` (option names), links (``https://…``, ``#anchor``), hard
breaks, card icons ``[[hit]]`` — a small drawing of the card's icon followed by its name — and
ability icons ``[[icon:action]]`` (``action``, ``no-los``, ``tip``), drawn alone.

Card icons ride on reportlab's ``<img>`` tag, which reserves their room in the line: the source
is a ``data:`` URI of a 1×1 transparent PNG that names the card (``data:image/png;card=hit;base64,…``),
and :class:`~cardgen.rulebook.flowables.BookCanvas` draws the vector icon where reportlab would
have drawn the marker. The marker never reaches the PDF, and no file is made for it, so a killed
run leaves nothing behind. Reportlab opens ``data:`` URIs only for trusted hosts; cardgen trusts
the ``data`` scheme alone (:func:`_allow_data_uris`: still no file, http or other URL).
"""

from __future__ import annotations

import base64
import io
import re
from collections.abc import Callable
from functools import cache
from typing import Any
from urllib.parse import quote

from markdown_it import MarkdownIt

from cardgen.xml_escape import escape, quoteattr

CODE_COLOR = "#8a3b12"
LINK_COLOR = "#1f5fbf"
_CARD = re.compile(r"\[\[([^\[\]]+)\]\]")
_md = MarkdownIt("commonmark", {"html": False})

MARKERS: dict[str, str] = {}
"""Marker URI → card id (filled as markers are made)."""


@cache
def _marker_bytes() -> bytes:
    """A 1×1 fully transparent PNG."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("LA", (1, 1), (0, 0)).save(buffer, format="PNG")
    return buffer.getvalue()


@cache
def _marker_png() -> str:
    """:func:`_marker_bytes`, base64."""
    return base64.b64encode(_marker_bytes()).decode("ascii")


@cache
def _allow_data_uris() -> None:
    """Let reportlab open ``data:`` URIs (its default trusts no URL at all), and nothing else; and read
    cardgen's own markers without reportlab's URL opener (:func:`_read_markers_first`)."""
    from reportlab import rl_config

    if not rl_config.trustedHosts:  # a host no URL can have: with the data scheme alone, only data: URIs open
        rl_config.trustedHosts = ["cardgen.invalid"]
        rl_config.trustedSchemes = ["data"]
    _read_markers_first()


def _read_markers_first() -> None:
    """Answer reportlab's read of a marker URI with the marker's PNG bytes.

    reportlab opens an ``<img>`` source that is not a file with ``reportlab.lib.utils.rlUrlRead``,
    whose first call builds a URL opener — importing ``urllib.request``, ``http.client`` and
    ``ssl``, about 20 ms of CPU — to decode a ``data:`` URI. A URI :func:`marker_uri` made (one of
    :data:`MARKERS`) is answered with the bytes that URI holds, before that; any other source is
    read by reportlab as before (its first call replaces the function: this one is put back).
    """
    from reportlab.lib import utils

    if getattr(utils.rlUrlRead, "cardgen_markers", False):
        return
    reportlab_read = [utils.rlUrlRead]

    def read(url: str, headers: dict[str, str] | None = None) -> Any:
        if isinstance(url, str) and url in MARKERS:
            return _marker_bytes()
        try:
            return reportlab_read[0](url, headers=headers)
        finally:
            if utils.rlUrlRead is not read:
                reportlab_read[0] = utils.rlUrlRead
                utils.rlUrlRead = read

    read.cardgen_markers = True  # type: ignore[attr-defined]
    utils.rlUrlRead = read


def marker_uri(card_id: str) -> str:
    """A ``data:`` URI of a 1×1 transparent PNG standing for ``card_id``'s inline icon."""
    _allow_data_uris()
    uri = f"data:image/png;card={quote(card_id, safe='')};base64,{_marker_png()}"
    MARKERS[uri] = card_id
    return uri


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
