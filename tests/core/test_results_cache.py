"""Large saved results kept as read (``results_cache``): the next reading of the same bytes takes what the first
made, and only the same bytes, by this code, from a whole kept file of this user's."""

from __future__ import annotations

import json
import os
import stat
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from helpers.kept_results import json_readings, kept_files, kept_folder, sixty_texts
from helpers.names import make_file

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats import results, results_cache
from simcompare.core.formats.results import LoadedResults, read_results, save_results

K = 12


@pytest.fixture(autouse=True)
def _every_file_kept(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Every results file is worth keeping here (a few kilobytes, not 32 MB), in a cache folder of this test's."""
    monkeypatch.setattr(results_cache, "WORTH_BYTES", 0)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "cache"))


def _saved(tmp_path: Path, name: str = "R.json") -> Path:
    """Results of sixty texts (near-copies among them, a name that is not UTF-8, an empty file, a hard link),
    with marks, a chosen reference, a reference folder and a problem added as a person's window saves them."""
    root = sixty_texts(tmp_path / f"docs-{name}")
    make_file(root / "empty.txt", "")
    if os.name == "posix":
        os.link(root / "t00.txt", root / "link.txt")
    session = FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    groups = session.groups(K)
    assert len(groups) >= 2
    saved = tmp_path / name
    save_results(saved, session, groups, K)
    results_cache.wait()
    data = json.loads(saved.read_text(encoding="utf-8"))
    members = [m["path"] for g in data["groups"] for m in g["members"][1:]]
    data["cleaner"] = {"marked": sorted(members[:3]), "references": [members[-1]], "reference_folders": [str(root)]}
    data["groups"][0]["members"][1]["also_close"] = [data["groups"][1]["reference"]]
    data["problems"].append({"path": "gone.txt", "reason": "unreadable", "detail": "Permission denied", "errno": 13})
    saved.write_text(json.dumps(data, indent=1) + "\n", encoding="ascii")  # a name not UTF-8: its escape
    return saved


def _same(a: LoadedResults, b: LoadedResults) -> None:
    assert a.result.files == b.result.files
    assert a.result.problems == b.result.problems and a.result.skipped == b.result.skipped
    assert a.result.root == b.result.root and a.result.roots == b.result.roots and a.result.config == b.result.config
    assert (a.k, a.rule, a.min_verified, a.changed, a.gone) == (b.k, b.rule, b.min_verified, b.changed, b.gone)
    assert (a.marked, a.references, a.reference_folders) == (b.marked, b.references, b.reference_folders)
    assert list(a.laid) == list(b.laid)
    assert (a.boilerplate is None) == (b.boilerplate is None)
    if a.boilerplate is not None and b.boilerplate is not None:
        assert np.array_equal(a.boilerplate, b.boilerplate)


@pytest.mark.parametrize("batch", [65_536, 7, 1])
def test_the_second_reading_of_the_same_bytes_takes_what_the_first_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, batch: int
) -> None:
    """Also when the kept file's columns are written and read a few records at a time (a million files: 65,536)."""
    monkeypatch.setattr(results_cache, "_RECORDS_AT_ONCE", batch)
    monkeypatch.setattr(results_cache, "_SUMMED", 1 << 12 if batch < 100 else 1 << 25)
    saved = _saved(tmp_path)
    first = read_results(saved)
    results_cache.wait()
    [kept] = kept_files()
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600 and stat.S_IMODE(kept.parent.stat().st_mode) == 0o700
    parses = json_readings(monkeypatch)
    again = read_results(saved)
    assert parses == []  # taken from the kept file, not read as JSON
    _same(first, again)
    assert first.marked and first.references and first.reference_folders and len(first.laid) >= 2
    assert any(any(laid.also_close) for laid in first.laid)
    assert any("\udce9" in record.path for record in first.result.files) == (os.name == "posix")


