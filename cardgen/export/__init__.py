"""Image exports: per-card PNGs, print-on-demand presets, Tabletop Simulator sheets, proof sheets.

Every image is rasterised (pdfium) from the same vector drawing as the PDF card sheets: the
deck's distinct faces and backs are drawn once into a small PDF, one card per page, and each
page is rendered at the pixel size the target asks for. This package imports nothing heavy at
import time, so pool workers start quickly.
"""
