"""A scan goes on, in bounded time, on any folder (issue 10): FIFOs, devices, files that vanish or are swapped,
deep HTML, internal errors, names that are not UTF-8, and workers that never outlive their scan."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import pytest
from helpers.texts import EN_A, EN_B, ZH_A

from simcompare.core.errors import ErrorCode, NotRegularFileError, TooLargeError
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import (
    ScanOptions,
    ScanResult,
    _chunks,
    _Job,
    _Outcome,
    _Run,
    _segment_in_pool,
    internal_log_path,
    list_files,
    scan,
)
from simcompare.core.progress import Stage
from simcompare.core.text.documents import read_document
from simcompare.core.text.reading import read_regular

ONE = ScanOptions(workers=1)
WORDS = Config(segmenter="words")


def _scan_guarded(root: Path, options: ScanOptions = ONE, **kwargs) -> ScanResult:  # type: ignore[no-untyped-def]
    """Scan in a thread so that a regression (a blocking open) fails the test instead of hanging the suite."""
    box: list[ScanResult | BaseException] = []

    kwargs.setdefault("config", WORDS)  # the plain word splitter: no jieba to load, the same reading paths

    def work() -> None:
        try:
            box.append(scan(root, options=options, **kwargs))
        except BaseException as error:
            box.append(error)

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    thread.join(120)
    assert not thread.is_alive(), "the scan hung"
    (outcome,) = box
    if isinstance(outcome, BaseException):
        raise outcome
    return outcome


def _problems(result: ScanResult) -> dict[str, str]:
    return {p.path: p.reason for p in result.problems}


# ------------------------------------------------------------------------------ only regular files


def test_fifo_found_in_a_folder_is_reported_never_opened(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(EN_A, encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.txt")
    result = _scan_guarded(tmp_path)
    assert [f.path for f in result.files] == ["a.txt"]
    assert _problems(result) == {"pipe.txt": ErrorCode.NOT_REGULAR}
    assert "FIFO" in result.problems[0].detail


def test_socket_found_in_a_folder_is_reported(tmp_path: Path) -> None:
    import socket

    server = socket.socket(socket.AF_UNIX)
    path = tmp_path / "s.txt"
    try:
        server.bind(str(path))
    except OSError as error:  # a path too long for a socket address
        pytest.skip(f"cannot bind a socket here: {error}")
    try:
        result = _scan_guarded(tmp_path)
    finally:
        server.close()
    assert _problems(result) == {"s.txt": ErrorCode.NOT_REGULAR}


def test_fifo_named_directly_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.txt"
    os.mkfifo(fifo)
    with pytest.raises(NotRegularFileError, match="FIFO"):
        read_document(fifo)


def test_dev_zero_is_refused() -> None:
    with pytest.raises(NotRegularFileError, match="device"):
        read_document("/dev/zero")


def test_reading_stops_one_byte_past_the_limit_whatever_the_size_says() -> None:
    status = Path("/proc/self/status")
    if not status.is_file() or status.stat().st_size != 0:
        pytest.skip("needs Linux's /proc, whose files say they hold 0 bytes")
    with pytest.raises(TooLargeError):
        read_regular(status, max_bytes=10)
    assert len(read_regular(status, max_bytes=None).data) > 10


def test_file_swapped_for_a_fifo_during_the_scan(tmp_path: Path) -> None:
    target = tmp_path / "b.txt"
    (tmp_path / "a.txt").write_text(EN_A, encoding="utf-8")
    target.write_text(EN_B, encoding="utf-8")

    def swap(done: int, total: int, stage: str) -> None:
        if stage == Stage.READING and target.is_file():
            target.unlink()
            os.mkfifo(target)

    result = _scan_guarded(tmp_path, progress=swap)
    assert [f.path for f in result.files] == ["a.txt"]
    assert _problems(result) == {"b.txt": ErrorCode.NOT_REGULAR}


def test_file_deleted_between_listing_and_reading_is_vanished(tmp_path: Path) -> None:
    target = tmp_path / "b.txt"
    (tmp_path / "a.txt").write_text(EN_A, encoding="utf-8")
    target.write_text(EN_B, encoding="utf-8")

    def delete(done: int, total: int, stage: str) -> None:
        if stage == Stage.READING and target.exists():
            target.unlink()

    result = _scan_guarded(tmp_path, progress=delete)
    assert _problems(result) == {"b.txt": ErrorCode.VANISHED}


# ------------------------------------------------------------------------------ a scan goes on


def test_deeply_nested_html_is_read(tmp_path: Path) -> None:
    depth = 3000
    markup = "<html><body>" + "<div>" * depth + EN_A + "</div>" * depth + "</body></html>"
    (tmp_path / "deep.html").write_text(markup, encoding="utf-8")
    (tmp_path / "a.txt").write_text(EN_A, encoding="utf-8")
    result = _scan_guarded(tmp_path)
    assert not result.problems
    values = {f.path: f.value for f in result.files}
    assert values["deep.html"] == values["a.txt"]


def _exploding_hasher(token: bytes) -> int:
    """A hasher with a bug: it fails on one token (any callable bytes -> int is a hasher)."""
    if token == b"kaboom":
        raise ZeroDivisionError("a bug")
    return int.from_bytes(token.ljust(8, b"\0")[:8], "big")


def test_an_unexpected_exception_is_an_internal_problem_for_that_file(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(EN_A, encoding="utf-8")
    (tmp_path / "bad.txt").write_text("kaboom " + EN_B, encoding="utf-8")
    result = _scan_guarded(tmp_path, config=Config(hasher=_exploding_hasher, segmenter="words"))
    assert [f.path for f in result.files] == ["a.txt"]
    (problem,) = result.problems
    assert (problem.path, problem.reason) == ("bad.txt", ErrorCode.INTERNAL)
    assert problem.detail.startswith("internal error: ZeroDivisionError")
    log = internal_log_path().read_text(encoding="utf-8")
    assert "bad.txt" in log and "ZeroDivisionError: a bug" in log


def test_names_that_are_not_utf8_or_hold_a_newline(tmp_path: Path) -> None:
    latin = os.fsdecode(b"caf\xe9.txt")
    (tmp_path / latin).write_text(EN_A, encoding="utf-8")
    (tmp_path / "two\nlines.txt").write_text(ZH_A, encoding="utf-8")
    result = _scan_guarded(tmp_path)
    assert {f.path for f in result.files} == {latin, "two\nlines.txt"}
    assert not result.problems


# ------------------------------------------------------------------------------ worker lifetime

_SCAN_FOREVER = """
import sys
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.progress import Stage

