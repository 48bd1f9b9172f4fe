"""The separation: which CMYK prints a given Lab colour, with grey replacement and an ink limit.

The printing condition is characterized by a CMYK → Lab table (the ``A2B0`` of the bundled
CGATS TR 001 profile), evaluated here in floating point. A colour is separated by searching the
three-parameter family :func:`gcr_ink` — CMY, part of their common grey moved to K (GCR), the total
area coverage capped — for the member closest to the target (damped Gauss-Newton, clamped to the
family's box). Out-of-gamut colours end on the gamut surface. Used at build time only, by
:mod:`cardgen.color.build_profiles`; at run time LittleCMS applies the tables this produces.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

Lab = tuple[float, float, float]
Ink = tuple[float, float, float, float]

GCR_START = 0.1
"""The grey component (min of C, M, Y) from which black starts to replace it."""
UCR = 0.4
"""How much C, M and Y are taken away per unit of black put in."""


def gcr_ink(p: Sequence[float], limit: float) -> Ink:
    """CMY coverages ``p`` (0…1) → CMYK with grey component replacement and total ink ≤ ``limit`` (1 = 100%)."""
    c, m, y = (min(1.0, max(0.0, v)) for v in p)
    grey = min(c, m, y)
    k = max(0.0, (grey - GCR_START) / (1 - GCR_START))
    c, m, y = c - UCR * k, m - UCR * k, y - UCR * k
    colour = c + m + y
    if colour + k > limit and colour > 0:
        scale = max(0.0, limit - k) / colour
        c, m, y = c * scale, m * scale, y * scale
    return c, m, y, k


@dataclass(frozen=True)
class ForwardModel:
    """A ``lut16Type`` CMYK → Lab table with its input curves, evaluated in floating point."""

    curves: tuple[tuple[float, ...], ...]
    grid: int
    clut: tuple[Lab, ...]
    tag: bytes
    """The tag's own bytes, to copy into a derived profile unchanged."""

    @classmethod
    def from_profile(cls, data: bytes, tag: bytes = b"A2B0") -> ForwardModel:
        count = struct.unpack(">I", data[128:132])[0]
        for i in range(count):
            sig, offset, size = struct.unpack(">4sII", data[132 + 12 * i:144 + 12 * i])
            if sig == tag:
                break
        else:
            raise ValueError(f"profile has no {tag.decode()} tag")
        t = data[offset:offset + size]
        if t[:4] != b"mft2" or t[8:10] != b"\x04\x03":
            raise ValueError(f"{tag.decode()} is not a 4-in, 3-out lut16Type")
        grid = t[10]
        n_in, n_out = struct.unpack(">HH", t[48:52])
        pos = 52
        curves = []
        for _ in range(4):
            curves.append(tuple(v / 65535 for v in struct.unpack(f">{n_in}H", t[pos:pos + 2 * n_in])))
            pos += 2 * n_in
        nodes = grid ** 4
        raw = struct.unpack(f">{nodes * 3}H", t[pos:pos + 6 * nodes])
        pos += 6 * nodes
        out = [struct.unpack(f">{n_out}H", t[pos + 2 * n_out * j:pos + 2 * n_out * (j + 1)]) for j in range(3)]
        if any(o != (0, 65535) for o in out):
            raise ValueError("only identity output curves are supported")
        clut = tuple((raw[3 * j] / 65535, raw[3 * j + 1] / 65535, raw[3 * j + 2] / 65535) for j in range(nodes))
        return cls(tuple(curves), grid, clut, t)

    @staticmethod
    def _curve(table: Sequence[float], x: float) -> float:
        x = min(1.0, max(0.0, x)) * (len(table) - 1)
        i = min(int(x), len(table) - 2)
        f = x - i
        return table[i] + (table[i + 1] - table[i]) * f

    def lab(self, ink: Ink) -> Lab:
        """CMYK (0…1 each) → Lab, interpolating the table multilinearly."""
        g = self.grid - 1
        idx = []
        frac = []
        for channel, value in enumerate(ink):
            x = self._curve(self.curves[channel], value) * g
            i = min(int(x), g - 1)
            idx.append(i)
            frac.append(x - i)
        acc0 = acc1 = acc2 = 0.0
        s3, s2, s1 = self.grid ** 3, self.grid ** 2, self.grid
        base = idx[0] * s3 + idx[1] * s2 + idx[2] * s1 + idx[3]
        for corner in product((0, 1), repeat=4):
            w = 1.0
            for bit, f in zip(corner, frac):
                w *= f if bit else 1 - f
            if w == 0.0:
                continue
            node = self.clut[base + corner[0] * s3 + corner[1] * s2 + corner[2] * s1 + corner[3]]
            acc0 += w * node[0]
            acc1 += w * node[1]
            acc2 += w * node[2]
        return acc0 * 65535 * 100 / 0xFF00, acc1 * 65535 / 256 - 128, acc2 * 65535 / 256 - 128


def delta_e(a: Lab, b: Lab) -> float:
    """CIE76 colour difference."""
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2) ** 0.5


def _solve3(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve a 3 × 3 system by Cramer's rule (the matrix is damped, so never singular)."""
    def det(m: list[list[float]]) -> float:
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
    d = det(a)
    out = []
    for col in range(3):
        m = [row[:] for row in a]
        for r in range(3):
            m[r][col] = b[r]
        out.append(det(m) / d)
    return out


def separate(model: ForwardModel, target: Lab, start: Sequence[float], limit: float,
             iterations: int = 25) -> tuple[Ink, float]:
    """The ink of the :func:`gcr_ink` family closest to ``target``, and its ΔE from it."""
    p = [min(1.0, max(0.0, v)) for v in start]
    current = model.lab(gcr_ink(p, limit))
    err = delta_e(current, target)
    damping = 1e-3
    h = 0.004
    for _ in range(iterations):
        if err < 0.05:
            break
        r = [target[i] - current[i] for i in range(3)]
        jac = []  # jac[j][i] = d Lab_i / d p_j
        for j in range(3):
            q = p[:]
            step = h if q[j] + h <= 1 else -h
            q[j] += step
            moved = model.lab(gcr_ink(q, limit))
            jac.append([(moved[i] - current[i]) / step for i in range(3)])
        jtj = [[sum(jac[a][i] * jac[b][i] for i in range(3)) + (damping * 100 if a == b else 0) for b in range(3)]
               for a in range(3)]
        jtr = [sum(jac[a][i] * r[i] for i in range(3)) for a in range(3)]
        delta = _solve3(jtj, jtr)
        trial = [min(1.0, max(0.0, p[j] + delta[j])) for j in range(3)]
        moved = model.lab(gcr_ink(trial, limit))
        trial_err = delta_e(moved, target)
        if trial_err < err:
            p, current, err = trial, moved, trial_err
            damping = max(1e-6, damping / 3)
        else:
            damping *= 10
            if damping > 1e4:
                break
    return gcr_ink(p, limit), err
