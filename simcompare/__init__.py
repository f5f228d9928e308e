"""simcompare: how alike are these texts, and which files in a folder are near-copies of each other.

The library API: build a :class:`Config`, take :func:`fingerprint` of texts, compare with :func:`hamming`.
"""

from simcompare._version import __version__
from simcompare.core.compare import Comparison, compare_texts
from simcompare.core.documents import Document, read_document
from simcompare.core.errors import Cancelled, InputError, SimcompareError
from simcompare.core.hashing import HASHERS, Hasher, table_hasher
from simcompare.core.measures import Yardsticks, cosine, edit_similarity, jaccard, predicted_hamming
from simcompare.core.simhash import (
    Config,
    Fingerprint,
    TokenTrace,
    default_k,
    fingerprint,
    fingerprint_weights,
    hamming,
    similarity,
)
from simcompare.core.tokens import Segmenter
from simcompare.core.weights import Weighting

__all__ = [
    "HASHERS",
    "Cancelled",
    "Comparison",
    "Config",
    "Document",
    "Fingerprint",
    "Hasher",
    "InputError",
    "Segmenter",
    "SimcompareError",
    "TokenTrace",
    "Weighting",
    "Yardsticks",
    "__version__",
    "compare_texts",
    "cosine",
    "default_k",
    "edit_similarity",
    "fingerprint",
    "fingerprint_weights",
    "hamming",
    "jaccard",
    "predicted_hamming",
    "read_document",
    "similarity",
    "table_hasher",
]
