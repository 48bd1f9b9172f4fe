"""A minimal ICC v2 writer: an output (``prtr``) CMYK profile made of ``lut16Type`` tables.

Just what a print condition needs: ``desc``, ``cprt``, ``wtpt``, ``A2B0`` (CMYK → Lab, the
printing condition's characterization), ``B2A0`` (Lab → CMYK, the separation with its GCR and ink
limit) and ``gamt``; intents 1 and 2 share intent 0's tables (ICC allows tags to share data).
Lab is in the ICC v2 16-bit encoding (L 0…100 → 0…0xFF00, a/b −128…127.996 → 0…0xFFFF).
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from dataclasses import dataclass

D50 = (0.9642, 1.0, 0.8249)


def _s15(value: float) -> bytes:
    return struct.pack(">i", round(value * 65536))


def _pad4(data: bytes) -> bytes:
    return data + b"\0" * (-len(data) % 4)


def encode_lab(lab: tuple[float, float, float]) -> tuple[int, int, int]:
    """Lab → the ICC v2 16-bit PCS encoding, clipped to the encodable range."""
    L, a, b = lab
    return (max(0, min(0xFF00, round(L * 0xFF00 / 100))), max(0, min(0xFFFF, round((a + 128) * 256))),
            max(0, min(0xFFFF, round((b + 128) * 256))))


def decode_lab(code: tuple[int, int, int]) -> tuple[float, float, float]:
    return code[0] * 100 / 0xFF00, code[1] / 256 - 128, code[2] / 256 - 128


@dataclass(frozen=True)
class Lut16:
    """A ``lut16Type``: identity curves around a CLUT of ``grid`` points per input channel.

    ``table`` lists the output codes (0…65535) node by node, the first input channel varying slowest.
    """

    inputs: int
    outputs: int
    grid: int
    table: Sequence[Sequence[int]]

    def encode(self) -> bytes:
        if len(self.table) != self.grid ** self.inputs:
            raise ValueError(f"CLUT has {len(self.table)} nodes, expected {self.grid ** self.inputs}")
        head = b"mft2" + b"\0" * 4 + bytes([self.inputs, self.outputs, self.grid, 0])
        matrix = b"".join(_s15(v) for v in (1, 0, 0, 0, 1, 0, 0, 0, 1))
        curves = struct.pack(">HH", 2, 2)
        identity = struct.pack(">HH", 0, 0xFFFF)
        clut = b"".join(struct.pack(f">{self.outputs}H", *node) for node in self.table)
        return head + matrix + curves + identity * self.inputs + clut + identity * self.outputs


def _desc(text: str) -> bytes:
    ascii_text = text.encode("ascii") + b"\0"
    return (b"desc" + b"\0" * 4 + struct.pack(">I", len(ascii_text)) + ascii_text
            + struct.pack(">II", 0, 0) + struct.pack(">HB", 0, 0) + b"\0" * 67)


def _text(text: str) -> bytes:
    return b"text" + b"\0" * 4 + text.encode("ascii") + b"\0"


def _xyz(xyz: tuple[float, float, float]) -> bytes:
    return b"XYZ " + b"\0" * 4 + b"".join(_s15(v) for v in xyz)


def output_profile(*, description: str, copyright: str, a2b: Lut16, b2a: Lut16, gamut: Lut16,
                   white: tuple[float, float, float] = D50, date: tuple[int, ...] = (2026, 1, 1, 0, 0, 0)) -> bytes:
    """The bytes of a CMYK output profile (ICC 2.1) built from the given tables."""
    blobs: list[tuple[list[bytes], bytes]] = [
        ([b"desc"], _desc(description)),
        ([b"cprt"], _text(copyright)),
        ([b"wtpt"], _xyz(white)),
        ([b"A2B0", b"A2B1", b"A2B2"], a2b.encode()),
        ([b"B2A0", b"B2A1", b"B2A2"], b2a.encode()),
        ([b"gamt"], gamut.encode()),
    ]
    count = sum(len(sigs) for sigs, _ in blobs)
    offset = 128 + 4 + 12 * count
    entries = b""
    body = b""
    for sigs, data in blobs:
        for sig in sigs:
            entries += sig + struct.pack(">II", offset + len(body), len(data))
        body += _pad4(data)
    size = offset + len(body)
    header = (struct.pack(">I", size) + b"\0" * 4 + struct.pack(">I", 0x02100000) + b"prtrCMYKLab "
              + struct.pack(">6H", *date) + b"acsp" + b"\0" * 4 + struct.pack(">I", 0) + b"\0" * 8 + b"\0" * 8
              + struct.pack(">I", 0) + b"".join(_s15(v) for v in D50) + b"\0" * 4 + b"\0" * 16 + b"\0" * 28)
    assert len(header) == 128, len(header)
    return header + struct.pack(">I", count) + entries + body
