"""The scan cache: hits, re-use of segmentation, invalidation, broken files and concurrent use."""

from __future__ import annotations

import contextlib
import hashlib
import os
import random
import sqlite3
import threading
import warnings
from pathlib import Path

import pytest
from helpers.cache_rows import STAMP, as_json, store_features

from simcompare.core.fingerprint.simhash import Config, fingerprint
from simcompare.core.folder.cache import Cache, CachedFeatures, CacheWarning, NotACacheError
from simcompare.core.folder.scan import ScanOptions, scan

TEXTS = {
    "a.txt": "今天天气很好，我们去公园散步吧。明天我们去上海看望朋友，顺便参观博物馆和美术馆。晚上一起吃饭。",
    "b.txt": "今天天气不错，我们去公园散步吧。明天我们去北京看望朋友，顺便参观博物馆和美术馆。晚上一起吃饭。",
    "c.md": "The quick brown fox jumps over the lazy dog near the river bank while the farmer watches.",
    "sub/d.txt": "人工智能技术正在改变医疗行业，医生利用深度学习模型分析影像资料，提高诊断的准确率和效率。",
    "sub/e.html": (
        "<html><body><h1>标题</h1><p>春天来了，花园里的桃花和杏花都开了，蜜蜂在花丛中忙碌地采蜜。</p></body></html>"
    ),
    "gbk.txt": "春天来了，花园里的桃花和杏花都开了，孩子们在草地上放风筝，老人们坐在长椅上晒太阳聊天。",
    "empty.txt": "",
}
OPTIONS = ScanOptions(workers=1)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    for name, text in TEXTS.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("gbk" if name == "gbk.txt" else "utf-8"))
    return root


@pytest.fixture
def cache_path(tmp_path: Path) -> Path:
    return tmp_path / "cache" / "cache.sqlite3"


def values(result) -> dict[str, int]:  # type: ignore[no-untyped-def]
    return {f.path: f.value for f in result.files}


def test_rescan_of_unchanged_folder_segments_nothing(folder: Path, cache_path: Path) -> None:
    with Cache(cache_path) as cache:
        first = scan(folder, options=OPTIONS, cache=cache)
        assert first.stats.segmented == len(TEXTS)
        assert first.stats.fingerprints_from_cache == 0
        second = scan(folder, options=OPTIONS, cache=cache)
    assert len(second.files) == len(TEXTS)
    assert second.stats.fingerprints_from_cache == len(second.files)
    assert second.stats.segmented == 0
    assert second.stats.features_from_cache == 0
    assert values(second) == values(first)
    assert second.empty == first.empty == ["empty.txt"]
    # a new Cache object on the same file (a new process) sees the same entries
    with Cache(cache_path) as cache:
        third = scan(folder, options=OPTIONS, cache=cache)
    assert third.stats.segmented == 0 and third.stats.fingerprints_from_cache == len(TEXTS)


def test_cached_records_equal_fresh_records(folder: Path, cache_path: Path) -> None:
    """A record from the cache is the same record a fresh scan gives, encoding included."""
    with Cache(cache_path) as cache:
        first = scan(folder, options=OPTIONS, cache=cache)
        second = scan(folder, options=OPTIONS, cache=cache)
    assert second.stats.fingerprints_from_cache == len(TEXTS)
    fresh = {f.path: f.encoding for f in first.files}
    assert fresh["gbk.txt"].lower() in {"gbk", "gb18030", "gb2312"}
    assert {f.path: f.encoding for f in second.files} == fresh
    assert second.files == first.files


