"""A PDF/X-1a:2003 / PDF/X-4 preflight of any PDF file, one :class:`Violation` per problem.

Checks what a print shop's preflight checks and what cardgen's PDF/X writer promises: the PDF
version, the ``/GTS_PDFX`` output intent and its profile, ``GTS_PDFXVersion``, ``/Trapped``, the
document's title, dates and trailer ID, no encryption, TrimBox (or ArtBox) and BleedBox inside the
MediaBox on every page, every font embedded, no RGB, Lab or (for X-1a) ICC-based colour in
content streams and images, no transparency (X-1a), no LZW, and the total ink of every CMYK
colour and image pixel within ``ink_limit``. A shared Form XObject is reported once, on the first
page that uses it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import pikepdf

from cardgen.preflight.ink import image_max_ink, ink_percent
from cardgen.preflight.placement import image_uses

PdfxVersion = Literal["x1a", "x4"]
MAX_VERSION = {"x1a": (1, 4), "x4": (1, 6)}
VERSION_NAMES = {"x1a": "PDF/X-1a:2003", "x4": "PDF/X-4"}
PROCESS_SPACES = {"/DeviceCMYK", "/DeviceGray"}
SPOT_SPACES = {"/Separation", "/DeviceN", "/Pattern", "/Indexed"}
PAINTS = {"f", "F", "f*", "B", "B*", "b", "b*", "S", "s", "sh"}
INK_SLACK = 0.5
"""Percent allowed above the limit for rounding of 8-bit samples and 4-decimal operands."""


@dataclass(frozen=True)
class Violation:
    page: int | None
    """1-based page number; None for the whole document."""
    where: str
    message: str

    def format(self) -> str:
        place = "document" if self.page is None else f"page {self.page}"
        return f"{place}, {self.where}: {self.message}" if self.where else f"{place}: {self.message}"


@dataclass
class _Walk:
    version: PdfxVersion
    ink_limit: float
    violations: list[Violation] = field(default_factory=list)
    seen: set[tuple[int, int]] = field(default_factory=set)
    reported: set[tuple[int | None, str, str]] = field(default_factory=set)

    def add(self, page: int | None, where: str, message: str) -> None:
        key = (page, where, message)
        if key not in self.reported:
            self.reported.add(key)
            self.violations.append(Violation(page, where, message))


def _name(obj: pikepdf.Object) -> str:
    return f"{obj.objgen[0]} 0 R" if obj.is_indirect else "direct object"


def _space_name(space: pikepdf.Object) -> str:
    if isinstance(space, pikepdf.Array) and len(space):
        return str(space[0])
    return str(space)


def _space_problem(space: pikepdf.Object, version: PdfxVersion, resources: pikepdf.Object | None) -> str | None:
    """Why a colour space is not allowed, or None."""
    name = _space_name(space)
    if name in ("/DeviceRGB", "/CalRGB", "/RGB"):
        return "RGB colour (DeviceRGB)" if name != "/CalRGB" else "RGB colour (CalRGB)"
    if name in ("/Lab", "/CalGray"):
        return f"{name[1:]} colour"
    if name == "/ICCBased":
        if version == "x1a":
            return "ICC-based colour (PDF/X-1a allows only CMYK, gray and spot colours)"
        return None
    if name == "/Indexed" and isinstance(space, pikepdf.Array) and len(space) > 1:
        return _space_problem(space[1], version, resources)
    if name in PROCESS_SPACES | SPOT_SPACES or name == "/G" or name == "/CMYK":
        return None
    if resources is not None and "/ColorSpace" in resources and name in resources.ColorSpace:
        return _space_problem(resources.ColorSpace[name], version, None)
    return None


def _fonts(walk: _Walk, page: int, fonts: pikepdf.Object) -> None:
    for name, font in fonts.items():
        if font.objgen in walk.seen and font.is_indirect:
            continue
        if font.is_indirect:
            walk.seen.add(font.objgen)
        subtype = font.get("/Subtype")
        if subtype == pikepdf.Name.Type3:
            continue
        target = font.DescendantFonts[0] if subtype == pikepdf.Name.Type0 else font
        descriptor = target.get("/FontDescriptor")
        embedded = descriptor is not None and any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        if not embedded:
            walk.add(page, f"font {name} ({font.get('/BaseFont', '?')})", "font not embedded")


def _filters(stream: pikepdf.Stream) -> list[str]:
    value = stream.get("/Filter")
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, pikepdf.Array) else [str(value)]


def _image(walk: _Walk, page: int, where: str, image: pikepdf.Stream, resources: pikepdf.Object | None) -> None:
    filters = _filters(image)
    if "/LZWDecode" in filters:
        walk.add(page, where, "LZW compression (not allowed in PDF/X)")
    if "/JPXDecode" in filters and walk.version == "x1a":
        walk.add(page, where, "JPEG 2000 image (needs PDF 1.5; PDF/X-1a:2003 is PDF 1.4)")
    if image.get("/ImageMask") is True:
        return
    space = image.get("/ColorSpace")
    if space is not None:
        problem = _space_problem(space, walk.version, resources)
        if problem:
            walk.add(page, where, problem.replace("colour", "image", 1) if problem.startswith("RGB") else
                     f"image in {problem}")
    if walk.version == "x1a" and "/SMask" in image:
        walk.add(page, where, "transparency: image with a soft mask (/SMask)")
    ink = image_max_ink(image)
    if ink is not None and ink > walk.ink_limit + INK_SLACK:
        walk.add(page, where, f"ink {ink:.0f}% in the image > limit {walk.ink_limit:g}%")


def _ext_gstate(walk: _Walk, page: int, name: str, gs: pikepdf.Object) -> None:
    if walk.version != "x1a":
        return
    for key in ("/CA", "/ca"):
        if key in gs and float(gs[key]) < 1:
            walk.add(page, f"graphics state {name}", f"transparency: constant alpha {key[1:]} {float(gs[key]):g}")
    smask = gs.get("/SMask")
    if smask is not None and smask != pikepdf.Name("/None"):
        walk.add(page, f"graphics state {name}", "transparency: soft mask")
    mode = gs.get("/BM")
    if mode is not None and str(mode) not in ("/Normal", "/Compatible"):
        walk.add(page, f"graphics state {name}", f"transparency: blend mode {mode}")


def _content(walk: _Walk, page: int, where: str, owner: pikepdf.Object,
             inherited: pikepdf.Object | None = None) -> None:
    """Check one content stream's operators, then its resources (recursively; a form without
    ``/Resources`` uses its page's)."""
    resources = owner.get("/Resources", inherited)
    if walk.version == "x1a":
        group = owner.get("/Group")
        if group is not None and group.get("/S") == pikepdf.Name.Transparency:
            walk.add(page, where, "transparency group (/Group /S /Transparency)")
    streams = owner.Contents if "/Contents" in owner else owner
    for stream in (streams if isinstance(streams, pikepdf.Array) else [streams]):
        if isinstance(stream, pikepdf.Stream) and "/LZWDecode" in _filters(stream):
            walk.add(page, where, "LZW compression (not allowed in PDF/X)")
    try:
        instructions = pikepdf.parse_content_stream(owner)
    except pikepdf.PdfError as error:
        walk.add(page, where, f"unreadable content stream: {error}")
        return
    fill_space: pikepdf.Object = pikepdf.Name.DeviceGray
    stroke_space: pikepdf.Object = pikepdf.Name.DeviceGray
    for item in instructions:
        if isinstance(item, pikepdf.ContentStreamInlineImage):
            image = item.iimage
            space = image.obj.get("/ColorSpace", image.obj.get("/CS"))
            if space is not None:
                problem = _space_problem(space, walk.version, resources)
                if problem:
                    walk.add(page, where, f"inline image in {problem}")
            continue
        op = str(item.operator)
        args = item.operands
        if op in ("rg", "RG"):
            walk.add(page, where, f"RGB colour operator {op} {' '.join(f'{float(v):g}' for v in args)}")
        elif op in ("cs", "CS"):
            space = args[0]
            if resources is not None and "/ColorSpace" in resources and space in resources.ColorSpace:
                space = resources.ColorSpace[space]
            if op == "cs":
                fill_space = space
            else:
                stroke_space = space
            problem = _space_problem(space, walk.version, resources)
            if problem:
                walk.add(page, where, f"{problem} set by {op}")
        elif op == "gs":
            states = resources.get("/ExtGState") if resources is not None else None
            if states is None or args[0] not in states:
                walk.add(page, where, f"graphics state {args[0]} used but not defined in the resources")
        elif op in ("k", "K"):
            ink = ink_percent([float(v) for v in args])
            if ink > walk.ink_limit + INK_SLACK:
                kind = "fill" if op == "k" else "stroke"
                values = "/".join(f"{float(v) * 100:.0f}" for v in args)
                walk.add(page, where, f"ink {ink:.0f}% ({kind} CMYK {values}) > limit {walk.ink_limit:g}%")
        elif op in ("sc", "scn", "SC", "SCN"):
            space = fill_space if op in ("sc", "scn") else stroke_space
            if _space_name(space) == "/DeviceCMYK" and len(args) == 4:
                ink = ink_percent([float(v) for v in args])
                if ink > walk.ink_limit + INK_SLACK:
                    walk.add(page, where, f"ink {ink:.0f}% > limit {walk.ink_limit:g}%")
    if resources is None:
        return
    for name, gs in (resources.get("/ExtGState") or {}).items():
        _ext_gstate(walk, page, name, gs)
    _fonts(walk, page, resources.get("/Font") or pikepdf.Dictionary())
    for name, space in (resources.get("/ColorSpace") or {}).items():
        problem = _space_problem(space, walk.version, None)
        if problem:
            walk.add(page, f"colour space {name}", problem)
    for name, pattern in (resources.get("/Shading") or {}).items():
        space = pattern.get("/ColorSpace")
        problem = _space_problem(space, walk.version, resources) if space is not None else None
        if problem:
            walk.add(page, f"shading {name}", problem)
    for name, xobject in (resources.get("/XObject") or {}).items():
        if xobject.objgen in walk.seen:
            continue
        walk.seen.add(xobject.objgen)
        subtype = xobject.get("/Subtype")
        label = f"{'image' if subtype == pikepdf.Name.Image else 'form'} {name} ({_name(xobject)})"
        if subtype == pikepdf.Name.Image:
            _image(walk, page, label, xobject, resources)
        elif subtype == pikepdf.Name.Form:
            if "/LZWDecode" in _filters(xobject):
                walk.add(page, label, "LZW compression (not allowed in PDF/X)")
            _content(walk, page, label, xobject, resources)


