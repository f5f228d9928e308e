"""Saved results: the `scan --json` report plus what it takes to reopen it without scanning again.

``results_json`` is ``report_json`` (same format name, same version, same fields) with one more field,
``records``: every fingerprinted file with its size, modification time, fingerprint (hex), text digest
and verification sketch (base64, under the name ``shingles``). ``load_results`` rebuilds the
:class:`ScanResult` from it, so a :class:`FolderSession` answers groups at any k, pairs and the histogram
as after the scan, and tells which files changed or disappeared since (by size and modification time), so
nobody acts on a stale picture. Reports written by `scan --json` without ``records`` cannot be reopened:
the error says so.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path

from simcompare.core.defaults import default_k
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import FileRecord, Problem, ScanOptions, ScanResult
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats.report import FORMAT_VERSION, report_json
from simcompare.core.search.groups import Group, GroupRule

__all__ = ["LoadedResults", "load_results", "results_json"]

FORMAT = "simcompare-scan"
_CONFIG_KEYS = tuple(f.name for f in fields(Config) if f.init)  # what Config takes; k is the report's own field


@dataclass(frozen=True, slots=True)
class LoadedResults:
    """A reopened result: the scan's result, the saved k, rule and threshold, and what changed since."""

    result: ScanResult
    k: int
    rule: GroupRule
    min_verified: float
    changed: tuple[str, ...]
    gone: tuple[str, ...]


def results_json(
    session: FolderSession, groups: Sequence[Group], k: int, rule: GroupRule | str = GroupRule.REFERENCE
) -> dict[str, object]:
    """The report of ``report_json`` plus ``records`` (one per fingerprinted file) for reopening."""
    data = report_json(session, groups, k, rule)
    data["records"] = [
        {
            "path": f.path,
            "size": f.size,
            "mtime_ns": f.mtime_ns,
            "value": format(int(f.value), "x"),
            "empty": f.empty,
            "encoding": f.encoding,
            "digest": f.digest,
            "shingles": base64.b64encode(f.sketch).decode("ascii"),  # the sketch, under its first name
        }
        for f in session.files
    ]
    return data


def _need(mapping: Mapping[str, object], key: str, kind: type | tuple[type, ...], where: str) -> object:
    value = mapping.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise ValueError(f"{where}: '{key}' is missing or not a {getattr(kind, '__name__', kind)}")
    return value


def load_results(data: object, *, check_files: bool = True) -> LoadedResults:
    """Rebuild a scan's result from saved results (a parsed JSON object).

    Args:
        data: What ``results_json`` wrote, parsed.
        check_files: Compare each file's size and modification time with the disk now.

    Raises:
        ValueError: not simcompare results, a newer format, or a report without ``records`` — the
            message says which and what would do.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not simcompare results: the file's 'format' must be '{FORMAT}'")
    version = data.get("version")
    if not isinstance(version, int) or version > FORMAT_VERSION:
        raise ValueError(f"results of format version {version!r}; this simcompare reads up to {FORMAT_VERSION}")
    records = data.get("records")
    if not isinstance(records, list):
        raise ValueError(
            "these results hold no per-file records (written by an older version or by scan --json): "
            "save them from the window (File → Save results…) to reopen them"
        )
    settings = _need(data, "settings", dict, "results")
    assert isinstance(settings, dict)
    config = Config(**{key: settings[key] for key in _CONFIG_KEYS if key in settings})
    root = str(_need(settings, "root", str, "settings"))
    files = []
    for number, record in enumerate(records):
        where = f"records[{number}]"
        if not isinstance(record, dict):
            raise ValueError(f"{where} is not an object")
        raw_value = _need(record, "value", str, where)
        try:
            value = int(str(raw_value), 16)
            sketch = base64.b64decode(str(record.get("shingles", "")), validate=True)
        except ValueError as error:
            raise ValueError(f"{where}: a damaged fingerprint or shingles ({error})") from None
        files.append(
            FileRecord(
                path=str(_need(record, "path", str, where)),
                size=int(_need(record, "size", int, where)),  # type: ignore[call-overload]
                mtime_ns=int(_need(record, "mtime_ns", int, where)),  # type: ignore[call-overload]
                value=value,
                empty=bool(record.get("empty", False)),
                encoding=str(record.get("encoding", "")),
                digest=str(record.get("digest", "")),
                sketch=sketch,
            )
        )
    problems = tuple(
        Problem(
            str(p.get("path", "")),
            str(p.get("reason", "")),
            str(p.get("detail", "")),
            p["errno"] if isinstance(p.get("errno"), int) and not isinstance(p["errno"], bool) else None,
        )
        for p in data.get("problems", [])
        if isinstance(p, dict)
    )
    result = ScanResult(root, config, ScanOptions(), tuple(files), problems, bool(settings.get("partial", False)))
    changed: list[str] = []
    gone: list[str] = []
    if check_files:
        for f in files:
            try:
                status = os.stat(Path(root, *f.path.split("/")))
            except OSError:
                gone.append(f.path)
                continue
            if status.st_size != f.size or status.st_mtime_ns != f.mtime_ns:
                changed.append(f.path)
    k = settings.get("k")
    rule = GroupRule(str(settings.get("grouping", GroupRule.REFERENCE)))
    min_verified = settings.get("min_verified")
    return LoadedResults(
        result,
        int(k) if isinstance(k, int) else default_k(config.bits),
        rule,
        float(min_verified) if isinstance(min_verified, (int, float)) else -1.0,
        tuple(changed),
        tuple(gone),
    )
