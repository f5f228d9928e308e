"""`simcompare scan DIR…`: near-duplicate groups of one folder or several, as text, JSON or CSV."""

from __future__ import annotations

import argparse
import os
import stat
import sys
import threading
import time
import warnings
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from simcompare.cli import clean as cleaning
from simcompare.cli.options import (
    EXIT_INPUT,
    EXIT_INTERRUPTED,
    EXIT_OK,
    MAX_FILE_MB,
    UsageError,
    add_decision_options,
    add_fingerprint_options,
    config_from,
    ctrl_c_cancels,
    decision_from,
    megabytes,
    whole_number,
)
from simcompare.cli.output import OutputError
from simcompare.cli.scan_roots import add_root_options, roots_from, shown, split_excludes
from simcompare.cli.words import count
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.cache import CacheWarning, NotACacheError, open_cache
from simcompare.core.folder.cleaner import apply_reference_folders
from simcompare.core.folder.cleaner_state import CleanerState
from simcompare.core.folder.reprioritise import DEFAULT_REFERENCE_RULE, Criterion, ReferenceRule, reprioritise
from simcompare.core.folder.roots import with_reference_roots
from simcompare.core.folder.scan import DEFAULT_EXCLUDES, DEFAULT_SUFFIXES, MAX_WORKERS, ScanOptions, scan
from simcompare.core.folder.session import FolderSession, NotDuplicates
from simcompare.core.folder.skipped import skipped_counts
from simcompare.core.formats import results_cache
from simcompare.core.formats.names import display_name
from simcompare.core.formats.report import pairs_csv, pairs_pieces, report_csv, report_pieces
from simcompare.core.formats.results import save_results
from simcompare.core.search.groups import Group, GroupRule
from simcompare.core.search.verify import SHINGLES, Decision


def register(commands: argparse._SubParsersAction) -> None:
    """Add ``scan`` to the command line."""
    parser = commands.add_parser("scan", help="find groups of near-duplicate files in a folder (or several)")
    add_root_options(parser)
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="groups, problems and empty files as JSON")
    output.add_argument("--csv", action="store_true", help="one CSV row per group member")
    parser.add_argument(
        "--pairs",
        action="store_true",
        help="every near-duplicate pair of files (with --json or --csv too), not the groups",
    )
    parser.add_argument(
        "--save-results",
        metavar="FILE.json",
        help="also save the results as the window's File > Save results does (open them with --results FILE.json)",
    )
    parser.add_argument("--include", action="append", default=[], metavar="GLOB", help="only files matching")
    parser.add_argument(
        "--exclude",
        action="append",
        default=None,
        metavar="GLOB",
        help=f"skip folders and files matching (default: {' '.join(DEFAULT_EXCLUDES)}); "
        "a value with a / (./X, A/X) is a folder excluded with everything under it",
    )
    parser.add_argument(
        "--suffix",
        action="append",
        default=None,
        metavar=".EXT",
        help="file endings to read, such as .txt (default: every file that holds text, by its content; "
        f"binary files are passed over); the usual text and document types: {' '.join(DEFAULT_SUFFIXES)}",
    )
    parser.add_argument("--no-recursive", dest="recursive", action="store_false", help="this folder only")
    parser.add_argument(
        "--max-size",
        type=megabytes,
        default=50,
        metavar="MB",
        help=f"larger files are skipped (50; at most {MAX_FILE_MB})",
    )
    parser.add_argument(
        "--workers",
        type=whole_number(1, MAX_WORKERS),
        default=None,
        metavar="N",
        help=f"processes, 1 to {MAX_WORKERS} (default: one per core)",
    )
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    parser.add_argument("--cache", metavar="PATH", help="cache file (default: in the user's cache folder)")
    parser.add_argument(
        "--groups",
        choices=[rule.value for rule in GroupRule],
        default=GroupRule.REFERENCE.value,
        help="reference: every member close to its group's reference (default); components: connected components",
    )
    parser.add_argument(
        "--reference-rule",
        metavar="CRITERIA",
        type=_reference_rule,
        default=DEFAULT_REFERENCE_RULE,
        help="which member of each group is its reference (the one to keep): criteria separated by commas, the "
        "first compared first: words, largest, newest, oldest, shortest-path, plain-name (names like 'a (copy)', "
        "'Copy of a', 'a (2)' last), folder=DIR (or inside-folder=DIR: members inside DIR first), formats=.md/.txt; "
        f"'central' keeps the file the group was found around (default: {DEFAULT_REFERENCE_RULE.text()})",
    )
    add_decision_options(parser)
    add_fingerprint_options(parser)
    cleaning.add_clean_options(parser)
    parser.set_defaults(run=run_scan)