def test_a_file_whose_bytes_changed_is_read_again_whatever_its_size_and_times(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A size written one digit higher in place: the same length, inode and times as when it was kept."""
    saved = _saved(tmp_path)
    read_results(saved, check_files=False)
    results_cache.wait()
    before = saved.stat()
    text = saved.read_bytes()
    at = text.index(b'"size": [') + len(b'"size": [')
    while not text[at : at + 1].isdigit():
        at += 1
    digit = text[at : at + 1]
    changed = text[:at] + (b"1" if digit != b"1" else b"2") + text[at + 1 :]
    with open(saved, "r+b") as out:
        out.write(changed)
    os.utime(saved, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert saved.stat().st_size == before.st_size and saved.stat().st_ino == before.st_ino
    parses = json_readings(monkeypatch)
    again = read_results(saved, check_files=False)
    assert parses == [1]
    _same(again, results._load(json.loads(changed), check_files=False, consume=False))


@pytest.mark.parametrize("spoil", ["payload", "header", "cut", "writable", "link", "not json"])
def test_a_kept_file_that_is_not_whole_or_not_ones_own_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spoil: str
) -> None:
    saved = _saved(tmp_path)
    first = read_results(saved, check_files=False)
    results_cache.wait()
    [kept] = kept_files()
    data = bytearray(kept.read_bytes())
    if spoil == "payload":  # bytes of the records gone from the middle: the header is no longer where it says
        payload = int.from_bytes(data[8:16], "little")  # after the magic: the records' bytes, then the header
        del data[16 + payload // 2 : 16 + payload // 2 + 100]
        kept.write_bytes(bytes(data))
    elif spoil == "header":
        kept.write_bytes(bytes(data).replace(b'"version":1', b'"version":9'))
    elif spoil == "cut":
        kept.write_bytes(bytes(data[: len(data) // 2]))
    elif spoil == "writable":
        kept.chmod(0o622)
    elif spoil == "link":
        other = tmp_path / "elsewhere.opened"
        kept.rename(other)
        kept.symlink_to(other)
    else:
        kept.write_bytes(b"SIMCOPEN" + (5).to_bytes(8, "little") + b"12345{not json")
    parses = json_readings(monkeypatch)
    again = read_results(saved, check_files=False)
    assert parses == [1]
    _same(first, again)


def test_a_kept_file_made_by_other_code_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saved = _saved(tmp_path)
    read_results(saved, check_files=False)
    results_cache.wait()
    monkeypatch.setattr(results_cache, "_code", lambda: "another version's")
    parses = json_readings(monkeypatch)
    read_results(saved, check_files=False)
    assert parses == [1]


def test_only_the_newest_are_kept_and_only_with_room(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = [_saved(tmp_path, f"R{n}.json") for n in range(results_cache.KEPT + 1)]
    for path in paths:
        read_results(path, check_files=False)
        results_cache.wait()
    kept = kept_files()
    assert len(kept) == results_cache.KEPT
    parses = json_readings(monkeypatch)
    read_results(paths[-1], check_files=False)
    assert parses == []  # the newest: kept
    read_results(paths[0], check_files=False)
    assert parses == [1]  # the oldest: gone
    results_cache.wait()
    for path in kept_files():
        path.unlink()

    class Full:
        free = 1024

    monkeypatch.setattr(results_cache.shutil, "disk_usage", lambda _folder: Full())
    read_results(paths[0], check_files=False)
    results_cache.wait()
    assert kept_files() == []  # a nearly full disk: nothing kept


def test_small_results_are_not_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(results_cache, "WORTH_BYTES", 32 * 1024**2)
    read_results(_saved(tmp_path), check_files=False)
    results_cache.wait()
    assert kept_files() == []


def test_a_refused_file_is_not_kept(tmp_path: Path) -> None:
    saved = _saved(tmp_path)
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["records"]["path"][0] = "../outside.txt"
    saved.write_text(json.dumps(data), encoding="ascii")
    for kept in kept_files():  # as saved before the change
        kept.unlink()
    with pytest.raises(ValueError, match="records"):
        read_results(saved, check_files=False)
    results_cache.wait()
    assert kept_files() == []


def _session(tmp_path: Path) -> tuple[FolderSession, list[Any]]:
    root = sixty_texts(tmp_path / "docs")
    session = FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    groups = session.groups(K)
    assert len(groups) >= 2
    # a member also close to another group's reference, as a search can find it (saved with its group)
    first = groups[0]
    near = replace(first.members[1], also_close=(groups[1].reference,))
    groups[0] = replace(first, members=(first.members[0], near, *first.members[2:]))
    return session, groups


@pytest.mark.parametrize("decided", ["nothing", "marks", "left out"])
def test_saved_results_are_kept_as_their_first_reading_makes_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, decided: str
) -> None:
    """Kept when saved (the records the session holds, the groups as written): the first reading takes them, and
    they are what reading the JSON makes (marks, chosen references, files left out, also-close files)."""
    from simcompare.core.folder.cleaner_state import CleanerState

    session, groups = _session(tmp_path)
    cleaner = None
    if decided != "nothing":
        cleaner = CleanerState()
        cleaner.start(session)
        cleaner.show_groups(groups)
        members = [m.index for g in groups for m in g.members if m.index != g.reference]
        cleaner.mark(members[:2])
        cleaner.choose_reference(groups[0], groups[0].members[-1].index)
        if decided == "left out":  # and the groups made again without it, as the window makes them
            gone = groups[1].members[-1].index
            cleaner.leave_out([gone])
            groups = session.groups(K, leave_out=[gone])
            cleaner.show_groups(groups)
    saved = tmp_path / "R.json"
    save_results(saved, session, groups, K, cleaner=cleaner)
    results_cache.wait()
    assert len(kept_files()) == 1
    parses = json_readings(monkeypatch)
    taken = read_results(saved)
    assert parses == []
    _same(taken, results._load(json.loads(saved.read_text(encoding="utf-8")), check_files=True, consume=False))
    if decided != "nothing":
        assert taken.marked and taken.references
    assert any(any(laid.also_close) for laid in taken.laid) == (decided != "left out")  # (the groups made again)


def test_results_saved_over_by_another_are_read_as_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another process writes other results at the same place (same inode, same size) right after the saving:
    their bytes are not those kept, so they are read."""
    session, groups = _session(tmp_path)
    saved = tmp_path / "R.json"
    save_results(saved, session, groups, K)
    results_cache.wait()
    text = saved.read_bytes()
    other = text.replace(b'"min_verified": ', b'"min_verified":\t', 1)
    assert other != text and len(other) == len(text)
    with open(saved, "r+b") as out:
        out.write(other)
    parses = json_readings(monkeypatch)
    read_results(saved, check_files=False)
    assert parses == [1]


@pytest.mark.parametrize("obstacle", ["disk full", "folder is a file"])
def test_results_that_cannot_be_kept_are_read_all_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, obstacle: str
) -> None:
    """A disk that fills while the kept file is written, a cache folder that cannot be made: the results read as
    they always did, and nothing is left behind (no kept file, no temporary one)."""
    saved = _saved(tmp_path)
    for kept in kept_files():
        kept.unlink()
    if obstacle == "disk full":

        def full(_descriptor: int) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(results_cache.os, "fsync", full)
    else:
        folder = kept_folder()
        folder.rmdir()
        folder.write_text("not a folder")
    first = read_results(saved, check_files=False)
    results_cache.wait()
    again = read_results(saved, check_files=False)
    results_cache.wait()
    _same(first, again)
    folder = kept_folder()
    assert (list(folder.iterdir()) if folder.is_dir() else []) == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_place_of_a_kept_file_is_not_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saved = _saved(tmp_path)
    read_results(saved, check_files=False)
    results_cache.wait()
    [kept] = kept_files()
    kept.unlink()
    os.mkfifo(kept, 0o600)
    parses = json_readings(monkeypatch)
    read_results(saved, check_files=False)  # would wait for a writer forever if the FIFO were opened to read
    assert parses == [1]


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="no /proc here to count descriptors")
def test_a_folder_given_as_results_leaves_no_descriptor_open(tmp_path: Path) -> None:
    """(Each reading leaked one before; other threads of the test run may open or close one meanwhile.)"""
    folder = tmp_path / "R.json"
    folder.mkdir()
    results_cache.wait()
    before = len(os.listdir("/proc/self/fd"))
    for _ in range(20):
        with pytest.raises(IsADirectoryError):
            read_results(folder)
    assert len(os.listdir("/proc/self/fd")) <= before + 2