@pytest.mark.parametrize(
    "config",
    [
        Config(weighting="tfidf"),
        Config(bits=128),
        Config(weighting="uniform", bits=32, hasher="sha1"),
        Config(top_k=5),
    ],
    ids=["tfidf", "bits128", "uniform32sha1", "topk5"],
)
def test_other_weighting_or_width_reuses_segmentation(folder: Path, cache_path: Path, config: Config) -> None:
    with Cache(cache_path) as cache:
        scan(folder, options=OPTIONS, cache=cache)
        changed = scan(folder, config, OPTIONS, cache=cache)
        assert changed.stats.segmented == 0
        assert changed.stats.features_from_cache == len(TEXTS)
        assert changed.stats.fingerprints_from_cache == 0
        again = scan(folder, config, OPTIONS, cache=cache)
    assert again.stats.fingerprints_from_cache == len(TEXTS)
    fresh = scan(folder, config, OPTIONS)
    assert values(changed) == values(fresh) == values(again)
    assert changed.empty == fresh.empty
    assert values(fresh)["a.txt"] == fingerprint(TEXTS["a.txt"], config).value


def test_textrank_reuses_the_sequence_it_stored(folder: Path, cache_path: Path) -> None:
    """TextRank weighs the kept tokens in order: the cache keeps the sequence with the counts."""
    textrank, wider = Config(weighting="textrank"), Config(weighting="textrank", bits=128)
    with Cache(cache_path) as cache:
        scan(folder, textrank, OPTIONS, cache=cache)
        changed = scan(folder, wider, OPTIONS, cache=cache)
    assert changed.stats.segmented == 0
    assert changed.stats.features_from_cache == len(TEXTS)
    assert values(changed) == values(scan(folder, wider, OPTIONS))
    assert values(changed)["a.txt"] == fingerprint(TEXTS["a.txt"], wider).value


