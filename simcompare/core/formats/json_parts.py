"""Large JSON read straight from its file, a part at a time: a million files' saved results are 1.7 GB of it.

Read whole and decoded to text, such a file was held twice at once (3.4 GB at a million files, most of the
window's peak) and decoding it held the interpreter's lock for most of a second, so the window, whose worker
reads it, could not paint. Here the file's bytes are read a few megabytes at a time (:class:`_Source`; each
piece checked to be UTF-8 as it comes, the bytes the parser has passed dropped) and never decoded whole; the
items of a top-level object's lists are parsed a part at a time (a few hundred kilobytes, one call each:
msgspec where it reads them, three times as fast as ``json``, else ``json``), everything else a value at a
time by ``json``. Anything this reading does not take is read by ``json.loads`` of the whole text, which
refuses it with its own message: so the objects are always those ``json.loads`` gives (tests compare them).
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Callable, Mapping
from typing import Any, BinaryIO

try:  # a wheel for CPython on Linux, macOS and Windows (docs/development.md); elsewhere json reads every part
    import msgspec
except ImportError:  # pragma: no cover - every platform the tests run on has it
    msgspec = None  # type: ignore[assignment]

__all__ = ["NotUTF8", "TooLarge", "loads", "parsed_list", "read"]


class NotUTF8(ValueError):
    """The file's bytes are not UTF-8; ``at`` is the first byte that is not."""

    def __init__(self, at: int) -> None:
        super().__init__(f"not UTF-8 text (byte {at})")
        self.at = at


class TooLarge(ValueError):
    """The file holds more than the bytes a reader allows."""


def read(handle: BinaryIO, limit: int, *, parsers: Parsers | None = None) -> object:
    """The JSON of the file open in ``handle`` (binary, at its start), read a part at a time (:func:`loads`).

    Raises:
        NotUTF8: a byte of the file is not UTF-8.
        TooLarge: the file holds more than ``limit`` bytes.
        ValueError: it is not JSON (``json``'s message).
        RecursionError: its values are nested deeper than the interpreter's limit.
    """

    def whole() -> str:
        # a piece at a time: a buffered file makes the bytes asked for before it reads (read(limit + 1): 4 GiB for
        # a file of a few bytes); a bytearray grows in place, so the bytes are held once, beside the text alone
        handle.seek(0)
        raw = bytearray()
        while piece := handle.read(_READ):
            raw += piece
            if len(raw) > limit:
                raise TooLarge(f"more than {limit:,} bytes")
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise NotUTF8(error.start) from None

    return _parsed(_Source(handle.read, whole, limit), parsers or {})


