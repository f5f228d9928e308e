"""simcompare on a local Spark: the same fingerprints and groups as the single-machine tools.

One SparkSession for the whole test session (``conftest.py``: starting one costs seconds); every test uses small
real inputs. The single-machine side (``fingerprint``, ``scan``) runs in this process through ``main``: Spark's
own side runs in Spark's Python workers, processes of their own, so the comparison still crosses processes.
"""

from __future__ import annotations

import errno
import json
import os
import random
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

# Without the spark extra this module is skipped with this reason (tests/spark/conftest.py imports no pyspark).
pytest.importorskip(
    "pyspark", reason='pyspark is not installed: the Spark tests need the spark extra (".[test,spark]")'
)

from pyspark.sql import SparkSession

from simcompare import Config, Decision, default_k, fingerprint
from simcompare.cli import main
from simcompare.core.errors import ErrorCode, InputError
from simcompare.core.folder.scan import DEFAULT_SUFFIXES, Problem
from simcompare.core.search.index import find_near_pairs
from simcompare.core.search.verify import DEFAULT_MIN_RESEMBLANCE, resemblance, sketch_from_bytes
from simcompare.spark import (
    components,
    document_pairs,
    fingerprint_files,
    fingerprint_texts,
    list_input,
    run_job,
    scan_result,
    value_pairs,
)
from simcompare.spark.fingerprints import FINGERPRINT_SCHEMA, to_signed, to_unsigned
from simcompare.spark.pairs import block_layout, explode_keys, hot_keys, table_masks
from simcompare.spark.session import workers_python
from tests.helpers.texts import EN_A, EN_B, OTHER, ZH_A, ZH_B

pytestmark = pytest.mark.spark

PRINTS = FINGERPRINT_SCHEMA

