"""Fingerprints on the executors, by the core's own code: the same bits as ``simcompare fingerprint``.

Files are listed on the driver (the listing and problems of ``scan``) and read on the executors, so the
input must be on storage every executor sees (a shared or network file system). Texts already in a
table (Parquet with ``path`` or ``id`` and ``text``) are fingerprinted where they lie.

Fingerprints are kept in a 64-bit ``value`` column, signed as Spark's ``long`` is: the bit pattern is
the fingerprint's, so XOR and ``bit_count`` give Hamming distances unchanged.
"""

from __future__ import annotations

import glob
import os
import re
from collections.abc import Iterator
from dataclasses import astuple, dataclass
from operator import attrgetter
from pathlib import Path

import pandas as pd
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import (
    BinaryType,
    BooleanType,
    IntegerType,
    LongType,
    StringType,
    StructField,
    StructType,
)

from simcompare.core.compat import resolved
from simcompare.core.errors import ErrorCode, InputError
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.cache import FileStamp
from simcompare.core.folder.scan import (
    DEFAULT_EXCLUDES,
    DEFAULT_SUFFIXES,
    FileRecord,
    Problem,
    ScanOptions,
    list_files,
)
from simcompare.core.folder.skipped import Skipped
from simcompare.core.formats.names import escape_name
from simcompare.core.text.documents import DEFAULT_MAX_BYTES

MAX_SPARK_BITS = 64

FINGERPRINT_SCHEMA = StructType(
    [
        StructField("path", StringType(), False),
        StructField("value", LongType(), True),  # null for a file that could not be used
        StructField("hex", StringType(), True),
        StructField("empty", BooleanType(), True),
        StructField("encoding", StringType(), True),
        StructField("problem", StringType(), True),  # a scan problem's reason (an ErrorCode), or null
        StructField("detail", StringType(), True),
        StructField("size", LongType(), True),  # bytes (of the file, or of the text in UTF-8)
        StructField("mtime_ns", LongType(), True),
        StructField("digest", StringType(), True),  # equal for identical cleaned texts (scan's FileRecord)
        StructField("shingles", BinaryType(), True),  # the verification sketch (simcompare.core.search.verify)
        # the system's error number behind an ``unreadable`` file, or null (as scan's Problem.errno); last,
        # so a reader that knows the earlier columns by position still finds them
        StructField("errno", IntegerType(), True),
        # the digest of the file's raw bytes (scan's FileRecord.raw_digest): equal for identical files whatever
        # their format (of a text given as a column: of its UTF-8, as a file holding it)
        StructField("raw_digest", StringType(), True),
    ]
)
"""One row per input: scan's FileRecord, or the reason (as in ``scan``) the input could not be used."""

# The absolute path travels as the name's bytes: a name that is not UTF-8 (a lone surrogate in Python) has
# no form in a Spark string, and mangled it named no file on the executor.
_ENTRY_SCHEMA = "abs binary, path string, size long, mtime_ns long, ctime_ns long, inode long"


_UNDECODABLE = re.compile("[\udc80-\udcff]")  # a byte of a name that is not UTF-8, as os.fsdecode gives it


def column_name(path: str) -> str:
    """A path as Spark's string columns hold it: UTF-8, so an undecodable byte of a name is written \\xNN
    (as the scan's text output shows it); every other name is itself."""
    return _UNDECODABLE.sub(lambda byte: f"\\x{ord(byte.group()) - 0xDC00:02x}", path)


def check_bits(config: Config) -> None:
    """Spark columns hold 64 bits; wider fingerprints are for the single-machine tools."""
    if config.bits > MAX_SPARK_BITS:
        raise ValueError(
            f"Spark keeps fingerprints in 64-bit columns: bits must be 1 to {MAX_SPARK_BITS}, got {config.bits}"
        )


def to_signed(value: int) -> int:
    """A fingerprint of up to 64 bits as Spark's signed long (same bits)."""
    return value - (1 << 64) if value >> 63 else value


def to_unsigned(value: int) -> int:
    """A Spark long back to the fingerprint's non-negative integer."""
    return value + (1 << 64) if value < 0 else value


