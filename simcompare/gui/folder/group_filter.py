"""The filter over the Folder page's groups: by path and by marks, the tree model's sorting passed through.

The filter is worked out on the model's flat list of members and a lowercase name per file, kept between
keys (a longer text only looks again at the files the shorter one let through), never row by row through
Qt: asking Python whether each of 100,000 rows passes held the window for seconds. The groups it lets
through reach the view a batch at a time, as the model's do, and a member row is mapped to the model's
only when the view asks for it.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from itertools import compress, count, filterfalse, repeat
from operator import contains

from PySide6.QtCore import QAbstractProxyModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from simcompare.core.folder.scan import FileRecord
from simcompare.core.formats.names import display_name
from simcompare.gui.folder.models import BATCH, Column, GroupTreeModel, Index

_INSERTED_ONE_BY_ONE = 1000  # more rows than this to add to the passing ones: one sort, not an insert each


def lowercase_names(files: Sequence[FileRecord]) -> list[str]:
    """Each file's name as its row shows it (undecodable bytes and control characters escaped), lowercase; a name
    already so is the record's own string, not a copy (a million names: 72 MB)."""
    names = [record.path for record in files]
    joined = "".join(names)
    if display_name(joined) != joined:  # one pass over all the names: each is shown as it is, or not
        names = [display_name(name) for name in names]
    return [_same_if_equal(name, name.lower()) for name in names]


def _same_if_equal(name: str, lowered: str) -> str:
    return name if lowered == name else lowered


