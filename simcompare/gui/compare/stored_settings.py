"""The Compare page's settings as the preferences keep them (QSettings' plain values), read back with a default for
each one missing or no longer valid."""

from __future__ import annotations

from simcompare.core.defaults import DEFAULT_HASHER, default_k
from simcompare.core.fingerprint.hashing import MAX_BITS, hashers_for
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.tokens.segment import Segmenter
from simcompare.core.tokens.weights import Weighting

__all__ = ["NGRAM_MAX", "TOP_K_MAX", "stored_settings"]

NGRAM_MAX = 8
"""The longest character n-gram the settings panel offers."""
TOP_K_MAX = 1_000_000
"""The largest top-K the settings panel offers."""


def stored_settings(values: dict[str, object]) -> tuple[Config, int]:
    """A Config and k from QSettings' plain values; each missing or invalid one takes its default."""
    defaults = Config()

    def choice(key: str, kind: type[Segmenter] | type[Weighting], default: str) -> str:
        value = str(values.get(key, default))
        return value if value in {member.value for member in kind} else default

    def whole(key: str, default: int, low: int, high: int) -> int:
        value = _int(values.get(key), default)
        return value if low <= value <= high else default

    bits = whole("bits", defaults.bits, 1, MAX_BITS)
    able = hashers_for(bits)
    hasher = str(values.get("hasher", defaults.hasher))
    if hasher not in able:  # unknown, or too narrow for the width: the panel's own fallback
        hasher = next(n for n in (DEFAULT_HASHER, "blake2b", *able) if n in able)
    config = Config(
        bits=bits,
        hasher=hasher,
        weighting=choice("weighting", Weighting, str(defaults.weighting)),
        top_k=whole("top_k", defaults.top_k or 0, 0, TOP_K_MAX) or None,
        segmenter=choice("segmenter", Segmenter, str(defaults.segmenter)),
        stopwords=_bool(values.get("stopwords", defaults.stopwords)),
        ngram=whole("ngram", defaults.ngram, 1, NGRAM_MAX),
        fold_chinese=_bool(values.get("fold_chinese", defaults.fold_chinese)),
    )
    return config, whole("k", default_k(bits), 0, bits - 1)


def _int(value: object, default: int) -> int:
    try:
        return int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return default


def _bool(value: object) -> bool:
    if isinstance(value, str):  # QSettings' INI format gives strings back
        return value.lower() in ("true", "1", "yes")
    return bool(value)
