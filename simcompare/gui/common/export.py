"""Export for slides: any view or chart as PNG or SVG, the trace as CSV or JSON (``compare --json``'s schema).

PNG is the widget as drawn (``QWidget.grab``); SVG is the widget rendered into a ``QSvgGenerator``
(QtSvg ships with PySide6-Essentials), so charts stay sharp at any size. Each file is made whole in
memory and written by ``simcompare.core.formats.atomic``, so a failed export never leaves a half-written
file behind; names in the JSON are written as ``simcompare.core.formats.names`` says.
"""

from __future__ import annotations

import csv
import io
import os

from PySide6.QtCore import QBuffer, QIODevice, QPoint, QRect, QSize
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QWidget

from simcompare.core.explain.compare import Comparison
from simcompare.core.formats.atomic import write_bytes, write_text
from simcompare.core.formats.names import json_text
from simcompare.core.formats.trace_export import comparison_json, trace_rows
from simcompare.core.text.documents import Document


class ExportError(OSError):
    """The file could not be written (the message names it)."""


def _svg(widget: QWidget, title: str) -> bytes:
    device = QBuffer()
    device.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(device)
    generator.setSize(widget.size())
    generator.setViewBox(QRect(0, 0, widget.width(), widget.height()))
    generator.setTitle(title)
    painter = QPainter(generator)
    try:
        widget.render(painter, QPoint())
    finally:
        painter.end()  # the SVG is complete in the buffer now (and no painter outlives its device)
    data = bytes(device.data())
    del generator  # before its device: a generator outliving its buffer would write to freed memory
    device.close()
    return data


def _png(widget: QWidget, path: str) -> bytes:
    image = widget.grab()
    device = QBuffer()
    device.open(QIODevice.OpenModeFlag.WriteOnly)
    if image.size() == QSize(0, 0) or not image.save(device, "PNG"):
        raise ExportError(path)
    data = bytes(device.data())
    device.close()
    return data


def save_widget(widget: QWidget, path: str, title: str = "") -> None:
    """The widget as PNG or SVG, by the path's suffix (.png or .svg)."""
    suffix = os.path.splitext(path)[1].lower()
    if suffix == ".svg":
        write_bytes(path, _svg(widget, title))
    elif suffix == ".png":
        write_bytes(path, _png(widget, path))
    else:
        raise ExportError(f"{path}: choose .png or .svg")


def trace_csv(comparison: Comparison) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(trace_rows(comparison))
    return out.getvalue()


def save_trace(
    comparison: Comparison,
    path: str,
    *,
    names: tuple[str, str] = ("A", "B"),
    documents: tuple[Document | None, Document | None] = (None, None),
    texts: tuple[str, str] = ("", ""),
) -> None:
    """The trace as CSV (.csv) or as ``simcompare compare --json`` writes it (.json)."""
    suffix = os.path.splitext(path)[1].lower()
    if suffix == ".csv":
        write_text(path, trace_csv(comparison))
    elif suffix == ".json":
        # Typed or pasted text has no file encoding: it is named "typed", as nothing was decoded.
        docs = tuple(
            doc if doc is not None else Document(text, "typed", False, False, len(text.encode("utf-8")))
            for doc, text in zip(documents, texts, strict=True)
        )
        data = comparison_json(comparison, names, docs)  # type: ignore[arg-type]
        write_text(path, json_text(data) + "\n")
    else:
        raise ExportError(f"{path}: choose .csv or .json")
