"""Markup that is text underneath: Markdown (parsed; its text kept, its markup dropped) and RTF."""

from __future__ import annotations

import re
from collections.abc import Iterator
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
    parser = _markdown_parser()
    for piece in markdown_pieces(source):
        _walk(parser(piece), parts)  # one piece's syntax tree at a time
    return "".join(parts)


# mistune's syntax tree takes 200 to 400 times the size of its source (2 MB of "*a " took 745 MB, of short
# paragraphs 453 MB), so a long source is parsed a piece at a time. Sources up to this many characters are
# one piece, as before.
MARKDOWN_PIECE = 64 * 1024
_FENCE = re.compile(r" {0,3}(```|~~~)")


def markdown_pieces(source: str, size: int = MARKDOWN_PIECE) -> Iterator[str]:
    """``source`` in pieces of at most about ``size`` characters, each cut where Markdown allows.

    A piece ends, by preference, before a line that starts a new block after a blank line (outside a
    fenced code block); else at a line break (a paragraph cut in two reads the same: a break is a break);
    else, in a line longer than a piece (Chinese is written without spaces), anywhere: the cleaner removes
    a line break between two CJK characters. What is lost is only markup that spans a cut (emphasis, a
    link whose definition lies in another piece), and then its characters stay as text.
    """
    start = 0
    while len(source) - start > size:
        window = source[start : start + size]
        cut = _block_start(window, size // 2)
        if cut is None:
            newline = window.rfind("\n", size // 2)
            cut = newline + 1 if newline >= 0 else size
        yield source[start : start + cut]
        start += cut
    yield source[start:]


def _block_start(window: str, after: int) -> int | None:
    """The last offset past ``after`` where a line follows a blank line outside a fenced code block."""
    found = None
    fenced = False
    offset = 0
    blank = False
    for line in window.splitlines(keepends=True):
        if (
            offset > after
            and blank
            and not fenced
            and line[:1] not in (" ", "\t", "\n", "<")
            and offset + len(line) <= len(window)
        ):
            found = offset
        if _FENCE.match(line):
            fenced = not fenced
        blank = not line.strip()
        offset += len(line)
    return found


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

    rtf = _plain_font_table(data.decode("latin-1"))
    # striprtf finds hyperlinks with a pattern whose ".*" runs to the end of the line from every field: on
    # one long line of many fields that took time growing faster than the square of the size (420 KB: 36 s).
    # A raw line break is nothing in RTF, so each field starts a line of its own and the pattern stops there.
    rtf = _FIELD.sub("\n{\\\\field", rtf)
    return str(rtf_to_text(rtf, errors="replace"))


_FIELD = re.compile(r"(?<!\\)\{\\field")
_FONT_TABLE_START = re.compile(r"{[^{}]*\\fonttbl")
_BRACE = re.compile(r"[{}]")
_FONT_PART = re.compile(r"\\f(\d+)|\\fcharset(\d+)|;")


def _plain_font_table(rtf: str) -> str:
    """The RTF with its font table rewritten as ``{\\fonttbl{\\fN\\fcharsetM f;}…}``, one entry per font.

    striprtf matches each ``\\fN`` of the table with ``.*?\\fcharset(\\d+)``: an entry without a charset
    makes the match run on to the next one that has one, so a table of many such entries took time
    growing with the square of its size (a 50,000-entry table of 600 KB: over a minute). Only the fonts'
    numbers and charsets matter for the text (they choose how ``\\'hh`` escapes decode), so the table is
    read here in one pass and handed over in a form striprtf matches in one step per entry. A font without
    a charset is left out, as striprtf's own reading of it would be at best: its text decodes with the
    document's code page.
    """
    start = _FONT_TABLE_START.search(rtf)
    if start is None:
        return rtf
    depth, end = 1, len(rtf)
    for brace in _BRACE.finditer(rtf, start.end()):
        depth += 1 if brace.group() == "{" else -1
        if depth == 0:
            end = brace.end()
            break
    fonts: dict[str, str] = {}
    font = charset = None
    for part in _FONT_PART.finditer(rtf, start.end(), end):
        if part.group(1) is not None:
            font, charset = part.group(1), None
        elif part.group(2) is not None:
            charset = part.group(2)
        else:  # ";" ends an entry
            if font is not None and charset is not None:
                fonts.setdefault(font, charset)
            font = charset = None
    # each entry named "f": striprtf's pattern wants a name between the charset and the ";"
    table = "".join(f"{{\\f{font}\\fcharset{charset} f;}}" for font, charset in fonts.items())
    return f"{rtf[: start.start()]}{{\\fonttbl{table}}}{rtf[end:]}"
