"""What the Folder page shows of a result's roots and of the files it did not read.

:class:`ResultRoots` owns the *Not read* tab (every file the scan passed over, with the reason, like the
Problems list; names escaped as plain text) and tells the groups' model how to show a path: relative to its
root, the root named in brackets, when the scan read several folders.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QModelIndex, QObject, Qt
from PySide6.QtWidgets import QAbstractItemView, QTableView

from simcompare.core.folder.roots import RootPlan
from simcompare.core.folder.scan import ScanResult
from simcompare.core.folder.skipped import Skipped, SkipReason
from simcompare.core.formats.names import display_name
from simcompare.gui.common.plain import join_clauses
from simcompare.gui.folder.binary_kinds import binary_kind_text
from simcompare.gui.folder.models import SORT_ROLE, Index
from simcompare.gui.folder.parts import RootsPage


def skip_reason_text(reason: SkipReason | str) -> str:
    """A reason a file was not read, in words."""
    words = {
        SkipReason.TYPE_NOT_CHOSEN: QCoreApplication.translate("SkippedModel", "type not chosen"),
        SkipReason.BINARY: QCoreApplication.translate("SkippedModel", "binary"),
        SkipReason.SYMLINK: QCoreApplication.translate("SkippedModel", "symbolic link"),
        SkipReason.HARD_LINK: QCoreApplication.translate("SkippedModel", "hard link of a file read"),
        SkipReason.TOO_LARGE: QCoreApplication.translate("SkippedModel", "too large"),
        SkipReason.TOO_SMALL: QCoreApplication.translate("SkippedModel", "too small"),
        SkipReason.EXCLUDED: QCoreApplication.translate("SkippedModel", "excluded"),
    }
    try:
        return words[SkipReason(reason)]
    except ValueError:
        return display_name(str(reason))


def shown_path(plan: RootPlan, path: str) -> str:
    """A file's path as the window shows it: ``[root] path`` with several roots, else the path."""
    label, inner = plan.shown(path)
    return f"[{display_name(label)}] {display_name(inner)}" if label else display_name(inner)


def skipped_summary(skipped: Sequence[Skipped]) -> str:
    """``N not read (binary 3, symbolic link 1, …)`` for the summary line; '' when every file was read."""
    if not skipped:
        return ""
    counts = Counter(s.reason for s in skipped)
    parts = join_clauses(*(f"{skip_reason_text(r)} {counts[r]:,}" for r in SkipReason if counts[r]))
    return QCoreApplication.translate("SkippedModel", "{0} not read ({1})").format(f"{len(skipped):,}", parts)


class SkippedModel(QAbstractTableModel):
    """Files a scan did not read: path, reason, detail (the first name of a hard link, a binary file's kind)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._skipped: Sequence[Skipped] = ()
        self._plan = RootPlan("/")

    def set_skipped(self, skipped: Sequence[Skipped], plan: RootPlan) -> None:
        self.beginResetModel()
        self._skipped, self._plan = tuple(skipped), plan
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._skipped)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 3

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < 3:
            return (self.tr("File"), self.tr("Reason"), self.tr("Detail"))[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        skipped = self._skipped[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, SORT_ROLE, Qt.ItemDataRole.ToolTipRole):
            if index.column() == 0:
                return shown_path(self._plan, skipped.path)
            if index.column() == 1:
                return skip_reason_text(skipped.reason)
            if skipped.reason is SkipReason.HARD_LINK:  # the detail is the first name's path
                return self.tr("hard link of {0}").format(shown_path(self._plan, skipped.detail))
            if skipped.reason is SkipReason.EXCLUDED:
                if skipped.detail:
                    return self.tr("an excluded folder: not entered")
                return self.tr("its name matches a pattern under Skip")
            return binary_kind_text(skipped.detail)  # a binary file's kind (PNG image, ELF executable…)
        return None


class ResultRoots(QObject):
    """The *Not read* tab, and the paths in the groups shown relative to their roots."""

    def __init__(self, page: RootsPage, parent: QObject) -> None:
        super().__init__(parent)
        tabs, model = page.tabs, page.model
        self._tabs, self._groups_model = tabs, model
        # every new result (a scan, reopened results, files gone) resets the groups' model first
        model.modelReset.connect(lambda: self.show(page.result))
        self.model = SkippedModel(self)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.verticalHeader().hide()
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.index = tabs.addTab(self.view, self.tr("Not read"))
        self._shown: object = None

    def show(self, result: ScanResult | None) -> None:
        """Show ``result``'s files not read and its roots (nothing when None)."""
        plan = result.plan if result is not None else RootPlan("/")
        self._groups_model.path_text = (lambda path: shown_path(plan, path)) if plan.several else display_name
        skipped = result.skipped if result is not None else ()
        if skipped is not self._shown:
            self._shown = skipped
            self.model.set_skipped(skipped, plan)
            self.view.resizeColumnToContents(0)
        self._tabs.setTabText(self.index, self.tr("Not read (%Ln)", "", len(skipped)))
