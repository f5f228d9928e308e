"""Saved results are untrusted input: crafted files are refused whole with one message naming the first bad
record (each bad path kind, duplicates, a.txt beside ./a.txt, huge numbers, wrong types), and nothing in a
results file makes an action reach outside the scanned folder."""

from __future__ import annotations

import base64
import copy
import json
import os
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from helpers.results_layout import as_listed, three_docs, with_record
from helpers.texts import EN_A

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder import safe_paths
from simcompare.core.folder.actions import expected_of, move_scanned, trash_scanned
from simcompare.core.folder.safe_paths import Skip, SkipReason, locate, path_problem
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats.results import load_results, read_results, results_json, results_text

K = 12


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return three_docs(tmp_path)


@pytest.fixture(params=["columns", "listed"])
def saved(root: Path, request: pytest.FixtureRequest) -> dict[str, Any]:
    """Saved results as written (records as columns), and as version 2 wrote them (a list of objects)."""
    session = FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    data = json.loads(results_text(session, session.groups(K), K))
    return data if request.param == "columns" else as_listed(data)


def test_good_results_load_and_say_what_changed_since(saved: dict[str, Any], root: Path) -> None:
    loaded = load_results(saved)
    assert [f.path for f in loaded.result.files] == ["a.txt", "b.txt", "sub/c.txt"]
    assert all(f.inode and f.device and f.raw_digest for f in loaded.result.files)
    assert loaded.changed == () and loaded.gone == ()
    (root / "b.txt").write_text("edited", encoding="utf-8")
    (root / "a.txt").unlink()
    (root / "sub" / "c.txt").rename(root / "c-old.txt")
    (root / "sub" / "c.txt").symlink_to(root / "c-old.txt")  # the same bytes behind a link: not the file
    loaded = load_results(saved)
    assert loaded.changed == ("b.txt", "sub/c.txt") and loaded.gone == ("a.txt",)


def test_a_scanned_folder_renamed_away_counts_its_files_as_vanished(saved: dict[str, Any], root: Path) -> None:
    root.rename(root.with_name("docs-renamed"))
    loaded = load_results(saved)
    assert loaded.changed == () and loaded.gone == ("a.txt", "b.txt", "sub/c.txt")
    with locate(str(root), expected_of(loaded.result.files[0])) as found:  # an action says the same
        assert isinstance(found, Skip) and found.reason is SkipReason.VANISHED and "folder is gone" in found.detail


BAD_PATHS = [
    ("", "the path is empty"),
    (".", "'.' segment"),
    ("..", "'..' segment"),
    ("../victim/precious.txt", "'..' segment"),
    ("sub/../../victim.txt", "'..' segment"),
    ("./a2.txt", "'.' segment"),
    ("sub/./c2.txt", "'.' segment"),
    ("/etc/passwd", "absolute"),
    ("sub//c2.txt", "empty segment"),
    ("sub/", "empty segment"),
    ("a\x00b.txt", "NUL"),
    ("x" * 40_000, "longer than"),
    ("/".join(["d"] * 5_000), "folders deep"),
    ("\ud800.txt", "no file name can hold"),
]


@pytest.mark.parametrize(("path", "words"), BAD_PATHS)
def test_each_bad_path_refuses_the_whole_file_naming_the_record(saved: dict[str, Any], path: str, words: str) -> None:
    with pytest.raises(ValueError, match=r"^records\[1\] \(") as refused:
        load_results(with_record(saved, 1, path=path))
    assert words in str(refused.value)
    assert "\n" not in str(refused.value) and "\x00" not in str(refused.value)
    assert len(str(refused.value)) < 400


