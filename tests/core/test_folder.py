"""The folder session without Qt: identical and empty files, verification, k changes, forget, not-duplicates."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from simcompare.core.defaults import default_k
from simcompare.core.errors import Cancelled
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import FileRecord, ScanOptions, ScanResult, scan
from simcompare.core.folder.session import FolderSession, NotDuplicates, default_data_path
from simcompare.core.formats.report import report_csv, report_json
from simcompare.core.search.verify import DEFAULT_MIN_RESEMBLANCE, shingles, sketch_to_bytes

STORY = (
    "On the first morning of spring the old fisherman walked down to the harbour, checked the ropes of his "
    "small blue boat, counted the nets twice, and waited for his grandson, who was late again because the "
    "baker on the corner had given him a warm loaf and a long story about the storm of the previous winter. "
)


def record(path: str, value: int, words: str, *, digest: str = "", size: int = 10, empty: bool = False) -> FileRecord:
    sketch = sketch_to_bytes(shingles(words.split()))
    return FileRecord(path, size, 0, value, empty, "utf-8", digest or f"d-{path}", sketch)


def result_of(*files: FileRecord) -> ScanResult:
    return ScanResult("/data", Config(), ScanOptions(), tuple(files), ())


def test_identical_and_empty_files_in_a_real_scan(tmp_path: Path) -> None:
    for name in ("a.txt", "b.txt", "sub/c.txt"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(STORY * 3, encoding="utf-8")
    # the same text as HTML is identical once cleaned
    (tmp_path / "d.html").write_text(f"<html><body><p>{STORY * 3}</p></body></html>", encoding="utf-8")
    (tmp_path / "edited.txt").write_text((STORY * 3).replace("grandson", "granddaughter"), encoding="utf-8")
    for i in range(3):
        (tmp_path / f"empty{i}.txt").write_text("the and of", encoding="utf-8")  # only stop words
    session = FolderSession(scan(tmp_path, Config(), ScanOptions(workers=1)))
    (group,) = session.groups(default_k(64))
    names = {session.files[m.index].path: m for m in group.members}
    assert set(names) == {"a.txt", "b.txt", "d.html", "sub/c.txt", "edited.txt"}
    assert session.files[group.reference].path == "a.txt"  # the shortest, then the smallest path
    assert all(names[n].identical for n in ("b.txt", "d.html", "sub/c.txt"))
    assert not names["edited.txt"].identical and 0.5 < names["edited.txt"].verified < 1.0
    assert session.wasted_bytes(group) == sum(session.files[m.index].size for m in group.members[1:])


def test_verification_rejects_a_close_fingerprint_of_another_text() -> None:
    session = FolderSession(
        result_of(
            record("a.txt", 0b0, STORY),
            record("b.txt", 0b1, STORY.replace("blue", "green")),
            record("perlfaq.txt", 0b11, " ".join(reversed(STORY.split()))),  # 2 bits away, other text
        )
    )
    (group,) = session.groups(3)
    assert [session.files[m.index].path for m in group.members] == ["a.txt", "b.txt"]
    figures = session.pair(0, 2, 3)
    assert figures.distance == 2 and figures.resemblance < 0.1 and not figures.near_duplicate
    assert session.pair(0, 1, 3).near_duplicate


def test_pairs_found_at_one_k_answer_smaller_k_without_searching() -> None:
    # one text under other fingerprints: SimHash's evidence alone (the shingles' would pair them all)
    session = FolderSession(
        result_of(*(record(f"f{i}", (1 << i) - 1, STORY) for i in range(6))), strong_resemblance=None
    )
    assert len(session.pairs(5)) == 15
    first = session.search_statistics
    assert len(session.pairs(2)) == 9  # distances |i - j| ≤ 2
    assert session.search_statistics is first  # no new search
    session.pairs(6)
    assert session.search_statistics is not first


def test_grouping_can_be_cancelled_and_reports_progress() -> None:
    session = FolderSession(result_of(*(record(f"f{i}", i, STORY) for i in range(50))))
    stages: list[str] = []
    session.groups(3, progress=lambda done, total, stage: stages.append(stage))
    assert {"searching", "verifying", "grouping"} <= set(stages)
    stop = threading.Event()
    stop.set()
    with pytest.raises(Cancelled):
        FolderSession(session.result).groups(3, cancel=stop)


def test_forget_keeps_the_other_pairs() -> None:
    session = FolderSession(result_of(record("a", 0, STORY), record("b", 1, STORY), record("c", 3, STORY)))
    assert len(session.groups(2)[0]) == 3
    searched = session.search_statistics
    session.forget(["b"])
    (group,) = session.groups(2)
    assert [session.files[m.index].path for m in group.members] == ["a", "c"]
    assert session.search_statistics is searched


def test_forget_a_representative_of_identical_copies() -> None:
    session = FolderSession(
        result_of(record("a", 0, STORY, digest="x"), record("bb", 0, STORY, digest="x"), record("c", 1, STORY))
    )
    assert len(session.groups(2)[0]) == 3
    session.forget(["a"])
    (group,) = session.groups(2)
    assert {session.files[m.index].path for m in group.members} == {"bb", "c"}


def test_not_duplicates_are_remembered_in_a_file(tmp_path: Path) -> None:
    store = NotDuplicates(tmp_path / "nd.json")
    session = FolderSession(result_of(record("a", 0, STORY), record("b", 1, STORY)), not_duplicates=store)
    assert len(session.groups(2)) == 1
    session.mark_not_duplicates(0, 1)
    assert session.groups(2) == []
    again = NotDuplicates(tmp_path / "nd.json")
    assert again.pairs() == [("/data/a", "/data/b")] and ("/data/b", "/data/a") in again
    again.remove("/data/b", "/data/a")
    assert NotDuplicates(tmp_path / "nd.json").pairs() == []


def test_a_foreign_not_duplicates_file_is_never_overwritten(tmp_path: Path) -> None:
    foreign = tmp_path / "nd.json"
    foreign.write_text("my own notes", encoding="utf-8")
    store = NotDuplicates(foreign)
    assert store.pairs() == [] and "could not be read" in store.problem
    with pytest.raises(OSError):
        store.add("/x", "/y")
    assert foreign.read_text(encoding="utf-8") == "my own notes"


def test_data_folder_ignores_a_relative_xdg_data_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", "relative/place")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_data_path() == tmp_path / ".local" / "share" / "simcompare"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_data_path() == tmp_path / "data" / "simcompare"


def test_reports_carry_sizes_verification_and_wasted_bytes() -> None:
    session = FolderSession(
        result_of(
            record("a", 0, STORY, digest="x", size=100),
            record("b", 0, STORY, digest="x", size=100),
            record("c", 1, STORY.replace("blue", "red"), size=90),
            record("d", 0xF0, STORY, size=7),
        ),
        strong_resemblance=None,
    )
    groups = session.groups(1)
    data = report_json(session, groups, 1)
    assert data["settings"]["grouping"] == "reference" and data["settings"]["min_verified"] == DEFAULT_MIN_RESEMBLANCE
    (group,) = data["groups"]
    assert group["wasted_bytes"] == 190
    assert [(m["path"], m["size"], m["identical"]) for m in group["members"]] == [
        ("a", 100, False),
        ("b", 100, True),
        ("c", 90, False),
    ]
    assert group["members"][2]["verified"] < 1.0
    json.dumps(data)  # plain data
    rows = report_csv(session, groups).splitlines()
    assert rows[0].startswith("group,path,reference,distance,similarity,verified,identical,size")
    assert len(rows) == 4


def test_data_path_is_under_home_by_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert str(default_data_path()).startswith(str(tmp_path) + os.sep)


def test_a_lower_threshold_measures_the_candidates_again() -> None:
    words = (STORY * 2).split()
    other = " ".join(words[:14] + list(reversed(words[14:])))  # shares the first few word pairs only
    session = FolderSession(result_of(record("a", 0, " ".join(words)), record("b", 1, other)))
    exact = session.pair(0, 1, 3).resemblance
    assert 0.05 < exact < 0.2
    assert session.groups(3) == []  # screened by the quick estimate only: far below 0.45
    session.min_resemblance = 0.05
    (group,) = session.groups(3)
    assert group.members[1].verified == exact


def test_forget_a_copy_keeps_the_pairs_and_a_broken_list_is_left_alone(tmp_path: Path) -> None:
    session = FolderSession(
        result_of(record("a", 0, STORY, digest="x"), record("bb", 0, STORY, digest="x"), record("c", 1, STORY))
    )
    assert len(session.groups(2)[0]) == 3
    searched = session.search_statistics
    session.forget(["bb"])  # a copy, not the file that stands for the text
    (group,) = session.groups(2)
    assert {session.files[m.index].path for m in group.members} == {"a", "c"}
    assert session.search_statistics is searched
    broken = tmp_path / "nd.json"
    broken.write_text('{"format": "simcompare-not-duplicates", "pairs": null}', encoding="utf-8")
    assert NotDuplicates(broken).problem and NotDuplicates(broken).pairs() == []


def test_saved_results_keep_the_folding_setting_and_log_fields_stay_on_one_line() -> None:
    from dataclasses import replace

    from simcompare.core.folder.actions import _field
    from simcompare.core.formats.results import load_results, results_json

    result = replace(result_of(record("a", 0, STORY), record("b", 1, STORY)), config=Config(fold_chinese=False))
    session = FolderSession(result)
    saved = json.loads(json.dumps(results_json(session, session.groups(2), 2)))
    assert load_results(saved, check_files=False).result.config.fold_chinese is False
    assert _field("odd\tname\n.txt") == "odd\\tname\\n.txt"


def test_all_pairs_give_every_verified_pair_not_only_the_links_to_references(tmp_path: Path) -> None:
    x, y, z = STORY, STORY.replace("blue", "green"), STORY.replace("warm", "fresh")
    session = FolderSession(
        result_of(
            record("x.txt", 0b00, x, digest="dx"),
            record("y.txt", 0b01, y),
            record("z.txt", 0b10, z),
            record("x2.txt", 0b00, x, digest="dx"),  # an identical copy of x
            record("e.txt", 0b00, "", empty=True),
        ),
        not_duplicates=NotDuplicates(tmp_path / "not-duplicates.json"),
        strong_resemblance=None,  # SimHash's evidence alone: at k = 0 only the copies pair
    )
    (group,) = session.groups(3)
    links = {frozenset((group.reference, m.index)) for m in group.members[1:]}
    pairs = session.all_pairs(3)
    path = [f.path for f in session.files]
    found = {
        frozenset((path[a], path[b])): (d, r)
        for a, b, d, r in zip(pairs.left, pairs.right, pairs.distance, pairs.resemblance, strict=True)
    }
    assert set(found) == {
        frozenset(p)
        for p in (
            ("x.txt", "y.txt"),
            ("x.txt", "z.txt"),
            ("y.txt", "z.txt"),
            ("x.txt", "x2.txt"),
            ("x2.txt", "y.txt"),
            ("x2.txt", "z.txt"),
        )
    }
    assert len(found) > len(links) == 3  # the groups link each member to the reference only
    assert found[frozenset(("x.txt", "x2.txt"))] == (0, 1.0)
    assert found[frozenset(("y.txt", "z.txt"))][0] == 2
    assert found[frozenset(("x2.txt", "y.txt"))] == found[frozenset(("x.txt", "y.txt"))]
    assert list(pairs.left) == sorted(pairs.left) and all(pairs.left < pairs.right)
    # a pair the user marked "not duplicates" is left out, with the copies of its texts
    session.mark_not_duplicates(0, 1)
    left = {frozenset((path[a], path[b])) for a, b in pairs_of(session)}
    assert frozenset(("x.txt", "y.txt")) not in left and frozenset(("x2.txt", "y.txt")) not in left
    assert frozenset(("y.txt", "z.txt")) in left
    assert session.all_pairs(0).left.tolist() == [0]  # at k = 0: the identical copies only


def pairs_of(session: FolderSession) -> list[tuple[int, int]]:
    pairs = session.all_pairs(3)
    return list(zip(pairs.left.tolist(), pairs.right.tolist(), strict=True))
