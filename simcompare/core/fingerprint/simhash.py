"""SimHash: settings, the fingerprint and its full trace (DESIGN.md §2, steps 5–9)."""

from __future__ import annotations

import hashlib
import json
import math
import operator
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from simcompare.core import arguments
from simcompare.core.defaults import (
    DEFAULT_BITS,
    DEFAULT_FOLD_CHINESE,
    DEFAULT_HASHER,
    DEFAULT_HTML,
    DEFAULT_NGRAM,
    DEFAULT_SEGMENTER,
    DEFAULT_STOPWORDS,
    DEFAULT_TOP_K,
    DEFAULT_WEIGHTING,
)
from simcompare.core.fingerprint.bitwise import bit_of, distance_similarity
from simcompare.core.fingerprint.hashing import HASHERS, MAX_BITS, Hasher, HasherSpec, resolve_hasher
from simcompare.core.text.chinese import fold_chinese
from simcompare.core.text.cleaning import clean, read_as_html
from simcompare.core.tokens.segment import Segmenter, count_text_features, features_with_ids
from simcompare.core.tokens.weights import WEIGHT_DECIMALS, Weighting, top_k, weigh

# Weights are summed exactly: each is rounded to WEIGHT_DECIMALS (11) decimals and summed as a whole number
# of 10^-11 units, so a sum that is 0 in exact arithmetic is 0 and gives bit 0 (docs/algorithm.md, the contract).
WEIGHT_UNIT = 10**WEIGHT_DECIMALS
# Below this size a float weight rounded to 11 decimals times 10^11 is recovered exactly by np.rint
# (the float's own error, 0.09 units at most, and the product's, 0.0625, stay below half a unit).
_FAST_UNITS_BELOW = 1e4
# Sums of up to this many units fit in int64 with room to spare; beyond it Python integers take over.
_INT64_UNITS = 2**62

FEATURES_VERSION = 2
"""Part of every cache key. Raise it when reading, cleaning or segmenting starts giving other features for the
same file and settings, so that no cache serves rows made the old way (2: documents and Markdown read by
their formats)."""


