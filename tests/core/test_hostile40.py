"""Hostile round 40 on the core and the window's guards. Each test fails on the code as it stands, for the reason
its docstring gives; real files in tmp_path, and a subprocess with a timeout where the failure is a hang."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.files import expected_of, rewrite_hiding_it

_READ_PREFERENCES = """
from PySide6.QtCore import QCoreApplication, QSettings
app = QCoreApplication([])
app.setOrganizationName("simcompare")
app.setApplicationName("simcompare")
from simcompare.gui.common.settings_files import guard_settings_files
guard_settings_files("simcompare", "simcompare")
print(QSettings().allKeys())
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the freedesktop.org folders: Linux")
def test_a_fifo_in_the_preferences_is_passed_over_when_xdg_config_home_is_relative(tmp_path: Path) -> None:
    """guard_settings_files looks at $XDG_CONFIG_HOME/simcompare/simcompare.conf whenever the variable is set,
    relative or not; Qt (as the freedesktop.org spec says) ignores a relative XDG_CONFIG_HOME and reads
    ~/.config/simcompare/simcompare.conf. So with XDG_CONFIG_HOME=rel (a relative path, a typo in a shell
    profile) the guard checks ./rel/… (nothing there, no problem) and QSettings then opens the FIFO in ~/.config
    and waits for ever: the window hangs before it shows, the very hang the guard exists for. Severity: medium
    (a hang at start). Expected: the guard looks where Qt reads (a relative XDG_CONFIG_HOME ignored), finds the
    FIFO, and the preferences are read from the run's own folder: QSettings returns at once."""
    home = tmp_path / "home"
    (home / ".config" / "simcompare").mkdir(parents=True)
    os.mkfifo(home / ".config" / "simcompare" / "simcompare.conf")
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    _returns(
        _READ_PREFERENCES,
        cwd,
        "QSettings hung on the FIFO in ~/.config the guard did not look at (XDG_CONFIG_HOME relative)",
        {"HOME": str(home), "XDG_CONFIG_HOME": "rel"},
    )


def _returns(script: str, cwd: Path, hung: str, env: dict[str, str], drop: tuple[str, ...] = ()) -> None:
    """``script`` run by a fresh Python with Qt offscreen, this environment without ``drop`` and with ``env``: it
    must return (``hung`` says why not) and succeed."""
    run_env = {k: v for k, v in os.environ.items() if k not in drop}
    run_env.update(QT_QPA_PLATFORM="offscreen", PYTHONPATH=os.pathsep.join(sys.path), **env)
    try:
        done = subprocess.run(
            [sys.executable, "-c", script], cwd=cwd, env=run_env, capture_output=True, timeout=15, check=False
        )
    except subprocess.TimeoutExpired:
        pytest.fail(hung)
    assert done.returncode == 0, done.stderr