@dataclass(frozen=True, slots=True)
class Listing:
    """What the driver found to read: the files, the folder they are relative to, listing problems, and the files
    the listing passed over with the reason (a folder's, as ``scan`` lists them: another type, a link, excluded)."""

    root: str
    entries: tuple[tuple[str, str, int, int, int, int], ...]  # absolute and relative path, scan's FileStamp
    problems: tuple[Problem, ...]
    skipped: tuple[Skipped, ...] = ()


def _glob_root(pattern: str) -> Path:
    # the longest leading folder without glob characters: paths are reported relative to it
    parts = Path(pattern).parts
    fixed = []
    for part in parts:
        if glob.has_magic(part):
            break
        fixed.append(part)
    return reachable(Path(*fixed)) if fixed else Path.cwd()


def reachable(path: str | os.PathLike[str]) -> Path:
    """``path`` absolute, its links followed; a path through a symbolic link loop (or otherwise out of reach) is an
    InputError that says so, the same on every Python version (3.10–3.12's ``resolve`` raised RuntimeError).

    Raises:
        InputError: the path cannot be reached.
    """
    try:
        return resolved(path)
    except OSError as error:
        raise InputError(f"{escape_name(os.fspath(path))} cannot be reached ({error.strerror})") from None


def list_input(source: str | os.PathLike[str], options: ScanOptions | None = None) -> Listing:
    """The files of a folder (exactly ``scan``'s listing) or of a glob such as ``docs/**/*.txt``.

    Raises:
        InputError: the folder does not exist or the glob matches no file.
    """
    options = options or ScanOptions(suffixes=DEFAULT_SUFFIXES, exclude=DEFAULT_EXCLUDES)
    source = os.fspath(source)
    problems: list[Problem] = []
    if Path(source).is_dir():
        root = reachable(source)
        skipped: list[Skipped] = []
        found = list_files(root, options, problems, skipped=skipped)
        entries = tuple((e.path, e.rel, *astuple(e.stamp)) for e in found)
        return Listing(str(root), entries, tuple(problems), tuple(sorted(skipped, key=attrgetter("path"))))
    if not glob.has_magic(source):
        raise InputError(f"{source} is neither a folder, a glob of files nor a Parquet dataset (*.parquet)")
    root = _glob_root(source)
    rows = []
    for name in sorted(glob.glob(source, recursive=True)):
        try:
            path = resolved(name)
        except OSError:  # through a symbolic link loop: no file of the glob's
            continue
        if not path.is_file() or path.is_symlink():
            continue
        info = path.stat(follow_symlinks=False)
        rel = path.relative_to(root).as_posix()
        if options.max_bytes is not None and info.st_size > options.max_bytes:
            detail = f"{info.st_size:,} bytes, over the limit of {options.max_bytes:,}"
            problems.append(Problem(rel, ErrorCode.TOO_LARGE, detail))
            continue
        rows.append((str(path), rel, *astuple(FileStamp.of(info))))
    if not rows and not problems:
        raise InputError(f"the pattern {source} matches no file")
    return Listing(str(root), tuple(rows), tuple(problems))


def _row(record: FileRecord, bits: int) -> dict[str, object]:
    return {
        "path": record.path,
        "value": to_signed(record.value),
        "hex": format(record.value, f"0{(bits + 3) // 4}x"),
        "empty": record.empty,
        "encoding": record.encoding,
        "problem": None,
        "detail": None,
        "size": record.size,
        "mtime_ns": record.mtime_ns,
        "digest": record.digest,
        "shingles": record.sketch,
        "errno": None,
        "raw_digest": record.raw_digest or None,
    }


def _frame(rows: list[dict[str, object]]) -> pd.DataFrame:
    # nullable integer and boolean columns: a None beside 64-bit values must not turn them into floats
    frame = pd.DataFrame(rows, columns=FINGERPRINT_SCHEMA.fieldNames())
    frame["value"] = pd.array([row["value"] for row in rows], dtype="Int64")
    frame["empty"] = pd.array([row["empty"] for row in rows], dtype="boolean")
    for name in ("size", "mtime_ns"):
        frame[name] = pd.array([row[name] for row in rows], dtype="Int64")
    frame["errno"] = pd.array([row["errno"] for row in rows], dtype="Int32")
    return frame


