"""A cache's features rows stored, taken apart and put together again: the older JSON kind an earlier
simcompare wrote, and the parts of a packed row (to spoil one part at a time)."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from simcompare.core.folder.cache import (
    _HEADER_SIZE,
    _PACKED,
    Cache,
    CachedFeatures,
    CachedFingerprint,
    CacheRow,
    FileStamp,
    _to_json,
    _unpacked,
)

STAMP = FileStamp(1, 2, 3, 4)


def store_features(cache: Cache, path: Path, features: CachedFeatures, key: str = "key") -> None:
    """One file's features stored under ``key`` with the stamp ``STAMP`` (and no fingerprint)."""
    cache.store(key, None, [CacheRow(str(path), STAMP, features, CachedFingerprint(0, False, ""))])


def as_json(payload: bytes) -> str:
    """A packed features row as the JSON row an older simcompare wrote for the same features."""
    return _to_json(_unpacked(payload).unpacked())


@dataclass(frozen=True)
class Packed:
    """A packed row's parts: its header (a dict, or any JSON text as ``raw_header``) and what follows."""

    header: dict[str, Any]
    counts: bytes
    tokens: bytes
    sequence: bytes
    raw_header: bytes | None = None
    size: int | None = None  # the header's stated size; None for its true size

    @classmethod
    def of(cls, payload: bytes) -> Packed:
        start = len(_PACKED) + _HEADER_SIZE
        end = start + int.from_bytes(payload[len(_PACKED) : start], "little")
        header = json.loads(payload[start:end])
        counts_end = end + 4 * header["tokens"]
        tokens_end = counts_end + header["text"]
        return cls(header, payload[end:counts_end], payload[counts_end:tokens_end], payload[tokens_end:])

    def payload(self) -> bytes:
        head = self.raw_header if self.raw_header is not None else json.dumps(self.header).encode()
        size = len(head) if self.size is None else self.size
        return _PACKED + size.to_bytes(_HEADER_SIZE, "little") + head + self.counts + self.tokens + self.sequence

    def with_header(self, **fields: Any) -> Packed:
        return replace(self, header=self.header | fields)
