"""PDF/X-1a:2003 and PDF/X-4 from a reportlab PDF, by post-processing it with pikepdf.

Every content stream (pages and Form XObjects) gets CMYK colour operators
(:mod:`cardgen.color.content`); every image becomes a DeviceCMYK JPEG (its soft mask flattened
onto paper for X-1a); the document gets the output intent (``/S /GTS_PDFX``, registered
condition, embedded profile), ``GTS_PDFXVersion``, ``/Trapped /False``, fixed dates and a
trailer ID derived from the content — the same input gives the same bytes. Dates come from
``SOURCE_DATE_EPOCH`` when it is set, else a fixed day (as reportlab's invariant mode does).
"""

from __future__ import annotations

import io
import tempfile
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

import pikepdf
from PIL import Image

from cardgen.color.cmyk import CmykConverter, PrintCondition
from cardgen.color.content import convert_content, flatten_ext_gstates
from cardgen.model.deck import DeckSpec
from cardgen.output import atomic_path
from cardgen.preflight.placement import image_uses
from cardgen.render.card_renderer import Translate, no_translation
from cardgen.render.sheets import Progress, SheetOptions, SheetsResult
from cardgen.source_date import source_date

PdfxVersion = Literal["x1a", "x4"]
VERSION_NAMES = {"x1a": "PDF/X-1a:2003", "x4": "PDF/X-4"}
PDF_VERSIONS = {"x1a": "1.4", "x4": "1.6"}
JPEG_QUALITY = 92
FIXED_DATE = datetime(2000, 1, 1, tzinfo=UTC)


DOWNSAMPLE_ABOVE = 1.5
"""Images finer than this many times the target resolution (where they print largest) are resampled to it."""


@dataclass(frozen=True)
class PdfxOptions:
    version: PdfxVersion
    condition: PrintCondition
    title: str
    image_dpi: float = 300
    """Target image resolution: finer images are resampled down to it (never up)."""


def document_date() -> datetime:
    """``SOURCE_DATE_EPOCH`` if set (reproducible builds' convention), else a fixed date."""
    return source_date() or FIXED_DATE


def pdf_date(when: datetime) -> str:
    return when.strftime("D:%Y%m%d%H%M%S+00'00'")


def _cmyk_jpeg(xobject: pikepdf.Stream, converter: CmykConverter, flatten: bool, scale: float = 1.0) -> None:
    """Replace an image XObject's data by a DeviceCMYK JPEG of it, resampled by ``scale`` (≤ 1)."""
    image = pikepdf.PdfImage(xobject).as_pil_image()
    smask = xobject.get("/SMask")
    if image.mode == "CMYK" and xobject.get("/Filter") == pikepdf.Name.DCTDecode and smask is None and scale == 1:
        return
    if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
        image = image.convert("RGBA")
        alpha = image.getchannel("A")
    else:
        alpha = None
    if smask is not None and flatten:
        alpha = pikepdf.PdfImage(smask).as_pil_image().convert("L")
    if scale < 1:
        size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
        image = image.resize(size, Image.Resampling.LANCZOS)
        if alpha is not None:
            alpha = alpha.resize(size, Image.Resampling.LANCZOS)
    elif alpha is not None and alpha.size != image.size:
        alpha = alpha.resize(image.size)
    if image.mode != "CMYK":
        rgb = image.convert("RGB")
        if alpha is not None and flatten:
            paper = Image.new("RGB", rgb.size, (255, 255, 255))
            paper.paste(rgb, mask=alpha)
            rgb = paper
        cmyk = converter.image(rgb)
    else:
        cmyk = image
    buffer = io.BytesIO()
    cmyk.save(buffer, "JPEG", quality=JPEG_QUALITY, subsampling=0, optimize=False)
    xobject.write(buffer.getvalue(), filter=pikepdf.Name.DCTDecode)
    xobject.ColorSpace = pikepdf.Name.DeviceCMYK
    xobject.BitsPerComponent = 8
    xobject.Width, xobject.Height = cmyk.size
    # Pillow writes Adobe-style (inverted) CMYK JPEGs; /Decode tells PDF readers so.
    xobject.Decode = pikepdf.Array([1, 0] * 4)
    for key in ("/DecodeParms", "/Mask", "/Intent"):
        if key in xobject:
            del xobject[key]
    if flatten and "/SMask" in xobject:
        del xobject["/SMask"]


def _rgb_functions(function: pikepdf.Object) -> list[pikepdf.Object] | None:
    """The exponential (type 2) RGB functions a shading's function is made of, or None when any part is
    another kind (sampled, PostScript) or not RGB: such a shading stays RGB, and ``preflight --pdf`` says so."""
    kind = int(function.get("/FunctionType", -1))
    if kind == 2:
        ends = [function.get(key, default) for key, default in (("/C0", [0, 0, 0]), ("/C1", [1, 1, 1]))]
        return [function] if all(len(end) == 3 for end in ends) else None
    if kind == 3:
        parts = [_rgb_functions(part) for part in function.get("/Functions", [])]
        return None if not parts or any(p is None for p in parts) else [f for p in parts for f in p]  # type: ignore[union-attr]
    return None


