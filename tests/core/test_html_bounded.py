"""The HTML cleaner reads markup as a stream (issue 26): the same text as BeautifulSoup's tree gave, in
memory a small multiple of the markup's size, whatever the markup claims (unclosed tags, depth)."""

from __future__ import annotations

import tracemalloc

from hypothesis import given, settings
from hypothesis import strategies as st

from simcompare.core.text.cleaning import _BLOCK_TAGS, _INVISIBLE, _render_whitespace, html_to_text


def _tree_text(markup: str) -> str:
    """The cleaner as it was: BeautifulSoup's tree, invisible parts and comments dropped, walked in order."""
    from bs4 import BeautifulSoup, Comment, NavigableString, Tag

    soup = BeautifulSoup(markup, "html.parser")
    for comment in soup.find_all(string=lambda s: isinstance(s, Comment)):
        comment.extract()
    for tag in soup.find_all(_INVISIBLE):
        tag.decompose()
    parts: list[str] = []
    space = object()
    stack: list[object] = [soup]
    while stack:
        node = stack.pop()
        if node is space:
            parts.append(" ")
        elif isinstance(node, NavigableString):
            if type(node) is NavigableString:
                parts.append(_render_whitespace(str(node)))
        elif isinstance(node, Tag):
            if node.name == "br":
                parts.append("\n")
                continue
            block = node is not soup and node.name in _BLOCK_TAGS
            if block:
                parts.append(" ")
                stack.append(space)
            stack.extend(reversed(node.contents))
    return "".join(parts)


_NAMES = ["p", "div", "b", "span", "a", "br", "hr", "img", "li", "td", "script", "style", "head", "title", "svg"]
_PIECES = st.one_of(
    st.sampled_from(_NAMES).map(lambda name: f"<{name}>"),
    st.sampled_from(_NAMES).map(lambda name: f"</{name}>"),
    st.sampled_from(_NAMES).map(lambda name: f"<{name}/>"),
    st.sampled_from(["北京", "上海", "word", " ", "\n", "a b", "&amp;", "&lt;x", "&#20013;", "<!-- c -->", "x < y"]),
    st.sampled_from(["<!DOCTYPE html>", "<![CDATA[raw]]>", "<?pi x?>", '<a href="x">', "<P>", "</DIV>"]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=30).map("".join))
def test_the_stream_gives_the_trees_text(markup: str) -> None:
    assert html_to_text(markup) == _tree_text(markup)


def test_unclosed_tags_take_memory_in_proportion_to_the_markup() -> None:
    """2 MB of unclosed tags took 512 MB as a tree; as a stream, one reference per open element."""
    markup = "<a>" * 200_000 + "the end"  # 600 KB
    tracemalloc.start()
    try:
        text = html_to_text(markup)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert text == "the end"
    assert peak < 8 * len(markup), f"{peak:,} bytes traced for {len(markup):,} characters"


def test_stray_end_tags_and_depth_cost_nothing_more() -> None:
    markup = "<div>" * 50_000 + "deep" + "</b>" * 50_000 + "</div>" * 50_000 + "after"
    assert html_to_text(markup).split() == ["deep", "after"]
