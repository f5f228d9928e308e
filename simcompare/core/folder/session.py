"""A folder's result as a session: what `simcompare scan` and the Folder page share.

A :class:`FolderSession` owns one scan's result and answers everything asked of it afterwards without
reading a file again: groups at any k, the verified pairs behind them, the distance histogram, one pair's
figures, the JSON/CSV report, and what happens when files are trashed or marked "not duplicates".

How pairs are found (DESIGN.md §3):

1. Empty documents are set aside; they never enter the index.
2. Identical texts (equal ``digest``) are one node, represented by one file; the rest are its copies.
3. The block index runs once per distinct fingerprint value; pairs of values are expanded to pairs of
   nodes (a value shared by more than ``SHARED_VALUE_LIMIT`` different texts is represented by one of
   them, so the expansion stays bounded).
4. Each candidate within k is verified by its resemblance (``simcompare.core.search.verify``).
5. A second source of candidates, the texts' shingle sketches (``simcompare.core.search.resembling``),
   finds the pairs that resemble by the strong threshold whatever their fingerprints' distance.

Pairs found at one k answer every smaller k by filtering, so moving the threshold down costs nothing and
moving it up searches once more.
"""

from __future__ import annotations

import json
import operator
import os
import threading
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import compress, count, islice, repeat
from operator import attrgetter
from pathlib import Path
from types import MappingProxyType
from typing import Any, overload

import numpy as np
import numpy.typing as npt

from simcompare.core.errors import Cancelled, InputError, MissingFileError
from simcompare.core.folder.laid import Layout, SavedGroups, kept_positions, run_sizes
from simcompare.core.folder.private_places import default_data_path
from simcompare.core.folder.scan import FileRecord, ScanResult
from simcompare.core.folder.skipped import Skipped, SkipReason
from simcompare.core.formats.atomic import write_text
from simcompare.core.formats.names import json_text
from simcompare.core.progress import NO_PROGRESS, Progress, Stage
from simcompare.core.search.boilerplate import common_hashes, own_resemblance, own_resemblances
from simcompare.core.search.groups import (
    Group,
    GroupRule,
    Laid,
    Member,
    Pairs,
    build_groups,
    max_internal_distance,
    max_internal_distances_in_runs,
)
from simcompare.core.search.histogram import DistanceHistogram, distance_histogram
from simcompare.core.search.index import NearPairs, SearchStats, find_near_pairs
from simcompare.core.search.resembling import resembling_pairs
from simcompare.core.search.verify import (
    DEFAULT_MIN_RESEMBLANCE,
    DEFAULT_MIN_SHINGLES,
    DEFAULT_STRONG_RESEMBLANCE,
    HASH_MAX,
    QUICK_MARGIN,
    SHINGLES,
    SIMHASH,
    SKETCH,
    SKETCH_WORDS,
    Decision,
    Sketch,
    is_sketch,
    joined_sketches,
    not_as_written,
    packed_table,
    quick_resemblance,
    quick_table,
    resemblance,
    resemblances,
    sketch_from_bytes,
    sketch_to_bytes,
)
from simcompare.core.text.reading import read_regular

__all__ = [
    "SHARED_VALUE_LIMIT",
    "FolderSession",
    "Identity",
    "NotDuplicates",
    "PairFigures",
    "default_data_path",
    "session_of",
]

SHARED_VALUE_LIMIT = 64
"""More different texts than this with one fingerprint value are paired through one of them only."""

Identity = int | str
"""What :meth:`FolderSession.identity` gives: equal for identical files, compared for nothing but equality."""

_QUICK_CHUNK = 16_384  # candidates screened at once: bounds the temporaries to about 50 MiB
_EXACT_CHUNK = 1_024  # measured exactly at once: about 12 MiB of temporaries (4,096: 50 MiB, and no faster)


@dataclass(frozen=True, slots=True)
class PairFigures:
    """How close two files of the session are."""

    distance: int
    resemblance: float
    identical: bool
    near_duplicate: bool


_MAX_LIST_BYTES = 256 << 20  # a million remembered pairs of long paths; a bigger file is not ours


class NotDuplicates:
    """Pairs of files the user said are not duplicates, kept as JSON in the user's data folder.

    Paths are absolute. The file is ours alone: written whole to a temporary file beside it and moved
    into place, so a crash never leaves half a list. A file that cannot be read is left untouched and
    the list starts empty (with ``problem`` saying why); saving then goes to the same place only if the
    file is missing or ours.
    """

    FORMAT = "simcompare-not-duplicates"

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_data_path() / "not-duplicates.json"
        self.problem = ""
        self._pairs: set[tuple[str, str]] = set()
        self._lock = threading.Lock()
        self._load()

    def _load(self) -> None:
        try:  # a regular file only, opened without waiting (a FIFO there would hang every scan), of bounded size
            data = json.loads(read_regular(self.path, max_bytes=_MAX_LIST_BYTES).data.decode("utf-8"))
        except MissingFileError:
            return
        except (InputError, ValueError) as error:
            self.problem = f"{self.path} could not be read ({error}); it is left as it is"
            return
        except RecursionError:  # nested deeper than the parser goes: not ours, whatever it is
            self.problem = f"{self.path} is nested too deeply for a not-duplicates list; it is left as it is"
            return
        if not isinstance(data, dict) or data.get("format") != self.FORMAT:
            self.problem = f"{self.path} is not a simcompare not-duplicates list; it is left as it is"
            return
        pairs = data.get("pairs", [])
        if not isinstance(pairs, list):
            self.problem = f"{self.path} has no list of pairs; it is left as it is"
            return
        for pair in pairs:
            if isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair):
                self._pairs.add(self._key(pair[0], pair[1]))

    @staticmethod
    def _key(a: str, b: str) -> tuple[str, str]:
        return (a, b) if a <= b else (b, a)

    def pairs(self) -> list[tuple[str, str]]:
        """Every remembered pair, sorted."""
        with self._lock:
            return sorted(self._pairs)

    def __contains__(self, pair: object) -> bool:
        if not isinstance(pair, tuple) or len(pair) != 2:
            return False
        return self._key(str(pair[0]), str(pair[1])) in self._pairs

    def add(self, a: str, b: str) -> None:
        """Remember that ``a`` and ``b`` are not duplicates, and save."""
        with self._lock:
            self._pairs.add(self._key(a, b))
        self.save()

    def remove(self, a: str, b: str) -> None:
        """Forget a remembered pair, and save."""
        with self._lock:
            self._pairs.discard(self._key(a, b))
        self.save()

    def save(self) -> None:
        """Write the list (raises OSError when the data folder cannot be written)."""
        if self.problem:
            raise OSError(self.problem)
        with self._lock:
            data = {"format": self.FORMAT, "version": 1, "pairs": [list(p) for p in sorted(self._pairs)]}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_text(self.path, json_text(data, indent=1))


class _Check:
    """Progress and cancel for one grouping run."""

    def __init__(self, progress: Progress, cancel: threading.Event | None) -> None:
        self.progress = progress
        self.cancel = cancel or threading.Event()

    def __call__(self, done: int, total: int, stage: Stage) -> None:
        if self.cancel.is_set():
            raise Cancelled("grouping was cancelled")
        self.progress(done, total, stage)


