"""`simcompare scan … --mark RULE --delete --yes`: the command line cleans, as Czkawka's does.

The files to act on are marked by one of the window's rules (``--mark all-but-newest``…, the core's
:class:`~simcompare.core.folder.cleaner.MarkRule`), or, for saved results (``--results R.json``), by the marks
saved with them in the window. Nothing is touched without ``--yes``: without it, each file that would be acted
on is printed with the action and its group (a dry run). With it, every file goes through the core's actions
(each checked against its scan record right before, logged in the window's action log) and one line per file
says what happened. The exit code tells "done" (0), "some files were left alone" (3) and "error" (1).

Ctrl-C (or SIGTERM, SIGHUP) while files are acted on stops the action after the file being acted on, never in
the middle of one: the files acted on so far are listed and logged, the others named as not reached, and the
exit code is 130.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import stat
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TextIO

from simcompare.cli.options import EXIT_INPUT, EXIT_INTERRUPTED, EXIT_OK, UsageError
from simcompare.cli.words import count
from simcompare.core.folder.actions import (
    ActionKind,
    ActionLog,
    ActionReport,
    Outcome,
    check_destination,
    expected_of,
    kept_references,
    pointed_at,
)
from simcompare.core.folder.cleaner import (
    MarkRule,
    apply_reference_folders,
    marks_by_rule,
    other_names_of_kept,
    protected_members,
    set_reference,
    whole_groups,
)
from simcompare.core.folder.cleaning_lock import cleaning_lock
from simcompare.core.folder.mounts import MountTable
from simcompare.core.folder.plan import ActionPlan, carry_out
from simcompare.core.folder.replace import LinkKind, Replacement
from simcompare.core.folder.reprioritise import reprioritise
from simcompare.core.folder.roots import with_reference_roots
from simcompare.core.folder.safe_paths import SkipReason
from simcompare.core.folder.session import FolderSession, NotDuplicates
from simcompare.core.formats.names import display_name
from simcompare.core.formats.results import LoadedResults, read_results
from simcompare.core.search.groups import Group, GroupRule

__all__ = [
    "EXIT_SKIPPED",
    "add_clean_options",
    "check_usage",
    "clean",
    "from_results",
    "groups_as_saved",
    "laid_out_as_saved",
    "wanted",
]

EXIT_SKIPPED = 3
"""Some files were left alone (changed since the scan, a link now, a read-only folder…): each is named."""

_RULES = [rule.value for rule in MarkRule if rule is not MarkRule.INSIDE_FOLDER]
_PAST = {
    ActionKind.TRASH: "trashed",
    ActionKind.MOVE: "moved",
    ActionKind.COPY: "copied",
    ActionKind.HARD_LINK: "hard-linked",
    ActionKind.SYMBOLIC_LINK: "symlinked",
    ActionKind.DELETE: "deleted",
}
_VERB = {
    ActionKind.TRASH: "trash",
    ActionKind.MOVE: "move",
    ActionKind.COPY: "copy",
    ActionKind.HARD_LINK: "hard-link",
    ActionKind.SYMBOLIC_LINK: "symlink",
    ActionKind.DELETE: "delete",
}


def add_clean_options(parser: argparse.ArgumentParser) -> None:
    """``--results`` (saved results instead of a scan), ``--mark RULE``, the actions, ``--yes``."""
    parser.add_argument(
        "--results",
        metavar="FILE.json",
        help="read saved results (File > Save results in the window, or --save-results) instead of scanning DIR",
    )
    parser.add_argument(
        "--mark",
        choices=_RULES,
        metavar="RULE",
        help=f"mark files by one of the window's rules: {', '.join(_RULES)} "
        "(default with --results: the marks saved in the window)",
    )
    acting = parser.add_mutually_exclusive_group()
    acting.add_argument("--trash", action="store_true", help="move the marked files to the trash")
    acting.add_argument("--move-to", metavar="DIR", help="move the marked files into DIR, keeping their paths")
    acting.add_argument("--copy-to", metavar="DIR", help="copy the marked files into DIR, keeping their paths")
    acting.add_argument(
        "--link",
        choices=[kind.value for kind in LinkKind],
        help="replace each marked file with a hard or symbolic link to its group's reference",
    )
    acting.add_argument("--delete", action="store_true", help="delete the marked files permanently")
    parser.add_argument(
        "--remove-empty-folders",
        action="store_true",
        help="after --trash, --move-to or --delete, remove the folders they left empty",
    )
    parser.add_argument(
        "--yes",
        action="store_true",
        help="act; without it the action is only printed, file by file (a dry run)",
    )


def _kind(args: argparse.Namespace) -> ActionKind | None:
    if args.trash:
        return ActionKind.TRASH
    if args.move_to is not None:
        return ActionKind.MOVE
    if args.copy_to is not None:
        return ActionKind.COPY
    if args.link is not None:
        return ActionKind.HARD_LINK if args.link == LinkKind.HARD else ActionKind.SYMBOLIC_LINK
    if args.delete:
        return ActionKind.DELETE
    return None


def wanted(args: argparse.Namespace) -> bool:
    """Whether the command line asks to mark or clean (then the groups are not printed)."""
    return args.mark is not None or _kind(args) is not None


def check_usage(args: argparse.Namespace) -> None:
    """Usage errors before anything is scanned or read."""
    kind = _kind(args)
    for option, value in (("--move-to", args.move_to), ("--copy-to", args.copy_to)):
        if value is not None and not value.strip():
            raise UsageError(f"{option} needs a folder, got {value!r}")
    if args.yes and kind is None:
        raise UsageError("--yes confirms an action: add --trash, --move-to, --copy-to, --link or --delete")
    if args.remove_empty_folders and kind not in (ActionKind.TRASH, ActionKind.MOVE, ActionKind.DELETE):
        raise UsageError("--remove-empty-folders goes with --trash, --move-to or --delete (the actions that empty)")
    if wanted(args) and (args.json or args.csv or args.pairs):
        raise UsageError("--mark and the actions print one line per file; leave out --json, --csv and --pairs")
    if kind is not None and args.mark is None and args.results is None:
        raise UsageError(f"{_option(kind)} needs --mark RULE (or --results R.json with files marked in the window)")


def _option(kind: ActionKind) -> str:
    return {
        ActionKind.TRASH: "--trash",
        ActionKind.MOVE: "--move-to",
        ActionKind.COPY: "--copy-to",
        ActionKind.HARD_LINK: "--link",
        ActionKind.SYMBOLIC_LINK: "--link",
        ActionKind.DELETE: "--delete",
    }[kind]


def groups_as_saved(
    session: FolderSession, groups: Sequence[Group], reference_folders: Sequence[str], references: Iterable[str]
) -> list[Group]:
    """The groups as the window shows them: a member in a reference folder, else a file the user made its group's
    reference, leads its group."""
    groups = apply_reference_folders(session, groups, reference_folders)
    preferred = {i for path in references if (i := session.index_of(path)) is not None}
    if not preferred:
        return groups
    out = []
    for group in groups:
        chosen = next((m.index for m in group.members if m.index in preferred), None)
        if chosen is None or group.reference in preferred:
            out.append(group)
        else:
            out.append(set_reference(session, group, chosen))
    return out


def from_results(args: argparse.Namespace, out: TextIO, report: Callable[..., int]) -> int:
    """``scan --results R.json``: the saved result's groups (at its k, unless -k is given), references and
    reference folders as the window shows them, its marks when no --mark is given; ``report(args, session,
    groups, k, out, saved_marks=…, reference_folders=…, stale=…, references=…, as_saved=…)`` prints or cleans
    (and saves them again with the marks, references and reference folders they held).

    At the saved k the groups are the saved ones laid out as the window reopens them (each member decided again,
    no search: :func:`laid_out_as_saved`); another k, the components rule or ``--pairs`` searches the folder."""
    try:
        loaded = read_results(args.results)
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        print(f"simcompare: --results {display_name(args.results)}: {display_name(reason)}", file=sys.stderr)
        return EXIT_INPUT
    if loaded.changed or loaded.gone:
        print(
            f"simcompare: since the results were saved, {count(len(loaded.changed), 'file')} changed and "
            f"{count(len(loaded.gone), 'file')} vanished; they are never acted on",
            file=sys.stderr,
        )
    remembered = NotDuplicates()
    kept = {"min_resemblance": loaded.min_verified} if loaded.min_verified >= 0 else {}
    remembered_or_none = None if remembered.problem else remembered
    session = FolderSession(loaded.result, not_duplicates=remembered_or_none, boilerplate=loaded.boilerplate, **kept)
    k = loaded.k if args.k is None else args.k
    if not 0 <= k < session.bits:
        raise UsageError(f"-k must be from 0 to {session.bits - 1} for these {session.bits}-bit results, got {k}")
    args.groups = loaded.rule.value
    folders = with_reference_roots(loaded.reference_folders or (), loaded.result.roots)  # as the window groups
    as_saved = laid_out_as_saved(args, loaded, k)
    # the window's reopening: the saved groups, each member decided again, no search of the whole folder (minutes
    # at a million files); a -k other than the saved one, another rule, or every pair (--pairs) searches anew
    found = session.laid_out(loaded.laid, k) if as_saved else session.groups(k, rule=loaded.rule)
    if args.reference_rule is not None:  # each group's reference chosen as the window chooses it, then the saved ones
        found = reprioritise(session, found, args.reference_rule, k, reference_folders=folders).groups
    groups = groups_as_saved(session, found, folders, loaded.references)
    stale = (*loaded.changed, *loaded.gone)
    return report(
        args,
        session,
        groups,
        k,
        out,
        saved_marks=loaded.marked,
        reference_folders=folders,
        stale=stale,
        references=loaded.references,
        as_saved=as_saved,
    )


def laid_out_as_saved(args: argparse.Namespace, loaded: LoadedResults, k: int) -> bool:
    """Whether ``scan --results`` shows the saved groups as the window reopens them (``FolderSession.laid_out``:
    each member decided again against its reference, no search): at the saved k (no -k, or the same), with the
    reference rule the window groups by, and not for ``--pairs`` (every pair, and whether its two files share a
    group, needs the search)."""
    return k == loaded.k >= 0 and loaded.rule is GroupRule.REFERENCE and loaded.laid is not None and not args.pairs


def _marked(
    args: argparse.Namespace,
    session: FolderSession,
    groups: Sequence[Group],
    saved: Iterable[str],
    reference_folders: Sequence[str],
) -> list[int]:
    """The files to act on, in group order: a rule's marks, else the saved ones (never a group's reference, the
    file a link points at, nor a file in a reference folder)."""
    # as in the window, a group's reference and a file in a reference folder are never marked
    protected = protected_members(session, groups, reference_folders) | {g.reference for g in groups}
    if args.mark is not None:
        marks = marks_by_rule(session, groups, args.mark, reference_folders=reference_folders) - protected
    else:
        marks = {i for path in saved if (i := session.index_of(path)) is not None} - protected
    return [m.index for g in groups for m in g.members if m.index in marks]


def _kept(args: argparse.Namespace) -> str:
    """Which member of each group is kept, and by what rule (a newcomer sees "(copy)" kept and asks why)."""
    rule = getattr(args, "reference_rule", None)
    if rule is None:
        return "each group keeps its reference: the file it was found around (--reference-rule central)"
    return f"each group keeps its reference, chosen by {rule.text()} (--reference-rule)"


def clean(
    args: argparse.Namespace,
    session: FolderSession,
    groups: Sequence[Group],
    out: TextIO,
    *,
    saved_marks: Iterable[str] = (),
    reference_folders: Sequence[str] = (),
    stale: Iterable[str] = (),
) -> int:
    """Mark, then print what would be done (a dry run) or, with ``--yes``, do it; returns the exit code.
    ``stale``: paths that changed or vanished since saved results were written (a dry run says they stay)."""
    group_of = {m.index: number for number, g in enumerate(groups, start=1) for m in g.members}
    reference_of = {m.index: g.reference for g in groups for m in g.members}
    chosen = _marked(args, session, groups, saved_marks, reference_folders)
    kind = _kind(args)
    if kind is None:  # --mark alone: the marks
        for i in chosen:
            print(f"marked  group {group_of[i]}  {display_name(session.files[i].path)}", file=out)
        print(f"{count(len(chosen), 'file')} marked in {count(len(groups), 'group')}; {_kept(args)}", file=out)
        return EXIT_OK
    if not args.yes:  # saved results may have come from anywhere: say where the files are
        print(f"dry run in {display_name(session.root)} (the paths below are relative to it)", file=out)
        print(_kept(args), file=out)
    whole = set(whole_groups(session, groups, chosen)) if kind in _REMOVING else set()
    left_out = [i for i in chosen if group_of[i] in whole]
    chosen = [i for i in chosen if group_of[i] not in whole]
    for i in left_out:
        print(
            f"left alone  group {group_of[i]}  {display_name(session.files[i].path)}: every copy of the group is "
            "marked; none would be left",
            file=out,
        )
    if kind in _REMOVING:  # a name of a file the group keeps: removing it could remove the kept file
        aliases = other_names_of_kept(session, groups, chosen)
        for i, kept in aliases.items():
            print(
                f"left alone  group {group_of[i]}  {display_name(session.files[i].path)}: it is the same file as "
                f"{display_name(session.files[kept].path)}, which is kept (a hard link, or a folder mounted twice)",
                file=out,
            )
        left_out += list(aliases)
        chosen = [i for i in chosen if i not in aliases]
    destination = args.move_to if kind is ActionKind.MOVE else args.copy_to if kind is ActionKind.COPY else None
    if destination is not None:  # refused before anything, and by a dry run as --yes would refuse it
        problem = _destination_problem(session, destination)
        if problem:
            done = "nothing was done" if args.yes else "nothing would be done"
            print(f"simcompare: {_option(kind)} {display_name(destination)}: {problem}; {done}", file=sys.stderr)
            return EXIT_INPUT
    if not args.yes:
        stale_set = set(stale)
        for i in [i for i in chosen if session.files[i].path in stale_set]:
            print(
                f"would leave alone  group {group_of[i]}  {display_name(session.files[i].path)}: it changed or "
                "vanished since the results were saved",
                file=out,
            )
        chosen = [i for i in chosen if session.files[i].path not in stale_set]
        return _dry_run(args, kind, session, chosen, group_of, reference_of, out)
    scanned = [r.path for r in session.result.roots] or [session.root]
    with contextlib.ExitStack() as held:
        try:
            held.enter_context(_cleaning_lock(scanned))  # Ctrl-C while it waits: nothing done
            # from here a signal stops the action between two files, and never cuts short the lines saying what
            # was done: it stays caught until they are all printed
            cancel = held.enter_context(_stopped_by_signals())
            report = _act(args, kind, session, chosen, reference_of, reference_folders, cancel)
            cancel.set()  # every file acted on: a signal now only waits for the report (no "stopping after …")
        except (OSError, ValueError) as error:  # the destination: inside the scanned folder, or cannot be made
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            print(f"simcompare: {_option(kind)}: {display_name(reason)}; nothing was done", file=sys.stderr)
            return EXIT_INPUT
        return _said(kind, session, report, group_of, out, len(left_out))


_REMOVING = frozenset({ActionKind.TRASH, ActionKind.MOVE, ActionKind.DELETE})


def _destination_problem(session: FolderSession, destination: str) -> str:
    """Why files could not be put under ``destination`` ('' when they can): inside or holding a scanned folder
    (:func:`check_destination`), a file rather than a folder, or a folder this user cannot write in (the nearest
    one that exists, when the destination is still to be made)."""
    try:
        check_destination(session.root, destination, tuple(r.path for r in session.result.roots))
    except ValueError as error:
        return str(error)
    here = os.path.abspath(destination)
    if os.path.islink(here) and not os.path.exists(here):
        return "it is a symbolic link to nothing"
    while True:
        try:
            info = os.stat(here)
        except (FileNotFoundError, NotADirectoryError):  # not there yet: it is made below what is there
            parent = os.path.dirname(here)
            if parent == here:
                return "no folder above it exists"
            here = parent
            continue
        except OSError as error:
            return f"{display_name(here)} cannot be reached ({error.strerror or error})"
        break
    named = "it" if here == os.path.abspath(destination) else display_name(here)
    if not stat.S_ISDIR(info.st_mode):
        return f"{named} is a file, not a folder"
    writable = os.access(here, os.W_OK | os.X_OK, effective_ids=os.access in os.supports_effective_ids)
    if not writable:
        return f"{named} cannot be written in (read-only, or not yours)"
    return ""


def _cleaning_lock(folders: Sequence[str]) -> contextlib.AbstractContextManager[None]:
    """For the block, no other simcompare (a command line or a window) cleans these folders
    (:func:`~simcompare.core.folder.cleaning_lock.cleaning_lock`): the command line waits for it, saying so."""

    def waiting(folder: str) -> None:
        print(
            f"simcompare: waiting for another simcompare cleaning {display_name(folder)} to finish "
            "(Ctrl-C stops, nothing done)",
            file=sys.stderr,
        )

    return cleaning_lock(folders, waiting=waiting)


@contextlib.contextmanager
def _stopped_by_signals() -> Iterator[threading.Event]:
    """For the block, Ctrl-C, SIGTERM and SIGHUP set the event instead of interrupting: an action checks it
    between files, so it stops after the file being acted on, reports and logs what it did. Outside the main
    thread (where signals cannot be caught) the event is never set."""
    stop = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return

    def on_signal(signum: int, frame: object) -> None:
        if not stop.is_set():  # said at once (a large copy can take a while); os.write, safe in a handler
            with contextlib.suppress(OSError):
                os.write(2, b"simcompare: stopping after the file being acted on\n")
        stop.set()

    previous = {}
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            previous[number] = signal.signal(number, on_signal)
    try:
        yield stop
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)


def _destination(args: argparse.Namespace, kind: ActionKind, session: FolderSession, rel: str) -> str:
    folder = args.move_to if kind is ActionKind.MOVE else args.copy_to
    return os.path.join(os.path.abspath(folder), *rel.split("/"))


def _dry_run(
    args: argparse.Namespace,
    kind: ActionKind,
    session: FolderSession,
    chosen: Sequence[int],
    group_of: dict[int, int],
    reference_of: dict[int, int],
    out: TextIO,
) -> int:
    """One line per file that would be acted on (or left alone, and why); nothing is touched. Exits 0."""
    files = session.files
    acted: list[int] = []
    # what --yes leaves alone as a symbolic link leads to it (LINKED_TO), as the scan recorded the file
    pointed = pointed_at(session.root, session.result.symlinks) if kind in _REMOVING and chosen else {}
    mounts = MountTable() if kind is ActionKind.HARD_LINK else None  # read once a dry run, as the mounts are now
    for i in chosen:
        line = f"would {_VERB[kind]}  group {group_of[i]}  {display_name(files[i].path)}"
        link = pointed.get((files[i].device, files[i].inode)) if files[i].inode else None
        problem = f"the symbolic link {display_name(link)} points at it" if link else ""
        problem = problem or _problem(kind, session, i, reference_of.get(i, i), mounts)
        if problem:
            print(f"would leave alone  group {group_of[i]}  {display_name(files[i].path)}: {problem}", file=out)
            continue
        if kind in (ActionKind.HARD_LINK, ActionKind.SYMBOLIC_LINK):
            line += f"  -> {display_name(files[reference_of[i]].path)}"
        elif kind in (ActionKind.MOVE, ActionKind.COPY):
            line += f"  -> {display_name(_destination(args, kind, session, files[i].path))}"
        print(line, file=out)
        acted.append(i)
    chosen = acted
    size = sum(files[i].size for i in chosen)
    print(
        f"dry run: {count(len(chosen), 'file')} ({size:,} bytes) would be {_PAST[kind]}; nothing was touched, "
        "add --yes to act",
        file=out,
    )
    return EXIT_OK


def _problem(kind: ActionKind, session: FolderSession, i: int, reference: int, mounts: MountTable | None = None) -> str:
    """Why --yes would leave file ``i`` alone, as far as the scan tells ('' when it would act on it): what cannot
    be undone (delete, links) needs the file's recorded identity, and delete the digest of its bytes too."""
    files = session.files
    links = kind in (ActionKind.HARD_LINK, ActionKind.SYMBOLIC_LINK)
    if kind is ActionKind.DELETE or links:
        for which in (i, reference) if links else (i,):
            if not (files[which].device or files[which].inode):
                return (
                    f"no device and inode are recorded for {display_name(files[which].path)} (older or hand-written "
                    "results): never deleted or replaced for good"
                )
    if kind is ActionKind.DELETE and not files[i].raw_digest:
        return (
            "no digest of its bytes is recorded (older or hand-written results), so an edit that kept its size "
            "and time could not be told: never deleted for good (trash or move it instead)"
        )
    return _link_problem(kind, session, i, reference, mounts) if links else ""


