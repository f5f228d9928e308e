"""The other folders a scan reads beside the folder field, each Normal, Reference or Excluded.

The folder field stays the scan's first folder (normal); :class:`RootsList` holds the others, chosen before the
scan: *Add folder…* adds one (normal), each row's box changes its role, *Remove* takes the selected ones away.
The list is shown only when it holds a folder, so a scan of one folder looks as it always did. The preferences
keep it (``folder/roots``) and read it back with bounds (:func:`parse_roots`): a preferences file is untrusted.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from simcompare.core.folder.roots import RootRole
from simcompare.core.formats.names import display_name

MAX_ROOTS = 100
"""Folders kept in the list (and read back from the preferences)."""
MAX_PATH = 4_096
"""Characters of a folder's path read back from the preferences."""

PATH_ROLE = Qt.ItemDataRole.UserRole + 1


def role_names() -> dict[RootRole, str]:
    """Each role in words, in the order the boxes list them."""
    return {
        RootRole.NORMAL: QCoreApplication.translate("RootsList", "Normal"),
        RootRole.REFERENCE: QCoreApplication.translate("RootsList", "Reference (never marked)"),
        RootRole.EXCLUDED: QCoreApplication.translate("RootsList", "Excluded (not read)"),
    }


def parse_roots(raw: object) -> tuple[list[tuple[str, RootRole]], bool]:
    """The folders and roles kept in the preferences (JSON text), and False when something in it was unusable.

    Anything that is not a list of ``{"path": absolute folder, "role": role}`` objects is dropped, item by item;
    at most :data:`MAX_ROOTS` are kept.
    """
    if raw is None or raw == "":
        return [], True
    text = raw if isinstance(raw, str) else ""
    try:
        data = json.loads(text) if 0 < len(text) <= MAX_ROOTS * (MAX_PATH + 64) else None
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, list):
        return [], False
    roots: list[tuple[str, RootRole]] = []
    clean = len(data) <= MAX_ROOTS
    for entry in data[:MAX_ROOTS]:
        path = entry.get("path") if isinstance(entry, dict) else None
        role = entry.get("role") if isinstance(entry, dict) else None
        good_path = isinstance(path, str) and 0 < len(path) <= MAX_PATH and "\x00" not in path and os.path.isabs(path)
        if not good_path or role not in {r.value for r in RootRole}:
            clean = False
            continue
        assert isinstance(path, str) and isinstance(role, str)
        roots.append((path, RootRole(role)))
    return roots, clean


def roots_text(roots: Sequence[tuple[str, RootRole]]) -> str:
    """The folders and roles as the preferences keep them."""
    return json.dumps([{"path": p, "role": r.value} for p, r in roots], ensure_ascii=False)


class RootsList(QObject):
    """The list of other folders: ``widget`` (the table and its buttons), ``add_button`` for the folder row."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ask_folder: Callable[[str, str], str] = self._ask_folder
        """``ask_folder(title, start) -> folder`` ('' when cancelled); tests answer it."""
        self.table = QTableWidget(0, 2)
        self.table.setHorizontalHeaderLabels([self.tr("Folder"), self.tr("Role")])
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        # Compact rows, three of them shown before the list scrolls: the groups below need the room.
        rows = QComboBox().sizeHint().height() + 2
        self.table.verticalHeader().setDefaultSectionSize(rows)
        self.table.setMaximumHeight(self.table.horizontalHeader().sizeHint().height() + 3 * rows + 4)
        self.add_button = QPushButton(self.tr("Add folder…"))
        self.add_button.setToolTip(
            self.tr("Scan another folder with this one: normal, reference (never marked) or excluded")
        )
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setToolTip(self.tr("Scan without the selected folders"))
        self.add_button.clicked.connect(self._on_add)
        self.remove_button.clicked.connect(self.remove_selected)

        self.widget = QWidget()
        row = QHBoxLayout(self.widget)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel(self.tr("Also:")), 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.table, 1)
        buttons = QVBoxLayout()
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        row.addLayout(buttons)
        self.widget.hide()

    def _ask_folder(self, title: str, start: str) -> str:
        return QFileDialog.getExistingDirectory(self.table.window(), title, start)

    # ------------------------------------------------------------------ the list
    def roots(self) -> list[tuple[str, RootRole]]:
        """The folders and their roles, in the order shown."""
        out = []
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 0)
            box = self.table.cellWidget(row, 1)
            assert item is not None and isinstance(box, QComboBox)
            out.append((str(item.data(PATH_ROLE)), RootRole(box.currentData())))
        return out

    def set_roots(self, roots: Sequence[tuple[str, RootRole]]) -> None:
        """Show these folders (the first :data:`MAX_ROOTS`), replacing the list."""
        self.table.setRowCount(0)
        for path, role in roots[:MAX_ROOTS]:
            self._append(path, role)
        self._update()

    def add(self, path: str, role: RootRole = RootRole.NORMAL) -> bool:
        """Add a folder (False when it is listed already or the list is full)."""
        path = os.path.abspath(path)
        if len(self.roots()) >= MAX_ROOTS or path in (p for p, _ in self.roots()):
            return False
        self._append(path, role)
        self._update()
        return True

    def set_role(self, row: int, role: RootRole) -> None:
        box = self.table.cellWidget(row, 1)
        assert isinstance(box, QComboBox)
        box.setCurrentIndex(box.findData(role.value))

    @Slot()
    def remove_selected(self) -> None:
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()}, reverse=True)
        for row in rows:
            self.table.removeRow(row)
        self._update()

    def _append(self, path: str, role: RootRole) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        item = QTableWidgetItem(display_name(path))  # a table item is plain text; undecodable bytes as \xNN
        item.setData(PATH_ROLE, path)
        item.setToolTip(display_name(path))
        self.table.setItem(row, 0, item)
        box = QComboBox()
        for value, words in role_names().items():
            box.addItem(words, value.value)
        box.setCurrentIndex(box.findData(role.value))
        box.currentIndexChanged.connect(lambda _index: self.changed.emit())
        self.table.setCellWidget(row, 1, box)

    def _update(self) -> None:
        self.widget.setVisible(self.table.rowCount() > 0)
        self.remove_button.setEnabled(self.table.rowCount() > 0)
        self.changed.emit()

    @Slot()
    def _on_add(self) -> None:
        folder = self.ask_folder(self.tr("Add a folder to scan"), "")
        if folder:
            self.add(folder)
