"""Saved results: the `scan --json` report plus what it takes to reopen it without scanning again.

``results_json`` is ``report_json`` (same format name, same version, same fields) with one more field,
``records``: every fingerprinted file with its size, modification time, device, inode, fingerprint (hex),
text digest, raw bytes' digest and verification sketch (base64 of little-endian 32-bit words, under the name
``sketch``); a file's second name (a hard link) names its first in ``hardlink_of``. Since version 3 the
records are written as columns (``COLUMNS``: an object of lists, item n of each about the n-th file; a
million records read a column at a time instead of one object each, 2.5 times faster); results of version 2
and before list one object a record (read as well; those written before sketches of 32-bit hashes hold
64-bit words under ``shingles``, read as the sketch the same text has now). ``load_results`` rebuilds the
:class:`ScanResult` from it, so a :class:`FolderSession` answers groups at any k, pairs and the histogram
as after the scan, and tells which files changed or disappeared since, so nobody acts on a stale picture.
Reports written by `scan --json` without ``records`` cannot be reopened: the error says so.

The folder's boilerplate (``FolderSession.boilerplate``: the shingle hashes more than ``COMMON_TEXTS`` texts'
sketches hold) is saved in ``boilerplate`` (``texts``: that number; ``hashes``: base64 of sorted little-endian
32-bit words), so reopening a million files does not count it again (half a minute); results saved without it,
with files left out, or counted over another number of texts are counted again. Like the sketches it is taken as
written: a crafted file can change which pairs a window shows, never which file an action reaches.

What the user decided about the groups is saved beside them, in the object ``cleaner`` (written only when
there is something in it, so a fresh scan's results are the same bytes from the window and the command line):
``marked`` and ``references`` list the marked files and the files made their group's reference (relative
paths, each a record's, each once); ``reference_folders`` lists absolute, normalised folders, each the scanned
folder or inside it (a reference folder elsewhere holds none of the results' files, and is not written).

A scan of several folders saves them with their roles in ``settings.roots``; its ``root`` is their common
folder and every record must lie under a scanned (normal or reference) root, never under an excluded one, so a
crafted roots list cannot lead the cleaner outside what was scanned. A file without ``roots`` is one folder.

Results files are shared between people: they are untrusted input. Every record's path must be relative
and normalised (``safe_paths.path_problem``), spelled as the system reads its bytes back (escapes only for
bytes that are not UTF-8: otherwise two strings could name one file) and unique, every number in range, every
string bounded; a file that breaks a rule is refused whole, with one message naming the first bad record.
``save_results`` is the one way results are written (the window's File → Save results and
``scan --save-results``): a few thousand values at a time, straight to the file, the same bytes as
``results_text`` (the whole text, for tests and small results) and as ``json_text(results_json(...), indent=1)``
(the document as one object).
"""

from __future__ import annotations

import base64
import binascii
import errno
import hashlib
import json
import json.encoder
import math
import os
import stat
import string
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from itertools import islice, repeat
from operator import attrgetter
from typing import Any, BinaryIO, cast

import numpy as np
import numpy.typing as npt

from simcompare.core.defaults import default_k
from simcompare.core.errors import Cancelled
from simcompare.core.fingerprint.simhash import MAX_BITS, Config
from simcompare.core.folder.cleaner import within
from simcompare.core.folder.cleaner_state import CleanerState
from simcompare.core.folder.laid import SavedGroups
from simcompare.core.folder.roots import MAX_ROOTS, RootRole, ScanRoot, plan_of
from simcompare.core.folder.safe_paths import (
    MAX_PATH_CHARS,
    Expected,
    Skip,
    SkipReason,
    Walker,
    path_problem,
    plain_paths,
)
from simcompare.core.folder.scan import FileRecord, Problem, ScanOptions, ScanResult
from simcompare.core.folder.session import FolderSession
from simcompare.core.folder.skipped import Skipped
from simcompare.core.folder.skipped import SkipReason as SkippedReason
from simcompare.core.formats import json_parts, results_cache
from simcompare.core.formats.atomic import atomic_writer, write_text
from simcompare.core.formats.json_pieces import PIECE, dumps_at, list_pieces, member_pieces
from simcompare.core.formats.names import display_name, json_safe
from simcompare.core.formats.report import FORMAT_VERSION, group_json, report_json
from simcompare.core.formats.saved_parts import PARSERS, SavedGroup, as_plain, typed
from simcompare.core.progress import NO_PROGRESS, Progress, Stage
from simcompare.core.search.boilerplate import COMMON_TEXTS
from simcompare.core.search.groups import ALSO_CLOSE_LIMIT, Group, GroupRule, Laid
from simcompare.core.search.verify import HASH_MAX, SKETCH, sketch_from_bytes, sketch_to_bytes

__all__ = [
    "LoadedResults",
    "changes_since",
    "load_results",
    "read_results",
    "results_json",
    "results_pieces",
    "results_text",
    "save_results",
    "write_results",
]

FORMAT = "simcompare-scan"
_CONFIG_KEYS = tuple(f.name for f in fields(Config) if f.init)  # what Config takes; k is the report's own field

INT64 = (-(2**63), 2**63 - 1)  # a modification time in ns: what a 64-bit time_t, Python and Qt all show
SIZE = (0, 2**63 - 1)  # a file's size (st_size is a signed 64-bit off_t)
UINT64 = (0, 2**64 - 1)  # a device or an inode number
MAX_RECORDS = 50_000_000
MAX_TEXT = 4_096  # an encoding, a reason, a detail
MAX_DIGEST = 128  # characters
MAX_SHINGLES = 64 * 1024 * 1024  # base64 characters of one file's sketch
MAX_RESULTS_BYTES = 4 * 1024**3
MAX_REFERENCE_FOLDERS = 10_000


@dataclass(frozen=True, slots=True)
class LoadedResults:
    """A reopened result: the scan's result, the saved k, rule and threshold, and what changed since."""

    result: ScanResult
    k: int
    rule: GroupRule
    min_verified: float
    changed: tuple[str, ...]
    gone: tuple[str, ...]
    marked: tuple[str, ...] = ()
    references: tuple[str, ...] = ()
    reference_folders: tuple[str, ...] | None = None
    """The saved reference folders; None when the results hold none (the window keeps its own)."""
    laid: Sequence[Laid] = ()
    """The saved groups as files (indices into ``result.files``), to be decided again before they are shown (read
    from a file: :class:`SavedGroups`)."""
    checked: bool = True
    """``changed`` and ``gone`` were found (False: the files were not looked at, :func:`changes_since` will)."""
    boilerplate: npt.NDArray[np.uint32] | None = None
    """The folder's boilerplate as saved (``FolderSession(boilerplate=...)``); None when the results hold none
    this version counts the same way (the session counts it)."""


# ------------------------------------------------------------------------------------------ writing