def _cmyk_shading(shading: pikepdf.Object, converter: CmykConverter) -> None:
    """An SVG gradient (an axial or radial shading in DeviceRGB) as the same gradient between CMYK inks:
    each end colour (``/C0``, ``/C1``) separated as a fill is."""
    if shading.get("/ColorSpace") != pikepdf.Name.DeviceRGB or "/Function" not in shading:
        return
    function = shading.Function
    functions = _rgb_functions(function) if not isinstance(function, pikepdf.Array) else None
    if functions is None:
        return
    for part in functions:
        for key, default in (("/C0", [0, 0, 0]), ("/C1", [1, 1, 1])):
            rgb = tuple(float(v) for v in part.get(key, default))
            part[key] = pikepdf.Array(converter.vector(rgb, "fill"))  # type: ignore[arg-type]
    shading.ColorSpace = pikepdf.Name.DeviceCMYK


def _convert_resources(pdf: pikepdf.Pdf, owner: pikepdf.Object, converter: CmykConverter, flatten: bool,
                       done: set[tuple[int, int]], scales: dict[tuple[int, int], float],
                       inherited: pikepdf.Object | None = None, tinted: list[int] | None = None) -> None:
    """Convert ``owner``'s content and, recursively, its Form and Image XObjects.

    A form without ``/Resources`` uses its page's (as reportlab's forms do). ``tinted`` counts the
    paints whose transparency became a tint over paper.
    """
    resources = owner.get("/Resources", inherited)
    instructions = pikepdf.parse_content_stream(owner)
    data = pikepdf.unparse_content_stream(convert_content(instructions, resources, converter, flatten=flatten,
                                                          tinted=tinted))
    if isinstance(owner, pikepdf.Stream):
        owner.write(data)
    else:  # a page: its /Contents may be an array of streams
        owner.Contents = pdf.make_stream(data)
    if resources is None:
        return
    if flatten:
        flatten_ext_gstates(resources)
    for shading in (resources.get("/Shading") or {}).values():
        _cmyk_shading(shading, converter)
    for xobject in (resources.get("/XObject") or {}).values():
        key = xobject.objgen
        if key in done:
            continue
        done.add(key)
        if xobject.get("/Subtype") == pikepdf.Name.Image:
            _cmyk_jpeg(xobject, converter, flatten, scales.get(key, 1.0))
        elif xobject.get("/Subtype") == pikepdf.Name.Form:
            _convert_resources(pdf, xobject, converter, flatten, done, scales, resources, tinted)


def resample_scales(pdf: pikepdf.Pdf, target_dpi: float) -> dict[tuple[int, int], float]:
    """Image id → the factor that brings it to ``target_dpi`` where it prints largest, for images much finer."""
    scales = {}
    for key, uses in image_uses(pdf).items():
        coarsest = min(use.dpi for use in uses)
        if coarsest > DOWNSAMPLE_ABOVE * target_dpi:
            scales[key] = target_dpi / coarsest
    return scales


def _output_intent(pdf: pikepdf.Pdf, condition: PrintCondition) -> pikepdf.Dictionary:
    profile = pdf.make_stream(condition.profile_bytes)
    profile.N = 4
    intent = pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
        OutputConditionIdentifier=pikepdf.String(condition.output_condition_identifier),
        OutputCondition=pikepdf.String(condition.output_condition),
        Info=pikepdf.String(condition.info), DestOutputProfile=profile)
    if condition.registry_name:
        intent.RegistryName = pikepdf.String(condition.registry_name)
    return pdf.make_indirect(intent)


def _xmp(title: str, date: str, version: str) -> bytes:
    """A minimal XMP packet (PDF/X-4 requires one) — written by hand so the bytes are fixed."""
    from cardgen.xml_escape import escape

    iso = f"{date[2:6]}-{date[6:8]}-{date[8:10]}T{date[10:12]}:{date[12:14]}:{date[14:16]}Z"
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
 xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/"
 xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(title)}</rdf:li></rdf:Alt></dc:title>
