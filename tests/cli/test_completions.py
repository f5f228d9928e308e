"""Shell completion and the man page: up to date with the argument parser, and working in each shell.

The files are made by ``tools/make_completions.py``; each shell's test runs the real shell where it is installed
(CI installs zsh and fish; bash is everywhere).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from simcompare.cli import build_parser
from tools import make_completions
from tools.make_completions import FILE, Value, describe

ROOT = Path(__file__).resolve().parents[2]
BASH = ROOT / "resources" / "completions" / "simcompare.bash"
ZSH = ROOT / "resources" / "completions" / "_simcompare"
FISH = ROOT / "resources" / "completions" / "simcompare.fish"
MAN = ROOT / "resources" / "man" / "simcompare.1"


def test_the_checked_in_files_are_what_the_parser_makes() -> None:
    for path, text in make_completions.outputs().items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} is out of date: python tools/make_completions.py"


def test_the_check_option_finds_a_stale_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stale = tmp_path / "simcompare.bash"
    stale.write_text("old\n", encoding="utf-8")
    monkeypatch.setattr(make_completions, "outputs", lambda: {stale: "new\n"})
    monkeypatch.setattr(make_completions, "ROOT", tmp_path)
    assert make_completions.main(["--check"]) == 1
    assert stale.read_text(encoding="utf-8") == "old\n"
    assert make_completions.main([]) == 0
    assert stale.read_text(encoding="utf-8") == "new\n"


def test_every_option_and_command_is_in_every_file() -> None:
    root = describe(build_parser())
    texts = {path: path.read_text(encoding="utf-8") for path in (BASH, ZSH, FISH)}
    for command in [root, *root.commands]:
        for option in command.options:
            for flag in option.flags:
                for path, text in texts.items():
                    spelled = flag.lstrip("-") if path == FISH else flag
                    assert spelled in text, (path.name, command.name, flag)
                assert flag.replace("-", "\\-") in MAN.read_text(encoding="utf-8"), (command.name, flag)
    assert {c.name for c in root.commands} == {"fingerprint", "compare", "scan", "spark"}


def test_a_new_metavar_must_be_classified() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--thing", metavar="THING")
    with pytest.raises(SystemExit, match=r"'THING'.*add it there"):
        describe(parser)


def test_the_languages_offered_are_the_windows() -> None:
    from simcompare.gui.common.i18n import LANGUAGES

    assert make_completions.VALUES["LANG"] == LANGUAGES


def test_choices_complete_as_words() -> None:
    scan = next(c for c in describe(build_parser()).commands if c.name == "scan")
    groups = next(o for o in scan.options if "--groups" in o.flags)
    assert groups.values == (Value("{reference,components}", ("reference", "components"), "groups"),)
    assert scan.positionals[0].value.kind == "dir"
    assert next(o for o in scan.options if "--cache" in o.flags).values[0].kind == FILE


# ------------------------------------------------------------------------------------------------- bash


def _bash(tmp_path: Path, *words: str) -> list[str]:
    """What bash completes for ``words`` (the last one being typed), in ``tmp_path``."""
    script = (
        f"source {str(BASH)!r}\n"
        "COMP_WORDS=(" + " ".join(f"'{w}'" for w in words) + ")\n"
        "COMP_CWORD=$((${#COMP_WORDS[@]} - 1))\n"
        "_simcompare\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    result = subprocess.run(["bash", "--norc", "-c", script], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert result.returncode == 0, result.stderr
    return sorted(line for line in result.stdout.splitlines() if line)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "notes").mkdir()
    (tmp_path / "a.txt").write_text("a", encoding="utf-8")
    return tmp_path


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash here")
def test_bash_completes_commands_options_values_and_paths(folder: Path) -> None:
    assert _bash(folder, "simcompare", "") == ["compare", "fingerprint", "scan", "spark"]
    assert _bash(folder, "simcompare", "--la") == ["--lang"]
    assert _bash(folder, "simcompare", "--lang", "") == ["en", "zh_CN"]
    assert _bash(folder, "simcompare", "--folder", "") == ["notes"]
    assert _bash(folder, "simcompare", "--compare", "a.txt", "") == ["a.txt", "notes"]
    assert _bash(folder, "simcompare", "--folder", "notes", "scan", "--gr") == ["--groups"]
    assert _bash(folder, "simcompare", "scan", "--groups", "") == ["components", "reference"]
    assert _bash(folder, "simcompare", "scan", "") == ["notes"]
    assert _bash(folder, "simcompare", "fingerprint", "") == ["a.txt", "notes"]
    assert _bash(folder, "simcompare", "fingerprint", "--bits", "") == []
    assert "--hot-key-rows" in _bash(folder, "simcompare", "spark", "--")


# -------------------------------------------------------------------------------------------------- fish


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish missing: apt-get install fish")
def test_fish_completes_commands_options_values_and_paths(folder: Path) -> None:
    def fish(line: str) -> list[str]:
        script = f"source {str(FISH)!r}; complete -C {line!r}"
        result = subprocess.run(
            ["fish", "--no-config", "-c", script], capture_output=True, text=True, cwd=folder, timeout=60
        )
        assert result.returncode == 0, result.stderr
        return sorted(line.split("\t")[0] for line in result.stdout.splitlines())

    assert fish("simcompare ") == ["compare", "fingerprint", "scan", "spark"]
    assert fish("simcompare --la") == ["--lang"]
    assert fish("simcompare --lang ") == ["en", "zh_CN"]
    assert fish("simcompare --folder ") == ["notes/"]
    assert fish("simcompare --compare ") == ["a.txt", "notes/"]
    assert fish("simcompare --compare a.txt ") == ["a.txt", "notes/"]
    assert fish("simcompare --compare a.txt a.txt ") == ["compare", "fingerprint", "scan", "spark"]
    assert fish("simcompare --folder notes scan --gr") == ["--groups"]
    assert fish("simcompare scan --groups ") == ["components", "reference"]
    assert fish("simcompare scan ") == ["notes/"]
    assert fish("simcompare fingerprint ") == ["a.txt", "notes/"]
    assert fish("simcompare fingerprint --bits ") == []


# --------------------------------------------------------------------------------------------------- zsh


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh missing: apt-get install zsh")
def test_zsh_reads_the_function_and_registers_it_for_simcompare(tmp_path: Path) -> None:
    functions = tmp_path / "site-functions"
    functions.mkdir()
    shutil.copy(ZSH, functions / "_simcompare")
    assert subprocess.run(["zsh", "-n", str(ZSH)], capture_output=True, text=True).returncode == 0
    script = (
        f"fpath=({functions} $fpath); autoload -Uz compinit; compinit -u -d {tmp_path / 'dump'}; "
        "print -r -- $_comps[simcompare]; autoload +X _simcompare && print loaded"
    )
    result = subprocess.run(["zsh", "-f", "-c", script], capture_output=True, text=True, timeout=60)
    assert result.stdout.split() == ["_simcompare", "loaded"], result.stderr


# ---------------------------------------------------------------------------------------------- man page


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff missing: apt-get install groff-base")
def test_the_man_page_renders_without_a_warning() -> None:
    result = subprocess.run(
        ["groff", "-man", "-Tutf8", "-ww", "-z", str(MAN)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0 and not result.stderr, result.stderr
    shown = subprocess.run(["groff", "-man", "-Tascii", str(MAN)], capture_output=True, text=True).stdout
    text = re.sub(".\x08", "", shown)  # bold and underline are overstruck
    for heading in ("NAME", "SYNOPSIS", "OPTIONS", "COMMANDS", "EXIT STATUS"):
        assert heading in text