class FolderSession:
    """One folder's scan result and everything derived from it.

    Args:
        result: The scan's result.
        not_duplicates: The user's not-duplicates list; None keeps no list (nothing is refused).
        min_resemblance: Verification threshold: candidates below it are not near-duplicates.
        strong_resemblance: Resemblance that makes near-duplicates whatever the distance (shingle evidence);
            None: within k only.
        boilerplate: The folder's boilerplate as :meth:`boilerplate` gave it for these files (saved results hold
            it: counting it again takes half a minute at a million files); None: counted when first needed.

    ``min_shingles`` (an attribute, ``DEFAULT_MIN_SHINGLES``) is the fewest distinct shingles of a text paired
    with another that is not identical to it.
    """

    _common: np.ndarray | None  # the folder's boilerplate: hashes many texts' sketches hold (None: not counted yet)

    def __init__(
        self,
        result: ScanResult,
        *,
        not_duplicates: NotDuplicates | None = None,
        min_resemblance: float = DEFAULT_MIN_RESEMBLANCE,
        strong_resemblance: float | None = DEFAULT_STRONG_RESEMBLANCE,
        boilerplate: npt.NDArray[np.uint32] | None = None,
    ) -> None:
        if not isinstance(result, ScanResult):
            raise TypeError(f"result must be a ScanResult (from simcompare.scan), got {type(result).__name__}")
        if not_duplicates is not None and not isinstance(not_duplicates, NotDuplicates):
            raise TypeError(f"not_duplicates must be a NotDuplicates or None, got {type(not_duplicates).__name__}")
        Decision(0, min_resemblance, strong_resemblance)  # checks the thresholds
        self.result = result
        self.not_duplicates = not_duplicates
        self.min_resemblance = float(min_resemblance)
        self.strong_resemblance = None if strong_resemblance is None else float(strong_resemblance)
        self.min_shingles = DEFAULT_MIN_SHINGLES
        self._lock = threading.Lock()
        self._reset()
        if boilerplate is not None:
            self._common = np.asarray(boilerplate, dtype=np.uint32)

    # ------------------------------------------------------------------------------- the files

    def _reset(self) -> None:
        files = self.result.files
        self._names = list(map(attrgetter("path"), files))  # each record read in C: a million in a tenth of a second
        self._paths: dict[str, int] | None = None  # each file's index by its path, made when first asked for
        # Sketches are read from the records' bytes without a copy each time one is asked for (one decoded array
        # a file would double what a file costs); a record's bytes are checked once, and the few that are not
        # as verify writes them (a hand-made record) are kept decoded here.
        self._sketch_checked = np.zeros(len(files), dtype=bool)
        self._sketch_fixed: dict[int, Sketch] = {}
        empty = np.fromiter(map(attrgetter("empty"), files), dtype=bool, count=len(files))
        empty.flags.writeable = False  # given out by empty_files()
        self._empty_mask = empty
        self._empty = np.flatnonzero(empty).tolist()
        listed = _aliases(files)
        named = compress(count(), map(operator.is_not, listed, repeat(None)))  # the few other names, found in C
        aliases = {i: first for i in named if (first := listed[i]) is not None}
        del listed
        # few files have two names: the others' first names by index, not a list as long as the files (8 MB a million)
        # with the number of files, in one attribute: read at once, a forget on another thread never mixes the two
        self._alias_of = (aliases, len(files))
        # one number object an index, shared by the lists of indices below (a list of a million numbers made
        # apart is 40 MB; the identities were a million strings: 61 MB)
        numbers = self._numbers = list(range(len(files)))
        self._file_keys = list(numbers)  # each file's first name: itself, or for another name the one it names
        for i, first in aliases.items():
            self._file_keys[i] = first
        self._key_array: npt.NDArray[np.intp] | None = None  # the same as an array, made when first asked for
        self._size_array: tuple[Sequence[FileRecord], npt.NDArray[Any]] | None = None  # file_sizes()
        self._number_arrays: dict[str, tuple[Sequence[FileRecord], npt.NDArray[np.int64]]] = {}  # record_numbers()
        self._texts = _identity_roots(files, aliases, empty)
        self._identity = _identities(files, self._texts, self._empty, numbers)
        self._empty_set = set(self._empty)
        # each text's representative: its shortest, then smallest path (an empty file stands for itself)
        self._representative = _shortest_names(self._names, self._texts, empty)
        leading = (self._representative == np.arange(len(files))) & ~empty
        self._representatives = list(compress(numbers, leading.tolist()))
        self._searched_k = -1
        self._searched_floor = -1.0  # the quick estimate below which the search dropped pairs (-1: none dropped)
        self._measured_for: tuple[float, float | None] | None = None
        self._estimated = Pairs.empty()
        self._candidates = Pairs.empty()
        self._search_stats: SearchStats | None = None
        self._quick: np.ndarray | None = None
        self._resembling = Pairs.empty()
        self._resembling_for: float | None = None
        self._sizes: np.ndarray | None = None
        self._sizes_lock = threading.Lock()  # the sizes made, a sketch made from bytes not as written: one at a time
        self._values: list[int] | npt.NDArray[np.uint64] | None = None  # the fingerprints, once asked for
        self._common = None  # the folder's boilerplate: hashes many texts' sketches hold
        self._owns: dict[tuple[int, int], float] = {}
        # the resemblances laid_out measured last, by pair code (sorted), for resemblances() to look up: a re-prioritise
        # after it asks again for most of them (one tuple: a reader in another thread sees both arrays or neither)
        self._measured_last: tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]] = (
            np.zeros(0, dtype=np.int64),
            np.zeros(0, dtype=np.float64),
        )

    @property
    def files(self) -> tuple[FileRecord, ...]:
        return self.result.files

    @property
    def bits(self) -> int:
        return self.result.config.bits

    @property
    def root(self) -> str:
        return self.result.root

    def index_of(self, path: str) -> int | None:
        """The index of a file by its path relative to the folder."""
        return self._index_of.get(path)

    @property
    def _index_of(self) -> dict[str, int]:
        """Each file's index by its path (a million paths: 0.3 s, so not before a path is looked up; two threads
        asking at once make the same dictionary)."""
        if self._paths is None:
            self._paths = dict(zip(self._names, range(len(self._names)), strict=True))
        return self._paths

    def absolute(self, index: int) -> str:
        """A file's absolute path."""
        return os.path.join(self.root, *self._names[index].split("/"))

    def identity(self, index: int) -> Identity:
        """Equal for identical files: the same cleaned text or the same raw bytes (whatever their format), or
        one file under two names (a file without digests is identical only to itself and its other names)."""
        return self._identity[index]

    def identities(self) -> Sequence[Identity]:
        """Every file's :meth:`identity`, by index (not to be changed)."""
        return self._identity

    def hardlink_of(self, index: int) -> int | None:
        """The file's first name (by path) when ``index`` is another name of it (a hard link, or the same file
        reached through a bind mount: same device and inode); None for a file's first or only name."""
        index = operator.index(index)  # as a list: what is no index (a float, a text) is a TypeError, never a key
        aliases, count = self._alias_of
        found = aliases.get(index)
        if found is None and not 0 <= index < count:  # as a list: counted from the end, or no file
            if not -count <= index < 0:
                raise IndexError(f"no file {index}")
            found = aliases.get(index + count)
        return found

    def other_names(self) -> Mapping[int, int]:
        """Each file that is another name of one (a hard link, the same file through a bind mount), by index, with
        its first name's: :meth:`hardlink_of` of the few files that have one (read-only)."""
        return MappingProxyType(self._alias_of[0])

    def file_key(self, index: int) -> int:
        """Equal for two names of one file: the index of its first name."""
        return self._file_keys[index]

    def file_keys(self) -> Sequence[int]:
        """Every file's :meth:`file_key`, by index (not to be changed)."""
        return self._file_keys

    def same_bytes(self, i: int, j: int) -> bool:
        """True when files i and j hold the same raw bytes (or are one file)."""
        if self.file_key(i) == self.file_key(j):
            return True
        files = self.result.files
        return bool(files[i].raw_digest) and files[i].raw_digest == files[j].raw_digest

    def distinct_files(self, indices: Iterable[int]) -> set[int]:
        """The distinct files among ``indices`` (two names of one file count once), by :meth:`file_key`."""
        keys = self._file_keys
        return {keys[i] for i in indices}

    def sketch(self, index: int) -> Sketch:
        """A file's sketch (sorted, distinct ``uint32`` hashes; read-only, a view of the record's bytes)."""
        data = self.result.files[index].sketch
        if self._sketch_checked[index]:
            fixed = self._sketch_fixed.get(index)
            return fixed if fixed is not None else np.frombuffer(data, dtype=SKETCH_WORDS)
        if is_sketch(data):  # one check: a sketch as written is read where it lies
            self._sketch_checked[index] = True
            return np.frombuffer(data, dtype=SKETCH_WORDS)
        found = sketch_from_bytes(data)
        self._keep_fixed(index, found)
        self._sketch_checked[index] = True  # after the sketch made is kept: another thread reads it, not the bytes
        return found

    def _sketches(self) -> _Sketches:
        """Every file's sketch, as :meth:`sketch` gives it; the records not yet checked are checked all at once."""
        self._check_sketches()
        return _Sketches(self.result.files, self._sketch_fixed)

    def _check_sketches(self, involved: npt.NDArray[np.intp] | None = None) -> None:
        """Check the records' sketches not yet checked, all at once: every file's, or the files ``involved``
        (reopened results' groups measure their members, half of a million files: the rest is checked by the
        first search, which reads every sketch)."""
        files = self.result.files
        asked = ~self._sketch_checked
        if involved is not None:  # a mask, not a set operation: a sort of a million indices took 0.4 s
            among = np.zeros(len(files), dtype=bool)
            among[involved] = True
            asked &= among
        unchecked = np.flatnonzero(asked)
        if len(unchecked):
            blobs = [files[i].sketch for i in unchecked.tolist()]
            for position in not_as_written(blobs).tolist():
                self._keep_fixed(int(unchecked[position]), sketch_from_bytes(blobs[position]))
            self._sketch_checked[unchecked] = True

    def _keep_fixed(self, index: int, found: Sketch) -> None:
        """Keep the sketch made from a record's bytes that are not as written, and its size (before the record is
        marked checked: another thread then reads this, not the bytes)."""
        with self._sizes_lock:
            self._sketch_fixed[index] = found
            if self._sizes is not None:
                self._sizes[index] = len(found)

    def sketch_table(self) -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.intp]]:
        """Every file's sketch as one array: row i holds file i's hashes, then ``HASH_MAX + 2`` (0xFFFFFFFF) up to
        ``SKETCH`` columns; and each row's number of hashes. Made when asked for (1 KiB a file), not kept."""
        files = self.result.files
        table = np.full((len(files), SKETCH), np.uint32(HASH_MAX + 2), dtype=np.uint32)
        lengths = np.zeros(len(files), dtype=np.intp)
        for i in range(len(files)):
            found = self.sketch(i)
            table[i, : len(found)] = found
            lengths[i] = len(found)
        return table, lengths

    @property
    def search_statistics(self) -> SearchStats | None:
        """The last block-index search (layout, keys, candidates), for the index view."""
        return self._search_stats

    # ------------------------------------------------------------------------------- pairs

    def _distinct_values(self) -> tuple[np.ndarray, _Holders]:
        """The distinct fingerprint values of the representatives (ascending), and the representatives of each.

        Up to 64 bits in numpy: a list a value (and a Python sort of a million positions) held 150 MB through the
        search at a million texts, and left the interpreter's memory fragmented after it."""
        files, representatives = self.result.files, self._representatives
        if self.bits <= 64:
            values = np.fromiter((files[i].value for i in representatives), dtype=np.uint64, count=len(representatives))
            order = np.argsort(values, kind="stable")  # a value's texts in the representatives' order
            ordered = values[order]
            del values
            starts = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1]))) if len(ordered) else order
            held = np.asarray(representatives, dtype=np.intp)[order]
            counts = np.diff(np.append(starts, len(ordered)))
            shared = {int(u): held[starts[u] : starts[u] + counts[u]].tolist() for u in np.flatnonzero(counts > 1)}
            return ordered[starts], _Holders(held[starts], shared)
        python = [int(files[i].value) for i in representatives]
        distinct: list[int] = []
        holders: list[list[int]] = []
        for position in sorted(range(len(python)), key=lambda p: python[p]):
            if not distinct or distinct[-1] != python[position]:
                distinct.append(python[position])
                holders.append([])
            holders[-1].append(representatives[position])
        first = np.array([group[0] for group in holders], dtype=np.intp)
        return np.array(distinct, dtype=object), _Holders(
            first, {u: group for u, group in enumerate(holders) if len(group) > 1}
        )

    def _expand(self, found: NearPairs, holders: _Holders) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Pairs of distinct values → pairs of representatives (left, right, distance), as arrays."""
        first = holders.first
        left, right = first[found.left], first[found.right]
        distance = np.asarray(found.distance, dtype=np.intp)
        if not holders.shared:
            return left, right, distance
        rows: list[tuple[int, int, int]] = []
        for group in holders.shared.values():  # texts that share one value: each with the first, or every pair
            if len(group) > SHARED_VALUE_LIMIT:
                rows.extend((group[0], other, 0) for other in group[1:])
            else:
                rows.extend((a, b, 0) for x, a in enumerate(group) for b in group[x + 1 :])
        many = ~holders.alone()
        touching = many[found.left] | many[found.right]
        for u, v, d in zip(found.left[touching], found.right[touching], distance[touching], strict=True):
            ends = [holders.of(int(w)) for w in (u, v)]
            ends = [end if len(end) <= SHARED_VALUE_LIMIT else end[:1] for end in ends]
            rows.extend((a, b, int(d)) for a in ends[0] for b in ends[1] if (a, b) != (ends[0][0], ends[1][0]))
        extra = np.array(rows, dtype=np.intp).reshape(-1, 3)
        return (
            np.concatenate([left, extra[:, 0]]),
            np.concatenate([right, extra[:, 1]]),
            np.concatenate([distance, extra[:, 2]]),
        )

    def _floor(self) -> float:
        """The quick estimate below which no pair is a near-duplicate at any k with the session's thresholds
        (:meth:`_measure` rejects it on the estimate); -1 with verification off (every pair within k is)."""
        if self.min_resemblance <= 0:
            return -1.0
        return self.decision(1).needed(0) - QUICK_MARGIN  # the least any pair needs, less the estimate's margin

    def _find_candidates(self, k: int, check: _Check, floor: float = -1.0) -> Pairs:
        """Candidate pairs of representatives within k, with their distance and quick resemblance estimate; those
        whose estimate is below ``floor`` are dropped as the search finds them (never held: among a million
        texts of one language, hundreds of millions of pairs lie within k = 12, and few resemble at all)."""
        check(0, 0, Stage.SEARCHING)
        distinct, holders = self._distinct_values()
        if self._quick is None:
            self._quick = quick_table(self._sketches())
        quick = self._quick
        first, alone = holders.first, holders.alone()

        def plausible(a: np.ndarray, b: np.ndarray, _distance: np.ndarray) -> np.ndarray:
            """The pairs of values to keep: any held by several texts (paired later), else an estimate at the floor."""
            keep = ~(alone[a] & alone[b])
            for start in range(0, len(a), _QUICK_CHUNK):
                stop = start + _QUICK_CHUNK
                similar = quick_resemblance(quick[first[a[start:stop]]], quick[first[b[start:stop]]])
                keep[start:stop] |= similar >= floor
            return keep

        values = distinct if distinct.dtype != object else list(distinct)
        found = find_near_pairs(values, k=k, bits=self.bits, keep=plausible if floor > 0 else None)
        del values, distinct
        self._search_stats = found.stats
        left, right, distance = self._expand(found, holders)
        left, right = np.minimum(left, right), np.maximum(left, right)
        total = len(left)
        similar = np.empty(total, dtype=np.float64)
        for start in range(0, total, _QUICK_CHUNK):
            check(start, total, Stage.VERIFYING)
            stop = start + _QUICK_CHUNK
            similar[start:stop] = quick_resemblance(quick[left[start:stop]], quick[right[start:stop]])
        order = np.lexsort((right, left))
        return Pairs(left[order], right[order], distance[order], similar[order])

    def decision(self, k: int) -> Decision:
        """The verdict at k with the session's thresholds."""
        return Decision(k, self.min_resemblance, self.strong_resemblance, self.min_shingles)

    def _find_resembling(self, strong: float, check: _Check) -> Pairs:
        """Pairs of representatives whose sketches may resemble by ``strong`` (quick estimate), any distance."""
        check(0, 0, Stage.SEARCHING)
        sketches = self._sketches()
        if self._quick is None:
            self._quick = quick_table(sketches)
        left, right, estimate = resembling_pairs(
            sketches,
            self._representatives,
            strong,
            quick=self._quick,
            check=lambda done, total: check(done, total, Stage.VERIFYING),
        )
        files = self.result.files
        ends = zip(left.tolist(), right.tolist(), strict=True)
        distance = np.array([(int(files[a].value) ^ int(files[b].value)).bit_count() for a, b in ends], dtype=np.intp)
        return Pairs(left, right, distance, estimate)

    def _merged(self) -> Pairs:
        """SimHash's candidates and the shingles' together, each pair once (SimHash's estimate kept)."""
        if len(self._resembling) == 0:
            return self._estimated
        estimated, resembling = self._estimated, self._resembling
        width = len(self.result.files) + 1
        codes = estimated.left.astype(np.int64) * width + estimated.right
        if len(codes) < 2 or bool(np.all(codes[1:] > codes[:-1])):  # sorted, each once: as the search gives them
            # the shingles' few pairs inserted where they belong, without a sort of millions of SimHash's
            extra = resembling.left.astype(np.int64) * width + resembling.right
            extra, first = np.unique(extra, return_index=True)  # each once, its first occurrence
            at: npt.NDArray[np.intp] = np.asarray(np.searchsorted(codes, extra), dtype=np.intp)
            new: npt.NDArray[np.bool_] = at >= len(codes)
            new[~new] = codes[at[~new]] != extra[~new]
            del codes
            at, first = at[new], first[new]
            return Pairs(
                np.insert(estimated.left, at, resembling.left[first]),
                np.insert(estimated.right, at, resembling.right[first]),
                np.insert(estimated.distance, at, resembling.distance[first]),
                np.insert(estimated.resemblance, at, resembling.resemblance[first]),
            )
        del codes
        both = [estimated, resembling]
        left = np.concatenate([p.left for p in both])
        right = np.concatenate([p.right for p in both])
        _, first = np.unique(left.astype(np.int64) * width + right, return_index=True)
        return Pairs(
            left[first],
            right[first],
            np.concatenate([p.distance for p in both])[first],
            np.concatenate([p.resemblance for p in both])[first],
        )

    def _measure(self, estimated: Pairs, check: _Check) -> Pairs:
        """The candidates with the exact resemblance wherever the estimate comes near a threshold.

        An estimate more than ``QUICK_MARGIN`` (four standard errors) below the threshold rejects the pair, one
        as far above accepts it; only the band between is measured exactly, so thousands of near-identical
        files (every pair far above) cost no exact measure per pair. The bands are the verification
        threshold's and the strong one's (shingle evidence).
        """
        similar = estimated.resemblance.copy()
        if self.min_resemblance <= 0:  # verification off: every candidate passes, none needs measuring
            return estimated
        band = np.zeros(len(similar), dtype=bool)
        lowest = self.decision(1).needed(0)  # what SimHash's evidence needs at distance 0
        band |= (similar >= lowest - QUICK_MARGIN) & (similar < self.min_resemblance + QUICK_MARGIN)
        strong = self.decision(0).strong
        if strong is not None:
            band |= (similar >= strong - QUICK_MARGIN) & (similar < strong + QUICK_MARGIN)
        boilerplate = self.decision(0).boilerplate  # a pair below it may share only the folder's boilerplate
        band |= (similar >= boilerplate - QUICK_MARGIN) & (similar < boilerplate + QUICK_MARGIN)
        positions = np.flatnonzero(band)
        left, right = estimated.left, estimated.right
        similar[positions] = self._measured(left[positions], right[positions], check)
        return Pairs(left, right, estimated.distance, similar)

    def resemblances(self, left: npt.NDArray[np.intp], right: npt.NDArray[np.intp]) -> npt.NDArray[np.float64]:
        """The resemblance of many pairs of files (``left[n]`` and ``right[n]``), as ``resemblance`` of their sketches
        gives it, measured in numpy batches (those :meth:`laid_out` measured last are not measured again)."""
        codes = self._pair_codes(left, right)
        known, values = self._measured_last
        at = np.minimum(np.searchsorted(known, codes), max(len(known) - 1, 0))
        found = known[at] == codes if len(known) else np.zeros(len(codes), dtype=bool)
        similar = np.empty(len(codes), dtype=np.float64)
        similar[found] = values[at[found]]
        missing = np.flatnonzero(~found)
        similar[missing] = self._measured(left[missing], right[missing])
        return similar

    def _pair_codes(self, left: npt.NDArray[np.intp], right: npt.NDArray[np.intp]) -> npt.NDArray[np.int64]:
        """One number for each pair of files, whichever comes first (a resemblance is the same both ways)."""
        low, high = np.minimum(left, right).astype(np.int64), np.maximum(left, right).astype(np.int64)
        return low * (len(self.result.files) + 1) + high

    def _measured(self, left: np.ndarray, right: np.ndarray, check: _Check | None = None) -> np.ndarray:
        """The exact resemblance of many pairs: their files' whole sketches, a chunk of pairs of like size at a time
        (a table as wide as the chunk's longest sketch: the short texts of a folder cost what they hold)."""
        found = np.empty(len(left), dtype=np.float64)
        if not len(left):
            return found
        sizes = self._sketch_sizes()  # a record's bytes not yet checked: checked by _whole_sketches
        order = np.argsort(np.maximum(sizes[left], sizes[right]), kind="stable")
        for start in range(0, len(order), _EXACT_CHUNK):
            if check is not None:
                check(start, len(order), Stage.VERIFYING)
            chunk = order[start : start + _EXACT_CHUNK]
            involved, rows = np.unique(np.concatenate([left[chunk], right[chunk]]), return_inverse=True)
            table = self._whole_sketches(involved)
            found[chunk] = resemblances(table[rows[: len(chunk)]], table[rows[len(chunk) :]])
        return found

    def _whole_sketches(self, indices: npt.NDArray[np.intp]) -> npt.NDArray[np.uint32]:
        """The whole sketches of the files ``indices`` (distinct; checked as :meth:`sketch` checks them, those not yet
        checked checked here) as the rows of a table as wide as the longest, as ``quick_table`` makes it: the
        records' bytes joined and read at once, once for the check and the table, not a sketch apart."""
        files = self.result.files
        chosen = indices.tolist()
        checked = self._sketch_checked[indices]
        blobs = [files[i].sketch for i in chosen]
        hashes, lengths, broken = joined_sketches(blobs)
        for position in broken.tolist():  # bytes not as written: the sketch they give, made once and kept
            if not checked[position]:
                self._keep_fixed(chosen[position], sketch_from_bytes(blobs[position]))
        self._sketch_checked[indices[~checked]] = True
        fixed = self._sketch_fixed
        if fixed and any(i in fixed for i in chosen):
            blobs = [sketch_to_bytes(fixed[i]) if i in fixed else blob for i, blob in zip(chosen, blobs, strict=True)]
            hashes, lengths, _ = joined_sketches(blobs)
        return packed_table(hashes, lengths, max(1, int(lengths.max(initial=0))))

    def candidates(self, k: int, *, progress: Progress = NO_PROGRESS, cancel: threading.Event | None = None) -> Pairs:
        """Every pair of representatives within k that the session's thresholds could accept, verified or not
        (their resemblance tells; the pairs whose quick estimate no threshold reaches are dropped by the search,
        see :meth:`_floor`), and the pairs farther than k that resemble by the strong threshold (shingle
        evidence)."""
        check = _Check(progress, cancel)
        strong = self.decision(k).strong
        with self._lock:
            floor = self._floor()
            if k > self._searched_k or floor < self._searched_floor:  # a lower threshold needs what was dropped
                self._estimated = self._find_candidates(max(k, self._searched_k), check, floor)
                self._searched_k, self._searched_floor = max(k, self._searched_k), floor
                self._measured_for = None
            if strong != self._resembling_for:  # another strong threshold: another search by the shingles
                self._resembling = Pairs.empty() if strong is None else self._find_resembling(strong, check)
                self._resembling_for = strong
                self._measured_for = None
            # the searches' quick table is made again when another search needs it (seconds at a million texts):
            # held, it sat beside the groups and everything after them (244 MB at a million)
            self._quick = None
            thresholds = (self.min_resemblance, strong)
            if self._measured_for != thresholds:  # another threshold: another band to measure
                self._candidates = self._measure(self._merged(), check)
                self._measured_for = thresholds
            found = self._candidates
        within = found.distance <= k
        if strong is not None:
            within |= found.resemblance >= strong
        return found.select(within)

    def pairs(self, k: int, *, progress: Progress = NO_PROGRESS, cancel: threading.Event | None = None) -> Pairs:
        """The near-duplicate pairs of representatives by the session's :meth:`decision` at k: within k and
        verified, or resembling by the strong threshold; neither text under ``min_shingles`` distinct shingles."""
        found = self.candidates(k, progress=progress, cancel=cancel)
        decision = self.decision(k)
        if self.min_resemblance <= 0:  # verification off: SimHash alone
            return found
        sizes = self._checked_sizes()
        fewest = np.minimum(sizes[found.left], sizes[found.right])
        own = np.full(len(found.left), np.nan)  # not known: the whole resemblance decides
        near = decision.near_many(found.distance, found.resemblance, fewest, own)
        # pairs that may share little but the folder's boilerplate: their own resemblance, measured, decides too
        asked = np.flatnonzero(near & (found.resemblance < decision.boilerplate))
        own[asked] = self._owns_of(found.left[asked], found.right[asked])
        near[asked] = decision.near_many(found.distance[asked], found.resemblance[asked], fewest[asked], own[asked])
        return found.select(near)

    def boilerplate(self) -> npt.NDArray[np.uint32]:
        """The folder's boilerplate: the shingle hashes held by the sketches of more than ``COMMON_TEXTS`` distinct
        texts (``core.search.boilerplate``), sorted; counted once."""
        return self._common_hashes()

    def _common_hashes(self) -> np.ndarray:
        if self._common is None:
            sketches = self._sketches()
            self._common = common_hashes(sketches.among(self._representatives))
        return self._common

    def _owns_of(self, left: np.ndarray, right: np.ndarray) -> np.ndarray:
        """:meth:`own` of many pairs at once (NaN compares as neither below nor above a threshold)."""
        found = np.empty(len(left), dtype=np.float64)
        common = self._common_hashes()
        sizes = self._sketch_sizes()  # a record's bytes not yet checked: checked by _whole_sketches
        order = np.argsort(np.maximum(sizes[left], sizes[right]), kind="stable")  # chunks of like size, as above
        for start in range(0, len(order), _EXACT_CHUNK):
            chunk = order[start : start + _EXACT_CHUNK]
            involved, rows = np.unique(np.concatenate([left[chunk], right[chunk]]), return_inverse=True)
            table = self._whole_sketches(involved)
            found[chunk] = own_resemblances(table[rows[: len(chunk)]], table[rows[len(chunk) :]], common)
        for a, b, value in zip(left.tolist(), right.tolist(), found.tolist(), strict=True):
            self._owns[(a, b) if a < b else (b, a)] = value
        return found

    def own(self, a: int, b: int) -> float:
        """Files a and b's resemblance without the folder's boilerplate (``core.search.boilerplate``): the shingles
        held by more than ``COMMON_TEXTS`` distinct texts are set aside; NaN when neither keeps any."""
        key = (a, b) if a < b else (b, a)
        found = self._owns.get(key)
        if found is None:
            found = own_resemblance(self.sketch(a), self.sketch(b), self._common_hashes())
            self._owns[key] = found
        return found

    def _own_if_asked(self, a: int, b: int, similar: float, decision: Decision) -> float | None:
        return self.own(a, b) if decision.asks_own(similar) else None

    def _sketch_sizes(self) -> np.ndarray:
        """Each file's number of distinct shingles (its sketch's length): the length of a checked sketch, and of a
        record's bytes not yet checked (their check may find another: check the files asked about first, or use
        :meth:`_checked_sizes`)."""
        files = self.result.files
        with self._sizes_lock:
            if self._sizes is None or len(self._sizes) != len(files):
                sizes = np.fromiter(map(len, map(attrgetter("sketch"), files)), dtype=np.intp, count=len(files))
                sizes //= SKETCH_WORDS.itemsize
                for index, sketch in self._sketch_fixed.items():
                    sizes[index] = len(sketch)
                self._sizes = sizes
            return self._sizes

    def _checked_sizes(self) -> np.ndarray:
        """Each file's number of distinct shingles, every record's sketch checked."""
        self._check_sketches()
        return self._sketch_sizes()

    def evidence(self, a: int, b: int, k: int, similar: float) -> str | None:
        """What makes files a and b near-duplicates at k (``"simhash"``, ``"shingles"``), or None."""
        files = self.result.files
        distance = (int(files[a].value) ^ int(files[b].value)).bit_count()
        self._check_sketches(np.array([a, b], dtype=np.intp))
        sizes = self._sketch_sizes()
        decision = self.decision(k)
        return decision.evidence(
            distance, similar, int(min(sizes[a], sizes[b])), self._own_if_asked(a, b, similar, decision)
        )

    def all_pairs(self, k: int, *, progress: Progress = NO_PROGRESS, cancel: threading.Event | None = None) -> Pairs:
        """Every near-duplicate pair of files at k, not only the links to groups' references.

        The verified pairs between texts (each measured exactly), repeated for every identical copy of their
        two texts, and the pairs of identical copies themselves (distance 0, resemblance 1). Empty files and
        pairs the user marked "not duplicates" (with their copies, as in the groups) are left out. Sorted by
        the files' indices, ``left < right``; a text with n identical copies gives n(n − 1)/2 pairs of copies.
        """
        decision = self.decision(k)
        found = self.pairs(k, progress=progress, cancel=cancel)
        sizes = self._checked_sizes()
        copies: dict[Identity, list[int]] = {}
        for i in range(len(self.result.files)):
            if i not in self._empty_set:
                copies.setdefault(self._identity[i], []).append(i)
        identity = self._identity
        refused = self._refused_texts()
        rows: list[tuple[int, int, int, float]] = []
        for a, b, d in zip(found.left.tolist(), found.right.tolist(), found.distance.tolist(), strict=True):
            if frozenset((identity[a], identity[b])) in refused:
                continue
            similar = resemblance(self.sketch(a), self.sketch(b))
            own = self._own_if_asked(a, b, similar, decision)
            if not decision.near(d, similar, int(min(sizes[a], sizes[b])), own):  # accepted on the estimate
                continue
            for i in copies[identity[a]]:
                rows.extend((i, j, d, similar) for j in copies[identity[b]])
        for same in copies.values():
            rows.extend((i, j, 0, 1.0) for x, i in enumerate(same) for j in same[x + 1 :])
        pairs = Pairs.of(rows)
        order = np.lexsort((pairs.right, pairs.left))
        return Pairs(pairs.left[order], pairs.right[order], pairs.distance[order], pairs.resemblance[order])

    def _refused(self) -> list[tuple[int, int]]:
        if self.not_duplicates is None:
            return []
        refused = []
        for a, b in self.not_duplicates.pairs():
            i, j = self._index_of_absolute(a), self._index_of_absolute(b)
            if i is not None and j is not None:
                refused.append((i, j))
        return refused

    def _refused_texts(self) -> set[frozenset[Identity]]:
        """The pairs the user called not duplicates, as pairs of texts (their copies are refused with them)."""
        identity = self._identity
        return {frozenset((identity[a], identity[b])) for a, b in self._refused() if identity[a] != identity[b]}

    def _index_of_absolute(self, path: str) -> int | None:
        root = self.root.rstrip(os.sep) + os.sep
        if not path.startswith(root):
            return None
        return self._index_of.get(path[len(root) :].replace(os.sep, "/"))

    # ------------------------------------------------------------------------------- groups

    def groups(
        self,
        k: int,
        *,
        rule: GroupRule | str = GroupRule.REFERENCE,
        progress: Progress = NO_PROGRESS,
        cancel: threading.Event | None = None,
        leave_out: Collection[int] = (),
    ) -> list[Group]:
        """The groups at threshold k (see ``simcompare.core.search.groups``); raises Cancelled when asked to stop.

        ``leave_out``: files removed from the results by the user; they join no group, as if not scanned.
        """
        decision = self.decision(k)
        pairs = self.pairs(k, progress=progress, cancel=cancel)
        _Check(progress, cancel)(0, 0, Stage.GROUPING)
        files = self.result.files
        groups = build_groups(
            [f.value for f in files],
            pairs,
            names=self._names,
            empty=[*self._empty, *leave_out] if leave_out else self._empty,
            identical=self._identity,
            not_duplicates=self._refused(),
            rule=rule,
            resemble=lambda a, b: resemblance(self.sketch(a), self.sketch(b)),
            k=k,
            min_resemblance=self.min_resemblance,
            strong_resemblance=decision.strong,
            needed=decision.needed,
            sizes=self._checked_sizes().tolist(),
            boilerplate=lambda a, b, similar: decision.only_boilerplate(
                similar, self._own_if_asked(a, b, similar, decision)
            ),
        )
        # one file under two names is never its own duplicate: a group needs two distinct files
        kept = [g for g in self._exactly_verified(groups, rule, decision) if len(self.distinct_files(g.indices)) > 1]
        return [self._copies_at_distance_zero(g) for g in kept]

    def laid_out(
        self, laid: Iterable[Laid], k: int, *, leave_out: Collection[int] = (), decided: bool = True
    ) -> list[Group]:
        """Groups at k as saved results lay them out, without the search :meth:`groups` makes: nothing of the
        layout is believed but which files sit together. Every member is decided again against its reference
        by the session's own :meth:`decision` (distance from the fingerprints, resemblance from the sketches, the
        folder's boilerplate, too few shingles), and so is every also-close file; a member that fails, an empty
        or left-out file, a pair the user called not duplicates and a file already placed in an earlier group
        are left out, and a group left with one distinct file is dropped. So a layout can leave pairs apart, but
        never put together two files that :meth:`groups` would not accept side by side. Every group is decided at
        once (``core.folder.laid``): a million files' groups took seconds one member at a time.

        ``decided=False`` gives the groups as the layout says, to show while they are decided: nothing is
        measured from the sketches (each member's ``verified`` is None, but an identical copy's), and only
        empty, left-out, refused and repeated files leave them. No action may rest on such groups."""
        saved_groups = SavedGroups.of(laid)
        layout = saved_groups.layout()
        also = [
            (m, o)
            for group, close in saved_groups.also_close().items()
            for m, near in zip(saved_groups.files_of(group), close, strict=False)
            for o in near
        ]
        references = layout.references()
        left = np.concatenate([layout.files, np.fromiter((m for m, _ in also), dtype=np.intp, count=len(also))])
        right = np.concatenate([references, np.fromiter((o for _, o in also), dtype=np.intp, count=len(also))])
        # measured all at once (a million files: 40 s one pair at a time)
        known = self._figures_of(left, right, k) if decided else self._believed(left, right)
        out = self._empty_mask.copy()  # nobody's member, nor also-close file
        out[[i for i in leave_out if 0 <= i < len(out)]] = True
        refused = self._refused_texts()
        placed = len(layout.files)
        kept = kept_positions(
            layout,
            known.near[:placed],
            out,
            self.file_key_array(),
            self._refused_of(layout.files, references, refused),
        )
        near_also = dict(zip(also, known.near[placed:].tolist(), strict=True))
        members = self._laid_members(
            saved_groups,
            layout,
            kept,
            known,
            k,
            lambda i, saved, inside: self._also_close(i, saved, inside, near_also, out, refused),
        )
        distances = max_internal_distances_in_runs(self.fingerprints(), *self._laid_texts(layout, kept, known))
        return [Group(group[0].index, group, distance) for group, distance in zip(members, distances, strict=True)]

    def _laid_members(
        self,
        laid: SavedGroups,
        layout: Layout,
        kept: npt.NDArray[np.bool_],
        known: _Figures,
        k: int,
        also_close: Callable[[int, Sequence[int], set[int]], tuple[int, ...]],
    ) -> list[tuple[Member, ...]]:
        """The members of each kept group (``kept``: for each position of ``layout``), the reference first, with
        their figures to it (``known``: by position) and the saved also-close files ``also_close`` keeps."""
        chosen = np.flatnonzero(kept)
        identical = known.identical[chosen] & ~layout.firsts()[chosen]  # a reference is not its own copy
        distance = known.distance[chosen]
        evidence = [SHINGLES if beyond else SIMHASH for beyond in ((distance > k) & ~identical).tolist()]
        made = iter(
            map(
                Member,
                self._numbered(layout.files[chosen]),
                distance.tolist(),
                _measured_or_none(known.resemblance[chosen]),
                identical.tolist(),
                [()] * len(chosen),
                evidence,
            )
        )
        owner = layout.owner[chosen]
        sizes = run_sizes(owner)
        groups = [tuple(islice(made, size)) for size in sizes.tolist()]  # sizes: small numbers, never made apart
        listed = laid.also_close()
        if listed:
            firsts = np.cumsum(sizes) - sizes
            for position in np.flatnonzero(np.isin(owner[firsts], list(listed))).tolist():
                group = int(owner[firsts[position]])
                groups[position] = tuple(self._with_saved_also_close(laid[group], list(groups[position]), also_close))
        return groups

    def _numbered(self, indices: npt.NDArray[np.intp]) -> list[int]:
        """``indices`` as the session's own number objects, one a file (a million files' members each a number of
        their own: 14 MB a layout, two layouts at the window's peak)."""
        return list(map(self._numbers.__getitem__, indices.tolist()))

    @staticmethod
    def _with_saved_also_close(
        saved: Laid, members: list[Member], also_close: Callable[[int, Sequence[int], set[int]], tuple[int, ...]]
    ) -> list[Member]:
        """``members`` with the also-close files ``also_close`` keeps of those ``saved`` lists for each."""
        also = dict(zip(saved.files, saved.also_close, strict=False))
        inside = {m.index for m in members}
        return [
            replace(m, also_close=also_close(m.index, also[m.index], inside)) if also.get(m.index) else m
            for m in members
        ]

    def _laid_texts(
        self, layout: Layout, kept: npt.NDArray[np.bool_], known: _Figures
    ) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
        """For each kept group, the files between whom its largest distance is measured (:meth:`_distance_texts`,
        for every group at once: a group whose identical copies' fingerprints differ is measured between its texts'
        representatives, copies of one no farther apart than one), the groups' files one after the other, and how
        many each group has."""
        chosen = np.flatnonzero(kept)
        index = layout.files[chosen]
        reference = layout.references()[chosen]
        identical = known.identical[chosen] & ~layout.firsts()[chosen]
        values = self.fingerprints()
        if isinstance(values, np.ndarray):
            other_bits = identical & (values[index] != values[reference])
        else:
            ends = zip(index.tolist(), reference.tolist(), identical.tolist(), strict=True)
            other_bits = np.array([same and values[i] != values[r] for i, r, same in ends], dtype=bool)
        owner = layout.owner[chosen]
        odd = np.isin(owner, owner[other_bits])
        return np.where(odd, self._representative[index], index), run_sizes(owner)

    def _refused_of(
        self, left: npt.NDArray[np.intp], right: npt.NDArray[np.intp], refused: Collection[frozenset[Identity]]
    ) -> npt.NDArray[np.bool_]:
        """For many pairs of files, whether the user called their texts not duplicates (``refused``: as
        :meth:`_refused_texts` gives them)."""
        if not refused:
            return np.zeros(len(left), dtype=bool)
        identity = self._identity
        ends = zip(left.tolist(), right.tolist(), strict=True)
        return np.array([frozenset((identity[a], identity[b])) in refused for a, b in ends], dtype=bool)

    def file_sizes(self) -> npt.NDArray[Any]:
        """Every file's size in bytes, by index, as one array (made once for these files; read-only): the window
        adds up a quarter of a million marked files' sizes from it."""
        files = self.result.files
        made = self._size_array
        if made is None or made[0] is not files:
            try:
                sizes = np.fromiter(map(attrgetter("size"), files), dtype=np.int64, count=len(files))
            except OverflowError:  # a hand-made record's size beyond 64 bits: Python's whole numbers, added as they are
                sizes = np.array(list(map(attrgetter("size"), files)), dtype=object)
            sizes.flags.writeable = False
            made = self._size_array = (files, sizes)
        return made[1]

    def record_numbers(self, name: str) -> npt.NDArray[np.int64]:
        """Every file's number ``name`` (a field of :class:`FileRecord`: ``size``, ``mtime_ns``, ``words``), by
        index, as one array (made once for these files; read-only): a re-prioritise of a million files' groups
        compares them for every regroup.

        Raises:
            OverflowError: a record's number is beyond 64 bits (a hand-made record); nothing is kept.
        """
        files = self.result.files
        made = self._number_arrays.get(name)
        if made is None or made[0] is not files:
            sizes = self.file_sizes() if name == "size" else None
            if sizes is not None and sizes.dtype == np.int64:
                numbers = sizes  # one array for both (a million files' sizes: 8 MB)
            else:
                numbers = np.fromiter(map(attrgetter(name), files), dtype=np.int64, count=len(files))
                numbers.flags.writeable = False
            made = self._number_arrays[name] = (files, numbers)
        return made[1]

    def has_record_numbers(self, name: str) -> bool:
        """:meth:`record_numbers` of ``name`` is made already for these files."""
        made = self._number_arrays.get(name)
        return made is not None and made[0] is self.result.files

    def file_key_array(self) -> npt.NDArray[np.intp]:
        """Every file's :meth:`file_key`, as one array (made once; read-only)."""
        made = self._key_array
        if made is None or len(made) != len(self._file_keys):
            made = np.fromiter(self._file_keys, dtype=np.intp, count=len(self._file_keys))
            made.flags.writeable = False
            self._key_array = made
        return made

    def _distance_texts(self, reference: int, members: Iterable[tuple[int, bool]]) -> list[int] | None:
        """None when every identical copy among ``members`` (index, identical) holds the reference's bits: the
        group's largest distance is measured between all its members. Else the members' texts' representatives,
        between whom it is measured (identical copies are at 0 from their text's representative, as their members
        say, even when a format read differently gave them other bits)."""
        members = list(members)
        values = self.fingerprints()
        if all(not same or values[i] == values[reference] for i, same in members):
            return None
        return sorted({int(self._representative[i]) for i, _ in members})

    def fingerprints(self) -> Sequence[int] | npt.NDArray[np.uint64]:
        """Every file's fingerprint, by index: up to 64 bits one array of words, wider a list (made once; not to
        be changed)."""
        if self._values is None:
            files = self.result.files
            if self.bits > 64:
                self._values = [f.value for f in files]
            else:
                self._values = np.fromiter(map(attrgetter("value"), files), dtype=np.uint64, count=len(files))
        return self._values

    def _also_close(
        self,
        index: int,
        saved: Iterable[int],
        inside: Collection[int],
        near: Mapping[tuple[int, int], bool],
        out: npt.NDArray[np.bool_],
        refused: Collection[frozenset[Identity]],
    ) -> tuple[int, ...]:
        """The saved also-close files of a member that the session's decision calls near it at k (``near``, by
        pair), and that are not in its group, nor itself under another name, nor empty or left out (``out``), nor
        called not duplicates of it, in the saved order."""
        identity, keys = self._identity, self._file_keys
        kept: list[int] = []
        for other in saved:
            if other in inside or out[other] or keys[other] == keys[index] or other in kept:
                continue
            if frozenset((identity[index], identity[other])) in refused:
                continue
            if near[index, other]:
                kept.append(other)
        return tuple(kept)

    def _figures_of(self, left: npt.NDArray[np.intp], right: npt.NDArray[np.intp], k: int) -> _Figures:
        """:meth:`pair` of many pairs of files (``left[n]`` and ``right[n]``), all at once: the exact resemblances,
        and the resemblances without the folder's boilerplate where the decision asks for them, measured in numpy
        batches; the same figures. (:meth:`pair` stays one pair's: the batches check every file's sketch first, too
        much for the window's one pair.)"""
        empty = self._empty_mask[left] | self._empty_mask[right]
        same = self.identical_pairs(left, right)
        differ = np.flatnonzero(~same)  # identical texts are at 0, resembling wholly
        similar = np.ones(len(left), dtype=np.float64)
        similar[differ] = self._measured(left[differ], right[differ])
        codes = self._pair_codes(left[differ], right[differ])
        order = np.argsort(codes, kind="stable")
        self._measured_last = (codes[order], similar[differ][order])
        distance = np.zeros(len(left), dtype=np.intp)
        distance[differ] = self.distances(left[differ], right[differ])
        decision = self.decision(k)
        own = np.full(len(left), np.nan)
        asking = differ[(self.min_resemblance > 0) & (similar[differ] < decision.boilerplate)]  # decision.asks_own
        if len(asking):
            own[asking] = self._owns_of(left[asking], right[asking])
        sizes = self._sketch_sizes()
        near = decision.near_many(distance, similar, np.minimum(sizes[left], sizes[right]), own)
        near[same] = True  # identical texts are near-duplicates (at 0, resembling wholly, their sizes unasked)
        near[empty] = False
        return _Figures(distance, similar, same, near)

    def _believed(self, left: npt.NDArray[np.intp], right: npt.NDArray[np.intp]) -> _Figures:
        """:meth:`_figures_of` without the sketches: distances and identities measured, every pair of files that
        are not empty believed near, and resemblance unknown (NaN) but between identical texts (1)."""
        same = self.identical_pairs(left, right)
        distance = np.where(same, 0, self.distances(left, right))
        similar = np.where(same, 1.0, np.nan)
        return _Figures(distance, similar, same, ~(self._empty_mask[left] | self._empty_mask[right]))

    def distances(self, left: npt.NDArray[np.intp], right: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
        """The Hamming distances between the fingerprints of many pairs of files (``left[n]`` and ``right[n]``)."""
        values = self.fingerprints()
        if isinstance(values, np.ndarray):
            return np.bitwise_count(values[left] ^ values[right]).astype(np.intp)
        ends = zip(left.tolist(), right.tolist(), strict=True)
        return np.array([(values[a] ^ values[b]).bit_count() for a, b in ends], dtype=np.intp)

    def identical_pairs(self, left: npt.NDArray[np.intp], right: npt.NDArray[np.intp]) -> npt.NDArray[np.bool_]:
        """For many pairs of files, whether they are identical (:meth:`identity` equal)."""
        same: npt.NDArray[np.bool_] = self._texts[left] == self._texts[right]
        odd = np.flatnonzero(self._empty_mask[left] | self._empty_mask[right])  # an empty file's: its text's digest
        identity = self._identity
        same[odd] = [identity[a] == identity[b] for a, b in zip(left[odd].tolist(), right[odd].tolist(), strict=True)]
        return same

    def empty_files(self) -> npt.NDArray[np.bool_]:
        """For each file, whether it is an empty document (read-only)."""
        return self._empty_mask

    def empty_paths(self) -> list[str]:
        """The empty documents' paths, in the files' order (``ScanResult.empty`` without reading every record: a
        million of them twice on the window's thread took 0.3 s when reopened results were shown)."""
        names = self._names
        return [names[i] for i in self._empty]

    def _copies_at_distance_zero(self, group: Group) -> Group:
        """The group's largest distance measured between the texts it holds (identical copies are at 0 from their
        text's representative, as their members say, even when a format read differently gave them other bits)."""
        texts = self._distance_texts(group.reference, [(m.index, m.identical) for m in group.members])
        if texts is None:
            return group
        files = self.result.files
        return replace(group, max_distance=max_internal_distance([files[i].value for i in texts], range(len(texts))))

    def _exactly_verified(self, groups: list[Group], rule: GroupRule | str, decision: Decision) -> list[Group]:
        """Every member's ``verified`` measured exactly against its reference (pairs far above the threshold
        were accepted on their estimate); a member that falls below its evidence's threshold (the verification
        threshold within k, the strong one beyond) leaves a reference-centred group."""
        checked = []
        reference_rule = GroupRule(rule) is GroupRule.REFERENCE
        for group in groups:
            members = [group.members[0]]
            for member in group.members[1:]:
                if member.identical:
                    members.append(member)
                    continue
                exact = resemblance(self.sketch(member.index), self.sketch(group.reference))
                own = self._own_if_asked(member.index, group.reference, exact, decision)
                fewest = int(min(len(self.sketch(member.index)), len(self.sketch(group.reference))))
                if reference_rule and decision.evidence(member.distance, exact, fewest, own) is None:
                    continue
                members.append(replace(member, verified=exact))
            if len(members) == len(group.members):
                checked.append(replace(group, members=tuple(members)))
            elif len(members) > 1:
                values = [self.result.files[m.index].value for m in members]
                checked.append(
                    Group(group.reference, tuple(members), max_internal_distance(values, range(len(values))))
                )
        return checked

    def pair(self, i: int, j: int, k: int) -> PairFigures:
        """The figures of two files: distance, resemblance, identical, and the verdict at k."""
        files = self.result.files
        identical = self._identity[i] == self._identity[j]
        # identical files are at 0, as in their group, even where two formats read from the same bytes gave
        # other bits (README.md read as Markdown, its .txt copy as plain text)
        distance = 0 if identical else (int(files[i].value) ^ int(files[j].value)).bit_count()
        similar = 1.0 if identical else resemblance(self.sketch(i), self.sketch(j))
        size = None if identical else int(min(len(self.sketch(i)), len(self.sketch(j))))
        decision = self.decision(k)
        own = None if identical else self._own_if_asked(i, j, similar, decision)
        near = not files[i].empty and not files[j].empty and decision.near(distance, similar, size, own)
        return PairFigures(distance, similar, identical, near)

    def histogram(self) -> DistanceHistogram:
        """Distances between the fingerprints of the non-empty files (exact, or sampled for large folders); a file
        under two names (a hard link) counts once."""
        counted = ~self._empty_mask
        counted[list(self._alias_of[0])] = False
        values = self.fingerprints()  # made once, for the groups too
        if isinstance(values, np.ndarray):
            return distance_histogram(values[counted], self.bits)
        return distance_histogram([values[i] for i in np.flatnonzero(counted).tolist()], self.bits)

    def wasted_bytes(self, group: Group) -> int:
        """What removing every member but the reference would free: each distinct file other than the
        reference once (another name of a file — a hard link — frees nothing)."""
        files = self.result.files
        kept = self.file_key(group.reference)
        return sum(files[key].size for key in self.distinct_files(group.indices) if key != kept)

    def wasted_bytes_of(self, groups: Sequence[Group]) -> list[int]:
        """:meth:`wasted_bytes` of many groups at once (each group's distinct files found by one sort of every
        member: a million files' groups took half a second one by one); the same numbers."""
        sizes = np.fromiter((len(group.members) for group in groups), dtype=np.intp, count=len(groups))
        owner = np.repeat(np.arange(len(groups), dtype=np.intp), sizes)
        keys = self.file_key_array()
        member = keys[
            np.fromiter((m.index for group in groups for m in group.members), dtype=np.intp, count=len(owner))
        ]
        size = self.file_sizes()  # made once for the files (the window reads it too)
        if size.dtype == object:  # a hand-made record's size beyond 64 bits
            return [self.wasted_bytes(group) for group in groups]
        if len(owner) and int(size.max(initial=0)) >= np.iinfo(np.int64).max // len(owner):  # a sum could overflow
            return [self.wasted_bytes(group) for group in groups]
        kept = keys[np.fromiter((group.reference for group in groups), dtype=np.intp, count=len(groups))][owner]
        order = np.lexsort((member, owner))
        once = np.ones(len(order), dtype=bool)  # each group's distinct files, each once
        once[1:] = (member[order][1:] != member[order][:-1]) | (owner[order][1:] != owner[order][:-1])
        counted = order[once]
        counted = counted[member[counted] != kept[counted]]
        wasted = np.zeros(len(groups), dtype=np.int64)
        np.add.at(wasted, owner[counted], size[member[counted]])
        return wasted.tolist()

    # ------------------------------------------------------------------------------- changes

    def mark_not_duplicates(self, i: int, j: int) -> None:
        """Remember that files i and j are not duplicates (needs a not-duplicates list)."""
        if self.not_duplicates is None:
            raise ValueError("this session keeps no not-duplicates list")
        self.not_duplicates.add(self.absolute(i), self.absolute(j))

    def note_symlinks(self, paths: Iterable[str]) -> None:
        """Files (relative paths) an action replaced with symbolic links: the result lists them among its links
        (``ScanResult.symlinks``), so no later action takes away the file they point at, and saved results
        keep them."""
        added = tuple(Skipped(path, SkipReason.SYMLINK) for path in paths)
        if added:
            with self._lock:
                self.result = replace(self.result, skipped=(*self.result.skipped, *added))

    def forget(self, paths: Iterable[str]) -> None:
        """Drop files (relative paths) from the result, e.g. after they were moved to the trash.

        Pairs already found are kept for the files that remain, so regrouping needs no new search —
        unless a removed file stood for identical copies that remain: then the pairs are found anew.
        """
        gone = {self._index_of[p] for p in paths if p in self._index_of}
        if not gone:
            return
        with self._lock:
            old = self.result.files
            keep = np.ones(len(old), dtype=bool)
            keep[list(gone)] = False
            new_index = np.cumsum(keep) - 1
            estimated, candidates, searched, stats = (
                self._estimated,
                self._candidates,
                self._searched_k,
                self._search_stats,
            )
            floor = self._searched_floor
            resembling, resembling_for = self._resembling, self._resembling_for
            measured = self._measured_for
            # Only a representative that leaves while copies remain changes who stands for a text.
            representatives = set(self._representatives)
            identities_gone = {self._identity[i] for i in gone if i in representatives}
            stood_for_copies = any(self._identity[i] in identities_gone for i in range(len(old)) if keep[i])
            self.result = replace(self.result, files=tuple(f for i, f in enumerate(old) if keep[i]))
            self._reset()
            if searched >= 0 and not stood_for_copies:

                def remap(pairs: Pairs) -> Pairs:
                    kept = pairs.select(keep[pairs.left] & keep[pairs.right])
                    return Pairs(new_index[kept.left], new_index[kept.right], kept.distance, kept.resemblance)

                self._estimated, self._candidates = remap(estimated), remap(candidates)
                self._searched_k, self._search_stats, self._measured_for = searched, stats, measured
                self._searched_floor = floor
                self._resembling, self._resembling_for = remap(resembling), resembling_for


def _measured_or_none(resemblance: npt.NDArray[np.float64]) -> list[float | None]:
    """The resemblances as numbers, None where one was not measured (NaN: groups as saved, ``_believed``); one
    number object for equal values (resemblances are fractions of a sketch's sample: 100,000 files' 43,898 members
    hold 141 distinct values; a number each, a million files' members held 10 MB at the window's peak)."""
    distinct, where = np.unique(resemblance, return_inverse=True)  # NaNs as one
    shared = [None if v != v else v for v in distinct.tolist()]  # NaN is the one number unequal to itself
    return list(map(shared.__getitem__, where.ravel().tolist()))


@dataclass(frozen=True, slots=True)
class _Figures:
    """:class:`PairFigures` of many pairs, as arrays (a million files' groups ask for some 300,000 pairs): the
    figures of pair n are the items at n."""

    distance: npt.NDArray[np.intp]
    resemblance: npt.NDArray[np.float64]
    identical: npt.NDArray[np.bool_]
    near: npt.NDArray[np.bool_]

    def __getitem__(self, n: int) -> PairFigures:
        return PairFigures(
            int(self.distance[n]), float(self.resemblance[n]), bool(self.identical[n]), bool(self.near[n])
        )


@dataclass(frozen=True, slots=True)
class _Holders:
    """The representatives holding each distinct fingerprint value: ``first[u]`` the first of value u's, and
    ``shared[u]`` all of them (in order) where two or more texts share the value (few do)."""

    first: npt.NDArray[np.intp]
    shared: dict[int, list[int]]

    def of(self, value: int) -> list[int]:
        return self.shared.get(value) or [int(self.first[value])]

    def alone(self) -> npt.NDArray[np.bool_]:
        """For each value, whether one text alone holds it."""
        alone = np.ones(len(self.first), dtype=bool)
        alone[list(self.shared)] = False
        return alone


class _Sketches(Sequence[Sketch]):
    """Every file's sketch, checked, as :meth:`FolderSession.sketch` gives it, each made when asked for (a view of
    its record's bytes): a list of a million views held 120 MB through each search."""

    def __init__(
        self, files: Sequence[FileRecord], fixed: Mapping[int, Sketch], among: Sequence[int] | None = None
    ) -> None:
        self._files, self._fixed, self._among = files, fixed, among

    def among(self, indices: Sequence[int]) -> _Sketches:
        """The sketches of the files ``indices``, in that order, made when asked for as these are."""
        return _Sketches(self._files, self._fixed, indices)

    def __len__(self) -> int:
        return len(self._files) if self._among is None else len(self._among)

    @overload
    def __getitem__(self, index: int) -> Sketch: ...

    @overload
    def __getitem__(self, index: slice) -> list[Sketch]: ...

    def __getitem__(self, index: int | slice) -> Sketch | list[Sketch]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if self._among is not None:
            index = self._among[index]  # raises IndexError as a list does
        record = self._files[index]  # raises IndexError as a list does
        fixed = self._fixed.get(index if index >= 0 else index + len(self._files))
        return fixed if fixed is not None else np.frombuffer(record.sketch, dtype=SKETCH_WORDS)

    def __iter__(self) -> Iterator[Sketch]:
        if self._among is not None:
            yield from (self[i] for i in range(len(self._among)))
            return
        fixed = self._fixed
        for i, record in enumerate(self._files):
            found = fixed.get(i)
            yield found if found is not None else np.frombuffer(record.sketch, dtype=SKETCH_WORDS)


def _aliases(files: Sequence[FileRecord]) -> list[int | None]:
    """For each file that is another name of an earlier one (same device and inode), that file's first name.

    The first name is the one a group would take as its reference (the shortest path, then the smallest),
    so a group's reference is never "a hard link of" one of its members. The names of one file are found by a
    sort of the devices and inodes (few files have two names); numbers no ``stat`` gives (a hand-made record's,
    beyond 64 bits) are compared one by one.
    """
    try:
        device = np.fromiter(map(attrgetter("device"), files), dtype=np.uint64, count=len(files))
        inode = np.fromiter(map(attrgetter("inode"), files), dtype=np.uint64, count=len(files))
    except OverflowError:
        return _aliases_one_by_one(files)
    alias: list[int | None] = [None] * len(files)
    known = np.flatnonzero(inode)  # 0: unknown (results saved before identities were kept): only itself
    for names in _runs(known, device[known], inode[known]):
        first = min(names, key=lambda i: (len(files[i].path), files[i].path))
        for i in names:
            if i != first:
                alias[i] = first
    return alias


def _runs(positions: npt.NDArray[np.intp], *keys: np.ndarray) -> list[list[int]]:
    """The ``positions`` (ascending) that share all their ``keys`` with another, each run of them ascending."""
    order = np.lexsort(keys[::-1])  # stable: a run keeps the positions' order
    same = np.ones(max(len(order) - 1, 0), dtype=bool)
    for key in keys:
        ordered = key[order]
        same &= ordered[1:] == ordered[:-1]
    starts = np.flatnonzero(np.concatenate(([True], ~same)))
    lengths = np.diff(np.append(starts, len(order)))
    several = lengths > 1  # most positions are alone: no list for them
    ordered = positions[order].tolist()
    runs = zip(starts[several].tolist(), lengths[several].tolist(), strict=True)
    return [ordered[start : start + n] for start, n in runs]


def _aliases_one_by_one(files: Sequence[FileRecord]) -> list[int | None]:
    """:func:`_aliases` with Python's numbers and a dictionary (whatever the numbers)."""
    first: dict[tuple[int, int], int] = {}
    for i, record in enumerate(files):
        if not record.inode:
            continue
        key = (record.device, record.inode)
        held = first.get(key)
        if held is None or (len(record.path), record.path) < (len(files[held].path), files[held].path):
            first[key] = i
    alias: list[int | None] = [None] * len(files)
    for i, record in enumerate(files):
        if record.inode:
            held = first[(record.device, record.inode)]
            if held != i:
                alias[i] = held
    return alias


def _identity_roots(
    files: Sequence[FileRecord], aliases: Mapping[int, int], empty: npt.NDArray[np.bool_]
) -> npt.NDArray[np.intp]:
    """For each file, the smallest index of the files identical to it: the same cleaned text, the same raw bytes or
    one file's two names (``aliases``: another name's index, the first name's), linked through one another. An empty
    document is identical to none (its identity is its text's digest: it never joins a group, so no raw-bytes twin
    may pull it in)."""
    count = len(files)
    texts = _first_alike(list(map(attrgetter("digest"), files)), empty)
    raw = _first_alike(list(map(attrgetter("raw_digest"), files)), empty)
    names = np.arange(count, dtype=np.intp)
    if aliases:
        names[np.fromiter(aliases, dtype=np.intp, count=len(aliases))] = list(aliases.values())
    names[empty | empty[names]] = np.flatnonzero(empty | empty[names])  # a name of an empty file links nothing
    itself = np.arange(count, dtype=np.intp)
    return _smallest_linked(count, np.concatenate([itself, itself, itself]), np.concatenate([texts, raw, names]))


def _first_alike(keys: Sequence[str], skipped: npt.NDArray[np.bool_]) -> npt.NDArray[np.intp]:
    """For each position, the first position holding the same key; itself where the key is blank or ``skipped``.

    The keys (digests) are sorted by their hashes, and each is compared with the first of its hash; only if two
    keys share a hash (one time in billions) are they told apart by a dictionary."""
    count = len(keys)
    found = np.arange(count, dtype=np.intp)
    hashes = np.fromiter(map(hash, keys), dtype=np.int64, count=count)
    lengths = np.fromiter(map(len, keys), dtype=np.intp, count=count)
    asked = np.flatnonzero(~skipped & (lengths > 0))
    if not len(asked):
        return found
    # every position beside the first of its hash, all at once: the keys compared with that first one's in C (a
    # run at a time, a million digests took 0.2 s); only where two keys share a hash, a run at a time below
    order = asked[np.argsort(hashes[asked], kind="stable")]  # stable: a hash's positions ascending
    ordered = hashes[order]
    starts = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1])))
    firsts = np.repeat(order[starts], np.diff(np.append(starts, len(order))))
    later = order != firsts
    others, heads = order[later].tolist(), firsts[later].tolist()
    if all(map(operator.eq, map(keys.__getitem__, others), map(keys.__getitem__, heads))):
        found[order] = firsts
        return found
    for run in _runs(asked, hashes[asked]):
        first = run[0]
        if all(keys[i] == keys[first] for i in run):
            found[run] = first
        else:
            held: dict[str, int] = {}
            found[run] = [held.setdefault(keys[i], i) for i in run]
    return found