def test_a_path_listed_twice_is_refused(saved: dict[str, Any]) -> None:
    data = with_record(saved, 2, path="a.txt")
    with pytest.raises(ValueError, match=r"records\[2\] \(a\.txt\): the same path as records\[0\]"):
        load_results(data)
    # a.txt beside ./a.txt: the second is refused as not normalised (it would be the same file)
    with pytest.raises(ValueError, match=r"records\[2\] \(\./a\.txt\): the path has a '\.' segment"):
        load_results(with_record(saved, 2, path="./a.txt"))


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("size", -1, "'size' must be from 0"),
        ("size", 2**70, "'size' must be from 0"),
        ("size", "12", "'size' must be a whole number"),
        ("size", True, "'size' must be a whole number"),
        ("size", 1.5, "'size' must be a whole number"),
        ("size", None, "'size' is missing"),
        ("mtime_ns", 2**63, "'mtime_ns' must be from"),
        ("mtime_ns", -(2**63) - 1, "'mtime_ns' must be from"),
        ("mtime_ns", 10**400, "'mtime_ns' must be from"),
        ("device", -1, "'device' must be from 0"),
        ("inode", 2**64, "'inode' must be from 0"),
        ("value", "f" * 17, "'value'"),
        ("value", "zz", "'value' must be a fingerprint in hexadecimal"),
        ("value", 5, "'value' must be text"),
        ("empty", "no", "'empty' must be true or false"),
        ("encoding", ["utf-8"], "'encoding' must be text"),
        ("digest", "d" * 500, "'digest' is longer than"),
        ("sketch", "not base64!", "'sketch' is not base64"),
        ("sketch", "AAA=", "4-byte values"),
        ("path", 7, "the path must be text"),
        ("hardlink_of", "../x", "'hardlink_of'"),
    ],
)
def test_every_number_is_range_checked_and_every_type_checked(
    saved: dict[str, Any], field: str, value: object, words: str
) -> None:
    with pytest.raises(ValueError, match=r"^records\[0\]") as refused:
        load_results(with_record(saved, 0, **{field: value}))
    assert words in str(refused.value)


def test_results_of_64_bit_sketches_load_as_todays_sketches(saved: dict[str, Any], root: Path) -> None:
    # results saved before sketches kept 32 bits: 64-bit words under "shingles", read as the sketch of now
    session = FolderSession(load_results(saved).result)
    old = as_listed(saved)  # results of 64-bit sketches listed their records
    for record, file in zip(old["records"], session.files, strict=True):
        del record["sketch"]
        widened = (np.frombuffer(file.sketch, dtype="<u4").astype(np.uint64) << np.uint64(32)) | np.uint64(0xABC)
        record["shingles"] = base64.b64encode(widened.astype("<u8").tobytes()).decode("ascii")
    reopened = FolderSession(load_results(old).result)
    assert [f.sketch for f in reopened.files] == [f.sketch for f in session.files]
    assert any(f.sketch for f in reopened.files)
    assert reopened.groups(K) == session.groups(K)
    with pytest.raises(ValueError, match=r"^records\[0\].*'shingles' must be a whole number of 8-byte values"):
        load_results(with_record(old, 0, shingles="AAAA"))


def test_a_time_at_the_limits_of_64_bits_loads(saved: dict[str, Any]) -> None:
    data = with_record(saved, 0, mtime_ns=2**63 - 1, size=2**63 - 1, inode=2**64 - 1)
    data = with_record(data, 1, mtime_ns=-(2**63))
    files = load_results(data, check_files=False).result.files
    assert files[0].mtime_ns == 2**63 - 1 and files[1].mtime_ns == -(2**63)


@pytest.mark.parametrize(
    ("where", "key", "value", "words"),
    [
        ("settings", "k", 10**30, "'k' must be from 0 to 63"),
        ("settings", "k", 64, "'k' must be from 0 to 63"),
        ("settings", "k", -1, "'k' must be from 0"),
        ("settings", "bits", 10**6, "'bits' must be from 1 to 512"),
        ("settings", "bits", "64", "'bits' must be a whole number"),
        ("settings", "top_k", 10**12, "'top_k' must be from 1"),
        ("settings", "min_verified", float("nan"), "'min_verified' must be a number from 0 to 1"),
        ("settings", "min_verified", 1e308, "'min_verified' must be a number from 0 to 1"),
        ("settings", "hasher", {"a": "1"}, "'hasher' must be text"),
        ("settings", "hasher", "no-such-hasher", "settings:"),
        ("settings", "root", "relative/folder", "'root' must be an absolute, normalised folder path"),
        ("settings", "root", "/a/../etc", "'root' must be an absolute, normalised folder path"),
        ("settings", "grouping", "clusters", "'grouping' must be one of"),
        ("settings", "partial", "yes", "'partial' must be true or false"),
        ("top", "version", 10**9, "format version"),
        ("top", "version", True, "format version"),
        ("top", "files", 10**12, "'files' must be from"),
        ("top", "files", 2, "'files' says 2 but there are 3 records"),
        ("top", "problems", {"x": 1}, "'problems' must be a list"),
        ("top", "settings", [], "'settings' is missing or not an object"),
        ("top", "empty", [1], "'empty' must be a list of paths"),
    ],
)
def test_settings_and_counts_are_range_checked(
    saved: dict[str, Any], where: str, key: str, value: object, words: str
) -> None:
    data = copy.deepcopy(saved)
    (data["settings"] if where == "settings" else data)[key] = value
    with pytest.raises(ValueError) as refused:
        load_results(data)
    assert words in str(refused.value)


