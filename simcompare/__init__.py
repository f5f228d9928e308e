"""simcompare: how alike are these texts, and which files in a folder are near-copies of each other.

The library API: build a :class:`Config`, take :func:`fingerprint` of texts, compare with :func:`hamming`;
a :class:`Decision` (k and the verification threshold) gives the near-duplicate verdict.
"""

from simcompare._version import __version__
from simcompare.core.compare import Comparison, compare_texts
from simcompare.core.defaults import default_k
from simcompare.core.documents import Document, read_document
from simcompare.core.errors import Cancelled, InputError, SimcompareError
from simcompare.core.folder import FolderSession, NotDuplicates
from simcompare.core.groups import FoundGroups, Group, GroupRule, Member, find_groups
from simcompare.core.hashing import HASHERS, Hasher, table_hasher
from simcompare.core.index import NearPairs, find_near_pairs
from simcompare.core.measures import Yardsticks, cosine, edit_similarity, jaccard, predicted_hamming
from simcompare.core.scan import ScanOptions, ScanResult, scan
from simcompare.core.simhash import (
    Config,
    Fingerprint,
    TokenTrace,
    fingerprint,
    fingerprint_weights,
    hamming,
    similarity,
)
from simcompare.core.tokens import Segmenter
from simcompare.core.verify import DEFAULT_MIN_RESEMBLANCE, Decision, resemblance, shingles
from simcompare.core.weights import Weighting

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
