"""``cardgen preflight --pdf FILE``: check a print file against PDF/X-1a:2003 or PDF/X-4 and an ink limit.

One line per problem (``FILE: page N, object: problem``) and exit code 1 when there is any, so it
also checks files made by other tools. (The deck mode, ``cardgen preflight DECK``, is separate.)
"""

from __future__ import annotations

from pathlib import Path

import click


@click.command("preflight")
@click.option("--pdf", "pdf_file", type=click.Path(path_type=Path, dir_okay=False), required=True,
              help="A PDF to check against PDF/X (any producer).")
@click.option("--pdfx", type=click.Choice(["x1a", "x4"]), default="x1a", show_default=True,
              help="x1a: PDF/X-1a:2003 (CMYK only, no transparency, PDF 1.4); x4: PDF/X-4.")
@click.option("--ink-limit", type=click.IntRange(100, 400), default=300, show_default=True, metavar="PERCENT",
              help="Total area coverage allowed (DriveThruCards asks for 240).")
@click.option("--min-dpi", type=click.FloatRange(1, 2400), metavar="DPI",
              help="Also report images that print coarser than this (DriveThruCards asks for 300).")
def command(pdf_file: Path, pdfx: str, ink_limit: int, min_dpi: float | None) -> None:
    """Check a PDF file for a print shop: PDF/X rules and the ink limit."""
    check_pdf(pdf_file, pdfx, ink_limit, min_dpi)


def check_pdf(pdf_file: Path, pdfx: str, ink_limit: int, min_dpi: float | None = None) -> None:
    """Print every violation of ``pdf_file``; exit 1 if there is one."""
    import pikepdf

    from cardgen.errors import CardgenError
    from cardgen.preflight.pdfx import VERSION_NAMES, preflight_pdf

    if not pdf_file.is_file():
        raise CardgenError("no such file", path=pdf_file, hint="give the path of a PDF")
    try:
        violations = preflight_pdf(pdf_file, version=pdfx, ink_limit=ink_limit,  # type: ignore[arg-type]
                                   min_dpi=min_dpi)
    except pikepdf.PdfError as error:
        raise CardgenError(f"not a readable PDF: {error}", path=pdf_file) from None
    for violation in violations:
        click.echo(f"{pdf_file}: {violation.format()}")
    what = f"{VERSION_NAMES[pdfx]}, ink ≤ {ink_limit}%"
    if violations:
        click.echo(f"{pdf_file}: {len(violations)} problem{'s' if len(violations) != 1 else ''} for {what}", err=True)
        raise click.exceptions.Exit(1)
    click.echo(f"{pdf_file}: passes {what}")
