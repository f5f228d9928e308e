"""The Folder page's scan controls: the folder (and others, with roles), which files to read, the progress
line and the threshold k.

:class:`ScanControls` makes the widgets and the rows they sit in (the page places the rows), and reads what
they say as :class:`~simcompare.core.folder.scan.ScanOptions`.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QObject, QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSlider,
    QSpinBox,
)

from simcompare.core.folder.roots import RootRole, ScanRoot
from simcompare.core.folder.scan import ScanOptions
from simcompare.core.formats.names import display_name
from simcompare.gui.common.plain import plain_label
from simcompare.gui.folder.roots_list import RootsList


def split_words(text: str) -> tuple[str, ...]:
    """Globs or suffixes typed with spaces or commas; quotes keep a space inside one."""
    try:
        return tuple(shlex.split(text.replace(",", " ")))
    except ValueError:
        return tuple(text.replace(",", " ").split())


class ScanControls(QObject):
    """The scan's widgets and their rows: ``folder_row``, ``options_form``, ``progress_row``, ``k_row``."""

    def __init__(self, bits: int, parent: QObject) -> None:
        super().__init__(parent)
        self._make_options()
        self.progress_bar = QProgressBar()
        self.progress_bar.setTextVisible(True)
        self.progress_bar.hide()  # only while something runs: an idle bar looks like an empty text box
        self.progress_label = plain_label()

        self.k_box = QSpinBox()
        self.k_box.setRange(0, bits // 2)
        self.k_box.setToolTip(self.tr("Files within this many differing bits are near-duplicates"))
        self.k_slider = QSlider(Qt.Orientation.Horizontal)
        self.k_slider.setRange(0, bits // 2)
        self.k_slider.setMaximumWidth(220)
        self.k_slider.setToolTip(self.k_box.toolTip())
        self.k_box.valueChanged.connect(self.k_slider.setValue)
        self.k_slider.valueChanged.connect(self.k_box.setValue)
        self.stats_label = plain_label()
        self.stats_label.setWordWrap(True)
        self._make_rows()

    def _make_options(self) -> None:
        self.folder_edit = QComboBox()
        self.folder_edit.setEditable(True)
        self.folder_edit.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.folder_edit.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        line = self.folder_edit.lineEdit()
        assert line is not None  # an editable box has one
        line.setPlaceholderText(self.tr("Folder to scan (or drop one here)"))
        self.folder_edit.setToolTip(self.tr("The folder whose text files are fingerprinted and grouped"))
        self.browse_button = QPushButton(self.tr("Browse…"))
        self.roots_list = RootsList(self)
        self.scan_button = QPushButton(self.tr("Scan"))
        self.scan_button.setDefault(True)
        self.cancel_button = QPushButton(self.tr("Cancel"))

        self.recursive_box = QCheckBox(self.tr("Include sub-folders"))
        self.recursive_box.setToolTip(self.tr("Also read the files in every folder below the chosen one"))
        self.suffixes_edit = QLineEdit()
        self.suffixes_edit.setToolTip(
            self.tr("File endings to read, separated by spaces; empty reads every file that holds text, by its content")
        )
        self.suffixes_edit.setPlaceholderText(self.tr("every file that holds text"))
        self.exclude_edit = QLineEdit()
        self.exclude_edit.setToolTip(self.tr("Folder and file names to skip (globs), separated by spaces"))
        self.max_size_box = QSpinBox()
        self.max_size_box.setRange(0, 10_000)
        self.max_size_box.setSuffix(self.tr(" MB"))
        self.max_size_box.setSpecialValueText(self.tr("no limit"))
        self.max_size_box.setToolTip(self.tr("Larger files are listed under Problems"))
        self.include_edit = QLineEdit()
        self.include_edit.setPlaceholderText(self.tr("every file of the types above"))
        self.include_edit.setToolTip(
            self.tr("Only files whose name or path matches one of these globs, separated by spaces (e.g. report*)")
        )
        self.min_size_box = QSpinBox()
        self.min_size_box.setRange(0, 1_000_000)
        self.min_size_box.setSuffix(self.tr(" KB"))
        self.min_size_box.setSpecialValueText(self.tr("no minimum"))
        self.min_size_box.setToolTip(
            self.tr("Smaller files are passed over (very short texts make fragile fingerprints)")
        )

    def _make_rows(self) -> None:
        self.folder_row = QHBoxLayout()
        self.folder_row.addWidget(QLabel(self.tr("Folder:")))
        self.folder_row.addWidget(self.folder_edit, 1)
        self.folder_row.addWidget(self.browse_button)
        self.folder_row.addWidget(self.roots_list.add_button)
        self.folder_row.addWidget(self.scan_button)
        self.folder_row.addWidget(self.cancel_button)

        self.options_form = QFormLayout()
        self.options_form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        row = QHBoxLayout()
        row.addWidget(self.recursive_box)
        row.addSpacing(12)
        row.addWidget(QLabel(self.tr("Smallest file:")))
        row.addWidget(self.min_size_box)
        row.addSpacing(12)
        row.addWidget(QLabel(self.tr("Largest file:")))
        row.addWidget(self.max_size_box)
        row.addStretch(1)
        self.options_form.addRow(self.roots_list.widget)
        types_row = QHBoxLayout()
        types_row.addWidget(self.suffixes_edit, 3)
        types_row.addWidget(QLabel(self.tr("Only:")))
        types_row.addWidget(self.include_edit, 2)
        self.options_form.addRow(self.tr("File types:"), types_row)
        self.options_form.addRow(self.tr("Skip:"), self.exclude_edit)
        self.options_form.addRow("", row)

        self.progress_row = QHBoxLayout()
        self.progress_row.addWidget(self.progress_bar, 1)
        self.progress_row.addWidget(self.progress_label, 2)

        self.k_row = QHBoxLayout()
        self.k_row.addWidget(QLabel(self.tr("Threshold k:")))
        self.k_row.addWidget(self.k_box)
        self.k_row.addWidget(self.k_slider)
        self.k_row.addWidget(self.stats_label, 1)

    def folder(self) -> str:
        return self.folder_edit.currentText().strip()

    def roots(self, folder: str) -> str | tuple[tuple[str, RootRole], ...]:
        """What the scan reads: ``folder`` alone as it always was, or with the other folders and their roles.

        Raises:
            ValueError: another folder that does not exist (naming it).
        """
        others = self.roots_list.roots()
        if not others:
            return folder
        for path, _role in others:
            if not Path(path).is_dir():
                raise ValueError(
                    self.tr("The folder {0} does not exist; remove it from the list").format(display_name(path))
                )
        return ((folder, RootRole.NORMAL), *others)

    def show_roots(self, root: str, roots: Sequence[ScanRoot]) -> None:
        """Show the folders a result scanned: its first normal root in the folder field, the others in the list
        (a result of one folder: that folder, and an empty list)."""
        first = next((r for r in roots if r.role is RootRole.NORMAL), None)
        self.folder_edit.setCurrentText(first.path if first is not None else root)
        self.roots_list.set_roots([(r.path, r.role) for r in roots if r is not first])

    def options(self, workers: int | None) -> ScanOptions:
        """The scan options the controls describe."""
        max_mb = self.max_size_box.value()
        return ScanOptions(
            recursive=self.recursive_box.isChecked(),
            suffixes=split_words(self.suffixes_edit.text()),
            include=split_words(self.include_edit.text()),
            exclude=split_words(self.exclude_edit.text()),
            min_bytes=self.min_size_box.value() * 1024,
            max_bytes=max(max_mb * 1024 * 1024, self.min_size_box.value() * 1024) if max_mb else None,
            workers=workers,
            # Segmenting here would hold the GIL against the window's thread: always use worker processes.
            in_process=False,
        )

    def set_k(self, k: int) -> None:
        """Show ``k`` in the box and the slider without a signal."""
        with QSignalBlocker(self.k_box), QSignalBlocker(self.k_slider):
            self.k_box.setValue(k)
            self.k_slider.setValue(self.k_box.value())
