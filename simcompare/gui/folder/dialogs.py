"""The Folder page's dialogs: the not-duplicates list, the reference folders, the file dialogs of its results,
and the message boxes that ask before files move.

Every text a dialog shows that comes from outside (file names, folders) is shown as plain text. The page keeps
the callables that open file dialogs and ask questions (``ask_folder``, ``confirm``…), so tests answer them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Qt, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from simcompare.core.folder.session import NotDuplicates
from simcompare.core.formats.atomic import write_text
from simcompare.core.formats.names import json_text
from simcompare.core.formats.report import report_csv, report_json
from simcompare.core.search.groups import GroupRule
from simcompare.gui.common.messages import error_text, os_error_text
from simcompare.gui.common.plain import plain_label

if TYPE_CHECKING:
    from simcompare.gui.folder.page import FolderPage

Confirm = Callable[[str, str, str], bool]
"""``confirm(title, text, details) -> bool``: asked before files move."""
AskPath = Callable[[str, str, str], str]
"""A file dialog: ``(title, start, filter) -> path``, or "" when cancelled."""


class NotDuplicatesDialog(QDialog):
    """The not-duplicates list; each entry can be removed (the pair may be grouped again)."""

    def __init__(
        self, store: NotDuplicates, parent: QWidget, removed: Callable[[], None], warn: Callable[[str, str], None]
    ) -> None:
        super().__init__(parent)
        self._store, self._removed, self._warn = store, removed, warn
        self.setWindowTitle(self.tr("Not duplicates"))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.listing = QListWidget()
        self.listing.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        for a, b in store.pairs():
            item = QListWidgetItem(f"{a}\n  ≠ {b}")
            item.setData(Qt.ItemDataRole.UserRole, [a, b])
            self.listing.addItem(item)
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setToolTip(self.tr("Forget the selected pairs: they may be grouped again"))
        self.remove_button.clicked.connect(self._on_remove)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.addButton(self.remove_button, QDialogButtonBox.ButtonRole.ActionRole)
        column = QVBoxLayout(self)
        column.addWidget(plain_label(self.tr("Pairs you said are not duplicates (%Ln)", "", self.listing.count())))
        column.addWidget(self.listing, 1)
        column.addWidget(buttons)
        self.resize(640, 360)

    @Slot()
    def _on_remove(self) -> None:
        for item in self.listing.selectedItems():
            a, b = item.data(Qt.ItemDataRole.UserRole)
            try:
                self._store.remove(a, b)
            except OSError as error:
                self._warn(self.tr("Not duplicates"), os_error_text(error))
                return
            self.listing.takeItem(self.listing.row(item))
        self._removed()


class ReferenceFoldersDialog(QDialog):
    """The reference folders: add and remove; each change is saved at once."""

    def __init__(
        self,
        folders: Sequence[str],
        parent: QWidget,
        ask_folder: Callable[[str], str],
        save: Callable[[list[str]], None],
    ) -> None:
        super().__init__(parent)
        self._ask_folder, self._save = ask_folder, save
        self.setWindowTitle(self.tr("Reference folders"))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.listing = QListWidget()
        self.listing.addItems(list(folders))
        self.add_button = QPushButton(self.tr("Add…"))
        self.remove_button = QPushButton(self.tr("Remove"))
        self.add_button.clicked.connect(self._on_add)
        self.remove_button.clicked.connect(self._on_remove)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.addButton(self.add_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.remove_button, QDialogButtonBox.ButtonRole.ActionRole)
        column = QVBoxLayout(self)
        column.addWidget(plain_label(self.tr("Files in these folders are always references and never marked.")))
        column.addWidget(self.listing, 1)
        column.addWidget(buttons)
        self.resize(560, 300)

    def folders(self) -> list[str]:
        return [self.listing.item(i).text() for i in range(self.listing.count())]

    @Slot()
    def _on_add(self) -> None:
        folder = self._ask_folder(self.tr("Add a reference folder"))
        if folder:
            self.listing.addItem(os.path.abspath(folder))
            self._save(self.folders())

    @Slot()
    def _on_remove(self) -> None:
        for item in self.listing.selectedItems():
            self.listing.takeItem(self.listing.row(item))
        self._save(self.folders())


class FolderDialogs(QObject):
    """Opens the page's dialogs: its two lists, and the file dialogs that save, reopen and export results."""

    def __init__(self, page: FolderPage) -> None:
        super().__init__(page)
        self._page = page

    @Slot()
    def choose_folder(self) -> None:
        page = self._page
        folder = page.ask_folder(self.tr("Choose a folder to scan"), page.folder(), "")
        if folder:
            page.set_folder(folder)

    @Slot()
    def show_not_duplicates(self) -> NotDuplicatesDialog:
        """The not-duplicates list in a dialog; each entry can be removed (the pair is grouped again)."""
        page = self._page
        store = page.file_commands.not_duplicates()
        dialog = NotDuplicatesDialog(store, page, page.regroup, lambda title, text: page.warn(title, text))
        dialog.open()
        return dialog

    @Slot()
    def edit_reference_folders(self) -> ReferenceFoldersDialog:
        """The reference folders in a dialog: add and remove."""
        page = self._page
        dialog = ReferenceFoldersDialog(
            page.reference_folders(),
            page,
            lambda title: page.ask_folder(title, page.folder(), ""),
            page.set_reference_folders,
        )
        dialog.open()
        return dialog

    def save_results(self) -> str:
        page = self._page
        if page.session is None:
            return ""
        start = str(Path(page.preferences.start_folder("folder/last_export")) / "simcompare-results.json")
        path = page.ask_save_path(self.tr("Save results"), start, self.tr("JSON files (*.json)"))
        if not path:
            return ""
        try:
            page.save_results(path)
        except OSError as error:
            page.warn(self.tr("Save results"), os_error_text(error))
            return ""
        except ValueError as error:  # the groups changed while the dialog was open (none on screen yet)
            page.warn(self.tr("Save results"), error_text(error))
            return ""
        page.preferences.remember_folder("folder/last_export", str(Path(path).parent))
        return path

    def open_results(self) -> str:
        page = self._page
        start = page.preferences.start_folder("folder/last_export")
        path = page.ask_open_path(self.tr("Open results"), start, self.tr("JSON files (*.json)"))
        if path and page.open_results(path):
            return path
        return ""

    def write_groups(self, path: str | os.PathLike[str], kind: str) -> None:
        """Write the groups on screen as ``csv`` or ``json`` (the schema of ``simcompare scan --json``)."""
        page = self._page
        if page.session is None:
            raise ValueError("nothing to export: scan a folder first")
        if page.deciding:  # the groups as saved, not yet checked again
            raise ValueError("the groups are being checked again: export them once they are")
        if kind == "csv":
            text = report_csv(page.session, page.groups)
        elif kind == "json":
            data = report_json(page.session, page.groups, page.k_box.value(), GroupRule.REFERENCE)
            text = json_text(data) + "\n"
        else:
            raise ValueError(f"kind must be csv or json, got {kind!r}")
        write_text(path, text)

    def export(self, kind: str) -> str:
        page = self._page
        if page.session is None:
            return ""
        name = "groups.csv" if kind == "csv" else "groups.json"
        start = str(Path(page.preferences.start_folder("folder/last_export")) / name)
        pattern = self.tr("CSV files (*.csv)") if kind == "csv" else self.tr("JSON files (*.json)")
        path = page.ask_save_path(self.tr("Export groups"), start, pattern)
        if not path:
            return ""
        try:
            self.write_groups(path, kind)
        except OSError as error:
            page.warn(self.tr("Export groups"), os_error_text(error))
            return ""
        except ValueError as error:  # the groups changed while the dialog was open (as saved, not decided)
            page.warn(self.tr("Export groups"), error_text(error))
            return ""
        page.preferences.remember_folder("folder/last_export", str(Path(path).parent))
        return path


def warn_plain(parent: QWidget, title: str, text: str) -> None:
    """A warning whose text (file names) is shown as the characters it is, never as markup."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, parent=parent)
    plain_text_only(box)
    box.exec()


def ask_yes_no(parent: QWidget, title: str, text: str, details: str) -> bool:
    """A question with the files concerned (as plain text); No is the default."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, parent=parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    listed = QCoreApplication.translate("FolderPage", "The files are listed under Details.")
    box.setInformativeText(details if details.count("\n") < 15 else listed)
    box.setDetailedText(details)
    box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    box.setDefaultButton(QMessageBox.StandardButton.No)
    plain_text_only(box)
    return box.exec() == QMessageBox.StandardButton.Yes


def plain_text_only(box: QMessageBox) -> None:
    """Every label of a message box (text and informative text) shows plain text: names are untrusted."""
    box.setTextFormat(Qt.TextFormat.PlainText)
    for label in box.findChildren(QLabel):
        label.setTextFormat(Qt.TextFormat.PlainText)
