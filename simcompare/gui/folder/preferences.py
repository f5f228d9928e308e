"""The Folder page's preferences: the scan's options and k, the reference folders, where file dialogs start.

They live in the window's QSettings under ``folder/``; the scan's controls
(:class:`~simcompare.gui.folder.scan_controls.ScanControls`) show them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QSettings, QSignalBlocker, QStandardPaths

from simcompare.core.folder.scan import DEFAULT_EXCLUDES, DEFAULT_SUFFIXES
from simcompare.core.text.documents import DEFAULT_MAX_BYTES

if TYPE_CHECKING:
    from simcompare.gui.folder.scan_controls import ScanControls

RECENT = 8
"""Folders kept in the folder box's list."""


class FolderPreferences:
    """Reads and writes the Folder page's preferences (``folder/…`` keys of ``settings``)."""

    def __init__(self, settings: QSettings) -> None:
        self.settings = settings

    def load(self, fields: ScanControls, default_k: int) -> None:
        """Fill the controls from the preferences (defaults where there are none)."""
        s = self.settings
        value = cast(Any, s.value)  # QSettings gives objects: a string, a list or a number, as it was written
        recent = value("folder/recent", [])
        recent = [recent] if isinstance(recent, str) else list(recent or [])
        fields.folder_edit.addItems(recent)
        fields.folder_edit.setCurrentText(str(s.value("folder/path", recent[0] if recent else "")))
        fields.recursive_box.setChecked(str(s.value("folder/recursive", "true")).lower() == "true")
        fields.suffixes_edit.setText(str(s.value("folder/suffixes", " ".join(DEFAULT_SUFFIXES))))
        fields.exclude_edit.setText(str(s.value("folder/exclude", " ".join(DEFAULT_EXCLUDES))))
        fields.max_size_box.setValue(int(value("folder/max_mb", DEFAULT_MAX_BYTES // (1024 * 1024))))
        fields.include_edit.setText(str(s.value("folder/include", "")))
        fields.min_size_box.setValue(int(value("folder/min_kb", 0)))
        fields.set_k(int(value("folder/k", default_k)))

    def save(self, fields: ScanControls) -> None:
        """Keep what the controls say, the folder first among the recent ones."""
        s = self.settings
        folder = fields.folder()
        box = fields.folder_edit
        recent = [folder, *[box.itemText(i) for i in range(box.count())]]
        recent = list(dict.fromkeys(p for p in recent if p))[:RECENT]
        s.setValue("folder/path", folder)
        s.setValue("folder/recent", recent)
        s.setValue("folder/recursive", "true" if fields.recursive_box.isChecked() else "false")
        s.setValue("folder/suffixes", fields.suffixes_edit.text())
        s.setValue("folder/exclude", fields.exclude_edit.text())
        s.setValue("folder/max_mb", fields.max_size_box.value())
        s.setValue("folder/include", fields.include_edit.text())
        s.setValue("folder/min_kb", fields.min_size_box.value())
        s.setValue("folder/k", fields.k_box.value())
        s.sync()
        with QSignalBlocker(box):
            box.clear()
            box.addItems(recent)
            box.setCurrentText(folder)

    def save_k(self, k: int) -> None:
        self.settings.setValue("folder/k", k)

    def reference_folders(self) -> list[str]:
        """Folders whose files are always references and never marked."""
        raw = self.settings.value("folder/reference_folders", "[]")
        try:
            folders = json.loads(str(raw))
        except ValueError:
            return []
        return [str(f) for f in folders if isinstance(f, str)] if isinstance(folders, list) else []

    def set_reference_folders(self, folders: Sequence[str]) -> None:
        self.settings.setValue("folder/reference_folders", json.dumps(list(folders), ensure_ascii=False))
        self.settings.sync()

    def start_folder(self, key: str) -> str:
        """Where a file dialog starts: the last folder used for ``key``, else the user's documents."""
        saved = str(self.settings.value(key, ""))
        if saved and Path(saved).is_dir():
            return saved
        return QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation) or str(Path.home())

    def remember_folder(self, key: str, folder: str) -> None:
        """The folder a file dialog of ``key`` starts in next time."""
        self.settings.setValue(key, folder)
