"""A hostile review of saved results read by msgspec a part at a time (parts that grow from ``_FIRST``, a list's
last items read up to its ``]``, object items ended by a ``},`` as indented as the first), of ``plain_paths``,
of ``FileRecord`` as a named tuple and of sketches read as the file holds them.

Tests marked in their docstring as FINDING fail on the code reviewed: they document a bug. The others pass: they
are attacks that were refused or read as they should be, kept because the suite did not hold them yet."""

from __future__ import annotations

import base64
import json
import struct
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from helpers.results_layout import three_docs

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder import session as session_module
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats import json_parts
from simcompare.core.formats.results import load_results, results_text
from simcompare.core.formats.saved_parts import PARSERS
from simcompare.core.search.verify import resemblance

K = 12


def _saved(root: Path) -> dict[str, Any]:
    session = FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    return json.loads(results_text(session, session.groups(K), K))


@pytest.fixture
def saved(tmp_path: Path) -> dict[str, Any]:
    """Saved results as written (format version 3, records as columns) of three texts, two of them near-copies."""
    return _saved(three_docs(tmp_path))


@pytest.fixture
def looked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The bytes each ``find``, ``rfind`` and ``search`` of the parser's source may look at, from now on."""
    spans: list[int] = []
    for name in ("find", "rfind", "search"):
        real = getattr(json_parts._Source, name)

        def counted(self: Any, what: Any, start: int, end: int, real: Any = real) -> int:
            spans.append(max(0, end - start))
            return int(real(self, what, start, end))

        monkeypatch.setattr(json_parts._Source, name, counted)
    return spans


@pytest.mark.parametrize(
    "text",
    [
        '{"records":{' + ",".join(['"a":[{}]'] * 20_000) + '},"format":"simcompare-scan"}',
        "{" + ",".join(['"groups":[{"a":1}]'] * 20_000) + ',"format":"simcompare-scan"}',
        "{" + ",".join(['"records":[{}]'] * 20_000) + ',"format":"simcompare-scan"}',
    ],
    ids=["columns", "groups-again", "records-again"],
)
def test_many_lists_of_objects_on_one_line_are_read_in_time_in_proportion_to_the_text(
    text: str, looked: list[int]
) -> None:
    """FINDING: a list whose first item is an object looked for the start of that item's line (``_ends``: the
    indentation a part's last ``},`` must have) with ``rfind`` from the start of the text. In compact JSON there
    is no new line: each of n small lists of objects scanned all the text before it, n² / 2 characters (200,000
    such lists, 1.8 MB: 7 s where json.loads takes 0.02 s; a 50 MB file: hours). Counted, not timed."""
    assert json_parts.loads(text, parsers=PARSERS) == json.loads(text)
    assert looked, "the looks are counted"
    assert sum(looked) <= 4 * len(text), f"{sum(looked):,} bytes looked at for {len(text):,}"


# ------------------------------------------------------------------------------ reference folders


class _Compared(str):
    """A folder's path that counts how often it is compared with another for equality."""

    compared = 0

    def __eq__(self, other: object) -> bool:
        _Compared.compared += 1
        return str.__eq__(self, other)

    __hash__ = str.__hash__


def test_many_reference_folders_are_checked_in_time_in_proportion_to_their_number(saved: dict[str, Any]) -> None:
    """FINDING: each of the n saved reference folders was looked for among all those before it (``value[:number]``):
    n² / 2 comparisons of long names (10,000 folders of 8,000 characters, an 80 MB file: 14 s; 60 s at 32,767
    characters). Comparisons counted, not timed; a folder listed twice is still refused."""
    root = saved["settings"]["root"]
    folders = [_Compared(f"{root}/{number:05d}") for number in range(2_000)]
    saved["cleaner"] = {"reference_folders": folders}
    _Compared.compared = 0
    loaded = load_results(saved, check_files=False)
    assert loaded.reference_folders == tuple(folders)
    assert _Compared.compared <= 10 * len(folders), f"{_Compared.compared:,} comparisons for {len(folders):,}"
    saved["cleaner"] = {"reference_folders": [*folders, folders[7]]}
    with pytest.raises(ValueError, match=r"reference_folders\[2000\].*listed twice"):
        load_results(saved, check_files=False)


# ------------------------------------------------------------------------------ sketches as the file holds them


def _with_sketch(saved: dict[str, Any], number: int, hashes: list[int]) -> dict[str, Any]:
    saved["records"]["sketch"][number] = base64.b64encode(struct.pack(f"<{len(hashes)}I", *hashes)).decode("ascii")
    saved.pop("boilerplate", None)
    return saved


def test_a_sketch_asked_for_while_another_thread_sorts_it_is_the_sorted_one(
    saved: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """FINDING: ``FolderSession.sketch`` marked a record's sketch checked before it kept the sorted one it made;
    another thread asking meanwhile (the window's thread measures a pair while a worker regroups) got the record's
    bytes as they are: out of order, repeated hashes, a resemblance above 1 (saved, and refused when the results
    are reopened). The other thread is stood for by asking again from inside the sort."""
    loaded = load_results(_with_sketch(saved, 0, [9, 9, 9, 9, 5, 5, 1]), check_files=False)
    session = FolderSession(loaded.result)
    real = session_module.sketch_from_bytes
    meanwhile: list[np.ndarray] = []

    def sorting(data: bytes, **options: Any) -> np.ndarray:
        if not meanwhile:
            meanwhile.append(np.zeros(0))  # asked again once only
            meanwhile[0] = session.sketch(0)
        return real(data, **options)

    monkeypatch.setattr(session_module, "sketch_from_bytes", sorting)
    assert session.sketch(0).tolist() == [1, 5, 9]
    assert meanwhile[0].tolist() == [1, 5, 9]
    assert resemblance(meanwhile[0], meanwhile[0]) == 1.0
