"""Export for slides: any view or chart as PNG or SVG, the trace as CSV or JSON (``compare --json``'s schema).

PNG is the widget as drawn (``QWidget.grab``); SVG is the widget rendered into a ``QSvgGenerator``
(QtSvg ships with PySide6-Essentials), so charts stay sharp at any size. Files are written through
``QSaveFile`` or a finished image, so a failed export never leaves a half-written file behind.
"""

from __future__ import annotations

import csv
import errno
import io
import json
import os

from PySide6.QtCore import QBuffer, QIODevice, QPoint, QRect, QSaveFile, QSize
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QWidget

from simcompare.cli.fingerprint import comparison_json
from simcompare.core.explain.compare import Comparison
from simcompare.core.formats.trace_export import trace_rows
from simcompare.core.text.documents import Document


class ExportError(OSError):
    """The file could not be written (the message names it)."""


def _write(path: str, data: bytes) -> None:
    file = QSaveFile(path)
    if not file.open(QIODevice.OpenModeFlag.WriteOnly) or file.write(data) != len(data) or not file.commit():
        raise _write_error(path, file.errorString())


def _write_error(path: str, qt_text: str) -> ExportError:
    """The failure with the system's error number where the folder shows it (Qt's text is English only)."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return ExportError(errno.ENOENT, qt_text or path, folder)
    if not os.access(folder, os.W_OK):
        return ExportError(errno.EACCES, qt_text or path, folder)
    return ExportError(qt_text or path)


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


def save_widget(widget: QWidget, path: str, title: str = "") -> None:
    """The widget as PNG or SVG, by the path's suffix (.png or .svg)."""
    suffix = os.path.splitext(path)[1].lower()
    if suffix == ".svg":
        _write(path, _svg(widget, title))
    elif suffix == ".png":
        image = widget.grab()
        if image.size() == QSize(0, 0):
            raise ExportError(path)
        if not image.save(path + ".part", "PNG"):
            raise _write_error(path, "")
        os.replace(path + ".part", path)
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
        _write(path, trace_csv(comparison).encode("utf-8"))
    elif suffix == ".json":
        # Typed or pasted text has no file encoding: it is named "typed", as nothing was decoded.
        docs = tuple(
            doc if doc is not None else Document(text, "typed", False, False, len(text.encode("utf-8")))
            for doc, text in zip(documents, texts, strict=True)
        )
        data = comparison_json(comparison, names, docs)  # type: ignore[arg-type]
        _write(path, (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))
    else:
        raise ExportError(f"{path}: choose .csv or .json")