def loads(text: str, *, parsers: Parsers | None = None) -> object:
    """``json.loads(text)``, the lists of a top-level object's members (and of its objects: the ``records``'
    columns, the cleaner's lists) a few hundred kilobytes at a time: a million records parsed in one call would
    hold the interpreter's lock for seconds, and the window, whose worker reads them, could not paint meanwhile.
    Only a top-level object is read this way; anything else, or anything this reading does not take, is read (and
    refused, with its message) by ``json.loads`` itself. One difference: an item's nesting is counted from the part
    it is read in, so within a level or two of the interpreter's limit a text ``json.loads`` finds nested too
    deeply may be read, or one it reads be refused (JSON sets no limit; the results' checks refuse such values).

    ``parsers`` names the lists whose parts are parsed by a parser of their own (``"groups"``: the top-level
    object's member; ``"records.sketch"``: a list in its ``records`` object), typically a msgspec decoder of a
    typed list (``saved_parts.PARSERS``): a part it refuses is read by ``json`` as it reads any other, so such a
    list may hold the typed parser's items and ``json``'s."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no file's text (it is decoded strictly); json.loads says
        return json.loads(text)
    source = _Source(lambda size: b"", lambda: text, len(data))
    source.hold(data)
    return _parsed(source, parsers or {})


_READ = 1 << 22
"""Bytes of the file read at a time."""

_SPACE = re.compile(rb"[ \t\n\r]*")


class _Source:
    """The bytes of a JSON text from the first the parser may still look at (:meth:`keep_from`) to as far as it
    has looked, read from the file as it goes. Positions are offsets in the whole text; asking for bytes already
    dropped is an IndexError (the reading is then left to ``json.loads`` of the whole)."""

    def __init__(self, read: Callable[[int], bytes], whole: Callable[[], str], limit: int) -> None:
        self._read = read
        self._whole = whole
        self._limit = limit
        self._data = bytearray()
        self._base = 0  # the text's offset of _data[0]
        self._kept = 0  # nothing before it is looked at again
        self._ended = False
        self._checker = codecs.getincrementaldecoder("utf-8")()
        self._width = 64  # the bytes a value is first decoded from: twice the last one's (see decoded)

    def whole(self) -> str:
        """The whole text, decoded, read again from its start (for ``json.loads``); the bytes held are dropped."""
        self._data = bytearray()
        return self._whole()

    def hold(self, data: bytes) -> None:
        """Hold ``data`` as the whole text (checked: UTF-8 because it was encoded so)."""
        self._data = bytearray(data)
        self._ended = True

    @property
    def _end(self) -> int:
        return self._base + len(self._data)

    def keep_from(self, at: int) -> None:
        """The parser looks at no byte before ``at`` again: they may be dropped when more is read."""
        self._kept = max(self._kept, at)

    def _load(self, end: int) -> None:
        """Read on until the bytes before ``end`` are held, or the text has ended."""
        while self._end < end and not self._ended:
            chunk = self._read(_READ)  # no more at once: a buffered file makes the bytes asked for before it reads
            self._check(chunk)
            if not chunk:
                self._ended = True
                return
            if self._end + len(chunk) > self._limit:
                raise TooLarge(f"more than {self._limit:,} bytes")
            if self._kept > self._base:
                del self._data[: self._kept - self._base]  # from the front: CPython moves the start, copies nothing
                self._base = self._kept
            self._data += chunk

    def _check(self, chunk: bytes) -> None:
        """Raise NotUTF8 unless ``chunk`` goes on the text read so far as UTF-8 (empty: the text ends)."""
        pending = len(self._checker.getstate()[0])  # the start of a character the last piece ended in
        if chunk and not pending and chunk.isascii():
            return
        try:
            self._checker.decode(chunk, final=not chunk)
        except UnicodeDecodeError as error:
            raise NotUTF8(self._end - pending + error.start) from None

    def _offset(self, at: int) -> int:
        if at < self._base:
            raise IndexError("a part of the text already dropped")
        return at - self._base

    def skip(self, at: int) -> int:
        """The position of the first byte at or after ``at`` that is not JSON's white space."""
        while True:
            self._load(at + 1)
            found = _SPACE.match(self._data, self._offset(at))
            end = self._base + (found.end() if found else len(self._data))
            if end < self._end or self._ended:
                return end
            at = end

    def at_end(self, at: int) -> bool:
        self._load(at + 1)
        return self._ended and at >= self._end

    def startswith(self, prefix: bytes, at: int) -> bool:
        self._load(at + len(prefix))
        return self._data.startswith(prefix, self._offset(at))

    def find(self, sub: bytes, start: int, end: int) -> int:
        self._load(end)
        found = self._data.find(sub, self._offset(start), end - self._base)
        return found if found < 0 else found + self._base

    def rfind(self, sub: bytes, start: int, end: int) -> int:
        self._load(end)
        found = self._data.rfind(sub, self._offset(start), end - self._base)
        return found if found < 0 else found + self._base

    def search(self, pattern: re.Pattern[bytes], start: int, end: int) -> int:
        """Where the first match of ``pattern`` between ``start`` and ``end`` ends; -1: none."""
        self._load(end)
        found = pattern.search(self._data, self._offset(start), end - self._base)
        return -1 if found is None else found.end() + self._base

    def slice(self, start: int, end: int) -> bytes:
        self._load(end)
        return bytes(self._data[self._offset(start) : end - self._base])

    def decoded(self, at: int) -> tuple[object, int]:
        """The JSON value that starts at ``at`` (``json``'s ``raw_decode``) and the position after it.

        The value is decoded from the bytes after ``at``, as many as twice the last value's, four times more
        while it reaches past them (its end unseen, or a number perhaps cut: ``1.`` or ``1e+`` ends a number only
        where its digits are cut off): so a value costs in proportion to its length. Where it reaches the text's
        end, or ``json`` finds it wrong before the bytes' end (:func:`_cut`), ``json``'s error is raised."""
        width = self._width
        while True:
            self._load(at + width)
            start = self._offset(at)
            piece = self._data[start : start + width]
            whole = self._ended and start + width >= len(self._data)
            # the bytes are UTF-8 (checked as read), so only a character cut at the piece's end is left out
            text = piece.decode("utf-8", "strict" if whole else "ignore")
            try:
                value, end = _DECODER.raw_decode(text, 0)
            except ValueError as error:
                if whole or not _cut(error, len(text)):
                    raise
                width *= 4
                continue
            # a number or a word may go on after the piece; a number before a cut ``.``, ``e`` or ``e+`` does
            if not whole and (end == len(text) or (type(value) in (int, float) and end >= len(text) - 2)):
                width *= 4
                continue
            used = end if text.isascii() else len(text[:end].encode("utf-8"))
            self._width = max(64, 2 * used)
            return value, at + used


