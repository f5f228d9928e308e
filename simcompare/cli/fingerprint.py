"""`simcompare fingerprint FILE...` and `simcompare compare A B`: one text's fingerprint, two texts' every step."""

from __future__ import annotations

import argparse
import os
import sys
import unicodedata
from typing import TextIO

from simcompare.cli.options import (
    EXIT_INPUT,
    EXIT_OK,
    add_decision_options,
    add_fingerprint_options,
    config_from,
    decision_from,
)
from simcompare.cli.words import count
from simcompare.core.errors import InputError, TooLargeError
from simcompare.core.explain.compare import Comparison, compare_sides, side
from simcompare.core.fingerprint.simhash import Fingerprint, fingerprint
from simcompare.core.formats.names import display_name, json_text
from simcompare.core.formats.trace_export import comparison_json, fingerprint_json
from simcompare.core.text.documents import DEFAULT_MAX_BYTES, Document, document_from_bytes, read_document


def register(commands: argparse._SubParsersAction) -> None:
    """Add ``fingerprint`` and ``compare`` to the command line."""
    fp = commands.add_parser("fingerprint", help="print the fingerprint of each file")
    fp.add_argument("files", nargs="+", metavar="FILE", help="text files ('-' reads standard input)")
    fp.add_argument("--json", action="store_true", help="every number as JSON")
    add_fingerprint_options(fp)
    fp.set_defaults(run=cmd_fingerprint)

    cmp_ = commands.add_parser("compare", help="show every step of SimHash for two texts and their distance")
    cmp_.add_argument("a", metavar="A", help="first file ('-' for standard input)")
    cmp_.add_argument("b", metavar="B", help="second file")
    cmp_.add_argument("--json", action="store_true", help="every number as JSON")
    add_fingerprint_options(cmp_)
    add_decision_options(cmp_)
    cmp_.set_defaults(run=cmd_compare)


def load(path: str) -> Document:
    """A document from a path, or from standard input for '-'."""
    if path == "-":
        # Never more than the limit + 1 byte: standard input may be /dev/zero or an endless pipe.
        data = sys.stdin.buffer.read(DEFAULT_MAX_BYTES + 1)
        if len(data) > DEFAULT_MAX_BYTES:
            raise TooLargeError(f"is over the limit of {DEFAULT_MAX_BYTES:,} bytes")
        return document_from_bytes(data)
    return read_document(path)


def _use_colour(stream: TextIO) -> bool:
    return stream.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


# --------------------------------------------------------------------------------------- fingerprint


def cmd_fingerprint(args: argparse.Namespace, out: TextIO) -> int:
    config = config_from(args)
    decision = decision_from(args, config)  # checks -k; --json records it with the settings, as before
    status = EXIT_OK
    records = []
    for path in args.files:
        try:
            document = load(path)
        except InputError as error:
            print(f"simcompare: {display_name(path)}: {error}", file=sys.stderr)
            status = EXIT_INPUT
            continue
        fp = fingerprint(document.text, config, html=document.html or None)
        if args.json:
            records.append(
                {"path": path, "encoding": document.encoding, "encoding_guessed": document.guessed}
                | fingerprint_json(fp)
            )
        else:
            flag = "\t(empty)" if fp.empty else ""
            print(f"{display_name(path)}\t{fp.binary}\t{fp.hex}{flag}", file=out)
    if args.json:
        print(json_text({"settings": config.describe() | {"k": decision.k}, "files": records}), file=out)
    return status


# ------------------------------------------------------------------------------------------- compare


class _Painter:
    """ANSI emphasis for a terminal; plain text (with a marker line) elsewhere."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def differ(self, text: str) -> str:
        return f"\x1b[1;7;31m{text}\x1b[0m" if self.enabled else text

    def bold(self, text: str) -> str:
        return f"\x1b[1m{text}\x1b[0m" if self.enabled else text


def _bits_line(binary: str, differing: set[int], paint: _Painter) -> str:
    return "".join(paint.differ(ch) if j in differing else ch for j, ch in enumerate(binary))


def _display_width(text: str) -> int:
    """Terminal columns a string takes: East Asian wide characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _display_width(text))


def _print_trace(label: str, path: str, document: Document, fp: Fingerprint, out: TextIO, paint: _Painter) -> None:
    guess = " (guessed)" if document.guessed else ""
    html = ", read as HTML" if document.html else ""
    print(paint.bold(f"{label}: {display_name(path)}") + f"  [{document.encoding}{guess}{html}]", file=out)
    if fp.empty:
        print("  no features: every sum is 0 and the fingerprint is 0 (empty)", file=out)
        return
    width = max(len("token"), *(_display_width(t.token) for t in fp.tokens))
    print(f"  {_pad('token', width)}  {'count':>5}  {'weight':>10}  code", file=out)
    for t in fp.tokens:
        print(f"  {_pad(t.token, width)}  {t.count:>5}  {t.weight:>10.4g}  {fp.code_binary(t)}", file=out)
    print(f"  {count(len(fp.tokens), 'distinct token')}", file=out)