def _reference_rule(text: str) -> ReferenceRule | None:
    if text.strip().lower() == "central":
        return None
    try:
        rule = ReferenceRule.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if Criterion.FOLDER in rule.criteria and not os.path.isdir(rule.folder):
        # a mistyped folder would silently prefer nothing: refused, named as it was typed
        why = "is not a folder" if os.path.lexists(rule.folder) else "does not exist"
        raise argparse.ArgumentTypeError(
            f"folder={display_name(rule.folder)} {why}; name the folder whose files come first"
        )
    return rule


class _ProgressBar:
    """A one-line progress bar on a terminal's standard error."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.started = time.monotonic()
        self.last = 0.0

    def __call__(self, done: int, total: int, stage: str) -> None:
        now = time.monotonic()
        if now - self.last < 0.1 and done != total:
            return
        self.last = now
        width = 30
        filled = int(width * done / total) if total else 0
        rate = done / max(now - self.started, 1e-9)
        self.stream.write(f"\r{stage:<8} [{'#' * filled}{'.' * (width - filled)}] {done}/{total} {rate:,.0f}/s ")
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\r\x1b[K")
        self.stream.flush()


def _member_line(group: Group, index: int, session: FolderSession) -> str:
    member = group.members[index]
    plan = session.result.plan
    path = shown(plan, session.files[member.index].path)
    if index == 0:
        return f"  {'reference':<24}  {path}"
    first = session.hardlink_of(member.index)
    if first is not None:
        return f"  {'hard link':<24}  {path}  (hard link of {shown(plan, session.files[first].path)})"
    if member.identical:
        role = "identical" if session.same_bytes(member.index, group.reference) else "same text"
    else:
        verified = "" if member.verified is None else f", {member.verified:.0%} shared"
        role = f"distance {member.distance:>2}{verified}"
        if member.evidence == SHINGLES:  # beyond k: the fingerprints alone would not have put it here
            return f"  {role:<24}  {path}  (beyond k: by its shared word pairs)"
    return f"  {role:<24}  {path}"


def _print_text(session: FolderSession, groups: list[Group], k: int, out: TextIO) -> None:
    result = session.result
    files = result.files
    plan = result.plan
    if plan.several:
        print("folders:", file=out)
        for root in result.roots:
            print(f"  {root.role.value:<10}  {display_name(root.path)}", file=out)
        print(file=out)
    for number, group in enumerate(groups, start=1):
        print(
            f"group {number}: {count(len(group), 'file')}, largest distance inside {group.max_distance}, "
            f"{session.wasted_bytes(group):,} bytes in copies",
            file=out,
        )
        for index in range(len(group.members)):
            print(_member_line(group, index, session), file=out)
    if result.problems:
        print(f"\n{count(len(result.problems), 'file')} could not be used:", file=out)
        for problem in result.problems:
            print(f"  {shown(plan, problem.path)}: {problem.reason} ({display_name(problem.detail)})", file=out)
    if result.empty:
        print(f"\n{count(len(result.empty), 'file has', 'files have')} no text to compare:", file=out)
        for path in result.empty:
            print(f"  {shown(plan, path)}", file=out)
    skipped = skipped_counts(result.skipped)
    if skipped:
        reasons = ", ".join(f"{number:,} {reason.replace('_', ' ')}" for reason, number in skipped.items())
        print(f"\n{count(sum(skipped.values()), 'file')} not read: {reasons} (see --json)", file=out)
    partial = " (cancelled: partial result)" if result.cancelled else ""
    strong = session.strong_resemblance
    beyond = "" if strong is None else f" (or sharing {strong:.0%} of word pairs or more)"
    print(
        f"\n{count(len(files), 'file')}, {count(len(groups), 'group')} of near-duplicates within k = {k} "
        f"{'bit' if k == 1 else 'bits'}{beyond}{partial}",
        file=out,
    )
    if not files and not result.problems and not result.cancelled:  # say why there is nothing, not only "0"
        found = "no file holding text was found" if not skipped else "no file was read (the lines above say why)"
        deeper = "" if result.options.recursive else "; sub-folders are not entered (--no-recursive)"
        print(f"nothing to compare: {found}{deeper}", file=out)


def _options_from(args: argparse.Namespace) -> ScanOptions:
    """The scan's options, every bad value a usage error in one line."""
    suffixes = tuple(args.suffix) if args.suffix else ()
    if "*" in suffixes:
        suffixes = ()
    globs, _ = split_excludes(args.exclude)
    return ScanOptions(
        recursive=args.recursive,
        suffixes=suffixes,
        include=tuple(args.include),
        exclude=tuple(globs) if globs is not None else DEFAULT_EXCLUDES,
        max_bytes=int(args.max_size * 1024 * 1024),
        workers=args.workers,
    )


