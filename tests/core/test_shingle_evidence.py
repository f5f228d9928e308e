"""The shingles' evidence: texts resembling by the strong threshold are near-duplicates whatever their
fingerprints' distance, the group says which evidence put each member there, and tiny texts pair only when
identical."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import FileRecord, ScanOptions, ScanResult
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats.report import report_json
from simcompare.core.formats.results import load_results, results_json
from simcompare.core.search.resembling import resembling_pairs
from simcompare.core.search.verify import Decision, resemblance, shingles, sketch_to_bytes

WORDS = [f"word{i}" for i in range(400)]


def text(seed: int, length: int = 80) -> list[str]:
    chosen = random.Random(seed)
    return [chosen.choice(WORDS) for _ in range(length)]


def edited(words: list[str], every: int) -> list[str]:
    return [w if i % every else "changed" for i, w in enumerate(words)]


def record(path: str, value: int, words: list[str], *, digest: str = "") -> FileRecord:
    sketch = sketch_to_bytes(shingles(words))
    return FileRecord(path, 10, 0, value, False, "utf-8", digest or f"d-{path}", sketch)


def result_of(*files: FileRecord) -> ScanResult:
    return ScanResult("/data", Config(), ScanOptions(), tuple(files), ())


FAR = (1 << 40) - 1  # 40 bits from 0: far beyond any k


def test_a_close_text_beyond_k_joins_on_the_shingles_evidence() -> None:
    original = text(1)
    copy = edited(original, 20)
    assert resemblance(shingles(original), shingles(copy)) >= 0.8
    files = (record("a.txt", 0, original), record("b.txt", FAR, copy), record("c.txt", 0b11, text(2)))
    (group,) = FolderSession(result_of(*files)).groups(12)
    assert group.indices == (0, 1)
    member = group.members[1]
    assert member.evidence == "shingles" and member.distance == 40 and member.verified >= 0.8
    assert group.members[0].evidence == "simhash"
    # SimHash's evidence alone keeps them apart, and so does a strong threshold above their resemblance
    assert FolderSession(result_of(*files), strong_resemblance=None).groups(12) == []
    assert FolderSession(result_of(*files), strong_resemblance=0.99).groups(12) == []
    # verification off is SimHash alone
    assert [g.indices for g in FolderSession(result_of(*files), min_resemblance=0.0).groups(12)] == [(0, 2)]


def test_the_evidence_is_carried_to_reports_and_saved_results() -> None:
    original = text(3)
    session = FolderSession(
        result_of(
            record("a.txt", 0, original),
            record("b.txt", 0b1, edited(original, 25)),
            record("c.txt", FAR, original[:-1]),
        )
    )
    groups = session.groups(12)
    members = {m["path"]: m["evidence"] for m in report_json(session, groups, 12)["groups"][0]["members"]}
    assert members == {"a.txt": "simhash", "b.txt": "simhash", "c.txt": "shingles"}
    loaded = load_results(results_json(session, groups, 12))
    assert len(loaded.result.files) == 3


def test_a_damaged_evidence_in_saved_results_is_refused() -> None:
    original = text(4)
    session = FolderSession(result_of(record("a.txt", 0, original), record("b.txt", FAR, original[1:])))
    data = results_json(session, session.groups(12), 12)
    data["groups"][0]["members"][1]["evidence"] = "guess"
    try:
        load_results(data)
    except ValueError as error:
        assert "evidence" in str(error) and "shingles" in str(error)
    else:
        raise AssertionError("a member's unknown evidence was accepted")


def test_tiny_texts_pair_only_when_identical() -> None:
    tiny = ["foo", "bar"]
    files = (
        record("a.md", 0, tiny),
        record("b.md", 0, [*tiny, "baz"]),  # 3 shingles, 2 shared: within k and resembling, but tiny
        record("c.md", 0, tiny, digest="same"),
        record("d.md", 0, tiny, digest="same"),  # an identical copy: grouped whatever its size
    )
    session = FolderSession(result_of(*files))
    (group,) = session.groups(12)
    assert sorted(group.indices) == [2, 3] and group.members[1].identical
    assert not session.pair(0, 1, 12).near_duplicate and session.pair(2, 3, 12).near_duplicate
    assert Decision(12).near(0, 0.9, 9) is False and Decision(12).near(0, 0.9, 10) is True
    assert Decision(12, 0.0).near(0, 0.0, 2)  # verification off: SimHash alone, whatever the size


def test_the_index_finds_every_pair_above_the_threshold() -> None:
    texts = []
    for seed in range(60):
        base = text(seed, 20 + seed * 5)
        texts += [base, edited(base, 4 + seed % 7)]
    sketches = [shingles(t) for t in texts]
    left, right, _ = resembling_pairs(sketches, range(len(sketches)), 0.5)
    found = set(zip(left.tolist(), right.tolist(), strict=True))
    truth = {
        (i, j)
        for i in range(len(sketches))
        for j in range(i + 1, len(sketches))
        if resemblance(sketches[i], sketches[j]) >= 0.5
    }
    assert truth and truth <= found
    assert all(left < right)


@settings(max_examples=15, deadline=None)
@given(st.randoms(use_true_random=False))
def test_groups_do_not_depend_on_the_files_order(chance: random.Random) -> None:
    files = []
    for seed in range(6):
        base = text(seed)
        files += [record(f"t{seed}.txt", seed << 20, base), record(f"t{seed}e.txt", FAR ^ seed, edited(base, 9))]
        files.append(record(f"t{seed}f.txt", (seed << 20) | 0b111, edited(base, 13)))
    shuffled = list(files)
    chance.shuffle(shuffled)

    def named(session: FolderSession) -> list[list[tuple[str, str]]]:
        paths = [f.path for f in session.files]
        return [[(paths[m.index], m.evidence) for m in g.members] for g in session.groups(12)]

    assert named(FolderSession(result_of(*files))) == named(FolderSession(result_of(*shuffled)))
