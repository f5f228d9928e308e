"""Saved results' groups shown without a search (``FolderSession.laid_out``): the same groups a search gives for
results saved by simcompare, and nothing a search would refuse for a layout somebody wrote."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import numpy as np
import pytest
from helpers.names import make_file
from helpers.texts import EN_A, EN_B, OTHER, ZH_A, ZH_B, chain, edited, family

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder import session as session_module
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession, NotDuplicates
from simcompare.core.formats.results import read_results, save_results
from simcompare.core.search.groups import Group, Laid
from simcompare.core.search.verify import resemblance

K = 12


def _text(rng: random.Random, words: int = 400) -> str:
    vocabulary = [f"w{n}" for n in range(3000)]
    return " ".join(rng.choice(vocabulary) for _ in range(words))


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of families of edited copies (so groups have several members, and some files are close to a
    member of another group), copies, an empty file, and its saved results."""
    root = tmp_path_factory.mktemp("laid") / "docs"
    rng = random.Random(7)
    texts = {"zh_a.txt": ZH_A, "zh_b.txt": ZH_B, "en_a.txt": EN_A, "en_b.txt": EN_B, "other.txt": OTHER}
    texts["empty.txt"] = ""
    for number in range(6):
        texts |= family(f"f{number}", _text(rng), rng, 5)
    texts |= chain("chain", _text(rng), rng, 6)  # a chain of edits: each close to the last, the ends far apart
    for name, text in texts.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        make_file(root / name, text)
    session = FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    path = root.parent / "results.json"
    save_results(path, session, session.groups(K), K)
    return path


def _key(group: Group) -> tuple[object, ...]:
    members = tuple(
        (m.index, m.distance, round(m.verified or -1.0, 12), m.identical, m.also_close, m.evidence)
        for m in group.members
    )
    return group.reference, group.max_distance, members


def _reopened(path: Path) -> tuple[FolderSession, tuple[Laid, ...]]:
    loaded = read_results(path)
    return FolderSession(loaded.result), loaded.laid


def _index(session: FolderSession, name: str) -> int:
    return next(i for i, f in enumerate(session.files) if f.path == name)


def test_saved_groups_laid_out_are_the_groups_a_search_gives(saved: Path) -> None:
    session, laid = _reopened(saved)
    searched = session.groups(K)
    assert len(searched) >= 7 and any(len(g.members) > 3 for g in searched)
    assert any(m.also_close for g in searched for m in g.members)  # the fixture covers also-close files
    fresh, _ = _reopened(saved)  # a session that never searched
    assert sorted(map(_key, fresh.laid_out(laid, K))) == sorted(map(_key, searched))
    assert fresh.search_statistics is None  # and it still has not


def test_two_unrelated_files_laid_together_are_not_a_group(saved: Path) -> None:
    session, _ = _reopened(saved)
    a, b, c = (_index(session, n) for n in ("f0/base.txt", "f1/base.txt", "other.txt"))
    assert session.laid_out([Laid((a, b, c), ((), (), ()))], K) == []


def test_a_member_that_does_not_belong_leaves_and_the_rest_stay(saved: Path) -> None:
    session, _ = _reopened(saved)
    base, v0, stranger = (_index(session, n) for n in ("f0/base.txt", "f0/v0.txt", "f1/v0.txt"))
    [group] = session.laid_out([Laid((base, stranger, v0), ((), (), ()))], K)
    assert group.indices == (base, v0)
    assert group.members[1].verified == pytest.approx(session.pair(base, v0, K).resemblance)


def test_each_file_is_in_one_group_at_most(saved: Path) -> None:
    session, _ = _reopened(saved)
    base, v0, v1, v2 = (_index(session, f"f0/{n}.txt") for n in ("base", "v0", "v1", "v2"))
    groups = session.laid_out([Laid((base, v0, v0, v1), ((),) * 4), Laid((v1, v2), ((), ())), Laid((v0,), ((),))], K)
    placed = [m.index for g in groups for m in g.members]
    assert sorted(placed) == sorted({base, v0, v1})  # each once; a group whose reference is placed is dropped