def _smallest_linked(count: int, left: npt.NDArray[np.intp], right: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
    """For each of ``count`` nodes, the smallest node linked to it through the links ``left[n]``–``right[n]``.

    A union-find in numpy: each round hangs every link's larger root under its smaller one, then follows the
    pointers to their roots; a root is always the smallest node of what hangs under it. A few rounds suffice.
    """
    root = np.arange(count, dtype=np.intp)
    linked = left != right
    left, right = left[linked], right[linked]
    while True:
        a, b = root[left], root[right]
        apart = a != b
        if not apart.any():
            return root
        a, b = a[apart], b[apart]
        low = np.minimum(a, b)
        np.minimum.at(root, np.maximum(a, b), low)
        while True:  # every node straight to its root
            up = root[root]
            if np.array_equal(up, root):
                break
            root = up
        left, right = left[apart], right[apart]


def _identities(
    files: Sequence[FileRecord], roots: npt.NDArray[np.intp], empty: Iterable[int], numbers: Sequence[int]
) -> list[Identity]:
    """Each file's identity: equal for the same cleaned text, the same raw bytes, or one file's two names (the
    smallest index of those identical to it, :func:`_identity_roots`, as the object ``numbers`` holds for it);
    an empty document's (``empty``: their indices), its text's digest (a text, never equal to a number), or its
    index when it has none (no other file has it as its root)."""
    identity: list[Identity] = list(map(numbers.__getitem__, roots.tolist()))
    for i in empty:
        identity[i] = files[i].digest or numbers[i]
    return identity


def _shortest_names(names: Sequence[str], roots: npt.NDArray[np.intp], empty: npt.NDArray[np.bool_]) -> np.ndarray:
    """For each file, its text's representative: of the non-empty files with its root (:func:`_identity_roots`), the
    one with the shortest, then smallest path (the first by index if two tie); an empty file stands for itself."""
    chosen = np.arange(len(names), dtype=np.intp)
    texts = np.flatnonzero(~empty)
    for copies in _runs(texts, roots[texts]):  # texts with several files (a sort, not a dictionary of a million)
        best = min(copies, key=lambda i: (len(names[i]), names[i]))
        chosen[copies] = best
    return chosen


def session_of(result: ScanResult, *, keep_not_duplicates: bool = True) -> FolderSession:
    """A session with the user's not-duplicates list (when it can be read)."""
    return FolderSession(result, not_duplicates=NotDuplicates() if keep_not_duplicates else None)
