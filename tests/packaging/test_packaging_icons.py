"""The icon: one SVG, and PNGs at every size that are that SVG, rendered (packaging/make_icons.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest
from desktop_tools import ICONS
from PySide6.QtGui import QImage

import make_icons

SVG_NS = "{http://www.w3.org/2000/svg}"


def argb(image: QImage) -> QImage:
    return image.convertToFormat(QImage.Format.Format_ARGB32)


def channels(image: QImage) -> np.ndarray:
    """height × width × 4 (B, G, R, A on little-endian machines; the order does not matter here)."""
    rows = np.frombuffer(image.constBits(), np.uint8, image.sizeInBytes()).reshape(image.height(), image.bytesPerLine())
    return rows[:, : image.width() * 4].reshape(image.height(), image.width(), 4).astype(int)


def test_svg_is_square_and_draws_without_fonts():
    root = ET.parse(ICONS / "gmdesk.svg").getroot()
    assert root.tag == f"{SVG_NS}svg"
    x, y, w, h = (float(v) for v in root.get("viewBox").split())
    assert (x, y) == (0, 0) and w == h
    # Text would be drawn in whatever font the renderer finds (librsvg, Qt, a browser): outlines only.
    assert root.find(f".//{SVG_NS}text") is None


@pytest.mark.parametrize("size", make_icons.SIZES)
def test_png_is_the_svg_rendered_at_its_size(qapp, size):
    png = argb(QImage(str(make_icons.png_path(size))))
    assert not png.isNull(), f"missing {make_icons.png_path(size).name}: run python packaging/make_icons.py"
    assert (png.width(), png.height()) == (size, size)
    assert png.hasAlphaChannel()
    assert png.pixelColor(0, 0).alpha() == 0  # rounded corners: transparent
    assert png.pixelColor(size // 2, size // 5).alpha() == 255
    fresh = argb(make_icons.render(size))
    # Renderers differ by a shade in anti-aliasing; a changed SVG changes whole shapes.
    differing = int((np.abs(channels(png) - channels(fresh)).max(axis=2) > 48).sum())
    assert differing <= size * size * 0.01, f"{differing} pixels differ: run python packaging/make_icons.py"


def test_sizes_cover_what_desktops_and_installers_ask_for():
    assert {16, 24, 32, 48, 64, 128, 256, 512} <= set(make_icons.SIZES)
