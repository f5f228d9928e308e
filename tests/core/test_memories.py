"""The per-process memories of the hot path (token codes, token hashes for shingles) never change a result,
however small they are and however often they start afresh."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.fingerprint import simhash
from simcompare.core.fingerprint.hashing import HASHERS
from simcompare.core.search import verify
from simcompare.core.tokens import segment as tokens

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
                assert verify.shingles(sequence).tolist() == verify.sketch_of_ids(tokens.token_ids(sequence)).tolist()


@settings(max_examples=200, deadline=None, database=None)
@given(st.lists(TOKENS, min_size=1, max_size=4), st.integers(1, 6), st.sampled_from([8, 64, 100]))
def test_token_codes_whatever_the_memory_holds(sequences, limit, bits):
    hasher = HASHERS["md5"]
    with _limited(simhash._CodeMemo, "_LIMIT", limit):
        memo = simhash._CodeMemo()
        for sequence in sequences:
            assert memo.codes(sequence, hasher, bits) == [hasher.code_bytes(t, bits) for t in sequence]


def test_threads_sharing_one_segmenter_get_what_one_thread_gets():
    """The window segments on more than one thread at once (the comparison and the word diff): memories that
    start afresh, and characters beyond the BMP met by one thread while another filters, change nothing."""
    import random
    import threading

    alphabet = ["中文", "分词", "的", "the", "apple", "😀", "𝐀", "𠀀", "\U000e0001", "，", " ", "\n", "é", "x1.5%"]
    rng = random.Random(7)
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 60))) for _ in range(300)]
    expected = {}
    for drop in (True, False):
        alone = tokens.JiebaSegmenter()
        expected[drop] = [alone.kept_with_ids(text, drop_stopwords=drop) for text in texts]
    shared = tokens.JiebaSegmenter()
    shared.LIMIT, shared.CHARS = 40, 400  # memories start afresh many times while the threads run
    drops = {True: tokens._SegmenterDrops(True), False: tokens._SegmenterDrops(False)}
    drops[True]._LIMIT = drops[False]._LIMIT = 2  # and so does the set of characters beyond the BMP
    failures: list[str] = []

    def work(seed: int) -> None:
        order = list(range(len(texts)))
        random.Random(seed).shuffle(order)
        for i in order:
            drop = bool((i + seed) % 2)
            if shared.kept_with_ids(texts[i], drop_stopwords=drop) != expected[drop][i]:
                failures.append(texts[i])
            if shared.kept(texts[i], drop_stopwords=drop) != expected[drop][i][0]:
                failures.append(texts[i])

    before = tokens._SEGMENTER_DROPS
    tokens._SEGMENTER_DROPS = drops
    try:
        threads = [threading.Thread(target=work, args=(seed,)) for seed in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        tokens._SEGMENTER_DROPS = before
    assert failures == []


def test_the_set_of_dropped_characters_starting_afresh_keeps_those_of_the_chunks_at_hand():
    drops = tokens._SegmenterDrops(True)
    drops._LIMIT = 1
    assert drops.test(["a\U000e0001"])("\U000e0001")  # a format character beyond the BMP: dropped
    is_dropped = drops.test(["😀\U000e0001"])  # one more than the limit: the set starts afresh
    assert is_dropped("😀") and is_dropped("\U000e0001")
    assert not is_dropped("𝐀") and is_dropped("的") and not is_dropped("中文")


def test_threads_meeting_a_new_drop_set_all_drop_the_stop_words_and_punctuation():
    """The first threads to use the segmenter's drop set: one that found the base set made before the set
    holding it got the empty set of ``__init__`` and kept 的 and ， (often, with threads switching as often as
    the interpreter allows)."""
    import sys
    import threading

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    kept: list[str] = []
    try:
        for _ in range(100):
            drops = tokens._SegmenterDrops(True)

            def work(drops: tokens._SegmenterDrops = drops) -> None:
                test = drops.test(["的，the"])
                kept.extend(t for t in ("的", "，", "the") if not test(t))

            threads = [threading.Thread(target=work) for _ in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert kept == []
