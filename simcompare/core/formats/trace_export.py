"""A comparison's trace as table rows, for slides and spreadsheets (the window's *Export trace as CSV*), and as
the JSON of ``simcompare compare --json`` (the window's *Export trace as JSON*).

One row per token of each text — its count, weight, code and ±weight on every bit, exactly the token
table — then each text's per-bit sums and bits. Numbers are written exactly (weights and sums carry at
most 11 decimals, see the contract), never in a rounded display form.
"""

from __future__ import annotations

from simcompare.core.explain.compare import Comparison
from simcompare.core.fingerprint.simhash import WEIGHT_DECIMALS, Fingerprint
from simcompare.core.text.documents import Document


def exact(value: float) -> str:
    """A weight or sum as its exact decimal (no float noise, no exponent)."""
    text = f"{value:.{WEIGHT_DECIMALS}f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _side_rows(label: str, fp: Fingerprint) -> list[list[str]]:
    rows = []
    for t in fp.tokens:
        code = fp.code_binary(t)
        cells = [exact(t.weight if bit == "1" else -t.weight) for bit in code]
        rows.append([label, "token", t.token, str(t.count), exact(t.weight), code, *cells])
    rows.append([label, "sum", "", "", "", "", *(exact(v) for v in fp.sums)])
    rows.append([label, "bit", "", "", "", "", *fp.binary])
    return rows


def trace_rows(comparison: Comparison) -> list[list[str]]:
    """Header and rows: text, row kind (token/sum/bit), token, count, weight, code, then one column per bit."""
    bits = comparison.config.bits
    header = ["text", "row", "token", "count", "weight", "code", *(str(j) for j in range(bits))]
    return [header, *_side_rows("A", comparison.a.fingerprint), *_side_rows("B", comparison.b.fingerprint)]


def fingerprint_json(fp: Fingerprint) -> dict[str, object]:
    """Every number of a fingerprint's trace, as JSON-ready values."""
    return {
        "binary": fp.binary,
        "hex": fp.hex,
        "value": str(fp.value),
        "bits": fp.bits,
        "empty": fp.empty,
        "tokens": [
            {"token": t.token, "count": t.count, "weight": t.weight, "code": fp.code_binary(t)} for t in fp.tokens
        ],
        "sums": list(fp.sums),
    }


def comparison_json(comparison: Comparison, paths: tuple[str, str], documents: tuple[Document, Document]) -> dict:
    """Every number of a comparison (both traces, distance, resemblance, yardsticks), as JSON-ready values."""
    sticks = comparison.yardsticks
    texts = {}
    for key, item, path, document in zip(("a", "b"), (comparison.a, comparison.b), paths, documents, strict=True):
        texts[key] = {
            "path": path,
            "encoding": document.encoding,
            "encoding_guessed": document.guessed,
            "html": document.html,
            "few_features": item.few_features,
        } | fingerprint_json(item.fingerprint)
    return {
        "settings": comparison.config.describe() | {"k": comparison.k},
        **texts,
        "distance": comparison.distance,
        "similarity": comparison.similarity,
        "k": comparison.k,
        "resemblance": comparison.resemblance,
        "min_verified": comparison.min_resemblance,
        "near_duplicate": comparison.near_duplicate,
        "differing_bits": list(comparison.differing_bits),
        # Texts without features make no similarity claim: similarity and yardsticks are null.
        "yardsticks": {
            "cosine": sticks.cosine,
            "jaccard": sticks.jaccard,
            "edit_similarity": sticks.edit_similarity,
            "predicted_hamming": sticks.predicted_hamming,
        }
        if comparison.comparable
        else None,
    }