def progress(done, total, stage):
    if stage == Stage.READING and done > 0:
        print("READING", flush=True)

scan(sys.argv[1], options=ScanOptions(workers=2, in_process=False), progress=progress)
print("DONE", flush=True)
"""


def _processes_marked(mark: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if mark.encode() in (entry / "environ").read_bytes():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="finds processes through Linux's /proc")
def test_a_scan_killed_with_sigkill_leaves_no_process_behind(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    for number in range(400):
        (folder / f"{number:03}.txt").write_text(f"{EN_A} {number} {ZH_A}", encoding="utf-8")
    mark = f"SIMCOMPARE_TEST_MARK={uuid.uuid4().hex}"
    env = dict(os.environ, SIMCOMPARE_TEST_MARK=mark.split("=", 1)[1])
    child = subprocess.Popen(
        [sys.executable, "-c", _SCAN_FOREVER, str(folder)], env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "READING"
        assert len(_processes_marked(mark)) >= 3  # the scan, its forkserver and workers
        child.send_signal(signal.SIGKILL)
        child.wait(60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(60)
        if child.stdout is not None:
            child.stdout.close()
    # The workers notice within moments; wait for that (bounded), never for a fixed time.
    deadline = time.monotonic() + 60
    left = _processes_marked(mark)
    while left and time.monotonic() < deadline:
        threading.Event().wait(0.1)
        left = _processes_marked(mark)
    for pid in left:  # do not leave them running even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert left == []


# ------------------------------------------------------------------------------ jieba's cache file


def test_jiebas_cache_lives_in_the_users_cache_folder(tmp_path: Path, monkeypatch, caplog) -> None:  # type: ignore[no-untyped-def]
    import jieba

    from simcompare.core.tokens.jieba_cache import place_jieba_cache

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    tokenizer = jieba.Tokenizer()  # a fresh one: the shared one is loaded already
    place_jieba_cache(tokenizer)
    tokenizer.initialize()
    assert (tmp_path / "xdg" / "simcompare" / "jieba.cache").is_file()
    assert not [r for r in caplog.records if r.levelno >= 30]


def test_jieba_without_a_cache_folder_shows_no_traceback(tmp_path: Path, monkeypatch, caplog) -> None:  # type: ignore[no-untyped-def]
    import jieba

    from simcompare.core.tokens.jieba_cache import place_jieba_cache

    monkeypatch.setenv("HOME", "")
    monkeypatch.setenv("XDG_CACHE_HOME", "")
    tokenizer = jieba.Tokenizer()
    place_jieba_cache(tokenizer)
    assert not str(tokenizer.tmp_dir).startswith(tempfile.gettempdir() + os.sep + "jieba")
    tokenizer.initialize()
    assert tokenizer.initialized
    assert not [r for r in caplog.records if r.levelno >= 30]


def _grandchildren() -> list[int]:
    """This process's grandchildren: the workers the forkserver started for a scan."""
    return [grandchild for child in _children(os.getpid()) for grandchild in _children(child)]


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):  # any thread may have started a child
        try:
            found.extend(int(p) for p in task.read_text().split())
        except OSError:
            continue
    return found


