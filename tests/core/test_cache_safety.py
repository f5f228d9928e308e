"""The cache never touches what is not its own, and a cache that cannot be used never stops a scan (issue 10)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
import warnings
from dataclasses import replace
from pathlib import Path

import pytest
from helpers.cache_rows import Packed, as_json, store_features

from simcompare.core.folder.cache import (
    Cache,
    CachedFeatures,
    CacheWarning,
    NotACacheError,
    default_cache_path,
    is_own_cache_file,
    open_cache,
)
from simcompare.core.folder.scan import ScanOptions, scan

OPTIONS = ScanOptions(workers=1)
TEXTS = {
    "a.txt": "今天天气很好，我们去公园散步吧。明天我们去上海看望朋友，顺便参观博物馆和美术馆。",
    "b.txt": "The quick brown fox jumps over the lazy dog near the river bank while the farmer watches.",
    "c.txt": "人工智能技术正在改变医疗行业，医生利用深度学习模型分析影像资料，提高诊断的准确率。",
}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    root.mkdir()
    for name, text in TEXTS.items():
        (root / name).write_text(text, encoding="utf-8")
    return root


def _values(result) -> dict[str, int]:  # type: ignore[no-untyped-def]
    return {f.path: f.value for f in result.files}


# ------------------------------------------------------------------------------ what is not ours


@pytest.mark.parametrize("content", [b"my notes\n", b"", b"SQLite format 3\x00" + bytes(200)])
def test_a_users_file_is_never_replaced(tmp_path: Path, content: bytes) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_bytes(content)
    with pytest.raises(NotACacheError, match="left untouched"):
        Cache(notes)
    assert notes.read_bytes() == content
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(NotACacheError, match="is a folder"):
        Cache(tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_a_device_is_refused_and_stays_a_device() -> None:
    with pytest.raises(NotACacheError, match="not a regular file"):
        Cache("/dev/null")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "cache.fifo"
    os.mkfifo(fifo)
    with pytest.raises(NotACacheError, match="not a regular file"):
        Cache(fifo)  # a blocking open would hang here forever
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_path_under_a_file_is_refused(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("mine", encoding="utf-8")
    with pytest.raises(NotACacheError, match="under a file"):
        Cache(notes / "cache.sqlite3")
    assert notes.read_text(encoding="utf-8") == "mine"


def test_the_cache_carries_its_own_application_id(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    Cache(path).close()
    assert is_own_cache_file(path)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA application_id").fetchone()[0] == 0x53494D43
    db.close()


def test_named_foreign_path_is_an_error_the_default_one_set_aside(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Named, the file is the user's and stays untouched; at the default place, in the app's own folder, it
    is the app's cache damaged past recognition: moved aside (kept) and rebuilt, with one warning."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    default = default_cache_path()
    default.parent.mkdir(parents=True)
    default.write_bytes(b"someone else's")
    with pytest.raises(NotACacheError):
        open_cache(default)
    assert default.read_bytes() == b"someone else's"
    with pytest.warns(CacheWarning, match="moved to") as caught:
        cache = open_cache()
    assert cache is not None
    cache.close()
    assert len(caught) == 1 and "\n" not in str(caught[0].message)
    (aside,) = default.parent.glob("cache.sqlite3.damaged-*")
    assert aside.read_bytes() == b"someone else's"


# ------------------------------------------------------------------------------ where it lives


def test_relative_xdg_cache_home_is_ignored(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_cache_path() == tmp_path / "home" / ".cache" / "simcompare" / "cache.sqlite3"


def test_relative_xdg_cache_home_never_puts_the_cache_in_the_scanned_folder(folder: Path, tmp_path: Path) -> None:
    env = dict(os.environ, XDG_CACHE_HOME=".", HOME=str(tmp_path / "home"))
    before = sorted(p.name for p in folder.iterdir())
    done = subprocess.run(
        [sys.executable, "-m", "simcompare", "scan", ".", "--workers", "1", "--segmenter", "words"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in folder.iterdir()) == before
    assert (tmp_path / "home" / ".cache" / "simcompare" / "cache.sqlite3").is_file()


def test_no_home_means_no_cache_and_one_warning(folder: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("HOME", "")
    monkeypatch.delenv("XDG_CACHE_HOME")
    with pytest.warns(CacheWarning, match="no home folder") as caught:
        cache = open_cache()
    assert cache is None and len(caught) == 1
    assert len(scan(folder, options=OPTIONS, cache=cache).files) == len(TEXTS)


def test_read_only_cache_folder_gives_one_warning_and_the_scan_runs(
    folder: Path, tmp_path: Path, as_unprivileged
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        with as_unprivileged(), pytest.warns(CacheWarning, match="cannot be created") as caught:
            cache = open_cache(locked / "simcompare" / "cache.sqlite3")
    finally:
        locked.chmod(0o755)
    assert cache is None and len(caught) == 1
    assert list(locked.iterdir()) == []
    assert _values(scan(folder, options=OPTIONS, cache=cache)) == _values(scan(folder, options=OPTIONS))


def test_read_only_cache_file_gives_one_warning_and_the_scan_runs(tmp_path: Path, as_unprivileged) -> None:
    from simcompare.core.tokens.segment import jieba_blocks

    jieba_blocks()  # loaded first: 'nobody' cannot read the interpreter's packages under /root
    folder = tmp_path / "docs"
    folder.mkdir()
    for name, text in TEXTS.items():
        (folder / name).write_text(text, encoding="utf-8")
    place = tmp_path / "place"
    place.mkdir()
    path = place / "cache.sqlite3"
    Cache(path).close()
    for leftover in place.glob("cache.sqlite3-*"):
        leftover.unlink()
    path.chmod(0o444)
    place.chmod(0o555)
    before = path.read_bytes()
    try:
        with as_unprivileged(), warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            cache = open_cache(path)
            result = scan(folder, options=OPTIONS, cache=cache)
            if cache is not None:
                cache.close()
    finally:
        place.chmod(0o755)
    messages = [str(w.message) for w in caught if issubclass(w.category, CacheWarning)]
    assert len(messages) == 1 and "\n" not in messages[0], messages
    assert _values(result) == _values(scan(folder, options=OPTIONS))
    assert path.read_bytes() == before


_FULL_DISK = """
import os, sys, warnings
from pathlib import Path
from simcompare.core.folder.cache import open_cache
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.fingerprint.simhash import Config
disk, folder, order = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
if order == "full-later":
    open_cache(disk / "cache.sqlite3").close()
