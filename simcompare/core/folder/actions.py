"""What the cleaner does to files, and the log of it: move to the trash, move to a folder.

Nothing here overwrites a file: a move to a folder keeps each file's path relative to the scanned folder
and, where that name is taken, picks a free one ("name (2).txt"). Every action is appended to a log in
the user's data folder, one line per file, so the user can always find where a file went. A file that
could not be moved stays where it was and is reported with the reason.
"""

from __future__ import annotations

import datetime as _dt
import os
import shutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from simcompare.core.compat import StrEnum
from simcompare.core.folder.session import default_data_path
from simcompare.core.formats.names import escape_name

__all__ = ["ActionKind", "ActionLog", "Outcome", "free_name", "move_keeping_paths", "trash_files"]


class ActionKind(StrEnum):
    TRASH = "trash"
    MOVE = "move"


@dataclass(frozen=True, slots=True)
class Outcome:
    """One file's fate: moved to ``target`` (empty for the trash), or left in place with ``error``.

    ``error`` is the system's English words (what the action log keeps); ``errno`` its number, which a
    window says in its own language.
    """

    source: str
    target: str = ""
    error: str = ""
    errno: int | None = None

    @property
    def ok(self) -> bool:
        return not self.error


def free_name(path: Path) -> Path:
    """``path`` if nothing is there, else the first free ``stem (n).suffix`` beside it."""
    if not os.path.lexists(path):
        return path
    n = 2
    while True:
        candidate = path.with_name(f"{path.stem} ({n}){path.suffix}")
        if not os.path.lexists(candidate):
            return candidate
        n += 1


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def move_keeping_paths(root: str, relative_paths: Iterable[str], destination: str) -> list[Outcome]:
    """Move files (paths relative to ``root``, / separated) under ``destination``, keeping those paths.

    Raises:
        ValueError: the destination is the scanned folder itself (files would move onto themselves).
    """
    base = Path(destination)
    if base.resolve() == Path(root).resolve():
        raise ValueError("choose a destination other than the scanned folder itself")
    outcomes = []
    for rel in relative_paths:
        source = Path(root, *rel.split("/"))
        try:
            if not source.is_file():
                raise FileNotFoundError(2, "no such file (moved or deleted since the scan)", str(source))
            target = free_name(base.joinpath(*rel.split("/")))
            target.parent.mkdir(parents=True, exist_ok=True)
            # shutil.move copies then deletes across file systems; the target is free, so nothing is replaced
            shutil.move(str(source), str(target))
        except OSError as error:
            outcomes.append(Outcome(str(source), "", _reason(error), error.errno))
        else:
            outcomes.append(Outcome(str(source), str(target)))
    return outcomes


def trash_files(paths: Iterable[str], trash: Callable[[str], None]) -> list[Outcome]:
    """Send absolute ``paths`` to the trash with ``trash(path)`` (send2trash in the window)."""
    outcomes = []
    for path in paths:
        try:
            trash(path)
        except OSError as error:
            outcomes.append(Outcome(path, "", _reason(error), error.errno))
        else:
            outcomes.append(Outcome(path))
    return outcomes


class ActionLog:
    """Appends one tab-separated line per file: time, action, result, source, target or reason.

    Each field is written as ``simcompare.core.formats.names.escape_name`` writes it (a backslash as
    ``\\\\``, a tab as ``\\t``, a byte that is not UTF-8 as ``\\xNN`` …); ``unescape_name`` reads it back.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_data_path() / "actions.log"

    def write(self, kind: ActionKind | str, outcomes: Iterable[Outcome]) -> None:
        """Append the outcomes (raises OSError when the data folder cannot be written)."""
        when = _dt.datetime.now().astimezone().isoformat(timespec="seconds")
        lines = [
            "\t".join(
                _field(f)
                for f in (when, str(kind), "ok" if o.ok else "failed", o.source, o.target if o.ok else o.error)
            )
            for o in outcomes
        ]
        if not lines:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as out:
            out.write("\n".join(lines) + "\n")


def _field(text: str) -> str:
    """One log field on one line, in UTF-8: a tab, newline or other control character in a file name (legal
    on Linux) and a byte that is not UTF-8 are written escaped, so ``unescape_name`` reads the field back."""
    return escape_name(text)
