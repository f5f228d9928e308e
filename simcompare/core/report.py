"""Scan results as plain data: the JSON and CSV that `simcompare scan` prints and the Folder page exports."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from simcompare.core.bitwise import distance_similarity
from simcompare.core.groups import Group
from simcompare.core.scan import ScanResult

CSV_COLUMNS = ("group", "path", "reference", "distance", "similarity", "max_distance")


def _similarity(distance: int, bits: int) -> float:
    return round(distance_similarity(distance, bits), 6)


def report_json(result: ScanResult, groups: Sequence[Group], k: int) -> dict[str, object]:
    """The scan's JSON: settings, file count, groups (paths relative to the folder), problems, empty files."""
    bits = result.config.bits
    files = result.files
    return {
        "settings": {**result.config.describe(), "k": k, "root": result.root, "partial": result.cancelled},
        "files": len(files),
        "groups": [
            {
                "reference": files[group.reference].path,
                "max_distance": group.max_distance,
                "members": [
                    {
                        "path": files[m.index].path,
                        "distance": m.distance,
                        "similarity": _similarity(m.distance, bits),
                    }
                    for m in group.members
                ],
            }
            for group in groups
        ],
        "problems": [{"path": p.path, "reason": p.reason, "detail": p.detail} for p in result.problems],
        "empty": result.empty,
    }


def report_csv(result: ScanResult, groups: Sequence[Group]) -> str:
    """One row per group member: group number (from 1), path, whether it is the reference, distances."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    bits = result.config.bits
    for number, group in enumerate(groups, start=1):
        for member in group.members:
            writer.writerow(
                [
                    number,
                    result.files[member.index].path,
                    int(member.index == group.reference),
                    member.distance,
                    _similarity(member.distance, bits),
                    group.max_distance,
                ]
            )
    return out.getvalue()
