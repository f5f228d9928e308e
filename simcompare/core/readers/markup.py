"""Markup that is text underneath: Markdown (rendered, then read like HTML) and RTF."""

from __future__ import annotations

from simcompare.core.text import html_to_text

RTF_MAGIC = b"{\\rtf"


def markdown_text(source: str) -> str:
    """The text a reader of the rendered Markdown sees: no #, *, ` or link targets become tokens.

    markdown-it-py renders CommonMark to HTML (raw HTML in the source passes through and is then
    reduced to its visible text like any HTML); nothing is ever displayed as HTML.
    """
    from markdown_it import MarkdownIt

    return html_to_text(MarkdownIt("commonmark").render(source))


def rtf_text(data: bytes) -> str:
    """The text of an RTF document (its font table, styles, pictures and field codes dropped).

    RTF is 7-bit: other characters are escapes (\\'hh in the document's code page, or \\uN), so the
    bytes are read as Latin-1 (every byte stays itself) and striprtf decodes the escapes.
    """
    from striprtf.striprtf import rtf_to_text

    return str(rtf_to_text(data.decode("latin-1"), errors="replace"))
