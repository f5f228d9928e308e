"""``path_problem`` takes the common path at once (one pattern: a million paths are checked when saved results
are read); whatever the path, it says what the rules, each in turn, say."""

from __future__ import annotations

import os

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


_PATHS = st.lists(_PIECES, max_size=8).map("".join).filter(lambda p: "\x00" not in p and len(p) <= MAX_PATH_CHARS)


@settings(max_examples=2_000, deadline=None)
@given(st.lists(_PATHS, max_size=6), st.lists(st.sampled_from(["a", "b/c.txt", "d/e/f", "文件/x"]), max_size=6))
def test_paths_taken_at_once_are_paths_each_rule_takes(paths: list[str], good: list[str]) -> None:
    """plain_paths never takes a list holding a path the rules refuse; a list of plain paths it takes."""
    if safe_paths.plain_paths(paths + good):
        assert all(safe_paths._path_rules(path) == "" for path in paths)
    if os.name != "nt":
        assert safe_paths.plain_paths(good)
        plain = [path for path in paths if safe_paths._path_rules(path) == "" and "\n" not in path]
        assert safe_paths.plain_paths(plain + good)


@pytest.mark.parametrize("bad", ["", "/a", "a/", "a//b", ".", "..", "./a", "a/.", "a/../b", "x/..", "a/./b"])
def test_one_bad_path_among_many_is_not_taken_at_once(bad: str) -> None:
    assert not safe_paths.plain_paths(["a", "b/c", bad, "d"])
    assert not safe_paths.plain_paths([bad])


def test_paths_too_deep_are_not_taken_at_once() -> None:
    deep = "/".join(["a"] * (MAX_DEPTH + 1))
    assert not safe_paths.plain_paths(["x", deep])
    assert safe_paths.plain_paths(["x", "/".join(["a"] * MAX_DEPTH)]) == (os.name != "nt")
