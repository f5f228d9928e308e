"""Several folders scanned as one: each a root with a role, chosen before the scan.

A *normal* root is scanned and its files may be marked; a *reference* root is scanned and its files are always
their group's reference when they can be, and never marked; an *excluded* root is not entered, nor anything
under it (a normal or reference root inside it is still scanned: the innermost root decides).

One scan of several roots is one result: its ``root`` is the deepest folder that holds every scanned root (their
common folder), and every file's path is relative to it, so everything that reaches a file under the scanned
folder (the cleaner's identity checks, saved results, the not-duplicates list) works as for one folder. Each
file belongs to the innermost root that holds it (:meth:`RootPlan.root_of`), and is shown relative to that root
with the root named (:meth:`RootPlan.shown`). With one normal root, nothing differs from a scan of one folder.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from simcompare.core.compat import StrEnum, resolved
from simcompare.core.errors import InputError

__all__ = [
    "MAX_ROOTS",
    "RootPlan",
    "RootRole",
    "ScanRoot",
    "common_folder",
    "not_a_folder",
    "plan_of",
    "plan_roots",
    "resolved_root",
    "root_label",
    "with_reference_roots",
]

MAX_ROOTS = 1_000
"""More roots than this in one scan (or a results file) are refused."""


class RootRole(StrEnum):
    """What a scan does with a root's files."""

    NORMAL = "normal"
    REFERENCE = "reference"
    EXCLUDED = "excluded"


@dataclass(frozen=True, slots=True)
class ScanRoot:
    """A root: an absolute, normalised folder path and its role.

    Raises:
        TypeError: ``path`` is not a string or ``role`` not a role's name.
        ValueError: ``path`` is not absolute and normalised.
    """

    path: str
    role: RootRole = RootRole.NORMAL

    def __post_init__(self) -> None:
        if not isinstance(self.path, str):
            raise TypeError(f"a root's path must be a string, got {type(self.path).__name__}")
        if not os.path.isabs(self.path) or os.path.normpath(self.path) != self.path or "\x00" in self.path:
            raise ValueError(f"a root must be an absolute, normalised folder path, got {self.path!r}")
        try:
            object.__setattr__(self, "role", RootRole(self.role))
        except ValueError:
            choices = ", ".join(r.value for r in RootRole)
            raise ValueError(f"a root's role must be one of {choices}, got {self.role!r}") from None

    @property
    def scanned(self) -> bool:
        """True for a root whose files are read (normal or reference)."""
        return self.role is not RootRole.EXCLUDED


def _inside(path: str, folder: str) -> bool:
    """``path`` is ``folder`` or below it (both absolute and normalised)."""
    if path == folder:
        return True
    prefix = folder if folder.endswith(os.sep) else folder + os.sep
    return path.startswith(prefix)


def common_folder(paths: Sequence[str]) -> str:
    """The deepest folder holding every path (absolute and normalised).

    Raises:
        ValueError: no path, or paths on different drives (Windows), which have no common folder.
    """
    if not paths:
        raise ValueError("a scan needs at least one folder to scan")
    try:
        return os.path.commonpath(list(paths))
    except ValueError:
        raise ValueError("the folders are on different drives; scan each drive on its own") from None


@dataclass(frozen=True, slots=True)
class RootPlan:
    """The roots of one scan, resolved, each once, with their common folder ``base``.

    ``roots`` is empty for a scan of one folder as before (``base`` is that folder).
    """

    base: str
    roots: tuple[ScanRoot, ...] = ()

    @property
    def several(self) -> bool:
        """True when files are shown with their root's name (several scanned roots, or a reference one)."""
        scanned = [r for r in self.roots if r.scanned]
        return len(scanned) > 1 or any(r.role is RootRole.REFERENCE for r in scanned)

    def scanned(self) -> list[ScanRoot]:
        """The roots whose files are read, in the order given."""
        return [r for r in self.roots if r.scanned] or [ScanRoot(self.base)]

    def relative(self, root: ScanRoot) -> str:
        """A root's path relative to ``base`` ('' for the base itself), with / separators."""
        if root.path == self.base:
            return ""
        return os.path.relpath(root.path, self.base).replace(os.sep, "/")

    def root_of(self, path: str, *, below: bool = False) -> ScanRoot | None:
        """The innermost root holding a file (``path`` relative to ``base``); None when none does.

        With ``below``, only a root that ``path`` lies below (not the root itself: an excluded folder is shown
        in the root it lies in).
        """
        best: ScanRoot | None = None
        best_length = -1
        for root in self.roots or (ScanRoot(self.base),):
            rel = self.relative(root)
            holds = not rel or path.startswith(rel + "/") or (path == rel and not below)
            if holds and len(rel) > best_length:
                best, best_length = root, len(rel)
        return best

    def role_of(self, path: str) -> RootRole | None:
        """The role of a file's innermost root (None when no root holds it)."""
        root = self.root_of(path)
        return None if root is None else root.role

    def shown(self, path: str) -> tuple[str, str]:
        """A file as shown: (its root's name, or '' with one root; its path relative to that root)."""
        if not self.several:
            return "", path
        root = self.root_of(path, below=True)
        if root is None:
            return "", path
        rel = self.relative(root)
        inner = path[len(rel) + 1 :] if rel else path
        return root_label(root.path), inner

    def reference_folders(self) -> list[str]:
        """The reference roots' absolute paths (the cleaner keeps their files as references)."""
        return [r.path for r in self.roots if r.role is RootRole.REFERENCE]

    def check_records(self, paths: Iterable[str]) -> str:
        """'' when every path (relative to ``base``) lies under a scanned root; else what is wrong with the first."""
        if not self.roots:
            return ""
        for path in paths:
            root = self.root_of(path)
            if root is None:
                return f"{path!r} lies under none of the scanned folders"
            if not root.scanned:
                return f"{path!r} lies under the excluded folder {root.path!r}"
        return ""