def results_json(
    session: FolderSession,
    groups: Sequence[Group],
    k: int,
    rule: GroupRule | str = GroupRule.REFERENCE,
    cleaner: CleanerState | None = None,
) -> dict[str, object]:
    """The report of ``report_json`` plus ``records`` (one per fingerprinted file) for reopening, and what
    ``cleaner`` holds (marks, chosen references, reference folders inside the scanned folder) when it holds any.

    The groups are written in the core's order (largest first, then by the reference's path), whatever order
    a window shows them in, so the same result is the same file from the window and the command line.
    """
    files = session.files
    groups = sorted(groups, key=lambda g: (-len(g.members), len(files[g.reference].path), files[g.reference].path))
    data = report_json(session, groups, k, rule)
    left_out = cleaner.left_out if cleaner is not None else frozenset()
    listed = [i for i in range(len(files)) if i not in left_out]  # a file removed by the user is not listed
    data["records"] = {name: list(_column(session, name, listed)) for name in COLUMNS}
    if left_out:
        data["files"] = len(listed)
    else:
        data["boilerplate"] = _boilerplate_json(session)
    if cleaner is not None:
        decided = _decided(session, cleaner)
        if any(decided.values()):
            data["cleaner"] = decided
    return data


def _decided(session: FolderSession, cleaner: CleanerState) -> dict[str, list[str]]:
    files, root = session.files, session.root
    in_root = within([root])
    return {
        "marked": sorted(files[i].path for i in cleaner.saved_marks),
        "references": sorted(files[i].path for i in cleaner.preferred),
        "reference_folders": [f for f in cleaner.reference_folders if f == root or in_root(f)],
    }


def results_text(
    session: FolderSession,
    groups: Sequence[Group],
    k: int,
    rule: GroupRule | str = GroupRule.REFERENCE,
    cleaner: CleanerState | None = None,
) -> str:
    """Saved results as the text of their file: indented JSON (``names.json_text``: a byte of a name that is
    not UTF-8 is the escape ``\\udcNN``, which ``os.fsencode`` of the loaded name gives back), the text
    ``json_text(results_json(...), indent=1) + "\\n"`` would be. Whole, for tests and small results;
    :func:`save_results` writes the same bytes a piece at a time."""
    return "".join(results_pieces(session, groups, k, rule, cleaner))


def save_results(
    path: str | os.PathLike[str],
    session: FolderSession,
    groups: Sequence[Group],
    k: int,
    rule: GroupRule | str = GroupRule.REFERENCE,
    cleaner: CleanerState | None = None,
) -> None:
    """Write the results (:func:`results_text`'s bytes) as the whole of ``path``, atomically, a few thousand
    records at a time: memory holds one piece of the text, never the whole document.

    Raises:
        OSError: as ``atomic.write_bytes`` (the target is then as it was).
    """
    written, group_texts = hashlib.sha256(), list[str]()
    with atomic_writer(path) as out:
        for piece in results_pieces(session, groups, k, rule, cleaner, groups_seen=group_texts):
            data = piece.encode("utf-8")
            written.update(data)
            out.write(data)
    _keep_saved(path, written.hexdigest(), session, k, rule, cleaner, group_texts)


def _keep_saved(
    path: str | os.PathLike[str],
    source: str,
    session: FolderSession,
    k: int,
    rule: GroupRule | str,
    cleaner: CleanerState | None,
    group_texts: list[str],
) -> None:
    """Large results just saved kept as their reading makes them (``results_cache``), so that they open in
    seconds: the records from their columns as written, through the checks the reading makes (a record it would
    look at closely, or refuse: nothing is kept), the fields as written, and the groups as their written texts
    read (on the keeping thread). Keyed by the digest of the bytes written: a file put in their place since is
    not these bytes, and is read as JSON."""
    try:
        info = os.stat(path)
    except OSError:
        return
    if info.st_size < results_cache.WORTH_BYTES:
        return
    head, boilerplate, decided, listed = _written_parts(session, k, rule, cleaner)
    fields = {key: head[key] for key in _KEPT_KEYS if key in head}
    if boilerplate is not None:
        fields["boilerplate"] = boilerplate
    if decided is not None and any(decided.values()):
        fields["cleaner"] = decided
    files = session.files  # the files as saved: the session may forget some meanwhile (another tuple)
    bits = session.bits

    def opened() -> results_cache.Opened:  # as reading makes them: records and groups checked as it checks them
        records = [files[i] for i in listed]
        if _listed_twice(list(map(attrgetter("path"), records))) or not all(
            not results_cache.ending() and _plainly_read(records[start : start + _RECORDS_AT_ONCE], bits)
            for start in range(0, len(records), _RECORDS_AT_ONCE)
        ):  # (the process ending: given up between batches, not seconds later)
            raise ValueError("records the reading looks at one by one, or the process ends: not kept")
        index_of = dict(zip(map(attrgetter("path"), records), range(len(records)), strict=True))
        parsed: list[object] = []  # as their reading parses them, a few thousand at a time (the texts go as read)
        for start in range(0, len(group_texts), _GROUPS_AT_ONCE):
            part = json_safe("[" + ",".join(group_texts[start : start + _GROUPS_AT_ONCE]) + "]")  # as written
            group_texts[start : start + _GROUPS_AT_ONCE] = repeat("", min(_GROUPS_AT_ONCE, len(group_texts) - start))
            parsed.extend(json_parts.parsed_list(part, PARSERS.get("groups")))
        groups = {"groups": parsed}
        return results_cache.Opened(json.loads(json.dumps(fields)), records, _check_groups(groups, index_of, bits))

    results_cache.keep(info, source, opened)


def write_results(path: str | os.PathLike[str], text: str) -> None:
    """Write results text as the whole of ``path``, atomically (a failure never leaves half a file)."""
    write_text(path, text)


def results_pieces(
    session: FolderSession,
    groups: Sequence[Group],
    k: int,
    rule: GroupRule | str = GroupRule.REFERENCE,
    cleaner: CleanerState | None = None,
    *,
    groups_seen: list[str] | None = None,
) -> Iterator[str]:
    """The text of :func:`results_text` in pieces of a few thousand records or groups, in order (with
    ``groups_seen``, each group's text is also added to it as it is written).

    The pieces are what ``json.dumps(results_json(...), ensure_ascii=False, indent=1)`` writes, built without
    the whole document: the head (settings, problems …) by ``json.dumps`` key by key, each group by
    ``json.dumps`` of its own object, each record by a template that writes its fields as ``json.dumps`` would
    (a test compares the two on real scans).
    """
    files = session.files
    groups = sorted(groups, key=lambda g: (-len(g.members), len(files[g.reference].path), files[g.reference].path))
    head, boilerplate, decided, listed = _written_parts(session, k, rule, cleaner)
    texts = _group_texts(session, groups)
    yield "{"
    yield from member_pieces(head, {"groups": texts if groups_seen is None else _seen(texts, groups_seen)}, 1)
    yield ',\n "records": {'
    for number, name in enumerate(COLUMNS):
        yield ("\n  " if number == 0 else ",\n  ") + json.dumps(name) + ": "
        yield from list_pieces(_scalars(_column(session, name, listed)), 2, 1)
    yield "\n }"
    if boilerplate is not None:
        yield ',\n "boilerplate": ' + dumps_at(boilerplate, 1, 1)
    if decided is not None and any(decided.values()):
        yield json_safe(',\n "cleaner": ' + dumps_at(decided, 1, 1))
    yield "\n}\n"


_GROUPS_AT_ONCE = 4_096
_NOT_TEXT = ("sketch", "hardlink_of")  # columns kept otherwise than as their text is read


def _seen(texts: Iterable[str], seen: list[str]) -> Iterator[str]:
    for text in texts:
        seen.append(text)
        yield text


