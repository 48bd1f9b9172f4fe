"""Render every page of two PDFs with pdfium and say whether any pixel differs.

Used to show that a speed change leaves every sheet as it was:

    python bench/compare_pixels.py BEFORE.pdf AFTER.pdf [--dpi 100]
"""

from __future__ import annotations

import argparse
import sys


def compare(before: str, after: str, dpi: float) -> list[str]:
    """The differences found, one line each (empty when every page renders the same)."""
    import pypdfium2 as pdfium

    a, b = pdfium.PdfDocument(before), pdfium.PdfDocument(after)
    if len(a) != len(b):
        return [f"{len(a)} pages against {len(b)}"]
    problems = []
    for index in range(len(a)):
        pa, pb = a[index], b[index]
        if pa.get_size() != pb.get_size():
            problems.append(f"page {index + 1}: size {pa.get_size()} against {pb.get_size()}")
            continue
        ia = pa.render(scale=dpi / 72).to_pil()
        ib = pb.render(scale=dpi / 72).to_pil()
        if ia.tobytes() != ib.tobytes():
            from PIL import ImageChops

            diff = ImageChops.difference(ia.convert("RGB"), ib.convert("RGB"))
            largest = max(high for _, high in diff.getextrema())
            changed = sum(diff.convert("L").histogram()[1:])
            problems.append(f"page {index + 1}: {changed} pixels differ, by at most {largest}/255, in {diff.getbbox()}")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--dpi", type=float, default=100)
    args = parser.parse_args()
    problems = compare(args.before, args.after, args.dpi)
    for line in problems:
        print(line)
    print(f"{args.after}: {'SAME PIXELS' if not problems else f'{len(problems)} DIFFERENCES'}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
