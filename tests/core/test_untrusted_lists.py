"""The not-duplicates list is read from a file anyone could have written: any content is a problem, never a crash."""

from __future__ import annotations

from pathlib import Path

import pytest

from simcompare.core.folder.session import NotDuplicates


@pytest.mark.parametrize(
    "content",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"format": "simcompare-not-duplicates", "pairs": ' + "[" * 100_000 + "]" * 100_000 + "}",
        "not json",
        '{"format": "simcompare-not-duplicates", "pairs": 7}',
    ],
    ids=["deep list", "deep pairs", "not json", "pairs not a list"],
)
def test_a_damaged_list_is_a_problem_and_left_alone(tmp_path: Path, content: str) -> None:
    path = tmp_path / "not-duplicates.json"
    path.write_text(content, encoding="utf-8")
    store = NotDuplicates(path)
    assert store.problem and str(path) in store.problem and "left as it is" in store.problem
    assert store.pairs() == []
    assert path.read_text(encoding="utf-8") == content