def _warn(message: str) -> None:
    print(f"simcompare: warning: {display_name(message)}", file=sys.stderr)  # it may name a file


def run_scan(args: argparse.Namespace, out: TextIO) -> int:
    config = config_from(args)
    decision = decision_from(args, config)
    options = _options_from(args)
    if args.cache is not None and not args.cache.strip():
        raise UsageError(f"--cache needs a file path, got {args.cache!r} (use --no-cache to scan without one)")
    if args.save_results is not None:
        _check_save_path(args.save_results)
    cleaning.check_usage(args)
    if args.results is not None:
        if args.folders or args.reference:
            raise UsageError("give a folder DIR to scan or --results R.json to read, not both")
        return cleaning.from_results(args, out, _report_and_save)
    if not args.folders:
        raise UsageError("scan needs a folder DIR (or --results R.json, saved results to read instead)")
    args.roots = roots_from(args, split_excludes(args.exclude)[1])
    return _scan_and_print(args, config, decision, options, threading.Event(), out)


def _scan_and_print(
    args: argparse.Namespace,
    config: Config,
    decision: Decision,
    options: ScanOptions,
    cancel: threading.Event,
    out: TextIO,
) -> int:
    bar = _ProgressBar(sys.stderr) if sys.stderr.isatty() else None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", CacheWarning)
        try:
            cache = None if args.no_cache else open_cache(args.cache)
        except NotACacheError as error:
            raise UsageError(f"--cache {display_name(args.cache)}: {error}") from None
        try:
            # During the scan a Ctrl-C stops it at the next file, and what is done is printed and cached;
            # after it (grouping, printing), a Ctrl-C interrupts at once, as usual.
            with ctrl_c_cancels(cancel):
                result = scan(
                    args.roots, config, options, cache=cache, progress=bar or (lambda *_: None), cancel=cancel
                )
        finally:
            if bar:
                bar.close()
            if cache:
                cache.close()
    for warning in caught:  # one line each, without Python's file and source line
        if issubclass(warning.category, CacheWarning):
            _warn(str(warning.message))
        else:
            warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)
    k = decision.k
    session = FolderSession(result, not_duplicates=_not_duplicates(), min_resemblance=decision.min_resemblance)
    groups = session.groups(k, rule=args.groups)
    if args.reference_rule is not None:
        groups = reprioritise(
            session, groups, args.reference_rule, k, reference_folders=with_reference_roots([], result.roots)
        ).groups
    return _report_and_save(args, session, groups, k, out)