def _files_udf(config: Config):  # type: ignore[no-untyped-def]
    def run(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        # Imported here, on the executor; the tokenizer (jieba's dictionary) is loaded on first use and
        # stays in this Python worker, which Spark reuses for the next tasks.
        from simcompare.core.folder.scan import Problem, scan_file

        for batch in batches:
            rows = []
            for abs_name, rel, *stamp in batch.itertuples(index=False, name=None):
                stamped = FileStamp(*(int(x) for x in stamp))
                found = scan_file(os.fsdecode(bytes(abs_name)), rel, stamped, config, max_bytes=DEFAULT_MAX_BYTES)
                if isinstance(found, Problem):
                    rows.append(
                        dict.fromkeys(FINGERPRINT_SCHEMA.fieldNames())
                        | {"path": found.path, "problem": found.reason, "detail": found.detail, "errno": found.errno}
                    )
                else:
                    rows.append(_row(found, config.bits))
            yield _frame(rows)

    return run


def fingerprint_files(spark: SparkSession, listing: Listing, config: Config, *, slices: int | None = None) -> DataFrame:
    """Read and fingerprint listed files on the executors; problems become rows with ``problem`` set.

    Args:
        spark: The session.
        listing: From :func:`list_input`.
        config: Fingerprint settings (bits up to 64).
        slices: Partitions of the file list; default about 64 files per partition, at least 4 per core.
    """
    check_bits(config)
    parallel = spark.sparkContext.defaultParallelism
    slices = slices or max(1, min(len(listing.entries), max(4 * parallel, len(listing.entries) // 64)))
    sent = [(bytearray(os.fsencode(path)), column_name(rel), *stamp) for path, rel, *stamp in listing.entries]
    entries = spark.sparkContext.parallelize(sent, slices).toDF(_ENTRY_SCHEMA)
    prints = entries.mapInPandas(_files_udf(config), FINGERPRINT_SCHEMA)
    if listing.problems:
        rows = [
            dict.fromkeys(FINGERPRINT_SCHEMA.fieldNames())
            | {"path": column_name(p.path), "problem": p.reason, "detail": p.detail, "errno": p.errno}
            for p in listing.problems
        ]
        prints = prints.unionByName(spark.createDataFrame(_frame(rows), FINGERPRINT_SCHEMA))
    return prints


def _texts_udf(config: Config):  # type: ignore[no-untyped-def]
    def run(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        from simcompare.core.fingerprint.simhash import extract_features, fingerprint_value
        from simcompare.core.folder.scan import raw_digest
        from simcompare.core.search.verify import sketch_of_ids, sketch_to_bytes

        for batch in batches:
            rows = []
            for path, text in batch.itertuples(index=False, name=None):
                # as simcompare.fingerprint(text, config) and scan's record of a file holding this text
                text = text if isinstance(text, str) else ""
                found = extract_features(text, config, keep_sequence=True)
                value = fingerprint_value(found.weights, config)
                sketch = sketch_to_bytes(sketch_of_ids(found.token_ids))
                data = text.encode("utf-8", "surrogatepass")
                record = FileRecord(
                    path, len(data), 0, value, not found.weights, "", found.digest, sketch, raw_digest=raw_digest(data)
                )
                rows.append(_row(record, config.bits))
            yield _frame(rows)

    return run


def fingerprint_texts(texts: DataFrame, config: Config) -> DataFrame:
    """Fingerprint a DataFrame of texts: columns ``path`` (or ``id``, kept as ``path``) and ``text``.

    Raises:
        ValueError: a needed column is missing, or bits is over 64.
    """
    check_bits(config)
    columns = set(texts.columns)
    name = "path" if "path" in columns else "id" if "id" in columns else None
    if name is None or "text" not in columns:
        raise ValueError(
            f"texts need a column 'path' (or 'id') and a column 'text'; got {', '.join(sorted(columns)) or 'none'}"
        )
    selected = texts.select(F.col(name).cast("string").alias("path"), F.col("text").cast("string").alias("text"))
    return selected.mapInPandas(_texts_udf(config), FINGERPRINT_SCHEMA)


def read_parquet_texts(spark: SparkSession, source: str | os.PathLike[str]) -> DataFrame:
    """A Parquet dataset (file or folder) of texts, for :func:`fingerprint_texts`."""
    return spark.read.parquet(os.fspath(source))
