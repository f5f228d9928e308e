"""Hostile 49: large saved results kept as read (``results_cache``). Each test says what it found and how bad it is.

The promise attacked: whatever happened to the results file or to the cache folder, a reading returns exactly what
reading the JSON returns (or the same error), never hangs or crashes, leaves nothing behind, and a kept entry never
lets the cleaner reach a file the JSON would not."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from helpers.kept_results import kept_files, kept_folder, made_up_records
from helpers.names import make_file
from helpers.texts import EN_A, EN_B, OTHER, ZH_A

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats import results, results_cache
from simcompare.core.formats.results import LoadedResults, read_results, save_results

K = 12
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _every_file_kept(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(results_cache, "WORTH_BYTES", 0)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "cache"))


def _root_with_texts(tmp_path: Path, name: str = "docs") -> Path:
    root = tmp_path / name
    root.mkdir()
    texts = [EN_A, EN_B, OTHER, ZH_A]
    for n in range(60):
        make_file(root / f"t{n:02d}.txt", texts[n % 4] + f" Copy {n // 4}." * (n % 3))
    return root


def _saved(tmp_path: Path, name: str = "R.json") -> tuple[Path, Path]:
    """Results of sixty texts (near-copies among them) saved, then read once (kept); the results and the root."""
    root = _root_with_texts(tmp_path, f"docs-{name}")
    session = FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    groups = session.groups(K)
    assert len(groups) >= 2
    saved = tmp_path / name
    save_results(saved, session, groups, K)
    results_cache.wait()
    return saved, root


def _from_json(path: Path, *, check_files: bool = True) -> LoadedResults:
    return results._load(json.loads(path.read_text(encoding="utf-8")), check_files=check_files, consume=False)


def _layout(kept: Path) -> tuple[int, dict[str, Any]]:
    """The kept file's payload start and its header (the sections' places)."""
    data = kept.read_bytes()
    payload = int.from_bytes(data[8:16], "little")
    return 16, json.loads(data[16 + payload :])


def _patch(kept: Path, at: int, new: bytes) -> None:
    """Bytes of the kept file overwritten in place (a garbled disk block: same length, same owner, same mode)."""
    with open(kept, "r+b") as out:
        out.seek(at)
        out.write(new)


def _fds() -> int:
    return len(os.listdir("/proc/self/fd"))


# ------------------------------------------------------------------------------------------ garbled kept files


@pytest.mark.skipif(os.name != "posix", reason="inode numbers")
def test_garbled_kept_path_column_lets_the_cleaner_reach_a_file_the_json_never_listed(tmp_path: Path) -> None:
    """HIGH. A kept file garbled inside its payload (the same length, its header intact) is taken as it is: nothing
    checks the payload (no checksum, no record checks), so the reading returns records the JSON does not hold. Here a
    record's path and identity columns name ``u05.txt``, a file in the scanned folder that the results never listed:
    the reading says it is unchanged (``changed``/``gone`` empty), so the cleaner would mark, trash or move it. The
    docs promise a garbled kept file is read as JSON."""
    saved, root = _saved(tmp_path)
    make_file(root / "u05.txt", "a file the results never listed")
    read_results(saved, check_files=False)
    results_cache.wait()
    [kept] = kept_files()
    base, header = _layout(kept)
    sections = header["sections"]
    expected = _from_json(saved)
    paths = [record.path for record in expected.result.files]
    number = paths.index("t05.txt")
    text = kept.read_bytes()
    at = base + sections["path"][0]
    column = text[at : at + sections["path"][1]]
    _patch(kept, at + column.index(b"t05.txt"), b"u05.txt")
    found = os.stat(root / "u05.txt")
    for name, value in (
        ("size", found.st_size),
        ("mtime_ns", found.st_mtime_ns),
        ("device", found.st_dev),
        ("inode", found.st_ino),
    ):
        kind = "<i8" if name in ("size", "mtime_ns") else "<u8"
        _patch(kept, base + sections[name][0] + 8 * number, int(value).to_bytes(8, "little", signed=kind == "<i8"))
    taken = read_results(saved)
    listed = [record.path for record in taken.result.files]
    assert "u05.txt" not in listed, "a kept entry names a file the JSON never listed (and says it is unchanged)"
    assert listed == paths


def test_garbled_kept_group_column_groups_files_the_json_does_not(tmp_path: Path) -> None:
    """HIGH. A kept file whose group column is garbled (a member's number changed to another record's, in range) is
    taken: the groups returned put a file into a group the JSON never put it in, so the cleaner would mark it as a
    duplicate of a text it does not resemble."""
    saved, _root = _saved(tmp_path)
    read_results(saved, check_files=False)
    results_cache.wait()
    [kept] = kept_files()
    base, header = _layout(kept)
    at = base + header["sections"]["group_files"][0]
    expected = _from_json(saved, check_files=False)
    first = next(iter(expected.laid)).files
    outsider = next(n for n in range(len(expected.result.files)) if all(n not in g.files for g in expected.laid))
    _patch(kept, at + 8 * 1, int(outsider).to_bytes(8, "little"))  # the first group's second member
    taken = read_results(saved, check_files=False)
    assert [g.files for g in taken.laid] == [g.files for g in expected.laid], (
        f"group {first} taken as {next(iter(taken.laid)).files}: file {outsider} grouped as the JSON never groups it"
    )


def test_a_kept_header_nested_deeply_crashes_the_reading(tmp_path: Path) -> None:
    """MEDIUM. A garbled kept file whose header is deeply nested JSON makes ``json.loads`` raise RecursionError,
    which ``take`` does not catch (it catches OSError, ValueError, KeyError …): ``read_results`` raises
    RecursionError instead of reading the results as JSON. The window's worker and the CLI report it as an internal
    error; the results cannot be opened until the cache folder is cleared."""
    saved, _root = _saved(tmp_path)
    read_results(saved, check_files=False)
    results_cache.wait()
    [kept] = kept_files()
    kept.write_bytes(b"SIMCOPEN" + (0).to_bytes(8, "little") + b"[" * 200_000)
    expected = _from_json(saved, check_files=False)
    taken = read_results(saved, check_files=False)
    assert taken.result.files == expected.result.files


# ------------------------------------------------------------------------------------------ resources


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="no /proc/self/fd")
def test_a_directory_in_place_of_a_kept_file_leaks_a_descriptor_per_reading(tmp_path: Path) -> None:
    """MEDIUM. ``_open_own`` does ``open(os.open(path, flags), "rb")``: ``os.open`` of a directory succeeds (O_RDONLY),
    then ``open`` raises IsADirectoryError and does not close a descriptor it was given. The miss is right, but every
    reading leaks a descriptor: a window reopening results (or any long-lived process) runs out of them."""
    saved, _root = _saved(tmp_path)
    read_results(saved, check_files=False)
    results_cache.wait()
    [kept] = kept_files()
    kept.unlink()
    kept.mkdir(mode=0o700)
    read_results(saved, check_files=False)  # the first may open other things once (imports, caches)
    results_cache.wait()
    before = _fds()
    for _ in range(20):
        read_results(saved, check_files=False)
        results_cache.wait()
    assert _fds() <= before + 2, f"{_fds() - before} descriptors leaked by 20 readings"  # others' may come and go


def _synthetic(tmp_path: Path, count: int, name: str = "S.json") -> Path:
    """Results of ``count`` made-up records (columns, one tiny sketch each, no groups), written as JSON: a results
    file with many records without scanning them (read with check_files=False)."""
    root = tmp_path / "made-up"
    root.mkdir(exist_ok=True)
    session = FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    saved = tmp_path / name
    save_results(saved, session, [], K)
    results_cache.wait()
    for kept in kept_files():
        kept.unlink()
    data = json.loads(saved.read_text(encoding="utf-8"))
    data.pop("boilerplate", None)
    data.pop("files", None)
    data["groups"] = []
    data["records"] = made_up_records(count)
    saved.write_text(json.dumps(data, indent=1) + "\n", encoding="ascii")
    return saved


_CUT_WHILE_MAPPED = """
import os, sys, threading
sys.path.insert(0, {repo!r})
from simcompare.core.formats import results_cache
from simcompare.core.formats.results import read_results
results_cache.WORTH_BYTES = 0
saved, kept_folder, cut_at = sys.argv[1], sys.argv[2], int(sys.argv[3])
read_results(saved, check_files=False)
results_cache.wait()
[kept] = [os.path.join(kept_folder, n) for n in os.listdir(kept_folder) if n.endswith(".opened")]

