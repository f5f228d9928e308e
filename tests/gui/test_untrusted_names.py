"""File names are untrusted too (issue 10): Folder page tooltips and message boxes show them as characters,
and a name that is not UTF-8 is shown with its odd bytes as \\xNN instead of silently losing them."""

from __future__ import annotations

import os
from pathlib import Path

from helpers.texts import EN_A
from PySide6 import QtGui
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QTextDocument, QTextFormat
from PySide6.QtWidgets import QLabel, QMessageBox

from simcompare.core.errors import ErrorCode
from simcompare.core.folder.scan import Problem, ScanOptions, scan
from simcompare.core.search.groups import find_groups
from simcompare.gui.folder.dialogs import plain_text_only
from simcompare.gui.folder.models import GroupTreeModel, ProblemsModel

BOLD = "<b>x</b>.txt"
IMAGE = '<img src="file:///etc/hostname">.txt'
LATIN1 = os.fsdecode(b"caf\xe9.txt")


def _as_rendered(tooltip: str) -> QTextDocument:
    """The tooltip as Qt shows it (a tooltip is rich text when it looks like rich text)."""
    document = QTextDocument()
    if QtGui.Qt.mightBeRichText(tooltip):
        document.setHtml(tooltip)
    else:
        document.setPlainText(tooltip)
    return document


def _nothing_rendered(document: QTextDocument) -> None:
    block = document.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fmt = it.fragment().charFormat()
            assert not fmt.isImageFormat()
            assert not fmt.hasProperty(QTextFormat.Property.FontWeight)
            it += 1
        block = block.next()


def test_member_tooltips_show_names_as_characters(qtbot, tmp_path: Path) -> None:
    names = [BOLD.replace("/", "_"), '<img src="x">.txt', LATIN1]
    for name in names:
        (tmp_path / name).write_text(EN_A, encoding="utf-8")
    result = scan(tmp_path, options=ScanOptions(workers=1))
    files = result.files
    groups, _ = find_groups([f.value for f in files], 3, 64, names=[f.path for f in files])
    model = GroupTreeModel()
    model.set_groups(files, groups, 64)
    group = model.index(0, 0, QModelIndex())
    shown = {}
    for row in range(model.rowCount(group)):
        index = model.index(row, 0, group)
        display = model.data(index, Qt.ItemDataRole.DisplayRole)
        document = _as_rendered(model.data(index, Qt.ItemDataRole.ToolTipRole))
        _nothing_rendered(document)
        shown[display] = document.toPlainText()
    assert set(shown) == {"<b>x<_b>.txt", '<img src="x">.txt', "caf\\xe9.txt"}
    for display, text in shown.items():
        assert text.startswith(display)


def test_problem_tooltips_show_names_as_characters(qtbot) -> None:
    model = ProblemsModel()
    model.set_problems([Problem(BOLD, ErrorCode.NOT_REGULAR, "not a regular file: a FIFO (named pipe)")])
    assert model.data(model.index(0, 0), Qt.ItemDataRole.DisplayRole) == BOLD
    document = _as_rendered(model.data(model.index(0, 0), Qt.ItemDataRole.ToolTipRole))
    _nothing_rendered(document)
    assert document.toPlainText().startswith(BOLD)


def test_message_boxes_show_names_as_characters(qtbot) -> None:
    box = QMessageBox(QMessageBox.Icon.Warning, "Move to trash", f"Some files were not moved:\n{IMAGE}")
    box.setInformativeText(f"{BOLD}\n{IMAGE}")
    qtbot.addWidget(box)
    plain_text_only(box)
    labels = [label for label in box.findChildren(QLabel) if label.text()]
    assert any(IMAGE in label.text() for label in labels)
    assert all(label.textFormat() == Qt.TextFormat.PlainText for label in labels)
