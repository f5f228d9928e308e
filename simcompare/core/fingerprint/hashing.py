"""Token hashers: each distinct token's UTF-8 bytes to an f-bit code (DESIGN.md §2, step 5).

A hasher yields a fixed number of bits; a code of f bits is the digest's most significant f bits, read
big-endian. Tests and teaching swap in a table hasher that maps tokens to given bit strings.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from simcompare.core.errors import UnknownTokenError

MAX_BITS = 512

_FNV64_OFFSET = 0xCBF29CE484222325
_FNV64_PRIME = 0x100000001B3
_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1


def _md5_digest(data: bytes) -> bytes:
    return hashlib.md5(data, usedforsecurity=False).digest()


def _sha1_digest(data: bytes) -> bytes:
    return hashlib.sha1(data, usedforsecurity=False).digest()


def _blake2b_digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=64).digest()


def _md5(data: bytes) -> int:
    return int.from_bytes(_md5_digest(data), "big")


def _sha1(data: bytes) -> int:
    return int.from_bytes(_sha1_digest(data), "big")


def _blake2b(data: bytes) -> int:
    return int.from_bytes(_blake2b_digest(data), "big")


def fnv1a64(data: bytes) -> int:
    """64-bit FNV-1a."""
    h = _FNV64_OFFSET
    for byte in data:
        h = ((h ^ byte) * _FNV64_PRIME) & _MASK64
    return h


def jenkins_one_at_a_time(data: bytes) -> int:
    """Bob Jenkins' 32-bit one-at-a-time hash."""
    h = 0
    for byte in data:
        h = (h + byte) & _MASK32
        h = (h + (h << 10)) & _MASK32
        h ^= h >> 6
    h = (h + (h << 3)) & _MASK32
    h ^= h >> 11
    return (h + (h << 15)) & _MASK32


@dataclass(frozen=True, slots=True)
class Hasher:
    """A named hash of bytes to an integer of ``bits`` bits.

    ``digest``, when given, is the same hash as big-endian bytes: the fast path skips integers.
    """

    name: str
    bits: int
    function: Callable[[bytes], int]
    digest: Callable[[bytes], bytes] | None = None

    def code(self, token: str, bits: int) -> int:
        """The token's ``bits``-bit code: the most significant bits of its digest."""
        digest = self.function(token.encode("utf-8"))
        if digest < 0 or digest >> self.bits:
            raise ValueError(f"hasher {self.name!r} returned {digest}, which is not a {self.bits}-bit number")
        return digest >> (self.bits - bits)

    def code_bytes(self, token: str, bits: int) -> bytes:
        """The token's code left-aligned in ceil(bits / 8) bytes (low bits of the last byte zero)."""
        return self.code_bytes_function(bits)(token)

    def code_bytes_function(self, bits: int) -> Callable[[str], bytes]:
        """``code_bytes`` for one width, with the width's arithmetic done once (the hot path of a scan)."""
        width, pad = (bits + 7) // 8, -bits % 8
        digest = self.digest
        if digest is None:
            return lambda token: (self.code(token, bits) << pad).to_bytes(width, "big")
        if not pad:
            return lambda token: digest(token.encode("utf-8"))[:width]
        keep = (0xFF << pad) & 0xFF

        def trimmed(token: str) -> bytes:
            head = digest(token.encode("utf-8"))[:width]
            return head[:-1] + bytes((head[-1] & keep,))

        return trimmed


HASHERS: dict[str, Hasher] = {
    h.name: h
    for h in (
        Hasher("md5", 128, _md5, _md5_digest),
        Hasher("sha1", 160, _sha1, _sha1_digest),
        Hasher("blake2b", 512, _blake2b, _blake2b_digest),
        Hasher("fnv1a64", 64, fnv1a64),
        Hasher("jenkins", 32, jenkins_one_at_a_time),
    )
}


def table_hasher(table: Mapping[str, str]) -> Hasher:
    """A hasher that looks tokens up in a table of equal-length bit strings (for teaching and exact tests).

    Raises:
        TypeError: ``table`` is not a mapping of token (str) to bit string (str).
        ValueError: the bit strings differ in length or hold other characters than 0 and 1.
    """
    if not isinstance(table, Mapping):
        raise TypeError(f"table must be a mapping of token to bit string, such as {{'A': '100101'}}; got {table!r}")
    for token, bits in table.items():
        if not isinstance(token, str) or not isinstance(bits, str):
            raise TypeError(
                f"table must map tokens (str) to bit strings (str) such as '100101'; got {token!r}: {bits!r}"
            )
    lengths = {len(bits) for bits in table.values()}
    if len(lengths) > 1:
        raise ValueError(f"every bit string of a table hasher must have the same length, got {sorted(lengths)}")
    for token, bits in table.items():
        if not bits or set(bits) - {"0", "1"}:
            raise ValueError(f"the code of {token!r} must be a string of 0s and 1s, got {bits!r}")
    codes = {token.encode("utf-8"): int(bits, 2) for token, bits in table.items()}

    def look_up(data: bytes) -> int:
        try:
            return codes[data]
        except KeyError:
            raise UnknownTokenError(data.decode("utf-8")) from None

    return Hasher("table", lengths.pop() if lengths else MAX_BITS, look_up)


HasherSpec = str | Hasher | Mapping[str, str] | Callable[[bytes], int]


def resolve_hasher(spec: HasherSpec, bits: int) -> Hasher:
    """The Hasher a Config names, checked to yield at least ``bits`` bits.

    Args:
        spec: A hasher's name, a Hasher, a table (token → bit string), or a callable bytes → int whose
            result is taken as exactly ``bits`` bits.
        bits: The fingerprint width f.

    Raises:
        ValueError: unknown name, or a hasher with fewer than ``bits`` bits (the message names those that can).
    """
    if isinstance(spec, Hasher):
        hasher = spec
    elif isinstance(spec, str):
        try:
            hasher = HASHERS[spec]
        except KeyError:
            raise ValueError(f"unknown hasher {spec!r}; choose one of {', '.join(HASHERS)}") from None
    elif isinstance(spec, Mapping):
        hasher = table_hasher(spec)
    elif callable(spec):
        hasher = Hasher(getattr(spec, "__name__", "custom"), bits, spec)
    else:
        raise TypeError(f"hasher must be a name, a table or a callable, got {type(spec).__name__}")
    if not 1 <= bits <= MAX_BITS:
        raise ValueError(f"bits must be between 1 and {MAX_BITS}, got {bits}")
    if hasher.bits < bits:
        able = ", ".join(f"{h.name} ({h.bits})" for h in HASHERS.values() if h.bits >= bits) or "none"
        raise ValueError(
            f"hasher {hasher.name!r} gives {hasher.bits} bits, fewer than the {bits} asked for; "
            f"hashers that reach {bits} bits: {able}"
        )
    return hasher


def hashers_for(bits: int) -> list[str]:
    """Names of the built-in hashers that reach ``bits`` bits."""
    return [name for name, h in HASHERS.items() if h.bits >= bits]