def _link_problem(
    kind: ActionKind, session: FolderSession, i: int, reference: int, mounts: MountTable | None = None
) -> str:
    """Why --yes would leave file ``i`` alone rather than link it to ``reference``, as far as the scan tells
    ('' when it would link it): the dry run says so instead of promising the link."""
    files = session.files
    shown = display_name(files[reference].path)
    if not session.same_bytes(i, reference):
        return f"its bytes differ from those of {shown}; a link would lose them"
    if kind is ActionKind.HARD_LINK and files[i].device and files[reference].device:
        if (files[i].device, files[i].inode) == (files[reference].device, files[reference].inode):
            return f"it already is a hard link of {shown}"
        if files[i].device != files[reference].device:
            return f"it is on another file system than {shown}; a hard link cannot join them"
        if mounts is not None and mounts.apart((session.absolute(i), session.absolute(reference))):
            return (
                f"it is under another mount than {shown} (one file system mounted twice); a hard link cannot join them"
            )
    return ""


def _act(
    args: argparse.Namespace,
    kind: ActionKind,
    session: FolderSession,
    chosen: Sequence[int],
    reference_of: dict[int, int],
    reference_folders: Sequence[str],
    cancel: threading.Event,
) -> ActionReport:
    """The action on the chosen files, as the window runs it (one frozen plan), one after the other until
    ``cancel`` is set (the files not reached then are left alone, ``SkipReason.CANCELLED``)."""
    files = session.files
    scanned = tuple(r.path for r in session.result.roots)  # several folders: each kept, none moved into
    more: dict[str, object] = {}
    if kind is ActionKind.TRASH:
        from send2trash import send2trash

        more["trash"] = send2trash
    elif kind in (ActionKind.MOVE, ActionKind.COPY):
        more["destination"] = args.move_to if kind is ActionKind.MOVE else args.copy_to
    elif kind in (ActionKind.HARD_LINK, ActionKind.SYMBOLIC_LINK):
        more["pairs"] = tuple(Replacement(expected_of(files[i]), expected_of(files[reference_of[i]])) for i in chosen)
    plan = ActionPlan(
        kind,
        str(kind),
        session,
        tuple(expected_of(files[i]) for i in chosen),
        ActionLog(),
        scanned=scanned,
        keeping=kept_references(files, reference_of, chosen),  # a copy goes only while its reference is there
        remove_empty=args.remove_empty_folders,  # the plan tidies after what removes files only
        keep=(*reference_folders, *scanned),
        links=session.result.symlinks,  # a file a link points at stays: the link would lead nowhere
        **more,  # type: ignore[arg-type]
    )
    return carry_out(plan, cancel)


