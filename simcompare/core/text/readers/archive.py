"""Zip-based documents: DOCX, ODT and EPUB, read with the standard library only.

Each format is a zip of XML parts; the text is in one or a few known members. Members are inflated in
chunks against one budget for the whole document, so an archive that would inflate past the limit is
stopped at the limit (a zip bomb's headers may claim any size; they are never trusted). XML is parsed
with expat, which never fetches external entities; a part that declares entities is refused, so an
entity expansion ("billion laughs") cannot happen either.
"""

from __future__ import annotations

import io
import posixpath
import zipfile
import zlib
from collections.abc import Callable
from urllib.parse import unquote
from xml.parsers import expat

from simcompare.core.text.readers.base import (
    CorruptDocumentError,
    Deadline,
    EncryptedDocumentError,
    Format,
    InflateLimitError,
)

_CHUNK = 1 << 16
_ODF_TEXT_MIMETYPES = (b"application/vnd.oasis.opendocument.text", b"application/vnd.oasis.opendocument.text-template")
# The compound-file (OLE) signature: an encrypted DOCX is one of these, not a zip.
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP_MAGIC = b"PK\x03\x04"
_MIMETYPE_MAX = 200  # bytes: "application/vnd.oasis.opendocument.text-template" is 48


class BoundedZip:
    """A zip archive whose members are inflated against one shared byte budget."""

    def __init__(self, data: bytes, budget: int | None, deadline: Deadline) -> None:
        try:
            self._zip = zipfile.ZipFile(io.BytesIO(data))
        except (zipfile.BadZipFile, ValueError, EOFError) as error:
            raise CorruptDocumentError(f"is not a readable zip archive ({error})") from None
        self._names = set(self._zip.namelist())
        self._budget = budget
        self._deadline = deadline

    def __contains__(self, name: str) -> bool:
        return name in self._names

    def read(self, name: str) -> bytes:
        """A member's bytes, inflated chunk by chunk until the budget runs out."""
        try:
            info = self._zip.getinfo(name)
        except KeyError:
            raise CorruptDocumentError(f"has no {name} inside") from None
        if info.flag_bits & 0x1:
            raise EncryptedDocumentError("is password-protected (its zip members are encrypted)")
        parts = []
        try:
            with self._zip.open(info) as member:
                while chunk := member.read(_CHUNK):
                    parts.append(chunk)
                    if self._budget is not None:
                        self._budget -= len(chunk)
                        if self._budget < 0:
                            raise InflateLimitError(
                                "inflates past the size limit (a zip bomb, or a document too large to read)"
                            )
                    self._deadline.check()
        except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, ValueError) as error:
            raise CorruptDocumentError(f"has a damaged member {name} ({error})") from None
        return b"".join(parts)


# -------------------------------------------------------------------------------------------- XML


_MAX_SPACES = 16


class _Text(io.StringIO):
    """A text buffer that takes ``append`` as a list does."""

    def append(self, text: str) -> None:
        self.write(text)


class _TextCollector:
    """Runs expat over a part, calling the format's start/end handlers and collecting text."""

    def __init__(self, name: str, deadline: Deadline) -> None:
        self.name = name
        self.deadline = deadline
        # Text is written into one buffer, not kept as a list of pieces: a part of one-character runs made
        # a list of some 60 bytes per character.
        self.parts = _Text()
        self.parser = expat.ParserCreate(namespace_separator=" ")
        self.parser.EntityDeclHandler = self._refuse_entities

    def _refuse_entities(self, *_args: object) -> None:
        raise CorruptDocumentError(f"declares XML entities in {self.name}, which documents never need")

    def run(self, data: bytes) -> str:
        try:
            for start in range(0, len(data), _CHUNK):
                self.parser.Parse(data[start : start + _CHUNK], False)
                self.deadline.check()
            self.parser.Parse(b"", True)
        except expat.ExpatError as error:
            raise CorruptDocumentError(f"has malformed XML in {self.name} ({error})") from None
        return self.parts.getvalue()