def test_empty_and_left_out_files_and_a_file_alone_make_no_group(saved: Path) -> None:
    session, _ = _reopened(saved)
    base, copy, v0, empty = (_index(session, n) for n in ("f0/base.txt", "f0/copy.txt", "f0/v0.txt", "empty.txt"))
    assert session.laid_out([Laid((empty, base), ((), ()))], K) == []
    assert session.laid_out([Laid((base,), ((),))], K) == []
    [group] = session.laid_out([Laid((base, copy, v0), ((),) * 3)], K, leave_out=[copy])
    assert group.indices == (base, v0)


def test_also_close_files_are_decided_again(saved: Path) -> None:
    session, _ = _reopened(saved)
    base, v0, v1, far = (_index(session, n) for n in ("f0/base.txt", "f0/v0.txt", "f0/v1.txt", "other.txt"))
    [group] = session.laid_out([Laid((base, v0), ((v1, far, v0, base), ()))], K)
    assert group.members[0].also_close == (v1,)  # not the stranger, not a member of its own group


def test_the_saved_reference_leads_whatever_the_members_order(saved: Path, tmp_path: Path) -> None:
    data = json.loads(saved.read_text(encoding="utf-8"))
    group = max(data["groups"], key=lambda g: len(g["members"]))
    group["members"].reverse()
    crafted = tmp_path / "crafted.json"
    crafted.write_text(json.dumps(data), encoding="utf-8")
    session, laid = _reopened(crafted)
    reference = _index(session, group["reference"])
    assert any(saved_group.files[0] == reference for saved_group in laid)
    assert any(g.reference == reference for g in session.laid_out(laid, K))


def test_pairs_called_not_duplicates_are_kept_apart(saved: Path, tmp_path: Path) -> None:
    loaded = read_results(saved)
    store = NotDuplicates(tmp_path / "not-duplicates.json")
    session = FolderSession(loaded.result, not_duplicates=store)
    base, v0 = (_index(session, n) for n in ("f0/base.txt", "f0/v0.txt"))
    session.mark_not_duplicates(base, v0)
    [group] = [g for g in session.laid_out(loaded.laid, K) if base in g.indices]
    assert v0 not in group.indices


def test_also_close_files_left_out_are_not_named(saved: Path) -> None:
    session, _ = _reopened(saved)
    base, v0, v1 = (_index(session, n) for n in ("f0/base.txt", "f0/v0.txt", "f0/v1.txt"))
    assert session.laid_out([Laid((base, v0), ((v1,), ()))], K)[0].members[0].also_close == (v1,)
    [group] = session.laid_out([Laid((base, v0), ((v1,), ()))], K, leave_out=[v1])
    assert group.members[0].also_close == ()  # a file removed from the results is nobody's close file


def test_also_close_files_called_not_duplicates_are_not_named(saved: Path, tmp_path: Path) -> None:
    loaded = read_results(saved)
    session = FolderSession(loaded.result, not_duplicates=NotDuplicates(tmp_path / "not-duplicates.json"))
    base, v0, v1 = (_index(session, n) for n in ("f0/base.txt", "f0/v0.txt", "f0/v1.txt"))
    session.mark_not_duplicates(base, v1)
    [group] = session.laid_out([Laid((base, v0), ((v1,), ()))], K)
    assert group.members[0].also_close == ()  # as a search: the pair the user refused is no edge at all