def test_groups_and_problems_are_checked_too(saved: dict[str, Any]) -> None:
    assert saved["groups"], "the fixture's folder has a group"
    for change, words in (
        (lambda g: g.update(max_distance=10**9), "'max_distance' must be from 0 to 64"),
        (lambda g: g.update(wasted_bytes=-5), "'wasted_bytes' must be from 0"),
        (lambda g: g["members"][0].update(path="../x.txt"), "'..' segment"),
        (lambda g: g["members"][0].update(path="not/listed.txt"), "is not among the records"),
        (lambda g: g["members"][0].update(distance=65), "'distance' must be from 0 to 64"),
        (lambda g: g["members"][0].update(verified=2.0), "'verified' must be a number from 0 to 1"),
        (lambda g: g["members"][0].update(also_close=["/etc/passwd"]), "'also_close' must list paths"),
    ):
        data = copy.deepcopy(saved)
        change(data["groups"][0])
        with pytest.raises(ValueError, match=r"^groups\[0\]") as refused:
            load_results(data)
        assert words in str(refused.value)
    data = copy.deepcopy(saved)
    data["problems"] = [{"path": ".", "reason": "permission"}, {"path": "../x", "reason": "binary"}]
    with pytest.raises(ValueError, match=r"problems\[1\]: the path has a '\.\.' segment"):
        load_results(data)
    data["problems"] = [{"path": ".", "reason": "permission", "errno": 2**40}]
    with pytest.raises(ValueError, match="'errno' must be from 0"):
        load_results(data)


def test_read_results_refuses_what_is_not_json_results(tmp_path: Path, saved: dict[str, Any]) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    with pytest.raises(ValueError, match="nested too deeply"):
        read_results(deep)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b'{"format": "simcompare-scan\xff"}')
    with pytest.raises(ValueError, match="not UTF-8"):
        read_results(binary)
    huge = tmp_path / "huge.json"
    huge.write_text('{"format": "simcompare-scan", "version": ' + "9" * 5000 + "}", encoding="utf-8")
    with pytest.raises(ValueError, match="not a results file"):
        read_results(huge)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(saved), encoding="utf-8")
    assert len(read_results(good).result.files) == 3


def test_a_crafted_results_file_never_makes_an_action_reach_outside(saved: dict[str, Any], tmp_path: Path) -> None:
    """The issue's attacks, end to end: a file that passed validation still acts only on what it scanned."""
    root = Path(saved["settings"]["root"])
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "precious.txt").write_text("keep me", encoding="utf-8")
    (root / "link").symlink_to(victim, target_is_directory=True)
    info = os.stat(victim / "precious.txt")
    through_link = with_record(
        saved, 2, path="link/precious.txt", size=info.st_size, mtime_ns=info.st_mtime_ns, inode=info.st_ino
    )
    through_link = with_record(through_link, 2, device=info.st_dev)
    through_link["groups"] = []
    loaded = load_results(through_link)
    assert loaded.changed == ("link/precious.txt",)
    files = [expected_of(f) for f in loaded.result.files]
    trashed: list[str] = []
    report = trash_scanned(str(root), files[2:], trashed.append)
    assert not trashed and report.stayed[0].skipped is SkipReason.LINK_ON_PATH
    folder = with_record(saved, 2, path="sub", size=4096)
    folder["groups"] = []
    report = move_scanned(str(root), [expected_of(load_results(folder).result.files[2])], str(tmp_path / "aside"))
    assert report.stayed[0].skipped is SkipReason.FOLDER and (root / "sub" / "c.txt").exists()
    assert (victim / "precious.txt").read_text(encoding="utf-8") == "keep me"


def test_path_problem_accepts_every_ordinary_name() -> None:
    for good in ("a.txt", "sub/deep/c.txt", "..a", "a..", ".hidden", "名字/文件.txt", os.fsdecode(b"caf\xe9.txt")):
        assert path_problem(good) == "", good


