"""Whitespace collapsing, rewritten for speed, still turns every run of whitespace into one space."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.text import _WHITESPACE


@settings(max_examples=300, deadline=None, database=None)
@given(st.lists(st.sampled_from(["a", "中", " ", "  ", "\t", "\n", "\r\n", "\u3000", "\u00a0", "\x0b"])))
def test_only_runs_that_are_not_one_space_are_replaced(parts):
    text = "".join(parts)
    assert _WHITESPACE.sub(" ", text) == re.sub(r"\s+", " ", text)