# Spark reads the usual text and document types by name (the command line reads every text by its content).
SPARK_TYPES = [arg for suffix in DEFAULT_SUFFIXES for arg in ("--suffix", suffix)]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Near-duplicates in Chinese (UTF-8 and GBK) and English, an HTML copy, identical copies, an empty
    file, a binary file, an unrelated text and a file type scan does not read."""
    root = tmp_path_factory.mktemp("corpus")
    (root / "sub").mkdir()
    (root / "a.txt").write_text(ZH_A, encoding="utf-8")
    (root / "sub" / "b.txt").write_text(ZH_B, encoding="utf-8")
    (root / "copy one.txt").write_text(ZH_A, encoding="utf-8")
    (root / "sub" / "gbk.txt").write_bytes(ZH_A.replace("朋友", "同学").encode("gbk"))
    (root / "en1.txt").write_text(EN_A, encoding="utf-8")
    (root / "en2.md").write_text(EN_B, encoding="utf-8")
    (root / "page.html").write_text(f"<html><body><p>{EN_A}</p><script>x = 1</script></body></html>")
    (root / "other.txt").write_text(OTHER, encoding="utf-8")
    (root / "empty.txt").write_text("的 了 是", encoding="utf-8")
    (root / "binary.txt").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8)
    (root / "image.png").write_bytes(b"\x89PNG")
    return root


@pytest.fixture
def simcompare_cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., str]:
    """``simcompare_cli("scan", ...)``: what the single-machine command prints, run in this process."""

    def run(*args: str) -> str:
        capsys.readouterr()  # what came before is not the command's
        code = main(list(args))
        printed = capsys.readouterr()
        assert code in (0, 1), printed.err
        assert "Traceback" not in printed.err, printed.err
        return printed.out

    return run


@pytest.fixture(scope="module")
def job(spark: SparkSession, folder: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("out")
    lines: list[str] = []
    run = run_job(spark, folder, out, Config(), report=lines.append)
    assert [line.split(":")[0] for line in lines] == ["fingerprints", "pairs", "groups"]
    assert (run.files, run.problems, run.empty, run.skipped) == (9, 1, 1, 1)
    assert "1 passed over (groups.json's skipped)" in lines[0]  # image.png, as scan passes it over
    return out


def test_fingerprints_equal_simcompare_fingerprint(
    spark: SparkSession, job: Path, folder: Path, simcompare_cli: Callable[..., str]
) -> None:
    rows = spark.read.parquet(str(job / "fingerprints.parquet")).collect()
    ours = {r.path: (format(to_unsigned(r.value), "064b"), r.hex) for r in rows if r.problem is None}
    paths = sorted(ours)
    printed = simcompare_cli("fingerprint", *(str(folder / p) for p in paths)).splitlines()
    theirs = {}
    for line in printed:
        name, binary, hexa = line.split("\t")[:3]
        theirs[Path(name).relative_to(folder).as_posix()] = (binary, hexa)
    assert ours == theirs
    problems = {r.path: r.problem for r in rows if r.problem is not None}
    assert problems == {"binary.txt": "binary"}
    assert {r.path for r in rows if r.empty} == {"empty.txt"}


def test_groups_json_equals_scan_json(job: Path, folder: Path, simcompare_cli: Callable[..., str]) -> None:
    # Spark keeps the file each group was found around as its reference: `scan --reference-rule central`
    scanned = json.loads(
        simcompare_cli(
            "scan", str(folder), "--json", "--no-cache", "--workers", "1", "--reference-rule", "central", *SPARK_TYPES
        )
    )
    ours = json.loads((job / "groups.json").read_text(encoding="utf-8"))
    assert scanned["skipped"] == {"type_not_chosen": 1}  # image.png: Spark's listing passes it over as scan does
    assert ours == scanned
    assert len(ours["groups"]) == 2  # the test means something: both near-duplicate groups are there


def test_pairs_equal_the_core_index_among_representatives(spark: SparkSession, job: Path) -> None:
    rows = spark.read.parquet(str(job / "fingerprints.parquet")).collect()
    first: dict[str, tuple[str, int]] = {}
    for r in sorted((r for r in rows if r.problem is None and not r.empty), key=lambda r: (len(r.path), r.path)):
        first.setdefault(r.digest, (r.path, to_unsigned(r.value)))
    reps = sorted(first.values())
    assert "copy one.txt" not in dict(reps)  # an identical copy of a.txt, represented by it
    found = find_near_pairs([v for _, v in reps], k=default_k(64), bits=64)
    expected = {(reps[i][0], reps[j][0], d) for i, j, d in found}
    pairs = spark.read.parquet(str(job / "pairs.parquet")).collect()
    assert {(r.path_a, r.path_b, r.distance) for r in pairs} == expected
    assert len(pairs) == len(expected) >= 3
    by_path = {r.path: r for r in rows}
    for r in pairs:  # the core's own resemblance, and its threshold
        sketches = [sketch_from_bytes(by_path[p].shingles) for p in (r.path_a, r.path_b)]
        assert r.resemblance == resemblance(*sketches)
        assert r.verified == (r.resemblance >= DEFAULT_MIN_RESEMBLANCE)


def test_command_with_components_equals_scan_json(
    spark: SparkSession,
    folder: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    simcompare_cli: Callable[..., str],
) -> None:
    out = tmp_path / "o"
    assert main(["spark", str(folder), "--out", str(out), "--master", "local[2]", "--groups", "components"]) == 0
    printed = capsys.readouterr()
    assert [line.split(":")[1].strip() for line in printed.err.splitlines()] == ["fingerprints", "pairs", "groups"]
    assert "9 files (1 passed over: groups.json's skipped), " in printed.out
    assert " 2 groups of near-duplicates" in printed.out
    scanned = json.loads(
        simcompare_cli(
            "scan",
            str(folder),
            "--json",
            "--no-cache",
            "--workers",
            "1",
            "--groups",
            "components",
            "--reference-rule",
            "central",
            *SPARK_TYPES,
        )
    )
    written = json.loads((out / "groups.json").read_text(encoding="utf-8"))
    assert scanned["skipped"] == {"type_not_chosen": 1}  # Spark counts the files its listing passes over, as scan
    assert written == scanned
    assert spark.range(1).count() == 1  # the module's session is still running
    names = {p.name for p in out.iterdir()}
    assert {"fingerprints.parquet", "pairs.parquet", "groups.parquet", "groups.json"} <= names


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--bits", "128"], "--bits must be 1 to 64, got 128"),
        (["--blocks", "2", "-k", "3"], "--blocks must be between k + 1 = 4 and --bits = 64"),
        (["--hot-key-rows", "0"], "--hot-key-rows: must be a whole number from 1 to"),
    ],
)
def test_command_usage_errors(
    option: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["spark", str(tmp_path), "--out", str(tmp_path / "o"), *option]) == 2
    assert message in capsys.readouterr().err


def test_command_missing_input_is_exit_1(
    spark: SparkSession, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["spark", str(tmp_path / "nothing"), "--out", str(tmp_path / "o")]) == 1
    assert "is neither a folder, a glob of files nor a Parquet dataset" in capsys.readouterr().err


def test_parquet_input_with_id_column(spark: SparkSession, tmp_path: Path, simcompare_cli: Callable[..., str]) -> None:
    texts = {"z1": ZH_A, "z2": ZH_B, "e1": EN_A, "e2": EN_B, "o": OTHER, "c1": ZH_A, "c2": ZH_A, "c3": ZH_A}
    source = tmp_path / "texts.parquet"
    rows = sorted((f"{name}.txt", text) for name, text in texts.items())
    spark.createDataFrame(rows, "id string, text string").write.parquet(str(source))
    config = Config(bits=32, segmenter="words")
    run_job(spark, source, tmp_path / "out", config, Decision(4))
    prints = spark.read.parquet(str(tmp_path / "out" / "fingerprints.parquet")).collect()
    assert {r.path: r.hex for r in prints} == {f"{n}.txt": fingerprint(t, config).hex for n, t in texts.items()}
    # the same texts as files: scan's groups
    folder = tmp_path / "files"
    folder.mkdir()
    for name, text in rows:
        (folder / name).write_text(text, encoding="utf-8")
    scanned = json.loads(
        simcompare_cli(
            "scan",
            str(folder),
            "--json",
            "--no-cache",
            "--workers",
            "1",
            "--reference-rule",
            "central",
            "--bits",
            "32",
            "--segmenter",
            "words",
            "-k",
            "4",
        )
    )
    ours = json.loads((tmp_path / "out" / "groups.json").read_text(encoding="utf-8"))
    assert ours["groups"] == scanned["groups"]
    assert any({"c1.txt", "c2.txt", "c3.txt", "z1.txt"} <= {m["path"] for m in g["members"]} for g in ours["groups"])


def test_components_by_large_star_small_star(spark: SparkSession) -> None:
    # a chain 1-2-3-4-5 (closeness is not transitive, components join it whole), a pair 10-11, a triangle
    edges = [(1, 2), (2, 3), (3, 4), (4, 5), (10, 11), (20, 21), (21, 22), (20, 22)]
    labels = components(spark.createDataFrame(edges, "a long, b long")).collect()
    assert {r.value: r.component for r in labels} == {
        **dict.fromkeys([1, 2, 3, 4, 5], 1),
        10: 10,
        11: 10,
        **dict.fromkeys([20, 21, 22], 20),
    }


def test_texts_need_a_path_or_id_column(spark: SparkSession) -> None:
    with pytest.raises(ValueError, match="'path' \\(or 'id'\\) and a column 'text'"):
        fingerprint_texts(spark.createDataFrame([("x",)], "body string"), Config())


def test_hot_key_is_salted_and_pairs_stay_exact(spark: SparkSession) -> None:
    rng = random.Random(13)
    # 300 values sharing their first 16 bits (one block key at k = 3), each with a neighbour 1-3 bits away
    base = [(0xABCD << 48) | rng.getrandbits(48) for _ in range(300)]
    near = [v ^ (1 << rng.randrange(48)) ^ (1 << rng.randrange(48)) for v in base]
    values = sorted(set(base + near + [rng.getrandbits(64) for _ in range(200)]))
    prints = spark.createDataFrame(
        [(str(i), to_signed(v), "", False, "", None, None, 1, 0, None, b"", None, None) for i, v in enumerate(values)],
        PRINTS,
    )
    masks = table_masks(block_layout(64, 3))
    hot = hot_keys(explode_keys(prints.select("value"), masks), 100).collect()
    assert [(r.t, r.key) for r in hot] == [(0, to_signed(0xABCD << 48))]
    assert hot[0].salts == 6  # about 600 rows, 100 a salt
    found = value_pairs(prints, 3, 64, hot_key_rows=100).collect()
    ours = {
        (min(to_unsigned(r.a), to_unsigned(r.b)), max(to_unsigned(r.a), to_unsigned(r.b)), r.distance) for r in found
    }
    assert len(found) == len(ours)  # each pair once
    assert ours == {(values[i], values[j], d) for i, j, d in find_near_pairs(values, k=3, bits=64)}
    assert len(ours) >= 250


def test_identical_fingerprints_are_collapsed_then_expanded(spark: SparkSession) -> None:
    # five different texts (no digest in common) with one fingerprint, a near one, and an unreadable file
    rows = [
        (f"copy{i}", to_signed(0xFFFF_0000_0000_0001), "", False, "", None, None, 1, 0, f"d{i}", b"", None, None)
        for i in range(5)
    ]
    rows.append(("near", to_signed(0xFFFF_0000_0000_0003), "", False, "", None, None, 1, 0, "d5", b"", None, None))
    rows.append(("gone", None, None, None, None, "binary", "holds NUL bytes", None, None, None, None, None, None))
    # and an identical copy of copy0's text: represented by copy0, in no pair of its own
    rows.append(
        ("copy0-again", to_signed(0xFFFF_0000_0000_0001), "", False, "", None, None, 1, 0, "d0", b"", None, None)
    )
    prints = spark.createDataFrame(rows, PRINTS)
    pairs = value_pairs(prints, 3, 64)
    assert [(r.a, r.b, r.distance) for r in pairs.collect()] == [
        (to_signed(0xFFFF_0000_0000_0001), to_signed(0xFFFF_0000_0000_0003), 1)
    ]
    docs = {(r.path_a, r.path_b, r.distance) for r in document_pairs(prints, pairs).collect()}
    assert len(docs) == 10 + 5
    assert ("copy0", "copy4", 0) in docs and ("copy2", "near", 1) in docs
    assert not any("copy0-again" in pair for pair in docs)


@pytest.mark.skipif(not Path("/proc/self/mem").is_file(), reason="needs Linux's /proc/self/mem to fail a read")
def test_unreadable_files_keep_the_systems_error_number(spark: SparkSession, tmp_path: Path) -> None:
    # A read that fails with an input/output error (the worker's /proc/self/mem, at address 0), a folder the
    # listing could not open and a file that vanished after the listing: the first two keep errno, as scan's
    # problems do, so the window can word the error in its own language; a vanished file has a reason of its own.
    (tmp_path / "kept.txt").write_text(EN_A, encoding="utf-8")
    (tmp_path / "vanished.txt").write_text(EN_B, encoding="utf-8")
    listed = list_input(tmp_path)
    (tmp_path / "vanished.txt").unlink()
    mem = Path("/proc/self/mem").stat()
    failing = ("/proc/self/mem", "mem", mem.st_size, mem.st_mtime_ns, mem.st_ctime_ns, mem.st_ino)
    denied = Problem("locked", ErrorCode.UNREADABLE, "Permission denied", errno.EACCES)
    listing = replace(listed, entries=(*listed.entries, failing), problems=(*listed.problems, denied))
    prints = fingerprint_files(spark, listing, Config())
    rows = {r.path: (r.problem, r.errno) for r in prints.collect()}
    assert rows == {
        "kept.txt": (None, None),
        "vanished.txt": (ErrorCode.VANISHED, None),
        "mem": (ErrorCode.UNREADABLE, errno.EIO),
        "locked": (ErrorCode.UNREADABLE, errno.EACCES),
    }
    result = scan_result(prints, Config(), listing.root)
    assert {(p.path, p.reason, p.errno) for p in result.problems} == {
        ("vanished.txt", ErrorCode.VANISHED, None),
        ("mem", ErrorCode.UNREADABLE, errno.EIO),
        ("locked", ErrorCode.UNREADABLE, errno.EACCES),
    }
    assert [f.path for f in result.files] == ["kept.txt"]


def test_a_glob_through_a_symbolic_link_loop_is_an_input_error_not_a_traceback(tmp_path: Path) -> None:
    # Path.resolve() raised RuntimeError for a loop on Python 3.10-3.12: `simcompare spark` ended in a traceback
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    with pytest.raises(InputError, match="cannot be reached"):
        list_input(f"{tmp_path}/loop/**/*.txt")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.txt").write_text(EN_A, encoding="utf-8")
    (tmp_path / "docs" / "round").symlink_to(tmp_path / "docs" / "round")
    listing = list_input(f"{tmp_path}/docs/*")  # the loop among the glob's names is no file of it
    assert [e[1] for e in listing.entries] == ["a.txt"]


def test_glob_input_lists_like_scan(folder: Path) -> None:
    listing = list_input(f"{folder}/**/*.txt")
    assert listing.root == str(folder.resolve())
    assert [e[1] for e in listing.entries] == sorted(
        ["a.txt", "sub/b.txt", "copy one.txt", "sub/gbk.txt", "en1.txt", "other.txt", "empty.txt", "binary.txt"]
    )
    folder_listing = list_input(folder)
    assert "image.png" not in [e[1] for e in folder_listing.entries] and len(folder_listing.entries) == 10


def test_wide_fingerprints_are_refused_with_the_limit(spark: SparkSession, folder: Path) -> None:
    with pytest.raises(ValueError, match="bits must be 1 to 64, got 128"):
        fingerprint_files(spark, list_input(folder), Config(bits=128))


# ------------------------------------------------------------------------------------------- issue 26


def test_local_workers_run_the_commands_own_python(spark: SparkSession) -> None:
    """Not PATH's python3 (another Python, without simcompare or pandas, when run from a virtual environment
    that is not activated); a Python the user chose stays theirs, and a cluster's stays the cluster's."""
    assert spark.sparkContext.pythonExec == sys.executable
    assert spark.conf.get("spark.pyspark.python") == sys.executable
    assert os.environ.get("PYSPARK_PYTHON") is None  # set for the context's start only
    assert workers_python("local[4]", {}) == sys.executable
    assert workers_python("local[4]", {"PYSPARK_PYTHON": "/opt/python"}) is None
    assert workers_python("spark://cluster:7077", {}) is None


def test_out_naming_a_file_is_one_usage_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    taken = tmp_path / "notes.txt"
    taken.write_text("mine", encoding="utf-8")
    assert main(["spark", str(tmp_path), "--out", str(taken)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--out" in err and "is a file, not a folder" in err
    assert taken.read_text(encoding="utf-8") == "mine"


def test_a_name_that_is_not_utf8_is_read_and_named_as_scan_shows_it(spark: SparkSession, tmp_path: Path) -> None:
    """It was reported as vanished, under a mangled name: the executor got a name that named no file."""
    root = tmp_path / "names"
    root.mkdir()
    (Path(os.fsdecode(root)) / os.fsdecode(b"caf\xe9.txt")).write_text(EN_A, encoding="utf-8")
    rows = fingerprint_files(spark, list_input(root), Config()).collect()
    assert [(r.path, r.problem) for r in rows] == [("caf\\xe9.txt", None)]
    assert to_unsigned(rows[0].value) == fingerprint(EN_A, Config()).value
