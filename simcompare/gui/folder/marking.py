"""The Folder page's marking: the Mark menu's commands on the cleaner's state, and the line counting the marks.

Which files a rule marks is the core's (:func:`~simcompare.core.folder.cleaner.marks_by_rule`); the marks, their
undo and the chosen references are the cleaner's state's
(:class:`~simcompare.core.folder.cleaner_state.CleanerState`). Here they are asked for and shown.

A rule replaces the marks (its "Add to the marks" twin adds to them); with a filter typed, every marking
touches the visible rows only.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

import numpy as np
from PySide6.QtCore import QObject, Slot

from simcompare.core.folder.cleaner import MarkRule, marks_by_rule, set_reference
from simcompare.core.folder.roots import with_reference_roots
from simcompare.core.folder.scan import FileRecord
from simcompare.gui.folder.cells import human_size
from simcompare.gui.folder.parts import MarkingPage


class Marking(QObject):
    """Marks files of the page's groups; every change of marks, one tick included, can be undone and redone."""

    def __init__(self, page: MarkingPage, parent: QObject) -> None:
        super().__init__(parent)
        self._page = page
        self._sizes: tuple[Sequence[FileRecord], np.ndarray] | None = None  # the files shown, and their sizes
        self._listed: tuple[object, tuple[np.ndarray, np.ndarray]] | None = None  # the model's listing, as arrays
        page.model.marks_changed.connect(self._on_marks_changed)

    def mark_by_rule(
        self, rule: MarkRule | str, *, selected_groups: bool = False, folder: str = "", add: bool = False
    ) -> int:
        """Mark by a core rule in every group (or the selected ones), on the visible rows only while a filter
        is on: the marks there are replaced, or added to with ``add``; returns how many files are marked."""
        page = self._page
        if page.session is None:
            return 0
        groups = page.groups
        scope = page.selection.visible_files()
        if selected_groups:
            groups = [groups[row] for row in page.selection.selected_group_rows()]
            members = {i for g in groups for i in g.indices}
            scope = frozenset(members if scope is None else members & scope)
        if scope is not None:
            groups = [g for g in groups if not scope.isdisjoint(g.indices)]
        chosen = marks_by_rule(
            page.session,
            groups,
            rule,
            folder=folder,
            reference_folders=with_reference_roots(page.cleaner.reference_folders, page.session.result.roots),
            listed=self.listed() if groups is page.model.groups else None,  # every group, as the model lists them
        )
        cleaner = page.cleaner
        page.model.show_marks(cleaner.add_marks(chosen, scope) if add else cleaner.replace_marks(chosen, scope))
        return len(cleaner.marks)

    def listed(self) -> tuple[np.ndarray, np.ndarray]:
        """Every member of the model's groups and its group's row (``flat_members``) as two arrays, made once for
        each listing: a mark by rule reads them at once (a million files' members, each read from its group, took
        a quarter of a second on the window's thread)."""
        flat = self._page.model.flat_members()  # the same object until the groups change or are sorted
        if self._listed is None or self._listed[0] is not flat:
            files, rows = flat
            arrays = (
                np.fromiter(files, dtype=np.intp, count=len(files)),
                np.fromiter(rows, dtype=np.intp, count=len(rows)),
            )
            self._listed = (flat, arrays)
        return self._listed[1]

    def mark_inside_folder(self, add: bool = False) -> int:
        page = self._page
        folder = page.ask_folder(self.tr("Mark the files inside this folder"), page.folder(), "")
        if not folder:
            return 0
        return self.mark_by_rule(MarkRule.INSIDE_FOLDER, folder=folder, add=add)

    def mark_selected(self, on: bool) -> None:
        files = self._page.selected_files()
        if files:
            self._page.model.set_marked(files, on)

    def toggle_selected(self) -> None:
        """Space: mark the selected files, or unmark them when all are marked already."""
        files = self._page.selected_files()
        if files:
            marks = self._page.cleaner.marks
            self.mark_selected(not all(f in marks for f in files))

    def mark_all(self) -> None:
        """Mark every file that may be marked (of the visible rows while a filter is on)."""
        self._page.model.show_marks(self._page.cleaner.mark_all(self._page.selection.visible_files()))

    def invert_marks(self) -> None:
        self._page.model.show_marks(self._page.cleaner.invert(self._page.selection.visible_files()))

    def clear_marks(self) -> None:
        self._page.model.show_marks(self._page.cleaner.clear_marks(self._page.selection.visible_files()))

    def undo_marking(self) -> bool:
        """Put back the marks as they were before the last change of marks."""
        changed = self._page.cleaner.undo()
        if changed is None:
            return False
        self._after_undo(changed)
        return True

    def redo_marking(self) -> bool:
        """Make again the change of marks last undone."""
        changed = self._page.cleaner.redo()
        if changed is None:
            return False
        self._after_undo(changed)
        return True

    def _after_undo(self, changed: set[int]) -> None:
        self._page.model.show_marks(changed)
        if self._page.cleaner.holding:  # references or files left out came back: the groups are made again
            self._page.regroup()

    def set_selected_as_reference(self) -> bool:
        """Make the selected member its group's reference; distances are measured to it from now on. One step
        of the undo: Undo brings the old reference back (the groups are made again)."""
        page = self._page
        files = page.selected_files()
        if page.session is None or len(files) != 1 or page.cleaner.locked:
            return False
        found = page.selection.group_of_file(files[0])
        if found is None:
            return False
        row, group = found
        new = set_reference(page.session, group, files[0])
        unmarked = page.cleaner.choose_reference(group, files[0])  # a reference is never marked
        page.model.replace_groups({row: (new, page.session.wasted_bytes(new))})
        page.model.show_marks(unmarked)
        page.select_files([files[0]])  # the menus follow the marks (Undo can take the choice back)
        return True

    def marks_text(self) -> str:
        """How many files are marked and their size, in words."""
        model = self._page.model
        marks = model.marks()
        if not marks:
            return self.tr("none marked")
        size = self.marked_bytes()
        return self.tr("%Ln marked", "", len(marks)) + self.tr(", {0} in all").format(human_size(size))

    def marked_bytes(self) -> int:
        """The marked files' sizes added up (from an array of every file's size, made once for the files shown: a
        quarter of a million marks, each record read, took 0.2 s on the window's thread)."""
        model = self._page.model
        marks, files = model.marks(), model.files
        if not marks:
            return 0
        if self._sizes is None or self._sizes[0] is not files:
            session = self._page.session  # the session's, made by the worker that made the groups
            if session is not None and session.files is files:
                self._sizes = (files, session.file_sizes())
            else:
                self._sizes = (files, np.fromiter(map(attrgetter("size"), files), dtype=np.int64, count=len(files)))
        chosen = np.fromiter(marks, dtype=np.intp, count=len(marks))
        return sum(self._sizes[1][chosen].tolist())  # Python's whole numbers: sizes saved as huge never wrap

    @Slot()
    def _on_marks_changed(self) -> None:
        page = self._page
        page.marks_label.setText(self.marks_text())
        if page.selection.filters_marks():
            page.proxy.invalidate()
