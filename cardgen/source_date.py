"""The date a file records: ``SOURCE_DATE_EPOCH`` when it is set, the reproducible-builds convention.

PDFs carry a fixed date unless it is set (reportlab's invariant mode, :mod:`cardgen.export.pdfx`);
translation catalogs carry the time they were made (``POT-Creation-Date``), so two runs a minute
apart differ unless it is set. https://reproducible-builds.org/specs/source-date-epoch/
"""

from __future__ import annotations

import os
from datetime import UTC, datetime


def source_date() -> datetime | None:
    """``SOURCE_DATE_EPOCH`` (whole seconds since 1970, UTC) as a date; None when unset or not a number."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not epoch.isdigit():
        return None
    return datetime.fromtimestamp(int(epoch), tz=UTC)
