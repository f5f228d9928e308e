"""Attacks on saved groups held as arrays (``SavedGroups``) through the command line: `scan --results R.json` with
a crafted file moves only members of the crafted groups, never a group's saved reference, each file once."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from helpers.cli import RunCli, run_subprocess
from helpers.texts import OTHER, family

SCAN = ("--no-cache", "--workers", "1")


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Families of edited copies, a file like no other and a file under three names (``os.link``)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    root = tmp_path / "docs"
    rng = random.Random(34)
    texts = {"other.txt": OTHER}
    for number in range(3):
        texts |= family(f"f{number}", " ".join(f"w{rng.randrange(3000)}" for _ in range(300)), rng, 3)
    for name, text in texts.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    try:
        os.link(root / "f2/v1.txt", root / "f2/l1.txt")
        os.link(root / "f2/v1.txt", root / "f2/l2.txt")
    except OSError as error:  # pragma: no cover - every file system the tests run on has hard links
        pytest.skip(f"no hard links here: {error}")
    return root


def _crafted(cli: RunCli, folder: Path, tmp_path: Path) -> tuple[Path, list[dict[str, object]]]:
    """The folder's saved results with their groups crafted: a reference listed last and twice, a member of
    another group added, also-close lists naming the member itself and every file, one file's three names."""
    saved = tmp_path / "R.json"
    run = cli("scan", str(folder), *SCAN, "--save-results", str(saved))
    assert run.returncode == 0, run.stderr
    data = json.loads(saved.read_text(encoding="utf-8"))
    paths = data["records"]["path"]
    members = [{"path": f"f0/{n}.txt", "also_close": [f"f0/{n}.txt", *paths]} for n in ("base", "copy", "v0", "v1")]
    groups = [
        {"reference": "f0/v2.txt", "members": [*members, {"path": "f0/v2.txt"}, {"path": "f0/v2.txt"}]},
        {"reference": "f1/v0.txt", "members": [{"path": p} for p in ("f1/base.txt", "f0/base.txt", "f1/v0.txt")]},
        {"reference": "f2/l2.txt", "members": [{"path": p} for p in ("f2/v1.txt", "f2/l1.txt", "f2/l2.txt")]},
        {"reference": "f2/base.txt", "members": [{"path": "f2/base.txt"}]},
        {"reference": "other.txt", "members": []},
    ]
    data["groups"] = groups
    crafted = tmp_path / "crafted.json"
    crafted.write_text(json.dumps(data), encoding="utf-8")
    return crafted, groups


def _files(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def test_a_crafted_layout_moves_only_its_members_never_a_reference(cli: RunCli, folder: Path, tmp_path: Path) -> None:
    """HOLDS: `--mark all-but-reference --move-to DIR --yes` on crafted groups moves files of those groups only,
    each once, never a saved reference (listed last, or twice), never a file of a group of one file's names;
    what the dry run said is what was moved."""
    crafted, groups = _crafted(cli, folder, tmp_path)
    before = _files(folder)
    away = tmp_path / "away"
    dry = cli("scan", "--results", str(crafted), "--mark", "all-but-reference", "--move-to", str(away))
    assert dry.returncode == 0, dry.stderr
    assert _files(folder) == before and not away.exists()
    run = cli("scan", "--results", str(crafted), "--mark", "all-but-reference", "--move-to", str(away), "--yes")
    assert run.returncode == 0, run.stderr
    moved = before - _files(folder)
    assert moved == _files(away)
    assert moved, run.stdout
    in_groups = {m["path"] for g in groups[:2] for m in g["members"]}  # type: ignore[attr-defined]
    assert moved <= in_groups - {"f0/v2.txt", "f1/v0.txt"}
    said = [line for line in run.stdout.splitlines() if "f0/base.txt" in line]
    assert len(said) == 1, run.stdout  # in its first group only, not again in f1's where it was added
    assert not moved & {"f2/v1.txt", "f2/l1.txt", "f2/l2.txt", "f2/base.txt", "other.txt"}
    for line in dry.stdout.splitlines():
        if line.startswith("would move"):
            assert any(path in line for path in moved), line


def test_a_crafted_layout_is_read_the_same_as_a_subprocess(cli: RunCli, folder: Path, tmp_path: Path) -> None:
    """HOLDS: the crafted groups printed as JSON by a real `python -m simcompare` process (the typed parsers, the
    columns consumed) are the groups the in-process run prints."""
    crafted, _ = _crafted(cli, folder, tmp_path)
    inside = cli("scan", "--results", str(crafted), "--json")
    outside = run_subprocess("scan", "--results", str(crafted), "--json")
    assert inside.returncode == outside.returncode == 0, outside.stderr
    assert json.loads(inside.stdout)["groups"] == json.loads(outside.stdout)["groups"]
    shown = json.loads(outside.stdout)["groups"]
    assert [g["reference"] for g in shown] == ["f0/v2.txt", "f1/v0.txt"]
    for group in shown:
        paths = [m["path"] for m in group["members"]]
        assert len(paths) == len(set(paths)) and paths[0] == group["reference"]
        assert all(m["path"] not in m.get("also_close", []) for m in group["members"])
