"""The Index view's two layouts: the pigeonhole's k + 1 blocks and the one a scan chooses, recomputed by hand."""

from __future__ import annotations

import itertools
import math

import pytest

from simcompare.core.explain.teaching import blocks_in, index_layouts
from simcompare.core.search.index import BlockLayout, choose_layout


def by_hand(layout: BlockLayout, n: int) -> tuple[int, int, float]:
    """Tables, narrowest key and chance candidates per query, from the blocks' widths alone."""
    widths = [stop - start for start, stop in layout.bounds]
    keys = [
        sum(widths[i] for i in combo)
        for combo in itertools.combinations(range(layout.blocks), layout.blocks - layout.k)
    ]
    return len(keys), min(keys), (n - 1) * sum(2.0**-w for w in keys)


def test_manku_et_al_two_to_the_34_fingerprints_at_k_3() -> None:
    n = 2**34
    naive, scan = index_layouts(n, 64, 3)
    # The pigeonhole: 4 blocks of 16 bits, 4 tables, 2^34 / 2^16 = 2^18 candidates in each: 2^20 per query.
    assert naive.layout == BlockLayout(64, 3, 4) and naive.block_bits == (16, 16, 16, 16)
    assert (naive.tables, naive.key_bits, naive.blocks_per_key) == (4, 16, 1)
    assert naive.per_query == pytest.approx(2**20)
    # The scan: the cost model's layout, more blocks combined into wider keys, far fewer candidates.
    assert scan.layout == choose_layout(n, 3, 64) and scan.layout.blocks > 4
    tables, key_bits, per_query = by_hand(scan.layout, n)
    assert (scan.tables, scan.key_bits) == (tables, key_bits) == (math.comb(scan.layout.blocks, 3), key_bits)
    assert scan.per_query == pytest.approx(per_query)
    assert scan.candidates == pytest.approx(n * (n - 1) / 2 * per_query / (n - 1))
    assert scan.per_query < naive.per_query / 1000


@pytest.mark.parametrize(("n", "bits", "k"), [(2**10, 64, 12), (2**20, 64, 12), (2**30, 128, 8), (2, 32, 2)])
def test_both_layouts_by_hand(n: int, bits: int, k: int) -> None:
    for lesson in index_layouts(n, bits, k):
        tables, key_bits, per_query = by_hand(lesson.layout, n)
        assert (lesson.tables, lesson.key_bits) == (tables, key_bits)
        assert lesson.per_query == pytest.approx(per_query)
        assert lesson.blocks_per_key == lesson.layout.blocks - k


def test_a_pair_within_k_meets_at_least_one_table_of_any_layout() -> None:
    a = 0xF0F0_F0F0_F0F0_F0F0
    b = a ^ 0b1011 ^ (1 << 40)  # 4 bits apart
    for blocks in (5, 6, 8, 12):
        layout = BlockLayout(64, 4, blocks)
        picture = blocks_in(a, b, layout)
        agreeing = len(picture.shared)
        assert agreeing >= blocks - 4
        lesson = index_layouts(1000, 64, 4)[0]
        assert math.comb(agreeing, layout.agree) >= 1
    assert lesson.tables_meeting(blocks_in(a, b, lesson.layout)) == math.comb(
        len(blocks_in(a, b, lesson.layout).shared), 1
    )


def test_n_must_be_positive() -> None:
    with pytest.raises(ValueError, match="n must be 1 or more"):
        index_layouts(0, 64, 3)
