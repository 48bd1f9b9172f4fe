"""Where a PDF's images are placed, and so at what resolution they print.

Walks every page's content with its transformation matrix (``q``/``Q``/``cm``, Form XObjects
with their ``/Matrix``, to a bounded depth) and reports each use of each image XObject with the
pixels per inch it gets there. Forms are parsed once each, however often they are placed.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

import pikepdf

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
MAX_DEPTH = 16
"""Forms nested deeper than this (or drawing themselves) are not followed."""


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """``m`` then ``n`` (PDF's row-vector convention: the result is m × n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


@dataclass(frozen=True)
class ImageUse:
    page: int
    """1-based."""
    name: str
    dpi: float
    """The lower of the horizontal and vertical resolution at this placement."""


def _matrix(values: object) -> Matrix:
    return tuple(float(v) for v in values)  # type: ignore[return-value, attr-defined]


def _relative_uses(owner: pikepdf.Object, resources: pikepdf.Object | None, cache: dict,
                   depth: int) -> list[tuple[pikepdf.Stream, str, Matrix]]:
    """(image, name, matrix in ``owner``'s space) for every image drawn by ``owner`` and its forms."""
    key = owner.objgen if owner.is_indirect else None
    if key is not None and key in cache:
        return cache[key]
    uses: list[tuple[pikepdf.Stream, str, Matrix]] = []
    if key is not None:
        cache[key] = uses  # a form that draws itself finds itself empty, ending the loop
    xobjects = (resources.get("/XObject") if resources is not None else None) or {}
    ctm, stack = IDENTITY, []
    for item in pikepdf.parse_content_stream(owner):
        if isinstance(item, pikepdf.ContentStreamInlineImage):
            continue
        op = str(item.operator)
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop() if stack else IDENTITY
        elif op == "cm" and len(item.operands) == 6:
            ctm = multiply(_matrix(item.operands), ctm)
        elif op == "Do" and item.operands and item.operands[0] in xobjects:
            xobject = xobjects[item.operands[0]]
            subtype = xobject.get("/Subtype")
            if subtype == pikepdf.Name.Image:
                uses.append((xobject, str(item.operands[0]), ctm))
            elif subtype == pikepdf.Name.Form and depth < MAX_DEPTH:
                inner = multiply(_matrix(xobject.get("/Matrix", IDENTITY)), ctm)
                for image, name, m in _relative_uses(xobject, xobject.get("/Resources", resources), cache, depth + 1):
                    uses.append((image, name, multiply(m, inner)))
    return uses


def image_uses(pdf: pikepdf.Pdf) -> dict[tuple[int, int], list[ImageUse]]:
    """Every placement of every (indirect) image, keyed by the image's object id."""
    cache: dict = {}
    found: dict[tuple[int, int], list[ImageUse]] = defaultdict(list)
    for number, page in enumerate(pdf.pages, start=1):
        obj = page.obj
        for image, name, (a, b, c, d, _, _) in _relative_uses(obj, obj.get("/Resources"), cache, 0):
            width_in, height_in = math.hypot(a, b) / 72, math.hypot(c, d) / 72
            if width_in <= 0 or height_in <= 0:
                continue
            dpi = min(int(image.Width) / width_in, int(image.Height) / height_in)
            found[image.objgen].append(ImageUse(number, name, dpi))
    return dict(found)