def test_a_digest_takes_in_a_little_white_space_left_unread_and_no_more() -> None:
    """What the JSON reading left unread: a newline is part of the file; more than 64 KB (a file written on since
    it was opened, maybe without end) is not read, and no digest is given."""
    import hashlib
    import io

    text = b'{"format": "simcompare-scan"}'
    for tail, whole in ((b"\n", True), (b" " * (1 << 16), False), (b"\n{", False)):
        handle = io.BytesIO(text + tail)
        hashing = results_cache.Hashing(handle)
        assert hashing.read(len(text)) == text
        expected = hashlib.sha256(text + tail).hexdigest() if whole else None
        assert hashing.digest() == expected
        assert handle.tell() <= len(text) + (1 << 16)


def test_nothing_is_kept_once_the_process_ends(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saved (or read) while the process ends: the checks of the records stop between batches, nothing is written,
    nothing is left behind; the results themselves are saved whole."""
    import threading

    session, groups = _session(tmp_path)
    ended = threading.Event()
    ended.set()
    monkeypatch.setattr(results_cache, "_ENDING", ended)
    checked: list[int] = []
    check = results._plainly_read

    def counted(*args: Any) -> bool:
        checked.append(1)
        return check(*args)

    monkeypatch.setattr(results, "_plainly_read", counted)
    saved = tmp_path / "R.json"
    save_results(saved, session, groups, K)
    read_results(saved, check_files=False)
    results_cache.wait()
    folder = kept_folder()
    assert (list(folder.iterdir()) if folder.is_dir() else []) == []
    assert checked == []  # given up before the first batch
    monkeypatch.setattr(results_cache, "_ENDING", threading.Event())
    _same(read_results(saved, check_files=False), read_results(saved, check_files=False))