def _box(page: pikepdf.Dictionary, name: str) -> tuple[float, float, float, float] | None:
    value = page.get(name)
    if value is None:
        return None
    x0, y0, x1, y1 = (float(v) for v in value)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _inside(inner: tuple[float, ...], outer: tuple[float, ...], slack: float = 0.01) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack and inner[2] <= outer[2] + slack
            and inner[3] <= outer[3] + slack)


def _document(walk: _Walk, pdf: pikepdf.Pdf) -> None:
    major, minor = (int(p) for p in pdf.pdf_version.split(".")[:2])
    if (major, minor) > MAX_VERSION[walk.version]:
        top = ".".join(map(str, MAX_VERSION[walk.version]))
        walk.add(None, "", f"PDF {pdf.pdf_version}: {VERSION_NAMES[walk.version]} needs PDF {top} or lower")
    if pdf.is_encrypted:
        walk.add(None, "", "encrypted (PDF/X forbids encryption)")
    intents = pdf.Root.get("/OutputIntents")
    pdfx = [i for i in (intents or []) if i.get("/S") == pikepdf.Name.GTS_PDFX]
    if not pdfx:
        walk.add(None, "output intent", "no /OutputIntents entry with /S /GTS_PDFX (which press is this for?)")
    else:
        if len(pdfx) > 1:
            walk.add(None, "output intent", "more than one /GTS_PDFX output intent")
        intent = pdfx[0]
        if not str(intent.get("/OutputConditionIdentifier", "")).strip():
            walk.add(None, "output intent", "no /OutputConditionIdentifier")
        profile = intent.get("/DestOutputProfile")
        registered = "color.org" in str(intent.get("/RegistryName", ""))
        if profile is None:
            if walk.version == "x4" or not registered:
                walk.add(None, "output intent", "no embedded /DestOutputProfile (needed unless the condition is "
                         "registered at color.org)" if walk.version == "x1a" else "no embedded /DestOutputProfile")
        else:
            head = profile.read_bytes()[:20]
            if head[12:16] != b"prtr" or head[16:20] != b"CMYK":
                walk.add(None, "output intent", f"/DestOutputProfile is a {head[12:16].decode('latin-1')} "
                         f"{head[16:20].decode('latin-1').strip()} profile, not a CMYK output profile")
    info = pdf.trailer.get("/Info")
    info = info if info is not None else pikepdf.Dictionary()
    version = str(info.get("/GTS_PDFXVersion", ""))
    expected = "PDF/X-1a:2003" if walk.version == "x1a" else "PDF/X-4"
    if not version:
        walk.add(None, "document info", "no /GTS_PDFXVersion")
    elif not version.startswith(expected):
        walk.add(None, "document info", f"/GTS_PDFXVersion is {version!r}, expected {expected!r}")
    if info.get("/Trapped") not in (pikepdf.Name("/True"), pikepdf.Name("/False")):
        walk.add(None, "document info", "/Trapped must be /True or /False")
    for key in ("/Title", "/CreationDate", "/ModDate"):
        if not str(info.get(key, "")).strip():
            walk.add(None, "document info", f"no {key}")
    if "/ID" not in pdf.trailer:
        walk.add(None, "trailer", "no /ID")
    if walk.version == "x4" and "/Metadata" not in pdf.Root:
        walk.add(None, "catalog", "no XMP /Metadata (PDF/X-4 needs it)")