def _said(
    kind: ActionKind,
    session: FolderSession,
    report: ActionReport,
    group_of: dict[int, int],
    out: TextIO,
    left_out: int,
) -> int:
    """One line per file (what happened), the folders removed, a summary; the exit code. Files a signal stopped
    the action before are counted as not reached (untouched, exit 130). When the lines cannot be written
    (standard output on a full disk, /dev/full), the summary goes to standard error with where the action log
    is, and the exit is 1."""
    not_reached = sum(1 for o in report.stayed if o.skipped is SkipReason.CANCELLED)  # a signal stopped before them
    stayed = len(report.stayed) - not_reached + left_out
    summary = f"{count(len(report.done), 'file')} {_PAST[kind]}, {count(stayed, 'file')} left alone"
    if not_reached:
        summary += f", {count(not_reached, 'file')} not reached (interrupted)"
    try:
        for outcome in report.outcomes:
            where = _group(session, outcome, group_of)
            if outcome.ok:
                target = f"  -> {display_name(outcome.target)}" if outcome.target else ""
                print(f"{_PAST[kind]}  {where}  {display_name(outcome.path)}{target}", file=out)
            else:
                reason = outcome.error + (f" ({outcome.skipped})" if outcome.skipped else "")
                print(f"left alone  {where}  {display_name(outcome.path)}: {display_name(reason)}", file=out)
        for folder in report.removed_folders:
            print(f"removed empty folder  {display_name(folder)}", file=out)
        print(summary, file=out)
        out.flush()
    except BrokenPipeError:  # the reader went away (`| head`): as for any command
        raise
    except OSError as error:  # the files were acted on: say so where it can still be read
        where_log = "" if report.log_error else f"; the action log {display_name(str(ActionLog().path))} lists them"
        print(
            f"simcompare: what was done could not be written to standard output ({error.strerror or error}): "
            f"{summary}{where_log}",
            file=sys.stderr,
        )
        return EXIT_INPUT
    if report.log_error:
        print(f"simcompare: the action log could not be written: {report.log_error}", file=sys.stderr)
        return EXIT_INPUT
    if not_reached:
        print(
            f"simcompare: interrupted: {count(not_reached, 'file was', 'files were')} not reached and left as "
            f"{'it was' if not_reached == 1 else 'they were'}; the lines above say what was done",
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED
    if stayed:
        print(f"simcompare: {count(stayed, 'file was', 'files were')} left alone (see above)", file=sys.stderr)
        return EXIT_SKIPPED
    return EXIT_OK


def _group(session: FolderSession, outcome: Outcome, group_of: dict[int, int]) -> str:
    index = session.index_of(outcome.path) if outcome.path else None
    return f"group {group_of[index]}" if index is not None and index in group_of else "group ?"
