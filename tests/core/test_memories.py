"""The per-process memories of the hot path (token codes, token hashes for shingles) never change a result,
however small they are and however often they start afresh."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core import simhash, tokens, verify
from simcompare.core.hashing import HASHERS

TOKENS = st.lists(st.sampled_from(["中文", "分词", "the", "apple", "１２", "é", "x", "y", "z"]), max_size=30)


@contextmanager
def _limited(owner: object, name: str, limit: int) -> Iterator[None]:
    """The memory's limit set low for a while (hypothesis runs many examples in one test call)."""
    before = getattr(owner, name)
    setattr(owner, name, limit)
    try:
        yield
    finally:
        setattr(owner, name, before)


def _hash(token: str) -> int:
    return int.from_bytes(hashlib.blake2b(token.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "big")


@settings(max_examples=200, deadline=None, database=None)
@given(st.lists(TOKENS, min_size=1, max_size=4), st.integers(1, 6))
def test_shingle_token_hashes_whatever_the_memory_holds(sequences, limit):
    with _limited(tokens, "_TOKEN_IDS_LIMIT", limit):
        for sequence in sequences:
            ids = np.frombuffer(tokens.token_ids(sequence), dtype=">u8")
            assert ids.tolist() == [_hash(t) for t in sequence]
            if sequence:
                assert verify.shingles(sequence).tolist() == verify.shingles_of_ids(tokens.token_ids(sequence)).tolist()


@settings(max_examples=200, deadline=None, database=None)
@given(st.lists(TOKENS, min_size=1, max_size=4), st.integers(1, 6), st.sampled_from([8, 64, 100]))
def test_token_codes_whatever_the_memory_holds(sequences, limit, bits):
    hasher = HASHERS["md5"]
    with _limited(simhash._CodeMemo, "_LIMIT", limit):
        memo = simhash._CodeMemo()
        for sequence in sequences:
            assert memo.codes(sequence, hasher, bits) == [hasher.code_bytes(t, bits) for t in sequence]