def _report_and_save(
    args: argparse.Namespace, session: FolderSession, groups: list[Group], k: int, out: TextIO, **cleaner: object
) -> int:
    """Print the groups (or clean, when asked: ``cleaner`` is what the results saved, and ``as_saved=True`` that
    the groups are the saved ones laid out, not searched), save the results when asked; the exit code."""
    result = session.result
    if cleaner.pop("as_saved", False):  # said as the window's summary says it
        print(
            f"simcompare: the groups as saved, each member checked again (a -k other than {k} searches anew)",
            file=sys.stderr,
        )
    # a reference folder's (and a reference root's) file is its group's reference wherever one is a member
    saved_folders = cleaner.get("reference_folders", ())
    assert isinstance(saved_folders, tuple | list)
    decided = _decided(session, saved_folders, cleaner.get("saved_marks", ()), cleaner.pop("references", ()))
    folders = with_reference_roots(list(saved_folders), result.roots)
    groups = apply_reference_folders(session, groups, folders)
    cleaner["reference_folders"] = folders
    if cleaning.wanted(args):
        if result.cancelled and getattr(args, "results", None):
            print(
                "simcompare: the saved results are of a scan that was stopped part way: nothing was marked or "
                "acted on; scan the folder again to clean it",
                file=sys.stderr,
            )
            return EXIT_INPUT
        if result.cancelled:
            print("simcompare: interrupted: the scan is partial, nothing was marked or acted on", file=sys.stderr)
            return EXIT_INTERRUPTED
        if args.save_results is not None and not _saved(args, session, groups, k, decided):  # saved before any action
            return EXIT_INPUT
        return cleaning.clean(args, session, groups, out, **cleaner)  # type: ignore[arg-type]
    try:
        if args.pairs:
            _print_pairs(args, session, groups, k, out)
        elif args.json:
            _write(report_pieces(session, groups, k, args.groups), out)
        elif args.csv:
            out.write(report_csv(session, groups))
        else:
            _print_text(session, groups, k, out)
    except (BrokenPipeError, OutputError):  # the reader went away (`| head`), the output's disk is full: the results
        # asked for are saved all the same
        if args.save_results is not None:
            _saved(args, session, groups, k, decided)
        raise
    if result.problems and (args.csv or (args.pairs and not args.json)):
        print(f"simcompare: {count(len(result.problems), 'file')} could not be used (see --json)", file=sys.stderr)
    if args.save_results is not None and not _saved(args, session, groups, k, decided):
        return EXIT_INPUT
    if result.cancelled:
        print("simcompare: interrupted: the result above is partial", file=sys.stderr)
        return EXIT_INTERRUPTED
    return EXIT_OK


def _decided(session: FolderSession, folders: object, marked: object, references: object) -> CleanerState | None:
    """What saved results held of the user's decisions (marks, chosen references, reference folders), to save
    them again; None when they held none (a fresh scan)."""
    assert isinstance(folders, tuple | list) and isinstance(marked, tuple | list)
    assert isinstance(references, tuple | list)
    if not (folders or marked or references):
        return None
    state = CleanerState(folders)
    state.start(session, marked=marked, references=references)
    return state


def _saved(
    args: argparse.Namespace, session: FolderSession, groups: list[Group], k: int, decided: CleanerState | None = None
) -> bool:
    """Save the results where ``--save-results`` says, with ``decided`` (what saved results held of the user's
    decisions, which a results file written again must not lose); False (and why, on standard error) when they
    could not be."""
    try:
        # a few thousand records at a time, written where a link there points (the link stays a link)
        target = _save_target(args.save_results)
        _not_a_scanned_file(target, session)
        save_results(target, session, groups, k, args.groups, decided)
        results_cache.wait()  # large results kept as read (they open in seconds) before this process ends
    except UsageError as error:  # the path became something else than a file during the scan, or one scanned
        print(f"simcompare: {error}", file=sys.stderr)
        return False
    except OSError as error:
        reason = error.strerror or str(error)
        print(f"simcompare: --save-results {display_name(args.save_results)}: {reason}", file=sys.stderr)
        return False
    return True


