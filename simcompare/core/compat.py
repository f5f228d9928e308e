"""Small shims so the core runs on Python 3.10 as well as later versions."""

from __future__ import annotations

import enum
import sys

if sys.version_info >= (3, 11):
    StrEnum = enum.StrEnum
else:  # pragma: no cover - exercised on 3.10 only

    class StrEnum(str, enum.Enum):
        """A string-valued enum whose str() is its value, as enum.StrEnum gives on 3.11."""

        def __str__(self) -> str:
            return str(self.value)
