"""Two of reportlab's regular expressions compiled when first used, not when reportlab is imported.

Importing ``reportlab.platypus`` (every command that sets a paragraph: card text that wraps,
rulebooks, handouts) compiles a web-address pattern, ``paragraph.uri_pat`` — Unicode ranges under
IGNORECASE, about 33 ms of CPU — and ``textsplit.rx``, a CJK pattern (about 4 ms). Only a word too
long for its line that looks like a web address uses the first, only ``cjkwrap`` the second: most
runs never do, and 37 ms is about a tenth of what ``cardgen export`` spends starting up.

``re.compile`` looks in the ``re`` module's cache before it compiles. :func:`install` puts a
:class:`DeferredPattern` there under each pattern's exact text and flags, so reportlab's import
gets the stand-in, which compiles the real pattern the first time it is used. Should a reportlab
release change a pattern, its import simply compiles it as before (nothing breaks; a test says
the saving is gone). The cache is the standard library's (``re._cache``, Python 3.11–3.13); where
it is not a dict, nothing is installed.
"""

from __future__ import annotations

import re
from typing import Any

REPORTLAB_PATTERNS: tuple[tuple[str, int], ...] = (
    # reportlab/platypus/paragraph.py: uri_pat (from Django's URL validator)
    (("(^(?:[a-z0-9\\.\\-\\+]*)://)(?:\\S+(?::\\S*)?@)?(?:(?:25[0-5]|2[0-4]\\d|[0-1]?\\d?\\d)(?:\\.(?:25[0-5]|"
     "2[0-4]\\d|[0-1]?\\d?\\d)){3}|\\[[0-9a-f:\\.]+\\]|([a-z\xa1-\uffff0-9](?:[a-z\xa1-\uffff0-9-]{0,61}"
     "[a-z\xa1-\uffff0-9])?(?:\\.(?!-)[a-z\xa1-\uffff0-9-]{1,63}(?<!-))*\\.(?!-)(?:[a-z\xa1-\uffff-]{2,63}|"
     "xn--[a-z0-9]{1,59})(?<!-)\\.?|localhost))(?::\\d{2,5})?(?:[/?#][^\\s]*)?\\Z"), int(re.IGNORECASE)),
    # reportlab/lib/textsplit.py: rx (cjkwrap)
    ("([\u2e80-\uffff])", int(re.UNICODE)),
)


class DeferredPattern:
    """Stands for ``re.compile(source, flags)`` and compiles it when an attribute is first asked for."""

    __slots__ = ("_compiled", "flags", "source")

    def __init__(self, source: str, flags: int) -> None:
        self.source = source
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            cache = getattr(re, "_cache", None)
            if isinstance(cache, dict):  # take the stand-in out, or re.compile would hand it back
                key = (str, self.source, self.flags)
                if cache.get(key) is self:
                    del cache[key]
            self._compiled = re.compile(self.source, self.flags)
        return self._compiled

    def __getattr__(self, name: str) -> Any:
        return getattr(self.compiled(), name)

    def __repr__(self) -> str:
        state = "compiled" if self._compiled is not None else "not compiled yet"
        return f"<DeferredPattern {self.source[:30]!r}…, {state}>"


def install(patterns: tuple[tuple[str, int], ...] = REPORTLAB_PATTERNS) -> list[DeferredPattern]:
    """Put a stand-in for each pattern into the ``re`` cache (before reportlab is imported); returns them."""
    cache = getattr(re, "_cache", None)
    if not isinstance(cache, dict):
        return []
    installed = []
    for source, flags in patterns:
        key = (str, source, flags)
        if key not in cache:
            cache[key] = DeferredPattern(source, flags)
            installed.append(cache[key])
    return installed
