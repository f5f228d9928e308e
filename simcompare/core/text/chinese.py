"""Traditional Chinese folded to Simplified, so the two scripts of one text give one fingerprint.

OpenCC's ``t2s`` conversion (phrases first, then characters) runs before segmentation: jieba's dictionary
is a Simplified one, and 後來/后来 must be the same token. Text without an ideograph is returned as is,
without a call.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from simcompare.core.text.cleaning import may_hold_cjk

# CJK Unified Ideographs, Extension A and the compatibility block: where Traditional forms live.
_IDEOGRAPH = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


@cache
def _converter() -> Any:
    import opencc

    return opencc.OpenCC("t2s")


def fold_chinese(text: str) -> str:
    """``text`` with Traditional Chinese characters and phrases in their Simplified forms."""
    if not may_hold_cjk(text) or _IDEOGRAPH.search(text) is None:  # the first test is quick on other text
        return text
    return str(_converter().convert(text))
