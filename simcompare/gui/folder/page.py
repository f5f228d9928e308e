"""The Folder page: scan a folder, see its near-duplicate groups, act on them as a duplicate cleaner does.

A :class:`~simcompare.core.folder.session.FolderSession` owns the result and a
:class:`~simcompare.core.folder.cleaner_state.CleanerState` what the user decided about it (marks, references);
the page only shows them and asks. The page is the layout and the wiring of its parts, each in its module:
the jobs (:mod:`~simcompare.gui.folder.jobs`), the models, the selection, marking, the commands on files, the
side-by-side tab, the dialogs, the actions and menus, the progress line and the preferences. Every long job —
the scan, regrouping at another k, reopening saved results — runs through the window's one worker pattern, so
the window never waits: the old groups stay on screen until the new ones arrive, and of rapid threshold
changes only the newest is computed. Nothing changes a file without a confirmation; every confirmation,
question and file dialog is a replaceable callable so tests drive the real widgets and answer them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QSettings, QSignalBlocker, QStringListModel, Qt, Signal, Slot
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QTableView,
    QTabWidget,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from simcompare.core.defaults import default_k
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.actions import ActionLog
from simcompare.core.folder.cleaner_state import CleanerState, FileState
from simcompare.core.folder.scan import ScanOptions, ScanResult, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats.names import display_name
from simcompare.core.formats.results import save_results
from simcompare.core.search.groups import Group, GroupRule
from simcompare.core.search.histogram import DistanceHistogram
from simcompare.core.search.index import SearchStats
from simcompare.gui.common.messages import error_text
from simcompare.gui.common.plain import plain_label
from simcompare.gui.folder.actions import FolderActions
from simcompare.gui.folder.dialogs import AskPath, Confirm, FolderDialogs, ask_yes_no, warn_plain
from simcompare.gui.folder.dupes_view import FolderViews
from simcompare.gui.folder.file_commands import FileCommands, send_to_trash
from simcompare.gui.folder.group_filter import GroupFilterModel
from simcompare.gui.folder.histogram_view import DistanceHistogramView
from simcompare.gui.folder.jobs import (
    FolderJobs,
    Measured,
    Regrouped,
    RegroupRequest,
    SavedLayout,
    ScanFunction,
    ScanOutcome,
    ScanRequest,
    default_cache,
)
from simcompare.gui.folder.marking import Marking
from simcompare.gui.folder.models import Column, GroupTreeModel, ProblemsModel
from simcompare.gui.folder.on_disk import FilesOnDisk
from simcompare.gui.folder.preferences import FolderPreferences
from simcompare.gui.folder.progress import GroupsSummary, ScanProgress
from simcompare.gui.folder.reprioritise import Reprioritising
from simcompare.gui.folder.roots_view import ResultRoots
from simcompare.gui.folder.saved_preview import SavedPreview
from simcompare.gui.folder.scan_controls import ScanControls
from simcompare.gui.folder.selection import GroupSelection
from simcompare.gui.folder.side_by_side import SideBySide
from simcompare.gui.folder.take_over import take_over

_DEFAULT_CACHE = object()


class FolderPage(QWidget):
    """Choose a folder, scan it, browse and act on the near-duplicate groups.

    Signals:
        scan_finished(ScanResult): a scan ended (complete or cancelled) or saved results were opened.
        regrouped(int): the groups at threshold k are on screen (reopened results': each member decided again).
        saved_groups_shown(int): reopened results' groups are on screen as saved, at k, while they are decided;
            no action and no mark until ``regrouped``.
        compare_requested(path_a, path_b): the user asked for a pair on the Compare page.
        files_changed(): files were moved (trash or folder); the log has a line for each.

    Attributes:
        confirm: ``confirm(title, text, details) -> bool``; asked before any file is moved.
        warn: ``warn(title, text)``; tells of files that could not be moved (a message box by default).
        trash: ``trash(path)``; moves one file to the trash (send2trash by default).
        ask_save_path, ask_open_path, ask_folder: file dialogs ``(title, start, filter) -> path``.
        workers: Worker processes for the scan (None: one per core).
        session: The result on screen (None before the first scan).
        cleaner: What the user decided about it: marks and their undo, references, file states.
        shown: The groups on screen and the request that made them.
        marking, file_commands, side, dialogs, menus, selection, progress, on_disk: the page's parts.
    """

    scan_finished = Signal(object)
    regrouped = Signal(int)
    saved_groups_shown = Signal(int)
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
        self.preferences = FolderPreferences(settings if settings is not None else QSettings())
        self._cache_path: Path | None = default_cache() if cache_path is _DEFAULT_CACHE else cache_path  # type: ignore[assignment]
        self.config = config or Config()
        self.workers: int | None = None
        self.confirm: Confirm = lambda title, text, details: ask_yes_no(self, title, text, details)
        self.trash: Callable[[str], None] = send_to_trash
        self.warn: Callable[[str, str], None] = lambda title, text: warn_plain(self, title, text)
        self.ask_save_path: AskPath = lambda title, start, pattern: QFileDialog.getSaveFileName(
            self, title, start, pattern
        )[0]
        self.ask_open_path: AskPath = lambda title, start, pattern: QFileDialog.getOpenFileName(
            self, title, start, pattern
        )[0]
        self.ask_folder: AskPath = lambda title, start, _pattern: QFileDialog.getExistingDirectory(self, title, start)
        self.log = ActionLog()
        self.session: FolderSession | None = None
        self.cleaner = CleanerState(self.preferences.reference_folders())
        self.shown: Regrouped | None = None
        self.saved_layout: SavedLayout | None = None
        self.distance_histogram: DistanceHistogram | None = None
        self.jobs = FolderJobs(scan_function, self)
        self.scan_job = self.jobs.scan
        self.fields = f = ScanControls(self.config.bits, self)  # its widgets are the page's, for the window and tests
        self.folder_edit, self.browse_button, self.scan_button = f.folder_edit, f.browse_button, f.scan_button
        self.cancel_button, self.recursive_box, self.suffixes_edit = f.cancel_button, f.recursive_box, f.suffixes_edit
        self.exclude_edit, self.max_size_box, self.include_edit = f.exclude_edit, f.max_size_box, f.include_edit
        self.min_size_box, self.progress_bar, self.progress_label = f.min_size_box, f.progress_bar, f.progress_label
        self.k_box, self.k_slider, self.stats_label = f.k_box, f.k_slider, f.stats_label
        self._build_groups()
        self._build_parts()
        self._assemble()
        self._wire_jobs()
        self.preferences.load(self.fields, default_k(self.config.bits))
        if self.preferences.problems:  # said once, here and on stderr; the preferences file is left as it is
            said = self.tr("Preferences reset to their defaults (the file is left as it is): {0}").format(
                "; ".join(display_name(p) for p in self.preferences.problems)
            )
            print(f"simcompare: {said}", file=sys.stderr)
            self.progress.say(said)
        self.histogram.set_k(self.k_box.value())
        self.menus.refresh()

    # ------------------------------------------------------------------ layout
    def _build_groups(self) -> None:
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(self.tr("Filter by path"))
        self.filter_edit.setClearButtonEnabled(True)
        self.marked_only_box = QCheckBox(self.tr("Marked only"))
        self.marked_only_box.setToolTip(self.tr("Show only the marked files"))
        self.summary_label = plain_label()
        self.marks_label = plain_label()

        self.model = GroupTreeModel(self, self.cleaner)
        self.proxy = GroupFilterModel(self)
        self.proxy.setSourceModel(self.model)
        self.tree = QTreeView()
        self.tree.setModel(self.model)  # the proxy only while a filter is on: it maps every row it holds
        self.tree.setSortingEnabled(True)
        self.tree.sortByColumn(Column.SIZE, Qt.SortOrder.DescendingOrder)  # most wasted space first
        self.tree.setUniformRowHeights(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setAlternatingRowColors(True)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(Column.NAME, QHeaderView.ResizeMode.Stretch)
        # Not ResizeToContents: that asks every row for its size, seconds on 100,000 rows.
        for column in list(Column)[1:]:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, 90)

        self.mark_button = QToolButton()
        self.mark_button.setText(self.tr("Mark"))
        self.mark_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.open_button = QPushButton(self.tr("Open"))
        self.reveal_button = QPushButton(self.tr("Show in folder"))
        self.compare_button = QPushButton(self.tr("Side by side"))
        self.compare_button.setToolTip(self.tr("Two selected files, or a file and its group's reference (Enter)"))
        self.not_dup_button = QPushButton(self.tr("Not duplicates"))
        self.not_dup_button.setToolTip(self.tr("Remember that these two files are not duplicates"))
        self.move_button = QPushButton(self.tr("Move to folder…"))
        self.move_button.setToolTip(self.tr("Moves the marked files (or the selected ones), keeping their paths"))
        self.trash_button = QPushButton(self.tr("Move to trash…"))
        self.trash_button.setToolTip(self.tr("Moves the marked files (or the selected ones) after asking (Delete)"))

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

    def _build_parts(self) -> None:
        """The parts that act: each gets the page's widgets it works on; then the wiring between them."""
        self.selection = GroupSelection(self.tree, self.model, self.proxy, self)
        self.progress = ScanProgress(self.progress_bar, self.progress_label, lambda: self.jobs.scan.busy, self)
        self.summary = GroupsSummary(self, self)
        self.on_disk = FilesOnDisk(self)
        self.marking = Marking(self, self)
        self.file_commands = FileCommands(self)
        self.dialogs = FolderDialogs(self)
        self.side = self.side_tab = side = SideBySide(self)
        self.diff_view, self.pair_label = side.diff_view, side.pair_label
        self.to_compare_button = side.to_compare_button
        self.previous_member_button, self.next_member_button = side.previous_member_button, side.next_member_button
        self.menus = menus = FolderActions(self)
        self.mark_menu, self.actions_menu = menus.mark_menu, menus.actions_menu  # the window's menu bar shows them
        self.reprioritising, self.views = Reprioritising(self), FolderViews(self)
        self.save_results_action, self.open_results_action = menus.save_results_action, menus.open_results_action
        self.export_csv_action, self.export_json_action = menus.export_csv_action, menus.export_json_action
        self.browse_button.clicked.connect(self.dialogs.choose_folder)

        def refilter(*_: object) -> None:
            self.selection.set_filter(self.filter_edit.text(), self.marked_only_box.isChecked())

        self.filter_edit.textChanged.connect(refilter)
        self.marked_only_box.toggled.connect(refilter)
        self.selection.changed.connect(self.menus.refresh)
        self.tree.doubleClicked.connect(self.file_commands.open_index)
        self.open_button.clicked.connect(self.file_commands.open_selected)
        self.reveal_button.clicked.connect(self.file_commands.reveal_selected)
        self.compare_button.clicked.connect(self.side.compare_selected)
        self.not_dup_button.clicked.connect(self.file_commands.mark_not_duplicates)
        self.move_button.clicked.connect(self.file_commands.move_to_folder)
        self.trash_button.clicked.connect(self.file_commands.move_to_trash)

    def _assemble(self) -> None:
        self.tabs = QTabWidget()
        self.tabs.addTab(self._groups_tab(), self.tr("Groups"))
        self.tabs.addTab(self.side_tab, self.tr("Side by side"))
        self.tabs.addTab(self.problems_view, self.tr("Problems"))
        self.tabs.addTab(self.empty_view, self.tr("Empty files"))
        self.roots_view = ResultRoots(self, self)  # the "Not read" tab; paths relative to their roots

        self.histogram = DistanceHistogramView()

        layout = QVBoxLayout(self)
        layout.addLayout(self.fields.folder_row)
        layout.addLayout(self.fields.options_form)
        layout.addLayout(self.fields.progress_row)
        layout.addLayout(self.fields.k_row)
        layout.addWidget(self.histogram)
        layout.addWidget(self.tabs, 1)
        self.setAcceptDrops(True)

    def _groups_tab(self) -> QWidget:
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
        return groups_tab

    def _wire_jobs(self) -> None:
        folder_line = self.fields.folder_edit.lineEdit()
        assert folder_line is not None  # an editable box has one
        folder_line.returnPressed.connect(self.start_scan)
        self.fields.scan_button.clicked.connect(self.start_scan)
        self.fields.cancel_button.clicked.connect(self.cancel_scan)
        self.fields.k_box.valueChanged.connect(self._on_k_changed)
        jobs = self.jobs
        jobs.scan.progress.connect(self.progress.on_progress)
        jobs.scan.result_ready.connect(self._on_scanned)
        jobs.histogram.result_ready.connect(self._on_histogram)
        for failing in (jobs.scan, jobs.group, jobs.histogram):
            failing.failed.connect(self.progress.on_failed)
        jobs.scan.cancelled.connect(self.progress.on_cancelled)
        jobs.scan.busy_changed.connect(self.menus.on_busy)
        jobs.load.result_ready.connect(self._on_scanned)
        jobs.load.failed.connect(self.progress.on_load_failed)
        jobs.load.busy_changed.connect(self.menus.on_busy)
        jobs.group.result_ready.connect(self.show_groups)
        self.saved_preview = SavedPreview(self)
        jobs.group.progress.connect(lambda _done, _total, _stage: self.summary.show())  # "grouping at k = …"
        jobs.group.failed.connect(lambda *_: self.summary.show())  # groups as saved: now "not checked"
        jobs.group.failed.connect(lambda *_: self.menus.refresh())
        jobs.regroup_timer.timeout.connect(self.regroup)

    # ------------------------------------------------------------------ public API
    def folder(self) -> str:
        return self.fields.folder()

    def set_folder(self, path: str | os.PathLike[str]) -> None:
        self.folder_edit.setCurrentText(str(path))

    @property
    def result(self) -> ScanResult | None:
        return self.session.result if self.session is not None else None

    @property
    def groups(self) -> list[Group]:
        return self.model.groups

    @property
    def search_statistics(self) -> SearchStats | None:
        """The last block-index search behind the groups (layout, candidates), for the Index view."""
        return self.session.search_statistics if self.session is not None else None

    @property
    def scanning(self) -> bool:
        return self.jobs.scanning

    @property
    def regrouping(self) -> bool:
        return self.jobs.regrouping

    def options(self) -> ScanOptions:
        """The scan options the controls describe."""
        return self.fields.options(self.workers)

    def open_folder(self, path: str | os.PathLike[str]) -> bool:
        """Choose ``path`` and scan it (MainWindow.open_folder and ``--folder`` call this)."""
        self.set_folder(path)
        return self.start_scan()

    def wait_until_idle(self, timeout_ms: int) -> bool:
        """Run the event loop until no scan, load or regroup runs (for ``--screenshot``); True with a result."""
        return self.jobs.wait_until_idle(timeout_ms) and self.session is not None

    @Slot()
    def start_scan(self) -> bool:
        """Scan the chosen folder in the worker; False when a scan or an edit runs already or the folder is missing."""
        if self.jobs.busy:
            return False
        folder = self.folder()
        if not folder or not Path(folder).is_dir():
            self.progress.say(self.tr("Choose a folder that exists."))
            return False
        try:
            options, roots = self.options(), self.fields.roots(folder)
        except ValueError as error:
            self.progress.say(error_text(error))
            return False
        self.preferences.save(self.fields)
        self.on_disk.wait_for_groups(None)
        self.progress.start(self.tr("Starting…"))
        self.jobs.scan.submit(ScanRequest(roots, self.config, options, self._cache_path))
        return True

    @Slot()
    def cancel_scan(self) -> None:
        """Stop the scan at its next file; its partial result is shown."""
        if self.jobs.scan.busy:
            self.jobs.scan.stop()
            self.progress.say(self.tr("Cancelling…"))

    def open_results(self, path: str | os.PathLike[str]) -> bool:
        """Reopen saved results in the worker (no scan); False while a scan or an edit runs."""
        if self.jobs.busy:
            return False
        self.on_disk.wait_for_groups(None)
        self.progress.start(self.tr("Opening the results…"))
        self.jobs.load.submit(str(path))
        return True

    def save_results(self, path: str | os.PathLike[str]) -> None:
        """Write the result, its groups and the cleaner's state, to reopen: as ``scan --save-results`` writes them."""
        if self.session is None:
            raise ValueError("nothing to save: scan a folder first")
        if self.shown is None:  # reopened results' groups not on screen yet: saving now would write none
            raise ValueError("the groups are being made: save them once they are on screen")
        k = self.shown.request.k  # the groups' own k (the k box may have moved on: their regroup waits)
        save_results(path, self.session, self.groups, k, GroupRule.REFERENCE, self.cleaner)

    @property
    def deciding(self) -> bool:
        """Reopened results' groups are on screen as saved while they are decided: no action, no mark."""
        return self.shown is not None and not self.shown.decided

    @Slot()
    def regroup(self) -> None:
        """Ask the worker for the groups at k (reopened results' k: their :class:`SavedLayout`); shown when made."""
        self.jobs.regroup_timer.stop()
        self.saved_preview.stop()  # groups as saved are shown only while the first decided ones are made
        if self.session is None:
            return
        rule, k = self.reprioritising.new_groups_rule, self.k_box.value()
        self.jobs.group.submit(RegroupRequest.of(self.session, k, self.cleaner, rule, self.saved_layout))
        self.menus.refresh()

    def selected_files(self) -> list[int]:
        """File indices of the selected member rows, in view order, without repeats."""
        return self.selection.selected_files()

    def select_files(self, file_indices: Sequence[int]) -> None:
        """Select the member rows of these files (for tests and keyboard users); the first is current."""
        self.selection.select_files(file_indices)

    def absolute(self, file_index: int) -> str:
        assert self.session is not None
        return self.session.absolute(file_index)

    def reference_folders(self) -> list[str]:
        """Folders whose files are always references and never marked (kept in the preferences)."""
        return list(self.cleaner.reference_folders)

    def set_reference_folders(self, folders: Sequence[str]) -> None:
        """Keep ``folders`` as the reference folders and regroup."""
        self.preferences.set_reference_folders(self.cleaner.set_reference_folders(folders))
        self.regroup()

    def set_config(self, config: Config) -> None:
        """Fingerprint settings for the next scan (the Compare page's). A change of width resets k."""
        bits_changed = config.bits != self.config.bits
        self.config = config
        if bits_changed:
            with QSignalBlocker(self.k_box), QSignalBlocker(self.k_slider):
                self.k_box.setRange(0, config.bits // 2)
                self.k_slider.setRange(0, config.bits // 2)
            self.fields.set_k(default_k(config.bits))
            self.histogram.set_k(self.k_box.value())
        if self.session is not None:
            self.summary.show()

    def shutdown(self) -> None:
        """Stop the workers; call before the page goes away."""
        self.jobs.shutdown()
        self.side.shutdown()

    def take_over(self, old: FolderPage) -> None:
        """Show what ``old`` showed (a change of language rebuilds the window): the session, k, its cleaner's state."""
        take_over(self, old)

    # ------------------------------------------------------------------ results on screen
    def forget(self, moved: Sequence[str], how: FileState) -> None:
        """Drop moved files (relative paths) from the results (no rescan) and regroup; other marks stay."""
        if not moved or self.session is None:
            return
        self.cleaner.forget(self.session, moved, how)
        self.shown = None  # their numbers are the files' before: nothing is saved from them
        self.model.set_groups(self.session.files, [], self.session.bits)
        self.empty_model.setStringList([display_name(p) for p in self.session.empty_paths()])
        self.retitle_tabs()
        self.regroup()

    def retitle_tabs(self) -> None:
        result = self.result
        problems = len(result.problems) if result is not None else 0
        empty = self.empty_model.rowCount()  # as many as listed (the records not read again)
        self.tabs.setTabText(2, self.tr("Problems (%Ln)", "", problems))
        self.tabs.setTabText(3, self.tr("Empty files (%Ln)", "", empty))

    def _show_outcome(self, outcome: ScanOutcome) -> None:
        self.session = outcome.session
        self.shown = None
        loaded = outcome.loaded
        self.on_disk.wait_for_groups(outcome.session if loaded is not None and not loaded.checked else None)
        if loaded is None:
            self.cleaner.start(outcome.session)
        else:  # reopened results: their marks (shown with the first groups), references and reference folders
            self.cleaner.start(
                outcome.session,
                changed=loaded.changed,
                gone=loaded.gone,
                marked=loaded.marked,
                references=loaded.references,
            )
            if loaded.reference_folders is not None:
                self.cleaner.set_reference_folders(loaded.reference_folders)
            if loaded.k >= 0:
                self.fields.set_k(loaded.k)
                self.histogram.set_k(loaded.k)
            self.fields.show_roots(outcome.result.root, outcome.result.roots)  # the folders it scanned
        result = outcome.result
        self.model.set_groups(result.files, [], result.config.bits)
        self.distance_histogram = outcome.histogram
        self.histogram.set_histogram(outcome.histogram)
        measure = outcome.histogram is None and loaded is not None  # reopened: measured after the groups as saved
        self.problems_model.set_problems(result.problems)
        self.problems_view.resizeColumnsToContents()
        self.empty_model.setStringList([display_name(p) for p in outcome.session.empty_paths()])
        self.retitle_tabs()
        self.summary.show()
        self.saved_layout = SavedLayout.of(outcome)
        histogram = (lambda: self.jobs.histogram.submit(outcome.session)) if measure else None
        if not self.saved_preview.start(outcome.session, self.saved_layout, self.k_box.value(), then=histogram):
            self.regroup()  # else: decided once the groups as saved are shown
            if histogram is not None:
                histogram()

    @Slot(int, object)
    def _on_scanned(self, _request: int, outcome: ScanOutcome) -> None:
        self.progress.finished(outcome)
        self._show_outcome(outcome)
        self.scan_finished.emit(outcome.result)

    @Slot(int, object)
    def _on_histogram(self, _request: int, measured: Measured) -> None:
        if measured.session is self.session:
            self.distance_histogram = measured.histogram
            self.histogram.set_histogram(measured.histogram)
            self.summary.show()

    @Slot(int, object)
    def show_groups(self, _request: int, outcome: Regrouped) -> None:
        if outcome.request.session is not self.session:
            return  # groups of an older result
        self.shown = outcome
        session = outcome.request.session
        self.model.set_groups(
            session.files,
            outcome.groups,
            session.bits,
            wasted=outcome.wasted,
            protected=outcome.protected,
            hardlink_of=session.hardlink_of,
            members=outcome.members,
            names=outcome.names,
            member_set=outcome.member_set,
            references=outcome.references,
        )
        self.proxy.know_member_names(outcome.members, outcome.member_names)
        if self.cleaner.holding and outcome.decided:
            self.model.show_marks(self.cleaner.restore_marks())
        self.selection.expand()
        self.summary.show()
        self.menus.on_busy(self.jobs.busy)  # no mark, no action while they are decided (``deciding``)
        if not outcome.decided:
            self.saved_groups_shown.emit(outcome.request.k)
            return
        self.on_disk.groups_shown(session)  # decided: the files are looked at on disk (not beside the decision)
        self.regrouped.emit(outcome.request.k)

    @Slot(int)
    def _on_k_changed(self, _k: int) -> None:
        self.histogram.set_k(self.k_box.value())
        self.preferences.save_k(self.k_box.value())
        if self.session is not None:
            self.summary.show()
            self.jobs.regroup_timer.start()  # coalesced: only the newest k is computed

    # ------------------------------------------------------------------ drop a folder
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        for url in event.mimeData().urls():
            path = url.toLocalFile()
            if path and Path(path).is_dir():
                self.set_folder(path)
                event.acceptProposedAction()
                return
