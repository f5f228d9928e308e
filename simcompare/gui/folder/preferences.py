"""The Folder page's preferences: the scan's options and k, the reference folders, where file dialogs start.

They live in the window's QSettings under ``folder/``; the scan's controls
(:class:`~simcompare.gui.folder.scan_controls.ScanControls`) show them. A preferences file can hold anything
(edited by hand, written by another version, damaged): every value is read with bounds, a bad one gives way to
its default and is named in :attr:`FolderPreferences.problems`, and the file itself is left as it is.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QSettings, QSignalBlocker, QStandardPaths

from simcompare.core.folder.scan import DEFAULT_EXCLUDES
from simcompare.core.text.documents import DEFAULT_MAX_BYTES
from simcompare.gui.folder.roots_list import parse_roots, roots_text

if TYPE_CHECKING:
    from simcompare.gui.folder.scan_controls import ScanControls

RECENT = 8
"""Folders kept in the folder box's list."""
MAX_TEXT = 4_096
"""Characters kept of a text preference (a folder, the file types, the skip patterns)."""
MAX_FOLDERS = 1_000
"""Reference folders kept."""


def whole_number(raw: object, low: int, high: int) -> int | None:
    """``raw`` (as QSettings gives it: a number or its text) as a whole number from ``low`` to ``high``, else None.

    ``"12"``, ``12``, ``"1e5"`` and ``12.0`` are whole numbers; ``"abc"``, ``"2.5"``, NaN, infinities and anything
    out of range are not.
    """
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        number: float = raw
    else:
        text = str(raw).strip()[:64]
        try:
            number = int(text)
        except ValueError:
            try:
                number = float(text)
            except ValueError:
                return None
    if isinstance(number, float) and (not math.isfinite(number) or not number.is_integer()):
        return None
    return int(number) if low <= number <= high else None


class FolderPreferences:
    """Reads and writes the Folder page's preferences (``folder/…`` keys of ``settings``)."""

    def __init__(self, settings: QSettings) -> None:
        self.settings = settings
        self.problems: list[str] = []
        """The preferences that could not be used (their keys and values, shortened), newest last."""

    def _value(self, key: str, default: object) -> object:
        try:
            return cast(Any, self.settings.value)(key, default)
        except Exception:  # a value QSettings itself cannot turn into a Python object
            self.problems.append(key)
            return default

    def _text(self, key: str, default: str) -> str:
        raw = self._value(key, default)
        if not isinstance(raw, str | int | float) or isinstance(raw, bool):
            self.problems.append(key)
            return default
        return str(raw)[:MAX_TEXT]

    def _number(self, key: str, default: int, low: int, high: int) -> int:
        raw = self._value(key, default)
        number = whole_number(raw, low, high)
        if number is None:
            self.problems.append(f"{key} = {str(raw)[:40]!r} (not a whole number from {low:,} to {high:,})")
            return default
        return number

    def load(self, fields: ScanControls, default_k: int) -> None:
        """Fill the controls from the preferences (defaults where there are none or a value is unusable)."""
        recent = self._value("folder/recent", [])
        recent = [recent] if isinstance(recent, str) else list(recent) if isinstance(recent, list) else []
        recent = [str(p)[:MAX_TEXT] for p in recent[:RECENT] if isinstance(p, str)]
        fields.folder_edit.addItems(recent)
        fields.folder_edit.setCurrentText(self._text("folder/path", recent[0] if recent else ""))
        fields.recursive_box.setChecked(self._text("folder/recursive", "true").lower() == "true")
        fields.suffixes_edit.setText(self._text("folder/suffixes", ""))  # empty: every file holding text
        fields.exclude_edit.setText(self._text("folder/exclude", " ".join(DEFAULT_EXCLUDES)))
        box = fields.max_size_box
        default_mb = min(DEFAULT_MAX_BYTES // (1024 * 1024), box.maximum())
        box.setValue(self._number("folder/max_mb", default_mb, box.minimum(), box.maximum()))
        fields.include_edit.setText(self._text("folder/include", ""))
        roots, clean = parse_roots(self._value("folder/roots", ""))
        fields.roots_list.set_roots(roots)
        if not clean:
            self.problems.append("folder/roots (not a list of folders with their roles)")
        box = fields.min_size_box
        box.setValue(self._number("folder/min_kb", 0, box.minimum(), box.maximum()))
        box = fields.k_box
        fields.set_k(self._number("folder/k", min(default_k, box.maximum()), box.minimum(), box.maximum()))

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
        s.setValue("folder/roots", roots_text(fields.roots_list.roots()))
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
        raw = self._value("folder/reference_folders", "[]")
        text = str(raw) if isinstance(raw, str) else "[]"
        try:
            folders = json.loads(text) if len(text) <= MAX_FOLDERS * MAX_TEXT else None
        except (ValueError, RecursionError):  # RecursionError: nested deeper than the parser goes
            folders = None
        if not isinstance(folders, list):
            self.problems.append("folder/reference_folders (not a list of folders)")
            return []
        return [f for f in folders[:MAX_FOLDERS] if isinstance(f, str) and 0 < len(f) <= MAX_TEXT]

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
