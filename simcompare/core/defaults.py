"""Every default setting, written once: `Config`, `Decision`, the command line and the settings panel read them here.

The fingerprint's defaults (what ``Config()`` gives) and the verdict's (what ``Decision.for_bits(bits)``
gives) were chosen from the labelled pairs in ``shared/eval`` (``benchmarks/eval_defaults.py`` and
``benchmarks/eval_groups.py``; docs/defaults.md has the tables). Change one here and every front end follows.
"""

from __future__ import annotations

from simcompare.core.arguments import whole
from simcompare.core.tokens.segment import Segmenter
from simcompare.core.tokens.weights import Weighting

__all__ = [
    "DEFAULT_BITS",
    "DEFAULT_BOILERPLATE_RESEMBLANCE",
    "DEFAULT_CLOSE_SLACK",
    "DEFAULT_FOLD_CHINESE",
    "DEFAULT_HASHER",
    "DEFAULT_HTML",
    "DEFAULT_K64",
    "DEFAULT_MIN_OWN_RESEMBLANCE",
    "DEFAULT_MIN_RESEMBLANCE",
    "DEFAULT_MIN_SHINGLES",
    "DEFAULT_NGRAM",
    "DEFAULT_SEGMENTER",
    "DEFAULT_SLACK_SHINGLES",
    "DEFAULT_STOPWORDS",
    "DEFAULT_STRONG_RESEMBLANCE",
    "DEFAULT_TOP_K",
    "DEFAULT_WEIGHTING",
    "default_k",
]

# ------------------------------------------------------------------- the fingerprint (Config)
DEFAULT_BITS = 64
DEFAULT_HASHER = "md5"
DEFAULT_WEIGHTING = Weighting.TF
DEFAULT_TOP_K: int | None = 100
DEFAULT_SEGMENTER = Segmenter.JIEBA
DEFAULT_NGRAM = 2
DEFAULT_STOPWORDS = True
DEFAULT_HTML = False
DEFAULT_FOLD_CHINESE = True

# ---------------------------------------------------------------------- the verdict (Decision)
DEFAULT_K64 = 12
"""The near-duplicate threshold at 64 bits; other widths scale it (:func:`default_k`)."""

DEFAULT_MIN_RESEMBLANCE = 0.45
"""Candidates whose shingle Jaccard is below this are not near-duplicates (chosen together with k)."""

DEFAULT_CLOSE_SLACK = 0.1
"""How much less resemblance closer fingerprints need: the threshold falls linearly from ``min_resemblance`` at
distance k to ``min_resemblance − DEFAULT_CLOSE_SLACK`` at distance 0 (two measures agreeing, each less sure)."""

DEFAULT_SLACK_SHINGLES = 128
"""The closer fingerprints' slack is whole for texts of this many distinct shingles (half a sketch) and shrinks in
proportion below: a short text's few word pairs and its fingerprint, pulled by a shared vocabulary, are each less
sure, so the two agreeing say less (docs/quality.md)."""

DEFAULT_STRONG_RESEMBLANCE = 0.5
"""Texts resembling by this much are near-duplicates whatever their fingerprints' distance (shingle evidence)."""

DEFAULT_MIN_SHINGLES = 10
"""Fewer distinct shingles than this in either text: no near-duplicate verdict unless the texts are identical."""

DEFAULT_MIN_OWN_RESEMBLANCE = 0.25
"""In a folder: two texts whose resemblance *without the folder's boilerplate* (shingles held by many texts) is
below this share little but a template, header or footer ..."""

DEFAULT_BOILERPLATE_RESEMBLANCE = 0.65
"""... and are near-duplicates only when they resemble by this much as a whole (docs/quality.md has the evidence)."""


def default_k(bits: int) -> int:
    """The near-duplicate threshold for a width: the 64-bit default scaled to ``bits`` (always below ``bits``).

    Raises:
        TypeError, ValueError: ``bits`` is not a whole number from 1 to 512.
    """
    whole("bits", bits, 1, 512)  # MAX_BITS: hashing cannot be imported here (it would import this module)
    return max(0, round(bits * DEFAULT_K64 / 64))