def _local(name: str) -> tuple[str, str]:
    namespace, _, local = name.rpartition(" ")
    return namespace, local


def docx_text(data: bytes, budget: int | None, deadline: Deadline) -> str:
    """The body text of a Word document: runs of w:t, tabs and breaks, one line per paragraph."""
    archive = BoundedZip(data, budget, deadline)
    if "word/document.xml" not in archive:
        raise CorruptDocumentError("is a zip archive without word/document.xml, so not a Word document")
    collector = _TextCollector("word/document.xml", deadline)
    depth_in_text = 0

    def start(name: str, _attrs: dict[str, str]) -> None:
        nonlocal depth_in_text
        namespace, local = _local(name)
        if "wordprocessingml" not in namespace:
            return
        if local == "t":
            depth_in_text += 1
        elif local == "tab":
            collector.parts.append("\t")
        elif local in ("br", "cr"):
            collector.parts.append("\n")
        elif local == "noBreakHyphen":
            collector.parts.append("-")

    def end(name: str) -> None:
        nonlocal depth_in_text
        namespace, local = _local(name)
        if "wordprocessingml" not in namespace:
            return
        if local == "t":
            depth_in_text -= 1
        elif local == "p":
            collector.parts.append("\n")

    def characters(text: str) -> None:
        # Only w:t holds visible text: field codes (w:instrText) and deleted runs (w:delText) do not.
        if depth_in_text:
            collector.parts.append(text)

    _wire(collector, start, end, characters)
    return collector.run(archive.read("word/document.xml"))


_ODF_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
_ODF_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
# Parts of an ODF body a reader does not see as running text: comments and the record of deletions.
_ODF_HIDDEN = {(_ODF_OFFICE, "annotation"), (_ODF_TEXT, "tracked-changes"), (_ODF_TEXT, "note-citation")}


def odt_text(data: bytes, budget: int | None, deadline: Deadline) -> str:
    """The body text of an OpenDocument text: one line per paragraph or heading."""
    archive = BoundedZip(data, budget, deadline)
    if "META-INF/manifest.xml" in archive and b"encryption-data" in archive.read("META-INF/manifest.xml"):
        raise EncryptedDocumentError("is password-protected (an encrypted OpenDocument file)")
    if "content.xml" not in archive:
        raise CorruptDocumentError("is a zip archive without content.xml, so not an OpenDocument file")
    collector = _TextCollector("content.xml", deadline)
    in_body = 0
    hidden = 0

    def start(name: str, attrs: dict[str, str]) -> None:
        nonlocal in_body, hidden
        key = _local(name)
        if key == (_ODF_OFFICE, "body"):
            in_body += 1
        elif key in _ODF_HIDDEN:
            hidden += 1
        elif in_body and not hidden and key[0] == _ODF_TEXT:
            if key[1] == "s":  # a run of spaces, counted
                count = attrs.get(f"{_ODF_TEXT} c", "1")
                # cleaning makes any run of spaces one space: a few keep the layout, a thousand per element
                # would make 20 bytes of XML into a kilobyte of text
                collector.parts.append(" " * min(int(count[:6]) if count[:6].isdigit() else 1, _MAX_SPACES))
            elif key[1] == "tab":
                collector.parts.append("\t")
            elif key[1] == "line-break":
                collector.parts.append("\n")

    def end(name: str) -> None:
        nonlocal in_body, hidden
        key = _local(name)
        if key == (_ODF_OFFICE, "body"):
            in_body -= 1
        elif key in _ODF_HIDDEN:
            hidden -= 1
        elif in_body and not hidden and key in ((_ODF_TEXT, "p"), (_ODF_TEXT, "h")):
            collector.parts.append("\n")

    def characters(text: str) -> None:
        if in_body and not hidden:
            collector.parts.append(text)

    _wire(collector, start, end, characters)
    return collector.run(archive.read("content.xml"))


