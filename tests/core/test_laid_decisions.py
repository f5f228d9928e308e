"""Which files of saved results' groups stay (``core.folder.laid``): the numpy path against the loop it stands for,
on layouts where files come back in several groups, twice in one, under two names, empty, refused or far."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.folder.laid import Layout, kept_positions, run_sizes

FILES = 12
SOME = settings(max_examples=300, deadline=None, database=None)


@st.composite
def layouts(draw: st.DrawFn) -> tuple[Layout, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A layout over a few files (so they repeat), each file's key (two names of one file share one), which files
    are out, and for each position whether it is near its reference and refused."""
    groups = draw(st.lists(st.lists(st.integers(0, FILES - 1), max_size=6), max_size=8))
    layout = Layout.of(groups)
    keys = np.array(draw(st.lists(st.integers(0, FILES - 1), min_size=FILES, max_size=FILES)), dtype=np.intp)
    keys = np.minimum(keys, np.arange(FILES))  # a file's key is its first name's index
    out = np.array(draw(st.lists(st.booleans(), min_size=FILES, max_size=FILES)), dtype=bool)
    size = len(layout.files)
    near = np.array(draw(st.lists(st.booleans(), min_size=size, max_size=size)), dtype=bool)
    refused = np.array(draw(st.lists(st.booleans(), min_size=size, max_size=size)), dtype=bool)
    return layout, near, out, keys, refused


@SOME
@given(layouts())
def test_the_groups_decided_at_once_are_those_decided_one_by_one(drawn: tuple[Layout, ...]) -> None:
    layout, near, out, keys, refused = drawn
    expected = kept_positions(layout, near, out, keys, refused, one_by_one=True)
    assert kept_positions(layout, near, out, keys, refused).tolist() == expected.tolist()


@SOME
@given(layouts())
def test_groups_that_share_no_file_are_decided_at_once_alike(drawn: tuple[Layout, ...]) -> None:
    """Each group's files made its own (no file in two groups, none twice): the numpy path alone decides them."""
    layout, near, out, _, refused = drawn
    files = np.arange(len(layout.files), dtype=np.intp)
    alone = Layout(files, layout.owner, layout.starts, layout.sizes)
    keys, out = files.copy(), np.resize(out, len(files))
    keys[1::3] = files[:-1:3]  # some files are another name of the one before (in the same group or not)
    expected = kept_positions(alone, near, out, keys, refused, one_by_one=True)
    assert kept_positions(alone, near, out, keys, refused).tolist() == expected.tolist()


def test_a_file_in_two_groups_stays_in_the_first_that_keeps_it() -> None:
    layout = Layout.of([[0, 1], [2, 1, 3], [1, 4]])
    near = np.ones(len(layout.files), dtype=bool)
    near[1] = False  # 1 is far from 0: the first group is dropped, the second keeps 1, the third has none left
    kept = kept_positions(layout, near, np.zeros(5, dtype=bool), np.arange(5), np.zeros(7, dtype=bool))
    assert kept.tolist() == [False, False, True, True, True, False, False]


def test_runs_are_the_equal_items_in_order() -> None:
    assert run_sizes(np.array([4, 4, 1, 7, 7, 7], dtype=np.intp)).tolist() == [2, 1, 3]
    assert run_sizes(np.array([4, 1, 4], dtype=np.intp)).tolist() == [1, 1, 1]  # an item again later: a run of its own
    assert run_sizes(np.zeros(0, dtype=np.intp)).tolist() == []
