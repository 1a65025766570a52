"""Render ``gmdesk/resources/icons/gmdesk.svg`` to the PNG sizes desktops and installers ask for.

``python packaging/make_icons.py`` rewrites ``gmdesk/resources/icons/gmdesk-<N>.png`` for every N in SIZES.
Run it after editing the SVG and commit the PNGs: the build does not need Qt's SVG module to run, and
tests/packaging/test_icons.py fails when a PNG no longer matches the SVG.
Linux installs them as ``hicolor/<N>x<N>/apps/io.github.gmdesk.GMDesk.png`` (install-linux.sh);
PyInstaller turns the 256 px one into the Windows ``.ico`` and the 512 px one into the macOS ``.icns``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "gmdesk" / "resources" / "icons"
SVG = ICONS / "gmdesk.svg"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def png_path(size: int) -> Path:
    return ICONS / f"gmdesk-{size}.png"


def render(size: int, svg: Path = SVG):
    """The SVG drawn on a transparent ``size``×``size`` QImage (a QGuiApplication must exist)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg}: not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    return image


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 (QImage text needs fonts)
    for size in SIZES:
        if not render(size).save(str(png_path(size)), "PNG"):
            print(f"make_icons.py: cannot write {png_path(size)}", file=sys.stderr)
            return 1
        print(png_path(size).relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
