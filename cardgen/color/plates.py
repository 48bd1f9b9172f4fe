"""Rasterise a CMYK PDF (a PDF/X file) into CMYK pixels: one grey render per ink plate.

pdfium renders only to RGB, and turns DeviceCMYK into RGB with its own formula. To see what a
PDF/X file prints, each ink gets its own copy of the file in which every colour is that ink's
amount as a grey (``k``/``K``/``sc`` in DeviceCMYK → ``g``/``G``; DeviceGray is black ink; CMYK
images → their one channel), pdfium renders the four copies in grey, and the four plates make
one CMYK image — which the print condition's profile then turns into the colours the press gives
(:meth:`cardgen.color.cmyk.CmykConverter.proof`). Painting knocks out every plate (no overprint,
as cardgen writes its files), and normal-mode transparency (PDF/X-4) blends each ink linearly
as a CMYK blending space does. Any other colour space is refused with a clear error.
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Self

import pikepdf
from PIL import Image

from cardgen.errors import CardgenError

INKS = "CMYK"
Box = tuple[float, float, float, float]


def _grey(value: float) -> float:
    """An ink amount (0 = none) as the grey that shows it (1 = paper)."""
    return round(1.0 - max(0.0, min(1.0, value)), 5)


def _plate_content(instructions: list, plate: int) -> bytes:
    """A content stream with every colour replaced by ``plate``'s ink as a grey."""
    out: list = []
    spaces = {"fill": "DeviceGray", "stroke": "DeviceGray"}
    for item in instructions:
        if isinstance(item, pikepdf.ContentStreamInlineImage):
            raise CardgenError("a PDF/X proof cannot show inline images", field="proof")
        operands, operator = list(item.operands), str(item.operator)
        fill = operator.islower() or operator == "sh"
        if operator in ("k", "K"):
            out.append(([_grey(float(operands[plate]))], pikepdf.Operator("g" if fill else "G")))
            continue
        if operator in ("g", "G"):
            value = float(operands[0]) if plate == 3 else 1.0
            out.append(([round(value, 5)], pikepdf.Operator(operator)))
            continue
        if operator in ("rg", "RG"):
            raise CardgenError("an RGB colour in a PDF/X file: the proof shows CMYK files only", field="proof")
        if operator in ("cs", "CS"):
            space = str(operands[0]).lstrip("/")
            if space not in ("DeviceCMYK", "DeviceGray"):
                raise CardgenError(f"colour space {space} in a PDF/X file: the proof shows DeviceCMYK and DeviceGray",
                                   field="proof")
            spaces["fill" if fill else "stroke"] = space
            operands = [pikepdf.Name.DeviceGray]
        elif operator in ("sc", "SC", "scn", "SCN"):
            space = spaces["fill" if operator in ("sc", "scn") else "stroke"]
            if space == "DeviceCMYK":
                operands = [_grey(float(operands[plate]))]
            else:
                operands = [float(operands[0]) if plate == 3 else 1.0]
        out.append((operands, pikepdf.Operator(operator)))
    return pikepdf.unparse_content_stream(out)


def _plate_image(image: pikepdf.Stream, plate: int) -> None:
    """An image XObject as ``plate``'s grey (a stencil mask stays: it paints the fill colour)."""
    if image.get("/ImageMask", False):
        return
    pil = pikepdf.PdfImage(image).as_pil_image()
    if pil.mode == "CMYK":
        channel = pil.getchannel(plate)
        grey = channel.point(lambda v: 255 - v)
    elif pil.mode in ("L", "1"):
        grey = pil.convert("L") if plate == 3 else Image.new("L", pil.size, 255)
    else:
        raise CardgenError(f"a {pil.mode} image in a PDF/X file: the proof shows CMYK and grey images", field="proof")
    image.write(zlib.compress(grey.tobytes(), 1), filter=pikepdf.Name.FlateDecode)
    image.ColorSpace = pikepdf.Name.DeviceGray
    image.BitsPerComponent = 8
    image.Width, image.Height = grey.size
    for key in ("/Decode", "/DecodeParms"):
        if key in image:
            del image[key]


def _plate_function(function: pikepdf.Object, plate: int, grey: bool) -> bool:
    """An exponential (type 2) function's ends, or a stitching function's parts', as ``plate``'s grey."""
    kind = int(function.get("/FunctionType", -1))
    if kind == 3:
        return all(_plate_function(part, plate, grey) for part in function.get("/Functions", []))
    if kind != 2:
        return False
    for key, default in (("/C0", [0.0] if grey else [0, 0, 0, 0]), ("/C1", [1.0] if grey else [0, 0, 0, 0])):
        ends = [float(v) for v in function.get(key, default)]
        if len(ends) != (1 if grey else 4):
            return False
        function[key] = pikepdf.Array([(ends[0] if plate == 3 else 1.0) if grey else _grey(ends[plate])])
    return True