@pytest.mark.skipif(not Path(f"/proc/{os.getpid()}/task").exists(), reason="finds workers through Linux's /proc")
def test_a_worker_killed_mid_scan_costs_only_its_files(tmp_path: Path) -> None:
    for number in range(120):
        (tmp_path / f"{number:03}.txt").write_text(f"{EN_A} {number} {ZH_A}", encoding="utf-8")
    killed: list[int] = []

    def kill_a_worker(done: int, total: int, stage: str) -> None:
        if stage == Stage.READING and done > 0 and not killed:
            workers = _grandchildren()
            if workers:
                os.kill(workers[0], signal.SIGKILL)
                killed.append(workers[0])

    result = _scan_guarded(tmp_path, ScanOptions(workers=2, in_process=False), progress=kill_a_worker)
    assert killed
    assert len(result.files) + len(result.problems) == 120
    assert {p.reason for p in result.problems} <= {ErrorCode.INTERNAL}
    assert all("worker process" in p.detail for p in result.problems)
    assert not result.cancelled


@pytest.mark.skipif(not Path(f"/proc/{os.getpid()}/task").exists(), reason="finds workers through Linux's /proc")
def test_a_worker_dying_while_results_are_taken_loses_no_file_silently(tmp_path: Path) -> None:
    # The pool breaks between a chunk coming back and the next one being handed out, so handing it out
    # fails: that chunk and the ones in flight are reported lost, every other file is read, none vanishes.
    for number in range(40):
        (tmp_path / f"{number:03}.txt").write_text(f"{EN_A} {number}", encoding="utf-8")
    entries = list_files(tmp_path, ScanOptions(), [])
    chunks = _chunks(entries, 2)
    killed: list[int] = []

    class KillingRun(_Run):
        def take(self, outcome: _Outcome, root: Path) -> None:
            if not killed:
                victim = _grandchildren()[0]
                os.kill(victim, signal.SIGKILL)
                killed.append(victim)
                _wait_gone(victim)
                time.sleep(0.5)  # the pool's manager thread notices the death and marks the pool broken
            super().take(outcome, root)

    run = KillingRun(lambda *_: None, None)
    job = _Job(Config(segmenter="words"), keep_sequence=False, max_bytes=None, keep_counts=False)
    lost = _segment_in_pool(chunks, job, 2, run, tmp_path, 0, len(entries))
    assert killed and lost is not None
    untouched = [entry.rel for chunk in chunks for entry in chunk]
    accounted = [r.path for r in run.records] + [e.rel for e in lost.entries] + untouched
    assert sorted(accounted) == [e.rel for e in entries]  # each file once: read, lost, or still to read
    assert lost.done == len(run.records)


def _wait_gone(pid: int) -> None:
    """Until ``pid`` has ended (gone, or a zombie its parent has not reaped yet)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            if Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] == "Z":
                return
        except OSError:
            return
        time.sleep(0.01)
    raise AssertionError(f"process {pid} did not end")


def test_a_folder_tree_deeper_than_the_recursion_limit(tmp_path: Path) -> None:
    limit = sys.getrecursionlimit()
    depth = 400
    chain = [tmp_path / "d"]
    for _ in range(depth - 1):  # one by one: mkdir(parents=True) itself recurses
        chain.append(chain[-1] / "d")
    try:
        for folder in chain:
            folder.mkdir()
        (chain[-1] / "a.txt").write_text(EN_A, encoding="utf-8")
        (tmp_path / "b.txt").write_text(EN_A, encoding="utf-8")
        sys.setrecursionlimit(300)  # below the depth, as a tree deeper than the default limit would be
        try:
            result = _scan_guarded(tmp_path, config=Config(segmenter="words"))
        finally:
            sys.setrecursionlimit(limit)
        assert sorted(f.path for f in result.files) == sorted(["b.txt", "d/" * depth + "a.txt"])
        assert not result.problems
    finally:  # removed here, bottom up: pytest's own clean-up would recurse too deep
        (chain[-1] / "a.txt").unlink(missing_ok=True)
        for folder in reversed(chain):
            if folder.exists():
                folder.rmdir()


def test_a_script_without_the_main_guard_gets_one_clear_error_not_a_problem_per_file(tmp_path: Path) -> None:
    """Each worker imports the calling script first; one that scans at its top level makes every worker fail to
    start. The scan says so once, naming the cure, instead of reporting every file as an internal problem."""
    docs = tmp_path / "docs"
    docs.mkdir()
    for i in range(40):
        (docs / f"f{i}.txt").write_text(f"{EN_A} {i}", encoding="utf-8")
    script = tmp_path / "unguarded.py"
    script.write_text(
        "import simcompare\n"
        "try:\n"
        f"    result = simcompare.scan({str(docs)!r}, options=simcompare.ScanOptions(workers=2, in_process=False))\n"
        "    print('scanned', len(result.files), len(result.problems))\n"
        "except simcompare.SimcompareError as error:\n"
        "    print('refused:', error)\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=300, cwd=tmp_path, check=False
    )
    said = done.stdout.strip().splitlines()
    assert len(said) == 1, done.stdout
    assert said[0].startswith("refused: the worker processes that read the files could not start")
    assert "if __name__ == '__main__':" in said[0] and "ScanOptions(workers=1)" in said[0]
