"""Two layout passes for a rulebook with a contents page, not three.

Platypus fills a table of contents from the previous pass's headings, so ``multiBuild`` lays a
book out until two passes agree: the first with an empty one-line contents page, the second with
the real entries (which moves every page after the contents), the third to confirm. Seeding
the table with the book's own headings (page numbers still unknown) makes the first pass as long
as the last, so its page numbers are already right and the second pass confirms them. Should a
heading land elsewhere after all, ``multiBuild`` simply runs another pass: the result is the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from reportlab.platypus import Flowable
from reportlab.platypus.tableofcontents import TableOfContents

from cardgen.rulebook.flowables import BackCoverEntry, Heading
from cardgen.xml_escape import escape


def _walk(flowables: Iterable[Any]) -> Iterator[Flowable]:
    for flowable in flowables:
        yield flowable
        for attribute in ("_content", "_flowables", "figure", "text"):
            inner = getattr(flowable, attribute, None)
            if isinstance(inner, (list, tuple)):
                yield from _walk(inner)


def seed_contents(story: list[Flowable]) -> int:
    """Give each table of contents in ``story`` the entries its headings will make; returns how many."""
    everything = list(_walk(story))
    entries = [(0 if isinstance(f, BackCoverEntry) else f.toc_level, escape(f.plain), 0, f.key) for f in everything
               if isinstance(f, BackCoverEntry) or (isinstance(f, Heading) and f.toc_level is not None)]
    for flowable in everything:
        if isinstance(flowable, TableOfContents) and not flowable._entries:
            flowable.addEntries(entries)
    return len(entries)