<xmp:CreateDate>{iso}</xmp:CreateDate><xmp:ModifyDate>{iso}</xmp:ModifyDate><xmp:MetadataDate>{iso}</xmp:MetadataDate>
<xmp:CreatorTool>cardgen</xmp:CreatorTool><pdf:Producer>cardgen (reportlab, pikepdf)</pdf:Producer>
<pdf:Trapped>False</pdf:Trapped><pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>
<xmpMM:DocumentID>uuid:00000000-0000-0000-0000-000000000000</xmpMM:DocumentID>
<xmpMM:VersionID>1</xmpMM:VersionID><xmpMM:RenditionClass>default</xmpMM:RenditionClass>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>""".encode()


def convert_to_pdfx(source: Path, target: Path, options: PdfxOptions) -> list[str]:
    """Write ``source`` (an RGB reportlab PDF) as a PDF/X file at ``target``, atomically.

    Returns notes: for PDF/X-1a, the pages where transparency had to become a tint over paper.
    """
    flatten = options.version == "x1a"
    converter = CmykConverter(options.condition)
    date = pdf_date(document_date())
    version = VERSION_NAMES[options.version]
    tinted_pages: dict[int, int] = {}
    with pikepdf.open(source) as pdf:
        done: set[tuple[int, int]] = set()
        scales = resample_scales(pdf, options.image_dpi)
        for number, page in enumerate(pdf.pages, 1):
            tinted = [0]
            _convert_resources(pdf, page.obj, converter, flatten, done, scales, tinted=tinted)
            if tinted[0]:
                tinted_pages[number] = tinted[0]
            if "/TrimBox" not in page.obj:
                page.obj.TrimBox = page.obj.MediaBox
            if "/BleedBox" not in page.obj:
                page.obj.BleedBox = page.obj.TrimBox
        pdf.Root.OutputIntents = pikepdf.Array([_output_intent(pdf, options.condition)])
        info = pdf.trailer.get("/Info")
        keep = {k: info[k] for k in ("/Author", "/Subject") if info is not None and k in info}
        pdf.trailer.Info = pdf.make_indirect(pikepdf.Dictionary(
            Title=pikepdf.String(options.title), CreationDate=pikepdf.String(date), ModDate=pikepdf.String(date),
            Creator=pikepdf.String("cardgen"), Producer=pikepdf.String("cardgen (reportlab, pikepdf)"),
            Trapped=pikepdf.Name("/False"),
            GTS_PDFXVersion=pikepdf.String(version), **{k[1:]: v for k, v in keep.items()}))
        metadata = pdf.make_stream(_xmp(options.title, date, version))
        metadata.Type = pikepdf.Name.Metadata
        metadata.Subtype = pikepdf.Name.XML
        pdf.Root.Metadata = metadata
        pdf.remove_unreferenced_resources()
        with atomic_path(Path(target)) as tmp:
            pdf.save(tmp, force_version=PDF_VERSIONS[options.version], deterministic_id=True,
                     object_stream_mode=pikepdf.ObjectStreamMode.disable, compress_streams=True,
                     stream_decode_level=pikepdf.StreamDecodeLevel.generalized, recompress_flate=False)
    return [tint_note(Path(target).name, tinted_pages)] if tinted_pages else []


def tint_note(name: str, pages: dict[int, int]) -> str:
    """One line about the paints of a PDF/X-1a file whose transparency became a tint over paper."""
    numbers = sorted(pages)
    shown = ", ".join(map(str, numbers[:5])) + (" …" if len(numbers) > 5 else "")
    return (f"{name}: {sum(pages.values())} transparent paint{'s' if sum(pages.values()) > 1 else ''} "
            f"(first on page{'s' if len(numbers) > 1 else ''} {shown}) print as a tint over white paper: "
            "PDF/X-1a has no transparency, and what lies under them is not one flat colour cardgen can "
            "blend them with, so they print lighter than designed where they lie over colour "
            "(use --pdfx x4 to keep live transparency)")


def write_pdfx_sheets(deck: DeckSpec, target: Path, *, sheet_options: SheetOptions, pdfx: PdfxVersion,
                      condition: PrintCondition, translate: Translate = no_translation, language: str = "en",
                      progress: Progress | None = None, notes: list[str] | None = None) -> SheetsResult:
    """Card sheets (any layout) as a PDF/X file: drawn in RGB by reportlab, then converted.

    PDF/X-1a has no transparency: the cards are drawn opaque (translucent elements pre-mixed with
    the flat fill under them); ``notes`` receives a line for every element that could not be.
    """
    from cardgen.render.card_renderer import CardRenderer
    from cardgen.render.sheets import write_sheets

    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    found: list[str] = []

    def keep_notes(renderer: CardRenderer) -> None:
        found.extend(renderer.flatten_notes)

    with tempfile.TemporaryDirectory(prefix=".cardgen-pdfx-", dir=target.parent) as scratch:
        rgb = Path(scratch) / "rgb.pdf"
        result = write_sheets(deck, rgb, options=replace(sheet_options, opaque=pdfx == "x1a"), translate=translate,
                              language=language, progress=progress, before_commit=keep_notes)
        found.extend(convert_to_pdfx(rgb, target, PdfxOptions(pdfx, condition, translate("deck:title", deck.title))))
    if notes is not None:
        notes.extend(found)
    return replace(result, path=target)


def low_resolution_notes(path: Path, dpi: float, shop: str) -> list[str]:
    """A note for every image of the PDF that prints coarser than ``dpi`` somewhere."""
    notes = []
    with pikepdf.open(path) as pdf:
        for uses in image_uses(pdf).values():
            coarsest = min(uses, key=lambda use: use.dpi)
            if coarsest.dpi < dpi - 0.5:
                pages = sorted({use.page for use in uses})
                notes.append(f"an image on page{'s' if len(pages) > 1 else ''} {', '.join(map(str, pages[:5]))}"
                             f"{' …' if len(pages) > 5 else ''} of {path.name} prints at {coarsest.dpi:.0f} dpi; "
                             f"{shop} asks for {dpi:g} dpi — use a larger art file")
    return notes