_DECODER = json.JSONDecoder()


def _cut(error: ValueError, length: int) -> bool:
    """Whether ``json``'s error decoding ``length`` characters may be only that they end too soon: a string not
    ended (said where it starts), or an error within a word's or a number's length of their end. Another is an
    error in the text itself, whatever follows: the value is not read on to the text's end (held, and decoded
    whole) to find it (nor a number of more digits than Python converts, no JSONDecodeError). Taking an error
    for the text's costs nothing but its reading by ``json.loads``, which says what it is."""
    if not isinstance(error, json.JSONDecodeError):
        return False
    return error.msg.startswith("Unterminated string") or error.pos >= length - 16


def _parsed(source: _Source, parsers: Parsers) -> object:
    at = source.skip(0)
    found = _object(source, at, parsers) if source.startswith(b"{", at) else None
    # not taken here: json.loads reads it, or says what is wrong in its words. Read once nothing parsed is held
    # (all of it, where a byte follows the object), nor the traceback of the error that stopped the parse
    return json.loads(source.whole()) if found is None else found


def _object(source: _Source, at: int, parsers: Parsers) -> dict[str, object] | None:
    """The top-level object whose ``{`` is at ``at``, when it is the whole text and read here; else None."""
    try:
        found, at = _members(source, at + 1, parsers)
        return found if source.at_end(source.skip(at)) else None
    except (NotUTF8, TooLarge):
        raise
    except (ValueError, IndexError):
        return None


def _members(source: _Source, at: int, parsers: Parsers, name: str = "") -> tuple[dict[str, object], int]:
    """The members of the JSON object whose ``{`` is just before ``at`` (``name``: the top-level member it is;
    empty: the top-level object), and the position after its ``}``. Its lists are read a part at a time, and at the
    top those of its objects too: the records (a list, or an object of columns), the groups, but also the problems,
    the empty files and the cleaner's marked files (a million files: tens of megabytes each, decoded as one value
    from a window up to four times as long). A list's parts are parsed by its parser in ``parsers``, named by the
    member (``"groups"``) or the member and its object's (``"records.sketch"``), else as any JSON."""
    found: dict[str, object] = {}
    at = source.skip(at)
    while not source.startswith(b"}", at):
        source.keep_from(at)
        key, at = source.decoded(at)
        if not isinstance(key, str):
            raise ValueError("not read here")
        at = source.skip(at)
        if not source.startswith(b":", at):
            raise ValueError("not read here")
        at = source.skip(at + 1)
        value: object
        if source.startswith(b"[", at):
            value, at = _items(source, at + 1, parsers.get(f"{name}.{key}" if name else key, _ANY_PART))
        elif not name and source.startswith(b"{", at):
            value, at = _members(source, at + 1, parsers, key)
        else:
            value, at = source.decoded(at)
        found[key] = value
        at = source.skip(at)
        if source.startswith(b",", at):
            at = source.skip(at + 1)
            if source.startswith(b"}", at):  # a trailing comma: not JSON
                raise ValueError("not read here")
        elif not source.startswith(b"}", at):
            raise ValueError("not read here")
    return found, at + 1


_Parser = Callable[[bytes], Any]
"""Parses the text of a JSON array (a ``msgspec`` decoder's ``decode``), raising msgspec's errors when it cannot."""

Parsers = Mapping[str, _Parser]
"""The parser of each list that has its own, by name (see :func:`loads`)."""

_PART = 1 << 18
"""Bytes of a list's items parsed in one call at most (a few hundred records, thousands of a column's values)."""

_FIRST = 1 << 12
"""Bytes of a list parsed an item at a time before its first part (a part is as long as what was read)."""


