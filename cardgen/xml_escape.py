"""``escape`` and ``quoteattr`` of :mod:`xml.sax.saxutils`, without importing it.

``xml.sax.saxutils`` imports ``urllib.request`` and with it ``http.client``, ``email`` and ``ssl``
(about 30 ms of every command's start-up) for functions cardgen never calls. These two give the
same strings as the standard library's (``tests/test_xml_escape.py`` compares them).
"""

from __future__ import annotations

_ATTRIBUTE = {"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}


def escape(data: str) -> str:
    """``&``, ``<`` and ``>`` as entities (the ampersand first)."""
    return data.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(data: str) -> str:
    """``data`` escaped (line breaks and tabs too) and quoted as an XML attribute value."""
    data = escape(data)
    for char, entity in _ATTRIBUTE.items():
        data = data.replace(char, entity)
    if '"' not in data:
        return f'"{data}"'
    if "'" not in data:
        return f"'{data}'"
    return '"{}"'.format(data.replace('"', "&quot;"))
