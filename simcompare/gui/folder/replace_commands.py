"""The Folder page's commands that replace, delete or copy files: *Replace with hard link*, *Replace with symbolic
link*, *Delete permanently* (asked twice, naming the count and the size), *Copy to folder…*, and the option
*Remove folders left empty* that Move to trash, Move to folder and Delete permanently follow.

The work is the core's (:mod:`simcompare.core.folder.replace`): each file goes as its scan record, so the core
checks it (and a link's reference) right before acting and leaves alone whatever changed. Each action is logged;
afterwards the list drops exactly the files the report says changed on disk (a copy changes none), and the files
left alone are named with their reason.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from simcompare.core.folder.actions import ActionKind, ActionReport, Outcome, expected_of
from simcompare.core.folder.cleaner_state import FileState
from simcompare.core.folder.replace import LinkKind, Replacement
from simcompare.core.folder.safe_paths import SkipReason
from simcompare.core.formats.names import display_name
from simcompare.gui.common.messages import system_error_text
from simcompare.gui.common.plain import join_clauses
from simcompare.gui.folder.cells import human_size
from simcompare.gui.folder.file_commands import not_reached

if TYPE_CHECKING:
    from simcompare.gui.folder.page import FolderPage

_LEFT = {
    ActionKind.HARD_LINK: FileState.LINKED,
    ActionKind.SYMBOLIC_LINK: FileState.LINKED,
    ActionKind.DELETE: FileState.DELETED,
}
_REMOVE_EMPTY_KEY = "folder/remove_empty_folders"


class ReplaceCommands(QObject):
    """Replace with links, delete permanently, copy to a folder; and the option to remove emptied folders."""

    def __init__(self, page: FolderPage) -> None:
        super().__init__(page)
        self._page = page
        self.hard_link_action = self._action(
            self.tr("Replace with hard link"),
            self.replace_with_hard_link,
            self.tr("Replace each chosen file with a hard link to its group's reference (identical files only)"),
        )
        self.symbolic_link_action = self._action(
            self.tr("Replace with symbolic link"),
            self.replace_with_symbolic_link,
            self.tr("Replace each chosen file with a symbolic link to its group's reference (identical files only)"),
        )
        self.delete_action = self._action(
            self.tr("Delete permanently…"),
            self.delete_permanently,
            self.tr("Delete the chosen files without the trash, after asking twice"),
        )
        self.copy_action = self._action(
            self.tr("Copy to folder…"),
            self.copy_to_folder,
            self.tr("Copy the chosen files into a folder, keeping their paths; the files stay"),
        )
        self.remove_empty_action = QAction(self.tr("Remove folders left empty"), page)
        self.remove_empty_action.setCheckable(True)
        self.remove_empty_action.setStatusTip(
            self.tr("After a move or a delete, remove the folders it left empty (never the scanned folder)")
        )
        self.remove_empty_action.setChecked(self._remembered())
        self.remove_empty_action.toggled.connect(self._remember)

    def _action(self, text: str, slot: object, tip: str) -> QAction:
        action = QAction(text, self._page)
        action.triggered.connect(lambda _checked=False: slot())  # type: ignore[operator]
        action.setStatusTip(tip)
        action.setToolTip(tip)
        return action

    @property
    def actions(self) -> tuple[QAction, ...]:
        """The four actions, in menu order."""
        return (self.hard_link_action, self.symbolic_link_action, self.delete_action, self.copy_action)

    def add_to(self, menu: QMenu, *, option: bool = True) -> None:
        """Add the actions (and the option, when ``option``) to ``menu``."""
        menu.addActions(list(self.actions))
        if option:
            menu.addAction(self.remove_empty_action)

    def refresh(self, enabled: bool) -> None:
        for action in self.actions:
            action.setEnabled(enabled)

    def _remembered(self) -> bool:
        value = self._page.preferences.settings.value(_REMOVE_EMPTY_KEY, False)
        return value is True or value == "true"

    @Slot(bool)
    def _remember(self, on: bool) -> None:
        self._page.preferences.settings.setValue(_REMOVE_EMPTY_KEY, on)

    def tidy(self) -> tuple[bool, tuple[str, ...]]:
        """What Move to trash, Move to folder and Delete permanently pass on: remove the folders they emptied,
        and the folders never removed (the scanned folders, the reference folders)."""
        session = self._page.session
        roots = tuple(r.path for r in session.result.roots) if session is not None else ()
        return self.remove_empty_action.isChecked(), (*self._page.reference_folders(), *roots)

    # ------------------------------------------------------------------ the actions
    @Slot()
    def replace_with_hard_link(self) -> bool:
        return self._link(LinkKind.HARD)

    @Slot()
    def replace_with_symbolic_link(self) -> bool:
        return self._link(LinkKind.SYMBOLIC)

    def _link(self, how: LinkKind) -> bool:
        if (taken := self._page.file_commands.to_act_on()) is None:
            return False
        page, session, chosen = taken
        reference_of = {m.index: g.reference for g in page.groups for m in g.members}
        chosen = [i for i in chosen if i in reference_of and reference_of[i] != i]
        if not chosen:
            page.warn(self._title(how), self.tr("Choose copies, not their group's reference."))
            return False
        differ = sum(1 for i in chosen if not session.same_bytes(i, reference_of[i]))
        if how is LinkKind.HARD:
            question = self.tr("Replace %Ln file(s) with a hard link to their group's reference?", "", len(chosen))
        else:
            question = self.tr("Replace %Ln file(s) with a symbolic link to their group's reference?", "", len(chosen))
        if differ:
            question += " " + self.tr(
                "%Ln of them differ from their reference and will be left as they are.", "", differ
            )
        listing = "\n".join(
            f"{display_name(page.absolute(i))} → {display_name(page.absolute(reference_of[i]))}" for i in chosen
        )
        if not page.confirm(self._title(how), question, listing):
            return False
        files = session.files
        pairs = tuple(Replacement(expected_of(files[i]), expected_of(files[reference_of[i]])) for i in chosen)
        kind = ActionKind.HARD_LINK if how is LinkKind.HARD else ActionKind.SYMBOLIC_LINK
        commands = page.file_commands
        return commands.start(commands.plan(kind, self._title(how), chosen, pairs=pairs))

    def _title(self, how: LinkKind) -> str:
        return self.tr("Replace with hard link") if how is LinkKind.HARD else self.tr("Replace with symbolic link")

    @Slot()
    def delete_permanently(self) -> bool:
        """Delete the marked (else the selected) files without the trash, after asking twice, in the worker."""
        commands = self._page.file_commands
        if (taken := commands.to_act_on()) is None:
            return False
        page, session, chosen = taken
        title = self.tr("Delete permanently")
        size = human_size(sum(session.files[i].size for i in chosen))
        first = self.tr("Delete %Ln file(s) ({0}) permanently? They do not go to the trash.", "", len(chosen))
        if not commands.confirm_files(title, first.format(size), chosen, self.tr("Delete every copy?")):
            return False
        again = self.tr("Really delete %Ln file(s) ({0})? This cannot be undone.", "", len(chosen)).format(size)
        listing = "\n".join(display_name(page.absolute(i)) for i in chosen)
        if not page.confirm(title, again, listing):
            return False
        return commands.start(commands.plan(ActionKind.DELETE, title, chosen))

    @Slot()
    def copy_to_folder(self) -> bool:
        """Copy the marked (else the selected) files into a folder, keeping their paths (the files stay), in the
        worker."""
        commands = self._page.file_commands
        if (taken := commands.to_act_on()) is None:
            return False
        page, _session, chosen = taken
        title = self.tr("Copy to folder")
        prompt = self.tr("Copy the files into this folder")
        if (asked := commands.ask_destination(title, "folder/last_copy", prompt)) is None:
            return False
        destination, scanned = asked
        question = self.tr("Copy %Ln file(s) into {0}, keeping their paths?", "", len(chosen)).format(
            display_name(destination)
        )
        listing = "\n".join(display_name(page.absolute(i)) for i in chosen)
        if not page.confirm(title, question, listing):
            return False
        page.preferences.remember_folder("folder/last_copy", destination)
        plan = commands.plan(ActionKind.COPY, title, chosen, destination=destination, scanned=scanned)
        return commands.start(plan)

    # ------------------------------------------------------------------ afterwards
    def finish(self, title: str, report: ActionReport) -> list[str]:
        """Show what happened on disk: what changed leaves the groups (a copy changes nothing), what stayed is
        named with its reason, a log that could not be written is its own warning. Returns the changed paths."""
        page = self._page
        assert page.session is not None
        root = page.session.root
        changed = list(report.moved_paths) if report.kind in _LEFT else []
        stayed = []
        for outcome in not_reached(report)[1]:
            gone = report.kind is ActionKind.DELETE and outcome.skipped is SkipReason.SAME_FILE
            if gone and not os.path.lexists(os.path.join(root, outcome.path)):
                changed.append(outcome.path)  # another name of a file deleted once (a bind mount)
            else:
                stayed.append(outcome)
        if report.kind is ActionKind.SYMBOLIC_LINK:  # links now: what they point at is never taken away after
            page.session.note_symlinks(report.moved_paths)
        page.file_commands.forget_after(changed, _LEFT.get(report.kind, FileState.CHANGED), stayed)
        commands = page.file_commands
        done = join_clauses(
            self.done_text(report.kind, len(report.done)), commands.stopped_text(report), commands.removed_text(report)
        )
        if stayed:
            kept = page.file_commands.with_kept_name
            lines = "\n".join(f"{display_name(o.source)}: {kept(o, self.reason(o))}" for o in stayed)
            page.warn(
                title, page.file_commands.sentences(done, self.stayed_heading(report.kind, stayed)) + "\n" + lines
            )
        if report.log_error:
            why = system_error_text(report.log_errno) or report.log_error
            page.warn(
                self.tr("Action log"),
                self.tr("The action log could not be written: {0}").format(why) + "\n" + done,
            )
        page.summary.show(status=done)
        return changed

    def stayed_heading(self, kind: ActionKind, stayed: Sequence[Outcome]) -> str:
        """The words above the files an action did not change: "left as they were", unless one of them was kept
        under another name (``Outcome.kept_as``), which is not as it was."""
        n = len(stayed)
        if not any(o.kept_as for o in stayed):
            return self.tr("%Ln file(s) were left as they were:", "", n)
        if kind is ActionKind.DELETE:
            return self.tr("%Ln file(s) were not deleted:", "", n)
        return self.tr("%Ln file(s) were not replaced with a link:", "", n)

    def done_text(self, kind: ActionKind, n: int) -> str:
        if kind is ActionKind.DELETE:
            return self.tr("%Ln file(s) deleted", "", n)
        if kind is ActionKind.COPY:
            return self.tr("%Ln file(s) copied", "", n)
        return self.tr("%Ln file(s) replaced with a link", "", n)

    def reason(self, outcome: Outcome) -> str:
        """Why a file stayed, in the interface language (the reasons a trash or move gives too, in its words:
        ``IS_REFERENCE`` is another name of the file its group keeps, for a link and a delete alike)."""
        words = {
            SkipReason.REFERENCE_CHANGED: self.tr("its group's reference changed or vanished since the scan"),
            SkipReason.ALREADY_LINKED: self.tr("it already is a hard link of its group's reference"),
            SkipReason.OTHER_DEVICE: self.tr(
                "it is on another disk or mount than its reference; a hard link cannot join them"
            ),
            SkipReason.NOT_IDENTICAL: self.tr("its bytes differ from its reference's; a link would lose them"),
            SkipReason.UNKNOWN_IDENTITY: self.tr(
                "its results hold no device and inode to tell it from another file; scan again before deleting it"
            ),
        }
        if outcome.skipped in words:
            return words[outcome.skipped]
        if outcome.errno == errno.ENOSPC:
            return self.tr("there is not enough free space at the destination")
        return self._page.file_commands.reason(outcome)