def _print_sums(comparison: Comparison, out: TextIO, paint: _Painter) -> None:
    a, b = comparison.a.fingerprint, comparison.b.fingerprint
    differing = set(comparison.differing_bits)
    print(paint.bold("per-bit sums (bit = 1 iff sum > 0)"), file=out)
    print(f"  {'bit':>3}  {'sum A':>12}  A  {'sum B':>12}  B", file=out)
    for j in range(comparison.config.bits):
        mark = "  ≠" if j in differing else ""
        line = f"  {j:>3}  {a.sums[j]:>12.6g}  {a.bit(j)}  {b.sums[j]:>12.6g}  {b.bit(j)}{mark}"
        print(paint.differ(line) if mark and paint.enabled else line, file=out)


def cmd_compare(args: argparse.Namespace, out: TextIO) -> int:
    config = config_from(args)
    decision = decision_from(args, config)
    documents = []
    for path in (args.a, args.b):
        try:
            documents.append(load(path))
        except InputError as error:
            print(f"simcompare: {display_name(path)}: {error}", file=sys.stderr)
            return EXIT_INPUT
    doc_a, doc_b = documents
    comparison = compare_sides(
        side(doc_a.text, config, html=doc_a.html or None),
        side(doc_b.text, config, html=doc_b.html or None),
        config,
        decision,
    )
    if args.json:
        print(json_text(comparison_json(comparison, (args.a, args.b), (doc_a, doc_b))), file=out)
        return EXIT_OK
    paint = _Painter(_use_colour(out))
    for label, path, document, item in (("A", args.a, doc_a, comparison.a), ("B", args.b, doc_b, comparison.b)):
        _print_trace(label, path, document, item.fingerprint, out, paint)
        print(file=out)
    _print_sums(comparison, out, paint)
    print(file=out)
    differing = set(comparison.differing_bits)
    fa, fb = comparison.a.fingerprint, comparison.b.fingerprint
    print(paint.bold("fingerprints"), file=out)
    print(f"  A  {_bits_line(fa.binary, differing, paint)}  {fa.hex}", file=out)
    print(f"  B  {_bits_line(fb.binary, differing, paint)}  {fb.hex}", file=out)
    print("     " + "".join("^" if j in differing else " " for j in range(config.bits)).rstrip(), file=out)
    if comparison.similarity is None:
        which = " and ".join(label for label, fp in (("A", fa), ("B", fb)) if fp.empty)
        print(
            f"no features in {which}: no distance or similarity is claimed; not near-duplicates at k = {decision.k} "
            "(an empty text is nobody's near-duplicate)",
            file=out,
        )
        return EXIT_OK
    verdict = "near-duplicates" if comparison.near_duplicate else "not near-duplicates"
    if comparison.rejected_by_verification and comparison.too_few_shingles:
        verdict += (
            f" (the fingerprints are close, but a text has only {comparison.fewest_shingles} distinct word pairs;"
            f" texts that are not identical need at least {decision.min_shingles} for a verdict)"
        )
    elif comparison.rejected_by_verification:
        verdict += (
            f" (the fingerprints are close, but only {comparison.resemblance:.0%} of the word pairs are shared;"
            f" at least {comparison.needed_resemblance:.0%} are needed)"
        )
    print(
        f"distance {comparison.distance} of {config.bits} bits, similarity {comparison.similarity:.4f}, "
        f"{comparison.resemblance:.0%} of word pairs shared: {verdict} at k = {decision.k}",
        file=out,
    )
    sticks = comparison.yardsticks
    edit = "n/a (too long)" if sticks.edit_similarity is None else f"{sticks.edit_similarity:.4f}"
    print(
        f"yardsticks: cosine {sticks.cosine:.4f} (predicts distance {sticks.predicted_hamming:.1f}), "
        f"jaccard {sticks.jaccard:.4f}, edit similarity {edit}",
        file=out,
    )
    for label, item in (("A", comparison.a), ("B", comparison.b)):
        if item.few_features:
            print(
                f"note: {label} has only {count(len(item.fingerprint.tokens), 'distinct token')}: its fingerprint is "
                "fragile",
                file=out,
            )
    return EXIT_OK