def another_process_cuts_it(frame, event, arg):
    # only times another process's truncation of the kept file: the moment the first batch of sketches is cut
    if event == "c_call" and getattr(arg, "__name__", "") == "madvise":
        sys.setprofile(None)
        os.truncate(kept, cut_at)

sys.setprofile(another_process_cuts_it)
loaded = read_results(saved, check_files=False)
sys.setprofile(None)
print("read", len(loaded.result.files))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="mmap, MADV_DONTNEED")
def test_a_kept_file_cut_short_while_its_sketches_are_mapped_kills_the_process(tmp_path: Path) -> None:
    """MEDIUM. ``_sketches`` maps the kept file and slices it a batch at a time, trusting that "the file is ours,
    never cut in place". A kept file truncated in place by anything else of the user's (a cache cleaner, ``: >``,
    another tool) between the mapping and the last slice makes the process die of SIGBUS: no exception, no
    fallback to the JSON; the window vanishes with unsaved decisions. The hook in the child only times the
    truncation at the worst moment (the first batch's ``madvise``); nothing of the code under test is replaced.
    Mend: copy each batch with ``os.pread``/``readinto`` instead of a mapping (or map a private copy), or catch
    SIGBUS (not possible in Python); at least check fstat size after each batch is not enough (it races)."""
    count = results_cache._RECORDS_AT_ONCE + 5_000
    saved = _synthetic(tmp_path, count)
    read_results(saved, check_files=False)  # as the child's first reading would keep it
    results_cache.wait()
    [kept] = kept_files()
    base, header = _layout(kept)
    at, length = header["sections"]["sketches"][:2]
    cut_at = base + at + length // 2  # the second batch's sketches gone
    for old in kept_files():
        old.unlink()
    script = _CUT_WHILE_MAPPED.format(repo=str(REPO))
    env = dict(os.environ)
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script), str(saved), str(kept_folder()), str(cut_at)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, f"the reading process died (return code {done.returncode}): {done.stderr[-500:]}"
    assert f"read {count}" in done.stdout


