"""Saved results' groups held as arrays (``core.folder.laid.SavedGroups``): they read as the ``Laid`` they stand for,
equal them, lay out as ``Layout.of`` does, and refuse arrays that do not make groups."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.folder.laid import Layout, SavedGroups
from simcompare.core.search.groups import Laid

SOME = settings(max_examples=300, deadline=None, database=None)


@st.composite
def laid_groups(draw: st.DrawFn) -> list[Laid]:
    """Groups as saved results lay them out: a few files each, some listing also-close files (one tuple a file, or
    fewer, as a hand-made ``Laid`` may)."""
    groups = []
    for files in draw(st.lists(st.lists(st.integers(0, 30), max_size=5), max_size=8)):
        if draw(st.booleans()):
            close = tuple(() for _ in files)
        else:
            close = tuple(
                tuple(draw(st.lists(st.integers(0, 30), max_size=3))) for _ in range(draw(st.integers(0, len(files))))
            )
        groups.append(Laid(tuple(files), close))
    return groups


@SOME
@given(laid_groups())
def test_saved_groups_read_as_the_groups_they_hold(groups: list[Laid]) -> None:
    saved = SavedGroups.of(groups)
    assert len(saved) == len(groups)
    assert list(saved) == [
        laid if any(laid.also_close) else Laid(laid.files, ((),) * len(laid.files)) for laid in groups
    ]
    assert saved == SavedGroups.of(list(saved)) and SavedGroups.of(saved) is saved
    layout, expected = saved.layout(), Layout.of([laid.files for laid in groups])
    for mine, theirs in zip(
        (layout.files, layout.owner, layout.starts, layout.sizes),
        (expected.files, expected.owner, expected.starts, expected.sizes),
        strict=True,
    ):
        assert mine.tolist() == theirs.tolist()
    assert set(saved.also_close()) == {n for n, laid in enumerate(groups) if any(laid.also_close)}


def test_saved_groups_equal_a_tuple_of_the_same_laid_either_way() -> None:
    groups = (Laid((0, 1, 2), ((5,), (), (3,))), Laid((3, 4), ((), ())))
    saved = SavedGroups.of(groups)
    assert saved == groups and groups == saved and saved == list(groups)
    assert saved != groups[:1] and saved != (Laid((0, 1, 2), ((), (), ())), groups[1]) and saved != "groups"
    assert saved[-1] == groups[-1] and saved[0:1] == groups[:1] and saved.files_of(0) == (0, 1, 2)
    with pytest.raises(IndexError):
        saved[2]


def test_arrays_that_do_not_make_groups_are_refused() -> None:
    files = np.array([0, 1, 2], dtype=np.intp)
    with pytest.raises(ValueError, match="do not make groups"):
        SavedGroups(files, np.array([2, 2], dtype=np.intp), {})
    with pytest.raises(ValueError, match="do not make groups"):
        SavedGroups(files, np.array([4, -1], dtype=np.intp), {})
    with pytest.raises(ValueError, match="not there"):
        SavedGroups(files, np.array([3], dtype=np.intp), {1: ((), (), ())})