def with_reference_roots(folders: Sequence[str], roots: Sequence[ScanRoot]) -> tuple[str, ...]:
    """The reference folders a result's groups are made with: the user's, then its reference roots."""
    extra = [r.path for r in roots if r.role is RootRole.REFERENCE and r.path not in folders]
    return (*folders, *extra)


def root_label(path: str) -> str:
    """A root's short name: its last part (the whole path for a drive or /)."""
    return Path(path).name or path


def not_a_folder(path: str | os.PathLike[str]) -> InputError:
    """The error for a folder to scan that is none: a file or something else there, or nothing at all."""
    return InputError(f"{os.fspath(path)} {'is not a folder' if os.path.lexists(path) else 'does not exist'}")


def resolved_root(path: str | os.PathLike[str]) -> Path:
    """A folder to scan, its links followed; one reached through a symbolic link loop is an input error."""
    try:
        return resolved(path)
    except OSError:
        raise InputError(f"{os.fspath(path)} cannot be reached: a symbolic link loop") from None


def plan_roots(roots: Sequence[ScanRoot | tuple[str | os.PathLike[str], RootRole | str]]) -> RootPlan:
    """The plan of a scan of ``roots`` (paths may be relative or reach through links: they are resolved).

    A root given twice (the same folder by two names) is scanned once, with the role first given to it.

    Raises:
        InputError: a root that is not a folder, no scanned root, too many roots, or roots on different drives.
    """
    if len(roots) > MAX_ROOTS:
        raise InputError(f"at most {MAX_ROOTS:,} folders may be scanned at once, got {len(roots):,}")
    resolved: list[ScanRoot] = []
    seen: set[str] = set()
    for given in roots:
        raw, role = (given.path, given.role) if isinstance(given, ScanRoot) else given
        path = resolved_root(raw)
        if not path.is_dir():
            raise not_a_folder(raw)
        key = os.path.normcase(str(path))
        if key in seen:
            continue
        seen.add(key)
        resolved.append(ScanRoot(str(path), RootRole(role)))
    scanned = [r.path for r in resolved if r.scanned]
    if not scanned:
        raise InputError("no folder to scan: every folder given is excluded; give at least one normal folder")
    try:
        base = common_folder(scanned)
    except ValueError as error:
        raise InputError(str(error)) from None
    if len(resolved) == 1 and resolved[0].role is RootRole.NORMAL:
        return RootPlan(base)  # one folder: as it always was
    # An excluded root outside every scanned one excludes nothing: it is dropped.
    kept = tuple(r for r in resolved if r.scanned or any(_inside(r.path, s) for s in scanned))
    return RootPlan(base, kept)


def plan_of(base: str, roots: Sequence[ScanRoot]) -> RootPlan:
    """The plan of a result's saved roots (already resolved), checked as untrusted input.

    Raises:
        ValueError: too many roots, a root given twice, no scanned root, a root outside ``base``, or a
            ``base`` that is not the common folder of the scanned roots.
    """
    if len(roots) > MAX_ROOTS:
        raise ValueError(f"at most {MAX_ROOTS:,} roots, got {len(roots):,}")
    if not roots:
        return RootPlan(base)
    paths = [r.path for r in roots]
    if len(set(paths)) != len(paths):
        raise ValueError("a root is listed twice; each folder must be listed once")
    scanned = [r.path for r in roots if r.scanned]
    if not scanned:
        raise ValueError("no scanned root: at least one must be normal or reference")
    for root in roots:
        if not _inside(root.path, base):
            raise ValueError(f"the root {root.path!r} is not inside the scanned folder {base!r}")
    if common_folder(scanned) != base:
        raise ValueError(f"the scanned folder {base!r} must be the common folder of the scanned roots")
    return RootPlan(base, tuple(roots))
