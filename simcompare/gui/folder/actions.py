"""The Folder page's actions: the Mark and Duplicates menus, the tree's context menu, its keys, and which of
them can be used now.

The actions belong to the page (their shortcuts work while it has the focus); what they do is the parts'
(:mod:`~simcompare.gui.folder.marking`, :mod:`~simcompare.gui.folder.file_commands`, the side-by-side view and
the file dialogs). The window's File menu shows the page's results actions.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, Slot
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QMenu

from simcompare.core.folder.cleaner import MarkRule
from simcompare.gui.folder.replace_commands import ReplaceCommands

if TYPE_CHECKING:
    from simcompare.gui.folder.page import FolderPage


class FolderActions(QObject):
    """Makes the page's actions and menus, and keeps them enabled as the page's state allows."""

    def __init__(self, page: FolderPage) -> None:
        super().__init__(page)
        self._page = page
        self.context_extras: list[QAction] = []  # other parts' actions for the context menu
        self.reprioritise_action = QAction(self.tr("Re-prioritise…"), page)
        self.reprioritise_action.setToolTip(self.tr("Choose each group's reference by ordered criteria"))
        self.replace = ReplaceCommands(page)  # links, delete permanently, copy, remove folders left empty
        self._make_mark_actions()
        self._make_file_actions()
        self._make_menus()
        page.tree.installEventFilter(self)
        page.tree.customContextMenuRequested.connect(self._on_context_menu)
        page.side.shown.connect(lambda: page.tabs.setCurrentWidget(page.side))  # a pair on show: its tab
        page.side.shown.connect(self.refresh)
        page.model.marks_changed.connect(self.refresh)  # after marking's own line: Undo, Clear, the actions
        page.jobs.choose.busy_changed.connect(self.on_busy)
        page.jobs.act.busy_changed.connect(self.on_busy)

    def _action(self, text: str, slot: Callable[[], object], shortcut: str | None = None, tip: str = "") -> QAction:
        action = QAction(text, self._page)
        action.triggered.connect(lambda _checked=False: slot())
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self._page.addAction(action)  # the key works while the page has the focus
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        return action

    def _make_mark_actions(self) -> None:
        marking = self._page.marking
        self.mark_reference_action = self._action(
            self.tr("Mark all but the reference"),
            lambda: marking.mark_by_rule(MarkRule.ALL_BUT_REFERENCE),
            "Ctrl+M",
            self.tr("In every group, mark every file except its reference"),
        )
        self.mark_selected_groups_action = self._action(
            self.tr("Mark all but the reference in the selected groups"),
            lambda: marking.mark_by_rule(MarkRule.ALL_BUT_REFERENCE, selected_groups=True),
        )
        rules = (
            (MarkRule.ALL_BUT_OLDEST, self.tr("Mark all but the oldest")),
            (MarkRule.ALL_BUT_NEWEST, self.tr("Mark all but the newest")),
            (MarkRule.ALL_BUT_SMALLEST, self.tr("Mark all but the smallest")),
            (MarkRule.ALL_BUT_LARGEST, self.tr("Mark all but the largest")),
            (MarkRule.ALL_BUT_SHORTEST_PATH, self.tr("Mark all but the shortest path")),
            (MarkRule.ALL_BUT_LONGEST_PATH, self.tr("Mark all but the longest path")),
        )
        self.rule_actions = {rule: self._action(text, partial(marking.mark_by_rule, rule)) for rule, text in rules}
        self.mark_inside_action = self._action(self.tr("Mark the files inside a folder…"), marking.mark_inside_folder)
        # "Add to the marks": the same rules, adding to the marks instead of replacing them
        adding = ((MarkRule.ALL_BUT_REFERENCE, self.tr("Mark all but the reference")), *rules)
        self.add_rule_actions = {
            rule: self._action(text, partial(marking.mark_by_rule, rule, add=True)) for rule, text in adding
        }
        self.add_inside_action = self._action(
            self.tr("Mark the files inside a folder…"), partial(marking.mark_inside_folder, True)
        )
        self.mark_all_action = self._action(
            self.tr("Mark all"), marking.mark_all, tip=self.tr("Mark every file but the references")
        )
        self.mark_selected_action = self._action(
            self.tr("Mark the selected files"), lambda: marking.mark_selected(True)
        )
        self.unmark_selected_action = self._action(
            self.tr("Unmark the selected files"), lambda: marking.mark_selected(False)
        )
        self.invert_action = self._action(self.tr("Invert the marks"), marking.invert_marks, "Ctrl+Shift+I")
        self.clear_marks_action = self._action(self.tr("Clear the marks"), marking.clear_marks, "Ctrl+Shift+M")
        self.undo_action = self._action(self.tr("Undo the last marking"), marking.undo_marking, "Ctrl+Z")
        self.redo_action = self._action(self.tr("Redo the marking"), marking.redo_marking, "Ctrl+Shift+Z")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.set_reference_action = self._action(
            self.tr("Make this the reference"),
            marking.set_selected_as_reference,
            tip=self.tr("Measure the group's distances to this file, and keep it when marking"),
        )
        self.reference_folders_action = self._action(
            self.tr("Reference folders…"),
            self._page.dialogs.edit_reference_folders,
            tip=self.tr("Files in these folders are always references and never marked"),
        )

    def _make_file_actions(self) -> None:
        commands, dialogs = self._page.file_commands, self._page.dialogs
        self.open_action = self._action(self.tr("Open"), commands.open_selected)
        self.reveal_action = self._action(self.tr("Show in folder"), commands.reveal_selected)
        self.copy_action = self._action(self.tr("Copy paths"), commands.copy_selected, "Ctrl+Shift+C")
        self.side_action = self._action(self.tr("Side by side"), self._page.side.compare_selected)
        self.not_dup_action = self._action(self.tr("Not duplicates"), commands.mark_not_duplicates)
        self.not_dup_list_action = self._action(self.tr("Not-duplicates list…"), dialogs.show_not_duplicates)
        self.move_action = self._action(self.tr("Move to folder…"), commands.move_to_folder)
        self.trash_action = self._action(self.tr("Move to trash…"), commands.move_to_trash)
        self.log_action = self._action(self.tr("Open the action log"), commands.open_log)
        self.save_results_action = self._action(self.tr("Save results…"), dialogs.save_results)
        self.open_results_action = self._action(self.tr("Open results…"), dialogs.open_results)
        self.export_csv_action = self._action(self.tr("Export CSV…"), lambda: dialogs.export("csv"))
        self.export_json_action = self._action(self.tr("Export JSON…"), lambda: dialogs.export("json"))

    def _make_menus(self) -> None:
        page = self._page
        self.mark_menu: QMenu = QMenu(self.tr("&Mark"), page)
        self.mark_menu.addAction(self.mark_reference_action)
        self.mark_menu.addAction(self.mark_selected_groups_action)
        self.mark_menu.addSeparator()
        for action in self.rule_actions.values():
            self.mark_menu.addAction(action)
        self.mark_menu.addAction(self.mark_inside_action)
        self.add_menu = self.mark_menu.addMenu(self.tr("Add to the marks"))
        self.add_menu.setToolTipsVisible(True)
        self.add_menu.addActions([*self.add_rule_actions.values(), self.add_inside_action])
        self.mark_menu.addSeparator()
        self.mark_menu.addAction(self.mark_all_action)
        self.mark_menu.addAction(self.mark_selected_action)
        self.mark_menu.addAction(self.unmark_selected_action)
        self.mark_menu.addAction(self.invert_action)
        self.mark_menu.addAction(self.clear_marks_action)
        self.mark_menu.addAction(self.undo_action)
        self.mark_menu.addAction(self.redo_action)
        self.mark_menu.addSeparator()
        self.mark_menu.addAction(self.set_reference_action)
        self.mark_menu.addAction(self.reprioritise_action)
        self.mark_menu.addAction(self.reference_folders_action)
        page.mark_button.setMenu(self.mark_menu)

        self.actions_menu: QMenu = QMenu(self.tr("&Duplicates"), page)
        for action in (self.open_action, self.reveal_action, self.copy_action, self.side_action):
            self.actions_menu.addAction(action)
        self.actions_menu.addSeparator()
        self.actions_menu.addAction(self.not_dup_action)
        self.actions_menu.addAction(self.not_dup_list_action)
        self.actions_menu.addSeparator()
        self.actions_menu.addAction(self.move_action)
        self.actions_menu.addAction(self.trash_action)
        self.replace.add_to(self.actions_menu)
        self.actions_menu.addAction(self.log_action)

    def context_menu(self) -> QMenu:
        """The tree's context menu (made anew each time, so it shows the current state)."""
        menu = QMenu(self._page)
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
        menu.addAction(self.redo_action)
        menu.addSeparator()
        menu.addAction(self.set_reference_action)
        menu.addAction(self.reprioritise_action)
        menu.addSeparator()
        for action in (self.open_action, self.reveal_action, self.copy_action, self.side_action, self.not_dup_action):
            menu.addAction(action)
        menu.addActions(self.context_extras)
        menu.addSeparator()
        menu.addAction(self.move_action)
        menu.addAction(self.trash_action)
        self.replace.add_to(menu)
        return menu

    @Slot(QPoint)
    def _on_context_menu(self, position: QPoint) -> None:
        menu = self.context_menu()
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.popup(self._page.tree.viewport().mapToGlobal(position))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The tree's keys: Space marks or unmarks, Enter shows side by side, Delete moves to the trash."""
        page = self._page
        if watched is page.tree and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            key = event.key()
            if key == Qt.Key.Key_Space:
                page.marking.toggle_selected()
                return True
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                page.side.compare_selected()
                return True
            if key == Qt.Key.Key_Delete:
                page.file_commands.move_to_trash()
                return True
        return super().eventFilter(watched, event)

    @Slot()
    def refresh(self) -> None:
        """Enable what can be used now: on a result, a selection, marks, a pair, while nothing runs."""
        page = self._page
        busy, editing = page.jobs.busy, page.jobs.editing  # while an edit runs, nothing else may change
        deciding = page.deciding  # the groups as saved on screen: no mark, no export until they are decided
        page.cancel_button.setEnabled(page.jobs.scan.busy or page.jobs.act.busy)
        page.scan_button.setEnabled(not busy)
        has_result = page.session is not None
        selected = len(page.selected_files()) if has_result and not editing else 0
        marked = bool(page.cleaner.marks) and not editing
        for widget in (page.open_button, page.reveal_button, self.open_action, self.reveal_action):
            widget.setEnabled(selected > 0)
        self.copy_action.setEnabled(selected > 0 or marked)
        pair = has_result and not editing and page.selection.selected_pair() is not None
        for widget in (page.compare_button, self.side_action):
            widget.setEnabled(pair)
        for widget in (page.not_dup_button, self.not_dup_action):  # kept across scans: on a decided pair only
            widget.setEnabled(pair and not deciding)
        self.set_reference_action.setEnabled(selected == 1 and not deciding)
        groups_decided = has_result and bool(page.groups) and not page.regrouping and not deciding
        self.reprioritise_action.setEnabled(groups_decided and not editing)
        for widget in (self.mark_selected_action, self.unmark_selected_action):
            widget.setEnabled(selected > 0 and not deciding)
        rows = bool(page.tree.selectionModel().selectedRows())
        self.mark_selected_groups_action.setEnabled(rows and not editing and not deciding)
        groups = has_result and bool(page.groups) and not editing and not deciding
        for action in (
            self.mark_reference_action,
            self.invert_action,
            self.mark_inside_action,
            self.mark_all_action,
            self.add_inside_action,
            *self.rule_actions.values(),
            *self.add_rule_actions.values(),
        ):
            action.setEnabled(groups)
        self.clear_marks_action.setEnabled(marked)
        self.undo_action.setEnabled(page.cleaner.can_undo and not editing)
        self.redo_action.setEnabled(page.cleaner.can_redo and not editing)
        self.reference_folders_action.setEnabled(not editing)
        self.not_dup_list_action.setEnabled(not editing)  # removing an entry regroups
        # saved results keep the groups on screen (as saved, too) and the marks, held or not; exports are reports
        self.save_results_action.setEnabled(has_result and not busy and page.shown is not None)
        for widget in (self.export_csv_action, self.export_json_action):
            widget.setEnabled(has_result and not busy and not deciding)
        self.open_results_action.setEnabled(not busy)
        # not while groups are made: the session an action changes is the one the grouping reads
        can_act = has_result and not busy and not page.regrouping and not deciding and (marked or selected > 0)
        for widget in (page.trash_button, self.trash_action, page.move_button, self.move_action):
            widget.setEnabled(can_act)
        self.replace.refresh(can_act)
        page.side.refresh()

    @Slot(bool)
    def on_busy(self, _busy: bool) -> None:
        """A scan, a reopening or an edit started or ended: the scan's controls (and the threshold, while an edit
        runs) wait; the cleaner's state refuses changes while an edit runs."""
        page = self._page
        busy = page.jobs.busy
        locked = page.jobs.editing or page.deciding  # no mark while an edit runs, or groups shown are decided
        if page.cleaner.locked != locked:
            page.cleaner.set_locked(locked)
            page.tree.viewport().update()  # the boxes are drawn as they may be ticked now (tick_boxes.py)
            page.views.table.viewport().update()  # the Dupes only list's too
        page.k_box.setEnabled(not page.jobs.editing)
        page.k_slider.setEnabled(not page.jobs.editing)
        page.scan_button.setEnabled(not busy)
        page.cancel_button.setEnabled(page.jobs.scan.busy or page.jobs.act.busy)
        for widget in (
            page.browse_button,
            page.folder_edit,
            page.recursive_box,
            page.suffixes_edit,
            page.exclude_edit,
            page.max_size_box,
            page.min_size_box,
            page.include_edit,
        ):
            widget.setEnabled(not busy)
        self.refresh()
