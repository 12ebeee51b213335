"""A table picture rendered to PNG by a real SVG renderer: it must draw, at the expected size.

The renderer is resvg (``resvg-py``, a self-contained wheel), from the ``svg-test``
dependency group: ``pip install --group svg-test``. Without it this module is skipped, except
where ``PHASE10_REQUIRE_EXTRAS=1`` (CI) makes a missing renderer an error. The PNG is read
with the standard library (:mod:`zlib`), so no imaging library is needed.
"""

from __future__ import annotations

import importlib
import struct
import zlib
from types import ModuleType

import pytest

import phase10
from phase10 import svg
from tests.optional_deps import REQUIRED
from tests.svg_golden import table_state


def renderer() -> ModuleType:
    """resvg_py, or a skip (an import error under PHASE10_REQUIRE_EXTRAS=1)."""
    if REQUIRED:
        return importlib.import_module("resvg_py")
    module: ModuleType = pytest.importorskip(
        "resvg_py", reason="needs the svg-test group: pip install --group svg-test"
    )
    return module


def read_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows of pixels (RGBA, 8 bits) of a non-interlaced PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
    width, height, depth, color_type, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert (8, 6, 0) == (depth, color_type, interlace), "expected 8-bit RGBA, not interlaced"
    raw, stride, bpp = zlib.decompress(idat), width * 4, 4
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up = previous[i]
            corner = previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + pred) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, rows


def test_a_table_renders_to_a_png_of_the_expected_size_that_is_not_blank() -> None:
    resvg = renderer()
    picture = svg.table(phase10.view(table_state(), 0), size=48)
    root_width, root_height = (
        float(picture.split('width="', 1)[1].split('"', 1)[0]),
        float(picture.split('height="', 1)[1].split('"', 1)[0]),
    )
    png = bytes(resvg.svg_to_bytes(svg_string=picture, background="#ffffff"))
    width, height, rows = read_png(png)
    assert (round(root_width), round(root_height)) == (width, height)
    pixels = [row[i : i + 3] for row in rows for i in range(0, len(row), 4)]
    white = sum(1 for p in pixels if p == b"\xff\xff\xff")
    assert 0.2 < white / len(pixels) < 0.9  # a white page with a lot drawn on it
    colours = {p for p in pixels}
    assert len(colours) > 50  # cards of several colours, text, edges
    # the red of a red card's face, the yellow of a yellow card's face
    assert b"\xc6\x28\x28" in colours and b"\xfb\xc0\x2d" in colours


def test_the_png_reader_reads_what_it_should() -> None:
    # a 2x1 PNG: one red pixel, one transparent, "Sub" filtered
    raw = b"\x01" + bytes([255, 0, 0, 255, 1, 0, 0, 1])
    body = struct.pack(">IIBBBBB", 2, 1, 8, 6, 0, 0, 0)

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data)
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    png = (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", body)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )
    assert (2, 1, [bytes([255, 0, 0, 255, 0, 0, 0, 0])]) == read_png(png)
