"""JSON written a piece at a time: the text ``json_text`` (``json.dumps(document, ensure_ascii=False,
indent=N)`` made safe by ``json_safe``) would write, with the document's long lists given as iterators of their
items' texts, so the whole document is never held, as objects nor as text (a million files' report: gigabytes).

``json_safe`` escapes single characters, so the pieces made safe one by one join to the whole text made safe.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping

from simcompare.core.formats.names import json_safe

__all__ = ["PIECE", "document_pieces", "dumps_at", "list_pieces", "member_pieces"]

PIECE = 500
"""Items (records, groups, pairs) to a piece of the text: under 1 MB."""


def dumps_at(value: object, depth: int, indent: int) -> str:
    """``value`` as ``json.dumps(..., ensure_ascii=False, indent=indent)`` writes it ``depth`` levels down in a
    larger document (not yet made safe)."""
    return json.dumps(value, ensure_ascii=False, indent=indent).replace("\n", "\n" + " " * (indent * depth))


def list_pieces(items: Iterable[str], depth: int, indent: int) -> Iterator[str]:
    """A list ``depth`` levels down (1: the value of a key of the document), made safe, from its items' texts a
    level further down (:func:`dumps_at` at ``depth + 1``), ``PIECE`` items to a piece."""
    inner, outer = "\n" + " " * (indent * (depth + 1)), "\n" + " " * (indent * depth)
    batch: list[str] = []
    started = False
    for item in items:
        batch.append(item)
        if len(batch) >= PIECE:
            yield json_safe(("[" + inner if not started else "," + inner) + ("," + inner).join(batch))
            started = True
            batch = []
    if batch:
        yield json_safe(("[" + inner if not started else "," + inner) + ("," + inner).join(batch))
        started = True
    yield outer + "]" if started else "[]"


def document_pieces(head: Mapping[str, object], lists: Mapping[str, Iterable[str]], indent: int) -> Iterator[str]:
    """The object ``head`` at the top of a document, made safe (:func:`member_pieces`). No newline at the end, as
    ``json.dumps`` writes none."""
    yield "{"
    yield from member_pieces(head, lists, indent)
    yield "\n}" if head else "}"


def member_pieces(head: Mapping[str, object], lists: Mapping[str, Iterable[str]], indent: int) -> Iterator[str]:
    """The members of the object ``head`` at the top of a document, made safe, its keys in order, between its
    braces (a document that goes on after them writes its own); the value of a key in ``lists`` is the list of the
    items' texts given there (:func:`dumps_at` at depth 2), whatever ``head`` holds for it."""
    pad = "\n" + " " * indent
    first = True
    for key, value in head.items():
        yield json_safe(("" if first else ",") + pad + json.dumps(key, ensure_ascii=False) + ": ")
        first = False
        items = lists.get(key)
        if items is not None:
            yield from list_pieces(items, 1, indent)
        else:
            yield json_safe(dumps_at(value, 1, indent))
