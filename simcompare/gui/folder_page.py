"""The Folder page: scan a folder, see its near-duplicate groups, act on them safely.

The scan runs in a worker (:mod:`simcompare.gui.scan_worker`); regrouping at another threshold reuses the
fingerprints in memory and never rescans. Nothing changes a file without a confirmation, and the
confirmation is a replaceable callable (``confirm``) so tests can answer it.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import (
    QEventLoop,
    QModelIndex,
    QProcess,
    QSettings,
    QSignalBlocker,
    QStringListModel,
    Qt,
    QTimer,
    QUrl,
    Signal,
    Slot,
)
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListView,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSlider,
    QSpinBox,
    QTableView,
    QTabWidget,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from simcompare.core.cache import default_cache_path
from simcompare.core.documents import DEFAULT_MAX_BYTES, read_document
from simcompare.core.errors import InputError
from simcompare.core.folder import FolderSession, NotDuplicates
from simcompare.core.groups import Group
from simcompare.core.histogram import DistanceHistogram
from simcompare.core.index import NearPairs
from simcompare.core.report import report_csv, report_json
from simcompare.core.scan import DEFAULT_EXCLUDES, DEFAULT_SUFFIXES, ScanOptions, ScanResult, Stage, scan
from simcompare.core.simhash import Config, default_k
from simcompare.gui.diff_view import DifferencesView
from simcompare.gui.folder_models import Column, GroupFilterModel, GroupTreeModel, ProblemsModel
from simcompare.gui.histogram_view import DistanceHistogramView
from simcompare.gui.messages import error_text, input_error_text, os_error_text
from simcompare.gui.scan_worker import ScanFunction, ScanRequest, ScanRunner

Confirm = Callable[[str, str, str], bool]
_DEFAULT_CACHE = object()
_RECENT = 8


def _split(text: str) -> tuple[str, ...]:
    try:
        return tuple(shlex.split(text.replace(",", " ")))
    except ValueError:
        return tuple(text.replace(",", " ").split())


def _duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


class FolderPage(QWidget):
    """Choose a folder, scan it, browse and act on the near-duplicate groups.

    Signals:
        scan_finished(ScanResult): a scan ended (complete or cancelled) and its groups are shown.
        regrouped(int): the groups were rebuilt at threshold k.
        compare_requested(path_a, path_b): the user asked to compare two members.

    Attributes:
        confirm: ``confirm(title, text, details) -> bool``; asked before any file is moved.
        warn: ``warn(title, text)``; tells of files that could not be moved (a message box by default).
        trash: ``trash(path)``; moves one file to the trash (send2trash by default).
        workers: Worker processes for the scan (None: one per core).
    """

    scan_finished = Signal(object)
    regrouped = Signal(int)
    compare_requested = Signal(str, str)

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        settings: QSettings | None = None,
        scan_function: ScanFunction = scan,
        cache_path: object = _DEFAULT_CACHE,
        config: Config | None = None,
    ) -> None:
        super().__init__(parent)
        self._settings = settings if settings is not None else QSettings()
        self._cache_path: Path | None = default_cache_path() if cache_path is _DEFAULT_CACHE else cache_path  # type: ignore[assignment]
        self.config = config or Config()
        self.workers: int | None = None
        self.confirm: Confirm = self._ask
        self.trash: Callable[[str], None] = _send_to_trash
        self.warn: Callable[[str, str], None] = lambda title, text: QMessageBox.warning(self, title, text)
        self._result: ScanResult | None = None
        self._session: FolderSession | None = None
        self._pairs: NearPairs | None = None
        self._started = 0.0
        self._runner = ScanRunner(scan_function, self)
        self._runner.progress.connect(self._on_progress)
        self._runner.histogram_ready.connect(self._on_histogram)
        self._runner.finished.connect(self._on_finished)
        self._runner.failed.connect(self._on_failed)
        self._runner.busy_changed.connect(self._on_busy)
        self._build()
        self._load_settings()
        self.histogram.set_k(self.k_box.value())
        self._update_actions()

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        self.folder_edit = QComboBox()
        self.folder_edit.setEditable(True)
        self.folder_edit.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.folder_edit.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.folder_edit.lineEdit().setPlaceholderText(self.tr("Folder to scan (or drop one here)"))
        self.folder_edit.setToolTip(self.tr("The folder whose text files are fingerprinted and grouped"))
        self.browse_button = QPushButton(self.tr("Browse…"))
        self.browse_button.clicked.connect(self.choose_folder)
        self.scan_button = QPushButton(self.tr("Scan"))
        self.scan_button.setDefault(True)
        self.scan_button.clicked.connect(self.start_scan)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.clicked.connect(self.cancel_scan)

        self.recursive_box = QCheckBox(self.tr("Include sub-folders"))
        self.recursive_box.setToolTip(self.tr("Also read the files in every folder below the chosen one"))
        self.suffixes_edit = QLineEdit()
        self.suffixes_edit.setToolTip(self.tr("File endings to read, separated by spaces; empty reads every file"))
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

        self.progress_bar = QProgressBar()
        self.progress_bar.setTextVisible(True)
        self.progress_label = QLabel()
        self.progress_label.setTextFormat(Qt.TextFormat.PlainText)

        bits = self.config.bits
        self.k_box = QSpinBox()
        self.k_box.setRange(0, bits // 2)
        self.k_box.setToolTip(self.tr("Files within this many differing bits are near-duplicates"))
        self.k_slider = QSlider(Qt.Orientation.Horizontal)
        self.k_slider.setRange(0, bits // 2)
        self.k_slider.setMaximumWidth(220)
        self.k_slider.setToolTip(self.k_box.toolTip())
        self.k_box.valueChanged.connect(self.k_slider.setValue)
        self.k_slider.valueChanged.connect(self.k_box.setValue)
        self.k_box.valueChanged.connect(self._on_k_changed)
        self.stats_label = QLabel()
        self.stats_label.setTextFormat(Qt.TextFormat.PlainText)

        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(self.tr("Filter by path"))
        self.filter_edit.setClearButtonEnabled(True)
        self.summary_label = QLabel()
        self.summary_label.setTextFormat(Qt.TextFormat.PlainText)

        self.model = GroupTreeModel(self)
        self.proxy = GroupFilterModel(self)
        self.proxy.setSourceModel(self.model)
        self.filter_edit.textChanged.connect(self.proxy.set_filter_text)
        self.tree = QTreeView()
        self.tree.setModel(self.proxy)
        self.tree.setSortingEnabled(True)
        self.tree.header().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # the groups' own order first
        self.tree.setUniformRowHeights(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setAlternatingRowColors(True)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(Column.NAME, QHeaderView.ResizeMode.Stretch)
        for column in list(Column)[1:]:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.selectionModel().selectionChanged.connect(self._update_actions)
        self.tree.doubleClicked.connect(self._on_double_clicked)

        self.open_button = QPushButton(self.tr("Open"))
        self.open_button.clicked.connect(self.open_selected)
        self.reveal_button = QPushButton(self.tr("Show in folder"))
        self.reveal_button.clicked.connect(self.reveal_selected)
        self.copy_button = QPushButton(self.tr("Copy path"))
        self.copy_button.clicked.connect(self.copy_selected)
        self.compare_button = QPushButton(self.tr("Side by side"))
        self.compare_button.setToolTip(self.tr("Two selected files, or a file and its group's reference"))
        self.compare_button.clicked.connect(self.compare_selected)
        self.not_dup_button = QPushButton(self.tr("Not duplicates"))
        self.not_dup_button.setToolTip(self.tr("Remember that these two files are not duplicates"))
        self.not_dup_button.clicked.connect(self.mark_not_duplicates)
        self.export_csv_button = QPushButton(self.tr("Export CSV…"))
        self.export_csv_button.clicked.connect(lambda: self._export_dialog("csv"))
        self.export_json_button = QPushButton(self.tr("Export JSON…"))
        self.export_json_button.clicked.connect(lambda: self._export_dialog("json"))
        self.trash_button = QPushButton(self.tr("Move to trash…"))
        self.trash_button.setToolTip(self.tr("Moves the ticked files (or the selected ones) after asking"))
        self.trash_button.clicked.connect(self.move_to_trash)

        self.problems_model = ProblemsModel(self)
        self.problems_view = QTableView()
        self.problems_view.setModel(self.problems_model)
        self.problems_view.horizontalHeader().setStretchLastSection(True)
        self.problems_view.verticalHeader().hide()
        self.problems_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.empty_model = QStringListModel(self)
        self.empty_view = QListView()
        self.empty_view.setModel(self.empty_model)
        self.empty_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.diff_view = DifferencesView()

        # ---- assemble
        folder_row = QHBoxLayout()
        folder_row.addWidget(QLabel(self.tr("Folder:")))
        folder_row.addWidget(self.folder_edit, 1)
        folder_row.addWidget(self.browse_button)
        folder_row.addWidget(self.scan_button)
        folder_row.addWidget(self.cancel_button)

        options = QFormLayout()
        options.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        row = QHBoxLayout()
        row.addWidget(self.recursive_box)
        row.addSpacing(12)
        row.addWidget(QLabel(self.tr("Smallest file:")))
        row.addWidget(self.min_size_box)
        row.addSpacing(12)
        row.addWidget(QLabel(self.tr("Largest file:")))
        row.addWidget(self.max_size_box)
        row.addStretch(1)
        options.addRow(self.tr("File types:"), self.suffixes_edit)
        options.addRow(self.tr("Only:"), self.include_edit)
        options.addRow(self.tr("Skip:"), self.exclude_edit)
        options.addRow("", row)

        progress_row = QHBoxLayout()
        progress_row.addWidget(self.progress_bar, 1)
        progress_row.addWidget(self.progress_label, 2)

        k_row = QHBoxLayout()
        k_row.addWidget(QLabel(self.tr("Threshold k:")))
        k_row.addWidget(self.k_box)
        k_row.addWidget(self.k_slider)
        k_row.addWidget(self.stats_label, 1)

        filter_row = QHBoxLayout()
        filter_row.addWidget(self.filter_edit, 1)
        filter_row.addWidget(self.summary_label, 2)

        actions = QHBoxLayout()
        for button in (
            self.open_button,
            self.reveal_button,
            self.copy_button,
            self.compare_button,
            self.not_dup_button,
        ):
            actions.addWidget(button)
        actions.addStretch(1)
        for button in (self.export_csv_button, self.export_json_button, self.trash_button):
            actions.addWidget(button)

        groups_tab = QWidget()
        groups_layout = QVBoxLayout(groups_tab)
        groups_layout.setContentsMargins(0, 4, 0, 0)
        groups_layout.addLayout(filter_row)
        groups_layout.addWidget(self.tree, 1)
        groups_layout.addLayout(actions)

        self.tabs = QTabWidget()
        self.tabs.addTab(groups_tab, self.tr("Groups"))
        self.tabs.addTab(self.diff_view, self.tr("Side by side"))
        self.tabs.addTab(self.problems_view, self.tr("Problems"))
        self.tabs.addTab(self.empty_view, self.tr("Empty files"))

        self.histogram = DistanceHistogramView()

        layout = QVBoxLayout(self)
        layout.addLayout(folder_row)
        layout.addLayout(options)
        layout.addLayout(progress_row)
        layout.addLayout(k_row)
        layout.addWidget(self.histogram)
        layout.addWidget(self.tabs, 1)
        self.setAcceptDrops(True)

    # ------------------------------------------------------------------ settings
    def _load_settings(self) -> None:
        s = self._settings
        recent = s.value("folder/recent", [])
        recent = [recent] if isinstance(recent, str) else list(recent or [])
        self.folder_edit.addItems(recent)
        self.folder_edit.setCurrentText(str(s.value("folder/path", recent[0] if recent else "")))
        self.recursive_box.setChecked(str(s.value("folder/recursive", "true")).lower() == "true")
        self.suffixes_edit.setText(str(s.value("folder/suffixes", " ".join(DEFAULT_SUFFIXES))))
        self.exclude_edit.setText(str(s.value("folder/exclude", " ".join(DEFAULT_EXCLUDES))))
        self.max_size_box.setValue(int(s.value("folder/max_mb", DEFAULT_MAX_BYTES // (1024 * 1024))))
        self.include_edit.setText(str(s.value("folder/include", "")))
        self.min_size_box.setValue(int(s.value("folder/min_kb", 0)))
        k = self.config.k if self.config.k is not None else default_k(self.config.bits)
        with QSignalBlocker(self.k_box), QSignalBlocker(self.k_slider):
            self.k_box.setValue(int(s.value("folder/k", k)))
            self.k_slider.setValue(self.k_box.value())

    def _save_settings(self) -> None:
        s = self._settings
        folder = self.folder()
        recent = [folder, *[self.folder_edit.itemText(i) for i in range(self.folder_edit.count())]]
        recent = list(dict.fromkeys(p for p in recent if p))[:_RECENT]
        s.setValue("folder/path", folder)
        s.setValue("folder/recent", recent)
        s.setValue("folder/recursive", "true" if self.recursive_box.isChecked() else "false")
        s.setValue("folder/suffixes", self.suffixes_edit.text())
        s.setValue("folder/exclude", self.exclude_edit.text())
        s.setValue("folder/max_mb", self.max_size_box.value())
        s.setValue("folder/include", self.include_edit.text())
        s.setValue("folder/min_kb", self.min_size_box.value())
        s.setValue("folder/k", self.k_box.value())
        s.sync()
        with QSignalBlocker(self.folder_edit):
            self.folder_edit.clear()
            self.folder_edit.addItems(recent)
            self.folder_edit.setCurrentText(folder)

    # ------------------------------------------------------------------ public API
    def folder(self) -> str:
        return self.folder_edit.currentText().strip()

    def set_folder(self, path: str | os.PathLike[str]) -> None:
        self.folder_edit.setCurrentText(str(path))

    @property
    def result(self) -> ScanResult | None:
        return self._result

    @property
    def groups(self) -> list[Group]:
        return self.model.groups

    @property
    def pairs(self) -> NearPairs | None:
        return self._pairs

    @property
    def scanning(self) -> bool:
        return self._runner.busy

    @property
    def runner(self) -> ScanRunner:
        return self._runner

    def options(self) -> ScanOptions:
        """The scan options the controls describe."""
        max_mb = self.max_size_box.value()
        return ScanOptions(
            recursive=self.recursive_box.isChecked(),
            suffixes=_split(self.suffixes_edit.text()),
            include=_split(self.include_edit.text()),
            exclude=_split(self.exclude_edit.text()),
            min_bytes=self.min_size_box.value() * 1024,
            max_bytes=max(max_mb * 1024 * 1024, self.min_size_box.value() * 1024) if max_mb else None,
            workers=self.workers,
            # Segmenting here would hold the GIL against the window's thread: always use worker processes.
            in_process=False,
        )

    def open_folder(self, path: str | os.PathLike[str]) -> bool:
        """Choose ``path`` and scan it (MainWindow.open_folder and ``--folder`` call this)."""
        self.set_folder(path)
        return self.start_scan()

    def wait_for_scan(self, timeout_ms: int) -> bool:
        """Run the event loop until the running scan ends (for ``--screenshot``); True when a result is shown."""
        loop = QEventLoop()
        timer = QTimer()
        timer.setSingleShot(True)
        timer.timeout.connect(loop.quit)
        self.scan_finished.connect(loop.quit)
        self._runner.failed.connect(loop.quit)
        timer.start(timeout_ms)
        while self._runner.busy and timer.isActive():
            loop.exec()
        return self._result is not None and not self._runner.busy

    @Slot()
    def choose_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Choose a folder to scan"), self.folder())
        if folder:
            self.set_folder(folder)

    @Slot()
    def start_scan(self) -> bool:
        """Scan the chosen folder in the worker; False when a scan runs already or the folder is missing."""
        if self._runner.busy:
            return False
        folder = self.folder()
        if not folder or not Path(folder).is_dir():
            self.progress_label.setText(self.tr("Choose a folder that exists."))
            return False
        try:
            options = self.options()
        except ValueError as error:
            self.progress_label.setText(error_text(error))
            return False
        self._save_settings()
        self._started = time.monotonic()
        self.progress_bar.setRange(0, 0)
        self.progress_label.setText(self.tr("Starting…"))
        return self._runner.start(ScanRequest(folder, self.config, options, self._cache_path))

    @Slot()
    def cancel_scan(self) -> None:
        self._runner.cancel()
        self.progress_label.setText(self.tr("Cancelling…"))

    def set_result(self, result: ScanResult) -> None:
        """Show a scan's result (the worker calls this; tests and the screenshot may too)."""
        self._result = result
        self._session = FolderSession(result, not_duplicates=NotDuplicates())
        self.problems_model.set_problems(result.problems)
        self.problems_view.resizeColumnsToContents()
        self.empty_model.setStringList(result.empty)
        self.tabs.setTabText(2, self.tr("Problems ({0})").format(len(result.problems)))
        self.tabs.setTabText(3, self.tr("Empty files ({0})").format(len(result.empty)))
        self.regroup()

    def regroup(self) -> None:
        """Groups at the current k from the fingerprints in memory (no rescan)."""
        session = self._session
        if session is None:
            return
        result = session.result
        k = self.k_box.value()
        groups = session.groups(k)
        self._pairs = session.search_statistics
        self.model.set_groups(result.files, groups, result.config.bits)
        self.tree.expandAll()
        self._show_summary()
        self._update_actions()
        self.regrouped.emit(k)

    def export(self, path: str | os.PathLike[str], kind: str) -> None:
        """Write the groups as ``csv`` or ``json`` (the schema of ``simcompare scan --json``)."""
        if self._session is None:
            raise ValueError("nothing to export: scan a folder first")
        if kind == "csv":
            text = report_csv(self._session, self.groups)
        elif kind == "json":
            report = report_json(self._session, self.groups, self.k_box.value())
            text = json.dumps(report, ensure_ascii=False, indent=2)
            text += "\n"
        else:
            raise ValueError(f"kind must be csv or json, got {kind!r}")
        Path(path).write_text(text, encoding="utf-8", newline="")

    def selected_files(self) -> list[int]:
        """File indices of the selected member rows, in view order, without repeats."""
        found: list[int] = []
        for index in self.tree.selectionModel().selectedRows(Column.NAME):
            file_index = self.model.file_index(self.proxy.mapToSource(index))
            if file_index is not None and file_index not in found:
                found.append(file_index)
        return found

    def select_files(self, file_indices: Sequence[int]) -> None:
        """Select the member rows of these files (for tests and keyboard users)."""
        selection = self.tree.selectionModel()
        selection.clearSelection()
        for g, group in enumerate(self.groups):
            parent = self.model.index(g, 0)
            for r, member in enumerate(group.members):
                if member.index in file_indices:
                    index = self.proxy.mapFromSource(self.model.index(r, 0, parent))
                    selection.select(
                        index,
                        selection.SelectionFlag.Select | selection.SelectionFlag.Rows,
                    )

    def absolute(self, file_index: int) -> str:
        assert self._result is not None
        return str(Path(self._result.root) / self._result.files[file_index].path)

    # ------------------------------------------------------------------ actions
    @Slot()
    def open_selected(self) -> None:
        for i in self.selected_files()[:10]:
            QDesktopServices.openUrl(QUrl.fromLocalFile(self.absolute(i)))

    @Slot()
    def reveal_selected(self) -> None:
        files = self.selected_files()
        if files:
            reveal(self.absolute(files[0]))

    @Slot()
    def copy_selected(self) -> None:
        files = self.selected_files()
        if files:
            QGuiApplication.clipboard().setText("\n".join(self.absolute(i) for i in files))

    def _pair(self) -> tuple[int, int] | None:
        files = self.selected_files()
        if len(files) == 2:
            return files[0], files[1]
        if len(files) == 1:
            for group in self.groups:
                if any(m.index == files[0] for m in group.members) and group.reference != files[0]:
                    return group.reference, files[0]
        return None

    @Slot()
    def compare_selected(self) -> bool:
        """Show the selected pair (or a member and its reference) in the Differences view."""
        pair = self._pair()
        if pair is None:
            return False
        a, b = (self.absolute(i) for i in pair)
        texts = []
        for path in (a, b):
            try:
                texts.append(read_document(path).text)
            except InputError as error:
                self.summary_label.setText(self.tr("Cannot read {0}: {1}").format(path, input_error_text(error.code)))
                return False
        assert self._result is not None
        self.diff_view.set_titles(self._result.files[pair[0]].path, self._result.files[pair[1]].path)
        self.diff_view.set_texts(texts[0], texts[1], segmenter=self.config.segmenter)
        self.tabs.setCurrentWidget(self.diff_view)
        self.compare_requested.emit(a, b)
        return True

    @Slot()
    def mark_not_duplicates(self) -> bool:
        """Remember the selected pair as not duplicates (across scans) and regroup."""
        pair = self._pair()
        if pair is None:
            return False
        assert self._session is not None
        try:
            self._session.mark_not_duplicates(*pair)
        except OSError as error:
            self.warn(self.tr("Not duplicates"), os_error_text(error))
            return False
        self.regroup()
        return True

    @Slot()
    def move_to_trash(self) -> list[str]:
        """Move the ticked (else the selected) members to the trash after confirmation; returns what moved."""
        if self._result is None or self._runner.busy:
            return []
        chosen = self.model.checked_files() or self.selected_files()
        if not chosen:
            return []
        paths = [self.absolute(i) for i in chosen]
        listing = "\n".join(paths)
        question = self.tr("Move {0} file(s) to the trash?").format(len(paths))
        if not self.confirm(self.tr("Move to trash"), question, listing):
            return []
        whole = [n for n, g in enumerate(self.groups, start=1) if all(m.index in chosen for m in g.members)]
        if whole:
            warning = self.tr(
                "Every file of group(s) {0} is marked: no copy of them would be left in the folder. "
                "Move them all to the trash anyway?"
            ).format(", ".join(map(str, whole)))
            if not self.confirm(self.tr("Move every copy?"), warning, listing):
                return []
        moved: list[str] = []
        failed: list[str] = []
        for i, path in zip(chosen, paths, strict=True):
            try:
                self.trash(path)
            except OSError as error:
                failed.append(os_error_text(error) if error.filename else f"{path}: {os_error_text(error)}")
            else:
                moved.append(self._result.files[i].path)
        self._forget(moved)
        if failed:
            self.warn(self.tr("Move to trash"), self.tr("Some files were not moved:") + "\n" + "\n".join(failed))
        self.summary_label.setText(
            self.summary_label.text() + "  " + self.tr("{0} moved to the trash").format(len(moved))
        )
        return moved

    def _forget(self, moved: Sequence[str]) -> None:
        """Drop moved files from the result in memory and regroup (no rescan)."""
        if not moved or self._result is None:
            return
        assert self._session is not None
        self._session.forget(moved)
        self._result = self._session.result
        self.empty_model.setStringList(self._result.empty)
        self.regroup()

    def _export_dialog(self, kind: str) -> None:
        if self._result is None:
            return
        name = "groups.csv" if kind == "csv" else "groups.json"
        start = str(Path(self.folder() or Path.home()) / name)
        pattern = self.tr("CSV files (*.csv)") if kind == "csv" else self.tr("JSON files (*.json)")
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export groups"), start, pattern)
        if path:
            try:
                self.export(path, kind)
            except OSError as error:
                QMessageBox.warning(self, self.tr("Export groups"), os_error_text(error))

    def _ask(self, title: str, text: str, details: str) -> bool:
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, parent=self)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setInformativeText(details if details.count("\n") < 15 else self.tr("The files are listed under Details."))
        box.setDetailedText(details)
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        return box.exec() == QMessageBox.StandardButton.Yes

    def shutdown(self) -> None:
        """Stop the scan thread and the diff worker; call before the page goes away."""
        self._runner.shutdown()
        self.diff_view.shutdown()

    # ------------------------------------------------------------------ slots
    @Slot(int, int, str)
    def _on_progress(self, done: int, total: int, stage: str) -> None:
        if stage == Stage.LISTING:
            self.progress_bar.setRange(0, 0)
            self.progress_label.setText(self.tr("Listing files…"))
            return
        self.progress_bar.setRange(0, max(total, 1))
        self.progress_bar.setValue(done)
        elapsed = max(time.monotonic() - self._started, 1e-6)
        rate = done / elapsed
        left = (total - done) / rate if rate > 0 else 0.0
        stage_text = self.tr("Reading") if stage == Stage.READING else self.tr("Done")
        self.progress_label.setText(
            self.tr("{0}: {1} / {2} files · {3:.0f} files/s · {4} left").format(
                stage_text, done, total, rate, _duration(left)
            )
        )

    @Slot(object)
    def _on_finished(self, result: ScanResult) -> None:
        elapsed = time.monotonic() - self._started
        if result.cancelled:
            self.progress_bar.setRange(0, 1)
            self.progress_bar.setValue(0)
            self.progress_label.setText(self.tr("Cancelled: partial result, {0} files read").format(len(result.files)))
        else:
            self.progress_bar.setRange(0, 1)
            self.progress_bar.setValue(1)
            stats = result.stats
            self.progress_label.setText(
                self.tr("Scanned {0} files in {1:.1f} s ({2} from the cache)").format(
                    len(result.files), elapsed, stats.fingerprints_from_cache + stats.features_from_cache
                )
            )
        self.set_result(result)
        self.scan_finished.emit(result)

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self.progress_bar.setRange(0, 1)
        self.progress_bar.setValue(0)
        self.progress_label.setText(self.tr("The scan failed: {0}").format(message))

    @Slot(bool)
    def _on_busy(self, busy: bool) -> None:
        self.scan_button.setEnabled(not busy)
        self.cancel_button.setEnabled(busy)
        for widget in (
            self.browse_button,
            self.folder_edit,
            self.recursive_box,
            self.suffixes_edit,
            self.exclude_edit,
            self.max_size_box,
            self.min_size_box,
            self.include_edit,
        ):
            widget.setEnabled(not busy)
        self._update_actions()

    def set_config(self, config: Config) -> None:
        """Fingerprint settings for the next scan (the Compare page's). A change of width resets k."""
        bits_changed = config.bits != self.config.bits
        self.config = config
        if bits_changed:
            with QSignalBlocker(self.k_box), QSignalBlocker(self.k_slider):
                self.k_box.setRange(0, config.bits // 2)
                self.k_slider.setRange(0, config.bits // 2)
                self.k_box.setValue(config.k if config.k is not None else default_k(config.bits))
                self.k_slider.setValue(self.k_box.value())
            self.histogram.set_k(self.k_box.value())
        if self._result is not None:
            self._show_summary()

    def _settings_differ(self) -> bool:
        if self._result is None:
            return False
        now, then = self.config.describe(), self._result.config.describe()
        now.pop("k")
        then.pop("k")
        return now != then

    @Slot(object)
    def _on_histogram(self, histogram: DistanceHistogram) -> None:
        self.histogram.set_histogram(histogram)

    @Slot(int)
    def _on_k_changed(self, _k: int) -> None:
        self.histogram.set_k(self.k_box.value())
        self._settings.setValue("folder/k", self.k_box.value())
        self.regroup()

    @Slot(QModelIndex)
    def _on_double_clicked(self, index: QModelIndex) -> None:
        file_index = self.model.file_index(self.proxy.mapToSource(index))
        if file_index is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(self.absolute(file_index)))

    @Slot()
    def _update_actions(self) -> None:
        busy = self._runner.busy
        self.cancel_button.setEnabled(busy)
        self.scan_button.setEnabled(not busy)
        has_result = self._result is not None
        selected = len(self.selected_files()) if has_result else 0
        for button in (self.open_button, self.reveal_button, self.copy_button):
            button.setEnabled(selected > 0)
        pair = has_result and self._pair() is not None
        self.compare_button.setEnabled(pair)
        self.not_dup_button.setEnabled(pair)
        for button in (self.export_csv_button, self.export_json_button):
            button.setEnabled(has_result and not busy)
        self.trash_button.setEnabled(has_result and not busy)

    def _show_summary(self) -> None:
        result = self._result
        assert result is not None
        pairs = self._pairs
        members = sum(len(g.members) for g in self.groups)
        text = self.tr("{0} groups, {1} files in groups, of {2} scanned").format(
            len(self.groups), members, len(result.files)
        )
        if result.cancelled:
            text = self.tr("PARTIAL (scan cancelled): ") + text
        self.summary_label.setText(text)
        if pairs is not None:
            self.stats_label.setText(
                self.tr(
                    "{0} pairs within k · index: {1} blocks, {2} candidate checks where brute force compares {3} pairs"
                ).format(len(pairs), pairs.blocks, pairs.candidates, pairs.possible_pairs)
            )
            if self._settings_differ():
                self.stats_label.setText(
                    self.stats_label.text() + self.tr(" · the fingerprint settings changed: scan again to apply them")
                )

    # ------------------------------------------------------------------ drop a folder
    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        for url in event.mimeData().urls():
            path = url.toLocalFile()
            if path and Path(path).is_dir():
                self.set_folder(path)
                event.acceptProposedAction()
                return


def _send_to_trash(path: str) -> None:
    from send2trash import send2trash

    send2trash(path)


def reveal(path: str) -> None:
    """Show a file in the system's file manager (its folder, where selecting it is not possible)."""
    if sys.platform == "darwin":
        QProcess.startDetached("open", ["-R", path])
    elif sys.platform == "win32":
        QProcess.startDetached("explorer", ["/select,", os.path.normpath(path)])
    else:
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(Path(path).parent)))