def _written_parts(
    session: FolderSession, k: int, rule: GroupRule | str, cleaner: CleanerState | None
) -> tuple[dict[str, object], dict[str, object] | None, dict[str, list[str]] | None, list[int]]:
    """What saved results write besides their groups and records: the head (``report_json`` without groups),
    the boilerplate (None when files were left out), what the cleaner decided (None without one) and the files
    listed (those not left out)."""
    files = session.files
    head = report_json(session, (), k, rule)
    left_out = cleaner.left_out if cleaner is not None else frozenset()
    if left_out:
        head["files"] = sum(1 for i in range(len(files)) if i not in left_out)
    decided = _decided(session, cleaner) if cleaner is not None else None
    listed = [i for i in range(len(files)) if i not in left_out]
    return head, None if left_out else _boilerplate_json(session), decided, listed


def _boilerplate_json(session: FolderSession) -> dict[str, object]:
    """The folder's boilerplate (``FolderSession.boilerplate``) as saved: the hashes, base64 of little-endian
    32-bit words, and the number of texts a hash was held by more than (reopening a million files does not count
    it again, half a minute)."""
    hashes = np.asarray(session.boilerplate(), dtype="<u4")
    return {"texts": COMMON_TEXTS, "hashes": base64.b64encode(hashes.tobytes()).decode("ascii")}


def _group_texts(session: FolderSession, groups: Sequence[Group]) -> Iterator[str]:
    for group in groups:
        yield dumps_at(group_json(session, group), 2, 1)


_encode: Callable[[str], str] = json.encoder.encode_basestring  # what json.dumps(ensure_ascii=False) uses


def _scalar(value: object) -> str:
    """A field's value as ``json.dumps`` writes it."""
    kind = type(value)
    if kind is int:
        return int.__repr__(value)
    if isinstance(value, str) and kind is str:
        return _encode(value)
    if kind is bool:
        return "true" if value else "false"
    if value is None:
        return "null"
    return json.dumps(value, ensure_ascii=False)


_SCALARS_AT_ONCE = PIECE  # as many as a piece of the text: a batch of sketches is their piece


def _scalars(values: Iterable[object]) -> Iterator[str]:
    """:func:`_scalar` of each value, a batch at a time: a batch of whole numbers alone, or of texts alone (a
    column of records, nearly always), is written by one function in C (a million files' records took seconds
    through the checks of each value)."""
    values = iter(values)
    while batch := list(islice(values, _SCALARS_AT_ONCE)):
        kinds = set(map(type, batch))
        if kinds == {int}:
            yield from map(int.__repr__, batch)
        elif kinds == {str}:
            yield from map(_encode, cast(list[str], batch))
        else:
            yield from map(_scalar, batch)


COLUMNS = (
    "path",
    "size",
    "mtime_ns",
    "device",
    "inode",
    "value",
    "empty",
    "encoding",
    "digest",
    "raw_digest",
    "words",
    "sketch",
    "hardlink_of",
)
"""The records' columns, in the order they are written: a list each, item n about the n-th file."""


def _column(session: FolderSession, name: str, listed: Sequence[int]) -> Iterator[object]:
    """The values of one column of the records, for the files ``listed`` in order."""
    files = session.files
    if name == "hardlink_of":  # a file's second name names its first (None: its first or only name)
        for i in listed:
            first = session.hardlink_of(i)
            yield None if first is None else files[first].path
    else:
        yield from _written_column(files, name, listed)


def _plainly_read(records: Sequence[FileRecord], bits: int) -> bool:
    """The records, written and read, are read as they are by the checks of their columns (each one in rule:
    what :func:`_plain_records` makes of their columns as written equals them), a batch at a time (the columns
    of a million records at once were 300 MB)."""
    columns = {name: list(map(attrgetter(name), records)) for name in COLUMNS if name not in _NOT_TEXT}
    columns["value"] = [format(int(value), "x") for value in columns["value"]]  # as _written_column writes it
    columns["sketch"] = list(map(attrgetter("sketch"), records))  # as their base64 reads: the bytes themselves
    columns["hardlink_of"] = [None] * len(records)  # checked as paths; every path is checked as a record's
    read = _plain_records(columns, bits, consume=True)
    return read is not None and read == list(records)


def _written_column(files: Sequence[FileRecord], name: str, listed: Sequence[int]) -> Iterator[object]:
    """The values of one column of the records but ``hardlink_of``, for the files ``listed`` in order."""
    if name == "value":
        yield from (format(int(files[i].value), "x") for i in listed)
    elif name == "sketch":  # base64 of little-endian 32-bit words ("shingles" held 64-bit ones)
        yield from (base64.b64encode(files[i].sketch).decode("ascii") for i in listed)
    else:
        yield from (getattr(files[i], name) for i in listed)


# ------------------------------------------------------------------------------------------ checking


def _shown(value: object) -> str:
    """A value from the file for a message: one line, bounded."""
    text = display_name(value) if isinstance(value, str) else repr(value)
    return text if len(text) <= 120 else text[:117] + "…"


def _where(number: int, record: object) -> str:
    if isinstance(record, dict) and isinstance(record.get("path"), str):
        return f"records[{number}] ({_shown(record['path'])})"
    return f"records[{number}]"


def _int(
    mapping: Mapping[str, object], key: str, where: str, bounds: tuple[int, int], default: int | None = None
) -> int:
    value = mapping.get(key, default)
    if value is None:
        raise ValueError(f"{where}: '{key}' is missing; it must be a whole number")
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{where}: '{key}' must be a whole number, got {_shown(value)}")
    low, high = bounds
    if not low <= value <= high:
        raise ValueError(f"{where}: '{key}' must be from {low:,} to {high:,}, got {_shown(value)}")
    return value


def _str(mapping: Mapping[str, object], key: str, where: str, limit: int, default: str | None = None) -> str:
    value = mapping.get(key, default)
    if not isinstance(value, str):
        kind = "missing" if key not in mapping else "null" if value is None else f"a {type(value).__name__}"
        raise ValueError(f"{where}: '{key}' must be text, got {kind}")
    if len(value) > limit:
        raise ValueError(f"{where}: '{key}' is longer than {limit:,} characters")
    if "\x00" in value:
        raise ValueError(f"{where}: '{key}' holds a NUL character")
    return value


def _bool(mapping: Mapping[str, object], key: str, where: str, default: bool) -> bool:
    value = mapping.get(key, default)
    if not isinstance(value, bool):
        raise ValueError(f"{where}: '{key}' must be true or false, got {_shown(value)}")
    return value


def _fraction(mapping: Mapping[str, object], key: str, where: str) -> float | None:
    value = mapping.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or not 0 <= value <= 1:
        raise ValueError(f"{where}: '{key}' must be a number from 0 to 1, got {_shown(value)}")
    return float(value)


def _digest(mapping: Mapping[str, object], key: str, where: str) -> str:
    return _str(mapping, key, where, MAX_DIGEST, "")  # compared for equality only


_SPELLED_AGAIN = (
    "the path spells a name's bytes otherwise than the system reads them (escapes of bytes that are UTF-8), "
    "so another record could name the same file"
)


def _path(value: object, where: str) -> str:
    problem = path_problem(value)
    if not problem:
        try:
            os.fsencode(str(value))
        except UnicodeError:
            problem = "the path holds characters no file name can hold"
        else:
            problem = "" if _spelled_once(str(value)) else _SPELLED_AGAIN
    if problem:
        raise ValueError(f"{where}: {problem} (got {_shown(value)})")
    return str(value)


