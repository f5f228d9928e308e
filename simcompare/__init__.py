"""simcompare: how alike are these texts, and which files in a folder are near-copies of each other.

The library API: build a :class:`Config`, take :func:`fingerprint` of texts, compare with :func:`hamming`;
a :class:`Decision` (k and the verification threshold) gives the near-duplicate verdict.
"""

from simcompare._version import __version__
from simcompare.core.defaults import default_k
from simcompare.core.errors import Cancelled, InputError, SimcompareError
from simcompare.core.explain.compare import Comparison, compare_texts
from simcompare.core.explain.measures import Yardsticks, cosine, edit_similarity, jaccard, predicted_hamming
from simcompare.core.fingerprint.hashing import HASHERS, Hasher, table_hasher
from simcompare.core.fingerprint.simhash import (
    Config,
    Fingerprint,
    TokenTrace,
    fingerprint,
    fingerprint_weights,
    hamming,
    similarity,
)
from simcompare.core.folder.scan import ScanOptions, ScanResult, scan
from simcompare.core.folder.session import FolderSession, NotDuplicates
from simcompare.core.search.groups import FoundGroups, Group, GroupRule, Member, find_groups
from simcompare.core.search.index import NearPairs, find_near_pairs
from simcompare.core.search.verify import DEFAULT_MIN_RESEMBLANCE, Decision, resemblance, shingles
from simcompare.core.text.documents import Document, read_document
from simcompare.core.tokens.segment import Segmenter
from simcompare.core.tokens.weights import Weighting

__all__ = [
    "DEFAULT_MIN_RESEMBLANCE",
    "HASHERS",
    "Cancelled",
    "Comparison",
    "Config",
    "Decision",
    "Document",
    "Fingerprint",
    "FolderSession",
    "FoundGroups",
    "Group",
    "GroupRule",
    "Hasher",
    "InputError",
    "Member",
    "NearPairs",
    "NotDuplicates",
    "ScanOptions",
    "ScanResult",
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
    "find_groups",
    "find_near_pairs",
    "fingerprint",
    "fingerprint_weights",
    "hamming",
    "jaccard",
    "predicted_hamming",
    "read_document",
    "resemblance",
    "scan",
    "shingles",
    "similarity",
    "table_hasher",
]