# ------------------------------------------------------------------------------------------ kept when saved


def _record(**fields: Any) -> Any:
    from simcompare.core.folder.scan import FileRecord

    plain: dict[str, Any] = {
        "path": "a.txt",
        "size": 1,
        "mtime_ns": 1,
        "value": 5,
        "empty": False,
        "encoding": "utf-8",
        "digest": "d",
        "sketch": b"\1\2\3\4",
        "device": 1,
        "inode": 2,
        "raw_digest": "r",
        "words": 1,
    }
    return FileRecord(**(plain | fields))


@pytest.mark.parametrize(
    "odd",
    [
        pytest.param({"path": "../outside.txt"}, id="parent segment"),
        pytest.param({"path": "/etc/passwd"}, id="absolute"),
        pytest.param({"path": "b.txt"}, id="listed twice"),
        pytest.param({"size": -5}, id="negative size"),
    ],
)
def test_results_kept_when_saved_skip_every_record_check_the_json_reading_makes(
    tmp_path: Path, odd: dict[str, Any]
) -> None:
    """MEDIUM (HIGH if any session can hold such a record). ``_keep_saved`` keeps the session's own records as they
    are, never passed through the checks reading makes (``_record``, ``_files``: relative normalised path, each once,
    sizes in range …); ``take`` then checks only that the paths lie under a root (``check_records``, which lets
    ``/etc/passwd`` and ``../outside.txt`` through). So results whose JSON is refused ("the path is absolute", "the
    same path as records[0]") open from the kept entry, with a record the cleaner joins to the root: an absolute
    path reaches a file outside the scanned folder. The promise (the same records or the same error) holds only as
    long as no session ever holds a record the reader refuses. Mend: run the kept records through the same column
    checks (``_plain_records``' rules) before keeping, or keep on save only from the written text's reading."""
    from simcompare.core.folder.scan import ScanResult

    root = tmp_path / "root"
    root.mkdir()
    records = (_record(**odd), _record(path="b.txt", inode=3))
    session = FolderSession(ScanResult(str(root), Config(segmenter="words"), ScanOptions(), records, (), False))
    saved = tmp_path / "R.json"
    save_results(saved, session, [], K)
    results_cache.wait()
    with pytest.raises(ValueError) as refused:
        _from_json(saved, check_files=False)
    try:
        taken = read_results(saved, check_files=False)
    except ValueError as error:
        assert str(error) == str(refused.value)
    else:
        pytest.fail(f"the JSON is refused ({refused.value}) but the kept entry gives {taken.result.files[0].path!r}")
