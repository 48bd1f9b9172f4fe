"""Rewrite a PDF content stream for print: RGB colour operators become CMYK, transparency is flattened.

Works on any content stream (pages and Form XObjects alike), so drawing code never has to know
about print colour. ``rg``/``RG`` and ``sc``/``SC`` in ``DeviceRGB`` become ``k``/``K`` through a
:class:`~cardgen.color.cmyk.CmykConverter` (inside ``BT … ET`` with the text role, so neutral text
is black ink only); ``g``/``G`` and ``k``/``K`` stay. With ``flatten``, a constant alpha set by an
``ExtGState`` is applied to the colour as a tint over paper (exact on white paper; over another
colour it prints lighter than the screen's blend), and the alpha is dropped: cardgen draws its
own translucent elements pre-mixed for such files (``CardRenderer(opaque=True)``), so what is
left here is transparency it could not pre-mix; ``tinted`` counts those paints.
A ``gs`` naming a state the resources do not define (reportlab's forms do this) is dropped: it
has no effect in any reader.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pikepdf

from cardgen.color.cmyk import CmykConverter, Ink

PAINT_OPERATORS = frozenset(["f", "F", "f*", "B", "B*", "b", "b*", "S", "s", "Tj", "TJ", "'", '"', "sh"])


@dataclass(frozen=True)
class _State:
    fill: Ink | None = None
    stroke: Ink | None = None
    fill_alpha: float = 1.0
    stroke_alpha: float = 1.0
    fill_space: str = "DeviceGray"
    stroke_space: str = "DeviceGray"


def _tint(ink: Ink, alpha: float) -> Ink:
    return tuple(round(v * alpha, 4) for v in ink)  # type: ignore[return-value]


def _op(operands: list[object], name: str) -> tuple[list[object], pikepdf.Operator]:
    return operands, pikepdf.Operator(name)


def _ink_operands(ink: Ink) -> list[object]:
    return [float(v) for v in ink]


def _gray_ink(value: float) -> Ink:
    return 0.0, 0.0, 0.0, round(1 - value, 4)


def convert_content(instructions: list, resources: pikepdf.Dictionary | None, converter: CmykConverter, *,
                    flatten: bool, tinted: list[int] | None = None) -> list[tuple[list[object], pikepdf.Operator]]:
    """The instructions of a content stream with every colour in CMYK (and alpha flattened if asked).

    With ``flatten``, ``tinted`` (a one-item counter) grows by each paint made under an alpha below 1.
    """
    ext = resources.get("/ExtGState") if resources is not None else None
    out: list[tuple[list[object], pikepdf.Operator]] = []
    stack: list[_State] = []
    state = _State()
    in_text = False
    for item in instructions:
        if isinstance(item, pikepdf.ContentStreamInlineImage):
            out.append(item)  # type: ignore[arg-type]
            continue
        operands, operator = list(item.operands), str(item.operator)
        if flatten and tinted is not None and operator in PAINT_OPERATORS:
            stroke = operator in ("S", "s", "B", "B*", "b", "b*")
            fill = operator not in ("S", "s")
            if (fill and state.fill_alpha < 1) or (stroke and state.stroke_alpha < 1):
                tinted[0] += 1
        if operator == "q":
            stack.append(state)
        elif operator == "Q":
            state = stack.pop() if stack else _State()
        elif operator == "BT":
            in_text = True
        elif operator == "ET":
            in_text = False
        elif operator in ("rg", "RG"):
            fill = operator == "rg"
            rgb = tuple(float(v) for v in operands)
            ink = converter.vector(rgb, "text" if in_text and fill else ("fill" if fill else "stroke"))  # type: ignore[arg-type]
            state = replace(state, **({"fill": ink} if fill else {"stroke": ink}))
            alpha = state.fill_alpha if fill else state.stroke_alpha
            out.append(_op(_ink_operands(_tint(ink, alpha) if flatten else ink), "k" if fill else "K"))
            continue
        elif operator in ("g", "G", "k", "K"):
            ink = _gray_ink(float(operands[0])) if operator in ("g", "G") else tuple(float(v) for v in operands)
            fill = operator in ("g", "k")
            state = replace(state, **({"fill": ink} if fill else {"stroke": ink}))
            alpha = state.fill_alpha if fill else state.stroke_alpha
            if flatten and alpha < 1:
                out.append(_op(_ink_operands(_tint(ink, alpha)), "k" if fill else "K"))  # type: ignore[arg-type]
                continue
        elif operator in ("cs", "CS"):
            space = str(operands[0]).lstrip("/")
            if space == "DeviceRGB":
                operands = [pikepdf.Name.DeviceCMYK]
            fill = operator == "cs"
            state = replace(state, **({"fill_space": space} if fill else {"stroke_space": space}))
        elif operator in ("sc", "SC", "scn", "SCN"):
            fill = operator in ("sc", "scn")
            space = state.fill_space if fill else state.stroke_space
            if space == "DeviceRGB" and len(operands) == 3:
                rgb = tuple(float(v) for v in operands)
                ink = converter.vector(rgb, "text" if in_text and fill else ("fill" if fill else "stroke"))  # type: ignore[arg-type]
                state = replace(state, **({"fill": ink} if fill else {"stroke": ink}))
                operands = _ink_operands(ink)
        elif operator == "gs":
            gs = ext.get(operands[0]) if ext is not None else None
            if gs is None:  # undefined (reportlab forms name states they never define): no effect, drop it
                continue
            else:
                fill_alpha = float(gs.get("/ca", state.fill_alpha))
                stroke_alpha = float(gs.get("/CA", state.stroke_alpha))
                state = replace(state, fill_alpha=fill_alpha, stroke_alpha=stroke_alpha)
                out.append(_op(operands, operator))
                if flatten:  # the colour set before this alpha now prints as a tint
                    if state.fill is not None:
                        out.append(_op(_ink_operands(_tint(state.fill, fill_alpha)), "k"))
                    if state.stroke is not None:
                        out.append(_op(_ink_operands(_tint(state.stroke, stroke_alpha)), "K"))
                continue
        out.append(_op(operands, operator))
    return out


def flatten_ext_gstates(resources: pikepdf.Dictionary) -> None:
    """Drop every transparency entry of the resources' graphics states (the colours carry the tint)."""
    ext = resources.get("/ExtGState")
    if ext is None:
        return
    for name in list(ext.keys()):
        gs = ext[name]
        for key in ("/CA", "/ca", "/SMask", "/BM", "/AIS"):
            if key in gs:
                del gs[key]
