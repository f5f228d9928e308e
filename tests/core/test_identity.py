"""File identity: device, inode, size, time and raw bytes in every record and the cache; one file reached
twice (a hard link, a bind mount) is one file; the same bytes are identical whatever the format; a folder
swapped for a link while the scan lists is never entered."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
from helpers.mounts import bind_mount
from helpers.results_layout import records_of
from helpers.texts import EN_A, OTHER

from simcompare.core.errors import ErrorCode
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.cache import SCHEMA_VERSION, Cache
from simcompare.core.folder.cleaner import MarkRule, marks_by_rule, set_reference, whole_groups
from simcompare.core.folder.scan import Problem, ScanOptions, list_files, raw_digest, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats.report import report_json
from simcompare.core.formats.results import load_results, results_json
from simcompare.core.search.groups import Laid

CONFIG = Config(segmenter="words")
OPTIONS = ScanOptions(workers=1, in_process=True)
K = 12
MARKDOWN = f"# A story\n\n{OTHER}\n\n- *one* item\n- a [link](http://example.com)\n"


def _session(root: Path, **kw: object) -> FolderSession:
    return FolderSession(scan(root, CONFIG, OPTIONS, **kw))  # type: ignore[arg-type]


def _paths(session: FolderSession, indices) -> set[str]:
    return {session.files[i].path for i in indices}


def _index(session: FolderSession, path: str) -> int:
    found = session.index_of(path)
    assert found is not None, path
    return found


def test_every_record_carries_device_inode_size_time_and_raw_digest(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.txt").write_text(EN_A, encoding="utf-8")
    (tmp_path / "sub" / "b.txt").write_text(OTHER, encoding="utf-8")
    session = _session(tmp_path)
    for record in session.files:
        info = os.lstat(tmp_path / record.path)
        assert (record.device, record.inode) == (info.st_dev, info.st_ino)
        assert (record.size, record.mtime_ns) == (info.st_size, info.st_mtime_ns)
        assert record.raw_digest == raw_digest((tmp_path / record.path).read_bytes())
    assert len({f.raw_digest for f in session.files}) == 2


def test_the_cache_keeps_identity_and_an_older_cache_is_rebuilt(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "b.md").write_text(EN_A, encoding="utf-8")
    path = tmp_path / "cache.sqlite3"
    with Cache(path) as cache:
        first = scan(root, CONFIG, OPTIONS, cache=cache)
    with Cache(path) as cache:
        again = scan(root, CONFIG, OPTIONS, cache=cache)
    assert again.stats.segmented == 0 and again.files == first.files
    assert all(f.raw_digest and f.inode for f in again.files)
    # a cache of the previous schema (no raw digest in its rows) is rebuilt, never fatal, never half used
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION - 1}")
    db.close()
    with Cache(path) as cache:
        rebuilt = scan(root, CONFIG, OPTIONS, cache=cache)
    assert rebuilt.stats.segmented == 2 and rebuilt.files == first.files
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def test_the_same_bytes_are_identical_whatever_the_format(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text(MARKDOWN, encoding="utf-8")
    (tmp_path / "README.txt").write_text(MARKDOWN, encoding="utf-8")  # read as plain text: another text
    # the same text in another format: the same cleaned text, other bytes
    (tmp_path / "story.txt").write_text(EN_A, encoding="utf-8")
    (tmp_path / "story.html").write_text(f"<html><body><p>{EN_A}</p></body></html>", encoding="utf-8")
    session = _session(tmp_path)
    md, txt = _index(session, "README.md"), _index(session, "README.txt")
    assert session.files[md].digest != session.files[txt].digest  # Markdown is read as Markdown
    assert session.files[md].raw_digest == session.files[txt].raw_digest
    groups = session.groups(K)
    readme = next(g for g in groups if md in g.indices)
    assert set(readme.indices) == {md, txt}
    (member,) = readme.members[1:]
    assert member.identical and member.distance == 0 and member.verified == 1.0 and readme.max_distance == 0
    laid = session.laid_out([Laid(g.indices, ((),) * len(g)) for g in groups], K)  # as saved results reopen them
    assert [(g.indices, g.max_distance) for g in laid] == [(g.indices, g.max_distance) for g in groups]
    figures = session.pair(md, txt, K)
    assert session.same_bytes(md, txt) and figures.identical and figures.distance == 0 and figures.resemblance == 1
    (moved,) = set_reference(session, readme, txt).members[1:]  # the other way round: still at 0
    assert moved.index == md and moved.identical and moved.distance == 0
    story = next(g for g in groups if _index(session, "story.txt") in g.indices)
    assert _paths(session, story.indices) == {"story.txt", "story.html"}
    assert story.members[1].identical and not session.same_bytes(*story.indices)
    data = report_json(session, groups, K)
    same = {m["path"]: (m["identical"], m["same_bytes"]) for g in data["groups"] for m in g["members"][1:]}  # type: ignore[index]
    assert same == {"README.txt": (True, True), "story.html": (True, False)}


def _hard_linked(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    (root / "sub").mkdir(parents=True)
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    os.link(root / "a.txt", root / "sub" / "a_link.txt")
    (root / "solo.txt").write_text(OTHER, encoding="utf-8")
    os.link(root / "solo.txt", root / "sub" / "solo_link.txt")
    return root


def test_a_hard_link_is_never_its_own_duplicate(tmp_path: Path) -> None:
    root = _hard_linked(tmp_path)
    session = _session(root)
    link, first = _index(session, "sub/a_link.txt"), _index(session, "a.txt")
    assert session.hardlink_of(link) == first and session.hardlink_of(first) is None
    assert session.file_key(link) == session.file_key(first)
    assert session.groups(K) == []  # two names of one file, and two of another: no duplicates at all
    assert session.histogram().pairs == 1  # the two files, each once
    data = results_json(session, [], K)
    records = {r["path"]: r for r in records_of(data)}
    assert records["sub/a_link.txt"]["hardlink_of"] == "a.txt"
    assert records["sub/solo_link.txt"]["hardlink_of"] == "solo.txt"
    assert "hardlink_of" not in records["a.txt"]
    reopened = FolderSession(load_results(json.loads(json.dumps(data))).result)
    assert reopened.hardlink_of(_index(reopened, "sub/a_link.txt")) == _index(reopened, "a.txt")


def test_hard_links_are_shown_never_wasted_never_marked(tmp_path: Path) -> None:
    root = _hard_linked(tmp_path)
    (root / "copy.txt").write_text(EN_A, encoding="utf-8")  # a real second copy
    os.utime(root / "copy.txt", ns=(4 * 10**18, 4 * 10**18))
    session = _session(root)
    a, link, copy = (_index(session, p) for p in ("a.txt", "sub/a_link.txt", "copy.txt"))
    (group,) = session.groups(K)
    assert set(group.indices) == {a, link, copy} and group.reference == a
    assert session.wasted_bytes(group) == session.files[copy].size  # the link frees nothing
    data = report_json(session, [group], K)
    (shown,) = data["groups"]  # type: ignore[misc]
    assert shown["wasted_bytes"] == session.files[copy].size
    assert {m["path"]: m["hardlink_of"] for m in shown["members"]} == {
        "a.txt": None,
        "copy.txt": None,
        "sub/a_link.txt": "a.txt",
    }
    for rule in MarkRule:
        if rule is MarkRule.INSIDE_FOLDER:
            continue
        marked = marks_by_rule(session, [group], rule)
        assert link not in marked, rule  # never marked by a rule
        assert len(session.distinct_files(group.indices) - session.distinct_files(marked)) >= 1, rule
    assert marks_by_rule(session, [group], MarkRule.ALL_BUT_REFERENCE) == {copy}
    assert marks_by_rule(session, [group], MarkRule.ALL_BUT_LONGEST_PATH) == {copy}  # keeps the link: a.txt too
    assert marks_by_rule(session, [group], MarkRule.ALL_BUT_NEWEST) == {a}
    # the whole folder: every file would go, so the reference's file stays, under both its names
    assert marks_by_rule(session, [group], MarkRule.INSIDE_FOLDER, folder=str(root)) == {copy}
    # "every copy of this group" counts files, not names
    assert whole_groups(session, [group], [a, copy]) == [1]
    assert whole_groups(session, [group], [link, copy]) == [1]
    assert whole_groups(session, [group], [a, link]) == []


def test_a_bind_mount_is_one_file_reached_twice(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    (root / "view").mkdir(parents=True)
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "b.txt").write_text(OTHER, encoding="utf-8")
    with bind_mount(root, root / "view"):
        session = _session(root)
        assert _paths(session, range(len(session.files))) == {"a.txt", "b.txt", "view/a.txt", "view/b.txt"}
        a, view_a = _index(session, "a.txt"), _index(session, "view/a.txt")
        assert session.hardlink_of(view_a) == a
        assert session.groups(K) == []  # without identity this was a group of one file twice


def _swap_for_link(folder: Path, outside: Path) -> None:
    folder.rename(folder.with_name(folder.name + "-moved"))
    folder.symlink_to(outside, target_is_directory=True)


def test_a_folder_swapped_for_a_link_during_the_listing_is_not_entered(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    (root / "sub").mkdir(parents=True)
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    (root / "sub" / "b.txt").write_text(EN_A, encoding="utf-8")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "precious.txt").write_text(EN_A, encoding="utf-8")
    calls = 0

    def check() -> None:  # called before each folder is listed: after the root, "sub" is swapped
        nonlocal calls
        calls += 1
        if calls == 2:
            _swap_for_link(root / "sub", outside)

    problems: list[Problem] = []
    entries = list_files(root, OPTIONS, problems, check)
    assert [e.rel for e in entries] == ["a.txt"]
    assert problems == [Problem("sub", ErrorCode.CHANGED, "folder replaced by a link or another folder; not entered")]
    assert calls == 2


def test_a_folder_swapped_for_another_folder_during_the_listing_is_not_entered(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "b.txt").write_text(EN_A, encoding="utf-8")
    calls = 0

    def check() -> None:
        nonlocal calls
        calls += 1
        if calls == 2:  # another folder under the same name: its identity differs
            (root / "sub").rename(root / "old")
            (root / "sub").mkdir()
            (root / "sub" / "planted.txt").write_text(EN_A, encoding="utf-8")

    problems: list[Problem] = []
    entries = list_files(root, ScanOptions(exclude=("old",)), problems, check)
    assert entries == [] and [p.path for p in problems] == ["sub"]


def test_a_scan_reports_a_folder_swapped_while_it_lists(tmp_path: Path) -> None:
    """The same through ``scan``: a link already in place when the walk comes is not followed either."""
    root = tmp_path / "docs"
    root.mkdir()
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "precious.txt").write_text(EN_A, encoding="utf-8")
    (root / "link").symlink_to(outside, target_is_directory=True)
    result = scan(root, CONFIG, OPTIONS)
    assert [f.path for f in result.files] == ["a.txt"] and not result.problems


@pytest.mark.parametrize("swap", ["link", "file"])
def test_a_sub_folder_replaced_by_a_link_or_a_file_is_reported_not_followed(tmp_path: Path, swap: str) -> None:
    root = tmp_path / "docs"
    (root / "sub" / "deep").mkdir(parents=True)
    (root / "sub" / "deep" / "b.txt").write_text(EN_A, encoding="utf-8")
    outside = tmp_path / "outside"
    (outside / "deep").mkdir(parents=True)
    (outside / "deep" / "precious.txt").write_text(EN_A, encoding="utf-8")
    calls = 0

    def check() -> None:  # root, sub, then sub/deep: before sub/deep, sub becomes a link (or a file)
        nonlocal calls
        calls += 1
        if calls == 3:
            (root / "sub").rename(root / "sub-moved")
            if swap == "link":
                (root / "sub").symlink_to(outside, target_is_directory=True)
            else:
                (root / "sub").write_text("not a folder", encoding="utf-8")

    problems: list[Problem] = []
    entries = list_files(root, ScanOptions(exclude=("sub-moved",)), problems, check)
    assert entries == []
    assert [(p.path, p.reason) for p in problems] == [("sub/deep", ErrorCode.CHANGED)]
