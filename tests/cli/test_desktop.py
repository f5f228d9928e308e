"""``--install-desktop-entry``: the menu entry, icons, AppStream metadata, completion and man page, for one user.

Everything is written into a temporary XDG data folder and checked with the freedesktop tools where they exist
(CI installs desktop-file-utils and appstream).
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import stat
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import simcompare
from simcompare.cli import desktop
from simcompare.cli.desktop import APP_ID, ICON_SIZES, MARKER, DesktopError, data_home, find_launcher, owned

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "resources" / "desktop"
freedesktop = pytest.mark.skipif(
    not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")), reason="freedesktop systems only"
)


def _launcher(folder: Path, name: str = "simcompare-gui") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    launcher = folder / name
    launcher.write_text("#!/bin/sh\n", encoding="utf-8")
    launcher.chmod(0o755)
    return launcher


def _install(data: Path, launcher: Path) -> str:
    out = io.StringIO()
    desktop.install(data, launcher, out)
    return out.getvalue()


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file() or p.is_symlink()}


EXPECTED = {
    f"applications/{APP_ID}.desktop",
    f"metainfo/{APP_ID}.metainfo.xml",
    f"icons/hicolor/scalable/apps/{APP_ID}.svg",
    *(f"icons/hicolor/{n}x{n}/apps/{APP_ID}.png" for n in ICON_SIZES),
    "bash-completion/completions/simcompare",
    "zsh/site-functions/_simcompare",
    "fish/vendor_completions.d/simcompare.fish",
    "man/man1/simcompare.1",
}


def _entry(path: Path) -> dict[str, str]:
    """The [Desktop Entry] group's keys (the file is small and flat)."""
    keys = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.startswith("#"):
            key, _, value = line.partition("=")
            keys[key] = value
    return keys


# ------------------------------------------------------------------------------------------------ install


def test_install_writes_every_file_under_the_data_folder_and_nothing_else(tmp_path: Path) -> None:
    data = tmp_path / "data"
    launcher = _launcher(tmp_path / "bin")
    before = _files(tmp_path)
    said = _install(data, launcher)
    assert _files(data) == EXPECTED
    assert _files(tmp_path) - before == {f"data/{name}" for name in EXPECTED}
    for name in EXPECTED:
        path = data / name
        assert owned(path), name
        assert stat.S_IMODE(path.stat().st_mode) == 0o644, name
    assert str(launcher) in said and "fpath=(" in said


def test_the_menu_entry_starts_the_launcher_by_its_path(tmp_path: Path) -> None:
    launcher = _launcher(tmp_path / "venv" / "bin")
    _install(tmp_path / "data", launcher)
    keys = _entry(tmp_path / "data" / "applications" / f"{APP_ID}.desktop")
    assert keys["Exec"] == str(launcher)
    assert keys["TryExec"] == str(launcher)
    assert keys["Icon"] == APP_ID
    assert keys[MARKER] == "true"
    shipped = _entry(SHIPPED / f"{APP_ID}.desktop")
    assert shipped["Exec"] == "simcompare-gui"  # the packagers' entry: the launcher on the system's PATH
    assert MARKER not in shipped
    assert {k: v for k, v in keys.items() if k not in ("Exec", "TryExec", MARKER)} == {
        k: v for k, v in shipped.items() if k != "Exec"
    }


@pytest.mark.parametrize(
    ("folder", "exec_value"),
    [
        ("my apps", '"{dir}/my apps/simcompare-gui"'),
        ("100%", "{dir}/100%%/simcompare-gui"),
        ('a"b$c', '"{dir}/a\\\\"b\\\\$c/simcompare-gui"'),
        ("back\\slash", '"{dir}/back\\\\\\\\slash/simcompare-gui"'),
    ],
    ids=["space", "percent", "quote-dollar", "backslash"],
)
def test_a_launcher_path_with_reserved_characters_is_quoted(tmp_path: Path, folder: str, exec_value: str) -> None:
    launcher = _launcher(tmp_path / folder)
    entry = desktop.desktop_entry(launcher)
    (line,) = [line for line in entry.splitlines() if line.startswith("Exec=")]
    assert line == "Exec=" + exec_value.format(dir=tmp_path)
    _validate_entry(entry, tmp_path)


def test_a_launcher_path_with_a_line_break_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DesktopError, match="line break"):
        desktop.desktop_entry(tmp_path / "a\nb" / "simcompare-gui")


def test_installing_again_replaces_our_own_files(tmp_path: Path) -> None:
    _install(tmp_path, _launcher(tmp_path / "old"))
    new = _launcher(tmp_path / "new")
    _install(tmp_path, new)
    assert _entry(tmp_path / "applications" / f"{APP_ID}.desktop")["Exec"] == str(new)
    assert _files(tmp_path) - {"old/simcompare-gui", "new/simcompare-gui"} == EXPECTED
    assert not [p for p in tmp_path.rglob(".*") if p.is_file()]  # no temporary file left behind


