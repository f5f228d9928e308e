"""A trash, move or delete leaves alone a file a symbolic link of the scanned folder points at: taken away, the
link would lead nowhere. The case it is for: copies replaced by links to their reference, and that reference
chosen for the trash later (another reference chosen, or another scan's groups)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.texts import EN_A

from simcompare.cli.clean import EXIT_SKIPPED
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.actions import expected_of, move_scanned, trash_scanned
from simcompare.core.folder.replace import delete_scanned
from simcompare.core.folder.safe_paths import SkipReason
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.folder.skipped import SkipReason as Passed
from simcompare.core.formats.results import read_results, save_results


def _folder(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    (root / "sub").mkdir(parents=True)
    (root / "reference.txt").write_text(EN_A, encoding="utf-8")
    (root / "other.txt").write_text(EN_A + " An edit.", encoding="utf-8")
    (root / "alone.txt").write_text("nothing points at this one", encoding="utf-8")
    os.symlink("../reference.txt", root / "sub" / "copy.txt")  # a copy replaced by a link to its reference
    os.symlink(str(root / "gone.txt"), root / "broken.txt")  # leads nowhere: passed over
    return root


@pytest.mark.parametrize("action", ["trash", "move", "delete"])
def test_a_file_a_link_points_at_stays_and_the_others_go(tmp_path: Path, action: str) -> None:
    root = _folder(tmp_path)
    result = scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True))
    assert set(result.symlinks) == {"sub/copy.txt", "broken.txt"}
    files = [expected_of(f) for f in result.files if f.path in ("reference.txt", "alone.txt")]
    links = result.symlinks
    if action == "trash":
        report = trash_scanned(str(root), files, lambda path: os.remove(path), links=links)
    elif action == "move":
        report = move_scanned(str(root), files, str(tmp_path / "away"), links=links)
    else:
        report = delete_scanned(str(root), files, links=links)
    by_path = {o.path: o for o in report.outcomes}
    kept = by_path["reference.txt"]
    assert not kept.ok and kept.skipped is SkipReason.LINKED_TO and "sub/copy.txt" in kept.error
    assert by_path["alone.txt"].ok and not (root / "alone.txt").exists()
    assert (root / "sub" / "copy.txt").read_text(encoding="utf-8") == EN_A  # the link still leads to the words


def test_without_the_links_the_file_goes_as_before(tmp_path: Path) -> None:
    root = _folder(tmp_path)
    result = scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True))
    files = [expected_of(f) for f in result.files if f.path == "reference.txt"]
    report = trash_scanned(str(root), files, lambda path: os.remove(path))
    assert report.outcomes[0].ok and not (root / "sub" / "copy.txt").exists()  # the link dangles


def test_a_link_made_into_something_else_since_the_scan_protects_nothing(tmp_path: Path) -> None:
    """The links are looked at when the action starts: one replaced by a file, or pointed elsewhere, no longer
    holds the file back; a link path out of rule is passed over."""
    root = _folder(tmp_path)
    result = scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True))
    (root / "sub" / "copy.txt").unlink()
    os.symlink("../alone.txt", root / "sub" / "copy.txt")
    files = [expected_of(f) for f in result.files if f.path in ("reference.txt", "alone.txt")]
    links = (*result.symlinks, "../outside.txt", "/etc/passwd", "a\x00b")
    report = trash_scanned(str(root), files, lambda path: os.remove(path), links=links)
    by_path = {o.path: o for o in report.outcomes}
    assert by_path["reference.txt"].ok
    assert by_path["alone.txt"].skipped is SkipReason.LINKED_TO


def test_the_command_line_leaves_a_file_a_link_points_at(tmp_path: Path) -> None:
    root = _folder(tmp_path)
    (root / "other.txt").unlink()
    (root / "copy2.txt").write_text(EN_A + " An edit.", encoding="utf-8")
    command = ["scan", str(root), "--segmenter", "words", "--workers", "1"]
    done = subprocess.run(
        [sys.executable, "-m", "simcompare", *command, "--mark", "all-but-shortest-path", "--trash", "--yes"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "HOME": str(tmp_path / "home")},
        check=False,
    )
    assert done.returncode == EXIT_SKIPPED, done.stderr  # some files were left alone: the status says so
    assert (root / "reference.txt").exists() and (root / "sub" / "copy.txt").read_text(encoding="utf-8") == EN_A
    assert "symbolic link sub/copy.txt points at it" in done.stdout


def test_saved_results_keep_the_links_and_refuse_bad_ones(tmp_path: Path) -> None:
    root = _folder(tmp_path)
    session = FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    saved = tmp_path / "results.json"
    save_results(saved, session, session.groups(12), 12)
    assert set(read_results(saved).result.symlinks) == {"sub/copy.txt", "broken.txt"}
    data = json.loads(saved.read_text(encoding="utf-8"))
    for bad, said in (("../outside.txt", "symlinks[0]"), (7, "symlinks[0]"), ("/etc/passwd", "symlinks[0]")):
        data["symlinks"] = [bad]
        saved.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(ValueError, match=re.escape(said)):
            read_results(saved)
    data["symlinks"] = "sub/copy.txt"
    saved.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match="'symlinks' must be a list"):
        read_results(saved)


def test_cancel_stops_looking_at_the_links_and_nothing_is_acted_on(tmp_path: Path) -> None:
    """Many links are looked at before the first file (each where it leads now): Cancel is heard meanwhile, the
    looking stops, and every file is reported left alone (not reached), none acted on."""
    import threading

    from simcompare.core.folder.actions import pointed_at

    root = _folder(tmp_path)
    for n in range(600):
        os.symlink("../reference.txt" if n % 2 else "../other.txt", root / "sub" / f"link{n}.txt")
    result = scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True))
    assert len(result.symlinks) > 600
    assert len(pointed_at(str(root), result.symlinks)) == 2  # every link looked at: two files led to
    cancel = threading.Event()
    cancel.set()
    assert pointed_at(str(root), result.symlinks, cancel) == {}  # stopped before the first
    files = [expected_of(f) for f in result.files]
    report = trash_scanned(str(root), files, lambda path: os.remove(path), links=result.symlinks, cancel=cancel)
    assert {o.skipped for o in report.outcomes} == {SkipReason.CANCELLED} and len(report.outcomes) == len(files)
    assert all((root / f.path).exists() for f in result.files)


@pytest.mark.parametrize("action", ["trash", "move", "delete"])
def test_a_folder_a_link_leads_to_is_not_removed_when_emptied(tmp_path: Path, action: str) -> None:
    """Removing the folders an action emptied leaves one a symbolic link of the scan leads to (the link would lead
    nowhere); the other emptied folders go as before."""
    root = tmp_path / "docs"
    for folder in ("kept", "plain"):
        (root / folder).mkdir(parents=True)
        (root / folder / "copy.txt").write_text(EN_A + f" {folder}", encoding="utf-8")
    (root / "reference.txt").write_text(EN_A, encoding="utf-8")
    os.symlink("kept", root / "latest")  # a link to a folder
    result = scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True))
    assert "latest" in result.symlinks
    files = [expected_of(f) for f in result.files if f.path.endswith("copy.txt")]
    kwargs = {"links": result.symlinks, "remove_empty": True}
    if action == "trash":
        report = trash_scanned(str(root), files, lambda path: os.remove(path), **kwargs)
    elif action == "move":
        report = move_scanned(str(root), files, str(tmp_path / "away"), **kwargs)
    else:
        report = delete_scanned(str(root), files, **kwargs)
    assert all(o.ok for o in report.outcomes)
    assert report.removed_folders == ("plain",)
    assert (root / "kept").is_dir() and (root / "latest").resolve() == (root / "kept").resolve()


def test_a_link_whose_name_is_excluded_still_keeps_what_it_points_at(tmp_path: Path) -> None:
    """A hidden link (".latest", excluded by default like every hidden name) is remembered as a link all the
    same: trashing what it leads to would leave it leading nowhere. A hidden file that is no link stays excluded."""
    root = _folder(tmp_path)
    (root / "sub" / "copy.txt").unlink()
    os.symlink("reference.txt", root / ".latest")
    (root / ".notes.txt").write_text("hidden, not a link", encoding="utf-8")
    result = scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True))
    assert ".latest" in result.symlinks
    reasons = {s.path: s.reason for s in result.skipped}
    assert reasons[".notes.txt"] is Passed.EXCLUDED and reasons[".latest"] is Passed.SYMLINK
    files = [expected_of(f) for f in result.files if f.path == "reference.txt"]
    report = trash_scanned(str(root), files, lambda path: os.remove(path), links=result.symlinks)
    assert report.outcomes[0].skipped is SkipReason.LINKED_TO and ".latest" in report.outcomes[0].error
    assert (root / ".latest").read_text(encoding="utf-8") == EN_A
