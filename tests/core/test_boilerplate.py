"""A folder's boilerplate: texts that share only a template, header or footer held by many texts of the folder
are not near-duplicates, while many versions of one document, and copies that share a footer too, still are."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import FileRecord, ScanOptions, ScanResult
from simcompare.core.folder.session import FolderSession
from simcompare.core.search.boilerplate import COMMON_TEXTS, common_hashes, own_resemblance, own_resemblances
from simcompare.core.search.verify import (
    SKETCH,
    Decision,
    quick_table,
    resemblance,
    resemblances,
    shingles,
    sketch_to_bytes,
)

WORDS = [f"word{i}" for i in range(2000)]


def text(seed: int, length: int) -> list[str]:
    chosen = random.Random(seed)
    return [chosen.choice(WORDS) for _ in range(length)]


def record(path: str, words: list[str], value: int = 0) -> FileRecord:
    return FileRecord(path, 10, 0, value, False, "utf-8", f"d-{path}", sketch_to_bytes(shingles(words)))


def session_of(*files: FileRecord) -> FolderSession:
    return FolderSession(ScanResult("/data", Config(), ScanOptions(), tuple(files), ()))


FOOTER = text(1000, 80)


def test_common_hashes_are_those_held_by_more_texts_than_the_limit() -> None:
    held = [np.array([1, 2, 3], dtype=np.uint32), np.array([2, 3], dtype=np.uint32), np.array([3], dtype=np.uint32)]
    assert common_hashes(held, 1).tolist() == [2, 3]
    assert common_hashes(held, 2).tolist() == [3]
    assert common_hashes(held, 3).tolist() == []
    assert common_hashes(held, 0).tolist() == [1, 2, 3]
    with pytest.raises(ValueError, match="0 or more"):
        common_hashes(held, -1)


@pytest.mark.parametrize("seed", range(40))
def test_common_hashes_are_those_a_count_finds(seed: int) -> None:
    rng = np.random.default_rng(seed)
    limit = int(rng.integers(0, 6))
    sketches = [np.unique(rng.integers(0, 40, size=int(rng.integers(0, 12))).astype(np.uint32)) for _ in range(50)]
    hashes, counts = np.unique(np.concatenate(sketches), return_counts=True)
    found = common_hashes(sketches, limit)
    assert found.tolist() == hashes[counts > limit].tolist() and found.dtype == np.uint32


def test_own_resemblance_is_the_jaccard_of_what_is_not_common() -> None:
    chosen = random.Random(7)
    for _ in range(50):
        a = np.unique(np.array(chosen.sample(range(1000), 120), dtype=np.uint32))
        b = np.unique(np.array(chosen.sample(range(1000), 90), dtype=np.uint32))
        common = np.unique(np.array(chosen.sample(range(1000), 300), dtype=np.uint32))
        rest_a, rest_b = set(a.tolist()) - set(common.tolist()), set(b.tolist()) - set(common.tolist())
        expected = len(rest_a & rest_b) / len(rest_a | rest_b)
        assert own_resemblance(a, b, common) == pytest.approx(expected)
    # nothing of their own, or no boilerplate: it says nothing more than the resemblance
    assert math.isnan(own_resemblance(a, a, a))
    assert math.isnan(own_resemblance(a, b, np.zeros(0, dtype=np.uint32)))
    assert math.isnan(own_resemblance(a, b, np.array([5000], dtype=np.uint32)))


def test_own_resemblance_of_long_texts_compares_below_the_smaller_cutoff() -> None:
    long_a = shingles(text(5, 2000))
    long_b = shingles(text(5, 2000)[:1000] + text(6, 1000))
    assert len(long_a) == len(long_b) == SKETCH
    common = long_a[:3]  # held by both
    own = own_resemblance(long_a, long_b, common)
    assert abs(own - resemblance(long_a, long_b)) < 0.1


def test_the_decision_asks_more_of_pairs_sharing_only_boilerplate() -> None:
    decision = Decision(12)
    assert decision.near(0, 0.55, 100)
    assert not decision.near(0, 0.55, 100, own=0.1)  # a shared template: not enough as a whole
    assert decision.near(0, 0.55, 100, own=0.6)  # a shared footer, and their own text too
    assert decision.near(0, 0.7, 100, own=0.0)  # versions differing by their own few edits
    assert decision.near(0, 0.55, 100, own=float("nan"))  # nothing of their own: the whole decides
    assert not Decision(12, min_own=0.0).only_boilerplate(0.55, 0.0)
    with pytest.raises(ValueError, match="boilerplate"):
        Decision(12, boilerplate=1.5)


def template_folder() -> list[FileRecord]:
    """Texts that share a footer and nothing else, two copies sharing the footer, and many versions of a page."""
    files = [record(f"man/page{i:02}.txt", text(i, 30) + FOOTER) for i in range(COMMON_TEXTS + 8)]
    body = text(500, 120)
    files.append(record("copy/a.txt", body + FOOTER))
    files.append(record("copy/b.txt", [w if i % 15 else "changed" for i, w in enumerate(body)] + FOOTER))
    page = text(600, 200)
    for version in range(COMMON_TEXTS + 4):
        edited = list(page)
        edited[version * 5] = f"edit{version}"
        files.append(record(f"versions/v{version:02}.txt", edited, value=version))
    return files


def test_a_shared_footer_makes_no_group_but_copies_and_versions_still_group() -> None:
    files = template_folder()
    session = session_of(*files)
    page0, page1 = 0, 1
    assert resemblance(session.sketch(page0), session.sketch(page1)) >= 0.5  # enough without the rule
    assert session.own(page0, page1) < 0.25
    names = [{files[i].path.split("/")[0] for i in g.indices} for g in session.groups(12)]
    assert {"man"} not in names
    assert names.count({"copy"}) == 1 and names.count({"versions"}) == 1
    (copies,) = [g for g in session.groups(12) if files[g.reference].path.startswith("copy")]
    assert len(copies) == 2
    (versions,) = [g for g in session.groups(12) if files[g.reference].path.startswith("versions")]
    assert len(versions) == COMMON_TEXTS + 4
    assert not session.pair(page0, page1, 12).near_duplicate
    assert session.pair(len(files) - 1, len(files) - 2, 12).near_duplicate
    assert all({files[a].path[:3], files[b].path[:3]} != {"man"} for a, b in _pairs(session))


def _pairs(session: FolderSession) -> list[tuple[int, int]]:
    found = session.all_pairs(12)
    return list(zip(found.left.tolist(), found.right.tolist(), strict=True))


def test_below_the_limit_nothing_is_boilerplate() -> None:
    files = [record(f"man/page{i:02}.txt", text(i, 30) + FOOTER) for i in range(COMMON_TEXTS)]
    groups = session_of(*files).groups(12)
    assert groups and len(groups[0]) > 2  # too few texts to tell a footer from a shared passage: as before


def test_the_groups_do_not_depend_on_the_files_order() -> None:
    files = template_folder()
    expected = sorted(sorted(files[i].path for i in g.indices) for g in session_of(*files).groups(12))
    for seed in range(3):
        shuffled = list(files)
        random.Random(seed).shuffle(shuffled)
        found = sorted(sorted(shuffled[i].path for i in g.indices) for g in session_of(*shuffled).groups(12))
        assert found == expected


def test_many_pairs_at_once_give_the_same_numbers_as_one_at_a_time() -> None:
    chosen = random.Random(11)
    template = text(2000, 60)
    texts = [
        (template if chosen.random() < 0.5 else []) + text(chosen.randrange(10**6), chosen.randrange(0, 600))
        for _ in range(120)
    ]
    sketches = [shingles(words) for words in texts]
    common = common_hashes(sketches, 20)
    assert len(common) > 0
    table = quick_table(sketches, SKETCH)
    left = np.array([chosen.randrange(len(texts)) for _ in range(800)])
    right = np.array([chosen.randrange(len(texts)) for _ in range(800)])
    one_by_one = [own_resemblance(sketches[a], sketches[b], common) for a, b in zip(left, right, strict=True)]
    assert np.array_equal(own_resemblances(table[left], table[right], common), one_by_one, equal_nan=True)
    exact = [resemblance(sketches[a], sketches[b]) for a, b in zip(left, right, strict=True)]
    assert resemblances(table[left], table[right]).tolist() == exact


def test_the_close_slack_shrinks_for_short_texts() -> None:
    decision = Decision(12)
    assert decision.needed(0) == pytest.approx(0.35) and decision.needed(0, 500) == pytest.approx(0.35)
    assert decision.needed(0, 64) == pytest.approx(0.40)  # half the slack at half of 128 shingles
    assert decision.needed(12, 20) == pytest.approx(0.45)
    assert decision.near(0, 0.38, 200) and not decision.near(0, 0.38, 40)
    distances = np.array([0, 0, 6, 12])
    sizes = np.array([500, 64, 64, 10])
    expected = [decision.needed(int(d), int(n)) for d, n in zip(distances, sizes, strict=True)]
    assert decision.needed_many(distances, sizes).tolist() == pytest.approx(expected)
    with pytest.raises(ValueError, match="slack_shingles"):
        Decision(12, slack_shingles=0)


def test_the_shingles_index_takes_the_same_keys_from_the_quick_table() -> None:
    from simcompare.core.search import resembling

    chosen = random.Random(3)
    template = text(3000, 40)
    sketches = [
        shingles((template if chosen.random() < 0.6 else []) + text(chosen.randrange(10**6), chosen.randrange(300)))
        for _ in range(200)
    ]
    among = np.array(sorted(chosen.sample(range(200), 150)))
    from_table = resembling._keys(sketches, among, quick_table(sketches))
    from_lists = resembling._keys(sketches, among, None)
    assert len(from_lists[0]) > 0
    assert np.array_equal(from_table[0], from_lists[0]) and np.array_equal(from_table[1], from_lists[1])