_OPEN_FILE_DIALOG = """
from PySide6.QtWidgets import QApplication, QFileDialog
app = QApplication([])
app.setOrganizationName("simcompare")
app.setApplicationName("simcompare")
from simcompare.gui.common.settings_files import guard_settings_files
guard_settings_files("simcompare", "simcompare")
QFileDialog()  # what QFileDialog.getOpenFileName / getSaveFileName make first (Open…, Save results…, Export…)
print("made")
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the freedesktop.org folders: Linux")
def test_a_fifo_as_qt_file_dialog_preferences_does_not_hang_the_window(tmp_path: Path) -> None:
    """The guard looks only at simcompare's own preferences files (simcompare/simcompare.conf, simcompare.conf),
    but every Open…/Save…/Export… of the window goes through QFileDialog, whose constructor reads Qt's own
    preferences file ~/.config/QtProject.conf with QSettings (the dialog's last folder and view). A FIFO there
    (or a file of gigabytes) is not looked at, not redirected, and the dialog's constructor blocks for ever: the
    window hangs at the first Open… (shown here with a bare QFileDialog(), as the static functions make one).
    Severity: medium (a hang, the same as the one the guard was made for). Expected: QtProject.conf checked
    too (and QSettings pointed at the run's own folder), so the dialog opens."""
    home = tmp_path / "home"
    (home / ".config").mkdir(parents=True)
    os.mkfifo(home / ".config" / "QtProject.conf")
    hung = "QFileDialog hung on the FIFO at ~/.config/QtProject.conf, which the guard did not look at"
    _returns(_OPEN_FILE_DIALOG, tmp_path, hung, {"HOME": str(home)}, drop=("XDG_CONFIG_HOME",))


def test_a_file_rewritten_while_its_copy_is_given_its_name_on_another_disk_is_not_moved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move to another disk is a copy (actions._copy_into): the source's change time is compared once, after
    the bytes are written, and then the copy is given its name at the destination (_place, a rename there, which
    on a slow or network disk takes its time); only then is the source taken away, after a re-check that compares
    identity, size and modification time only (_same), not the change time. A rewrite of the source in that
    moment, its size and modification time set back (as the round-38 fixes assume a careful program does), is
    not seen: the source with its new words is removed, and the destination holds the old words. Severity:
    medium (user's words lost, under a race). Expected: the change time compared in the last check before the
    source goes too (it moves with any write): the move refused, the source kept with its new words."""
    from helpers.mounts import small_tmpfs

    from simcompare.core.folder import actions
    from simcompare.core.folder.actions import move_scanned

    old = b"the scanned copy, word for word the reference\n" * 4
    new = old.replace(b"scanned", b"changed")
    root = tmp_path / "root"
    root.mkdir()
    (root / "copy.txt").write_bytes(old)
    expected = expected_of(root, "copy.txt")
    other = tmp_path / "other"
    other.mkdir()
    with small_tmpfs(other, "4m"):
        real_place = actions._place
        rewritten: list[bool] = []

        def place_then_rewrite(*args: object, **kwargs: object) -> str:
            placed = real_place(*args, **kwargs)  # type: ignore[arg-type]
            path = root / "copy.txt"
            rewrite_hiding_it(path, new)
            rewritten.append(True)
            return placed

        monkeypatch.setattr(actions, "_place", place_then_rewrite)
        report = move_scanned(str(root), [expected], str(other / "dupes"))
        monkeypatch.undo()
        moved = [p.read_bytes() for p in (other / "dupes").rglob("*.txt")]
    assert rewritten, "the hook was never reached"
    assert (root / "copy.txt").exists(), (
        f"the source, rewritten after its copy was checked, was removed; the destination holds {moved} "
        f"(outcome {report.outcomes[0]})"
    )
    assert (root / "copy.txt").read_bytes() == new


_SAVE_PREFERENCES = """
from PySide6.QtCore import QCoreApplication, QSettings
app = QCoreApplication([])
app.setOrganizationName("simcompare")
app.setApplicationName("simcompare")
from simcompare.gui.common.settings_files import guard_settings_files
guard_settings_files("simcompare", "simcompare")
settings = QSettings()
settings.setValue("window/geometry", 1)
settings.sync()  # what the window does when it closes or a preference changes
print("saved")
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the freedesktop.org folders: Linux")
def test_a_fifo_as_the_preferences_lock_file_does_not_hang_saving(tmp_path: Path) -> None:
    """QSettings saves under a lock, simcompare.conf.lock beside the file (QLockFile), and reads an existing
    lock file to see whether its holder is still alive. The guard looks at simcompare.conf only: a FIFO at
    ~/.config/simcompare/simcompare.conf.lock is neither seen nor redirected, and the first save of a preference
    (a window closed, a setting changed) blocks for ever in QLockFile. Severity: medium (a hang, of the kind the
    guard exists to prevent). Expected: the lock file's path checked too (a non-regular file there is a problem),
    so the preferences go to the run's own folder and the save returns."""
    home = tmp_path / "home"
    (home / ".config" / "simcompare").mkdir(parents=True)
    os.mkfifo(home / ".config" / "simcompare" / "simcompare.conf.lock")
    hung = "saving a preference hung on the FIFO at simcompare.conf.lock, which the guard did not look at"
    _returns(_SAVE_PREFERENCES, tmp_path, hung, {"HOME": str(home)}, drop=("XDG_CONFIG_HOME",))


def test_a_reference_rewritten_after_its_bytes_were_read_keeps_the_copy_from_being_deleted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Delete for good reads the reference that stays (_kept_bytes_changed) so that a copy goes only while the
    reference still holds its words; then _delete_one compares the *copy's* change time right before it goes, but
    never the reference's again. A rewrite of the reference in that moment (same size, modification time set back,
    the case round 38's change-time checks are about) is not seen: the copy is deleted for good and its words are
    now nowhere (the reference holds the new ones). Severity: medium (words lost for good, under a race; the
    window is as wide as the copy's own check, which is guarded). Expected: the reference's change time compared
    with the one its bytes were read under, right before the copy goes: the copy kept, REFERENCE_CHANGED."""
    from simcompare.core.folder import replace
    from simcompare.core.folder.replace import delete_scanned

    old = b"the scanned copy, word for word the reference\n" * 4
    new = old.replace(b"scanned", b"changed")
    root = tmp_path / "root"
    root.mkdir()
    (root / "ref.txt").write_bytes(old)
    (root / "copy.txt").write_bytes(old)
    copy, reference = expected_of(root, "copy.txt"), expected_of(root, "ref.txt")
    real_delete_one = replace._delete_one

    def rewrite_reference_then_delete(found: object, rel: str, *more: object) -> str:
        rewrite_hiding_it(root / "ref.txt", new)
        return real_delete_one(found, rel, *more)  # type: ignore[arg-type]

    monkeypatch.setattr(replace, "_delete_one", rewrite_reference_then_delete)
    report = delete_scanned(str(root), [copy], keeping={"copy.txt": reference})
    monkeypatch.undo()
    assert (root / "copy.txt").exists(), (
        "the copy was deleted for good while its reference had been rewritten: the old words are gone "
        f"({report.outcomes})"
    )


def test_a_reference_rewritten_after_the_byte_comparison_is_not_linked_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy is replaced by a hard link to its reference once their bytes compare equal (_same_bytes). Round 38
    made _swap_in compare the *copy's* change time right before the swap; the reference is only re-checked by
    _same (identity, size, modification time). A rewrite of the reference after the comparison, same size and
    its modification time set back, is not seen: the copy's name now leads to the reference's new words and the
    copy's words (the old ones) are nowhere. Severity: medium (words lost for good, under a race). Expected: the
    reference's change time compared as well: the copy kept, REFERENCE_CHANGED."""
    from simcompare.core.folder import replace
    from simcompare.core.folder.replace import LinkKind, Replacement, link_scanned

    old = b"the scanned copy, word for word the reference\n" * 4
    new = old.replace(b"scanned", b"changed")
    root = tmp_path / "root"
    root.mkdir()
    (root / "ref.txt").write_bytes(old)
    (root / "copy.txt").write_bytes(old)
    pair = Replacement(expected_of(root, "copy.txt"), expected_of(root, "ref.txt"))
    real_same_bytes = replace._same_bytes

    def compare_then_rewrite_reference(a: object, b: object) -> bool:
        same = real_same_bytes(a, b)  # type: ignore[arg-type]
        rewrite_hiding_it(root / "ref.txt", new)
        return same

    monkeypatch.setattr(replace, "_same_bytes", compare_then_rewrite_reference)
    report = link_scanned(str(root), [pair], LinkKind.HARD)
    monkeypatch.undo()
    assert (root / "copy.txt").read_bytes() == old, (
        f"copy.txt now reads the reference's new words; its own are gone ({report.outcomes})"
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the freedesktop.org folders: Linux")
def test_a_fifo_in_the_preferences_is_passed_over_when_home_is_unset(tmp_path: Path) -> None:
    """With HOME unset (a cron job, a systemd unit, `env -i`), the guard's os.path.expanduser("~") takes the
    home from the password database (/root), while Qt's QDir::homePath() falls back to "/" and QSettings reads
    /.config/simcompare/simcompare.conf. A FIFO there is not looked at and QSettings blocks for ever. Severity:
    low-medium (a hang in an unusual environment). Expected: the guard asks Qt where it reads
    (QStandardPaths / QSettings.fileName() without opening) or mirrors Qt's rule. The test needs /.config absent
    and root (it makes /.config and removes it)."""
    if os.geteuid() != 0 or os.path.lexists("/.config"):
        pytest.skip("needs root and no /.config")
    os.makedirs("/.config/simcompare")
    try:
        os.mkfifo("/.config/simcompare/simcompare.conf")
        hung = "QSettings hung on the FIFO at /.config (HOME unset), which the guard did not look at"
        _returns(_READ_PREFERENCES, tmp_path, hung, {}, drop=("HOME", "XDG_CONFIG_HOME"))
    finally:
        import shutil

        shutil.rmtree("/.config", ignore_errors=True)
