"""Scan results as plain data: the JSON and CSV that `simcompare scan` prints and the Folder page exports.

Paths are relative to the scanned folder, with / separators (``simcompare.core.formats.names`` says how
each format writes a name holding control characters or bytes that are not UTF-8). Every member carries
its size, its distance and similarity to the group's reference, ``verified`` (its resemblance to the
reference, 0 to 1; null where not measured), ``identical`` (the same cleaned text or the same bytes as the
reference), ``same_bytes`` (the same raw bytes: an identical file, not only the same text in another
format), ``hardlink_of`` (the first name of the file when this member is another name of it — a hard link
or a bind mount — else null), ``also_close`` (other close files not in the group) and ``evidence`` (what put it
in the group: ``"simhash"``, within k of the reference and verified, or ``"shingles"``, farther than k and
resembling the reference by the strong threshold); every group carries
``wasted_bytes``, the sizes of its distinct files but the reference (another name of a file frees nothing).

``--pairs`` reports every near-duplicate pair of files instead (``FolderSession.all_pairs``): its two
paths, distance, similarity, ``verified`` (resemblance), ``identical`` and ``same_group`` (both files are in
one group).

A scan of several folders names them with their roles in ``settings.roots`` (``[{"path", "role"}]``; absent for
one folder) and its paths are relative to ``settings.root``, their common folder. ``skipped`` counts the files
not read by reason (``simcompare.core.folder.skipped``).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Sequence

from simcompare.core.fingerprint.bitwise import distance_similarity
from simcompare.core.folder.scan import Problem
from simcompare.core.folder.session import FolderSession
from simcompare.core.folder.skipped import skipped_counts
from simcompare.core.formats.json_pieces import document_pieces, dumps_at
from simcompare.core.formats.names import escape_name
from simcompare.core.search.groups import Group, GroupRule, Pairs

FORMAT_VERSION = 3
"""2: files' device, inode and raw digest; 3: saved results hold their records as columns (``results``)."""
CSV_COLUMNS = (
    "group",
    "path",
    "reference",
    "distance",
    "similarity",
    "verified",
    "identical",
    "size",
    "max_distance",
    "wasted_bytes",
    "also_close",
)

PAIR_COLUMNS = ("a", "b", "distance", "similarity", "verified", "identical", "same_group")


def _similarity(distance: int, bits: int) -> float:
    return round(distance_similarity(distance, bits), 6)