@dataclass(frozen=True)
class Config:
    """Everything that decides a fingerprint besides the text (the verdict's k is :class:`Decision`'s).

    Attributes:
        bits: Fingerprint width f, 1 to 512 (the hasher must reach it).
        hasher: A hasher name (md5, sha1, blake2b, fnv1a64, jenkins), a table token → bit string,
            or a callable bytes → int giving exactly ``bits`` bits.
        weighting: tf, tfidf, textrank or uniform.
        top_k: Keep only the K heaviest tokens; None keeps all.
        segmenter: jieba, words or chars.
        stopwords: Drop the Chinese and English stop words.
        html: Always treat text as HTML; when False, HTML is still recognised by its content.
        ngram: n for the chars segmenter.
        fold_chinese: Fold Traditional Chinese to Simplified (OpenCC t2s) before segmenting, so the two
            scripts of one text compare as one.
    """

    bits: int = DEFAULT_BITS
    hasher: HasherSpec = DEFAULT_HASHER
    weighting: Weighting | str = DEFAULT_WEIGHTING
    top_k: int | None = DEFAULT_TOP_K
    segmenter: Segmenter | str = DEFAULT_SEGMENTER
    stopwords: bool = DEFAULT_STOPWORDS
    html: bool = DEFAULT_HTML
    ngram: int = DEFAULT_NGRAM
    fold_chinese: bool = DEFAULT_FOLD_CHINESE
    _hasher: Hasher = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if isinstance(self.bits, bool) or not isinstance(self.bits, int) or not 1 <= self.bits <= MAX_BITS:
            raise ValueError(f"bits must be a whole number between 1 and {MAX_BITS}, got {self.bits!r}")
        object.__setattr__(self, "_hasher", resolve_hasher(self.hasher, self.bits))
        for name, kind in (("weighting", Weighting), ("segmenter", Segmenter)):
            try:
                object.__setattr__(self, name, kind(getattr(self, name)))
            except ValueError:
                choices = ", ".join(member.value for member in kind)
                raise ValueError(f"{name} must be one of {choices}, got {getattr(self, name)!r}") from None
        if self.top_k is not None and (
            isinstance(self.top_k, bool) or not isinstance(self.top_k, int) or self.top_k < 1
        ):
            raise ValueError(f"top_k must be a whole number of 1 or more, or None for all tokens; got {self.top_k!r}")
        if not isinstance(self.ngram, int) or self.ngram < 1:
            raise ValueError(f"ngram must be a whole number of 1 or more, got {self.ngram!r}")
        for name in ("stopwords", "html", "fold_chinese"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False, got {getattr(self, name)!r}")

    def __reduce__(self) -> tuple:
        # Rebuilt from its fields in a worker process: the resolved hasher may hold a closure.
        return (
            Config,
            (
                self.bits,
                self.hasher,
                self.weighting,
                self.top_k,
                self.segmenter,
                self.stopwords,
                self.html,
                self.ngram,
                self.fold_chinese,
            ),
        )

    @property
    def hash_function(self) -> Hasher:
        """The resolved hasher."""
        return self._hasher

    def describe(self) -> dict[str, object]:
        """The settings as plain values, for JSON output and saved results (``Config(**describe())`` for a
        named hasher gives an equal Config back)."""
        hasher = self.hasher if isinstance(self.hasher, str) else self._hasher.name
        return {
            "bits": self.bits,
            "hasher": hasher,
            "weighting": str(self.weighting),
            "top_k": self.top_k,
            "segmenter": str(self.segmenter),
            "ngram": self.ngram,
            "stopwords": self.stopwords,
            "html": self.html,
            "fold_chinese": self.fold_chinese,
        }

    def features_key(self) -> str:
        """The cache key of a text's features: what decides its kept tokens, their counts and their order.

        That is reading, cleaning and segmenting, and whether the order is kept (TextRank weighs by it).
        Weights, top-K, width and hasher are left out on purpose: they are re-done from cached counts in no
        time, so changing them reuses the features. Equal keys promise equal features for the same file.
        """
        return json.dumps(self._features_fields(), sort_keys=True)

    def fingerprint_key(self) -> str | None:
        """The cache key of a fingerprint: the features' key plus weighting, top-K, width and hasher.

        Returns:
            The key; None when the hasher cannot be named for certain (a callable, or a Hasher object that
            is not a built-in one): two such hashers may share a name and give other bits, so their
            fingerprints must not be cached at all.
        """
        hasher = self._hasher_identity()
        if hasher is None:
            return None
        fields = {
            **self._features_fields(),
            "bits": self.bits,
            "hasher": hasher,
            "weighting": str(self.weighting),
            "top_k": self.top_k,
        }
        return json.dumps(fields, sort_keys=True)

    def _features_fields(self) -> dict[str, object]:
        return {
            "segmenter": str(self.segmenter),
            "ngram": self.ngram,
            "stopwords": self.stopwords,
            "html": self.html,
            "fold_chinese": self.fold_chinese,
            "sequence": self.weighting is Weighting.TEXTRANK,
            "v": FEATURES_VERSION,
        }

    def _hasher_identity(self) -> str | None:
        """A text that names the hasher's bits exactly: a built-in's name, or a table's contents digested."""
        spec = self.hasher
        if isinstance(spec, str):
            return spec  # a built-in: resolve_hasher accepted the name
        if isinstance(spec, Hasher):
            return spec.name if HASHERS.get(spec.name) is spec else None
        if isinstance(spec, Mapping):
            table = json.dumps(sorted(spec.items()), ensure_ascii=False).encode("utf-8", "surrogatepass")
            return "table:" + hashlib.blake2b(table, digest_size=16).hexdigest()
        return None


@dataclass(frozen=True, slots=True)
class TokenTrace:
    """One distinct token's part in a fingerprint."""

    token: str
    weight: float
    code: int
    count: int = 1


@dataclass(frozen=True, slots=True)
class Fingerprint:
    """A SimHash fingerprint with the trace that produced it.

    Attributes:
        value: The fingerprint: bit 0 (leftmost in ``binary``) is the most significant bit.
        bits: Width f.
        tokens: The weighted tokens, heaviest first (ties by text), each with its f-bit code.
        sums: The per-bit sums V[0] … V[f−1].
        empty: True when the text had no features: then every sum is 0 and value is 0.
    """

    value: int
    bits: int
    tokens: tuple[TokenTrace, ...] = ()
    sums: tuple[float, ...] = ()
    empty: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.bits <= MAX_BITS:
            raise ValueError(f"bits must be between 1 and {MAX_BITS}, got {self.bits}")
        if self.value < 0 or self.value >> self.bits:
            raise ValueError(f"value {self.value} does not fit in {self.bits} bits")
        if self.sums and len(self.sums) != self.bits:
            raise ValueError(f"there must be one sum per bit ({self.bits}), got {len(self.sums)}")

    @property
    def binary(self) -> str:
        """The bits as a string of 0s and 1s, bit 0 first."""
        return format(self.value, f"0{self.bits}b")

    @property
    def hex(self) -> str:
        """The value in hexadecimal, zero-padded to the width."""
        return format(self.value, f"0{(self.bits + 3) // 4}x")

    def bit(self, j: int) -> int:
        """Bit j (0 is the leftmost, most significant)."""
        return bit_of(self.value, self.bits, j)

    def code_binary(self, token: TokenTrace) -> str:
        """A token's code as f binary digits."""
        return format(token.code, f"0{self.bits}b")

    def __int__(self) -> int:
        return self.value


def _bit_matrix(codes: Sequence[bytes], bits: int) -> np.ndarray:
    """Left-aligned code bytes as an (n, bits) array of 0 and 1, bit 0 the most significant."""
    width = (bits + 7) // 8
    return np.unpackbits(np.frombuffer(b"".join(codes), dtype=np.uint8)).reshape(len(codes), width * 8)[:, :bits]


def _code_matrix(codes: Sequence[bytes], bits: int) -> np.ndarray:
    """Left-aligned code bytes as an (n, bits) array of ±1: +1 where the code's bit is 1."""
    return _bit_matrix(codes, bits).astype(np.int8) * 2 - 1


def _sign(sums: np.ndarray) -> int:
    """The integer whose bit j is 1 iff sums[j] > 0, bit 0 most significant."""
    bits = len(sums)
    packed = np.packbits(np.asarray(sums > 0, dtype=bool)).tobytes()
    return int.from_bytes(packed, "big") >> (len(packed) * 8 - bits)


class _CodeMemo:
    """Token codes remembered per (hasher, width): hashing every token of every document once is the
    slow part of a scan, and most tokens recur across documents."""

    _LIMIT = 1 << 18  # codes remembered, then it starts afresh (2^20 held 100 MB more a worker, no quicker)

    def __init__(self) -> None:
        self._tables: dict[tuple[int, int], dict[str, bytes]] = {}

    def codes(self, tokens: Sequence[str], hasher: Hasher, bits: int) -> list[bytes]:
        """Each token's code, left-aligned in bytes (see Hasher.code_bytes)."""
        if HASHERS.get(hasher.name) is not hasher:  # only built-ins: their identity is stable
            return [hasher.code_bytes(token, bits) for token in tokens]
        key = (id(hasher), bits)
        table = self._tables.setdefault(key, {})
        missing = set(tokens).difference(table)
        if missing:
            if len(table) + len(missing) > self._LIMIT:
                # a new table, not an emptied one: another thread may still be looking its codes up in this one
                table = self._tables[key] = {}
                missing = set(tokens)
            code_bytes = hasher.code_bytes_function(bits)
            for token in missing:
                table[token] = code_bytes(token)
        return list(map(table.__getitem__, tokens))  # the known codes looked up at C speed


_MEMO = _CodeMemo()


def weight_units(weights: Sequence[float]) -> np.ndarray:
    """Each weight rounded to 11 decimals, as a whole number of 10^-11 units (exact, ties to even).

    Returns an int64 array, or an object array of Python integers when the weights are too large for
    int64 sums (a total weight above about 4.6 × 10^7).
    """
    raw = np.fromiter(weights, dtype=np.float64, count=len(weights))
    with np.errstate(over="ignore"):
        total = float(np.abs(raw).sum())
    if not math.isfinite(total):  # robust branch (issue 10): weights whose total overflows are an error
        raise ValueError("the weights are too large: their total overflows to infinity; scale them down")
    if total * WEIGHT_UNIT >= _INT64_UNITS:
        return np.array([round(Fraction(float(w)) * WEIGHT_UNIT) for w in weights], dtype=object)
    if (raw == np.floor(raw)).all():  # tf and uniform: whole numbers (below 2^53) scale exactly
        return raw.astype(np.int64) * WEIGHT_UNIT
    # Rounded to 11 decimals the correct way (Python's round), then recovered as whole units by rint.
    rounded = np.fromiter((round(w, WEIGHT_DECIMALS) for w in raw.tolist()), dtype=np.float64, count=len(raw))
    units = np.rint(rounded * WEIGHT_UNIT).astype(np.int64)
    for i in np.flatnonzero(np.abs(rounded) >= _FAST_UNITS_BELOW).tolist():
        units[i] = round(Fraction(float(raw[i])) * WEIGHT_UNIT)  # rint of a large product could miss
    return units


def _sums(tokens: Sequence[str], units: np.ndarray, config: Config) -> tuple[np.ndarray, list[bytes]]:
    """Exact per-bit sums in weight units (whole numbers), and each token's code bytes."""
    codes = _MEMO.codes(tokens, config.hash_function, config.bits)
    signs = _code_matrix(codes, config.bits)
    if units.dtype == object:
        return (signs.astype(object) * units[:, None]).sum(axis=0), codes
    # Whole numbers: the sum is exact in any order, so no float noise can decide a bit.
    return (signs.astype(np.int64) * units[:, None]).sum(axis=0), codes


def _sums_as_floats(sums: np.ndarray) -> tuple[float, ...]:
    """Exact unit sums as the nearest floats (a whole number of units over 10^11, correctly rounded)."""
    return tuple(int(s) / WEIGHT_UNIT for s in sums)


def fingerprint_value(weights: Mapping[str, float], config: Config) -> int:
    """Just the fingerprint's value: the fast path of a folder scan."""
    if 0 in weights.values():
        weights = {t: w for t, w in weights.items() if w != 0}
    if not weights:
        return 0
    # In any order: every sum below is exact (whole numbers), so the order cannot change a bit.
    tokens = list(weights)
    values = list(weights.values())
    whole = np.array(values)
    if whole.dtype == np.int64 and int(whole.sum()) < _INT64_UNITS // 2:
        # Whole-number weights (tf, the default): the sums in units are 10^11 times these integer sums, so
        # their signs are these sums' signs; one product of the weights with the 0/1 bit matrix gives them
        # (a bit's sum is twice the weight of the codes with the bit set, less the total).
        ones = _bit_matrix(_MEMO.codes(tokens, config.hash_function, config.bits), config.bits)
        return _sign(2 * (whole @ ones) - whole.sum())
    sums, _ = _sums(tokens, weight_units(values), config)
    return _sign(sums)


def _check_weights(weights: Mapping[str, float]) -> None:
    for token, weight in weights.items():
        if not np.isfinite(weight) or weight < 0:
            raise ValueError(f"weights must be finite and not negative; {token!r} has {weight!r}")


def _config(config: object) -> Config:
    """The Config given, or the defaults for None; anything else is a TypeError."""
    if config is None:
        return Config()
    arguments.require("config", config, Config, "a simcompare.Config (or None for the defaults)")
    assert isinstance(config, Config)
    return config


def fingerprint_weights(
    weights: Mapping[str, float], config: Config | None = None, *, counts: Mapping[str, int] | None = None
) -> Fingerprint:
    """The fingerprint of a weighted token set, with its trace (skips segmentation and weighting).

    Tokens of weight 0 take no part (they would add nothing to any sum) and are left out of the trace.
    Each weight is rounded to 11 decimals and the sums are exact (whole numbers of 10^-11 units): the
    trace's weights are the rounded ones and its sums the nearest floats to the exact sums.

    Args:
        weights: Token → weight (finite, not negative).
        config: Settings; only ``bits`` and ``hasher`` matter here. ``hasher`` may be a table token → bits.
        counts: Each token's count in the text, for the trace.
    """
    config = _config(config)
    arguments.weights("weights", weights)
    if counts is not None and not isinstance(counts, Mapping):
        raise TypeError(f"counts must be a mapping of token to count, or None; got a {type(counts).__name__}")
    _check_weights(weights)
    tokens = sorted(t for t, w in weights.items() if w != 0)
    units = weight_units([weights[t] for t in tokens])
    live = {t: int(u) for t, u in zip(tokens, units, strict=True) if u != 0}  # a weight below 5e-11 rounds to 0
    if not live:
        return Fingerprint(0, config.bits, (), (0.0,) * config.bits, empty=True)
    if len(live) < len(tokens):
        tokens = [t for t in tokens if t in live]
        units = units[units != 0]
    sums, codes = _sums(tokens, units, config)
    pad = -config.bits % 8
    code_of = {t: int.from_bytes(code, "big") >> pad for t, code in zip(tokens, codes, strict=True)}
    counts = counts or {}
    ordered = sorted(live.items(), key=lambda item: (-item[1], item[0]))
    trace = tuple(TokenTrace(t, u / WEIGHT_UNIT, code_of[t], counts.get(t, 1)) for t, u in ordered)
    return Fingerprint(_sign(sums), config.bits, trace, _sums_as_floats(sums))


@dataclass(frozen=True, slots=True)
class Features:
    """What a text contributes before hashing: kept tokens in order, their counts and weights.

    ``digest`` identifies the cleaned text (blake2b, 128 bits): equal digests are identical texts.
    ``cleaned`` is the cleaned text itself, kept only with the sequence (for showing, as step mode does).
    ``typed`` is True for a toy example's tokens (``core.explain.toy``): typed with their weights, not cut from a
    text nor weighed, so a front end says so instead of naming cleaning, segmentation and a weighting.
    """

    sequence: tuple[str, ...]
    counts: dict[str, int]
    weights: dict[str, float]
    digest: str = ""
    cleaned: str = ""
    token_ids: bytes = b""  # with the sequence: its tokens' identities (tokens.token_ids), for the sketch
    typed: bool = False


def extract_features(
    text: str, config: Config | None = None, *, html: bool | None = None, keep_sequence: bool = True
) -> Features:
    """Clean, segment, filter and weigh a text (steps 2–4).

    Args:
        text: Decoded text.
        config: Settings.
        html: Override HTML detection (True when a file's suffix says HTML); None follows ``config.html``
            and the content.
        keep_sequence: Keep the kept tokens in order (for diffs and edit distance); TextRank always does.
    """
    config = config or Config()
    if html is None:
        html = read_as_html(text, asked=config.html)
    cleaned = clean(text, html=html)
    if config.fold_chinese:
        cleaned = fold_chinese(cleaned)
    needs_sequence = keep_sequence or config.weighting is Weighting.TEXTRANK
    if needs_sequence:  # the sequence always with its tokens' identities, from which the sketch is made
        kept, ids = features_with_ids(cleaned, config.segmenter, ngram=config.ngram, drop_stopwords=config.stopwords)
        sequence = tuple(kept)
        counts = dict(Counter(sequence))
    else:  # the counts alone, without listing every token: fingerprint() and the fingerprint benchmark
        counts = count_text_features(cleaned, config.segmenter, ngram=config.ngram, drop_stopwords=config.stopwords)
        sequence, ids = (), b""
    weights = top_k(weigh(counts, config.weighting, sequence=sequence), config.top_k)
    return Features(sequence, counts, weights, text_digest(cleaned), cleaned if keep_sequence else "", ids)


def text_digest(cleaned: str) -> str:
    """The identity of a cleaned text (equal for identical texts, whatever their encoding or markup was)."""
    return hashlib.blake2b(cleaned.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def fingerprint(text: str, config: Config | None = None, *, html: bool | None = None) -> Fingerprint:
    """The SimHash fingerprint of a text, with its whole trace.

    Args:
        text: Decoded text (see ``simcompare.read_document`` for files).
        config: Settings; the defaults when None.
        html: Force (True) or forbid (False) HTML handling; None decides by ``config.html`` and content.
    """
    config = _config(config)
    arguments.require("text", text, str, "a str (decode bytes first, or use simcompare.read_document)")
    found = extract_features(text, config, html=html, keep_sequence=False)
    return fingerprint_weights(found.weights, config, counts=found.counts)


def hamming(a: Fingerprint | int, b: Fingerprint | int) -> int:
    """Number of differing bits.

    Raises:
        TypeError: a value is not a whole number (a float, a string, a bool).
        ValueError: a value is negative, or the two fingerprints differ in width.
    """
    if isinstance(a, Fingerprint) and isinstance(b, Fingerprint) and a.bits != b.bits:
        raise ValueError(f"cannot compare a {a.bits}-bit fingerprint with a {b.bits}-bit one")
    return (_fingerprint_int(a) ^ _fingerprint_int(b)).bit_count()


def _fingerprint_int(value: Fingerprint | int) -> int:
    if isinstance(value, Fingerprint):
        return value.value
    if isinstance(value, bool):
        raise TypeError("a fingerprint must be a whole number of 0 or more, got a bool")
    try:
        number = operator.index(value)  # ints and numpy integers; never a float, which would lose bits
    except TypeError:
        raise TypeError(f"a fingerprint must be a whole number of 0 or more, got {value!r}") from None
    if number < 0:
        raise ValueError(f"a fingerprint must be a whole number of 0 or more, got {number}")
    return number


def similarity(a: Fingerprint, b: Fingerprint) -> float:
    """1 − hamming / f.

    Raises:
        TypeError: ``a`` or ``b`` is not a Fingerprint (a bare integer has no width).
    """
    arguments.require("a", a, Fingerprint, "a Fingerprint")
    arguments.require("b", b, Fingerprint, "a Fingerprint")
    return distance_similarity(hamming(a, b), a.bits)
