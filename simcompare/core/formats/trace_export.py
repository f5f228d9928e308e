"""A comparison's trace as table rows, for slides and spreadsheets (the window's *Export trace as CSV*).

One row per token of each text — its count, weight, code and ±weight on every bit, exactly the token
table — then each text's per-bit sums and bits. Numbers are written exactly (weights and sums carry at
most 11 decimals, see the contract), never in a rounded display form.
"""

from __future__ import annotations

from simcompare.core.explain.compare import Comparison
from simcompare.core.fingerprint.simhash import WEIGHT_DECIMALS, Fingerprint


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
