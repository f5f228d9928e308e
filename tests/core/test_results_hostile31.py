"""A hostile review of saved results read by msgspec a part at a time (parts that grow from ``_FIRST``, a list's
last items read up to its ``]``, object items ended by a ``},`` as indented as the first), of ``plain_paths``,
of ``FileRecord`` as a named tuple and of sketches read as the file holds them.

Tests marked in their docstring as FINDING fail on the code reviewed: they document a bug. The others pass: they
are attacks that were refused or read as they should be, kept because the suite did not hold them yet."""

from __future__ import annotations

import json
from typing import SupportsIndex

import pytest

from simcompare.core.formats import results


class _Counted(str):
    """A text that counts the characters its ``find`` and ``rfind`` may look at."""

    looked = 0

    def _span(self, start: SupportsIndex | None, end: SupportsIndex | None) -> int:
        first, last, _ = slice(start, end).indices(len(self))
        return max(0, last - first)

    def find(self, sub: str, start: SupportsIndex | None = None, end: SupportsIndex | None = None) -> int:  # type: ignore[override]
        _Counted.looked += self._span(start, end)
        return super().find(sub, start, end)

    def rfind(self, sub: str, start: SupportsIndex | None = None, end: SupportsIndex | None = None) -> int:  # type: ignore[override]
        _Counted.looked += self._span(start, end)
        return super().rfind(sub, start, end)


@pytest.mark.parametrize(
    "text",
    [
        '{"records":{' + ",".join(['"a":[{}]'] * 20_000) + '},"format":"simcompare-scan"}',
        "{" + ",".join(['"groups":[{"a":1}]'] * 20_000) + ',"format":"simcompare-scan"}',
        "{" + ",".join(['"records":[{}]'] * 20_000) + ',"format":"simcompare-scan"}',
    ],
    ids=["columns", "groups-again", "records-again"],
)
def test_many_lists_of_objects_on_one_line_are_read_in_time_in_proportion_to_the_text(text: str) -> None:
    """FINDING: a list whose first item is an object looked for the start of that item's line (``_ends``: the
    indentation a part's last ``},`` must have) with ``rfind`` from the start of the text. In compact JSON there
    is no new line: each of n small lists of objects scanned all the text before it, n² / 2 characters (200,000
    such lists, 1.8 MB: 7 s where json.loads takes 0.02 s; a 50 MB file: hours). Counted, not timed."""
    _Counted.looked = 0
    assert results._loads(_Counted(text), sketches=True) == json.loads(text)
    assert _Counted.looked <= 4 * len(text), f"{_Counted.looked:,} characters looked at for {len(text):,}"
