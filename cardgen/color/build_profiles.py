"""Build the bundled CMYK output profiles: ``python -m cardgen.color.build_profiles``.

Each profile keeps the CGATS TR 001 characterization (``A2B0`` copied byte for byte from
``CGATS001Compat-v2-micro.icc``) and adds a separation (``B2A0``) computed by
:mod:`cardgen.color.separation` with one total-area-coverage limit, plus a ``gamt`` table. The
output is deterministic: the same source profile gives the same bytes.
"""

from __future__ import annotations

import sys
from itertools import product
from pathlib import Path

from cardgen.color.icc_writer import Lut16, decode_lab, output_profile
from cardgen.color.separation import ForwardModel, delta_e, gcr_ink, separate

PROFILES = Path(__file__).parent / "profiles"
SOURCE = PROFILES / "CGATS001Compat-v2-micro.icc"
B2A_GRID = 25
SEED_GRID = 7
GAMUT_DELTA_E = 3.0
LIMITS = (240, 300)
ROUNDING_MARGIN = 1
"""Percent kept free below the limit: 8-bit rounding of four channels can add up to 0.8%."""


def profile_name(limit: int) -> str:
    return f"cardgen-CGATS001-TAC{limit}.icc"


def lab_nodes(grid: int) -> list[tuple[float, float, float]]:
    """The Lab value of every B2A node, in CLUT order (L slowest)."""
    steps = [round(i * 65535 / (grid - 1)) for i in range(grid)]
    return [decode_lab((min(L, 0xFF00) if L < 65535 else 0xFF00, a, b)) for L, a, b in product(steps, repeat=3)]


def build(limit: int, model: ForwardModel, grid: int = B2A_GRID) -> bytes:
    """The bytes of the output profile with total ink ≤ ``limit`` percent."""
    cap = (limit - ROUNDING_MARGIN) / 100
    seeds = []
    for p in product([i / (SEED_GRID - 1) for i in range(SEED_GRID)], repeat=3):
        seeds.append((p, model.lab(gcr_ink(p, cap))))
    table: list[tuple[int, ...]] = []
    gamut: list[tuple[int]] = []
    for target in lab_nodes(grid):
        start = min(seeds, key=lambda s: delta_e(s[1], target))[0]
        ink, error = separate(model, target, start, cap)
        table.append(tuple(round(v * 65535) for v in ink))
        gamut.append((0 if error <= GAMUT_DELTA_E else 65535,))
    a2b = _RawLut(model.tag)
    return output_profile(
        description=f"cardgen CGATS TR 001 (SWOP) TAC {limit}%",
        copyright="CC0 1.0; characterization from Compact-ICC-Profiles CGATS001Compat-v2-micro",
        a2b=a2b,  # type: ignore[arg-type]
        b2a=Lut16(3, 4, grid, table), gamut=Lut16(3, 1, grid, gamut))


class _RawLut:
    """An already encoded tag, copied as it is."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def encode(self) -> bytes:
        return self.data


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    limits = [int(a) for a in args] or list(LIMITS)
    model = ForwardModel.from_profile(SOURCE.read_bytes())
    for limit in limits:
        target = PROFILES / profile_name(limit)
        target.write_bytes(build(limit, model))
        print(f"wrote {target} ({target.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