try:
    with open(disk / "filler", "wb") as filler:
        while True:
            filler.write(b"x" * 512)
            filler.flush()
except OSError:
    pass
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    cache = open_cache(disk / "cache.sqlite3")
    result = scan(folder, Config(segmenter="words"), ScanOptions(workers=1), cache=cache)
for w in caught:
    print("WARNING", w.message)
print("FILES", len(result.files))
"""


@pytest.mark.parametrize("order", ["full-first", "full-later"])
def test_a_full_disk_is_called_a_full_disk(folder: Path, tmp_path: Path, order: str) -> None:
    if shutil.which("unshare") is None or not sys.platform.startswith("linux"):
        pytest.skip("a small real file system needs Linux mount namespaces (unshare)")
    disk = tmp_path / "disk"
    disk.mkdir()
    user_ns = [] if os.geteuid() == 0 else ["--user", "--map-root-user"]
    script = f'mount -t tmpfs -o size=48k tmpfs "$1" && shift && exec "{sys.executable}" -c "$0" "$@"'
    done = subprocess.run(
        ["unshare", *user_ns, "--mount", "sh", "-c", script, _FULL_DISK, str(disk), str(disk), str(folder), order],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    warnings_ = [line for line in done.stdout.splitlines() if line.startswith("WARNING")]
    assert len(warnings_) == 1, done.stdout
    assert "the disk is full" in warnings_[0]
    assert f"FILES {len(TEXTS)}" in done.stdout


# ------------------------------------------------------------------------------ rows and keys


def test_bad_rows_are_misses_and_rewritten(folder: Path, tmp_path: Path) -> None:
    path = tmp_path / "cache.sqlite3"
    with Cache(path) as cache:
        fresh = scan(folder, options=OPTIONS, cache=cache)
    db = sqlite3.connect(path)
    a, b = os.fsencode(folder / "a.txt"), os.fsencode(folder / "b.txt")
    db.execute("UPDATE fingerprints SET payload = CAST(X'80FF' AS TEXT) WHERE path = ?", (a,))
    db.execute("UPDATE features SET payload = CAST(X'80FF' AS TEXT) WHERE path = ?", (a,))
    db.execute("UPDATE fingerprints SET payload = '{broken' WHERE path = ?", (b,))
    db.execute("UPDATE features SET payload = '{\"counts\": 3}' WHERE path = ?", (b,))
    db.commit()
    db.close()
    with warnings.catch_warnings():
        warnings.simplefilter("error", CacheWarning)
        with Cache(path) as cache:
            second = scan(folder, options=OPTIONS, cache=cache)
            third = scan(folder, options=OPTIONS, cache=cache)
    assert second.stats.segmented == 2
    assert _values(second) == _values(fresh)
    assert third.stats.segmented == 0 and third.stats.fingerprints_from_cache == len(TEXTS)


@pytest.mark.parametrize(
    "change",
    [{"counts": {"fox": -1}}, {"counts": {"fox": "2"}}, {"counts": {"fox": True}}, {"sequence": ["fox", 3]}],
    ids=["negative count", "count as text", "count as bool", "token not text"],
)
def test_a_stored_token_or_count_of_the_wrong_kind_is_a_miss(folder: Path, tmp_path: Path, change: dict) -> None:
    path = tmp_path / "cache.sqlite3"
    with Cache(path) as cache:
        fresh = scan(folder, options=OPTIONS, cache=cache)
    db = sqlite3.connect(path)
    a = os.fsencode(folder / "a.txt")
    for key, payload in db.execute("SELECT key, payload FROM features WHERE path = ?", (a,)).fetchall():
        stored = json.loads(as_json(payload))  # a row of the JSON kind, as an older simcompare wrote them
        stored.update(change)
        if "sequence" in change and stored.get("sequence") is None:
            stored["counts"] = {"fox": 1.5}  # no sequence is kept at these settings: spoil a count instead
        db.execute("UPDATE features SET payload = ? WHERE path = ? AND key = ?", (json.dumps(stored), a, key))
    db.commit()
    db.close()
    with Cache(path) as cache:
        again = scan(folder, options=OPTIONS, cache=cache)
    assert again.stats.segmented == 1
    assert _values(again) == _values(fresh)


def _spoil_rows(path: Path, table: str, file: Path, spoil) -> None:  # type: ignore[no-untyped-def]
    name = os.fsencode(file)
    with contextlib.closing(sqlite3.connect(path)) as db:
        for key, payload in db.execute(f"SELECT key, payload FROM {table} WHERE path = ?", (name,)).fetchall():
            db.execute(f"UPDATE {table} SET payload = ? WHERE path = ? AND key = ?", (spoil(payload), name, key))
        db.commit()


def _without(header: dict, name: str) -> dict:
    return {key: value for key, value in header.items() if key != name}


def _one_token_fewer(row: Packed) -> Packed:
    tokens = row.tokens.replace(b"\x00", b"", 1)
    return replace(row, tokens=tokens).with_header(text=len(tokens))


def _one_token_more(row: Packed) -> Packed:
    tokens = row.tokens + b"\x00x"
    return replace(row, tokens=tokens).with_header(text=len(tokens))


PACKED_SPOILS = {
    "cut short": lambda p: p[:-1],
    "cut in the header": lambda p: p[:12],
    "header size past the end": lambda p: replace(Packed.of(p), size=2**32 - 1).payload(),
    "header not JSON": lambda p: replace(Packed.of(p), raw_header=b"{broken").payload(),
    "header not an object": lambda p: replace(Packed.of(p), raw_header=b"[1, 2]").payload(),
    "header nested too deep": lambda p: replace(Packed.of(p), raw_header=b"[" * 100_000).payload(),
    "header not UTF-8": lambda p: replace(Packed.of(p), raw_header=b'{"encoding": "\xff"}').payload(),
    "huge number of tokens": lambda p: Packed.of(p).with_header(tokens=10**30).payload(),
    "number of tokens as text": lambda p: Packed.of(p).with_header(tokens="3").payload(),
    "number of tokens as bool": lambda p: Packed.of(p).with_header(tokens=True).payload(),
    "negative size of the tokens": lambda p: Packed.of(p).with_header(text=-1).payload(),
    "a count of 0": lambda p: replace(Packed.of(p), counts=bytes(4) + Packed.of(p).counts[4:]).payload(),
    "a token not UTF-8": lambda p: replace(Packed.of(p), tokens=b"\xff" + Packed.of(p).tokens[1:]).payload(),
    "one token fewer than counts": lambda p: _one_token_fewer(Packed.of(p)).payload(),
    "one token more than counts": lambda p: _one_token_more(Packed.of(p)).payload(),
    "a sequence of the wrong length": lambda p: (
        replace(Packed.of(p), sequence=b"a\x00b").with_header(sequence=5).payload()
    ),
    "bytes after the tokens": lambda p: replace(Packed.of(p), sequence=b"x").payload(),
    "a field unknown": lambda p: Packed.of(p).with_header(colour="red").payload(),
    "a field missing": lambda p: replace(Packed.of(p), header=_without(Packed.of(p).header, "digest")).payload(),
    "digest not text": lambda p: Packed.of(p).with_header(digest=3).payload(),
    "sketch not hex": lambda p: Packed.of(p).with_header(sketch32="zz").payload(),
    "sketch of a wrong length": lambda p: Packed.of(p).with_header(sketch32="abcdef").payload(),
}


@pytest.mark.parametrize("spoil", PACKED_SPOILS.values(), ids=PACKED_SPOILS.keys())
def test_a_damaged_packed_row_is_a_miss_and_rewritten(folder: Path, tmp_path: Path, spoil) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "cache.sqlite3"
    with Cache(path) as cache:
        fresh = scan(folder, options=OPTIONS, cache=cache)
    _spoil_rows(path, "features", folder / "a.txt", spoil)
    with warnings.catch_warnings():
        warnings.simplefilter("error", CacheWarning)
        with Cache(path) as cache:
            again = scan(folder, options=OPTIONS, cache=cache)  # its fingerprint is cached: the row is still refused
            third = scan(folder, options=OPTIONS, cache=cache)
    assert again.stats.segmented == 1
    assert again.files == fresh.files
    assert third.stats.segmented == 0 and third.files == fresh.files


@pytest.mark.parametrize("table", ["features", "fingerprints"])
def test_json_nested_past_the_decoders_depth_is_a_miss(folder: Path, tmp_path: Path, table: str) -> None:
    path = tmp_path / "cache.sqlite3"
    with Cache(path) as cache:
        fresh = scan(folder, options=OPTIONS, cache=cache)
    _spoil_rows(path, table, folder / "a.txt", lambda _: "[" * 100_000)
    with Cache(path) as cache:
        again = scan(folder, options=OPTIONS, cache=cache)
    assert again.files == fresh.files
    assert (again.stats.segmented, again.stats.fingerprints_from_cache) == (
        (1, len(TEXTS) - 1) if table == "features" else (0, len(TEXTS) - 1)
    )


def test_a_token_stored_twice_has_the_sum_of_its_counts(tmp_path: Path) -> None:
    features = CachedFeatures({"春天": 2, "花园": 1}, None, "utf-8", "digest", b"", "raw")
    name = tmp_path / "a.txt"
    with Cache(tmp_path / "cache.sqlite3") as cache:
        store_features(cache, name, features)

    def twice(payload: bytes) -> bytes:
        row = Packed.of(payload)
        tokens = row.tokens + "\x00春天".encode()
        return (
            replace(row, counts=row.counts + (3).to_bytes(4, "little"), tokens=tokens)
            .with_header(tokens=3, text=len(tokens))
            .payload()
        )

    _spoil_rows(tmp_path / "cache.sqlite3", "features", name, twice)
    with Cache(tmp_path / "cache.sqlite3") as cache:
        ((_, found),) = cache.features_under(str(tmp_path), "key").values()
    assert found.unpacked().counts == {"春天": 5, "花园": 1}
    assert found.words == 6


def test_same_size_edit_with_restored_mtime_is_seen(folder: Path, tmp_path: Path) -> None:
    target = folder / "b.txt"
    with Cache(tmp_path / "cache.sqlite3") as cache:
        scan(folder, options=OPTIONS, cache=cache)
        info = target.stat()
        text = target.read_text(encoding="utf-8").replace("quick brown fox", "slow yellow cat")
        assert len(text.encode()) == info.st_size
        target.write_text(text, encoding="utf-8")
        os.utime(target, ns=(info.st_atime_ns, info.st_mtime_ns))  # as cp -p, rsync -a and tar do
        again = scan(folder, options=OPTIONS, cache=cache)
    assert again.stats.segmented == 1
    assert _values(again) == _values(scan(folder, options=OPTIONS))


def test_file_replaced_by_another_with_same_size_and_times_is_seen(folder: Path, tmp_path: Path) -> None:
    target = folder / "b.txt"
    with Cache(tmp_path / "cache.sqlite3") as cache:
        scan(folder, options=OPTIONS, cache=cache)
        info = target.stat()
        other = tmp_path / "other.txt"
        other.write_text(target.read_text(encoding="utf-8").replace("farmer", "driver"), encoding="utf-8")
        os.utime(other, ns=(info.st_atime_ns, info.st_mtime_ns))
        os.replace(other, target)  # a new inode
        again = scan(folder, options=OPTIONS, cache=cache)
    assert again.stats.segmented == 1


def test_names_that_are_not_utf8_are_cached(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    name = os.fsdecode(b"caf\xe9.txt")
    (root / name).write_text(TEXTS["b.txt"], encoding="utf-8")
    (root / "a.txt").write_text(TEXTS["a.txt"], encoding="utf-8")
    with Cache(tmp_path / "cache.sqlite3") as cache:
        first = scan(root, options=OPTIONS, cache=cache)
        second = scan(root, options=OPTIONS, cache=cache)
    assert {f.path for f in first.files} == {name, "a.txt"}
    assert second.stats.fingerprints_from_cache == 2
    assert _values(first) == _values(second)


def test_a_cache_with_a_long_name_is_made(tmp_path: Path) -> None:
    # its temporary name was ".{name}.{32 hex}.new": "File name too long" for a name of more than 217 bytes; the
    # longest that works is SQLite's (its "-journal" beside the file must fit in 255 bytes too)
    from simcompare.core.folder.cache import Cache

    path = tmp_path / ("c" * 240)
    with Cache(path) as cache:
        assert cache is not None
    assert path.is_file() and [p.name for p in tmp_path.iterdir()] == [path.name]