def test_finished_files_reach_the_cache_while_the_scan_goes_on(
    folder: Path, cache_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rows are stored a batch at a time during the scan (another connection sees them before it ends), and
    a whole scan stores every file once."""
    from simcompare.core.folder import scan as scan_module

    monkeypatch.setattr(scan_module._Run, "STORE_EVERY", 2)
    seen: list[int] = []

    def progress(done: int, total: int, stage: str) -> None:
        if stage == "reading" and done == total - 1:  # the last file not yet finished
            with sqlite3.connect(cache_path) as other:
                seen.append(other.execute("SELECT COUNT(*) FROM features").fetchone()[0])

    with Cache(cache_path) as cache:
        first = scan(folder, options=OPTIONS, cache=cache, progress=progress)
        again = scan(folder, options=OPTIONS, cache=cache)
    assert seen and 2 <= seen[0] < len(TEXTS)
    assert again.stats.segmented == 0 and again.stats.fingerprints_from_cache == len(TEXTS)
    assert values(again) == values(first)


def test_segmentation_settings_invalidate(folder: Path, cache_path: Path) -> None:
    with Cache(cache_path) as cache:
        scan(folder, options=OPTIONS, cache=cache)
        chars = scan(folder, Config(segmenter="chars"), OPTIONS, cache=cache)
        nostop = scan(folder, Config(stopwords=False), OPTIONS, cache=cache)
    assert chars.stats.segmented == len(TEXTS)
    assert nostop.stats.segmented == len(TEXTS)
    assert values(chars) == values(scan(folder, Config(segmenter="chars"), OPTIONS))


def _salted(salt: bytes):  # type: ignore[no-untyped-def]
    def custom(data: bytes) -> int:
        return int.from_bytes(hashlib.sha256(salt + data).digest()[:8], "big")

    return custom


def test_a_callable_hasher_never_gets_another_callables_fingerprints(folder: Path, cache_path: Path) -> None:
    """Two callables of one name give other bits: their fingerprints are not cached, their features are."""
    one, other = Config(hasher=_salted(b"1")), Config(hasher=_salted(b"2"))
    assert one.hash_function.name == other.hash_function.name == "custom"
    options = ScanOptions(workers=1, in_process=True)  # the callables are local: nothing to pickle
    with Cache(cache_path) as cache:
        first = scan(folder, one, options, cache=cache)
        second = scan(folder, other, options, cache=cache)
    assert second.stats.segmented == 0 and second.stats.fingerprints_from_cache == 0  # features reused, no bits
    assert values(first) == values(scan(folder, one, options))
    assert values(second) == values(scan(folder, other, options)) != values(first)
    assert values(second)["a.txt"] == fingerprint(TEXTS["a.txt"], other).value


def test_teaching_tables_are_cached_by_their_codes(tmp_path: Path, cache_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "ab.txt").write_text("a a a b", encoding="utf-8")
    words = {"segmenter": "words", "stopwords": False, "bits": 2}
    one, swapped = Config(hasher={"a": "01", "b": "10"}, **words), Config(hasher={"a": "10", "b": "01"}, **words)
    with Cache(cache_path) as cache:
        first = scan(tmp_path / "docs", one, OPTIONS, cache=cache)
        second = scan(tmp_path / "docs", swapped, OPTIONS, cache=cache)
        again = scan(tmp_path / "docs", one, OPTIONS, cache=cache)
    assert values(first) == {"ab.txt": 0b01} and values(second) == {"ab.txt": 0b10}  # a outweighs b
    assert second.stats.fingerprints_from_cache == 0
    assert again.stats.fingerprints_from_cache == 1 and values(again) == values(first)


def test_changed_file_is_segmented_again(folder: Path, cache_path: Path) -> None:
    target = folder / "a.txt"
    new_text = "完全不同的内容：关于火星探测器着陆的最新新闻报道以及科学家们的分析和评论。"
    with Cache(cache_path) as cache:
        first = scan(folder, options=OPTIONS, cache=cache)
        target.write_text(new_text, encoding="utf-8")
        info = target.stat()
        os.utime(target, ns=(info.st_atime_ns, info.st_mtime_ns + 5_000_000_000))
        second = scan(folder, options=OPTIONS, cache=cache)
        assert second.stats.segmented == 1
        assert second.stats.fingerprints_from_cache == len(TEXTS) - 1
        assert values(second)["a.txt"] == fingerprint(new_text).value != values(first)["a.txt"]
        # only the mtime changes (same content, same size): still read again
        info = target.stat()
        os.utime(target, ns=(info.st_atime_ns, info.st_mtime_ns + 5_000_000_000))
        third = scan(folder, options=OPTIONS, cache=cache)
        assert third.stats.segmented == 1
        # same mtime, different size
        (folder / "c.md").write_text(TEXTS["c.md"] + " More words here.", encoding="utf-8")
        os.utime(folder / "c.md", ns=(info.st_atime_ns, (folder / "c.md").stat().st_mtime_ns))
        fourth = scan(folder, options=OPTIONS, cache=cache)
        assert fourth.stats.segmented == 1
        assert values(fourth)["c.md"] == fingerprint(TEXTS["c.md"] + " More words here.").value


def test_removed_and_added_files(folder: Path, cache_path: Path) -> None:
    with Cache(cache_path) as cache:
        scan(folder, options=OPTIONS, cache=cache)
        (folder / "b.txt").unlink()
        (folder / "new.txt").write_text("一个新的文件，内容和其他文件都不一样，讲的是做饭的方法。", encoding="utf-8")
        result = scan(folder, options=OPTIONS, cache=cache)
    assert {f.path for f in result.files} == (set(TEXTS) - {"b.txt"}) | {"new.txt"}
    assert result.stats.segmented == 1


def _aside(cache_path: Path) -> list[Path]:
    return [p for p in cache_path.parent.iterdir() if ".damaged-" in p.name and not p.name.endswith(("-wal", "-shm"))]


def test_damaged_own_cache_file_is_moved_aside(folder: Path, cache_path: Path) -> None:
    with Cache(cache_path) as cache:
        scan(folder, options=OPTIONS, cache=cache)
    data = bytearray(cache_path.read_bytes())
    data[100:] = random.Random(1).randbytes(len(data) - 100)  # SQLite's header (with our id) kept
    cache_path.write_bytes(bytes(data))
    with pytest.warns(CacheWarning, match="moved"):
        cache = Cache(cache_path)
    with cache:
        (aside,) = _aside(cache_path)
        assert aside.read_bytes() == bytes(data)
        first = scan(folder, options=OPTIONS, cache=cache)
        second = scan(folder, options=OPTIONS, cache=cache)
    assert values(first) == values(scan(folder, options=OPTIONS))
    assert second.stats.fingerprints_from_cache == len(TEXTS)


def test_foreign_sqlite_file_is_refused_and_left_untouched(folder: Path, cache_path: Path) -> None:
    cache_path.parent.mkdir(parents=True)
    foreign = sqlite3.connect(cache_path)
    foreign.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    foreign.execute("INSERT INTO notes (body) VALUES ('keep me')")
    foreign.commit()
    foreign.close()
    before = cache_path.read_bytes()
    with pytest.raises(NotACacheError, match="not a simcompare cache"):
        Cache(cache_path)
    assert cache_path.read_bytes() == before
    assert sorted(p.name for p in cache_path.parent.iterdir()) == [cache_path.name]


def test_own_cache_reopens_without_warning(folder: Path, cache_path: Path) -> None:
    with Cache(cache_path) as cache:
        scan(folder, options=OPTIONS, cache=cache)
    with warnings.catch_warnings():
        warnings.simplefilter("error", CacheWarning)
        with Cache(cache_path) as cache:
            assert scan(folder, options=OPTIONS, cache=cache).stats.segmented == 0
    assert _aside(cache_path) == []


def test_two_caches_on_one_file_alternately(folder: Path, cache_path: Path) -> None:
    one, two = Cache(cache_path), Cache(cache_path)
    try:
        first = scan(folder, options=OPTIONS, cache=one)
        second = scan(folder, options=OPTIONS, cache=two)
        assert second.stats.segmented == 0
        tfidf = scan(folder, Config(weighting="tfidf"), OPTIONS, cache=one)
        assert tfidf.stats.features_from_cache == len(TEXTS)
        assert scan(folder, Config(weighting="tfidf"), OPTIONS, cache=two).stats.fingerprints_from_cache == len(TEXTS)
        assert values(first) == values(second)
    finally:
        one.close()
        two.close()


def test_two_caches_on_one_file_concurrently(folder: Path, cache_path: Path) -> None:
    configs = [Config(), Config(weighting="tfidf"), Config(bits=128), Config(weighting="uniform")]
    errors: list[BaseException] = []
    results: dict[tuple[int, int], dict[str, int]] = {}
    start = threading.Barrier(4)

    def work(number: int) -> None:
        try:
            start.wait(10)
            with Cache(cache_path) as cache:
                for round_ in range(3):
                    config = configs[(number + round_) % len(configs)]
                    results[number, round_] = values(scan(folder, config, OPTIONS, cache=cache))
        except BaseException as error:
            errors.append(error)

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
    assert not errors, errors
    assert not [w for w in caught if issubclass(w.category, CacheWarning)], [str(w.message) for w in caught]
    assert _aside(cache_path) == []
    fresh = [values(scan(folder, config, OPTIONS)) for config in configs]
    for (number, round_), got in results.items():
        assert got == fresh[(number + round_) % len(configs)]


def test_concurrent_first_open_never_sets_a_healthy_cache_aside(tmp_path: Path) -> None:
    """Several scans starting at once on a new cache file must all use it, not move it aside."""
    errors: list[BaseException] = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for round_ in range(25):
            path = tmp_path / f"r{round_}" / "cache.sqlite3"
            start = threading.Barrier(4)

            def open_it(path: Path = path, start: threading.Barrier = start) -> None:
                try:
                    start.wait(10)
                    Cache(path).close()
                except BaseException as error:
                    errors.append(error)

            threads = [threading.Thread(target=open_it) for _ in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(30)
    assert not errors, errors
    assert not [w for w in caught if issubclass(w.category, CacheWarning)], [str(w.message) for w in caught]


def test_rows_keep_the_names_they_were_written_with(folder: Path, cache_path: Path) -> None:
    # a cache's rows store the sketch under the name "sketch32" (rows of 64-bit sketches, "shingles", are misses)
    with Cache(cache_path) as cache:
        first = scan(folder, options=OPTIONS, cache=cache)
    with contextlib.closing(sqlite3.connect(cache_path)) as db:
        stored = [payload for (payload,) in db.execute("SELECT payload FROM features")]
    assert len(stored) == len(TEXTS) and all(b'"sketch32"' in row and b'"sketch"' not in row for row in stored)
    with Cache(cache_path) as cache:
        again = scan(folder, Config(bits=32), options=OPTIONS, cache=cache)  # new fingerprints from stored features
    assert again.stats.segmented == 0 and again.stats.features_from_cache == len(TEXTS)
    assert [f.sketch for f in again.files] == [f.sketch for f in first.files]
    assert sum(1 for f in first.files if f.sketch) == len(TEXTS) - 1  # every file but the empty one has one


def _payload_kinds(cache_path: Path) -> set[str]:
    with contextlib.closing(sqlite3.connect(cache_path)) as db:
        return {kind for (kind,) in db.execute("SELECT typeof(payload) FROM features")}


def test_rows_of_the_older_json_kind_are_read_and_rewritten_packed(folder: Path, cache_path: Path) -> None:
    with Cache(cache_path) as cache:
        first = scan(folder, options=OPTIONS, cache=cache)
    assert _payload_kinds(cache_path) == {"blob"}
    with contextlib.closing(sqlite3.connect(cache_path)) as db:  # the cache as an older simcompare left it
        for path, key, payload in db.execute("SELECT path, key, payload FROM features").fetchall():
            db.execute("UPDATE features SET payload = ? WHERE path = ? AND key = ?", (as_json(payload), path, key))
        db.commit()
    assert _payload_kinds(cache_path) == {"text"}
    with Cache(cache_path) as cache:
        second = scan(folder, options=OPTIONS, cache=cache)
    assert second.stats.segmented == 0 and second.stats.fingerprints_from_cache == len(TEXTS)
    assert second.files == first.files
    assert _payload_kinds(cache_path) == {"blob"}  # rewritten packed by the rescan that read them
    wider = Config(bits=128)
    with Cache(cache_path) as cache:
        third = scan(folder, options=OPTIONS, cache=cache)
        changed = scan(folder, wider, OPTIONS, cache=cache)  # fingerprints made from the packed counts
    assert third.stats.segmented == 0 and third.files == first.files
    assert changed.stats.segmented == 0 and changed.stats.features_from_cache == len(TEXTS)
    assert changed.files == scan(folder, wider, OPTIONS).files


FEATURES = {
    "tokens": CachedFeatures({"春天": 2, "花园": 1, "fox": 7}, None, "utf-8", "d", bytes(8), "r"),
    "a sequence": CachedFeatures({"春天": 2, "花园": 1}, ("春天", "花园", "春天"), "gb18030", "d", b"", "r"),
    "no tokens": CachedFeatures({}, None, "utf-8", "d", b"", "r"),
    "no tokens, an empty sequence": CachedFeatures({}, (), "utf-8", "d", b"", "r"),
    "the empty token": CachedFeatures({"": 3}, ("",) * 3, "utf-8", "d", b"", "r"),
    "a token holding NUL": CachedFeatures({"a\x00b": 1, "c": 2}, None, "utf-8", "d", b"", "r"),
    "a sequence token holding NUL": CachedFeatures({"a": 1}, ("a\x00",), "utf-8", "d", b"", "r"),
    "a count past 32 bits": CachedFeatures({"a": 2**40, "b": 1}, None, "utf-8", "d", b"", "r"),
    "a count past 64 bits": CachedFeatures({"a": 2**70}, None, "utf-8", "d", b"", "r"),
}


@pytest.mark.parametrize("features", FEATURES.values(), ids=FEATURES.keys())
def test_features_read_back_as_they_were_stored(tmp_path: Path, features: CachedFeatures) -> None:
    with Cache(tmp_path / "cache.sqlite3") as cache:
        store_features(cache, tmp_path / "a.txt", features)
        ((stamp, found),) = cache.features_under(str(tmp_path), "key").values()
    back = found.unpacked()
    assert stamp == STAMP
    assert back == features
    assert list(back.counts) == list(features.counts)  # in their order: the fingerprint sums them in it
    assert found.words == features.words == sum(features.counts.values())
