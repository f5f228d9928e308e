"""The application icon drawn at the hicolor sizes, as ``--install-desktop-entry`` installs it."""

from __future__ import annotations

import io
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from simcompare.cli import desktop
from simcompare.cli.desktop import APP_ID, ICON_SIZES, MARKER
from simcompare.core.resources import resource
from simcompare.gui.icons import render_png


def _install(data: Path) -> None:
    launcher = data / "bin" / "simcompare-gui"
    launcher.parent.mkdir(parents=True)
    launcher.write_text("#!/bin/sh\n", encoding="utf-8")
    launcher.chmod(0o755)
    desktop.install(data, launcher, io.StringIO())


def test_the_icons_are_the_svg_drawn_at_each_size(tmp_path: Path) -> None:
    _install(tmp_path)
    for size in ICON_SIZES:
        data = (tmp_path / f"icons/hicolor/{size}x{size}/apps/{APP_ID}.png").read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", data[16:24]) == (size, size)  # IHDR's width and height
        image = QImage.fromData(data, "PNG")
        assert image.text(MARKER) == "true"
        middle = image.pixelColor(size // 2, size // 2)
        corner = image.pixelColor(0, 0)
        assert middle.alpha() == 255 and corner.alpha() == 0  # drawn, on a transparent ground
    svg = (tmp_path / f"icons/hicolor/scalable/apps/{APP_ID}.svg").read_text(encoding="utf-8")
    assert svg.endswith(resource("icons", "simcompare.svg").read_text(encoding="utf-8"))
    ET.fromstring(svg)  # still well-formed with the mark


def test_a_broken_svg_is_refused() -> None:
    with pytest.raises(ValueError, match="not an SVG"):
        render_png(b"<svg", 16)
    with pytest.raises(ValueError, match="at least 1 pixel"):
        render_png(resource("icons", "simcompare.svg").read_bytes(), 0)