class GroupFilterModel(QAbstractProxyModel):
    """Filters by path and marks; sorting is passed on to :class:`GroupTreeModel` (the reference stays first).

    Shows the groups with at least one member that passes, and those members, in the model's order.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._text = ""
        self._marked_only = False
        self._names: Sequence[str] = ()
        self._names_of: object = None
        self._passing: tuple[str, list[int], list[int]] | None = None  # a text, the members, those passing
        self._member_names: tuple[object, list[str]] = (None, [])  # the members, the name of each
        self._given_names: tuple[object, list[str]] = (None, [])  # the same, as the worker that listed them made it
        self._rows: list[int] | None = None  # the model's group rows shown (None: to be worked out)
        self._files: set[int] | None = None  # the member files shown (None: every member)
        self._proxy_row: dict[int, int] = {}
        self._positions: dict[int, list[int]] = {}
        self._loaded = 0
        self._saved: list[tuple[QModelIndex, QPersistentModelIndex]] = []

    def know_member_names(self, members: object, names: list[str] | None) -> None:
        """Each name of ``members`` (the model's members as the worker listed them), made by that worker from the
        names it gave the model: the first key typed does not list them on the window's thread (a million files'
        members: 0.05 s). None: not made."""
        self._given_names = (members, names) if names is not None else (None, [])

    def setSourceModel(self, model: GroupTreeModel) -> None:  # type: ignore[override]
        super().setSourceModel(model)
        model.modelAboutToBeReset.connect(self.beginResetModel)
        model.modelReset.connect(self._on_reset)
        model.layoutAboutToBeChanged.connect(self._before_layout)
        model.layoutChanged.connect(self._after_layout)
        model.dataChanged.connect(self._on_data_changed)
        model.rowsRemoved.connect(lambda *_: self.invalidate())

    def _model(self) -> GroupTreeModel:
        model = self.sourceModel()
        assert isinstance(model, GroupTreeModel)
        return model

    # ------------------------------------------------------------------ the filter
    def set_filter_text(self, text: str) -> None:
        """Show only members whose path contains ``text`` (case-insensitive), with their groups."""
        self._before_layout()
        self._text = text.strip().lower()
        self._after_layout()

    def set_marked_only(self, on: bool) -> None:
        """Show only marked members, with their groups."""
        if bool(on) != self._marked_only:
            self._before_layout()
            self._marked_only = bool(on)
            self._after_layout()

    @property
    def marked_only(self) -> bool:
        return self._marked_only

    def invalidate(self) -> None:
        """Work the filter out again (the marks changed while only marked files are shown)."""
        self._before_layout()
        self._after_layout()

    def visible_files(self) -> frozenset[int]:
        """The member files the filter lets through."""
        self._work_out()
        if self._files is None:
            return frozenset(self._model().flat_members()[0])
        return frozenset(self._files)

    def _forget(self) -> None:
        self._rows, self._files, self._loaded = None, None, 0
        self._proxy_row, self._positions = {}, {}

    def _work_out(self) -> None:
        """Which groups and members pass (once per change of the filter or the groups)."""
        if self._rows is not None:
            return
        model = self._model()
        if not self._text and not self._marked_only:  # every member of the groups the model has handed out
            self._rows, self._files = list(range(model.rowCount())), None
        else:
            model.load_all()  # every group the filter shows can be reached in the model
            files, group_rows = model.flat_members()
            passing = self._passing_positions(files, model)
            if self._marked_only:
                marks = model.marks()
                passing = [j for j in passing if files[j] in marks]
            if len(passing) == len(files):  # every member passes (a letter every name holds): every group, whole
                self._rows, self._files = list(range(model.rowCount())), None
            else:  # in C (map, zip): a million files' members on the window's thread at each key
                self._files = set(map(files.__getitem__, passing))
                self._rows = sorted(set(map(group_rows.__getitem__, passing)))
        self._proxy_row = dict(zip(self._rows, range(len(self._rows)), strict=True))
        self._loaded = min(BATCH, len(self._rows))

    def _passing_positions(self, files: list[int], model: GroupTreeModel) -> list[int]:
        """Positions in ``files`` whose row's name holds the text (all of them without a text)."""
        text = self._text
        if not text:
            return list(range(len(files)))
        if self._names_of is not model.files:
            given = model.names
            self._names = given if given is not None else lowercase_names(model.files)
            self._names_of, self._passing, self._member_names = model.files, None, (None, [])
        names = self._names
        before = self._passing
        if self._member_names[0] is not files:  # each member row's name, in the members' order
            listed, worker = self._given_names, model.names is not None and names is model.names
            theirs = worker and listed[0] is files and len(listed[1]) == len(files)
            named = listed[1] if theirs else list(map(names.__getitem__, files))
            self._member_names = (files, named)
        named = self._member_names[1]
        if before is not None and before[1] is files and before[0] in text:  # only what a shorter text let through
            narrowed = before[2]
            passing = list(compress(narrowed, map(contains, map(named.__getitem__, narrowed), repeat(text))))
        else:  # every name tested in C: a million files' members took 0.34 s in a comprehension
            passing = list(compress(range(len(files)), map(contains, named, repeat(text))))
        states = model.cleaner.states
        if not states:
            self._passing = (text, files, passing)
            return passing
        # a gone or changed file's row says so after its name: those few rows are tested by the words they show,
        # their name in them as the filter reads every other row's (with several folders a row shows "[a] x.txt"
        # and the filter reads "a/x.txt")
        stated = compress(count(), map(states.__contains__, files))
        shown = {j: text in self._stated_name(model, files[j], names[files[j]]) for j in stated}
        if not shown:
            return passing
        if any(not ok for ok in shown.values()):
            passing = list(filterfalse({j for j, ok in shown.items() if not ok}.__contains__, passing))
        added = [j for j, ok in shown.items() if ok]
        if len(added) > _INSERTED_ONE_BY_ONE:
            return sorted(set(passing).union(added))
        for j in added:
            at = bisect_left(passing, j)
            if at == len(passing) or passing[at] != j:
                passing.insert(at, j)
        return passing

    @staticmethod
    def _stated_name(model: GroupTreeModel, file: int, name: str) -> str:
        """What a gone or changed file's row shows (its name, then "(gone since)"…), lowercase, with the filter's
        name of the file where the row shows its path."""
        shown = model.member_name(file).lower()
        return shown.replace(model.path_text(model.files[file].path).lower(), name, 1)

    def _members(self, proxy_row: int) -> list[int]:
        """The model's member rows of group ``proxy_row`` that pass, in the model's order."""
        found = self._positions.get(proxy_row)
        if found is None:
            members = self._model().member_files(self._rows[proxy_row])  # type: ignore[index]
            shown = self._files
            found = list(range(len(members))) if shown is None else [p for p, f in enumerate(members) if f in shown]
            self._positions[proxy_row] = found
        return found

    # ------------------------------------------------------------------ structure
    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if row < 0 or not 0 <= column < len(Column):
            return QModelIndex()
        self._work_out()
        if not parent.isValid():
            return self.createIndex(row, column, 0) if row < self._loaded else QModelIndex()
        if parent.internalId() == 0 and parent.column() == 0 and row < len(self._members(parent.row())):
            return self.createIndex(row, column, parent.row() + 1)
        return QModelIndex()

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid() or index.internalId() == 0:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, 0)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        self._work_out()
        if not parent.isValid():
            return self._loaded
        if parent.column() != 0 or parent.internalId() != 0:
            return 0
        return len(self._members(parent.row()))

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return len(Column)

    def hasChildren(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        if parent.isValid() and parent.internalId() == 0 and parent.column() == 0:
            return True  # a group is shown for a member that passes
        return self.rowCount(parent) > 0

    def canFetchMore(self, parent: Index) -> bool:
        self._work_out()
        return not parent.isValid() and self._loaded < len(self._rows or ())

    def fetchMore(self, parent: Index) -> None:
        if not parent.isValid():
            self._load_to(self._loaded + BATCH - 1)

    def _load_to(self, row: int) -> None:
        self._work_out()
        last = min(row, len(self._rows or ()) - 1)
        if last >= self._loaded:
            self.beginInsertRows(QModelIndex(), self._loaded, last)
            self._loaded = last + 1
            self.endInsertRows()

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        return self._model().headerData(section, orientation, role)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sorting is the source model's (keys computed once per row); the proxy keeps its order."""
        self._model().sort(column, order)

    # ------------------------------------------------------------------ mapping
    def mapToSource(self, proxy: Index) -> QModelIndex:
        if not proxy.isValid() or self._rows is None:
            return QModelIndex()
        model = self._model()
        if proxy.internalId() == 0:
            return model.index(self._rows[proxy.row()], proxy.column())
        group = proxy.internalId() - 1
        position = self._members(group)[proxy.row()]
        return model.index(position, proxy.column(), model.index(self._rows[group], 0))

    def mapFromSource(self, source: Index) -> QModelIndex:
        if not source.isValid():
            return QModelIndex()
        self._work_out()
        model = self._model()
        group = model.group_of(source)
        row = self._proxy_row.get(group)  # type: ignore[arg-type]
        if row is None:
            return QModelIndex()
        self._load_to(row)
        if source.internalId() == 0:
            return self.createIndex(row, source.column(), 0)
        members = self._members(row)
        at = bisect_left(members, source.row())
        if at == len(members) or members[at] != source.row():
            return QModelIndex()
        return self.createIndex(at, source.column(), row + 1)

    # ------------------------------------------------------------------ the model's changes
    def _on_reset(self) -> None:
        self._forget()
        self.endResetModel()

    # A new filter or order is a change of layout, as for Qt's own filter: the rows a view holds on to (current,
    # selected, expanded) stay with their group or member when it is still shown.
    def _before_layout(self) -> None:
        """The filter or the model's order changes: remember where the view's kept rows are in the model."""
        self.layoutAboutToBeChanged.emit()
        self._saved = [(index, QPersistentModelIndex(self.mapToSource(index))) for index in self.persistentIndexList()]

    def _after_layout(self) -> None:
        loaded = self._loaded
        self._forget()
        self._work_out()
        # rows are not inserted in a change of layout: the view asks for the count anew
        self._loaded = max(self._loaded, min(loaded, len(self._rows or ())))
        moved = []
        for _, source in self._saved:
            row = self._proxy_row.get(self._model().group_of(source))  # type: ignore[arg-type]
            self._loaded = max(self._loaded, row + 1 if row is not None else 0)
            moved.append(self.mapFromSource(source))
        self.changePersistentIndexList([proxy for proxy, _ in self._saved], moved)
        self._saved = []
        self.layoutChanged.emit()

    def _on_data_changed(self, top_left: QModelIndex, bottom_right: QModelIndex, roles: list[int]) -> None:
        if self._rows is None or not self._loaded:
            return
        last = len(Column) - 1
        if not top_left.parent().isValid():  # group rows (maybe every one: a repaint of all)
            self.dataChanged.emit(self.index(0, 0), self.index(self._loaded - 1, last), roles)
            return
        row = self._proxy_row.get(top_left.internalId() - 1)
        if row is None or row >= self._loaded:
            return
        self._positions.pop(row, None)  # a new reference may have put the members in another order
        parent = self.index(row, 0)
        count = len(self._members(row))
        self.dataChanged.emit(self.index(0, 0, parent), self.index(count - 1, last, parent), roles)