def _config(settings: Mapping[str, object]) -> Config:
    bits = _int(settings, "bits", "settings", (1, MAX_BITS), Config().bits)
    for key, high in (("top_k", 10**9), ("ngram", 1_000)):
        if settings.get(key) is not None:
            _int(settings, key, "settings", (1, high))
    for key in ("hasher", "weighting", "segmenter"):  # by name only: a file never builds a hasher's table
        if key in settings:
            _str(settings, key, "settings", 64)
    given: dict[str, Any] = {key: settings[key] for key in _CONFIG_KEYS if key in settings and key != "bits"}
    try:
        return Config(**given, bits=bits)
    except (TypeError, ValueError, KeyError) as error:
        raise ValueError(f"settings: {error}") from None


def _root(settings: Mapping[str, object]) -> str:
    root = _str(settings, "root", "settings", 32_767)
    if not os.path.isabs(root) or os.path.normpath(root) != root:
        raise ValueError(f"settings: 'root' must be an absolute, normalised folder path, got {_shown(root)}")
    if not _spelled_once(root):  # else the user's reference folders, spelled as the system reads them, miss it
        raise ValueError(f"settings: 'root': {_SPELLED_AGAIN} (got {_shown(root)})")
    return root


def _spelled_once(path: str) -> bool:
    """The path is spelled as the system reads its bytes back (a name that is not UTF-8 has its escapes; one
    that is, none): no other string names the same file."""
    try:
        return os.fsdecode(os.fsencode(path)) == path
    except UnicodeError:
        return False


def _roots(settings: Mapping[str, object], root: str) -> tuple[ScanRoot, ...]:
    """``settings.roots``: the folders scanned with their roles, each inside ``root`` (their common folder)."""
    value = settings.get("roots")
    if value is None:
        return ()  # one folder, as every older results file
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_ROOTS:
        raise ValueError(f"settings: 'roots' must be a list of 1 to {MAX_ROOTS:,} folders with their roles")
    roots = []
    for number, entry in enumerate(value):
        where = f"settings.roots[{number}]"
        if not isinstance(entry, dict):
            raise ValueError(f"{where} must be an object with 'path' and 'role'")
        path = _str(entry, "path", where, 32_767)
        role = _str(entry, "role", where, 64)
        if not os.path.isabs(path) or os.path.normpath(path) != path:
            raise ValueError(f"{where}: 'path' must be an absolute, normalised folder path, got {_shown(path)}")
        if not _spelled_once(path):
            raise ValueError(f"{where}: 'path': {_SPELLED_AGAIN} (got {_shown(path)})")
        if role not in {r.value for r in RootRole}:
            choices = ", ".join(r.value for r in RootRole)
            raise ValueError(f"{where}: 'role' must be one of {choices}, got {_shown(role)}")
        roots.append(ScanRoot(path, RootRole(role)))
    try:
        plan_of(root, roots)
    except ValueError as error:
        raise ValueError(f"settings: 'roots': {error}") from None
    return tuple(roots)


