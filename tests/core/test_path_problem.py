"""``path_problem`` takes the common path at once (one pattern: a million paths are checked when saved results
are read); whatever the path, it says what the rules, each in turn, say."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.folder import safe_paths
from simcompare.core.folder.safe_paths import MAX_DEPTH, MAX_PATH_CHARS, path_problem

_PIECES = st.sampled_from(["a", "b.txt", ".", "..", "...", ".x", "x.", "", "/", "//", "\x00", " ", "\n", "é", "\udcff"])
_PIECES |= st.sampled_from(["\\", ":", "CON", "nul.txt", "文件"]) | st.text(max_size=4)


@settings(max_examples=2_000, deadline=None)
@given(st.lists(_PIECES, max_size=8).map("".join))
def test_the_pattern_says_what_the_rules_say(path: str) -> None:
    assert path_problem(path) == safe_paths._path_rules(path)


@pytest.mark.parametrize(
    "path",
    [
        "x" * MAX_PATH_CHARS,
        "x" * (MAX_PATH_CHARS + 1),
        "/".join(["a"] * MAX_DEPTH),
        "/".join(["a"] * (MAX_DEPTH + 1)),
        None,
        12,
        b"a.txt",
        "a/b/c.txt",
        "a/./b",
        "a/../b",
        "a/b/",
    ],
)
def test_at_the_limits_and_for_what_is_no_text_too(path: object) -> None:
    assert path_problem(path) == safe_paths._path_rules(path)


def test_good_and_bad_paths_are_told_apart() -> None:
    assert path_problem("docs/a.txt") == "" and path_problem("docs/.hidden/a b.txt") == ""
    assert "'..' segment" in path_problem("docs/../a.txt")
    assert "longer than" in path_problem("x" * (MAX_PATH_CHARS + 1))
    assert "folders deep" in path_problem("/".join(["a"] * (MAX_DEPTH + 1)))
