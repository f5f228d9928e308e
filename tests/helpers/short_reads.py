"""Files read as a pipe or a network file system may give them, for the results reader's tests."""

from __future__ import annotations

import io
from typing import Any

import pytest

from simcompare.core.formats import json_parts


class ShortReads(io.BytesIO):
    """A file whose reads give at most ``json_parts._READ`` bytes (a test's piece), whatever was asked: as a pipe or
    a network file system may, and so that pieces end at every byte."""

    def read(self, size: int | None = -1, /) -> bytes:
        if size is None or size < 0 or size > json_parts._READ:
            size = json_parts._READ
        return super().read(size)


def not_whole(self: Any) -> str:
    """In place of ``json_parts._Source.whole``: the whole text is not to be read again."""
    raise AssertionError("json.loads read the whole text")


def held_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The bytes the reader's source holds after each read, from now on."""
    held: list[int] = []
    real = json_parts._Source._load

    def load(self: Any, end: int) -> None:
        real(self, end)
        held.append(len(self._data))

    monkeypatch.setattr(json_parts._Source, "_load", load)
    return held