def test_a_file_under_two_names_is_in_one_group_at_most(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    rng = random.Random(3)
    base = _text(rng)
    make_file(root / "base.txt", base)
    os.link(root / "base.txt", root / "link.txt")
    for version in range(2):
        make_file(root / f"v{version}.txt", edited(base, rng, 0.02))
    session = FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    base_, link, v0, v1 = (_index(session, f"{n}.txt") for n in ("base", "link", "v0", "v1"))
    assert session.hardlink_of(link) == base_ or session.hardlink_of(base_) == link
    groups = session.laid_out([Laid((base_, v0), ((), ())), Laid((link, v1), ((), ()))], K)
    keys = [session.file_key(m.index) for g in groups for m in g.members]
    assert len(keys) == len(set(keys))  # the file is not placed a second time by its other name
    [group] = session.laid_out([Laid((base_, v0), ((link, v1), ()))], K)
    assert group.members[0].also_close == (v1,)  # not the reference itself under its other name


@pytest.mark.parametrize("chunk", [3, 1_024])
def test_the_figures_of_many_pairs_are_each_pairs(saved: Path, chunk: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Measured a chunk of pairs at a time (here also a few, so many chunks and their ends are measured)."""
    monkeypatch.setattr(session_module, "_EXACT_CHUNK", chunk)
    session, _ = _reopened(saved)
    rng = random.Random(5)
    count = len(session.files)
    pairs = [(a, b) for a in range(count) for b in range(count) if a != b and rng.random() < 0.3]
    left, right = (np.array(side, dtype=np.intp) for side in zip(*pairs, strict=True))
    for k in (0, 3, K):
        figures = session._figures_of(left, right, k)
        assert [figures[n] for n in range(len(pairs))] == [session.pair(a, b, k) for a, b in pairs]


def test_resemblances_of_many_pairs_are_each_pairs_before_and_after_a_layout(saved: Path) -> None:
    session, laid = _reopened(saved)
    count = len(session.files)
    pairs = [(a, b) for a in range(count) for b in range(count) if a != b]
    left, right = (np.array(side, dtype=np.intp) for side in zip(*pairs, strict=True))
    expected = [resemblance(session.sketch(a), session.sketch(b)) for a, b in pairs]
    assert session.resemblances(left, right).tolist() == expected
    session.laid_out(laid, K)  # what it measured is looked up, either way round
    assert session.resemblances(left, right).tolist() == expected
    assert session.resemblances(right[:0], left[:0]).tolist() == []


# Shown before they are decided (``decided=False``): a million files' saved groups on screen in seconds, the window
# allowing no action on them. Nothing is measured from the sketches; the layout's files stay together.


def test_groups_as_saved_keep_the_saved_files_and_measure_no_resemblance(saved: Path) -> None:
    session, laid = _reopened(saved)
    decided = session.laid_out(laid, K)
    fresh, _ = _reopened(saved)
    as_saved = fresh.laid_out(laid, K, decided=False)
    assert [g.indices for g in as_saved] == [g.indices for g in decided]  # this file's groups all hold
    values = session.fingerprints()
    for group in as_saved:
        for m in group.members[1:]:
            assert (
                m.distance == 0
                if m.identical
                else m.distance == int(values[m.index] ^ values[group.reference]).bit_count()
            )
            assert m.verified == (1.0 if m.identical else None)
    assert any(m.identical for g in as_saved for m in g.members[1:])  # the fixture has copies
    assert any(m.verified is None for g in as_saved for m in g.members[1:])


def test_groups_as_saved_keep_a_stranger_that_deciding_drops(saved: Path) -> None:
    session, _ = _reopened(saved)
    base, v0, stranger = (_index(session, n) for n in ("f0/base.txt", "f0/v0.txt", "f1/v0.txt"))
    laid = [Laid((base, stranger, v0), ((), (), ()))]
    [shown] = session.laid_out(laid, K, decided=False)
    assert set(shown.indices) == {base, stranger, v0} and shown.reference == base
    [group] = session.laid_out(laid, K)
    assert group.indices == (base, v0)


def test_groups_as_saved_leave_out_empty_left_out_and_repeated_files(saved: Path) -> None:
    session, _ = _reopened(saved)
    base, copy, v0, v1, empty = (
        _index(session, n) for n in ("f0/base.txt", "f0/copy.txt", "f0/v0.txt", "f0/v1.txt", "empty.txt")
    )
    assert session.laid_out([Laid((empty, base), ((), ()))], K, decided=False) == []
    laid = [Laid((base, copy, v0, v0), ((),) * 4), Laid((v1, v0), ((), ()))]
    [group] = session.laid_out(laid, K, leave_out=[copy], decided=False)
    assert group.indices == (base, v0)  # the second group's other file is placed already: one file, no group