def _verified(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def _problem_json(problem: Problem) -> dict[str, object]:
    """One problem; ``errno`` only where the operating system gave one (an ``unreadable`` file)."""
    entry: dict[str, object] = {"path": problem.path, "reason": problem.reason, "detail": problem.detail}
    if problem.errno is not None:
        entry["errno"] = problem.errno
    return entry


def _first_name(session: FolderSession, index: int) -> str | None:
    first = session.hardlink_of(index)
    return None if first is None else session.files[first].path


def group_json(session: FolderSession, group: Group) -> dict[str, object]:
    """One group of ``report_json``: its reference, largest distance, wasted bytes and members."""
    files = session.result.files
    bits = session.result.config.bits
    return {
        "reference": files[group.reference].path,
        "max_distance": group.max_distance,
        "wasted_bytes": session.wasted_bytes(group),
        "members": [
            {
                "path": files[m.index].path,
                "size": files[m.index].size,
                "distance": m.distance,
                "similarity": _similarity(m.distance, bits),
                "verified": _verified(m.verified),
                "identical": m.identical,
                "same_bytes": m.identical and session.same_bytes(m.index, group.reference),
                "hardlink_of": _first_name(session, m.index),
                "also_close": [files[i].path for i in m.also_close],
                "evidence": m.evidence,
            }
            for m in group.members
        ],
    }


def report_json(
    session: FolderSession, groups: Sequence[Group], k: int, rule: GroupRule | str = GroupRule.REFERENCE
) -> dict[str, object]:
    """The scan's JSON: settings, file count, groups, problems, empty files, files not read by reason."""
    result = session.result
    files = result.files
    data: dict[str, object] = {
        "format": "simcompare-scan",
        "version": FORMAT_VERSION,
        "settings": {
            **result.config.describe(),
            "k": k,
            "grouping": str(GroupRule(rule)),
            "min_verified": session.min_resemblance,
            "root": result.root,
            "partial": result.cancelled,
        },
        "files": len(files),
        "groups": [group_json(session, group) for group in groups],
        "problems": [_problem_json(p) for p in result.problems],
        "empty": result.empty,
        "skipped": skipped_counts(result.skipped),
    }
    if result.symlinks:  # a file one of them points at is never taken away: reopened results know them too
        data["symlinks"] = list(result.symlinks)
    if result.roots:
        settings = data["settings"]
        assert isinstance(settings, dict)
        settings["roots"] = [{"path": r.path, "role": r.role.value} for r in result.roots]
    return data


def report_csv(session: FolderSession, groups: Sequence[Group]) -> str:
    """One row per group member; ``also_close`` paths are joined by " | ".

    Paths are written as ``escape_name`` writes them (control characters and bytes that are not UTF-8
    escaped, a backslash doubled); ``unescape_name`` gives each back.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    files = session.result.files
    bits = session.result.config.bits
    for number, group in enumerate(groups, start=1):
        wasted = session.wasted_bytes(group)
        for m in group.members:
            verified = _verified(m.verified)
            writer.writerow(
                [
                    number,
                    escape_name(files[m.index].path),
                    int(m.index == group.reference),
                    m.distance,
                    _similarity(m.distance, bits),
                    "" if verified is None else verified,
                    int(m.identical),
                    files[m.index].size,
                    group.max_distance,
                    wasted,
                    " | ".join(escape_name(files[i].path) for i in m.also_close),
                ]
            )
    return out.getvalue()


def _pair_rows(
    session: FolderSession, pairs: Pairs, groups: Sequence[Group]
) -> Iterator[tuple[int, int, int, float, float, bool, bool]]:
    where = {m.index: number for number, group in enumerate(groups) for m in group.members}
    identity = session.identity
    bits = session.result.config.bits
    for a, b, d, r in zip(
        pairs.left.tolist(), pairs.right.tolist(), pairs.distance.tolist(), pairs.resemblance.tolist(), strict=True
    ):
        yield (
            a,
            b,
            d,
            _similarity(d, bits),
            round(r, 6),
            identity(a) == identity(b),
            a in where and where.get(b) == where[a],
        )


def pairs_json(
    session: FolderSession,
    pairs: Pairs,
    groups: Sequence[Group],
    k: int,
    rule: GroupRule | str = GroupRule.REFERENCE,
) -> dict[str, object]:
    """The scan's JSON with every near-duplicate pair (``pairs``, from ``FolderSession.all_pairs``) in place
    of the groups; ``same_group`` says whether the two files are in one of ``groups``."""
    data = _pairs_head(session, k, rule)
    data["pairs"] = list(_pair_objects(session, pairs, groups))
    return data


def _pairs_head(session: FolderSession, k: int, rule: GroupRule | str) -> dict[str, object]:
    """:func:`pairs_json` but its pairs (its keys in their order: the pairs last)."""
    data = report_json(session, (), k, rule)
    del data["groups"]
    data["format"] = "simcompare-pairs"
    data["pairs"] = []
    return data


def _pair_objects(session: FolderSession, pairs: Pairs, groups: Sequence[Group]) -> Iterator[dict[str, object]]:
    files = session.result.files
    for a, b, d, similarity, verified, identical, together in _pair_rows(session, pairs, groups):
        yield {
            "a": files[a].path,
            "b": files[b].path,
            "distance": d,
            "similarity": similarity,
            "verified": verified,
            "identical": identical,
            "same_group": together,
        }


def report_pieces(
    session: FolderSession, groups: Sequence[Group], k: int, rule: GroupRule | str = GroupRule.REFERENCE
) -> Iterator[str]:
    """The text ``json_text(report_json(...))`` writes, in pieces of a few hundred groups: the report of a million
    files' groups is never held whole, as objects nor as text."""
    head = report_json(session, (), k, rule)
    texts = (dumps_at(group_json(session, group), 2, _INDENT) for group in groups)
    return document_pieces(head, {"groups": texts}, _INDENT)


def pairs_pieces(
    session: FolderSession,
    pairs: Pairs,
    groups: Sequence[Group],
    k: int,
    rule: GroupRule | str = GroupRule.REFERENCE,
) -> Iterator[str]:
    """The text ``json_text(pairs_json(...))`` writes, in pieces of a few hundred pairs."""
    texts = (dumps_at(pair, 2, _INDENT) for pair in _pair_objects(session, pairs, groups))
    return document_pieces(_pairs_head(session, k, rule), {"pairs": texts}, _INDENT)


_INDENT = 2  # as json_text indents


def pairs_csv(session: FolderSession, pairs: Pairs, groups: Sequence[Group]) -> str:
    """One row per near-duplicate pair (``PAIR_COLUMNS``); paths written as ``escape_name`` writes them."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(PAIR_COLUMNS)
    files = session.result.files
    for a, b, d, similarity, verified, identical, together in _pair_rows(session, pairs, groups):
        writer.writerow(
            [
                escape_name(files[a].path),
                escape_name(files[b].path),
                d,
                similarity,
                verified,
                int(identical),
                int(together),
            ]
        )
    return out.getvalue()
