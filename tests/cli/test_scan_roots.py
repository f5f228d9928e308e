"""`simcompare scan A B --reference R --exclude X`: several folders with roles, and the files not read."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.texts import EN_A, EN_B, ZH_A, ZH_B


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    for rel, text in {
        "a/zh.txt": ZH_A,
        "a/en.txt": EN_A,
        "a/old/zh_b.txt": ZH_B,
        "b/en_b.txt": EN_B,
        "keep/zh_kept.txt": ZH_A,
        "a/copyright": EN_A,
    }.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (tmp_path / "a" / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    (tmp_path / "a" / "link.txt").symlink_to(tmp_path / "a" / "zh.txt")
    os.link(tmp_path / "a" / "en.txt", tmp_path / "a" / "en_again.txt")
    return tmp_path


def scan_json(cli: RunCli, *args: str) -> dict:
    run = cli("scan", *args, "--json", "--no-cache", "--workers", "1")
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_several_roots_with_roles(cli: RunCli, tree: Path) -> None:
    data = scan_json(
        cli, str(tree / "a"), str(tree / "b"), "--reference", str(tree / "keep"), "--exclude", str(tree / "a" / "old")
    )
    settings = data["settings"]
    assert settings["root"] == str(tree.resolve())
    assert [(r["path"], r["role"]) for r in settings["roots"]] == [
        (str(tree / "a"), "normal"),
        (str(tree / "b"), "normal"),
        (str(tree / "keep"), "reference"),
        (str(tree / "a" / "old"), "excluded"),
    ]
    members = {m["path"] for g in data["groups"] for m in g["members"]}
    assert "a/old/zh_b.txt" not in members
    zh = next(g for g in data["groups"] if "a/zh.txt" in {m["path"] for m in g["members"]})
    assert zh["reference"] == "keep/zh_kept.txt"  # the reference folder's file leads its group
    assert data["skipped"] == {"binary": 1, "symlink": 1, "hard_link": 1, "excluded": 1}


def test_exclude_a_folder_by_path_and_a_name_by_glob(cli: RunCli, tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tree)
    data = scan_json(cli, "a", "--exclude", "a/old", "--exclude", "*.png")
    assert data["settings"]["root"] == str((tree / "a").resolve())
    assert [r["role"] for r in data["settings"]["roots"]] == ["normal", "excluded"]
    paths = {m["path"] for g in data["groups"] for m in g["members"]}
    assert not any(p.startswith("old/") for p in paths)
    assert data["skipped"]["excluded"] == 2  # the folder old, and logo.png by the glob
    assert "binary" not in data["skipped"]
    run = cli("scan", "a", "--exclude", "a/none")
    assert run.returncode == 2 and "a/none: no such folder" in run.stderr


def test_text_output_names_each_root_and_counts_files_not_read(cli: RunCli, tree: Path) -> None:
    run = cli("scan", str(tree / "a"), "--reference", str(tree / "keep"), "--no-cache", "--workers", "1")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert f"reference   {tree / 'keep'}" in out
    assert "[keep] zh_kept.txt" in out and "[a] zh.txt" in out
    assert "3 files not read: 1 binary, 1 symlink, 1 hard link" in out


def test_one_folder_prints_as_before(cli: RunCli, tree: Path) -> None:
    run = cli("scan", str(tree / "a"), "--no-cache", "--workers", "1", "--suffix", ".txt")
    assert run.returncode == 0, run.stderr
    assert "folders:" not in run.stdout and "[a]" not in run.stdout
    assert "  zh.txt" in run.stdout or "zh.txt\n" in run.stdout
    assert "type not chosen" in run.stdout  # copyright and logo.png: their type was not chosen
    data = scan_json(cli, str(tree / "a"), "--suffix", ".txt")
    assert "roots" not in data["settings"]
    assert data["skipped"] == {"type_not_chosen": 2, "symlink": 1, "hard_link": 1}


def test_a_missing_root_is_an_input_error(cli: RunCli, tree: Path) -> None:
    run = cli("scan", str(tree / "a"), str(tree / "nowhere"), "--no-cache")
    assert run.returncode == 1
    assert "nowhere does not exist" in run.stderr
    run = cli("scan", str(tree / "a" / "zh.txt"), "--no-cache")  # a file where a folder is wanted
    assert run.returncode == 1 and "zh.txt is not a folder" in run.stderr


def test_cleaning_never_marks_a_reference_roots_file(cli: RunCli, tree: Path) -> None:
    keep = tree / "keep" / "zh_kept.txt"
    os.utime(keep, (1, 1))  # the oldest: all-but-oldest would keep it anyway, all-but-newest would mark it
    run = cli(
        "scan", str(tree / "a"), "--reference", str(tree / "keep"), "--no-cache", "--workers", "1",
        "--mark", "all-but-newest",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    marked = [line for line in run.stdout.splitlines() if line.startswith("marked")]
    assert marked and not any("zh_kept.txt" in line for line in marked)
