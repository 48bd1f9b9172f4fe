"""Image files placed in a PDF under a name made from their bytes, so a PDF never depends on a path.

reportlab's ``Canvas.drawImage(path)`` names the image XObject after the md5 of the path string
*as spelled* (``'%s%s' % (image, mask)``). The same deck named ``deck``, ``./deck/x/..`` or
``/home/me/deck``, or built from another folder, gave the same picture a different name, and the
PDFs differed although they drew the same pixels. :func:`draw_image_file` does for a file what
``drawImage`` does, but names the XObject after the file's content: the same art gives the same
bytes wherever the deck lies, and two files with the same bytes are embedded once.
"""

from __future__ import annotations

from hashlib import md5
from pathlib import Path

from reportlab.pdfbase.pdfdoc import PDFImageXObject, PDFObjectReference
from reportlab.pdfgen.canvas import Canvas

_MASK = "auto"  # transparency: the PNG's alpha as a soft mask, as ``drawImage(mask="auto")``


def image_name(path: str | Path) -> str:
    """The XObject name of an image file: the md5 of its bytes (and of the mask it is drawn with)."""
    return md5(Path(path).read_bytes() + _MASK.encode(), usedforsecurity=False).hexdigest()


def draw_image_file(canvas: Canvas, path: str | Path, x: float, y: float, w: float, h: float) -> None:
    """Draw the image file at ``path`` stretched into the box (``w``, ``h`` > 0), stored once per PDF.

    The same steps as ``Canvas.drawImage(str(path), x, y, w, h, mask="auto")``, with the name
    from :func:`image_name` (read once per file and canvas).
    """
    names: dict[str, str] = canvas.__dict__.setdefault("_cardgen_image_names", {})
    key = str(path)
    name = names.get(key)
    if name is None:
        name = names[key] = image_name(path)
    doc = canvas._doc
    registered = doc.getXObjectName(name)
    if registered not in doc.idToObject:
        _embed(canvas, key, name, registered)
    canvas._currentPageHasImages = 1
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(w, h)
    canvas._code.append(f"/{registered} Do")
    canvas.restoreState()
    canvas._formsinuse.append(name)


def _embed(canvas: Canvas, path: str, name: str, registered: str) -> None:
    """Read the file into an image XObject (with its soft mask) and register it in the document."""
    doc = canvas._doc
    image = PDFImageXObject(name, path, mask=_MASK)
    image.name = name
    canvas._setXObjects(image)
    doc.Reference(image, registered)
    doc.addForm(name, image)
    smask = getattr(image, "_smask", None)
    if smask is not None:  # the alpha channel, named by reportlab after its own pixels
        mask_name = doc.getXObjectName(smask.name)
        if mask_name not in doc.idToObject:
            canvas._setXObjects(smask)
            image.smask = doc.Reference(smask, mask_name)
        else:
            image.smask = PDFObjectReference(mask_name)
        del image._smask