def preflight_pdf(path: Path, *, version: PdfxVersion = "x1a", ink_limit: float = 300,
                  min_dpi: float | None = None) -> list[Violation]:
    """Every PDF/X problem of the file at ``path`` (and images under ``min_dpi`` where they print, if given)."""
    walk = _Walk(version, ink_limit)
    with pikepdf.open(path) as pdf:
        if min_dpi:
            for key, uses in image_uses(pdf).items():
                coarsest = min(uses, key=lambda use: use.dpi)
                if coarsest.dpi < min_dpi - 0.5:
                    walk.add(coarsest.page, f"image {coarsest.name} ({key[0]} 0 R)",
                             f"prints at {coarsest.dpi:.0f} dpi < {min_dpi:g} dpi")
        _document(walk, pdf)
        for number, page in enumerate(pdf.pages, start=1):
            obj = page.obj
            media = _box(obj, "/MediaBox")
            trim = _box(obj, "/TrimBox") or _box(obj, "/ArtBox")
            bleed = _box(obj, "/BleedBox")
            if trim is None:
                walk.add(number, "", "no /TrimBox (or /ArtBox): the printer cannot tell where to cut")
            elif media is not None and not _inside(trim, media):
                walk.add(number, "", "/TrimBox reaches outside the /MediaBox")
            if bleed is not None and trim is not None and not _inside(trim, bleed):
                walk.add(number, "", "/TrimBox reaches outside the /BleedBox")
            if bleed is not None and media is not None and not _inside(bleed, media):
                walk.add(number, "", "/BleedBox reaches outside the /MediaBox")
            if "/Annots" in obj:
                for annot in obj.Annots:
                    if annot.get("/Subtype") not in (pikepdf.Name.Link, pikepdf.Name.PrinterMark):
                        walk.add(number, f"annotation {annot.get('/Subtype')}", "annotation on a print page")
            _content(walk, number, "page content", obj)
    return walk.violations


def iter_lines(path: Path, violations: list[Violation]) -> Iterator[str]:
    for violation in violations:
        yield f"{path}: {violation.format()}"
