"""Form XObjects that keep their transparency: a work-around for a reportlab omission.

reportlab's ``Canvas.endForm`` records the form's graphics states (the ``/gRLs0 gs`` of a
``setFillAlpha``) on the form object, but ``PDFFormXObject.format`` builds the form's resource
dictionary without them, so viewers meet an unknown ExtGState and draw a 45 %-opaque pattern
fully opaque; its shadings (gradients) are left out the same way. :func:`end_form` closes a form and
gives its resources the missing entries.
"""

from __future__ import annotations

from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName
from reportlab.pdfgen.canvas import Canvas


def end_form(canvas: Canvas, name: str) -> None:
    """``canvas.endForm()`` for the form begun as ``name``, with its ExtGState and Shading resources kept.

    Shadings (an SVG's gradients) are left out by reportlab the same way: the form's ``/Sh0 sh`` then names
    nothing and viewers paint black or nothing where the gradient was.
    """
    shadings = dict(getattr(canvas, "_shadingUsed", {}) or {})  # the form's own: endForm resets them
    canvas.endForm()
    form = canvas._doc.idToObject[xObjectName(name)]
    states = getattr(form, "ExtGState", None)
    if not (states or shadings) or form.Resources:
        return
    # the dictionary PDFFormXObject.format would build, plus the graphics states
    resources = PDFResourceDictionary()
    resources.basicFonts()
    if form.hasImages:
        resources.allProcs()
    else:
        resources.basicProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    if states:
        resources.ExtGState = states
    if shadings:
        resources.setShading(shadings)
    form.Resources = resources
