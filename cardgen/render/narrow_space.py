"""Make reportlab keep a NARROW NO-BREAK SPACE (U+202F) unbroken, as Unicode says it must.

French sets a narrow no-break space before ``; ! ?`` (see :mod:`cardgen.i18n.typography`).
Reportlab 4–5 lists U+202F among the spaces a paragraph may break at (``_wsc`` and
``split`` in ``reportlab.platypus.paragraph``), so "vite ?" could end one line with "vite" and
start the next with "?". :func:`install` rebinds those module helpers to a whitespace set
without U+202F (U+00A0 was already excluded). It is idempotent and changes nothing else:
every other space still breaks as before. Called before reportlab's paragraph module is imported,
it patches it when it is.
"""

from __future__ import annotations

import re
from types import ModuleType

NNBSP = "\u202f"
_installed = False


def install() -> None:
    """Patch ``reportlab.platypus.paragraph`` once so U+202F never starts or ends a line: now if it
    is imported, else when it is (a process that sets no Paragraph, such as card sheets of plain
    text, never imports it: see :mod:`cardgen.render.plain_text`)."""
    from cardgen.render.after_import import when_imported

    when_imported("reportlab.platypus.paragraph", _patch)


def _patch(paragraph: ModuleType) -> None:
    """Rebind the module's whitespace helpers to a set without U+202F."""
    global _installed
    if _installed:
        return
    spaces = paragraph._wsc.replace(NNBSP, "")
    splitter = re.compile(f"[{re.escape(spaces)}]+").split

    def split(text: str | bytes, delim: str | None = None) -> list[str]:
        if isinstance(text, bytes):
            text = text.decode("utf8")
        if isinstance(delim, bytes):
            delim = delim.decode("utf8")
        return splitter(text) if delim is None else text.split(delim)

    paragraph._wsc = spaces
    paragraph._wsc_re_split = splitter
    paragraph._wsc_end_search = re.compile(f"[{re.escape(spaces)}]+$").search
    paragraph.split = split
    _installed = True