def _write(pieces: Iterable[str], out: TextIO) -> None:
    """A JSON document written as its pieces come (a million files' report is never held whole), then a newline."""
    for piece in pieces:
        out.write(piece)
    out.write("\n")


def _print_pairs(args: argparse.Namespace, session: FolderSession, groups: list[Group], k: int, out: TextIO) -> None:
    pairs = session.all_pairs(k)
    if args.json:
        _write(pairs_pieces(session, pairs, groups, k, args.groups), out)
    elif args.csv:
        out.write(pairs_csv(session, pairs, groups))
    else:
        files = session.files
        for a, b, d, r in zip(
            pairs.left.tolist(), pairs.right.tolist(), pairs.distance.tolist(), pairs.resemblance.tolist(), strict=True
        ):
            same = "identical" if session.identity(a) == session.identity(b) else f"distance {d:>2}, {r:.0%} shared"
            print(f"{same:<24}  {display_name(files[a].path)}  {display_name(files[b].path)}", file=out)
        print(f"{count(len(pairs), 'near-duplicate pair')} of {count(len(files), 'file')} at k = {k}", file=out)


def _check_save_path(path: str) -> None:
    """A usage error before the scan, not after it, when the results could not be saved there."""
    if not path.strip():
        raise UsageError(f"--save-results needs a file path, got {path!r}")
    target = Path(path)
    if target.is_dir():
        raise UsageError(f"--save-results {display_name(path)} is a folder; name a file such as results.json")
    if not target.parent.is_dir():
        folder = display_name(str(target.parent))
        raise UsageError(f"--save-results {display_name(path)}: the folder {folder} does not exist")
    _save_target(path)


def _save_target(path: str) -> str:
    """The file ``--save-results`` writes: ``path``, or the file a symbolic link there names (written in place
    of that file, so the link stays a link).

    The results replace the file whole (written beside it, then renamed over it), so anything but a regular file
    is refused: renamed over, a device (/dev/null), a FIFO or /dev/stdout would be replaced by a plain file.

    Raises:
        UsageError: ``path`` is, or leads to, something other than a regular file.
    """
    try:
        info = os.stat(path)
    except OSError:  # nothing there yet (or unreachable: the write says why)
        return os.path.realpath(path) if os.path.islink(path) else path
    if stat.S_ISDIR(info.st_mode):
        raise UsageError(f"--save-results {display_name(path)} is a folder; name a file such as results.json")
    if not stat.S_ISREG(info.st_mode):
        raise UsageError(
            f"--save-results {display_name(path)} is not a regular file (a device, a pipe or a terminal), which "
            "saving would replace; name a file such as results.json (--json prints the groups)"
        )
    return os.path.realpath(path) if os.path.islink(path) else path


def _not_a_scanned_file(target: str, session: FolderSession) -> None:
    """Refuse to save results over one of the files just scanned (by identity, and by path for records without
    one): the words a group keeps may be in no other file.

    Raises:
        UsageError: ``target`` is a scanned file.
    """
    try:
        info = os.stat(target)
    except OSError:
        return  # nothing there: nothing scanned either
    root, where = os.path.realpath(session.root), os.path.realpath(target)  # the root too may be reached by a link
    try:
        inside = os.path.relpath(where, root) if os.path.commonpath((where, root)) == root else ""
    except ValueError:  # on another drive
        inside = ""
    scanned = bool(inside) and session.index_of(inside.replace(os.sep, "/")) is not None
    scanned = scanned or any(f.inode == info.st_ino and f.device == info.st_dev for f in session.files)
    if scanned:
        raise UsageError(
            f"--save-results {display_name(target)} is one of the files just scanned; the results were not saved "
            "over it (name another file, such as results.json)"
        )


def _not_duplicates() -> NotDuplicates | None:
    """The pairs the user marked in the window are honoured here too; an unreadable list is ignored."""
    remembered = NotDuplicates()
    if remembered.problem:
        _warn(remembered.problem)
        return None
    return remembered