def test_results_of_names_that_are_not_utf8_round_trip(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    odd = os.fsdecode(b"caf\xe9.txt")
    (root / odd).write_text(EN_A, encoding="utf-8")
    (root / "a.txt").write_text(EN_A, encoding="utf-8")
    session = FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    text = results_text(session, session.groups(K), K)
    saved = tmp_path / "r.json"
    saved.write_text(text, encoding="utf-8")  # plain UTF-8: the odd byte is the JSON escape \udce9
    assert "\\udce9" in text
    loaded = read_results(saved)
    assert [f.path for f in loaded.result.files] == [f.path for f in session.files]
    assert loaded.changed == () and loaded.gone == ()
    assert json.loads(text)["records"] == results_json(session, session.groups(K), K)["records"]


@pytest.mark.parametrize("walk", ["openat", "lstat"])
def test_reopening_checks_each_file_as_an_action_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, walk: str
) -> None:
    if walk == "lstat":
        monkeypatch.setattr(safe_paths, "DIR_FD_WALK", False)
    root = tmp_path / "docs"
    for rel in ("a/b/x.txt", "a/b/z.txt", "a/c/y.txt", "a/w.txt", "d/v.txt", "top.txt"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(f"{rel} {EN_A}", encoding="utf-8")
    session = FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    data = as_listed(json.loads(results_text(session, [], K)))
    data["records"] = [data["records"][i] for i in (2, 0, 5, 3, 1, 4)]  # not in path order
    assert load_results(data).changed == () and load_results(data).gone == ()
    outside = tmp_path / "outside"
    shutil.copytree(root / "a" / "c", outside, copy_function=shutil.copy2)  # same names, sizes and times
    (root / "a" / "c").rename(root / "a" / "c-old")
    (root / "a" / "c").symlink_to(outside, target_is_directory=True)
    (root / "d" / "v.txt").unlink()
    (root / "a" / "w.txt").write_text("edited", encoding="utf-8")
    loaded = load_results(data)
    assert sorted(loaded.changed) == ["a/c/y.txt", "a/w.txt"] and loaded.gone == ("d/v.txt",)


@pytest.mark.skipif(os.name != "posix", reason="escapes of a name's bytes (surrogateescape) are POSIX's")
def test_a_folder_spelled_otherwise_than_the_system_reads_it_is_refused(saved: dict[str, Any], root: Path) -> None:
    """'café' spelled by the escapes of its UTF-8 bytes is the same folder on disk, but another string: the
    scanned folder, a root or a reference folder so spelled would not meet the user's reference folders (spelled
    as the system reads them), so the file is refused."""
    odd = os.fsdecode(b"/tmp/caf") + "".join(chr(0xDC00 + byte) for byte in "é".encode())
    assert os.fsencode(odd) == "/tmp/café".encode() and odd != "/tmp/café"
    moved = copy.deepcopy(saved)
    moved["settings"]["root"] = odd
    with pytest.raises(ValueError, match=r"settings: 'root': the path spells a name's bytes otherwise"):
        load_results(moved, check_files=False)
    rooted = copy.deepcopy(saved)
    rooted["settings"]["roots"] = [{"path": odd, "role": "normal"}]
    with pytest.raises(ValueError, match=r"settings.roots\[0\]: 'path': the path spells a name's bytes otherwise"):
        load_results(rooted, check_files=False)
    kept = copy.deepcopy(saved)
    kept["cleaner"] = {"reference_folders": [str(root / "sub") + odd[-2:]]}
    with pytest.raises(ValueError, match=r"cleaner.reference_folders\[0\] must be an absolute, normalised"):
        load_results(kept, check_files=False)
    fine = copy.deepcopy(saved)
    fine["cleaner"] = {"reference_folders": [str(root / "sub")]}
    assert load_results(fine, check_files=False).reference_folders == (str(root / "sub"),)


@pytest.mark.parametrize(("value", "said"), [(None, "got null"), (5, "got a int")])
def test_a_records_text_field_says_what_it_holds_instead(root: Path, value: object, said: str) -> None:
    """A sketch column holding one null among texts is refused as null (it said "missing": the field is there);
    a field not written is missing."""
    session = FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    data = json.loads(results_text(session, session.groups(K), K))
    data["records"]["sketch"][0] = value
    with pytest.raises(ValueError, match=f"records\\[0\\].*'sketch' must be text, {said}"):
        load_results(data, check_files=False)
    listed = as_listed(json.loads(results_text(session, session.groups(K), K)))
    del listed["records"][0]["sketch"]
    listed["records"][0]["shingles"] = None
    with pytest.raises(ValueError, match="'shingles' must be text, got null"):
        load_results(listed, check_files=False)
