"""One confirmed action on files as a plan, frozen, and its run: the command line and the window act through it.

An action (trash, move, copy, link, delete permanently) is confirmed by a front end; then an :class:`ActionPlan` is
taken — the files as the scan recorded them, their groups' references, the destination — frozen, so nothing the
user does afterwards (a mark cleared, a group regrouped) changes what is acted on. :func:`carry_out` runs it
through the actions of :mod:`~simcompare.core.folder.actions` and :mod:`~simcompare.core.folder.replace`, which
check each file's identity right before acting on it; ``cancel`` stops between two files, never inside one, and
the files not reached are reported as left alone. :func:`run_plan` does the same under the cleaning lock
(:mod:`~simcompare.core.folder.cleaning_lock`), answering at once when another simcompare cleans the folders.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from simcompare.core.folder.actions import ActionKind, ActionLog, ActionReport, move_scanned, trash_scanned
from simcompare.core.folder.cleaning_lock import FolderBusy, cleaning_lock
from simcompare.core.folder.replace import LinkKind, Replacement, copy_scanned, delete_scanned, link_scanned
from simcompare.core.folder.safe_paths import Expected
from simcompare.core.folder.session import FolderSession
from simcompare.core.progress import NO_PROGRESS, Progress

__all__ = ["ActionDone", "ActionPlan", "carry_out", "run_plan"]


@dataclass(frozen=True, slots=True)
class ActionPlan:
    """What one confirmed action does, taken after the confirmation and never changed afterwards.

    Attributes:
        kind: The action.
        title: Its name as the front end says it (the window's title of its messages, in its language).
        session: The result the files belong to (an answer for another result is dropped).
        files: The files as scanned, in order (for links: the copies).
        log: Where the action is written.
        trash: Moves one file to the trash (for ``TRASH``).
        destination: The folder to move or copy into (for ``MOVE`` and ``COPY``).
        scanned: The scanned folders (a destination inside them is refused).
        keeping: By a file's path, its group's reference, which must still be there when the file goes.
        pairs: For links: each copy with its reference.
        remove_empty: Remove the folders the action left empty (never those of ``keep``); only trash, move and
            delete can leave one empty, so a copy or a link ignores it.
        keep: Folders never removed (the scanned folders, the reference folders).
        links: The symbolic links the scan passed over (relative paths): a trash, move or delete leaves alone a
            file one of them points at (:func:`~simcompare.core.folder.actions.trash_scanned`).
    """

    kind: ActionKind
    title: str
    session: FolderSession
    files: tuple[Expected, ...]
    log: ActionLog
    trash: Callable[[str], None] | None = None
    destination: str = ""
    scanned: tuple[str, ...] = ()
    keeping: Mapping[str, Expected] = field(default_factory=dict)
    pairs: tuple[Replacement, ...] = ()
    remove_empty: bool = False
    keep: tuple[str, ...] = ()
    links: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "keeping", MappingProxyType(dict(self.keeping)))  # a copy nobody else holds


@dataclass(frozen=True, slots=True)
class ActionDone:
    """A plan's answer: the report of what happened on disk, or why nothing was done (the destination could not
    be made: ``OSError``; it is inside the scanned folders: ``ValueError``; another simcompare is cleaning the
    folder: ``busy``, that folder)."""

    plan: ActionPlan
    report: ActionReport | None
    error: OSError | ValueError | None = None
    busy: str = ""


def run_plan(plan: object, cancel: threading.Event, progress: Progress) -> ActionDone:
    """Run an :class:`ActionPlan` in the worker: each file checked right before it is acted on; ``cancel`` stops
    between two files. Nothing is done while another simcompare (a command line, another window) cleans the
    scanned folders (:func:`~simcompare.core.folder.cleaning_lock.cleaning_lock`): the answer says so at once,
    it does not wait."""
    if not isinstance(plan, ActionPlan):  # the worker hands over any object
        raise TypeError(f"run_plan takes an ActionPlan, got {type(plan).__name__}")
    folders = [r.path for r in plan.session.result.roots] or [plan.session.root]
    try:
        with cleaning_lock(folders, wait=False):
            return ActionDone(plan, carry_out(plan, cancel, progress))
    except FolderBusy as busy:
        return ActionDone(plan, None, busy=busy.folder)
    except (OSError, ValueError) as error:  # the destination: nothing was done
        return ActionDone(plan, None, error)


def carry_out(
    plan: ActionPlan, cancel: threading.Event | None = None, progress: Progress = NO_PROGRESS
) -> ActionReport:
    """The plan's action on its files, one after the other until ``cancel`` is set (the files not reached then are
    left alone, ``SkipReason.CANCELLED``). The caller holds the cleaning lock.

    Raises:
        OSError: the destination could not be made (nothing was done).
        ValueError: the destination is inside the scanned folders (nothing was done).
    """
    root, files, log = plan.session.root, list(plan.files), plan.log
    # what a trash, a move and a delete share: the references kept, the links kept, the folders tidied
    removing: dict[str, Any] = {
        "log": log,
        "keeping": plan.keeping,
        "links": plan.links,
        "remove_empty": plan.remove_empty,
        "keep": plan.keep,
        "progress": progress,
        "cancel": cancel,
    }
    if plan.kind is ActionKind.TRASH:
        if plan.trash is None:
            raise ValueError("a plan to trash files needs the trash (ActionPlan.trash)")
        return trash_scanned(root, files, plan.trash, **removing)
    if plan.kind is ActionKind.MOVE:
        return move_scanned(root, files, plan.destination, scanned=plan.scanned, **removing)
    if plan.kind is ActionKind.COPY:
        return copy_scanned(
            root, files, plan.destination, log=log, scanned=plan.scanned, progress=progress, cancel=cancel
        )
    if plan.kind is ActionKind.DELETE:  # each file's digest travels with it: an edit keeping size and time is kept
        return delete_scanned(root, files, **removing)
    how = LinkKind.HARD if plan.kind is ActionKind.HARD_LINK else LinkKind.SYMBOLIC
    return link_scanned(root, plan.pairs, how, log=log, progress=progress, cancel=cancel)
