"""The Folder page's commands on files: open, show in the file manager, copy paths, not duplicates, and the
two that change the folder — move to the trash and move to another folder — each after a confirmation.

Moving is the core's (:mod:`simcompare.core.folder.actions`): each chosen file goes as its scan record
(``expected_of``), so the core walks to it without following links and leaves alone any file that changed,
vanished or became something else. Every move is logged; what the report says moved leaves the results
(:meth:`~simcompare.core.folder.cleaner_state.CleanerState.forget`) without a rescan, whatever else failed,
and what stayed is named with its reason.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex, QObject, QProcess, QUrl, Signal, Slot
from PySide6.QtGui import QDesktopServices, QGuiApplication

from simcompare.core.folder.actions import (
    ActionKind,
    ActionReport,
    Outcome,
    check_destination,
    expected_of,
    kept_references,
)
from simcompare.core.folder.cleaner import other_names_of_kept, whole_groups
from simcompare.core.folder.cleaner_state import FileState
from simcompare.core.folder.safe_paths import Expected, SkipReason
from simcompare.core.folder.session import FolderSession, NotDuplicates
from simcompare.core.formats.names import display_name
from simcompare.gui.common.messages import error_text, os_error_text, system_error_text
from simcompare.gui.common.plain import join_clauses
from simcompare.gui.folder.acting import ActionDone, ActionPlan, ActionRunner

if TYPE_CHECKING:
    from simcompare.gui.folder.page import FolderPage

_LEFT = {ActionKind.TRASH: FileState.TRASHED, ActionKind.MOVE: FileState.MOVED}


class FileCommands(QObject):
    """Acts on the marked files (else the selected ones) of the page's groups.

    Signals:
        acted(ActionDone): an action answered and what happened is shown (what changed on disk left the list,
            what stayed is named with its reason), or why nothing was done.
    """

    acted = Signal(object)

    def __init__(self, page: FolderPage) -> None:
        super().__init__(page)
        self._page = page
        self.runner = ActionRunner(page.jobs.act, page.progress_bar, page.progress_label, page.cancel_button, self)
        self.runner.done.connect(self._on_done)

    def chosen(self) -> list[int]:
        """The files an action applies to: the marked ones in group order, else the selected ones."""
        return self._page.model.marked_files() or self._page.selected_files()

    @Slot()
    def open_selected(self) -> None:
        for i in self._page.selected_files()[:10]:
            QDesktopServices.openUrl(QUrl.fromLocalFile(self._page.absolute(i)))

    @Slot(QModelIndex)
    def open_index(self, index: QModelIndex) -> None:
        """A double click: open the member's file."""
        file_index = self._page.model.file_index(self._page.selection.to_source(index))
        if file_index is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(self._page.absolute(file_index)))

    @Slot()
    def reveal_selected(self) -> None:
        files = self._page.selected_files()
        if files:
            reveal(self._page.absolute(files[0]))

    @Slot()
    def copy_selected(self) -> str:
        files = self.chosen()
        text = "\n".join(self._page.absolute(i) for i in files)
        if files:
            QGuiApplication.clipboard().setText(text)
        return text

    @Slot()
    def mark_not_duplicates(self) -> bool:
        """Remember the selected pair as not duplicates (across scans) and regroup."""
        page = self._page
        pair = page.selection.selected_pair()
        if pair is None or page.session is None:
            return False
        try:
            page.session.mark_not_duplicates(*pair)
        except (OSError, ValueError) as error:
            page.warn(self.tr("Not duplicates"), error_text(error))
            return False
        page.regroup()
        return True

    def not_duplicates(self) -> NotDuplicates:
        """The user's not-duplicates list (the session's, or the one in the data folder)."""
        session = self._page.session
        if session is not None and session.not_duplicates is not None:
            return session.not_duplicates
        return NotDuplicates()

    def confirm_files(self, title: str, question: str, chosen: list[int], every: str = "") -> bool:
        """Ask once; ask again when every distinct file of a group would go (two names of one file are one)."""
        page = self._page
        assert page.session is not None
        listing = "\n".join(display_name(page.absolute(i)) for i in chosen)
        if not page.confirm(title, question, listing):
            return False
        whole = whole_groups(page.session, page.groups, chosen)
        if whole:
            warning = self.tr(
                "Every file of %Ln group(s) is chosen: no copy of them would be left in the folder. Go on anyway?",
                "",
                len(whole),
            )
            groups = self.tr("Groups: {0}").format(", ".join(map(str, whole)))
            if not page.confirm(every or self.tr("Move every copy?"), warning, groups + "\n" + listing):
                return False
        return True

    def expected(self, chosen: list[int]) -> list[Expected]:
        """The chosen files as the scan recorded them: each action checks the file on disk is still that one."""
        assert self._page.session is not None
        files = self._page.session.files
        return [expected_of(files[i]) for i in chosen]

    def kept(self, chosen: list[int]) -> dict[str, Expected]:
        """Each chosen file's group's reference, which must still be there when the file goes (not when the
        reference is chosen too: a whole group goes as asked); for a chosen file that is another name of a member
        its group keeps (the reference, or a file not chosen), that member: the action then leaves the name alone
        (``IS_REFERENCE``), as the command line does, since through a folder mounted twice both names are one
        entry and taking one away takes the kept file."""
        session = self._page.session
        assert session is not None
        reference_of = {m.index: g.reference for g in self._page.groups for m in g.members}
        keeping = kept_references(session.files, reference_of, chosen)
        for alias, other in other_names_of_kept(session, self._page.groups, chosen).items():
            keeping[session.files[alias].path] = expected_of(session.files[other])
        return keeping

    def _finish(self, title: str, report: ActionReport) -> list[str]:
        """Show what happened on disk: what moved leaves the groups, what stayed is named with its reason, a
        log that could not be written is its own warning. Returns the relative paths that moved."""
        page = self._page
        assert page.session is not None
        root = page.session.root
        moved = list(report.moved_paths)
        stayed = []
        for outcome in not_reached(report)[1]:
            # another name of a file acted on once: gone with it when both names reached one file (a bind mount)
            if outcome.skipped is SkipReason.SAME_FILE and not os.path.lexists(os.path.join(root, outcome.path)):
                moved.append(outcome.path)
            else:
                stayed.append(outcome)
        self.forget_after(moved, _LEFT[report.kind], stayed)
        done = join_clauses(
            self.tr("%Ln file(s) moved", "", len(moved)), self.stopped_text(report), self.removed_text(report)
        )
        if stayed:
            lines = "\n".join(f"{display_name(o.source)}: {self.with_kept_name(o, self.reason(o))}" for o in stayed)
            page.warn(title, self.sentences(done, self.stayed_heading(stayed)) + "\n" + lines)
        if report.log_error:
            why = system_error_text(report.log_errno) or report.log_error
            page.warn(
                self.tr("Action log"),
                self.tr("The action log could not be written: {0}").format(why)
                + "\n"
                + self.tr("The list shows what was done: %Ln file(s) moved.", "", len(moved)),
            )
        page.summary.show(status=done)
        return moved

    def forget_after(self, changed: Sequence[str], how: FileState, stayed: Sequence[Outcome]) -> None:
        """Take off the list what an action changed on disk (``how``), and the files it kept under another name
        (``Outcome.kept_as``): neither is at its path any more, and the file now there is another one."""
        page = self._page
        if changed:
            page.forget(changed, how)
        kept_elsewhere = [o.path for o in stayed if o.kept_as and o.path]
        if kept_elsewhere:
            page.forget(kept_elsewhere, FileState.CHANGED)
        if changed or kept_elsewhere:
            page.files_changed.emit()

    def stopped_text(self, report: ActionReport) -> str:
        """What Cancel left: "n file(s) not reached (cancelled)", or ""."""
        cancelled = not_reached(report)[0]
        return self.tr("%Ln file(s) not reached (cancelled)", "", len(cancelled)) if cancelled else ""

    def removed_text(self, report: ActionReport) -> str:
        """The folders the action left empty and removed: "n empty folder(s) removed", or ""."""
        removed = len(report.removed_folders)
        return self.tr("%Ln empty folder(s) removed", "", removed) if removed else ""

    def sentences(self, first: str, second: str) -> str:
        """Two sentences of a report as the interface language joins them ("2 files moved. 1 file was not
        moved:"; Chinese ends a sentence with its own full stop)."""
        return self.tr("{0}. {1}").format(first, second)

    def stayed_heading(self, stayed: Sequence[Outcome]) -> str:
        """The words above the files an action did not move: "left where they were", unless one of them was kept
        under another name (``Outcome.kept_as``), which is not where it was."""
        if any(o.kept_as for o in stayed):
            return self.tr("%Ln file(s) were not moved:", "", len(stayed))
        return self.tr("%Ln file(s) were left where they were:", "", len(stayed))

    def with_kept_name(self, outcome: Outcome, reason: str) -> str:
        """``reason``, and, when another file took the file's name while the action failed, the name the file was
        kept under beside it (``Outcome.kept_as``): never "left where it was" of a file that has another name."""
        if not outcome.kept_as:
            return reason
        kept = self.tr("{0}; it was kept as {1}, beside the file that took its name")
        return kept.format(reason, display_name(outcome.kept_as))

    def reason(self, outcome: Outcome) -> str:
        """Why a file stayed, in the interface language (the core's English words only as a last resort)."""
        words = {
            SkipReason.BAD_PATH: self.tr("its path does not lead into the scanned folder"),
            SkipReason.LINK_ON_PATH: self.tr("a folder on its path is a symbolic link now; links are not followed"),
            SkipReason.NOT_A_FOLDER: self.tr("a folder on its path is no longer a folder"),
            SkipReason.FOLDER: self.tr("it is a folder; folders are never moved"),
            SkipReason.LINK: self.tr("it is a symbolic link now; links are not followed"),
            SkipReason.NOT_REGULAR: self.tr("it is not a regular file"),
            SkipReason.CHANGED: self.tr("it changed since the scan"),
            SkipReason.SAME_FILE: self.tr("another name of a file moved already (a hard link)"),
            SkipReason.REFERENCE_CHANGED: self.tr(
                "its group's reference changed or vanished since the scan; this copy is kept"
            ),
            SkipReason.LINKED_TO: self.tr(
                "a symbolic link in the scanned folder points at it and would lead nowhere; remove or change the "
                "link first"
            ),
            SkipReason.IS_REFERENCE: self.tr(
                "it is another name of a file its group keeps (a hard link, or a folder mounted twice)"
            ),
        }
        if outcome.skipped in words:
            return words[outcome.skipped]
        if outcome.errno == errno.ESTALE:  # the file changed while it was being moved
            return words[SkipReason.CHANGED]
        said = system_error_text(outcome.errno) or outcome.error
        if outcome.concerns:  # the trash folder that could not be used
            return self.tr("{0} (the trash folder: {1})").format(said, outcome.concerns)
        return said

    def to_act_on(self) -> tuple[FolderPage, FolderSession, list[int]] | None:
        """The page, its session and the files an action takes (the marked, else the selected); None when
        there is nothing to act on (no result, a scan, an edit or a grouping running, groups not yet decided on
        screen, no file chosen)."""
        page = self._page
        session = page.session
        if session is None or page.jobs.busy or page.regrouping:  # a grouping reads the session an action changes
            return None
        if page.deciding:  # the groups as saved: nothing is acted on until each member is decided again
            return None
        chosen = self.chosen()
        return (page, session, chosen) if chosen else None

    @Slot()
    def move_to_trash(self) -> bool:
        """Move the marked (else the selected) members to the trash after confirmation, in the worker; True when
        it started (:attr:`acted` tells what happened)."""
        if (taken := self.to_act_on()) is None:
            return False
        page, _session, chosen = taken
        title = self.tr("Move to trash")
        if not self.confirm_files(title, self.tr("Move %Ln file(s) to the trash?", "", len(chosen)), chosen):
            return False
        return self.start(self.plan(ActionKind.TRASH, title, chosen, trash=page.trash))

    def ask_destination(self, title: str, key: str, prompt: str) -> tuple[str, tuple[str, ...]] | None:
        """A folder to move or copy into, asked from the one last used under ``key``, and the scanned folders;
        None when the user cancels or chooses one the files would go back into the scanned folders through."""
        page, session = self._page, self._page.session
        assert session is not None
        destination = page.ask_folder(prompt, page.preferences.start_folder(key), "")
        if not destination:
            return None
        scanned = tuple(r.path for r in session.result.roots)
        try:
            check_destination(session.root, destination, scanned, look_inside=False)  # the action looks inside
        except ValueError:
            page.warn(title, self.tr("Choose a folder outside the scanned folder."))
            return None
        return destination, scanned

    @Slot()
    def move_to_folder(self) -> bool:
        """Move the marked (else the selected) members into a folder, keeping their relative paths, in the
        worker; True when it started."""
        if (taken := self.to_act_on()) is None:
            return False
        page, _session, chosen = taken
        title = self.tr("Move to folder")
        if (
            asked := self.ask_destination(title, "folder/last_move", self.tr("Move the files into this folder"))
        ) is None:
            return False
        destination, scanned = asked
        question = self.tr("Move %Ln file(s) into {0}, keeping their paths?", "", len(chosen)).format(
            display_name(destination)
        )
        if not self.confirm_files(title, question, chosen):
            return False
        page.preferences.remember_folder("folder/last_move", destination)
        return self.start(self.plan(ActionKind.MOVE, title, chosen, destination=destination, scanned=scanned))

    # ------------------------------------------------------------------ in the worker
    def plan(self, kind: ActionKind, title: str, chosen: list[int], **more: Any) -> ActionPlan:
        """The confirmed action on ``chosen``, frozen: the files as scanned, each one's group's reference that
        must stay, the folders to tidy; nothing the user does afterwards changes it."""
        page = self._page
        assert page.session is not None
        remove_empty, keep = page.menus.replace.tidy()
        return ActionPlan(
            kind,
            title,
            page.session,
            tuple(self.expected(chosen)),
            page.log,
            keeping=self.kept(chosen),
            remove_empty=remove_empty,  # the plan tidies after what removes files only
            keep=keep,
            links=page.session.result.symlinks,  # a file a link points at stays: the link would lead nowhere
            **more,
        )

    def start(self, plan: ActionPlan) -> bool:
        """Run a confirmed plan in the worker (progress and Cancel on the page's progress line); what happened
        is shown when it answers (:attr:`acted`). False when another action or a scan runs."""
        if self._page.jobs.busy:
            return False
        return self.runner.start(plan)

    @Slot(object)
    def _on_done(self, done: ActionDone) -> None:
        page, plan = self._page, done.plan
        if plan.session is not page.session:
            return  # another result is on screen (cannot happen while an action runs: scans wait)
        if done.error is not None or done.report is None:
            if done.busy:  # another simcompare (a command line, another window) is cleaning the folder
                page.warn(
                    plan.title,
                    self.tr("Another simcompare is cleaning this folder ({0}); try again when it has finished.").format(
                        done.busy
                    ),
                )
            elif isinstance(done.error, OSError):  # the destination could not be made: nothing was done
                page.warn(plan.title, os_error_text(done.error))
            else:  # the destination is the scanned folder or inside it (checked before, by resolving)
                page.warn(plan.title, self.tr("Choose a folder outside the scanned folder."))
            page.summary.show(status=self.tr("{0}: nothing was done").format(plan.title))
        elif plan.kind in _LEFT:
            self._finish(plan.title, done.report)
        else:
            page.menus.replace.finish(plan.title, done.report)
        self.acted.emit(done)

    @Slot()
    def open_log(self) -> bool:
        """Open the action log in the system's text viewer."""
        log = self._page.log
        if not log.path.exists():
            self._page.warn(self.tr("Action log"), self.tr("Nothing has been moved yet."))
            return False
        return QDesktopServices.openUrl(QUrl.fromLocalFile(str(log.path)))


def not_reached(report: ActionReport) -> tuple[list[Outcome], list[Outcome]]:
    """The files an action left alone: those Cancel stopped it before, and the others (each with its reason)."""
    cancelled = [o for o in report.stayed if o.skipped is SkipReason.CANCELLED]
    return cancelled, [o for o in report.stayed if o.skipped is not SkipReason.CANCELLED]


def send_to_trash(path: str) -> None:
    """Move one file to the system's trash (send2trash)."""
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
