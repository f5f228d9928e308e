"""Markup that is text underneath: Markdown (parsed; its text kept, its markup dropped) and RTF."""

from __future__ import annotations

from functools import cache
from html import unescape
from typing import Any

from simcompare.core.text.cleaning import html_to_text

RTF_MAGIC = b"{\\rtf"


def markdown_text(source: str) -> str:
    """The text a reader of the rendered Markdown sees: no #, *, ` or link targets become tokens.

    mistune parses the Markdown into a syntax tree (no HTML is rendered); its text, code and the
    visible text of raw HTML blocks are kept, one line per block. Inline HTML tags and images (whose
    alternative text a reader does not see) are left out, as the HTML cleaner leaves them out.
    """
    parts: list[str] = []
    _walk(_markdown_parser()(source), parts)
    return "".join(parts)


@cache
def _markdown_parser() -> Any:
    import mistune

    return mistune.create_markdown(renderer=None)


_BLOCKS = frozenset(
    {"paragraph", "heading", "block_text", "block_code", "list_item", "block_quote", "thematic_break", "table_row"}
)


def _walk(nodes: list[dict[str, Any]], parts: list[str]) -> None:
    for node in nodes:
        kind = node.get("type")
        if kind in ("text", "codespan", "block_code"):
            parts.append(unescape(node.get("raw", "")) if kind == "text" else node.get("raw", ""))
        elif kind in ("softbreak", "linebreak"):
            parts.append("\n")
        elif kind == "block_html":
            parts.append(html_to_text(node.get("raw", "")))
        elif kind not in ("image", "inline_html") and "children" in node:
            _walk(node["children"], parts)
        if kind in _BLOCKS or kind == "block_html":
            parts.append("\n")


def rtf_text(data: bytes) -> str:
    """The text of an RTF document (its font table, styles, pictures and field codes dropped).

    RTF is 7-bit: other characters are escapes (\\'hh in the document's code page, or \\uN), so the
    bytes are read as Latin-1 (every byte stays itself) and striprtf decodes the escapes.
    """
    from striprtf.striprtf import rtf_to_text

    return str(rtf_to_text(data.decode("latin-1"), errors="replace"))
