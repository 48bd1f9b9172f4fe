"""Total area coverage (ink) of what a PDF paints: vector CMYK colours and CMYK images."""

from __future__ import annotations

import io

import pikepdf
from PIL import Image, ImageMath


def image_max_ink(xobject: pikepdf.Stream) -> float | None:
    """The highest C+M+Y+K (percent) of any pixel of a DeviceCMYK image, or None if not CMYK 8-bit."""
    if xobject.get("/ColorSpace") != pikepdf.Name.DeviceCMYK or int(xobject.get("/BitsPerComponent", 8)) != 8:
        return None
    decode = [float(v) for v in xobject.get("/Decode", [0, 1] * 4)]
    inverted_decode = decode[:2] == [1.0, 0.0]
    if xobject.get("/Filter") == pikepdf.Name.DCTDecode:
        image = Image.open(io.BytesIO(xobject.read_raw_bytes()))
        image.load()
        # Pillow undoes the inversion of Adobe-marked CMYK JPEGs; a PDF reader applies /Decode to the raw samples.
        adobe = "adobe" in image.info
        raw_inverted = adobe
    else:
        data = xobject.read_bytes()
        width, height = int(xobject.Width), int(xobject.Height)
        image = Image.frombytes("CMYK", (width, height), data[:width * height * 4])
        raw_inverted = False
    if image.mode != "CMYK":
        return None
    if raw_inverted != inverted_decode:
        image = Image.eval(image, lambda v: 255 - v)
    bands = [band.convert("I") for band in image.split()]
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=bands[0], m=bands[1],
                                  y=bands[2], k=bands[3])
    return total.getextrema()[1] / 255 * 100


def ink_percent(operands: list[float]) -> float:
    return sum(operands) * 100
