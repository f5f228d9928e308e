"""SimHash's candidates and the shingles' merged (``FolderSession._merged``): each pair once, in order, SimHash's
figures kept where both found it, whether SimHash's pairs come sorted (as the search gives them) or not."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from simcompare.core.folder.session import FolderSession
from simcompare.core.search.groups import Pairs


def random_pairs(rng: np.random.Generator, count: int, files: int, *, sort: bool) -> Pairs:
    a = rng.integers(0, files, count)
    b = rng.integers(0, files, count)
    left, right = np.minimum(a, b), np.maximum(a, b)
    keep = left != right
    left, right = left[keep].astype(np.intp), right[keep].astype(np.intp)
    if sort:
        _, first = np.unique(left * (files + 1) + right, return_index=True)
        left, right = left[first], right[first]
    distance = rng.integers(0, 13, len(left)).astype(np.intp)
    return Pairs(left, right, distance, rng.random(len(left)))


def by_unique(estimated: Pairs, resembling: Pairs, files: int) -> Pairs:
    """The merge as it was first written: every pair's code, one np.unique over both."""
    both = [estimated, resembling]
    left = np.concatenate([p.left for p in both])
    right = np.concatenate([p.right for p in both])
    _, first = np.unique(left.astype(np.int64) * (files + 1) + right, return_index=True)
    distance = np.concatenate([p.distance for p in both])[first]
    return Pairs(left[first], right[first], distance, np.concatenate([p.resemblance for p in both])[first])


@pytest.mark.parametrize("sort", [True, False])
@pytest.mark.parametrize("seed", range(6))
def test_the_merge_is_one_unique_over_both(sort: bool, seed: int) -> None:
    rng = np.random.default_rng(seed)
    files = [20, 200, 5000][seed % 3]
    estimated = random_pairs(rng, 3000, files, sort=sort)
    resembling = random_pairs(rng, 300, files, sort=seed % 2 == 0)
    if seed % 2 == 1:  # the shingles found some of SimHash's pairs again, and one pair twice
        again = rng.choice(len(estimated), min(50, len(estimated)), replace=False)
        extra = Pairs(
            estimated.left[again], estimated.right[again], estimated.distance[again] + 1, rng.random(len(again))
        )
        resembling = Pairs(
            *(
                np.concatenate([getattr(resembling, f), getattr(extra, f), getattr(extra, f)[:1]])
                for f in ("left", "right", "distance", "resemblance")
            )
        )
    session = SimpleNamespace(_estimated=estimated, _resembling=resembling, result=SimpleNamespace(files=range(files)))
    merged = FolderSession._merged(session)  # type: ignore[arg-type]
    expected = by_unique(estimated, resembling, files)
    for field in ("left", "right", "distance", "resemblance"):
        assert np.array_equal(getattr(merged, field), getattr(expected, field)), field