def test_a_foreign_file_is_never_replaced_and_nothing_is_written(tmp_path: Path) -> None:
    man = tmp_path / "data" / "man" / "man1" / "simcompare.1"
    man.parent.mkdir(parents=True)
    man.write_text(".TH SIMCOMPARE 1\nsomeone else's page\n", encoding="utf-8")
    with pytest.raises(DesktopError) as refused:
        _install(tmp_path / "data", _launcher(tmp_path / "bin"))
    message = str(refused.value)
    assert str(man) in message and "not written by simcompare" in message and "\n" not in message
    assert man.read_text(encoding="utf-8") == ".TH SIMCOMPARE 1\nsomeone else's page\n"
    assert _files(tmp_path / "data") == {"man/man1/simcompare.1"}


def test_a_link_at_our_place_is_someone_elses(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.desktop"
    target.write_text(f"[Desktop Entry]\n{MARKER}=true\n", encoding="utf-8")  # even one that looks like ours
    link = tmp_path / "data" / "applications" / f"{APP_ID}.desktop"
    link.parent.mkdir(parents=True)
    link.symlink_to(target)
    with pytest.raises(DesktopError, match="and was not written by simcompare"):
        _install(tmp_path / "data", _launcher(tmp_path / "bin"))
    assert link.is_symlink() and target.read_text(encoding="utf-8").startswith("[Desktop Entry]")


def test_several_foreign_files_are_counted_in_one_line(tmp_path: Path) -> None:
    for name in ("bash-completion/completions/simcompare", "fish/vendor_completions.d/simcompare.fish"):
        (tmp_path / name).parent.mkdir(parents=True)
        (tmp_path / name).write_text("# mine\n", encoding="utf-8")
    with pytest.raises(DesktopError, match=r"\(and 1 more\)"):
        _install(tmp_path, _launcher(tmp_path / "bin"))


# ---------------------------------------------------------------------------------------------- uninstall


def test_uninstall_removes_only_our_files(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _install(data, _launcher(tmp_path / "bin"))
    mine = data / "man" / "man1" / "simcompare.1"
    mine.write_text(".TH SIMCOMPARE 1\nedited by its owner, mark removed\n", encoding="utf-8")
    neighbour = data / "applications" / "other.desktop"
    neighbour.write_text("[Desktop Entry]\n", encoding="utf-8")
    out = io.StringIO()
    desktop.uninstall(data, out)
    assert _files(data) == {"man/man1/simcompare.1", "applications/other.desktop"}
    assert f"Removed {len(EXPECTED) - 1} files" in out.getvalue()
    assert f"Left {mine}" in out.getvalue()


def test_uninstall_with_nothing_installed_says_so(tmp_path: Path) -> None:
    out = io.StringIO()
    desktop.uninstall(tmp_path / "data", out)
    assert "Removed 0 files" in out.getvalue()
    assert not (tmp_path / "data").exists()


# ------------------------------------------------------------------------------------- where and with what


def test_the_data_folder_follows_xdg() -> None:
    assert data_home({"HOME": "/home/u", "XDG_DATA_HOME": "/data"}) == Path("/data")
    assert data_home({"HOME": "/home/u"}) == Path("/home/u/.local/share")
    assert data_home({"HOME": "/home/u", "XDG_DATA_HOME": "relative/data"}) == Path("/home/u/.local/share")
    with pytest.raises(DesktopError, match="HOME"):
        data_home({"XDG_DATA_HOME": "relative"})


def test_the_launcher_beside_the_running_command_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    launcher = _launcher(tmp_path / "pipx bin")
    monkeypatch.setattr(sys, "argv", [str(tmp_path / "pipx bin" / "simcompare"), "--install-desktop-entry"])
    assert find_launcher() == launcher


def test_a_bundle_starts_its_own_window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    command_line = _launcher(tmp_path / "simcompare", "simcompare")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(command_line))
    assert find_launcher() == command_line  # a bundle of one executable
    window = _launcher(tmp_path / "simcompare", "simcompare-gui")
    assert find_launcher() == window


def test_no_launcher_anywhere_is_explained(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", [str(tmp_path / "src" / "simcompare" / "__main__.py")])
    monkeypatch.setattr(desktop.sysconfig, "get_path", lambda *args: str(tmp_path / "empty"))
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    with pytest.raises(DesktopError, match=r"no simcompare-gui launcher found .* install simcompare with pip"):
        find_launcher()


def test_other_systems_are_told_it_is_for_freedesktop(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    args = argparse.Namespace(install_desktop_entry=True, uninstall_desktop_entry=False)
    assert desktop.run_desktop(args, io.StringIO()) == 2
    assert "for Linux and BSD desktops" in capsys.readouterr().err


def test_the_window_names_itself_after_the_entry() -> None:
    from simcompare.gui.app import DESKTOP_FILE_NAME

    assert DESKTOP_FILE_NAME == APP_ID


def test_the_metadata_names_this_release_and_the_entry() -> None:
    tree = ET.parse(SHIPPED / f"{APP_ID}.metainfo.xml").getroot()
    assert tree.findtext("id") == APP_ID
    assert tree.findtext("launchable") == f"{APP_ID}.desktop"
    newest = tree.find("releases/release")
    assert newest is not None and newest.get("version") == simcompare.__version__, "add the release to metainfo"


# ---------------------------------------------------------------------------------------------- the command


def _run(*args: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "import sys; from simcompare.cli import main; sys.exit(main())", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=cwd,
    )


@freedesktop
def test_the_command_installs_and_uninstalls_in_the_users_data_folder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    launcher = _launcher(tmp_path / "bin")
    # the launcher is found beside the running command, as for pipx: this Python runs as that command
    env = {**os.environ, "HOME": str(home), "PATH": f"{tmp_path / 'bin'}:{os.environ.get('PATH', '')}"}
    env.pop("XDG_DATA_HOME", None)
    code = f"import sys; sys.argv[0] = {str(tmp_path / 'bin' / 'simcompare')!r}; from simcompare.cli import main; "
    code += "sys.exit(main())"
    command = [sys.executable, "-c", code]
    result = subprocess.run([*command, "--install-desktop-entry"], capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert _files(home) == {f".local/share/{name}" for name in EXPECTED}
    assert _entry(home / ".local/share/applications" / f"{APP_ID}.desktop")["Exec"] == str(launcher)
    result = subprocess.run(
        [*command, "--uninstall-desktop-entry"], capture_output=True, text=True, env=env, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert _files(home) == set()


@freedesktop
def test_the_command_refuses_a_foreign_file_in_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    theirs = data / "applications" / f"{APP_ID}.desktop"
    theirs.parent.mkdir(parents=True)
    theirs.write_text("[Desktop Entry]\nType=Application\nName=Theirs\nExec=theirs\n", encoding="utf-8")
    result = _run("--install-desktop-entry", env={**os.environ, "XDG_DATA_HOME": str(data)}, cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(f"simcompare: {theirs} exists")
    assert _files(data) == {f"applications/{APP_ID}.desktop"}


def test_the_options_take_no_command(tmp_path: Path) -> None:
    result = _run("--install-desktop-entry", "scan", str(tmp_path), env=dict(os.environ), cwd=tmp_path)
    assert result.returncode == 2 and "take no command" in result.stderr


# ----------------------------------------------------------------------------------- the freedesktop tools


def _validate_entry(text: str, tmp_path: Path) -> None:
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        return
    path = tmp_path / f"check-{os.getpid()}" / f"{APP_ID}.desktop"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    result = subprocess.run([tool, str(path)], capture_output=True, text=True)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


needs_desktop_file_validate = pytest.mark.skipif(
    shutil.which("desktop-file-validate") is None,
    reason="desktop-file-validate missing: apt-get install desktop-file-utils",
)
needs_appstreamcli = pytest.mark.skipif(
    shutil.which("appstreamcli") is None, reason="appstreamcli missing: apt-get install appstream"
)


@needs_desktop_file_validate
def test_desktop_file_validate_passes_the_installed_and_the_shipped_entry(tmp_path: Path) -> None:
    _install(tmp_path / "data", _launcher(tmp_path / "bin"))
    for path in (tmp_path / "data" / "applications" / f"{APP_ID}.desktop", SHIPPED / f"{APP_ID}.desktop"):
        result = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
        assert result.returncode == 0 and not result.stdout.strip(), (path, result.stdout + result.stderr)


@needs_appstreamcli
def test_appstreamcli_validates_the_installed_and_the_shipped_metadata(tmp_path: Path) -> None:
    _install(tmp_path / "data", _launcher(tmp_path / "bin"))
    for path in (tmp_path / "data" / "metainfo" / f"{APP_ID}.metainfo.xml", SHIPPED / f"{APP_ID}.metainfo.xml"):
        result = subprocess.run(
            ["appstreamcli", "validate", "--no-net", "--no-color", str(path)], capture_output=True, text=True
        )
        assert result.returncode == 0, (path, result.stdout + result.stderr)
        assert "W:" not in result.stdout and "E:" not in result.stdout, result.stdout


# --------------------------------------------------------------------------------------------- packaging


@pytest.mark.slow
def test_the_sdist_carries_the_files_for_packagers(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    (sdist,) = tmp_path.glob("simcompare-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {
        f"resources/desktop/{APP_ID}.desktop",
        f"resources/desktop/{APP_ID}.metainfo.xml",
        "resources/icons/simcompare.svg",
        "resources/completions/simcompare.bash",
        "resources/completions/_simcompare",
        "resources/completions/simcompare.fish",
        "resources/man/simcompare.1",
        "tools/make_completions.py",
        "tools/build_bundle.py",
        "packaging/simcompare.spec",
        "packaging/simcompare_bundle.py",
    } <= names
