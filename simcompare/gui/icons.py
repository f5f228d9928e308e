"""The application icon as PNG images of given sizes, drawn from its SVG by Qt's SVG renderer.

The desktop entry (``simcompare --install-desktop-entry``) installs these beside the SVG in the hicolor theme:
menus that cannot scale SVG, and small sizes drawn exactly, need them. No QApplication is needed.
"""

from __future__ import annotations

from collections.abc import Mapping


def render_png(svg: bytes, size: int, text: Mapping[str, str] | None = None) -> bytes:
    """The SVG drawn into a transparent ``size`` × ``size`` PNG, with ``text`` as the PNG's text chunks.

    Raises:
        ValueError: the size is not positive, or Qt cannot read the SVG.
    """
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    if size < 1:
        raise ValueError(f"an icon is at least 1 pixel wide, got {size}")
    renderer = QSvgRenderer(QByteArray(svg))
    if not renderer.isValid():
        raise ValueError("the icon is not an SVG that Qt can draw")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    for key, value in (text or {}).items():
        image.setText(key, value)
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise ValueError(f"Qt could not encode the {size} px icon as PNG")
    return bytes(buffer.data().data())
