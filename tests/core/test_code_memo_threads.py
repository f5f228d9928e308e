"""The memory of token codes (``simhash._CodeMemo``) starts afresh when full: a thread still looking up the codes
of the tokens it was given must find them, as the token identities' memory (``segment._known_ids``) and the stop
words' (``segment._DropCache``) promise ("replaced, not emptied"). The review of the change that made the memories
start afresh at 2^18 tokens, not 2^20: four times less text fills it, so two threads of the window (the compare
job and the geometry view's bundled examples) meet a full memory sooner."""

from __future__ import annotations

import threading

from simcompare.core.fingerprint import simhash
from simcompare.core.fingerprint.simhash import Config


class _SecondReading:
    """A value read twice by a memory (what is missing, then the lookups or the drops): before its second reading,
    another thread (``meanwhile``) runs to its end."""

    def __init__(self, value: object, meanwhile: threading.Thread) -> None:
        super().__init__(value)  # type: ignore[call-arg]  # the list's or the dict's own
        self._read = 0
        self._meanwhile = meanwhile

    def _reading(self) -> None:
        self._read += 1
        if self._read == 2:
            self._meanwhile.start()
            self._meanwhile.join()


class _Tokens(_SecondReading, list):
    """A document's tokens; another thread fingerprints a long text between their two readings."""

    def __iter__(self):  # type: ignore[no-untyped-def]
        self._reading()
        return super().__iter__()


def test_a_thread_looking_up_codes_finds_them_when_another_fills_the_memory(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(simhash._CodeMemo, "_LIMIT", 1_000)  # 2^18 in the app: a long text's distinct tokens
    memo = simhash._CodeMemo()
    config = Config()
    hasher, bits = config.hash_function, config.bits
    long_text = [f"other{n}" for n in range(1_500)]  # more distinct tokens than the memory holds
    errors: list[BaseException] = []

    def other_thread() -> None:
        try:
            memo.codes(long_text, hasher, bits)
        except BaseException as error:
            errors.append(error)

    tokens = [f"mine{n}" for n in range(10)]
    expected = [hasher.code_bytes(token, bits) for token in tokens]
    got = memo.codes(_Tokens(tokens, threading.Thread(target=other_thread)), hasher, bits)
    assert not errors
    assert got == expected


class _Counts(_SecondReading, dict):
    """A document's token counts; another thread judges a long text's tokens between the stop words' memory judging
    them and taking the dropped ones out."""

    def keys(self):  # type: ignore[no-untyped-def]
        self._reading()
        return super().keys()


def test_a_thread_dropping_stop_words_drops_them_when_another_fills_the_memory(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from simcompare.core.tokens import segment

    monkeypatch.setattr(segment._DropCache, "_LIMIT", 1_000)  # 2^19 in the app
    cache = segment._DropCache(True)
    assert "the" in segment.stopwords()
    long_text = {f"other{n}": 1 for n in range(1_500)}  # more distinct tokens than the memory holds
    meanwhile = threading.Thread(target=lambda: cache.keep(dict(long_text)))
    kept = cache.keep(_Counts({"the": 3, "river": 1}, meanwhile))
    assert dict(kept) == {"river": 1}  # the stop word is dropped whatever another thread judged meanwhile
