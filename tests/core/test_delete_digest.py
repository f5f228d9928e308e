"""A permanent delete compares the file's bytes with the scan's digest of them: an edit that kept the size and
the modification time (``touch -r``, ``cp -p``, an archive restoring times) is kept, not deleted."""

from __future__ import annotations

import os
from pathlib import Path

from simcompare.core.folder.replace import delete_scanned
from simcompare.core.folder.safe_paths import Expected, SkipReason
from simcompare.core.folder.scan import raw_digest


def _expected(root: Path, name: str) -> Expected:
    info = os.stat(root / name)
    return Expected(name, info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


def test_an_edit_keeping_size_and_time_is_kept(tmp_path: Path) -> None:
    (tmp_path / "same.txt").write_bytes(b"the scanned words\n")
    (tmp_path / "edited.txt").write_bytes(b"the scanned words\n")
    digests = {name: raw_digest(b"the scanned words\n") for name in ("same.txt", "edited.txt")}
    files = [_expected(tmp_path, "same.txt"), _expected(tmp_path, "edited.txt")]
    edited = tmp_path / "edited.txt"
    before = os.stat(edited)
    edited.write_bytes(b"THE scanned words\n")
    os.utime(edited, ns=(before.st_atime_ns, before.st_mtime_ns))
    report = delete_scanned(str(tmp_path), files, digests=digests)
    assert [o.ok for o in report.outcomes] == [True, False]
    assert report.outcomes[1].skipped is SkipReason.CHANGED and "bytes changed" in report.outcomes[1].error
    assert not (tmp_path / "same.txt").exists() and edited.read_bytes() == b"THE scanned words\n"


def test_without_digests_a_delete_is_as_before(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"words\n")
    report = delete_scanned(str(tmp_path), [_expected(tmp_path, "a.txt")])
    assert report.outcomes[0].ok and not (tmp_path / "a.txt").exists()
