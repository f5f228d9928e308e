"""`simcompare scan A B --reference R --exclude X`: the folders a scan reads, each with its role.

Every DIR is a normal folder; ``--reference R`` adds a folder whose files are always their group's reference
and never marked; ``--exclude`` takes a folder when its value holds a path separator (``./X``, ``A/X``,
``/abs/X``): that folder and everything under it is not read. A bare name given to ``--exclude`` stays a
glob matched against every folder and file name, as before (a glob with a separator never matched a name).
"""

from __future__ import annotations

import argparse
import os

from simcompare.cli.options import UsageError
from simcompare.core.folder.roots import RootPlan, RootRole
from simcompare.core.formats.names import display_name


def add_root_options(parser: argparse.ArgumentParser) -> None:
    """``DIR…`` and ``--reference DIR`` (``--exclude`` is the scan's own option, read by :func:`split_excludes`)."""
    parser.add_argument("folders", metavar="DIR", nargs="*", help="folders to scan (several: their files together)")
    parser.add_argument(
        "--reference",
        action="append",
        default=[],
        metavar="DIR",
        help="also scan this folder; its files are always their group's reference and never marked",
    )


def is_folder_value(value: str) -> bool:
    """An ``--exclude`` value that names a folder (it holds a path separator) rather than a name glob."""
    return "/" in value or os.sep in value or (os.altsep is not None and os.altsep in value)


def split_excludes(values: list[str] | None) -> tuple[list[str] | None, list[str]]:
    """``--exclude`` values as (name globs, or None when none was given; excluded folders)."""
    if values is None:
        return None, []
    folders = [v for v in values if is_folder_value(v)]
    globs = [v for v in values if not is_folder_value(v)]
    return (globs if globs or not folders else None), folders


def roots_from(args: argparse.Namespace, excluded: list[str]) -> list[tuple[str, RootRole]] | str:
    """The roots the arguments name: one folder alone as a path (a scan as it always was), else the list."""
    roots = [(f, RootRole.NORMAL) for f in args.folders]
    roots += [(f, RootRole.REFERENCE) for f in args.reference]
    for folder in excluded:
        if not os.path.isdir(folder):
            raise UsageError(f"--exclude {display_name(folder)}: no such folder (a value with a / names a folder)")
        roots.append((folder, RootRole.EXCLUDED))
    if len(roots) == 1:
        return roots[0][0]
    return roots


def shown(plan: RootPlan, path: str) -> str:
    """A file's path as the command line prints it: relative to its root, ``[root] path`` with several roots."""
    label, inner = plan.shown(path)
    return f"[{display_name(label)}] {display_name(inner)}" if label else display_name(inner)
