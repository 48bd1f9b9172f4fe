"""Preflight of the books (rulebook, walkthrough handout, booklet): no text under 8 pt, read from the PDF,
and no caption or summary line of a walkthrough frame cut or covered (``text-cut``, as the writer measured it).

Every character's size is read from the finished PDF with pdfium: its font size times the scale
of its full matrix (text matrix, every ``cm`` and form matrix above it), so a diagram shrunk
onto the page counts at the size it prints. Pictures of cards are left out: their text is the
card's own, checked on the card (6.5 pt). A run of text is a card's when it is part of what the
deck's faces and backs print (``card_text``), or when it is drawn at under ``MINIATURE_SCALE``
(a whole table of cards shrunk into a walkthrough frame).
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

from cardgen.preflight.problems import Problem

BOOK_MIN_SIZE = 8.0
"""Smallest text in a handout or rulebook, in points."""
MINIATURE_SCALE = 0.6
"""Text drawn at less than this scale belongs to a shrunken picture of a card or a table."""
SHOWN_RUNS = 4


def text_sizes(pdf: Path) -> list[tuple[int, float, float, str]]:
    """(page number, printed size, drawing scale, text) of every run of text of one size on one line."""
    import pypdfium2
    from pypdfium2 import raw

    runs: list[tuple[int, float, float, str]] = []
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        for index in range(len(document)):
            page = document[index]
            textpage = page.get_textpage()
            runs += _page_runs(index + 1, textpage, raw)
            textpage.close()
            page.close()
    finally:
        document.close()
    return runs


def _page_runs(number: int, textpage, raw) -> list[tuple[int, float, float, str]]:  # type: ignore[no-untyped-def]
    """The runs of one page: a new run at each line break and each change of printed size."""
    runs: list[tuple[int, float, float, str]] = []
    matrix = raw.FS_MATRIX()
    current: list[str] = []
    key: tuple[float, float] | None = None
    for k in range(textpage.count_chars() + 1):
        char = chr(raw.FPDFText_GetUnicode(textpage, k)) if k < textpage.count_chars() else "\n"
        this = key
        if char not in "\r\n\x02" and not char.isspace():
            if not raw.FPDFText_GetMatrix(textpage, k, matrix):
                continue
            scale = math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c))
            this = (round(raw.FPDFText_GetFontSize(textpage, k) * scale, 1), round(scale, 3))
        if char in "\r\n\x02" or this != key:
            text = "".join(current).strip()
            if text and key is not None:
                runs.append((number, key[0], key[1], text))
            current = []
            key = None if char in "\r\n\x02" else this
        if char not in "\r\n\x02":
            current.append(" " if char.isspace() else char)
    return runs


_NOT_COMPARED = re.compile(r"[\s*_\u00ad\u2010-]+")


def _squeezed(text: str) -> str:
    """Text without spaces, markup stars, hyphens (a PDF's words and line breaks are not the card's)."""
    return _NOT_COMPARED.sub("", text)


def check_book(pdf: Path, *, shown: str, language: str = "", min_size: float = BOOK_MIN_SIZE,
               card_text: Iterable[str] = ()) -> list[Problem]:
    """One ``tiny-text`` line per page and size of ``pdf`` with text under ``min_size``, naming the text.

    ``card_text``: every text the deck's cards print in this language (pictures of cards are exempt).
    """
    cards = "\n".join(_squeezed(text) for text in card_text)
    found: dict[tuple[int, float], list[str]] = defaultdict(list)
    for page, size, scale, text in text_sizes(pdf):
        if size >= min_size - 0.05 or scale < MINIATURE_SCALE or text in found.get((page, size), ()):
            continue
        if cards and _squeezed(text) in cards:
            continue  # a line of a card's picture
        found[(page, size)].append(text)
    problems = []
    for (page, size), texts in sorted(found.items()):
        quoted = ", ".join(f"“{t if len(t) <= 48 else t[:47] + '…'}”" for t in texts[:SHOWN_RUNS])
        more = f" and {len(texts) - SHOWN_RUNS} more" if len(texts) > SHOWN_RUNS else ""
        problems.append(Problem("tiny-text", f"page {page}: {quoted}{more} {'is' if len(texts) == 1 else 'are'} "
                                f"{size:g} pt, under {min_size:g} pt", shown, language=language))
    return problems


def book_files(deck_folder_has_rulebook: bool, has_walkthrough: bool, language: str, *,
               booklet: bool = False) -> list[str]:
    """The names of the books built for one language, as ``cardgen build`` (and ``rulebook --booklet``) name them."""
    names = [f"rulebook-{language}.pdf"] if deck_folder_has_rulebook else []
    names += [f"rulebook-{language}-booklet.pdf"] if deck_folder_has_rulebook and booklet else []
    names += [f"walkthrough-{language}.pdf"] if has_walkthrough else []
    return names


def preflight_books(deck, *, languages: Iterable[str] = (), paper: str = "a4",  # type: ignore[no-untyped-def]
                    min_size: float = BOOK_MIN_SIZE, booklet: bool = False,
                    allow_untranslated: bool = False) -> list[Problem]:
    """Build the deck's rulebook and walkthrough (and booklet) in a scratch folder, and read their type sizes;
    with the walkthrough's frame texts that did not fit their boxes."""
    import tempfile

    from cardgen.i18n.messages import rulebook_path
    from cardgen.i18n.translator import translator_for
    from cardgen.preflight.faces import draw_faces
    from cardgen.rulebook.builder import write_rulebook
    from cardgen.walkthrough.registry import WalkthroughOptions, find_walkthrough

    has_rulebook = rulebook_path(deck).is_file()
    writer = find_walkthrough(deck.game)
    problems: list[Problem] = []
    with tempfile.TemporaryDirectory(prefix="cardgen-books-") as scratch:
        for language in tuple(languages) or tuple(deck.languages):
            translate = translator_for(deck, language, allow_untranslated=allow_untranslated)
            faces, _ = draw_faces(deck, language=language, translate=translate)
            card_text = [ink.text for face in faces for ink in face.ink if ink.kind == "text"]
            for name in book_files(has_rulebook, writer is not None, language, booklet=booklet):
                target = Path(scratch) / name
                if name.startswith("walkthrough"):
                    written = writer(deck, target, translate=translate, language=language,  # type: ignore[misc]
                                     options=WalkthroughOptions(paper=paper))
                    problems += [Problem("text-cut", cut, name, language=language) for cut in written.cut_text]
                else:
                    write_rulebook(deck, target, translate=translate, language=language, paper=paper,
                                   booklet=name.endswith("-booklet.pdf"))
                problems += check_book(target, shown=name, language=language, min_size=min_size,
                                       card_text=card_text)
    return problems
