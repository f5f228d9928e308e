"""One confirmed action as a frozen plan (core/folder/plan.py): what the window and the command line both run."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from helpers.texts import EN_A, OTHER

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.actions import ActionKind, ActionLog, expected_of
from simcompare.core.folder.cleaning_lock import cleaning_lock
from simcompare.core.folder.plan import ActionPlan, carry_out, run_plan
from simcompare.core.folder.safe_paths import SkipReason
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.progress import NO_PROGRESS


@pytest.fixture
def session(tmp_path: Path) -> FolderSession:
    root = tmp_path / "docs"
    root.mkdir()
    for name, text in (("a.txt", EN_A), ("b.txt", EN_A), ("c.txt", EN_A), ("other.txt", OTHER)):
        (root / name).write_text(text, encoding="utf-8")
    return FolderSession(scan(str(root), Config(), ScanOptions(workers=1, in_process=True)))


def plan_of(session: FolderSession, kind: ActionKind, paths: list[str], tmp_path: Path, **more: object) -> ActionPlan:
    index = {record.path: i for i, record in enumerate(session.files)}
    files = tuple(expected_of(session.files[index[p]]) for p in paths)
    keeping = {p: expected_of(session.files[index["a.txt"]]) for p in paths}
    return ActionPlan(kind, "delete", session, files, ActionLog(tmp_path / "log"), keeping=keeping, **more)  # type: ignore[arg-type]


def test_a_plan_deletes_what_it_holds_and_nothing_the_user_changes_afterwards(
    session: FolderSession, tmp_path: Path
) -> None:
    plan = plan_of(session, ActionKind.DELETE, ["b.txt", "c.txt"], tmp_path)
    with pytest.raises(AttributeError):
        plan.files = ()  # type: ignore[misc]  # frozen: the files acted on are those confirmed
    done = run_plan(plan, threading.Event(), NO_PROGRESS)
    assert done.error is None and not done.busy and done.report is not None
    assert sorted(Path(o.path).name for o in done.report.done) == ["b.txt", "c.txt"]
    root = Path(session.root)
    assert sorted(p.name for p in root.iterdir()) == ["a.txt", "other.txt"]  # the reference stays


def test_a_cancelled_plan_reports_the_files_not_reached(session: FolderSession, tmp_path: Path) -> None:
    cancel = threading.Event()
    cancel.set()
    report = carry_out(plan_of(session, ActionKind.DELETE, ["b.txt", "c.txt"], tmp_path), cancel)
    assert not report.done and {o.skipped for o in report.stayed} == {SkipReason.CANCELLED}
    assert (Path(session.root) / "b.txt").exists() and (Path(session.root) / "c.txt").exists()


def test_a_plan_waits_for_no_one_another_cleaner_holds_the_folder(session: FolderSession, tmp_path: Path) -> None:
    plan = plan_of(session, ActionKind.DELETE, ["b.txt"], tmp_path)
    with cleaning_lock([str(Path(session.root).parent)]):  # held around the scanned folder: it must not wait
        results: list = []
        held = threading.Thread(target=lambda: results.append(run_plan(plan, threading.Event(), NO_PROGRESS)))
        held.start()
        held.join(timeout=60)
    assert results and results[0].busy and results[0].report is None
    assert (Path(session.root) / "b.txt").exists()


def test_a_trash_plan_without_a_trash_and_a_wrong_object_are_refused(session: FolderSession, tmp_path: Path) -> None:
    done = run_plan(plan_of(session, ActionKind.TRASH, ["b.txt"], tmp_path), threading.Event(), NO_PROGRESS)
    assert isinstance(done.error, ValueError) and "needs the trash" in str(done.error)
    assert (Path(session.root) / "b.txt").exists()
    with pytest.raises(TypeError, match="ActionPlan"):
        run_plan("delete b.txt", threading.Event(), NO_PROGRESS)