def _items(source: _Source, at: int, parser: _Parser | None = None) -> tuple[list[object], int]:
    """The items of the JSON array whose ``[`` is just before ``at``, and the position after its ``]``.

    Items are parsed a part at a time (:func:`_part`: ``parser`` when it can, else ``json.loads``, of the part as an
    array): a part ends where the next item begins on a new line (after a comma, as the writer puts them). When a
    part is not a list of whole items, or no such end is near, the items up to there are parsed one call each; so
    a part parsed is a sequence of whole items of this array (JSON has one reading). A part is as long as what the
    list has read so far, from ``_FIRST`` bytes (the first ones are parsed an item at a time) up to ``_PART``, and
    its end is looked for in the next part's length; so the bytes looked at stay in proportion to the list's own,
    however many small lists the text holds."""
    items: list[object] = []
    opened = at
    at = source.skip(at)
    if source.startswith(b"]", at):
        return items, at + 1
    start = at
    alone_until = at + min(_FIRST, _PART)  # items before this position are parsed one at a time
    ends = _ends(source, opened, start)
    while True:
        source.keep_from(at)
        if at >= alone_until:
            size = min(_PART, at - start)
            end = _part_end(source, at, size, ends)
            part = None
            if end > at:
                part = _part(b"[" + source.slice(at, end) + b"]", parser)
            if part is not None:
                items.extend(part)
                at = source.skip(end + 1)  # past the comma
                continue
            last = _last_part(source, at, size, parser)  # no part's end, or one beyond the list's: the list's is near
            if last is not None:
                items.extend(last[0])
                return items, last[1]
            alone_until = end if end > at else at + 2 * size
        item, at = source.decoded(at)
        items.append(item)
        at = source.skip(at)
        if source.startswith(b"]", at):
            return items, at + 1
        if not source.startswith(b",", at):
            raise ValueError("not an array")
        at = source.skip(at + 1)


_LIST_END = re.compile(rb"\n[ \t\r]*\]")


def _last_part(source: _Source, at: int, size: int, parser: _Parser | None) -> tuple[list[object], int] | None:
    """The list's last items, from ``at`` to its ``]`` at the start of a line within ``2 * size`` bytes, and the
    position after it; None when there is none or what lies before it is not whole items. (A ``]`` that starts a
    line is no string's, and the part parses only if the items before it are whole: so it is this list's end.)"""
    end = source.search(_LIST_END, at, at + 2 * size)
    if end < 0:
        return None
    part = _part(b"[" + source.slice(at, end), parser)
    return None if part is None else (part, end)


_ANY_PART: _Parser | None = msgspec.json.Decoder(list[Any]).decode if msgspec else None


def parsed_list(text: str, parser: _Parser | None) -> list[object]:
    """The JSON array ``text`` as a part of a list is parsed (by ``parser`` where it reads it, else ``json``).

    Raises:
        ValueError: it is not a JSON array.
    """
    found = _part(text, parser)
    if found is None:
        raise ValueError("not a JSON array")
    return found


def _part(text: bytes | str, parser: _Parser | None) -> list[object] | None:
    """A part of a list's items (the text of a JSON array, UTF-8 bytes or text), parsed; None when it is not JSON.

    ``parser`` (msgspec's, 3 times as fast as ``json``) reads what it takes, and ``json.loads`` the rest: msgspec's
    JSON is stricter (no NaN, no lone surrogate escape: a name whose bytes are not UTF-8) and its base64 too (no
    missing padding, no other alphabet), and where it reads a text it reads it as ``json`` and ``base64`` do
    (tests/core/test_results_parts.py compares them), so either reading gives the same items."""
    if parser is not None:
        try:
            found: list[object] = parser(text)  # type: ignore[arg-type]  # msgspec reads bytes and text alike
            return found
        except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):  # msgspec: not None with a parser
            pass
    try:  # decoded first: json.loads guesses the encoding of bytes (a NUL early on reads as UTF-16)
        parsed = json.loads(text.decode("utf-8") if isinstance(text, bytes) else text)
    except ValueError:
        return None
    return parsed if isinstance(parsed, list) else None


def _ends(source: _Source, opened: int, first: int) -> bytes:
    """What ends a line after an item of the list whose first item starts at ``first`` (just after its ``[`` at
    ``opened``, and white space): a comma, after a ``}`` on a line as indented as the first item when the items are
    objects (the closing brace of an object nested in one is indented more). The line's start is looked for only
    after the ``[`` (a line that holds it is no indentation): from the text's start, n small lists of objects on one
    line looked at n² / 2 bytes. Lines end as the first item's line begins (``\\r\\n`` in a file edited on
    Windows)."""
    newline = b"\r\n" if source.find(b"\r\n", opened, first) >= 0 else b"\n"
    if not source.startswith(b"{", first):
        return b"," + newline
    line = source.rfind(b"\n", opened, first)
    return b"}," + newline if line < 0 else b"\n" + source.slice(line + 1, first) + b"}," + newline


def _part_end(source: _Source, at: int, size: int, ends: bytes) -> int:
    """Where a part of a list's items that starts at ``at`` may end (just before the comma of ``ends``, from
    :func:`_ends`), at least ``size`` bytes on and at most twice that; -1: none there."""
    found = source.find(ends, at + size, at + 2 * size)
    return -1 if found < 0 else found + ends.rindex(b",")