def _record(record: object, number: int, bits: int) -> FileRecord:
    where = _where(number, record)
    if not isinstance(record, dict):
        raise ValueError(f"{where} is not an object")
    path = _path(record.get("path"), where)
    raw_value = _str(record, "value", where, (bits + 3) // 4 + 2)
    try:
        value = int(raw_value, 16)
    except ValueError:
        raise ValueError(f"{where}: 'value' must be a fingerprint in hexadecimal, got {_shown(raw_value)}") from None
    if not 0 <= value < 2**bits:
        raise ValueError(f"{where}: 'value' does not fit in {bits} bits")
    sketch = _sketch(record, where)
    first = record.get("hardlink_of")
    if first is not None:
        _path(first, f"{where}: 'hardlink_of'")
    return FileRecord(
        path=path,
        size=_int(record, "size", where, SIZE),
        mtime_ns=_int(record, "mtime_ns", where, INT64),
        value=value,
        empty=_bool(record, "empty", where, False),
        encoding=sys.intern(_str(record, "encoding", where, 64, "")),  # a few names for a million records
        digest=_digest(record, "digest", where),
        sketch=sketch,
        device=_int(record, "device", where, UINT64, 0),
        inode=_int(record, "inode", where, UINT64, 0),
        raw_digest=_digest(record, "raw_digest", where),
        words=_int(record, "words", where, SIZE, 0),  # results saved before words were counted: 0
    )


_RECORD_INTS = (("size", SIZE), ("mtime_ns", INT64), ("device", UINT64), ("inode", UINT64), ("words", SIZE))
_RECORD_TEXTS = (("encoding", 64), ("digest", MAX_DIGEST), ("raw_digest", MAX_DIGEST))


_DEFAULTS: dict[str, object] = {"device": 0, "inode": 0, "empty": False, "encoding": "", "digest": ""}
_DEFAULTS |= {"raw_digest": "", "words": 0}
"""What a record without the field holds (a field not listed here must be there: None stands for it missing)."""


def _columns(records: list[object] | dict[str, object]) -> dict[str, list[Any]] | None:
    """The records' fields as columns, each as long as the records, a missing field as its default (or None);
    None when some record is no object (it is then named, :func:`_checked_records`).

    Raises:
        ValueError: records written as columns whose columns are not lists as long as the paths'.
    """
    if isinstance(records, list):
        if len(records) > MAX_RECORDS:
            raise ValueError(f"results with more than {MAX_RECORDS:,} records are refused")
        if not _all_of(records, dict):
            return None
        rows: list[dict[str, object]] = records  # type: ignore[assignment]  # checked above
        return {name: [row.get(name, _DEFAULTS.get(name)) for row in rows] for name in COLUMNS}
    paths = records.get("path")
    if not isinstance(paths, list):
        raise ValueError("records: 'path' must be a list of the files' paths (records as columns)")
    if len(paths) > MAX_RECORDS:
        raise ValueError(f"results with more than {MAX_RECORDS:,} records are refused")
    columns = {}
    for name in COLUMNS:
        column = records.get(name)
        if column is None:  # not written: every record without the field
            column = [_DEFAULTS.get(name)] * len(paths)
        elif not isinstance(column, list) or len(column) != len(paths):
            raise ValueError(f"records: '{name}' must be a list of {len(paths):,} values, one a record")
        columns[name] = column
    return columns


def _rows(records: list[object] | dict[str, object]) -> list[object]:
    """The records one object each (records written as columns: each record's value of every column written)."""
    if isinstance(records, list):
        return records
    written = [name for name in COLUMNS if records.get(name) is not None]  # a column of null: not written
    columns = [records[name] for name in written]
    if "sketch" in written:  # the sketches the parser decoded, as their text again (_record reads the text)
        at = written.index("sketch")
        sketches: list[object] = columns[at]  # type: ignore[assignment]  # the parsed column: a list (_columns)
        columns[at] = [_as_text(raw) for raw in sketches]
    return [dict(zip(written, values, strict=True)) for values in zip(*columns, strict=True)]


def _as_text(sketch: object) -> object:
    """A sketch the parser decoded (bytes) as base64 text; anything else as it is."""
    return base64.b64encode(sketch).decode("ascii") if type(sketch) is bytes else sketch


def _plain_records(columns: dict[str, list[Any]], bits: int, *, consume: bool) -> list[FileRecord] | None:
    """The records as :func:`_record` makes them when every one of them is plainly in rule, checked a column at
    a time (a million records one at a time: half a minute); None at the first doubt (a legacy sketch, a value
    out of rule, a path to look at closely, a path listed twice), and :func:`_record` then checks each and says why.
    With ``consume``, the parsed columns of values the records hold otherwise are emptied once all is checked.

    Only what :func:`_record` takes passes here: every test below is its test or a stricter one."""
    paths, firsts = columns["path"], columns["hardlink_of"]
    if not _plain_paths(paths) or not _plain_paths([first for first in firsts if first is not None]):
        return None
    if _listed_twice(paths):
        return None
    for key, (low, high) in _RECORD_INTS:
        column = columns[key]
        if not _all_of(column, int) or (column and not low <= min(column) <= max(column) <= high):
            return None
    for key, limit in _RECORD_TEXTS:
        if not _plain_texts(columns[key], limit):
            return None
    if not _all_of(columns["empty"], bool):
        return None
    raw_values = columns["value"]
    if not _plain_texts(raw_values, (bits + 3) // 4 + 2):
        return None
    # None where a record holds none, or legacy 64-bit hashes (made one at a time); bytes where the parser decoded
    # the base64 (saved_parts.PARSERS), text where it left it
    raw_sketches = columns["sketch"]
    kinds = set(map(type, raw_sketches))
    if not kinds <= {str, bytes}:
        return None
    sketches: list[bytes] = raw_sketches
    if str in kinds:
        texts = [raw for raw in raw_sketches if type(raw) is str]
        if max(map(len, texts), default=0) > MAX_SHINGLES:
            return None
        try:  # validated: no NUL, nothing but the alphabet
            sketches = [raw if type(raw) is bytes else base64.b64decode(raw, validate=True) for raw in raw_sketches]
        except (ValueError, binascii.Error):
            return None
    lengths = np.fromiter(map(len, sketches), dtype=np.intp, count=len(sketches))
    if np.any(lengths % 4) or np.any(lengths > SKETCH * 4):
        return None
    values = _values(raw_values, bits, consume=consume)  # the last check: with consume, it empties the column
    if values is None:
        return None
    # nothing more to check: what the records hold otherwise goes before they are made (a million values' texts,
    # encoding names and numbers held apart: 200 MB at the peak of reading, 80 MB after it)
    encodings = _shared(columns["encoding"], consume, sys.intern)  # a few names for a million records
    sizes, devices, words = (_shared(columns[key], consume) for key in ("size", "device", "words"))
    fields = (paths, sizes, columns["mtime_ns"], values, columns["empty"], encodings, columns["digest"])
    more = (sketches, devices, columns["inode"], columns["raw_digest"], words)
    # each column as long as the paths (_columns); made as the tuples they are (FileRecord's own __new__ is Python's
    # code: a million in 0.45 s, against 0.25), a batch at a time: one pass in C held the interpreter's lock, and so
    # the window reading them on a worker, for 0.37 s at a million records
    rows = zip(*fields, *more, strict=True)
    made: list[FileRecord] = []
    while batch := list(islice(rows, _RECORDS_AT_ONCE)):
        made.extend(map(tuple.__new__, repeat(FileRecord), batch))
    return made


_RECORDS_AT_ONCE = 65_536


_NOT_HEX = str.maketrans("", "", string.hexdigits)  # what is left of a text once its hexadecimal digits go
_VALUES_AT_ONCE = 65_536


def _values(raw_values: list[str], bits: int, *, consume: bool) -> list[int] | None:
    """The fingerprints the texts ``raw_values`` write in hexadecimal, as :func:`_record` reads each; None when one
    is not one or does not fit in ``bits``. With ``consume``, the column is emptied: when every text is plainly
    a fingerprint (hexadecimal digits alone, no more than ``bits`` hold), each batch of texts goes as soon as it
    is read (a million texts and their numbers held side by side were the peak of reading saved results)."""
    plain = (
        bits % 4 == 0
        and min(map(len, raw_values), default=1) > 0
        and max(map(len, raw_values), default=0) <= bits // 4
        and not "".join(raw_values).translate(_NOT_HEX)
    )
    if consume and plain:  # nothing here can fail: the texts go as they are read
        values: list[int] = []
        for start in range(0, len(raw_values), _VALUES_AT_ONCE):
            stop = min(start + _VALUES_AT_ONCE, len(raw_values))
            values.extend(int(raw, 16) for raw in raw_values[start:stop])
            raw_values[start:stop] = repeat("", stop - start)  # one empty text, held by nothing else
        raw_values.clear()
        return values
    try:
        values = [int(raw, 16) for raw in raw_values]
    except ValueError:
        return None
    if values and not 0 <= min(values) <= max(values) < 2**bits:
        return None
    if consume:
        raw_values.clear()
    return values


def _shared(column: list[Any], consume: bool, same: Callable[[Any], Any] | None = None) -> list[Any]:
    """The column with each of its equal values one object, ``same``'s or a whole number made anew (a folder's few
    devices, its many files of one size or length held once, not 28 bytes a record: none of the parsed objects is
    kept, so they all go with the parsed column, not one kept holding the memory of many parsed beside it); with
    ``consume``, the parsed column is emptied. A column of more than half distinct values is left as it is."""
    if same is None:
        distinct = dict.fromkeys(column)
        if len(distinct) > len(column) // 2:
            return column
        canonical = {value: int(str(value)) for value in distinct}
        del distinct
        made = list(map(canonical.__getitem__, column))
    else:
        made = list(map(same, column))
    if consume:
        column.clear()
    return made


def _plain_texts(column: list[object], limit: int) -> bool:
    """Every value is text of at most ``limit`` characters without NUL (as :func:`_str` asks)."""
    if not _all_of(column, str):
        return False
    texts: list[str] = column  # type: ignore[assignment]  # checked above
    return max(map(len, texts), default=0) <= limit and "\x00" not in "".join(texts)


def _all_of(column: list[object], kind: type) -> bool:
    """Every value is of exactly this type (not a subclass: True is no whole number here)."""
    return set(map(type, column)) <= {kind}


def _plain_paths(paths: list[object]) -> bool:
    """Every path as :func:`_path` takes it (relative, normalised, each a file name the system can hold)."""
    if not _plain_texts(paths, MAX_PATH_CHARS):
        return False
    texts: list[str] = paths  # type: ignore[assignment]  # checked above
    if not plain_paths(texts) and any(path_problem(path) for path in texts):
        return False
    # names of bytes that are not UTF-8 are their escapes; another lone surrogate, or escapes of UTF-8, no name
    return all(path.isascii() or _spelled_once(path) for path in texts)


def _sketch(record: dict[str, object], where: str) -> bytes:
    """The record's sketch of 32-bit hashes: ``sketch`` as it is (whole words, at most ``SKETCH``; made sorted and
    distinct by the session that reads it), or ``shingles`` (64-bit hashes, as results written before held them)
    made into the sketch the same text has now."""
    legacy = "sketch" not in record
    name, width = ("shingles", 8) if legacy else ("sketch", 4)
    raw = _str(record, name, where, MAX_SHINGLES, "")
    try:
        data = base64.b64decode(raw, validate=True)
    except (ValueError, binascii.Error):
        raise ValueError(f"{where}: '{name}' is not base64") from None
    if len(data) % width:
        raise ValueError(f"{where}: '{name}' must be a whole number of {width}-byte values")
    if not legacy and len(data) <= SKETCH * 4:
        return data  # whole words, as the file holds them (FolderSession.sketch sorts one out of order)
    return sketch_to_bytes(sketch_from_bytes(data, legacy=legacy))


def _files(records: list[object] | dict[str, object], bits: int, *, consume: bool) -> list[FileRecord]:
    """The files the records describe (a list of objects, or an object of columns), each path once, each sketch
    as the file holds it (whole 32-bit words, at most ``SKETCH``; one not sorted or not distinct is made into the
    sketch its hashes give by the session that reads it, ``FolderSession.sketch``): taken all at once when they are
    plainly in rule, else checked one at a time (the first bad record named). With ``consume``, the parsed objects
    are dropped as they are used.

    Raises:
        ValueError: a record out of rule (the message names the first), columns of other lengths than the paths'.
    """
    columns = _columns(records)
    files = _plain_records(columns, bits, consume=consume) if columns is not None else None
    del columns
    if files is None:
        rows = _rows(records)
        if consume and isinstance(records, dict):  # the columns: their values are the rows' now
            records.clear()
        files = _checked_records(rows, bits, consume=consume)
    elif consume:
        records.clear()
    return files


def _listed_twice(paths: list[str]) -> bool:
    """Some path is another's, as the system compares names (Windows: whatever their case)."""
    keys = paths if os.path.normcase("A") == "A" else [os.path.normcase(path) for path in paths]
    seen: set[str] = set()
    for start in range(0, len(keys), _RECORDS_AT_ONCE):  # a batch at a time: a million in one call held the lock
        seen.update(keys[start : start + _RECORDS_AT_ONCE])  # (and the window) for an eighth of a second
    return len(seen) < len(keys)


def _checked_records(records: list[object], bits: int, *, consume: bool) -> list[FileRecord]:
    """The records, each checked in turn (:func:`_record`) and no path twice; the first bad one is named. With
    ``consume``, each parsed object is dropped once it is a :class:`FileRecord`."""
    files: list[FileRecord] = []
    seen: dict[str, int] = {}
    for number, record in enumerate(records):
        parsed = _record(record, number, bits)
        key = os.path.normcase(parsed.path)
        if key in seen:
            raise ValueError(
                f"{_where(number, record)}: the same path as records[{seen[key]}]; each file must be listed once"
            )
        seen[key] = number
        files.append(parsed)
        if consume:
            records[number] = None
    return files


def _problem(entry: object, number: int) -> Problem:
    where = f"problems[{number}]"
    if not isinstance(entry, dict):
        raise ValueError(f"{where} is not an object")
    path = _str(entry, "path", where, 32_767)
    if path != "." and path_problem(path):  # "." is the scanned folder itself, which could not be listed
        raise ValueError(f"{where}: {path_problem(path)} (got {_shown(path)})")
    errno = entry.get("errno")
    return Problem(
        path,
        _str(entry, "reason", where, 64),
        _str(entry, "detail", where, MAX_TEXT, ""),
        None if errno is None else _int(entry, "errno", where, (0, 2**31 - 1)),
    )


def _check_groups(data: Mapping[str, object], index_of: Mapping[str, int], bits: int) -> SavedGroups:
    """The saved groups: members among the records, every number in range; returned as files (a window shows them
    at once, each member decided again, instead of searching the whole folder anew)."""
    groups = data.get("groups", [])
    if not isinstance(groups, list):
        raise ValueError("'groups' must be a list")
    every: list[int] = []  # every group's files, group after group (SavedGroups)
    sizes: list[int] = []
    also: dict[int, tuple[tuple[int, ...], ...]] = {}
    for number, group in enumerate(groups):
        fast = _typed_laid(group, index_of, bits) if typed(group) else None
        if fast is None:
            fast = _checked_laid(group, f"groups[{number}]", index_of, bits)
        files, close = fast
        every.extend(files)
        sizes.append(len(files))
        if any(close):
            also[number] = tuple(close)
    return SavedGroups(np.array(every, dtype=np.intp), np.array(sizes, dtype=np.intp), also)


_Laid = tuple[list[int], list[tuple[int, ...]]]  # a group's files, the reference first, and each one's also-close


def _checked_laid(group: object, where: str, index_of: Mapping[str, int], bits: int) -> _Laid:
    """A saved group checked a rule at a time (the first broken one is said), as :func:`_led` lays it out."""
    group = as_plain(group)
    if not isinstance(group, dict):
        raise ValueError(f"{where} is not an object")
    distance, wasted = group.get("max_distance", 0), group.get("wasted_bytes", 0)
    if not (type(distance) is int and 0 <= distance <= bits and type(wasted) is int and 0 <= wasted <= SIZE[1]):
        _int(group, "max_distance", where, (0, bits), 0)  # says which is out of rule
        _int(group, "wasted_bytes", where, SIZE, 0)
    members = group.get("members", [])
    if not isinstance(members, list):
        raise ValueError(f"{where}: 'members' must be a list")
    files: list[int] = []
    close: list[tuple[int, ...]] = []
    for place, member in enumerate(members):
        plain = _member(member, index_of, bits)
        index, also = plain or _checked_member(member, f"{where}.members[{place}]", index_of, bits)
        files.append(index)
        close.append(also)
    return _led(files, close, group.get("reference"), index_of)


def _led(files: list[int], close: list[tuple[int, ...]], reference: object, index_of: Mapping[str, int]) -> _Laid:
    """A saved group's files, its reference first when it is one of them (the window's files always list it
    first), with each one's also-close files."""
    first = index_of.get(reference) if isinstance(reference, str) else None
    if first is not None and first in files[1:]:
        lead = files.index(first)
        files.insert(0, files.pop(lead))
        close.insert(0, close.pop(lead))
    return files, close


def _typed_laid(group: SavedGroup, index_of: Mapping[str, int], bits: int) -> _Laid | None:
    """A group the typed parser read (each field of its kind and in range) as :func:`_check_groups` lays it out,
    when the rules it could not check hold too (the distances within the bits, the paths among the records);
    None: check it a rule at a time."""
    if group.max_distance > bits:
        return None
    files: list[int] = []
    close: list[tuple[int, ...]] = []
    for member in group.members:
        index = index_of.get(member.path)
        if index is None or member.distance > bits:
            return None
        also = member.also_close
        if also and any(path not in index_of for path in also):
            return None
        files.append(index)
        close.append(tuple(index_of[path] for path in also[:ALSO_CLOSE_LIMIT]) if also else ())
    return _led(files, close, group.reference, index_of)


def _member(member: object, index_of: Mapping[str, int], bits: int) -> tuple[int, tuple[int, ...]] | None:
    """A saved group's member as its file and its also-close files, when it is plainly in rule (None: look
    closely, :func:`_checked_member`). A path among the records is one that was checked as a record's."""
    if type(member) is not dict or type(path := member.get("path")) is not str:
        return None
    index = index_of.get(path)  # a path found is a record's, checked as such
    distance, size = member.get("distance", 0), member.get("size", 0)
    if index is None or type(distance) is not int or type(size) is not int or not 0 <= distance <= bits:
        return None
    if not SIZE[0] <= size <= SIZE[1] or member.get("evidence", "simhash") not in ("simhash", "shingles"):
        return None
    similarity, verified = member.get("similarity"), member.get("verified")  # NaN is not in 0..1
    if similarity is not None and (type(similarity) not in (int, float) or not 0 <= similarity <= 1):
        return None
    if verified is not None and (type(verified) not in (int, float) or not 0 <= verified <= 1):
        return None
    also = member.get("also_close", [])
    if type(also) is not list:
        return None
    if not also:  # most members
        return index, ()
    if any(type(path) is not str or path not in index_of for path in also):
        return None
    return index, tuple(index_of[path] for path in also[:ALSO_CLOSE_LIMIT])


def _checked_member(member: object, at: str, index_of: Mapping[str, int], bits: int) -> tuple[int, tuple[int, ...]]:
    """:func:`_member`, each rule in turn: the first one broken is said."""
    if not isinstance(member, dict):
        raise ValueError(f"{at} is not an object")
    index = index_of.get(_path(member.get("path"), at))
    if index is None:
        raise ValueError(f"{at}: {_shown(member.get('path'))} is not among the records")
    _int(member, "distance", at, (0, bits), 0)
    _int(member, "size", at, SIZE, 0)
    _fraction(member, "similarity", at)
    _fraction(member, "verified", at)
    if member.get("evidence", "simhash") not in ("simhash", "shingles"):
        raise ValueError(f'{at}: \'evidence\' must be "simhash" or "shingles", got {_shown(member.get("evidence"))}')
    also = member.get("also_close", [])
    if not isinstance(also, list) or any(not isinstance(p, str) or p not in index_of for p in also):
        raise ValueError(f"{at}: 'also_close' must list paths among the records")
    return index, tuple(index_of[p] for p in also[:ALSO_CLOSE_LIMIT])


def _path_list(decided: Mapping[str, object], key: str, paths: Mapping[str, int]) -> tuple[str, ...]:
    """``cleaner.<key>``: paths of records, each once."""
    value = decided.get(key, [])
    if not isinstance(value, list):
        raise ValueError(f"cleaner: '{key}' must be a list of paths among the records")
    seen: set[str] = set()
    for number, path in enumerate(value):
        where = f"cleaner.{key}[{number}]"
        if _path(path, where) not in paths:
            raise ValueError(f"{where}: {_shown(path)} is not among the records")
        if path in seen:
            raise ValueError(f"{where}: {_shown(path)} is listed twice; each file must be listed once")
        seen.add(path)
    return tuple(value)


def _folders(decided: Mapping[str, object], root: str) -> tuple[str, ...] | None:
    """``cleaner.reference_folders``: absolute, normalised, the scanned folder or inside it, each once."""
    value = decided.get("reference_folders")
    if value is None:
        return None
    if not isinstance(value, list) or len(value) > MAX_REFERENCE_FOLDERS:
        raise ValueError(f"cleaner: 'reference_folders' must be a list of at most {MAX_REFERENCE_FOLDERS:,} folders")
    in_root = within([root])
    seen: set[str] = set()  # a list's slice before each folder: 10,000 long names compared 50 million times (60 s)
    for number, folder in enumerate(value):
        where = f"cleaner.reference_folders[{number}]"
        if not isinstance(folder, str) or "\x00" in folder or len(folder) > 32_767:
            raise ValueError(f"{where} must be a folder's path, got {_shown(folder)}")
        if not os.path.isabs(folder) or os.path.normpath(folder) != folder or not _spelled_once(folder):
            raise ValueError(f"{where} must be an absolute, normalised folder path, got {_shown(folder)}")
        if folder != root and not in_root(folder):
            raise ValueError(f"{where} must be the scanned folder or inside it ({_shown(root)}), got {_shown(folder)}")
        if folder in seen:
            raise ValueError(f"{where}: {_shown(folder)} is listed twice; each folder must be listed once")
        seen.add(folder)
    return tuple(value)


def _boilerplate(data: Mapping[str, object], texts: int) -> npt.NDArray[np.uint32] | None:
    """``boilerplate``: sorted, distinct hashes, no more than ``texts`` sketches could hold that many times; None
    when the file holds none, or one counted over another number of texts than this version counts over."""
    saved = data.get("boilerplate")
    if saved is None:
        return None
    if not isinstance(saved, dict):
        raise ValueError("'boilerplate' must be an object")
    if _int(saved, "texts", "boilerplate", (0, MAX_RECORDS)) != COMMON_TEXTS:
        return None
    most = SKETCH * texts // (COMMON_TEXTS + 1)  # each hash held by more than COMMON_TEXTS sketches
    hashes = _str(saved, "hashes", "boilerplate", 4 * -(-4 * most // 3))  # base64 of ``most`` 4-byte words
    try:
        raw = base64.b64decode(hashes, validate=True)
    except (ValueError, binascii.Error):
        raise ValueError("boilerplate: 'hashes' is not base64") from None
    if len(raw) % 4:
        raise ValueError("boilerplate: 'hashes' must be a whole number of 4-byte values")
    found = np.frombuffer(raw, dtype="<u4").astype(np.uint32)
    if len(found) > most:
        raise ValueError("boilerplate: more hashes than the records' sketches could hold that many times")
    if np.any(found > HASH_MAX) or np.any(found[1:] <= found[:-1]):
        raise ValueError("boilerplate: 'hashes' must be distinct hashes in increasing order")
    return found


def _cleaner(data: Mapping[str, object], paths: Mapping[str, int], root: str) -> dict[str, Any]:
    """What the user decided (marks, references, reference folders), checked; empty when nothing was saved."""
    decided = data.get("cleaner")
    if decided is None:
        return {}
    if not isinstance(decided, dict):
        raise ValueError("'cleaner' must be an object")
    return {
        "marked": _path_list(decided, "marked", paths),
        "references": _path_list(decided, "references", paths),
        "reference_folders": _folders(decided, root),
    }


# ------------------------------------------------------------------------------------------ loading


def load_results(data: object, *, check_files: bool = True) -> LoadedResults:
    """Rebuild a scan's result from saved results (a parsed JSON object), refusing anything out of rule.

    Args:
        data: What ``results_json`` wrote, parsed.
        check_files: Reach each file as an action would (no link followed) and compare it with its record.

    Raises:
        ValueError: not simcompare results, a newer format, a report without ``records``, or a value out
            of rule — the message says which (naming the first bad record) and what would do.
    """
    return _load(data, check_files=check_files, consume=False)


def _load(
    data: object, *, check_files: bool, consume: bool, opened: results_cache.Opened | None = None
) -> LoadedResults:
    """:func:`load_results`; with ``consume``, each record's parsed object is dropped from ``data`` once it is a
    :class:`FileRecord` (the caller's parsed file is not held twice: a million records' dictionaries are GBs).
    With ``opened``, the records and groups an earlier reading of the same bytes made (``data`` its other
    fields, checked again)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not simcompare results: the file's 'format' must be '{FORMAT}'")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= FORMAT_VERSION:
        raise ValueError(
            f"results of format version {_shown(version)}; this simcompare reads versions 1 to {FORMAT_VERSION}"
        )
    records = data.get("records")
    if opened is None and not isinstance(records, list | dict):
        raise ValueError(
            "these results hold no per-file records (written by an older version or by scan --json): "
            "save them from the window (File → Save results…) to reopen them"
        )
    settings = data.get("settings")
    if not isinstance(settings, dict):
        raise ValueError("results: 'settings' is missing or not an object")
    config = _config(settings)
    root = _root(settings)
    roots = _roots(settings, root)
    files = opened.files if opened is not None else _files(records, config.bits, consume=consume)  # type: ignore[arg-type]
    if "files" in data:
        count = _int(data, "files", "results", (0, MAX_RECORDS))
        if count != len(files):
            raise ValueError(f"results: 'files' says {count:,} but there are {len(files):,} records")
    paths = list(map(attrgetter("path"), files))  # in C: a dictionary made a file at a time in Python took 0.4 s
    outside = plan_of(root, roots).check_records(paths)
    if outside:  # a record no scanned root holds: the cleaner must never reach it
        raise ValueError(f"records: {_shown(outside)}; every file must lie under a scanned root")
    # the records by path, for the groups and the cleaner's paths (kept groups checked: none without a cleaner)
    index_of = dict(zip(paths, range(len(paths)), strict=True)) if opened is None or "cleaner" in data else {}
    del paths
    laid = opened.laid if opened is not None else _check_groups(data, index_of, config.bits)
    decided = _cleaner(data, index_of, root)
    raw_problems = data.get("problems", [])
    if not isinstance(raw_problems, list):
        raise ValueError("'problems' must be a list")
    problems = tuple(_problem(entry, number) for number, entry in enumerate(raw_problems))
    empty = data.get("empty", [])
    if not isinstance(empty, list) or any(not isinstance(p, str) for p in empty):
        raise ValueError("'empty' must be a list of paths")
    k = _int(settings, "k", "settings", (0, config.bits - 1), default_k(config.bits))
    try:
        rule = GroupRule(_str(settings, "grouping", "settings", 64, GroupRule.REFERENCE.value))
    except ValueError:
        choices = ", ".join(r.value for r in GroupRule)
        raise ValueError(f"settings: 'grouping' must be one of {choices}, got {_shown(settings['grouping'])}") from None
    min_verified = _fraction(settings, "min_verified", "settings")
    partial = _bool(settings, "partial", "settings", False)
    links = data.get("symlinks", [])
    if not isinstance(links, list) or len(links) > MAX_RECORDS:
        raise ValueError(f"'symlinks' must be a list of at most {MAX_RECORDS:,} paths")
    skipped = tuple(Skipped(_path(p, f"symlinks[{n}]"), SkippedReason.SYMLINK) for n, p in enumerate(links))
    result = ScanResult(root, config, ScanOptions(), tuple(files), problems, partial, roots=roots, skipped=skipped)
    changed, gone = changes_since(result) if check_files else ((), ())
    verified = -1.0 if min_verified is None else min_verified
    common = _boilerplate(data, len(files))
    return LoadedResults(
        result, k, rule, verified, changed, gone, **decided, laid=laid, boilerplate=common, checked=check_files
    )


def changes_since(
    result: ScanResult, *, progress: Progress = NO_PROGRESS, cancel: threading.Event | None = None
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The files of ``result`` (relative paths) that changed and those that vanished since it was made: each
    reached as an action would reach it (no link followed) and its identity compared with its record.

    Raises:
        Cancelled: ``cancel`` was set (looked at every few thousand files).
    """
    changed: list[str] = []
    gone: list[str] = []
    files = result.files
    with Walker(result.root) as walker:
        for number, f in enumerate(files):
            if number % _CHECKED_BETWEEN_REPORTS == 0:
                if cancel is not None and cancel.is_set():
                    raise Cancelled
                progress(number, len(files), Stage.CHECKING)
            found = walker.check(Expected(f.path, f.device, f.inode, f.size, f.mtime_ns))
            if isinstance(found, Skip):
                (gone if found.reason is SkipReason.VANISHED else changed).append(f.path)
    progress(len(files), len(files), Stage.CHECKING)
    return tuple(changed), tuple(gone)


_CHECKED_BETWEEN_REPORTS = 4_096


def _opened_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """The regular file at ``path``, open to read its bytes, at most ``MAX_RESULTS_BYTES`` of them. Anything else
    is refused before a byte is read: a FIFO (opening it would wait for a writer forever) or a device such as
    /dev/zero (endless)."""
    # O_NONBLOCK: opening a FIFO returns at once instead of waiting for a writer; it changes nothing for a file
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags)
    try:  # looked at before it is wrapped: open() of a folder's descriptor raises and leaves it open
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("not a results file: not a regular file (a pipe, a device or a socket)")
        if info.st_size > MAX_RESULTS_BYTES:
            raise ValueError(f"results files larger than {MAX_RESULTS_BYTES:,} bytes are refused")
        return open(descriptor, "rb")  # returned open: the caller closes it
    except BaseException:
        os.close(descriptor)
        raise


def read_results(path: str | os.PathLike[str], *, check_files: bool = True) -> LoadedResults:
    """Read and load a results file (:func:`load_results`); a file that is not such results is a ValueError.

    A large file's reading is kept in the user's cache folder and taken from there the next time the file holds
    the same bytes (``results_cache``: a million files' results in a few seconds instead of a quarter minute).

    Raises:
        OSError: the file cannot be read.
        ValueError: it is not UTF-8 JSON of bounded depth holding valid results; the message says why.
    """
    with _opened_regular(path) as handle:
        info = os.fstat(handle.fileno())
        opened = results_cache.take(handle, info)
        if opened is not None:
            try:  # its fields checked again as always; refused, the file is read as JSON (and says why)
                return _load(dict(opened.rest), check_files=check_files, consume=True, opened=opened)
            except ValueError:
                handle.seek(0)
        hashing = results_cache.Hashing(handle)
        data = _parsed_from(cast(BinaryIO, hashing))
        source = hashing.digest() if info.st_size >= results_cache.WORTH_BYTES else None
    rest = {key: data[key] for key in _KEPT_KEYS if key in data} if isinstance(data, dict) else {}
    loaded = _load(data, check_files=check_files, consume=True)
    if source is not None:
        kept = results_cache.Opened(rest, list(loaded.result.files), SavedGroups.of(loaded.laid))
        results_cache.keep(info, source, kept)
    return loaded


_KEPT_KEYS = ("format", "version", "settings", "files", "cleaner", "problems", "empty", "symlinks", "boilerplate")
"""What :func:`_load` reads of a results file besides its ``records`` and ``groups``."""


def _parsed(path: str | os.PathLike[str]) -> object:
    """The file's JSON (:func:`_parsed_from`)."""
    with _opened_regular(path) as handle:
        return _parsed_from(handle)


def _parsed_from(handle: BinaryIO) -> object:
    """The JSON of the file open in ``handle``, parsed from its bytes a part at a time (``json_parts``): only the
    parsed objects are left when this returns, and the file's bytes were never all held at once."""
    try:
        return json_parts.read(handle, MAX_RESULTS_BYTES, parsers=PARSERS)
    except json_parts.NotUTF8 as error:
        raise ValueError(f"not a results file: not UTF-8 text (byte {error.at})") from None
    except json_parts.TooLarge:
        raise ValueError(f"results files larger than {MAX_RESULTS_BYTES:,} bytes are refused") from None
    except RecursionError:  # the parser stops cleanly at the interpreter's depth limit
        raise ValueError("not a results file: its JSON is nested too deeply") from None
    except json.JSONDecodeError as error:  # said as a person reads it, not as the parser's state
        raise ValueError(
            f"not a results file: not JSON ({error.msg.lower()} at line {error.lineno}, column {error.colno})"
        ) from None
    except ValueError as error:
        raise ValueError(f"not a results file: {error}") from None