def _plate_shading(shading: pikepdf.Object, plate: int) -> None:
    """A CMYK or grey axial or radial shading (a converted SVG gradient) as ``plate``'s grey."""
    space = shading.get("/ColorSpace")
    grey = space == pikepdf.Name.DeviceGray
    function = shading.get("/Function")
    if (space != pikepdf.Name.DeviceCMYK and not grey) or function is None or isinstance(function, pikepdf.Array) \
            or not _plate_function(function, plate, grey):
        raise CardgenError("a shading the proof cannot separate (not an axial or radial DeviceCMYK gradient)",
                           field="proof")
    shading.ColorSpace = pikepdf.Name.DeviceGray


def _plate_xobjects(resources: pikepdf.Object | None, plate: int, done: set[tuple[int, int]]) -> None:
    """The images, forms and shadings named by ``resources`` as ``plate``'s grey, each once."""
    for shading in ((resources or {}).get("/Shading") or {}).values():
        if shading.objgen not in done:
            done.add(shading.objgen)
            _plate_shading(shading, plate)
    for xobject in ((resources or {}).get("/XObject") or {}).values():
        if xobject.objgen in done:
            continue
        done.add(xobject.objgen)
        if xobject.get("/Subtype") == pikepdf.Name.Image:
            _plate_image(xobject, plate)
        elif xobject.get("/Subtype") == pikepdf.Name.Form:
            xobject.write(_plate_content(pikepdf.parse_content_stream(xobject), plate))
            _plate_xobjects(xobject.get("/Resources", resources), plate, done)  # no /Resources: its page's


def plate_pdf(source: Path, plate: int, pages: Sequence[int] | None = None) -> bytes:
    """``source`` with every colour replaced by the grey of ink ``plate`` (0 C, 1 M, 2 Y, 3 K).

    ``pages`` (indices, ascending) keeps only those pages, in that order.
    """
    with pikepdf.open(source) as pdf:
        if pages is not None:
            keep = set(pages)
            for index in reversed(range(len(pdf.pages))):
                if index not in keep:
                    del pdf.pages[index]
        done: set[tuple[int, int]] = set()
        for page in pdf.pages:
            page.obj.Contents = pdf.make_stream(_plate_content(pikepdf.parse_content_stream(page.obj), plate))
            _plate_xobjects(page.obj.get("/Resources"), plate, done)
        buffer = io.BytesIO()
        pdf.save(buffer)
        return buffer.getvalue()


class CmykRaster:
    """A CMYK PDF opened as four plates; :meth:`render` gives a region of a page as CMYK pixels."""

    def __init__(self, path: Path, pages: Iterable[int] | None = None) -> None:
        """``pages``: the only page indices that will be rendered (the others are not separated)."""
        import pypdfium2 as pdfium

        self.path = Path(path)
        kept = sorted(set(pages)) if pages is not None else None
        self._index = {page: number for number, page in enumerate(kept)} if kept is not None else None
        self._plates = [pdfium.PdfDocument(plate_pdf(self.path, plate, kept)) for plate in range(4)]

    def close(self) -> None:
        for doc in self._plates:
            doc.close()
        self._plates = []

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def render(self, page_index: int, box: Box, size: tuple[int, int]) -> Image.Image:
        """``box`` (points, origin bottom-left) of a page scaled to fill ``size`` pixels, as CMYK."""
        import pypdfium2 as pdfium
        import pypdfium2.raw as pdfium_c

        width, height = size
        x0, y0, x1, y1 = box
        sx, sy = width / (x1 - x0), height / (y1 - y0)
        if self._index is not None:
            page_index = self._index[page_index]
        inks = []
        for doc in self._plates:
            page = doc[page_index]
            bitmap = pdfium.PdfBitmap.new_native(width, height, pdfium_c.FPDFBitmap_BGR, rev_byteorder=True)
            try:
                page_w, page_h = page.get_size()
                bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
                pdfium_c.FPDF_RenderPageBitmap(bitmap, page, -round(x0 * sx), -round((page_h - y1) * sy),
                                               round(page_w * sx), round(page_h * sy), 0,
                                               pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER)
                grey = bitmap.to_pil().getchannel(0)
            finally:
                bitmap.close()
                page.close()
            inks.append(grey.point(lambda v: 255 - v))
        return Image.merge("CMYK", inks)

    def render_page(self, page_index: int, dpi: float) -> Image.Image:
        """A whole page at ``dpi`` as CMYK."""
        page = self._plates[0][self._index[page_index] if self._index is not None else page_index]
        try:
            w, h = page.get_size()
        finally:
            page.close()
        return self.render(page_index, (0.0, 0.0, w, h), (max(1, round(w * dpi / 72)), max(1, round(h * dpi / 72))))
