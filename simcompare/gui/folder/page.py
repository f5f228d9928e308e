"""The Folder page: scan a folder, see its near-duplicate groups, act on them as a duplicate cleaner does.

A :class:`~simcompare.core.folder.session.FolderSession` owns the result; the page only shows it and asks. Every
long job — the scan, regrouping at another k, reopening saved results — runs through the window's one
worker pattern (:class:`~simcompare.gui.common.workers.BackgroundJob`), so the window never waits: the old
groups stay on screen until the new ones arrive, and of rapid threshold changes only the newest is
computed. Nothing changes a file without a confirmation; every confirmation, question and file dialog
is a replaceable callable so tests drive the real widgets and answer them.
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
    QEvent,
    QEventLoop,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPoint,
    QProcess,
    QSettings,
    QSignalBlocker,
    QStandardPaths,
    QStringListModel,
    Qt,
    QTimer,
    QUrl,
    Signal,
    Slot,
)
from PySide6.QtGui import QAction, QDesktopServices, QGuiApplication, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSlider,
    QSpinBox,
    QTableView,
    QTabWidget,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from simcompare.core.defaults import default_k
from simcompare.core.errors import InputError
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.actions import ActionKind, ActionLog, Outcome, move_keeping_paths, trash_files
from simcompare.core.folder.cache import default_cache_path
from simcompare.core.folder.cleaner import MarkRule, inside, marks_by_rule, set_reference
from simcompare.core.folder.scan import DEFAULT_EXCLUDES, DEFAULT_SUFFIXES, ScanOptions, ScanResult, scan
from simcompare.core.folder.session import FolderSession, NotDuplicates
from simcompare.core.formats.atomic import write_text
from simcompare.core.formats.names import display_name, json_text
from simcompare.core.formats.report import report_csv, report_json
from simcompare.core.formats.results import results_json
from simcompare.core.progress import Stage
from simcompare.core.search.groups import Group, GroupRule
from simcompare.core.search.histogram import DistanceHistogram
from simcompare.core.search.index import SearchStats
from simcompare.core.text.cleaning import clean, read_as_html
from simcompare.core.text.documents import DEFAULT_MAX_BYTES, read_document
from simcompare.gui.common.diff_view import DifferencesView
from simcompare.gui.common.messages import error_text, input_error_text, os_error_text, system_error_text
from simcompare.gui.common.plain import plain_label
from simcompare.gui.common.workers import BackgroundJob
from simcompare.gui.folder.histogram_view import DistanceHistogramView
from simcompare.gui.folder.jobs import (
    Regrouped,
    RegroupRequest,
    ScanFunction,
    ScanJob,
    ScanOutcome,
    ScanRequest,
    load_saved,
    regroup,
)
from simcompare.gui.folder.models import Column, FileState, GroupFilterModel, GroupTreeModel, ProblemsModel, human_size

Confirm = Callable[[str, str, str], bool]
AskPath = Callable[[str, str, str], str]  # (title, start, filter) -> path or ""
_DEFAULT_CACHE = object()
_RECENT = 8
_UNDO_DEPTH = 20
_EXPAND_LIMIT = 500


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
        scan_finished(ScanResult): a scan ended (complete or cancelled) or saved results were opened.
        regrouped(int): the groups at threshold k are on screen.
        compare_requested(path_a, path_b): the user asked for a pair on the Compare page.
        files_changed(): files were moved (trash or folder); the log has a line for each.

    Attributes:
        confirm: ``confirm(title, text, details) -> bool``; asked before any file is moved.
        warn: ``warn(title, text)``; tells of files that could not be moved (a message box by default).
        trash: ``trash(path)``; moves one file to the trash (send2trash by default).
        ask_save_path, ask_open_path, ask_folder: file dialogs ``(title, start, filter) -> path``.
        workers: Worker processes for the scan (None: one per core).
    """

    scan_finished = Signal(object)
    regrouped = Signal(int)
    compare_requested = Signal(str, str)
    files_changed = Signal()

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
        self._cache_path: Path | None = _default_cache() if cache_path is _DEFAULT_CACHE else cache_path  # type: ignore[assignment]
        self.config = config or Config()
        self.workers: int | None = None
        self.confirm: Confirm = self._ask
        self.trash: Callable[[str], None] = _send_to_trash
        self.warn: Callable[[str, str], None] = self._warn_plain
        self.ask_save_path: AskPath = lambda title, start, pattern: QFileDialog.getSaveFileName(
            self, title, start, pattern
        )[0]
        self.ask_open_path: AskPath = lambda title, start, pattern: QFileDialog.getOpenFileName(
            self, title, start, pattern
        )[0]
        self.ask_folder: AskPath = lambda title, start, _pattern: QFileDialog.getExistingDirectory(self, title, start)
        self.log = ActionLog()
        self._session: FolderSession | None = None
        self._regrouped: Regrouped | None = None
        self._histogram: DistanceHistogram | None = None
        self._states: dict[int, FileState] = {}
        self._preferred: set[int] = set()
        self._undo: list[frozenset[int]] = []
        self._pending_marks: set[int] | None = None  # marks to put back when the next groups arrive
        self._started = 0.0
        self._progress_done = 0
        self._status = ""
        self._scan_job = BackgroundJob(ScanJob(scan_function), "folder-scan", self, reports_progress=True)
        self._scan_job.progress.connect(self._on_progress)
        self._scan_job.result_ready.connect(self._on_scanned)
        self._scan_job.failed.connect(self._on_failed)
        self._scan_job.cancelled.connect(self._on_scan_cancelled)
        self._scan_job.busy_changed.connect(self._on_busy)
        self._load_job = BackgroundJob(load_saved, "folder-load", self, reports_progress=True)
        self._load_job.result_ready.connect(self._on_scanned)
        self._load_job.failed.connect(self._on_load_failed)
        self._load_job.busy_changed.connect(self._on_busy)
        self._group_job = BackgroundJob(regroup, "folder-groups", self, reports_progress=True)
        self._group_job.result_ready.connect(self._on_regrouped)
        self._group_job.failed.connect(self._on_failed)
        self._group_job.progress.connect(self._on_group_progress)
        # A slider drag sends a tick per step: coalesce them into one request once the events settle.
        self._regroup_timer = QTimer(self)
        self._regroup_timer.setSingleShot(True)
        self._regroup_timer.setInterval(0)
        self._regroup_timer.timeout.connect(self.regroup)
        self._build()
        self._make_actions()
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
        self.folder_edit.lineEdit().returnPressed.connect(self.start_scan)
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
        self.progress_bar.hide()  # only while something runs: an idle bar looks like an empty text box
        self.progress_label = plain_label()

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
        self.stats_label = plain_label()
        self.stats_label.setWordWrap(True)

        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(self.tr("Filter by path"))
        self.filter_edit.setClearButtonEnabled(True)
        self.marked_only_box = QCheckBox(self.tr("Marked only"))
        self.marked_only_box.setToolTip(self.tr("Show only the marked files"))
        self.summary_label = plain_label()
        self.marks_label = plain_label()

        self.model = GroupTreeModel(self)
        self.model.marks_changed.connect(self._on_marks_changed)
        self.proxy = GroupFilterModel(self)
        self.proxy.setSourceModel(self.model)
        self.filter_edit.textChanged.connect(self._on_filter_changed)
        self.marked_only_box.toggled.connect(self._on_filter_changed)
        self.tree = QTreeView()
        self.tree.setModel(self.model)  # the proxy only while a filter is on: it maps every row it holds
        self.tree.setSortingEnabled(True)
        self.tree.sortByColumn(Column.SIZE, Qt.SortOrder.DescendingOrder)  # most wasted space first
        self.tree.setUniformRowHeights(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setAlternatingRowColors(True)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._on_context_menu)
        self.tree.installEventFilter(self)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(Column.NAME, QHeaderView.ResizeMode.Stretch)
        # Not ResizeToContents: that asks every row for its size, seconds on 100,000 rows.
        for column in list(Column)[1:]:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, 90)
        self.tree.selectionModel().selectionChanged.connect(self._update_actions)
        self.tree.doubleClicked.connect(self._on_double_clicked)

        self.mark_button = QToolButton()
        self.mark_button.setText(self.tr("Mark"))
        self.mark_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.open_button = QPushButton(self.tr("Open"))
        self.open_button.clicked.connect(self.open_selected)
        self.reveal_button = QPushButton(self.tr("Show in folder"))
        self.reveal_button.clicked.connect(self.reveal_selected)
        self.compare_button = QPushButton(self.tr("Side by side"))
        self.compare_button.setToolTip(self.tr("Two selected files, or a file and its group's reference (Enter)"))
        self.compare_button.clicked.connect(self.compare_selected)
        self.not_dup_button = QPushButton(self.tr("Not duplicates"))
        self.not_dup_button.setToolTip(self.tr("Remember that these two files are not duplicates"))
        self.not_dup_button.clicked.connect(self.mark_not_duplicates)
        self.move_button = QPushButton(self.tr("Move to folder…"))
        self.move_button.setToolTip(self.tr("Moves the marked files (or the selected ones), keeping their paths"))
        self.move_button.clicked.connect(self.move_to_folder)
        self.trash_button = QPushButton(self.tr("Move to trash…"))
        self.trash_button.setToolTip(self.tr("Moves the marked files (or the selected ones) after asking (Delete)"))
        self.trash_button.clicked.connect(self.move_to_trash)

        self.problems_model = ProblemsModel(self)
        self.problems_view = QTableView()
        self.problems_view.setModel(self.problems_model)
        self.problems_view.horizontalHeader().setStretchLastSection(True)
        self.problems_view.verticalHeader().hide()
        self.problems_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.empty_model = QStringListModel(self)
        self.empty_view = QTreeView()
        self.empty_view.setHeaderHidden(True)
        self.empty_view.setRootIsDecorated(False)
        self.empty_view.setModel(self.empty_model)
        self.empty_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)

        # ---- side by side: the cleaned texts that were fingerprinted, with the pair's figures on top
        self.diff_view = DifferencesView()
        self.pair_label = plain_label()
        self.pair_label.setWordWrap(True)
        self.previous_member_button = QPushButton(self.tr("◀ Previous member"))
        self.previous_member_button.clicked.connect(lambda: self.step_member(-1))
        self.next_member_button = QPushButton(self.tr("Next member ▶"))
        self.next_member_button.clicked.connect(lambda: self.step_member(1))
        self.to_compare_button = QPushButton(self.tr("Open on the Compare page"))
        self.to_compare_button.setToolTip(self.tr("Compare the pair step by step on the Compare page"))
        self.to_compare_button.clicked.connect(self.open_pair_on_compare_page)
        self._pair: tuple[int, int] | None = None
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 4, 0, 0)
        pair_row = QHBoxLayout()
        pair_row.addWidget(self.pair_label, 1)
        pair_row.addWidget(self.previous_member_button)
        pair_row.addWidget(self.next_member_button)
        pair_row.addWidget(self.to_compare_button)
        side_layout.addLayout(pair_row)
        side_layout.addWidget(self.diff_view, 1)
        self.side_tab = side

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
        types_row = QHBoxLayout()
        types_row.addWidget(self.suffixes_edit, 3)
        types_row.addWidget(QLabel(self.tr("Only:")))
        types_row.addWidget(self.include_edit, 2)
        options.addRow(self.tr("File types:"), types_row)
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
        filter_row.addWidget(self.marked_only_box)
        filter_row.addWidget(self.summary_label, 2)

        actions = QHBoxLayout()
        for button in (
            self.mark_button,
            self.open_button,
            self.reveal_button,
            self.compare_button,
            self.not_dup_button,
        ):
            actions.addWidget(button)
        actions.addStretch(1)
        actions.addWidget(self.marks_label)
        actions.addWidget(self.move_button)
        actions.addWidget(self.trash_button)

        groups_tab = QWidget()
        groups_layout = QVBoxLayout(groups_tab)
        groups_layout.setContentsMargins(0, 4, 0, 0)
        groups_layout.addLayout(filter_row)
        groups_layout.addWidget(self.tree, 1)
        groups_layout.addLayout(actions)

        self.tabs = QTabWidget()
        self.tabs.addTab(groups_tab, self.tr("Groups"))
        self.tabs.addTab(self.side_tab, self.tr("Side by side"))
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

    def _action(self, text: str, slot: Callable[[], object], shortcut: str | None = None, tip: str = "") -> QAction:
        action = QAction(text, self)
        action.triggered.connect(lambda _checked=False: slot())
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.addAction(action)  # the key works while the page has the focus
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        return action

    def _make_actions(self) -> None:
        """The page's actions: in the window's menus, the Mark button and the tree's context menu."""
        self.mark_reference_action = self._action(
            self.tr("Mark all but the reference"),
            lambda: self.mark_by_rule(MarkRule.ALL_BUT_REFERENCE),
            "Ctrl+M",
            self.tr("In every group, mark every file except its reference"),
        )
        self.mark_selected_groups_action = self._action(
            self.tr("Mark all but the reference in the selected groups"),
            lambda: self.mark_by_rule(MarkRule.ALL_BUT_REFERENCE, selected_groups=True),
        )
        rules = (
            (MarkRule.ALL_BUT_OLDEST, self.tr("Mark all but the oldest")),
            (MarkRule.ALL_BUT_NEWEST, self.tr("Mark all but the newest")),
            (MarkRule.ALL_BUT_SMALLEST, self.tr("Mark all but the smallest")),
            (MarkRule.ALL_BUT_LARGEST, self.tr("Mark all but the largest")),
            (MarkRule.ALL_BUT_SHORTEST_PATH, self.tr("Mark all but the shortest path")),
            (MarkRule.ALL_BUT_LONGEST_PATH, self.tr("Mark all but the longest path")),
        )
        self.rule_actions = {
            rule: self._action(text, lambda rule=rule: self.mark_by_rule(rule)) for rule, text in rules
        }
        self.mark_inside_action = self._action(self.tr("Mark the files inside a folder…"), self.mark_inside_folder)
        self.mark_selected_action = self._action(self.tr("Mark the selected files"), lambda: self.mark_selected(True))
        self.unmark_selected_action = self._action(
            self.tr("Unmark the selected files"), lambda: self.mark_selected(False)
        )
        self.invert_action = self._action(self.tr("Invert the marks"), self.invert_marks, "Ctrl+Shift+I")
        self.clear_marks_action = self._action(self.tr("Clear the marks"), self.clear_marks, "Ctrl+Shift+M")
        self.undo_action = self._action(self.tr("Undo the last marking"), self.undo_marking, "Ctrl+Z")
        self.set_reference_action = self._action(
            self.tr("Make this the reference"),
            self.set_selected_as_reference,
            tip=self.tr("Measure the group's distances to this file, and keep it when marking"),
        )
        self.reference_folders_action = self._action(
            self.tr("Reference folders…"),
            self.edit_reference_folders,
            tip=self.tr("Files in these folders are always references and never marked"),
        )
        self.open_action = self._action(self.tr("Open"), self.open_selected)
        self.reveal_action = self._action(self.tr("Show in folder"), self.reveal_selected)
        self.copy_action = self._action(self.tr("Copy paths"), self.copy_selected, "Ctrl+Shift+C")
        self.side_action = self._action(self.tr("Side by side"), self.compare_selected)
        self.not_dup_action = self._action(self.tr("Not duplicates"), self.mark_not_duplicates)
        self.not_dup_list_action = self._action(self.tr("Not-duplicates list…"), self.show_not_duplicates)
        self.move_action = self._action(self.tr("Move to folder…"), self.move_to_folder)
        self.trash_action = self._action(self.tr("Move to trash…"), self.move_to_trash)
        self.log_action = self._action(self.tr("Open the action log"), self.open_log)
        self.save_results_action = self._action(self.tr("Save results…"), self.save_results_dialog)
        self.open_results_action = self._action(self.tr("Open results…"), self.open_results_dialog)
        self.export_csv_action = self._action(self.tr("Export CSV…"), lambda: self._export_dialog("csv"))
        self.export_json_action = self._action(self.tr("Export JSON…"), lambda: self._export_dialog("json"))

        self.mark_menu = QMenu(self.tr("&Mark"), self)
        self.mark_menu.addAction(self.mark_reference_action)
        self.mark_menu.addAction(self.mark_selected_groups_action)
        self.mark_menu.addSeparator()
        for action in self.rule_actions.values():
            self.mark_menu.addAction(action)
        self.mark_menu.addAction(self.mark_inside_action)
        self.mark_menu.addSeparator()
        self.mark_menu.addAction(self.mark_selected_action)
        self.mark_menu.addAction(self.unmark_selected_action)
        self.mark_menu.addAction(self.invert_action)
        self.mark_menu.addAction(self.clear_marks_action)
        self.mark_menu.addAction(self.undo_action)
        self.mark_menu.addSeparator()
        self.mark_menu.addAction(self.set_reference_action)
        self.mark_menu.addAction(self.reference_folders_action)
        self.mark_button.setMenu(self.mark_menu)

        self.actions_menu = QMenu(self.tr("&Duplicates"), self)
        for action in (self.open_action, self.reveal_action, self.copy_action, self.side_action):
            self.actions_menu.addAction(action)
        self.actions_menu.addSeparator()
        self.actions_menu.addAction(self.not_dup_action)
        self.actions_menu.addAction(self.not_dup_list_action)
        self.actions_menu.addSeparator()
        self.actions_menu.addAction(self.move_action)
        self.actions_menu.addAction(self.trash_action)
        self.actions_menu.addAction(self.log_action)

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
        k = default_k(self.config.bits)
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

    def reference_folders(self) -> list[str]:
        """Folders whose files are always references and never marked (kept in the preferences)."""
        raw = self._settings.value("folder/reference_folders", "[]")
        try:
            folders = json.loads(str(raw))
        except ValueError:
            return []
        return [str(f) for f in folders if isinstance(f, str)] if isinstance(folders, list) else []

    def set_reference_folders(self, folders: Sequence[str]) -> None:
        """Keep ``folders`` as the reference folders and regroup."""
        unique = list(dict.fromkeys(os.path.abspath(f) for f in folders if f))
        self._settings.setValue("folder/reference_folders", json.dumps(unique, ensure_ascii=False))
        self._settings.sync()
        self.regroup()

    def _start_folder(self, key: str) -> str:
        """Where a file dialog starts: the last folder used for ``key``, else the user's documents."""
        saved = str(self._settings.value(key, ""))
        if saved and Path(saved).is_dir():
            return saved
        return QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation) or str(Path.home())

    # ------------------------------------------------------------------ public API
    def folder(self) -> str:
        return self.folder_edit.currentText().strip()

    def set_folder(self, path: str | os.PathLike[str]) -> None:
        self.folder_edit.setCurrentText(str(path))

    @property
    def session(self) -> FolderSession | None:
        return self._session

    @property
    def result(self) -> ScanResult | None:
        return self._session.result if self._session is not None else None

    @property
    def groups(self) -> list[Group]:
        return self.model.groups

    @property
    def search_statistics(self) -> SearchStats | None:
        """The last block-index search behind the groups (layout, candidates), for the Index view."""
        return self._session.search_statistics if self._session is not None else None

    @property
    def verified_pairs(self) -> int | None:
        """Verified near-duplicate pairs behind the groups on screen."""
        return self._regrouped.verified_pairs if self._regrouped is not None else None

    @property
    def scanning(self) -> bool:
        return self._scan_job.busy or self._load_job.busy

    @property
    def regrouping(self) -> bool:
        return self._group_job.busy or self._regroup_timer.isActive()

    @property
    def scan_job(self) -> BackgroundJob:
        return self._scan_job

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

    def wait_until_idle(self, timeout_ms: int) -> bool:
        """Run the event loop until no scan, load or regroup runs (for ``--screenshot``); True with a result."""
        loop = QEventLoop()
        timer = QTimer()
        timer.setSingleShot(True)
        timer.timeout.connect(loop.quit)
        poll = QTimer()
        poll.timeout.connect(loop.quit)  # busy states end through several signals; look again now and then
        poll.start(50)
        timer.start(timeout_ms)
        while (self.scanning or self.regrouping) and timer.isActive():
            loop.exec()
        poll.stop()
        return self._session is not None and not (self.scanning or self.regrouping)

    @Slot()
    def choose_folder(self) -> None:
        folder = self.ask_folder(self.tr("Choose a folder to scan"), self.folder(), "")
        if folder:
            self.set_folder(folder)

    @Slot()
    def start_scan(self) -> bool:
        """Scan the chosen folder in the worker; False when a scan runs already or the folder is missing."""
        if self.scanning:
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
        self._progress_done = 0
        self._show_busy_bar(self.tr("Starting…"))
        self._scan_job.submit(ScanRequest(folder, self.config, options, self._cache_path))
        return True

    @Slot()
    def cancel_scan(self) -> None:
        """Stop the scan at its next file; its partial result is shown."""
        if self._scan_job.busy:
            self._scan_job.stop()
            self.progress_label.setText(self.tr("Cancelling…"))

    def open_results(self, path: str | os.PathLike[str]) -> bool:
        """Reopen saved results in the worker (no scan); False while a scan runs."""
        if self.scanning:
            return False
        self._started = time.monotonic()
        self._show_busy_bar(self.tr("Opening the results…"))
        self._load_job.submit(str(path))
        return True

    def save_results(self, path: str | os.PathLike[str]) -> None:
        """Write the result, its groups and what it takes to reopen them (the ``scan --json`` schema)."""
        if self._session is None:
            raise ValueError("nothing to save: scan a folder first")
        data = results_json(self._session, self.groups, self.k_box.value(), GroupRule.REFERENCE)
        write_text(path, json_text(data, indent=1) + "\n")

    def _show_outcome(self, outcome: ScanOutcome) -> None:
        self._session = outcome.session
        self._regrouped = None
        self._preferred.clear()
        self._undo.clear()
        self._states = {}
        if outcome.loaded is not None:
            index = outcome.session.index_of
            for path in outcome.loaded.changed:
                if (i := index(path)) is not None:
                    self._states[i] = FileState.CHANGED
            for path in outcome.loaded.gone:
                if (i := index(path)) is not None:
                    self._states[i] = FileState.GONE
            if outcome.loaded.k >= 0:
                with QSignalBlocker(self.k_box), QSignalBlocker(self.k_slider):
                    self.k_box.setValue(outcome.loaded.k)
                    self.k_slider.setValue(outcome.loaded.k)
                self.histogram.set_k(outcome.loaded.k)
            self.set_folder(outcome.result.root)
        result = outcome.result
        self.model.set_groups(result.files, [], result.config.bits)
        self._histogram = outcome.histogram
        self.histogram.set_histogram(outcome.histogram)
        self.problems_model.set_problems(result.problems)
        self.problems_view.resizeColumnsToContents()
        self.empty_model.setStringList([display_name(p) for p in result.empty])
        self._retitle_tabs()
        self._show_summary()
        self.regroup()

    def _retitle_tabs(self) -> None:
        result = self.result
        problems = len(result.problems) if result is not None else 0
        empty = len(result.empty) if result is not None else 0
        self.tabs.setTabText(2, self.tr("Problems (%n)", "", problems))
        self.tabs.setTabText(3, self.tr("Empty files (%n)", "", empty))

    @Slot()
    def regroup(self) -> None:
        """Ask the worker for the groups at the current k; the groups on screen stay until they arrive."""
        self._regroup_timer.stop()
        if self._session is None:
            return
        request = RegroupRequest(
            self._session,
            self.k_box.value(),
            GroupRule.REFERENCE,
            tuple(self.reference_folders()),
            frozenset(self._preferred),
        )
        self._group_job.submit(request)
        self._update_actions()

    def export(self, path: str | os.PathLike[str], kind: str) -> None:
        """Write the groups as ``csv`` or ``json`` (the schema of ``simcompare scan --json``)."""
        if self._session is None:
            raise ValueError("nothing to export: scan a folder first")
        if kind == "csv":
            text = report_csv(self._session, self.groups)
        elif kind == "json":
            data = report_json(self._session, self.groups, self.k_box.value(), GroupRule.REFERENCE)
            text = json_text(data) + "\n"
        else:
            raise ValueError(f"kind must be csv or json, got {kind!r}")
        write_text(path, text)

    # ------------------------------------------------------------------ selection
    def selected_files(self) -> list[int]:
        """File indices of the selected member rows, in view order, without repeats."""
        found: list[int] = []
        for index in self.tree.selectionModel().selectedRows(Column.NAME):
            file_index = self.model.file_index(self._to_source(index))
            if file_index is not None and file_index not in found:
                found.append(file_index)
        return found

    def selected_group_rows(self) -> list[int]:
        """Rows (in the model) of the groups with a selected row."""
        rows: list[int] = []
        for index in self.tree.selectionModel().selectedRows(Column.NAME):
            row = self.model.group_of(self._to_source(index))
            if row is not None and row not in rows:
                rows.append(row)
        return rows

    def _to_source(self, index: QModelIndex) -> QModelIndex:
        return self.proxy.mapToSource(index) if self.tree.model() is self.proxy else index

    def _to_view(self, index: QModelIndex) -> QModelIndex:
        return self.proxy.mapFromSource(index) if self.tree.model() is self.proxy else index

    @Slot()
    def _on_filter_changed(self) -> None:
        """Filter by path and marks: the view goes through the proxy only while a filter is on."""
        self.proxy.set_filter_text(self.filter_edit.text())
        self.proxy.set_marked_only(self.marked_only_box.isChecked())
        filtering = bool(self.filter_edit.text().strip()) or self.marked_only_box.isChecked()
        wanted = self.proxy if filtering else self.model
        if filtering:
            self.model.load_all()  # a filter must see every group
        if self.tree.model() is not wanted:
            self.tree.setModel(wanted)
            self.tree.selectionModel().selectionChanged.connect(self._update_actions)
            self._expand()
        self._update_actions()

    def _expand(self) -> None:
        """Open every group while there are few (expanding tens of thousands of rows costs real time)."""
        if len(self.groups) <= _EXPAND_LIMIT:
            self.tree.expandAll()
            self.tree.header().resizeSections(QHeaderView.ResizeMode.ResizeToContents)
            self.tree.header().setSectionResizeMode(Column.NAME, QHeaderView.ResizeMode.Stretch)

    def select_files(self, file_indices: Sequence[int]) -> None:
        """Select the member rows of these files (for tests and keyboard users); the first is current."""
        selection = self.tree.selectionModel()
        selection.clearSelection()
        first = True
        for file_index in file_indices:
            index = self._to_view(self.model.member_index(file_index))
            if not index.isValid():
                continue
            flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
            if first:
                selection.setCurrentIndex(index, flags)
                first = False
            else:
                selection.select(index, flags)

    def absolute(self, file_index: int) -> str:
        assert self._session is not None
        return self._session.absolute(file_index)

    def _group_of_file(self, file_index: int) -> tuple[int, Group] | None:
        for row, group in enumerate(self.groups):
            if file_index in group.indices:
                return row, group
        return None

    # ------------------------------------------------------------------ marking
    def _remember_marks(self) -> None:
        self._undo.append(self.model.marks())
        del self._undo[:-_UNDO_DEPTH]

    def mark_by_rule(self, rule: MarkRule, *, selected_groups: bool = False, folder: str = "") -> int:
        """Mark by a core rule in every group (or the selected ones); returns how many are marked."""
        if self._session is None:
            return 0
        groups = self.groups
        if selected_groups:
            groups = [groups[row] for row in self.selected_group_rows()]
        chosen = marks_by_rule(self._session, groups, rule, folder=folder, reference_folders=self.reference_folders())
        self._remember_marks()
        self.model.set_checked(chosen, True)
        return len(self.model.marks())

    def mark_inside_folder(self) -> int:
        folder = self.ask_folder(self.tr("Mark the files inside this folder"), self.folder(), "")
        if not folder:
            return 0
        return self.mark_by_rule(MarkRule.INSIDE_FOLDER, folder=folder)

    def mark_selected(self, on: bool) -> None:
        files = self.selected_files()
        if files:
            self._remember_marks()
            self.model.set_checked(files, on)

    def toggle_selected(self) -> None:
        """Space: mark the selected files, or unmark them when all are marked already."""
        files = self.selected_files()
        if files:
            marks = self.model.marks()
            self.mark_selected(not all(f in marks for f in files))

    def invert_marks(self) -> None:
        members = {m.index for g in self.groups for m in g.members}
        self._remember_marks()
        self.model.set_marks(members - self.model.marks())

    def clear_marks(self) -> None:
        self._remember_marks()
        self.model.set_marks(())

    def undo_marking(self) -> bool:
        """Put back the marks as they were before the last marking."""
        if not self._undo:
            return False
        self.model.set_marks(self._undo.pop())
        return True

    def set_selected_as_reference(self) -> bool:
        """Make the selected member its group's reference; distances are measured to it from now on."""
        files = self.selected_files()
        if self._session is None or len(files) != 1:
            return False
        found = self._group_of_file(files[0])
        if found is None:
            return False
        row, group = found
        new = set_reference(self._session, group, files[0])
        self._preferred -= set(group.indices)
        self._preferred.add(files[0])
        self.model.replace_group(row, new, self._session.wasted_bytes(new))
        self.select_files([files[0]])
        return True

    @Slot()
    def _on_marks_changed(self) -> None:
        marks = self.model.marks()
        if marks:
            self.marks_label.setText(
                self.tr("%n marked", "", len(marks))
                + self.tr(", {0} in all").format(human_size(self.model.marked_size()))
            )
        else:
            self.marks_label.setText(self.tr("none marked"))
        if self.tree.model() is self.proxy and self.proxy.marked_only:
            self.proxy.invalidate()
        self._update_actions()

    # ------------------------------------------------------------------ actions
    def _chosen(self) -> list[int]:
        return self.model.checked_files() or self.selected_files()

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
    def copy_selected(self) -> str:
        files = self._chosen()
        text = "\n".join(self.absolute(i) for i in files)
        if files:
            QGuiApplication.clipboard().setText(text)
        return text

    def _selected_pair(self) -> tuple[int, int] | None:
        files = self.selected_files()
        if len(files) == 2:
            return files[0], files[1]
        if len(files) == 1:
            found = self._group_of_file(files[0])
            if found is not None:
                group = found[1]
                if group.reference != files[0]:
                    return group.reference, files[0]
                return group.reference, group.members[1].index  # the reference: with its nearest member
        return None

    @Slot()
    def compare_selected(self) -> bool:
        """Show the selected pair (or a member and its reference) side by side, as cleaned text."""
        pair = self._selected_pair()
        return pair is not None and self.show_pair(*pair)

    def show_pair(self, a: int, b: int) -> bool:
        """Side by side: the cleaned texts that were fingerprinted, with the pair's figures on top."""
        assert self._session is not None
        texts = []
        for i in (a, b):
            path = self.absolute(i)
            try:
                document = read_document(path)
            except InputError as error:
                reason = input_error_text(error.code, error.errno)
                self.summary_label.setText(self.tr("Cannot read {0}: {1}").format(display_name(path), reason))
                return False
            asked = self._session.result.config.html or document.html
            texts.append(clean(document.text, html=read_as_html(document.text, asked=asked)))
        figures = self._session.pair(a, b, self.k_box.value())
        files = self._session.files
        verdict = self.tr("near-duplicates") if figures.near_duplicate else self.tr("not near-duplicates at this k")
        text = self.tr("{0} bits apart · {1:.0%} of the text shared · {2}").format(
            figures.distance, figures.resemblance, verdict
        )
        if figures.identical:
            text = self.tr("Identical cleaned texts") + " · " + text
        self.pair_label.setText(text)
        self._pair = (a, b)
        self.diff_view.set_titles(files[a].path, files[b].path)
        self.diff_view.set_texts(texts[0], texts[1], segmenter=self._session.result.config.segmenter)
        self.tabs.setCurrentWidget(self.side_tab)
        self._update_actions()
        return True

    def step_member(self, step: int) -> bool:
        """Side by side with the next (or previous) member against its group's reference."""
        if self._pair is None:
            return False
        order = [(g.reference, m.index) for g in self._sorted_groups() for m in g.members[1:]]
        try:
            position = order.index(self._pair)
        except ValueError:
            position = next((n for n, (_, b) in enumerate(order) if b == self._pair[1]), -1)
        target = position + step
        if not 0 <= target < len(order):
            return False
        return self.show_pair(*order[target])

    def _sorted_groups(self) -> list[Group]:
        """The groups in the order the tree shows them."""
        rows = []
        view = self.tree.model()
        for r in range(view.rowCount()):
            row = self.model.group_of(self._to_source(view.index(r, 0)))
            if row is not None:
                rows.append(row)
        return [self.groups[row] for row in rows]

    @Slot()
    def open_pair_on_compare_page(self) -> bool:
        if self._pair is None:
            return False
        self.compare_requested.emit(*(self.absolute(i) for i in self._pair))
        return True

    @Slot()
    def mark_not_duplicates(self) -> bool:
        """Remember the selected pair as not duplicates (across scans) and regroup."""
        pair = self._selected_pair()
        if pair is None or self._session is None:
            return False
        try:
            self._session.mark_not_duplicates(*pair)
        except (OSError, ValueError) as error:
            self.warn(self.tr("Not duplicates"), error_text(error))
            return False
        self.regroup()
        return True

    def not_duplicates(self) -> NotDuplicates:
        """The user's not-duplicates list (the session's, or the one in the data folder)."""
        if self._session is not None and self._session.not_duplicates is not None:
            return self._session.not_duplicates
        return NotDuplicates()

    @Slot()
    def show_not_duplicates(self) -> QDialog:
        """The not-duplicates list in a dialog; each entry can be removed (the pair is grouped again)."""
        store = self.not_duplicates()
        dialog = QDialog(self)
        dialog.setWindowTitle(self.tr("Not duplicates"))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        listing = QListWidget()
        listing.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        for a, b in store.pairs():
            item = QListWidgetItem(f"{a}\n  ≠ {b}")
            item.setData(Qt.ItemDataRole.UserRole, [a, b])
            listing.addItem(item)
        remove = QPushButton(self.tr("Remove"))
        remove.setToolTip(self.tr("Forget the selected pairs: they may be grouped again"))

        def on_remove() -> None:
            for item in listing.selectedItems():
                a, b = item.data(Qt.ItemDataRole.UserRole)
                try:
                    store.remove(a, b)
                except OSError as error:
                    self.warn(self.tr("Not duplicates"), os_error_text(error))
                    return
                listing.takeItem(listing.row(item))
            self.regroup()

        remove.clicked.connect(on_remove)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(dialog.reject)
        buttons.addButton(remove, QDialogButtonBox.ButtonRole.ActionRole)
        column = QVBoxLayout(dialog)
        column.addWidget(plain_label(self.tr("Pairs you said are not duplicates (%n)", "", listing.count())))
        column.addWidget(listing, 1)
        column.addWidget(buttons)
        dialog.listing = listing  # type: ignore[attr-defined]
        dialog.remove_button = remove  # type: ignore[attr-defined]
        dialog.resize(640, 360)
        dialog.open()
        return dialog

    @Slot()
    def edit_reference_folders(self) -> QDialog:
        """The reference folders in a dialog: add and remove."""
        dialog = QDialog(self)
        dialog.setWindowTitle(self.tr("Reference folders"))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        listing = QListWidget()
        listing.addItems(self.reference_folders())
        add = QPushButton(self.tr("Add…"))
        remove = QPushButton(self.tr("Remove"))

        def save() -> None:
            self.set_reference_folders([listing.item(i).text() for i in range(listing.count())])

        def on_add() -> None:
            folder = self.ask_folder(self.tr("Add a reference folder"), self.folder(), "")
            if folder:
                listing.addItem(os.path.abspath(folder))
                save()

        def on_remove() -> None:
            for item in listing.selectedItems():
                listing.takeItem(listing.row(item))
            save()

        add.clicked.connect(on_add)
        remove.clicked.connect(on_remove)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(dialog.reject)
        buttons.addButton(add, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(remove, QDialogButtonBox.ButtonRole.ActionRole)
        column = QVBoxLayout(dialog)
        column.addWidget(plain_label(self.tr("Files in these folders are always references and never marked.")))
        column.addWidget(listing, 1)
        column.addWidget(buttons)
        dialog.listing = listing  # type: ignore[attr-defined]
        dialog.add_button, dialog.remove_button = add, remove  # type: ignore[attr-defined]
        dialog.resize(560, 300)
        dialog.open()
        return dialog

    def _confirm_files(self, title: str, question: str, chosen: list[int]) -> bool:
        """Ask once; ask again when every member of a group would go."""
        listing = "\n".join(display_name(self.absolute(i)) for i in chosen)
        if not self.confirm(title, question, listing):
            return False
        whole = [n for n, g in enumerate(self.groups, start=1) if all(m.index in chosen for m in g.members)]
        if whole:
            warning = self.tr(
                "Every file of %n group(s) is chosen: no copy of them would be left in the folder. Go on anyway?",
                "",
                len(whole),
            )
            groups = self.tr("Groups: {0}").format(", ".join(map(str, whole)))
            if not self.confirm(self.tr("Move every copy?"), warning, groups + "\n" + listing):
                return False
        return True

    def _finish_action(self, kind: ActionKind, title: str, outcomes: list[Outcome]) -> list[str]:
        """Log, forget what moved, list what did not; returns the relative paths that moved."""
        assert self._session is not None
        root = self._session.root
        moved = [Path(o.source).relative_to(root).as_posix() for o in outcomes if o.ok]
        # the system's error by its number, in the interface language (the core's words are English)
        failed = [f"{display_name(o.source)}: {system_error_text(o.errno) or o.error}" for o in outcomes if not o.ok]
        try:
            self.log.write(kind, outcomes)
        except OSError as error:
            failed.append(self.tr("The action log could not be written: {0}").format(os_error_text(error)))
        if moved:
            self._forget(moved)
            self.files_changed.emit()
        if failed:
            self.warn(title, self.tr("These files were not moved and stay where they were:") + "\n" + "\n".join(failed))
        self._status = self.tr("%n file(s) moved", "", len(moved))
        self._show_summary()
        return moved

    @Slot()
    def move_to_trash(self) -> list[str]:
        """Move the marked (else the selected) members to the trash after confirmation; returns what moved."""
        if self._session is None or self.scanning:
            return []
        chosen = self._chosen()
        if not chosen:
            return []
        title = self.tr("Move to trash")
        if not self._confirm_files(title, self.tr("Move %n file(s) to the trash?", "", len(chosen)), chosen):
            return []
        outcomes = trash_files([self.absolute(i) for i in chosen], self.trash)
        return self._finish_action(ActionKind.TRASH, title, outcomes)

    @Slot()
    def move_to_folder(self) -> list[str]:
        """Move the marked (else the selected) members into a folder, keeping their relative paths."""
        if self._session is None or self.scanning:
            return []
        chosen = self._chosen()
        if not chosen:
            return []
        title = self.tr("Move to folder")
        destination = self.ask_folder(
            self.tr("Move the files into this folder"), self._start_folder("folder/last_move"), ""
        )
        if not destination:
            return []
        if (
            inside(destination, [self._session.root])
            or Path(destination).resolve() == Path(self._session.root).resolve()
        ):
            self.warn(title, self.tr("Choose a folder outside the scanned folder."))
            return []
        question = self.tr("Move %n file(s) into {0}, keeping their paths?", "", len(chosen)).format(destination)
        if not self._confirm_files(title, question, chosen):
            return []
        self._settings.setValue("folder/last_move", destination)
        files = self._session.files
        outcomes = move_keeping_paths(self._session.root, [files[i].path for i in chosen], destination)
        return self._finish_action(ActionKind.MOVE, title, outcomes)

    @Slot()
    def open_log(self) -> bool:
        """Open the action log in the system's text viewer."""
        if not self.log.path.exists():
            self.warn(self.tr("Action log"), self.tr("Nothing has been moved yet."))
            return False
        return QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.log.path)))

    def _forget(self, moved: Sequence[str]) -> None:
        """Drop moved files from the session (no rescan) and regroup; marks of other files stay."""
        if not moved or self._session is None:
            return
        files = self._session.files
        keep_marks = {files[i].path for i in self.model.marks()} - set(moved)
        keep_preferred = {files[i].path for i in self._preferred} - set(moved)
        states = {files[i].path: s for i, s in self._states.items()}
        self._session.forget(moved)
        index = self._session.index_of
        files = self._session.files
        self._preferred = {i for p in keep_preferred if (i := index(p)) is not None}
        self._states = {i: s for p, s in states.items() if (i := index(p)) is not None}
        self._undo.clear()  # file numbers changed: older marks no longer mean the same files
        self.model.set_groups(files, [], self._session.bits)
        self._pending_marks = {i for p in keep_marks if (i := index(p)) is not None}
        self.empty_model.setStringList([display_name(p) for p in self._session.result.empty])
        self._retitle_tabs()
        self.regroup()

    def save_results_dialog(self) -> str:
        if self._session is None:
            return ""
        start = str(Path(self._start_folder("folder/last_export")) / "simcompare-results.json")
        path = self.ask_save_path(self.tr("Save results"), start, self.tr("JSON files (*.json)"))
        if not path:
            return ""
        try:
            self.save_results(path)
        except OSError as error:
            self.warn(self.tr("Save results"), os_error_text(error))
            return ""
        self._settings.setValue("folder/last_export", str(Path(path).parent))
        return path

    def open_results_dialog(self) -> str:
        start = self._start_folder("folder/last_export")
        path = self.ask_open_path(self.tr("Open results"), start, self.tr("JSON files (*.json)"))
        if path and self.open_results(path):
            return path
        return ""

    def _export_dialog(self, kind: str) -> str:
        if self._session is None:
            return ""
        name = "groups.csv" if kind == "csv" else "groups.json"
        start = str(Path(self._start_folder("folder/last_export")) / name)
        pattern = self.tr("CSV files (*.csv)") if kind == "csv" else self.tr("JSON files (*.json)")
        path = self.ask_save_path(self.tr("Export groups"), start, pattern)
        if not path:
            return ""
        try:
            self.export(path, kind)
        except OSError as error:
            self.warn(self.tr("Export groups"), os_error_text(error))
            return ""
        self._settings.setValue("folder/last_export", str(Path(path).parent))
        return path

    def _warn_plain(self, title: str, text: str) -> None:
        """A warning whose text (file names) is shown as the characters it is, never as markup."""
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, parent=self)
        _plain_text_only(box)
        box.exec()

    def _ask(self, title: str, text: str, details: str) -> bool:
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, parent=self)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setInformativeText(details if details.count("\n") < 15 else self.tr("The files are listed under Details."))
        box.setDetailedText(details)
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        _plain_text_only(box)
        return box.exec() == QMessageBox.StandardButton.Yes

    def shutdown(self) -> None:
        """Stop the workers; call before the page goes away."""
        for job in (self._scan_job, self._load_job, self._group_job):
            job.shutdown()
        self.diff_view.shutdown()

    def take_over(self, old: FolderPage) -> None:
        """Show what ``old`` showed (a change of language rebuilds the window): the session, k, marks."""
        self.set_folder(old.folder())
        with QSignalBlocker(self.k_box), QSignalBlocker(self.k_slider):
            self.k_box.setValue(old.k_box.value())
            self.k_slider.setValue(old.k_box.value())
        self.histogram.set_k(self.k_box.value())
        if old._session is None:
            return
        self._session = old._session
        self._states = dict(old._states)
        self._preferred = set(old._preferred)
        self._undo = list(old._undo)
        self._histogram = old._histogram
        self.histogram.set_histogram(old._histogram)
        result = old._session.result
        self.problems_model.set_problems(result.problems)
        self.empty_model.setStringList([display_name(p) for p in result.empty])
        self._retitle_tabs()
        if old._regrouped is not None and not old.regrouping:  # the groups as shown, chosen references too
            self._regrouped = old._regrouped
            model = old.model
            self.model.set_groups(
                result.files,
                model.groups,
                result.config.bits,
                wasted=[model.wasted(r) for r in range(len(model.groups))],
                protected=model.protected,
                states=self._states,
            )
            self.model.set_marks(model.marks())
            self._expand()
            self._show_summary()
            self._update_actions()
        else:
            self._pending_marks = set(old.model.marks())
            self.regroup()

    # ------------------------------------------------------------------ keys and menus
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.tree and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            key = event.key()
            if key == Qt.Key.Key_Space:
                self.toggle_selected()
                return True
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.compare_selected()
                return True
            if key == Qt.Key.Key_Delete:
                self.move_to_trash()
                return True
        return super().eventFilter(watched, event)

    def context_menu(self) -> QMenu:
        """The tree's context menu (made anew each time, so it shows the current state)."""
        menu = QMenu(self)
        menu.addAction(self.mark_selected_action)
        menu.addAction(self.unmark_selected_action)
        menu.addAction(self.mark_selected_groups_action)
        menu.addAction(self.mark_reference_action)
        rules = menu.addMenu(self.tr("Mark by rule"))
        for action in self.rule_actions.values():
            rules.addAction(action)
        rules.addAction(self.mark_inside_action)
        menu.addAction(self.invert_action)
        menu.addAction(self.clear_marks_action)
        menu.addAction(self.undo_action)
        menu.addSeparator()
        menu.addAction(self.set_reference_action)
        menu.addSeparator()
        for action in (self.open_action, self.reveal_action, self.copy_action, self.side_action, self.not_dup_action):
            menu.addAction(action)
        menu.addSeparator()
        menu.addAction(self.move_action)
        menu.addAction(self.trash_action)
        return menu

    @Slot(QPoint)
    def _on_context_menu(self, position: QPoint) -> None:
        menu = self.context_menu()
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.popup(self.tree.viewport().mapToGlobal(position))

    # ------------------------------------------------------------------ slots
    def _show_busy_bar(self, text: str) -> None:
        self.progress_bar.setRange(0, 0)
        self.progress_bar.show()
        self.progress_label.setText(text)

    @Slot(int, int, str)
    def _on_progress(self, done: int, total: int, stage: str) -> None:
        if not self._scan_job.busy:
            return
        if stage == Stage.LISTING:
            self.progress_bar.setRange(0, 0)
            self.progress_label.setText(self.tr("Listing files…"))
            return
        done = max(done, self._progress_done)  # never backwards
        self._progress_done = done
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

    @Slot(int, int, str)
    def _on_group_progress(self, _done: int, _total: int, _stage: str) -> None:
        self._show_summary()  # says "grouping at k = …" until the groups arrive

    @Slot(int, object)
    def _on_scanned(self, _request: int, outcome: ScanOutcome) -> None:
        elapsed = time.monotonic() - self._started
        result = outcome.result
        self.progress_bar.hide()
        if outcome.loaded is not None:
            loaded = outcome.loaded
            text = self.tr("Opened saved results: %n file(s), no scan", "", len(result.files))
            if loaded.changed or loaded.gone:
                text += self.tr(" · {0} changed and {1} gone since").format(len(loaded.changed), len(loaded.gone))
            self.progress_label.setText(text)
        elif result.cancelled:
            self.progress_label.setText(self.tr("Cancelled: partial result, %n file(s) read", "", len(result.files)))
        else:
            stats = result.stats
            self.progress_label.setText(
                self.tr("Scanned %n file(s) in {0:.1f} s ({1} from the cache)", "", len(result.files)).format(
                    elapsed, stats.fingerprints_from_cache + stats.features_from_cache
                )
            )
        self._show_outcome(outcome)
        self.scan_finished.emit(result)

    @Slot(int)
    def _on_scan_cancelled(self, _request: int) -> None:
        self.progress_bar.hide()
        self.progress_label.setText(self.tr("Cancelled before any file was read."))

    @Slot(int, str)
    def _on_failed(self, _request: int, message: str) -> None:
        self.progress_bar.hide()
        self.progress_label.setText(self.tr("Failed: {0}").format(message))

    @Slot(int, str)
    def _on_load_failed(self, _request: int, message: str) -> None:
        self.progress_bar.hide()
        self.progress_label.setText(self.tr("The results could not be opened: {0}").format(message))

    @Slot(int, object)
    def _on_regrouped(self, _request: int, outcome: Regrouped) -> None:
        if outcome.request.session is not self._session:
            return  # groups of an older result
        self._regrouped = outcome
        session = outcome.request.session
        marks = self._pending_marks
        self.model.set_groups(
            session.files,
            outcome.groups,
            session.bits,
            wasted=outcome.wasted,
            protected=outcome.protected,
            states=self._states,
        )
        if marks is not None:
            self.model.set_marks(marks)
            self._pending_marks = None
        self._expand()
        self._show_summary()
        self._update_actions()
        self.regrouped.emit(outcome.request.k)

    @Slot(bool)
    def _on_busy(self, _busy: bool) -> None:
        busy = self.scanning
        self.scan_button.setEnabled(not busy)
        self.cancel_button.setEnabled(self._scan_job.busy)
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
                self.k_box.setValue(default_k(config.bits))
                self.k_slider.setValue(self.k_box.value())
            self.histogram.set_k(self.k_box.value())
        if self._session is not None:
            self._show_summary()

    def _settings_differ(self) -> bool:
        if self._session is None:
            return False
        return self.config.describe() != self._session.result.config.describe()

    @Slot(int)
    def _on_k_changed(self, _k: int) -> None:
        self.histogram.set_k(self.k_box.value())
        self._settings.setValue("folder/k", self.k_box.value())
        if self._session is not None:
            self._show_summary()
            self._regroup_timer.start()  # coalesced: only the newest k is computed

    @Slot(QModelIndex)
    def _on_double_clicked(self, index: QModelIndex) -> None:
        file_index = self.model.file_index(self._to_source(index))
        if file_index is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(self.absolute(file_index)))

    @Slot()
    def _update_actions(self) -> None:
        busy = self.scanning
        self.cancel_button.setEnabled(self._scan_job.busy)
        self.scan_button.setEnabled(not busy)
        has_result = self._session is not None
        selected = len(self.selected_files()) if has_result else 0
        marked = bool(self.model.marks())
        for widget in (self.open_button, self.reveal_button, self.open_action, self.reveal_action):
            widget.setEnabled(selected > 0)
        self.copy_action.setEnabled(selected > 0 or marked)
        pair = has_result and self._selected_pair() is not None
        for widget in (self.compare_button, self.side_action, self.not_dup_button, self.not_dup_action):
            widget.setEnabled(pair)
        self.set_reference_action.setEnabled(selected == 1)
        for widget in (self.mark_selected_action, self.unmark_selected_action):
            widget.setEnabled(selected > 0)
        self.mark_selected_groups_action.setEnabled(bool(self.tree.selectionModel().selectedRows()))
        groups = has_result and bool(self.groups)
        for action in (
            self.mark_reference_action,
            self.invert_action,
            self.mark_inside_action,
            *self.rule_actions.values(),
        ):
            action.setEnabled(groups)
        self.clear_marks_action.setEnabled(marked)
        self.undo_action.setEnabled(bool(self._undo))
        for widget in (self.export_csv_action, self.export_json_action, self.save_results_action):
            widget.setEnabled(has_result and not busy)
        self.open_results_action.setEnabled(not busy)
        for widget in (self.trash_button, self.trash_action, self.move_button, self.move_action):
            widget.setEnabled(has_result and not busy and (marked or selected > 0))
        has_pair = self._pair is not None
        for widget in (self.previous_member_button, self.next_member_button, self.to_compare_button):
            widget.setEnabled(has_pair)

    def _show_summary(self) -> None:
        session = self._session
        if session is None:
            return
        result = session.result
        groups = self.groups
        members, wasted = self.model.totals()
        text = self.tr("%n group(s)", "", len(groups)) + ", " + self.tr("%n file(s) in groups", "", members)
        text += ", " + self.tr("of %n scanned", "", len(result.files))
        text += " · " + self.tr("{0} wasted").format(human_size(wasted))
        if result.cancelled:
            text = self.tr("PARTIAL (scan cancelled): ") + text
        if self._status:
            text += " · " + self._status
        self.summary_label.setText(text)
        k = self.k_box.value()
        parts = []
        histogram = self._histogram
        if histogram is not None and histogram.pairs:
            within = histogram.within(k)
            if histogram.sampled:
                parts.append(
                    self.tr("≈ {0:.2%} of all pairs of files within k (sampled)").format(within / histogram.pairs)
                )
            else:
                parts.append(self.tr("%n pair(s) of files within k", "", within))
        if self._regrouped is not None and self._regrouped.request.k == k:
            parts.append(self.tr("%n verified near-duplicate pair(s)", "", self._regrouped.verified_pairs))
            stats = session.search_statistics
            if stats is not None:
                parts.append(
                    self.tr("index: {0} blocks, {1} candidate checks where brute force compares {2} pairs").format(
                        stats.blocks, stats.candidates, stats.possible_pairs
                    )
                )
        elif self.regrouping:
            parts.append(self.tr("grouping at k = {0}…").format(k))
        text = " · ".join(parts)
        if self._settings_differ():
            text += self.tr(" · the fingerprint settings changed: scan again to apply them")
        self.stats_label.setText(text)

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
    """Show a file in the system's file manager: selected on macOS and Windows, its folder opened elsewhere."""
    if sys.platform == "darwin":
        QProcess.startDetached("open", ["-R", path])
    elif sys.platform == "win32":
        QProcess.startDetached("explorer", ["/select,", os.path.normpath(path)])
    else:
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(Path(path).parent)))


def _default_cache() -> Path | None:
    try:
        return default_cache_path()
    except RuntimeError:  # no home folder: scans run without a cache
        return None


def _plain_text_only(box: QMessageBox) -> None:
    """Every label of a message box (text and informative text) shows plain text: names are untrusted."""
    box.setTextFormat(Qt.TextFormat.PlainText)
    for label in box.findChildren(QLabel):
        label.setTextFormat(Qt.TextFormat.PlainText)
