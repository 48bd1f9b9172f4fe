"""Content-stream rewriting: RGB operators become CMYK, alpha becomes a tint (PDF/X-1a)."""

from __future__ import annotations

import pikepdf

from cardgen.color.cmyk import CmykConverter, print_condition
from cardgen.color.content import convert_content, flatten_ext_gstates


def _ops(data: bytes, resources=None, flatten=True):
    pdf = pikepdf.new()
    stream = pdf.make_stream(data)
    converter = CmykConverter(print_condition(None, 240))
    out = convert_content(pikepdf.parse_content_stream(stream), resources, converter, flatten=flatten)
    return [(str(op), [round(float(v), 4) for v in operands if isinstance(v, (int, float, pikepdf.Object)) and
                       not isinstance(v, pikepdf.Name)]) for operands, op in out]


def test_rgb_fill_stroke_and_text_become_cmyk() -> None:
    ops = _ops(b"1 0 0 rg 0 0 1 RG BT 0 0 0 rg ET 0 0 0 rg")
    names = [name for name, _ in ops]
    assert names == ["k", "K", "BT", "k", "ET", "k"]
    assert ops[3][1] == [0, 0, 0, 1]  # black text: K only
    assert ops[5][1][3] == 1 and ops[5][1][0] > 0.3  # black fill: rich black


def test_constant_alpha_becomes_a_tint_and_the_state_loses_its_alpha() -> None:
    pdf = pikepdf.new()
    resources = pikepdf.Dictionary(ExtGState=pikepdf.Dictionary(A=pikepdf.Dictionary(ca=0.5, CA=0.25)))
    ops = _ops(b"0 0 0 rg 0 0 0 RG q /A gs 0 0 10 10 re f Q 0 0 0 rg", resources)
    tinted = [values for name, values in ops if name == "k"]
    assert tinted[1] == [round(v * 0.5, 4) for v in tinted[0]]
    strokes = [values for name, values in ops if name == "K"]
    assert strokes[1] == [0, 0, 0, 0.25]
    flatten_ext_gstates(resources)
    assert "/ca" not in resources.ExtGState.A and "/CA" not in resources.ExtGState.A
    del pdf


def test_an_undefined_graphics_state_is_dropped() -> None:
    assert [name for name, _ in _ops(b"/gRLs0 gs 0 0 1 1 re f")] == ["re", "f"]


def test_paints_left_translucent_are_counted_when_flattened() -> None:
    pdf = pikepdf.new()
    resources = pikepdf.Dictionary(ExtGState=pikepdf.Dictionary(A=pikepdf.Dictionary(ca=0.5), B=pikepdf.Dictionary(CA=0.3)))
    stream = pdf.make_stream(b"0 0 0 rg 0 0 1 1 re f q /A gs 0 0 1 1 re f 0 0 1 1 re f Q 0 0 1 1 re f "
                             b"q /B gs 0 0 1 1 re f 0 0 m 1 1 l S Q")
    converter = CmykConverter(print_condition(None, 240))
    tinted = [0]
    convert_content(pikepdf.parse_content_stream(stream), resources, converter, flatten=True, tinted=tinted)
    assert tinted == [3]  # two fills under ca 0.5 and one stroke under CA 0.3; not the opaque ones
    untouched = [0]
    convert_content(pikepdf.parse_content_stream(stream), resources, converter, flatten=False, tinted=untouched)
    assert untouched == [0]  # X-4 keeps its transparency: nothing becomes a tint
