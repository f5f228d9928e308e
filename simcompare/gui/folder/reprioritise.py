"""Re-prioritise…: the dialog that orders the criteria picking each group's reference, and the command applying it.

The criteria and the choice are the core's (:mod:`simcompare.core.folder.reprioritise`): a member becomes the
reference only when every other member is within k of it and verified, so the members stay the same. The choice
runs in the page's worker (:func:`~simcompare.gui.folder.jobs.choose_references`: 13,000 groups take 0.2 s) on a
snapshot of the groups; meanwhile the page takes no edit of marks or groups, and the answer is shown in one step
and is one step of the cleaner's undo (Mark → Undo brings the old references back). The dialog opens window-modal
and applies on OK, so tests fill it in and press its buttons as a user does.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from itertools import compress
from operator import attrgetter
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QInputDialog,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QRadioButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from simcompare.core.folder.reprioritise import DEFAULT_REFERENCE_RULE, Criterion, ReferenceRule
from simcompare.core.folder.roots import with_reference_roots
from simcompare.core.formats.names import display_name
from simcompare.core.search.groups import Group
from simcompare.gui.common.plain import plain_label
from simcompare.gui.folder.jobs import Reprioritised, ReprioritiseRequest

if TYPE_CHECKING:
    from simcompare.gui.folder.page import FolderPage

AskText = Callable[[str, str, str], str]
"""``ask_text(title, label, start) -> text``, or "" when cancelled."""

_ROLE = Qt.ItemDataRole.UserRole


class ReprioritiseDialog(QDialog):
    """The criteria as an ordered list (add, remove, move up and down) and the groups to apply them to.

    Signals:
        chosen(ReferenceRule, bool): OK was pressed with this rule; True for the selected groups only.
    """

    chosen = Signal(object, bool)

    def __init__(
        self,
        parent: QWidget,
        rule: ReferenceRule,
        *,
        selected_groups: int,
        ask_folder: Callable[[str, str, str], str],
        ask_text: AskText,
    ) -> None:
        super().__init__(parent)
        self._ask_folder, self._ask_text = ask_folder, ask_text
        self._folder, self._formats = rule.folder, rule.formats
        self.setWindowTitle(self.tr("Re-prioritise"))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.criteria = QListWidget()
        self.add_button = QToolButton()
        self.add_button.setText(self.tr("Add"))
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.add_menu = QMenu(self.add_button)
        self.add_button.setMenu(self.add_menu)
        self.add_menu.aboutToShow.connect(self._fill_add_menu)
        self.remove_button = QPushButton(self.tr("Remove"))
        self.up_button = QPushButton(self.tr("Move up"))
        self.down_button = QPushButton(self.tr("Move down"))
        self.remove_button.clicked.connect(self._on_remove)
        self.up_button.clicked.connect(lambda: self._move(-1))
        self.down_button.clicked.connect(lambda: self._move(1))
        self.criteria.currentRowChanged.connect(lambda _row: self._refresh())
        self.all_groups = QRadioButton(self.tr("Every group"))
        self.selected_groups = QRadioButton(self.tr("The selected groups (%Ln)", "", selected_groups))
        self.selected_groups.setEnabled(selected_groups > 0)
        (self.selected_groups if selected_groups else self.all_groups).setChecked(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self._on_ok)
        self.buttons.rejected.connect(self.reject)
        for criterion in rule.criteria:
            self._append(criterion)
        self.criteria.setCurrentRow(0)

        side = QVBoxLayout()
        for button in (self.add_button, self.remove_button, self.up_button, self.down_button):
            side.addWidget(button)
        side.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.criteria, 1)
        row.addLayout(side)
        column = QVBoxLayout(self)
        explain = self.tr(
            "Each group keeps as its reference the member first by these criteria, the first compared first "
            "(ties: the path). Only a member that every other member is close to and verified against can be "
            "the reference; a file in a reference folder stays the reference."
        )
        note = plain_label(explain)
        note.setWordWrap(True)
        column.addWidget(note)
        column.addLayout(row, 1)
        column.addWidget(self.all_groups)
        column.addWidget(self.selected_groups)
        column.addWidget(self.buttons)
        self.resize(520, 380)
        self._refresh()

    # ------------------------------------------------------------------ the list
    def rule(self) -> ReferenceRule | None:
        """The rule the list shows (None when it is empty)."""
        criteria = tuple(self._criterion(r) for r in range(self.criteria.count()))
        if not criteria:
            return None
        return ReferenceRule(criteria, self._folder, self._formats)

    def _criterion(self, row: int) -> Criterion:
        item = self.criteria.item(row)
        assert item is not None
        return Criterion(item.data(_ROLE))

    def names(self) -> dict[Criterion, str]:
        """Each criterion in the interface language."""
        return {
            Criterion.WORDS: self.tr("Most words"),
            Criterion.LARGEST: self.tr("Largest file"),
            Criterion.NEWEST: self.tr("Newest"),
            Criterion.OLDEST: self.tr("Oldest"),
            Criterion.FOLDER: self.tr("Inside a folder"),
            Criterion.SHORTEST_PATH: self.tr("Shortest path"),
            Criterion.FORMATS: self.tr("Preferred formats"),
            Criterion.PLAIN_NAME: self.tr("Not named as a copy"),
        }

    def _label(self, criterion: Criterion) -> str:
        name = self.names()[criterion]
        if criterion is Criterion.FOLDER:
            return self.tr("{0}: {1}").format(name, display_name(self._folder))
        if criterion is Criterion.FORMATS:
            return self.tr("{0}: {1}").format(name, " ".join(self._formats))
        return name

    def _append(self, criterion: Criterion) -> None:
        item = QListWidgetItem(self._label(criterion))
        item.setData(_ROLE, criterion.value)
        self.criteria.addItem(item)

    @Slot()
    def _fill_add_menu(self) -> None:
        self.add_menu.clear()
        present = {self._criterion(r) for r in range(self.criteria.count())}
        for criterion, name in self.names().items():
            action = self.add_menu.addAction(name)
            action.setEnabled(criterion not in present)
            action.triggered.connect(lambda _checked=False, c=criterion: self.add(c))

    def add(self, criterion: Criterion) -> bool:
        """Add ``criterion`` at the end (the folder one asks for its folder, the formats one for its endings)."""
        if any(self._criterion(r) is criterion for r in range(self.criteria.count())):
            return False
        if criterion is Criterion.FOLDER:
            folder = self._ask_folder(self.tr("Files inside this folder come first"), self._folder, "")
            if not folder:
                return False
            self._folder = folder
        elif criterion is Criterion.FORMATS:
            start = " ".join(self._formats) or ".md .txt .html .pdf"
            text = self._ask_text(self.tr("Preferred formats"), self.tr("File endings, the preferred first:"), start)
            formats = tuple(f for f in text.replace(",", " ").split() if f.strip("."))
            if not formats:
                return False
            self._formats = ReferenceRule((Criterion.FORMATS,), formats=formats).formats
        self._append(criterion)
        self.criteria.setCurrentRow(self.criteria.count() - 1)
        self._refresh()
        return True

    @Slot()
    def _on_remove(self) -> None:
        row = self.criteria.currentRow()
        if row >= 0:
            self.criteria.takeItem(row)
            self._refresh()

    def _move(self, step: int) -> None:
        row = self.criteria.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.criteria.count():
            return
        item = self.criteria.takeItem(row)
        self.criteria.insertItem(target, item)
        self.criteria.setCurrentRow(target)
        self._refresh()

    def _refresh(self) -> None:
        row, count = self.criteria.currentRow(), self.criteria.count()
        self.remove_button.setEnabled(row >= 0)
        self.up_button.setEnabled(row > 0)
        self.down_button.setEnabled(0 <= row < count - 1)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert ok is not None
        ok.setEnabled(count > 0)

    @Slot()
    def _on_ok(self) -> None:
        rule = self.rule()
        if rule is None:
            return
        self.chosen.emit(rule, self.selected_groups.isChecked())
        self.accept()


class Reprioritising(QObject):
    """Opens the dialog from the Mark menu and the list's context menu, and applies what it chose.

    Signals:
        applied(int): the chosen references are shown; the number of groups that got another reference.

    Attributes:
        rule: The rule the dialog starts from: the last one applied, else the default.
        new_groups_rule: The rule that picks the reference of every group the page makes (the default rule;
            None keeps the file each group was found around).
        dialog: The dialog while it is open (for tests), else None.
        ask_text: ``(title, label, start) -> text``; asks for the preferred formats (an input box by default).
    """

    applied = Signal(int)

    def __init__(self, page: FolderPage) -> None:
        super().__init__(page)
        self._page = page
        self.rule = DEFAULT_REFERENCE_RULE
        self.new_groups_rule: ReferenceRule | None = DEFAULT_REFERENCE_RULE
        self.dialog: ReprioritiseDialog | None = None
        self.ask_text: AskText = lambda title, label, start: _input(page, title, label, start)
        page.menus.reprioritise_action.triggered.connect(lambda _checked=False: self.open())
        page.jobs.choose.result_ready.connect(self._on_chosen)
        page.jobs.choose.failed.connect(page.progress.on_failed)

    @Slot()
    def open(self) -> ReprioritiseDialog | None:
        """Show the dialog (window-modal); it applies its rule on OK."""
        page = self._page
        if page.session is None or not page.groups:
            return None
        selected = len(page.selection.selected_group_rows())
        dialog = ReprioritiseDialog(
            page,
            self.rule,
            selected_groups=selected,
            ask_folder=lambda *question: page.ask_folder(*question),  # the page's, as it is when asked
            ask_text=lambda *question: self.ask_text(*question),
        )
        dialog.chosen.connect(self.apply)
        dialog.destroyed.connect(self._on_closed)
        self.dialog = dialog
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.show()
        return dialog

    @Slot()
    def _on_closed(self) -> None:
        self.dialog = None

    @Slot(object, bool)
    def apply(self, rule: ReferenceRule, selected_only: bool = False) -> bool:
        """Choose the references of every group (or the selected ones) by ``rule`` in the worker; the answer is
        shown as one undoable change (:attr:`applied` says how many groups got another reference). Until then
        the page takes no edit of marks or groups. False when there is nothing to do or an edit runs."""
        page = self._page
        session, shown = page.session, page.shown
        if session is None or shown is None or page.jobs.busy or page.regrouping or page.deciding:
            return False  # groups as saved (their decision failed): nothing recorded could follow a choice
        self.rule = rule
        groups = page.groups
        asked = tuple(groups[row] for row in page.selection.selected_group_rows()) if selected_only else tuple(groups)
        folders = with_reference_roots(page.cleaner.reference_folders, session.result.roots)  # as the grouping does
        request = ReprioritiseRequest(session, asked, rule, shown.request.k, folders)
        page.jobs.choose.submit(request)
        page.progress.say(self.tr("Choosing the references…"))
        return True

    @Slot(int, object)
    def _on_chosen(self, _request: int, answer: Reprioritised) -> None:
        """Show the chosen references in one step, on the groups they were chosen for, found by their reference
        (a sort may have moved them; no regroup can run meanwhile: the threshold and every edit wait)."""
        page = self._page
        if answer.request.session is not page.session:
            return
        groups, asked = page.groups, answer.request.groups
        if _in_their_rows(asked, groups):  # every group, as asked, in its row still: compared in C, not one by one
            olds: Sequence[Group] = groups
            news = list(map(_REFERENCE, answer.groups))
            moved = np.flatnonzero(np.fromiter(map(operator.ne, map(_REFERENCE, asked), news), bool, len(news)))
            changed = {row: (answer.groups[row], answer.wasted[row]) for row in moved.tolist()}
        else:
            row_of = {g.reference: row for row, g in enumerate(groups)}
            olds, news, changed = [], [], {}
            for old, new, wasted in zip(asked, answer.groups, answer.wasted, strict=True):
                row = row_of.get(old.reference)
                if row is None or len(groups[row].members) != len(old.members):
                    continue
                olds.append(groups[row])
                news.append(new.reference)
                if new.reference != old.reference:
                    changed[row] = (new, wasted)
        unmarked = page.cleaner.choose_references(olds, news)
        page.model.replace_groups(changed)
        page.model.show_marks(unmarked)
        page.views.refresh()
        said = self.tr("New references in %Ln groups", "", len(changed))
        if answer.held_back:
            said += self.tr(
                "; in %Ln groups the first member by the rule is not close to every other member", "", answer.held_back
            )
        page.progress.say(said)
        page.summary.show()
        page.menus.refresh()
        self.applied.emit(len(changed))


_REFERENCE = attrgetter("reference")


def _in_their_rows(asked: Sequence[Group], groups: Sequence[Group]) -> bool:
    """Whether ``groups`` (those on screen) are the groups ``asked`` about, row by row: the same group, or one with
    the same reference and as many members (the rows shown hold their members sorted anew). Most rows are the very
    group asked about, told in C by identity; the others are compared (a million files' groups looked up by a
    dictionary and compared one by one took 0.3 s on the window's thread)."""
    if len(asked) != len(groups):
        return False
    others = list(compress(range(len(groups)), map(operator.is_not, asked, groups)))
    return all(
        asked[row].reference == groups[row].reference and len(asked[row].members) == len(groups[row].members)
        for row in others
    )


def _input(parent: QWidget, title: str, label: str, start: str) -> str:
    text, ok = QInputDialog.getText(parent, title, label, text=start)
    return text if ok else ""
