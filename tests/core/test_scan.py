"""Folder scans on real files in tmp_path: what is read, what is reported, progress and cancel."""

from __future__ import annotations

import itertools
import os
import random
import threading
from pathlib import Path

import pytest
from helpers.texts import EN_A, EN_B, OTHER, ZH_A, ZH_B

from simcompare.core.defaults import default_k
from simcompare.core.errors import Cancelled, ErrorCode, InputError
from simcompare.core.fingerprint.simhash import Config, fingerprint
from simcompare.core.folder.scan import DEFAULT_SUFFIXES, ScanOptions, ScanResult, scan
from simcompare.core.progress import Stage
from simcompare.core.search.groups import find_groups

GBK_TEXT = (
    "春天来了，花园里的桃花和杏花都开了，蜜蜂在花丛中忙碌地采蜜，孩子们在草地上放风筝，"
    "老人们坐在长椅上晒太阳聊天，整个城市充满了生机与活力。"
)
HTML = (
    "<!DOCTYPE html><html><head><title></title><style>body { color: red; } p { margin: 0 }</style>"
    "<script>var tracking = 'analytics'; function go() { return 42; }</script></head>"
    f"<body><p>{OTHER}</p></body></html>"
)
BINARY = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
MAX_BYTES = 3000

READ = {
    "zh_a.txt",
    "zh_b.txt",
    "zh_copy.md",
    "en_a.txt",
    "en_b.txt",
    "other.txt",
    "gbk.txt",
    "sub/gbk_utf8.txt",
    "sub/page.html",
    "empty.txt",
}
EXPECTED_PROBLEMS = {
    ("binary.bin.txt", ErrorCode.BINARY),
    ("big.txt", ErrorCode.TOO_LARGE),
    ("loop_a.txt", ErrorCode.BROKEN_LINK),
    ("loop_b.txt", ErrorCode.BROKEN_LINK),
}


def build_folder(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "zh_a.txt").write_text(ZH_A, encoding="utf-8")
    (root / "zh_b.txt").write_text(ZH_B, encoding="utf-8")
    (root / "zh_copy.md").write_text(ZH_A, encoding="utf-8")
    (root / "en_a.txt").write_text(EN_A, encoding="utf-8")
    (root / "en_b.txt").write_text(EN_B, encoding="utf-8")
    (root / "other.txt").write_text(OTHER, encoding="utf-8")
    (root / "gbk.txt").write_text(GBK_TEXT, encoding="gbk")
    sub = root / "sub"
    sub.mkdir()
    (sub / "gbk_utf8.txt").write_text(GBK_TEXT, encoding="utf-8")
    (sub / "page.html").write_text(HTML, encoding="utf-8")
    (root / "binary.bin.txt").write_bytes(BINARY)
    (root / "empty.txt").write_bytes(b"")
    (root / "big.txt").write_text("大" * 2000, encoding="utf-8")  # 6000 bytes > MAX_BYTES
    os.symlink(root / "loop_b.txt", root / "loop_a.txt")
    os.symlink(root / "loop_a.txt", root / "loop_b.txt")
    for skipped in (".hidden", "node_modules", ".git", "__pycache__"):
        (root / skipped).mkdir()
        (root / skipped / "inside.txt").write_text(ZH_A, encoding="utf-8")
    (root / ".hidden_file.txt").write_text(ZH_A, encoding="utf-8")
    (root / "code.py").write_text(ZH_A, encoding="utf-8")
    (root / "data.bin").write_text(ZH_A, encoding="utf-8")
    return root


