"""Hostile 49 through the command line: large results kept as read (``results_cache``) by ``scan --results``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from helpers.kept_results import made_up_records

REPO = Path(__file__).resolve().parents[2]

_SCAN_RESULTS = """
import sys
sys.path.insert(0, {repo!r})
from simcompare.core.formats import results_cache
results_cache.WORTH_BYTES = 0  # these results are worth keeping (as 32 MB ones are)
from simcompare.cli import main
sys.exit(main(["scan", "--results", sys.argv[1]]))
"""


def _made_up_results(tmp_path: Path, count: int) -> Path:
    """Results of ``count`` made-up records (none of them on disk), no groups: ``scan --results`` is quick."""
    root = tmp_path / "made-up"
    root.mkdir()
    from simcompare.core.fingerprint.simhash import Config
    from simcompare.core.folder.scan import ScanOptions, scan
    from simcompare.core.folder.session import FolderSession
    from simcompare.core.formats.results import results_text

    session = FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    data = json.loads(results_text(session, [], 12))
    data.pop("boilerplate", None)
    data.pop("files", None)
    data["records"] = made_up_records(count)
    saved = tmp_path / "R.json"
    saved.write_text(json.dumps(data, indent=1) + "\n", encoding="ascii")
    return saved


def test_scan_results_ends_while_keeping_and_leaves_its_temporary_file(tmp_path: Path) -> None:
    """MEDIUM. ``scan --results R.json`` reads large results (kept as read: ``results_cache.keep`` starts a daemon
    thread) and ends without ``results_cache.wait()`` (only ``--save-results`` waits). The interpreter kills the
    daemon thread mid-write: a ``.<dev>-<ino>.opened.<random>.tmp`` (1.2 GB for a million files) is left in the
    cache folder, removed only by a later keeping, and only once it is an hour old; nothing is kept either, so
    every such run pays the keeping and leaves another. The window has the same gap (nothing waits when it quits
    right after opening or saving large results). Mend: wait for the keeping threads at exit (atexit, or in
    ``main`` and in the window's close), or make the writer non-daemon."""
    saved = _made_up_results(tmp_path, 70_000)
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    script = _SCAN_RESULTS.format(repo=str(REPO))
    done = subprocess.run(
        [sys.executable, "-c", script, str(saved)], capture_output=True, text=True, env=env, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr[-500:]
    folder = tmp_path / "cache" / "simcompare" / "opened-results"
    left = [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] if folder.is_dir() else []
    assert left == [], f"left behind in the cache folder: {left}"
