"""Saved results' records as tests read and craft them: written as columns (format version 3), read back one
object a record, or turned into the list of objects that results of version 2 and before hold."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from helpers.texts import EN_A, OTHER


def records_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The records of saved results (either layout), one object each, as version 2 wrote them (no
    ``hardlink_of`` for a file's first or only name)."""
    records = data["records"]
    if isinstance(records, list):
        return records
    names = list(records)
    rows = [dict(zip(names, values, strict=True)) for values in zip(*(records[n] for n in names), strict=True)]
    for row in rows:
        if row.get("hardlink_of", "") is None:
            del row["hardlink_of"]
    return rows


def as_listed(data: dict[str, Any]) -> dict[str, Any]:
    """A copy of the saved results with their records as a list of objects, as version 2 wrote them."""
    listed = copy.deepcopy(data)
    listed["records"] = records_of(listed)
    listed["version"] = 2
    return listed


def with_record(saved: dict[str, Any], number: int, **changes: object) -> dict[str, Any]:
    """A copy of the saved results with record ``number``'s fields changed (in either layout)."""
    data = copy.deepcopy(saved)
    records = data["records"]
    if isinstance(records, list):
        records[number].update(changes)
        return data
    for field, value in changes.items():
        records.setdefault(field, [None] * len(records["path"]))[number] = value
    return data


def three_docs(tmp_path: Path) -> Path:
    """A folder of three texts, two of them near-copies: docs/a.txt, docs/b.txt and docs/sub/c.txt."""
    root = tmp_path / "docs"
    (root / "sub").mkdir(parents=True)
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "b.txt").write_text(EN_A + " A copy.", encoding="utf-8")
    (root / "sub" / "c.txt").write_text(OTHER, encoding="utf-8")
    return root


def read_as_json_loads_reads(read: Callable[[str], object], text: str) -> None:
    """``read(text)`` gives what ``json.loads`` gives, or refuses the text with the same message."""
    try:
        expected = json.loads(text)
    except ValueError as error:
        with pytest.raises(ValueError) as raised:
            read(text)
        assert str(raised.value) == str(error)
    else:
        assert read(text) == expected


def mark_in_results(saved: Path, marked: list[str], references: list[str]) -> None:
    """Saved results with ``marked`` and ``references`` as the window saves them (Mark, Make this the reference)."""
    results = json.loads(saved.read_text(encoding="utf-8"))
    results["cleaner"] = {"marked": marked, "references": references}
    saved.write_text(json.dumps(results), encoding="utf-8")