def add_fillers(root: Path, count: int = 24) -> list[str]:
    """Distinct texts, enough for the scan to use its process pool."""
    rng = random.Random(7)
    names = []
    for i in range(count):
        text = "".join(chr(rng.randrange(0x4E00, 0x6000)) for _ in range(120))
        name = f"fill/f{i:02d}.txt"
        (root / "fill").mkdir(exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
        names.append(name)
    return names


def opts(**kwargs: object) -> ScanOptions:
    kwargs.setdefault("max_bytes", MAX_BYTES)
    kwargs.setdefault("workers", 1)
    kwargs.setdefault("suffixes", DEFAULT_SUFFIXES)  # file types chosen: a binary .txt is a problem, .py is not read
    return ScanOptions(**kwargs)  # type: ignore[arg-type]


def groups_of(result: ScanResult, k: int) -> list[set[str]]:
    files = result.files
    empty = [i for i, f in enumerate(files) if f.empty]
    groups, _ = find_groups(
        [f.value for f in files], k, result.config.bits, names=[f.path for f in files], empty=empty, rule="components"
    )
    return [{files[m.index].path for m in g.members} for g in groups]


def brute_groups(result: ScanResult, k: int) -> list[set[str]]:
    files = [f for f in result.files if not f.empty]
    parent = {f.path: f.path for f in files}

    def find(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x

    for a, b in itertools.combinations(files, 2):
        if (a.value ^ b.value).bit_count() <= k:
            parent[find(a.path)] = find(b.path)
    comps: dict[str, set[str]] = {}
    for f in files:
        comps.setdefault(find(f.path), set()).add(f.path)
    return [c for c in comps.values() if len(c) > 1]


def canon(groups: list[set[str]]) -> list[list[str]]:
    return sorted(sorted(g) for g in groups)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return build_folder(tmp_path / "docs")


def test_scan_records_problems_and_empty(folder: Path) -> None:
    result = scan(folder, options=opts())
    assert not result.cancelled
    assert result.root == str(folder.resolve())
    paths = [f.path for f in result.files]
    assert paths == sorted(paths)
    assert set(paths) == READ
    assert {(p.path, p.reason) for p in result.problems} == EXPECTED_PROBLEMS
    assert all(p.detail for p in result.problems)
    assert result.empty == ["empty.txt"]
    records = {f.path: f for f in result.files}
    for path, record in records.items():
        info = os.stat(folder / path)
        assert (record.size, record.mtime_ns) == (info.st_size, info.st_mtime_ns), path
    assert records["empty.txt"].value == 0 and records["empty.txt"].empty
    assert not any(f.empty for p, f in records.items() if p != "empty.txt")
    # values are the core's fingerprints of the decoded text
    assert records["zh_a.txt"].value == fingerprint(ZH_A).value
    assert records["en_b.txt"].value == fingerprint(EN_B).value
    # the GBK file is decoded, not mangled: same fingerprint as its UTF-8 twin
    assert records["gbk.txt"].encoding.lower() in {"gbk", "gb18030", "gb2312"}
    assert records["gbk.txt"].value == records["sub/gbk_utf8.txt"].value == fingerprint(GBK_TEXT).value
    assert records["zh_copy.md"].value == records["zh_a.txt"].value
    assert result.stats.listed == len(READ) + 1  # the binary file is listed, then reported
    assert result.stats.segmented == len(READ) + 1


def test_scan_groups_equal_brute_force(folder: Path) -> None:
    result = scan(folder, options=opts())
    k = default_k(result.config.bits)
    assert k == 12
    found = groups_of(result, k)
    assert canon(found) == canon(brute_groups(result, k))
    # and the groups we planted are there: near-duplicates, exact copy, GBK twin, HTML copy of a text
    assert canon(found) == canon(
        [
            {"zh_a.txt", "zh_b.txt", "zh_copy.md"},
            {"en_a.txt", "en_b.txt"},
            {"gbk.txt", "sub/gbk_utf8.txt"},
            {"other.txt", "sub/page.html"},
        ]
    )


def test_workers_one_and_two_identical(folder: Path) -> None:
    add_fillers(folder)
    one = scan(folder, options=opts(workers=1))
    two = scan(folder, options=opts(workers=2))
    assert len(one.files) == len(READ) + 24
    assert one.files == two.files
    assert one.problems == two.problems
    assert one.empty == two.empty
    assert not two.cancelled


def test_include_exclude_and_recursive(folder: Path) -> None:
    only_zh = scan(folder, options=opts(include=("zh_*",)))
    assert {f.path for f in only_zh.files} == {"zh_a.txt", "zh_b.txt", "zh_copy.md"}
    by_path = scan(folder, options=opts(include=("sub/*",)))
    assert {f.path for f in by_path.files} == {"sub/gbk_utf8.txt", "sub/page.html"}
    no_sub = scan(folder, options=opts(exclude=("sub", "en_*", ".*", "node_modules", ".git", "__pycache__")))
    assert {f.path for f in no_sub.files} == READ - {"sub/gbk_utf8.txt", "sub/page.html", "en_a.txt", "en_b.txt"}
    flat = scan(folder, options=opts(recursive=False))
    assert {f.path for f in flat.files} == {p for p in READ if "/" not in p}
    # with no excludes, hidden and node_modules folders are read
    everything = scan(folder, options=opts(exclude=()))
    paths = {f.path for f in everything.files}
    assert {".hidden/inside.txt", "node_modules/inside.txt", ".git/inside.txt", ".hidden_file.txt"} <= paths
    # suffixes: .py and .bin only when asked for
    py = scan(folder, options=opts(suffixes=("py", ".BIN")))
    assert {f.path for f in py.files} == {"code.py", "data.bin"}


def test_cancel_from_progress_callback(folder: Path) -> None:
    calls: list[tuple[int, int, str]] = []

    def progress(done: int, total: int, stage: str) -> None:
        calls.append((done, total, stage))
        if stage == Stage.READING and done >= 3:
            raise Cancelled("enough")

    result = scan(folder, options=opts(), progress=progress)
    assert result.cancelled
    assert 0 < len(result.files) < len(READ)
    assert all(stage != Stage.DONE for _, _, stage in calls)


def test_cancel_event_set_before(folder: Path) -> None:
    cancel = threading.Event()
    cancel.set()
    result = scan(folder, options=opts(), cancel=cancel)
    assert result.cancelled
    assert result.files == ()


@pytest.mark.parametrize("workers", [1, 2])
def test_cancel_event_set_while_scanning(folder: Path, workers: int) -> None:
    add_fillers(folder, 40)
    cancel = threading.Event()
    reached = threading.Event()

    def progress(done: int, total: int, stage: str) -> None:
        if stage == Stage.READING and done >= 1:
            reached.set()
            cancel.wait(10)  # hold the scan until the other thread has cancelled

    box: list[ScanResult] = []
    worker = threading.Thread(
        target=lambda: box.append(scan(folder, options=opts(workers=workers), progress=progress, cancel=cancel))
    )
    worker.start()
    assert reached.wait(30)
    cancel.set()
    worker.join(30)
    assert not worker.is_alive()
    (result,) = box
    assert result.cancelled
    assert len(result.files) < len(READ) + 40


def test_progress_reports(folder: Path) -> None:
    add_fillers(folder)
    for workers in (1, 2):
        calls: list[tuple[int, int, str]] = []

        def progress(done: int, total: int, stage: str, calls: list = calls) -> None:
            calls.append((done, total, stage))

        result = scan(folder, options=opts(workers=workers), progress=progress)
        assert calls, workers
        for done, total, stage in calls:
            assert isinstance(done, int) and isinstance(total, int)
            assert 0 <= done <= total or (stage == Stage.LISTING and total == 0)
            assert stage in {Stage.LISTING, Stage.READING, Stage.DONE}
        listed = result.stats.listed
        assert listed == len(result.files) + 1  # plus the binary file
        assert calls[-1] == (listed, listed, Stage.DONE)
        assert calls[0][2] == Stage.LISTING
        reading = [done for done, _, stage in calls if stage == Stage.READING]
        assert reading == sorted(reading)


def test_missing_folder_raises_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError):
        scan(tmp_path / "nope")
    (tmp_path / "file.txt").write_text("x")
    with pytest.raises(InputError):
        scan(tmp_path / "file.txt")


def test_other_config_changes_values(folder: Path) -> None:
    config = Config(bits=128, weighting="uniform")
    result = scan(folder, config, opts(include=("zh_a.txt",)))
    (record,) = result.files
    assert record.value == fingerprint(ZH_A, config).value
    assert record.value.bit_length() > 64


def test_unreadable_file_is_reported_as_permission_denied(tmp_path: Path, as_unprivileged) -> None:
    (tmp_path / "open.txt").write_text(EN_A, encoding="utf-8")
    (tmp_path / "open.txt").chmod(0o644)
    (tmp_path / "secret.txt").write_text(EN_B, encoding="utf-8")
    (tmp_path / "secret.txt").chmod(0)
    from simcompare.core.tokens.segment import jieba_blocks

    jieba_blocks()  # load jieba first: 'nobody' cannot read the interpreter's packages under /root
    with as_unprivileged():
        result = scan(tmp_path, Config(), ScanOptions(workers=1))
    assert [f.path for f in result.files] == ["open.txt"]
    assert [(p.path, p.reason) for p in result.problems] == [("secret.txt", ErrorCode.PERMISSION)]


def test_one_file_scanned_alone_is_the_scans_record(tmp_path: Path) -> None:
    """scan_file, what Spark's executors run, gives the very record a scan gives, or the same problem."""
    from simcompare.core.folder.cache import FileStamp
    from simcompare.core.folder.scan import Problem, scan_file

    (tmp_path / "zh.txt").write_text(ZH_A, encoding="utf-8")
    (tmp_path / "bin.txt").write_bytes(b"\x00\x01\x02" * 100)
    result = scan(tmp_path, Config(), ScanOptions(workers=1, suffixes=DEFAULT_SUFFIXES))
    stamp = FileStamp.of((tmp_path / "zh.txt").stat())
    assert scan_file(str(tmp_path / "zh.txt"), "zh.txt", stamp, Config()) == result.files[0]
    binary = scan_file(str(tmp_path / "bin.txt"), "bin.txt", FileStamp.of((tmp_path / "bin.txt").stat()), Config())
    assert isinstance(binary, Problem) and binary == result.problems[0]
    (tmp_path / "zh.txt").write_text(ZH_A + "。", encoding="utf-8")
    changed = scan_file(str(tmp_path / "zh.txt"), "zh.txt", stamp, Config())
    assert isinstance(changed, Problem) and changed.reason == ErrorCode.CHANGED
