"""What some of the Folder page's parts use of the page, each as a small Protocol (STYLE.md §7: each part gets only
what it needs), so that those parts do not import the page they belong to.

The page (:class:`~simcompare.gui.folder.page.FolderPage`) is what they are given; mypy checks that it has what
each Protocol names.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from PySide6.QtCore import SignalInstance
from PySide6.QtWidgets import QLabel, QSpinBox, QTabWidget

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.cleaner_state import CleanerState
from simcompare.core.folder.scan import ScanResult
from simcompare.core.folder.session import FolderSession
from simcompare.core.search.groups import Group
from simcompare.core.search.histogram import DistanceHistogram
from simcompare.gui.folder.group_filter import GroupFilterModel
from simcompare.gui.folder.jobs import Regrouped
from simcompare.gui.folder.models import GroupTreeModel
from simcompare.gui.folder.selection import GroupSelection


class PairPage(Protocol):
    """What the side-by-side tab uses: the selection, the result, k and where to say things."""

    selection: GroupSelection
    summary_label: QLabel
    k_box: QSpinBox

    @property
    def session(self) -> FolderSession | None: ...

    @property
    def compare_requested(self) -> SignalInstance: ...

    def absolute(self, file_index: int) -> str: ...


class SummaryPage(Protocol):
    """What the line above the groups and the search line beside k use: the result, the groups on screen and
    what made them, the settings of the next scan, and the two lines."""

    model: GroupTreeModel
    summary_label: QLabel
    stats_label: QLabel
    k_box: QSpinBox
    config: Config
    distance_histogram: DistanceHistogram | None
    shown: Regrouped | None

    @property
    def session(self) -> FolderSession | None: ...

    @property
    def groups(self) -> list[Group]: ...

    @property
    def regrouping(self) -> bool: ...


class MarkingPage(Protocol):
    """What marking uses: the result and its groups, the cleaner's state, the tree's models and selection, the line
    counting the marks, a folder dialog, and a new grouping (after an undo brought references back)."""

    cleaner: CleanerState
    model: GroupTreeModel
    proxy: GroupFilterModel
    selection: GroupSelection
    marks_label: QLabel
    ask_folder: Callable[[str, str, str], str]

    @property
    def session(self) -> FolderSession | None: ...

    @property
    def groups(self) -> list[Group]: ...

    def folder(self) -> str: ...

    def selected_files(self) -> list[int]: ...

    def select_files(self, file_indices: Sequence[int]) -> None: ...

    def regroup(self) -> None: ...


class RootsPage(Protocol):
    """What the *Not read* tab uses: the page's tabs (it adds itself), the groups' model (its paths are shown
    relative to their roots) and the result."""

    tabs: QTabWidget
    model: GroupTreeModel

    @property
    def result(self) -> ScanResult | None: ...
