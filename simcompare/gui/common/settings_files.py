"""The preferences files QSettings reads, checked before it reads them: it opens whatever is at their path and
reads it whole, so a FIFO there would hang the window before it shows and a file of gigabytes would fill memory.
Such a file is left as it is, and this run keeps its preferences in a folder of its own (removed at exit).
"""

from __future__ import annotations

import atexit
import os
import shutil
import stat
import sys
import tempfile

from simcompare.core.formats.names import display_name
from simcompare.core.text.reading import kind_of

__all__ = ["guard_settings_files", "settings_problems"]

MOST_BYTES = 16 << 20
"""A preferences file larger than this is not ours (ours are a few kilobytes)."""

_PROBLEMS: list[str] = []


def settings_problems() -> list[str]:
    """What :func:`guard_settings_files` found wrong (empty when the files were fine), to be said once: each
    a file's path and what is wrong with it."""
    return list(_PROBLEMS)


def _config_folders() -> tuple[list[str], list[str]]:
    """The folders QSettings may look in on Unix (freedesktop.org's): the user's, then the system's. Every
    candidate is named: Qt's own answer, an absolute ``XDG_CONFIG_HOME`` (a relative one is ignored, as Qt ignores
    it), and ``.config`` under the home as Python and as Qt find it (``/`` when ``HOME`` is unset)."""
    from PySide6.QtCore import QDir, QStandardPaths

    configured = os.environ.get("XDG_CONFIG_HOME", "")
    user = [
        QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation),
        configured if os.path.isabs(configured) else "",
        os.path.join(os.path.expanduser("~"), ".config"),
        os.path.join(QDir.homePath() or "/", ".config"),
        os.path.join(os.environ.get("HOME") or "/", ".config"),
    ]
    system = [d for d in (os.environ.get("XDG_CONFIG_DIRS") or "/etc/xdg").split(":") if os.path.isabs(d)]
    system += QStandardPaths.standardLocations(QStandardPaths.StandardLocation.GenericConfigLocation)
    return list(dict.fromkeys(u for u in user if u)), list(dict.fromkeys(system))


def _problem(path: str) -> str:
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return ""
    except OSError as error:
        return f"{display_name(path)} cannot be looked at ({error.strerror or error})"
    if not stat.S_ISREG(info.st_mode):
        return f"{display_name(path)} is not a regular file ({kind_of(info.st_mode)})"
    if info.st_size > MOST_BYTES:
        return f"{display_name(path)} is {info.st_size:,} bytes, far more than preferences hold"
    return ""


def guard_settings_files(organization: str, application: str) -> list[str]:
    """Check the files QSettings would read for ``organization`` and ``application``; where one cannot be read
    safely, point QSettings (every scope, native and INI formats) at an empty folder of this run's own, so no
    preference is read from or written to it. Returns the problems (also kept for :func:`settings_problems`).

    Windows (the registry) and macOS (property lists read by the system) are left to Qt."""
    from PySide6.QtCore import QSettings

    if sys.platform.startswith("win") or sys.platform == "darwin":
        return []
    user, system = _config_folders()
    # ours, and Qt's own (its file dialogs read QtProject.conf); each with the lock file saving reads first
    files = (os.path.join(organization, f"{application}.conf"), f"{organization}.conf", "QtProject.conf")
    names = [n for name in files for n in (name, f"{name}.lock")]
    problems = [p for folder in (*user, *system) for name in names if (p := _problem(os.path.join(folder, name)))]
    if not problems:
        return []
    scratch = tempfile.mkdtemp(prefix="simcompare-settings-")
    atexit.register(shutil.rmtree, scratch, True)
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        for form in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
            QSettings.setPath(form, scope, os.path.join(scratch, scope.name))
    _PROBLEMS[:] = problems
    print(f"simcompare: {'; '.join(problems)}; preferences are neither read nor saved this time", file=sys.stderr)
    return problems