def _wire(
    collector: _TextCollector,
    start: Callable[[str, dict[str, str]], None],
    end: Callable[[str], None],
    characters: Callable[[str], None],
) -> None:
    collector.parser.StartElementHandler = start
    collector.parser.EndElementHandler = end
    collector.parser.CharacterDataHandler = characters
    collector.parser.buffer_text = True


# ------------------------------------------------------------------------------------------- EPUB

_XHTML_TYPES = ("application/xhtml+xml", "text/html")


def _attributes_of(data: bytes, name: str, deadline: Deadline, wanted: set[str]) -> list[tuple[str, dict[str, str]]]:
    """(local name, attributes by local name) of the elements named in ``wanted``, in document order."""
    collector = _TextCollector(name, deadline)
    found: list[tuple[str, dict[str, str]]] = []

    def start(element: str, attrs: dict[str, str]) -> None:
        local = _local(element)[1]
        if local in wanted:
            found.append((local, {_local(key)[1]: value for key, value in attrs.items()}))

    _wire(collector, start, lambda _name: None, lambda _text: None)
    collector.run(data)
    return found


def epub_chapters(data: bytes, budget: int | None, deadline: Deadline) -> list[str]:
    """The XHTML chapters of an EPUB, in reading (spine) order, as markup for the HTML cleaner."""
    archive = BoundedZip(data, budget, deadline)
    if "META-INF/container.xml" not in archive:
        raise CorruptDocumentError("is a zip archive without META-INF/container.xml, so not an EPUB")
    roots = _attributes_of(archive.read("META-INF/container.xml"), "container.xml", deadline, {"rootfile"})
    if not roots or not roots[0][1].get("full-path"):
        raise CorruptDocumentError("names no package document in META-INF/container.xml")
    opf_path = roots[0][1]["full-path"]
    package = _attributes_of(archive.read(opf_path), opf_path, deadline, {"item", "itemref"})
    base = posixpath.dirname(opf_path)
    items = {
        attrs["id"]: (posixpath.normpath(posixpath.join(base, unquote(attrs.get("href", "")))), attrs.get("media-type"))
        for local, attrs in package
        if local == "item" and "id" in attrs
    }
    spine = [attrs["idref"] for local, attrs in package if local == "itemref" and "idref" in attrs]
    chapters = [items[ref][0] for ref in spine if ref in items and items[ref][1] in _XHTML_TYPES]
    if "META-INF/encryption.xml" in archive:
        encrypted = _attributes_of(
            archive.read("META-INF/encryption.xml"), "encryption.xml", deadline, {"CipherReference"}
        )
        locked = {posixpath.normpath(unquote(attrs.get("URI", ""))) for _, attrs in encrypted}
        if locked & set(chapters):  # fonts are often obfuscated; only locked chapters hide the text
            raise EncryptedDocumentError("is encrypted (its chapters are under DRM)")
    return [archive.read(path).decode("utf-8", "replace") for path in chapters if path in archive]


def zip_format(data: bytes) -> Format | None:
    """Which document a zip archive holds, by its members (None: a zip that is none of ours)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
            mimetype = b""
            if "mimetype" in names:
                # Inflated only as far as a mimetype goes: the header's size may lie (a member that claims a
                # few bytes and inflates to a gigabyte), so it is not trusted; a longer member is none of ours.
                with archive.open("mimetype") as member:
                    mimetype = member.read(_MIMETYPE_MAX + 1)
                mimetype = b"" if len(mimetype) > _MIMETYPE_MAX else mimetype.strip()
    except (zipfile.BadZipFile, ValueError, EOFError, NotImplementedError, RuntimeError, zlib.error):
        return None
    if "word/document.xml" in names:
        return Format.DOCX
    if mimetype == b"application/epub+zip" or ("META-INF/container.xml" in names and not mimetype):
        return Format.EPUB
    if mimetype in _ODF_TEXT_MIMETYPES or (not mimetype and "content.xml" in names):
        return Format.ODT
    return None
