"""`simcompare scan` on a real folder, in-process and once as a real subprocess: JSON and CSV checked field by field."""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
from pathlib import Path

import pytest
from helpers.cli import RunCli, run_subprocess
from helpers.texts import EN_A, EN_B, OTHER, ZH_A, ZH_B

from simcompare.core.defaults import DEFAULT_STRONG_RESEMBLANCE, default_k
from simcompare.core.folder.reprioritise import named_as_a_copy
from simcompare.core.formats.report import CSV_COLUMNS, PAIR_COLUMNS
from simcompare.core.search.verify import DEFAULT_MIN_RESEMBLANCE

TEXTS = {
    "zh_a.txt": ZH_A,
    "zh_b.txt": ZH_B,
    "copy/zh_a_copy.txt": ZH_A,
    "en_a.txt": EN_A,
    "en_b.txt": EN_B,
    "other.txt": OTHER,
    "empty.txt": "",
}
EXPECTED_GROUPS = [{"zh_a.txt", "zh_b.txt", "copy/zh_a_copy.txt"}, {"en_a.txt", "en_b.txt"}]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("scan_cli") / "docs"
    for name, text in TEXTS.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "binary.txt").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    os.symlink(root / "loop_b.txt", root / "loop_a.txt")
    os.symlink(root / "loop_a.txt", root / "loop_b.txt")
    (root / "node_modules").mkdir()
    (root / "node_modules" / "dep.txt").write_text(ZH_A, encoding="utf-8")
    return root


@pytest.fixture
def scan_json(cli: RunCli, folder: Path) -> dict:
    result = cli("scan", str(folder), "--json", "--no-cache", "--workers", "1")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_json_schema_field_by_field(scan_json: dict, folder: Path) -> None:
    data = scan_json
    assert set(data) == {"format", "version", "settings", "files", "groups", "problems", "empty", "skipped", "symlinks"}
    assert sorted(data["symlinks"]) == ["loop_a.txt", "loop_b.txt"]  # passed over, listed: what they lead to stays
    assert data["format"] == "simcompare-scan" and data["version"] == 3
    settings = data["settings"]
    assert settings["bits"] == 64 and settings["k"] == default_k(64) == 12 and settings["weighting"] == "tf"
    assert settings["grouping"] == "reference" and settings["min_verified"] == DEFAULT_MIN_RESEMBLANCE
    assert settings["hasher"] == "md5" and settings["segmenter"] == "jieba"
    assert data["files"] == len(TEXTS)
    assert data["empty"] == ["empty.txt"]
    problems = {(p["path"], p["reason"]) for p in data["problems"]}
    assert problems == {("binary.txt", "binary"), ("loop_a.txt", "unreadable_link"), ("loop_b.txt", "unreadable_link")}
    for problem in data["problems"]:
        assert isinstance(problem["path"], str) and not os.path.isabs(problem["path"])
    groups = data["groups"]
    assert [{m["path"] for m in g["members"]} for g in groups] == EXPECTED_GROUPS  # largest first
    bits = settings["bits"]
    for group in groups:
        assert set(group) == {"reference", "max_distance", "wasted_bytes", "members"}
        members = group["members"]
        assert members[0]["path"] == group["reference"]
        assert members[0]["distance"] == 0 and members[0]["similarity"] == 1.0
        assert group["wasted_bytes"] == sum((folder / m["path"]).stat().st_size for m in members[1:])
        for member in members:
            assert set(member) == {
                "path",
                "size",
                "distance",
                "similarity",
                "verified",
                "identical",
                "same_bytes",
                "hardlink_of",
                "also_close",
                "evidence",
            }
            assert member["hardlink_of"] is None
            assert member["size"] == (folder / member["path"]).stat().st_size
            assert DEFAULT_MIN_RESEMBLANCE <= member["verified"] <= 1.0
            if member["evidence"] == "simhash":  # within k and verified; else the shingles' evidence beyond k
                assert member["distance"] <= settings["k"]
            else:
                assert member["evidence"] == "shingles" and member["verified"] >= DEFAULT_STRONG_RESEMBLANCE
            assert not os.path.isabs(member["path"]) and "\\" not in member["path"]
            assert (folder / member["path"]).is_file()
            assert isinstance(member["distance"], int) and member["distance"] >= 0
            assert member["similarity"] == pytest.approx(1 - member["distance"] / bits)
        assert group["max_distance"] >= max(m["distance"] for m in members)
    zh = groups[0]
    # the three tie on words: the default reference rule keeps a name that is not a copy's, then the newest (then the
    # first path): never the exact copy zh_a_copy.txt, however new
    members = ("zh_a.txt", "zh_b.txt", "copy/zh_a_copy.txt")
    kept = min(members, key=lambda p: (named_as_a_copy(p), -(folder / p).stat().st_mtime_ns, p))
    assert zh["reference"] == kept != "copy/zh_a_copy.txt"
    by_path = {m["path"]: m for m in zh["members"]}
    copy = by_path["copy/zh_a_copy.txt"]
    if kept == "zh_a.txt":  # the copy of the reference: identical, at 0
        assert copy["distance"] == 0 and copy["identical"] and copy["same_bytes"] and copy["verified"] == 1.0
        assert not by_path["zh_b.txt"]["identical"]
    else:  # the edited text leads: the original and its copy are alike to it, neither identical
        original = by_path["zh_a.txt"]
        assert not copy["identical"] and not original["identical"]
        assert (copy["distance"], copy["verified"]) == (original["distance"], original["verified"])


def test_components_equal_brute_force_over_fingerprint_json(cli: RunCli, folder: Path) -> None:
    scanned = cli("scan", str(folder), "--json", "--no-cache", "--workers", "1", "--groups", "components")
    assert scanned.returncode == 0, scanned.stderr
    scan_json = json.loads(scanned.stdout)
    assert scan_json["settings"]["grouping"] == "components"
    paths = sorted(TEXTS)
    result = cli("fingerprint", "--json", *[str(folder / p) for p in paths])
    assert result.returncode == 0, result.stderr
    records = json.loads(result.stdout)["files"]
    assert len(records) == len(paths)
    values = {p: int(r["value"]) for p, r in zip(paths, records, strict=True)}
    empty = {p for p, r in zip(paths, records, strict=True) if r["empty"]}
    assert empty == set(scan_json["empty"])
    k = scan_json["settings"]["k"]
    parent = {p: p for p in paths if p not in empty}

    def find(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x

    for a, b in itertools.combinations(parent, 2):
        if (values[a] ^ values[b]).bit_count() <= k:
            parent[find(a)] = find(b)
    components: dict[str, set[str]] = {}
    for p in parent:
        components.setdefault(find(p), set()).add(p)
    brute = sorted(sorted(c) for c in components.values() if len(c) > 1)
    assert sorted(sorted(m["path"] for m in g["members"]) for g in scan_json["groups"]) == brute
    for group in scan_json["groups"]:
        ref = values[group["reference"]]
        for member in group["members"]:
            assert member["distance"] == (values[member["path"]] ^ ref).bit_count()
            verdict = cli("compare", "--json", str(folder / group["reference"]), str(folder / member["path"]))
            assert json.loads(verdict.stdout)["resemblance"] == pytest.approx(member["verified"])
        names = [m["path"] for m in group["members"]]
        assert group["max_distance"] == max(
            (values[a] ^ values[b]).bit_count() for a, b in itertools.combinations(names, 2)
        )


def test_csv_rows_match_json(cli: RunCli, scan_json: dict, folder: Path) -> None:
    result = cli("scan", str(folder), "--csv", "--no-cache", "--workers", "1")
    assert result.returncode == 0
    assert "could not be used" in result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(rows[0]) == list(CSV_COLUMNS)
    expected = [
        {
            "group": str(number),
            "path": m["path"],
            "reference": str(int(m["path"] == g["reference"])),
            "distance": str(m["distance"]),
            "similarity": m["similarity"],
            "verified": str(m["verified"]),
            "identical": str(int(m["identical"])),
            "size": str(m["size"]),
            "max_distance": str(g["max_distance"]),
            "wasted_bytes": str(g["wasted_bytes"]),
            "also_close": " | ".join(m["also_close"]),
        }
        for number, g in enumerate(scan_json["groups"], start=1)
        for m in g["members"]
    ]
    assert len(rows) == len(expected)
    for row, want in zip(rows, expected, strict=True):
        assert float(row["similarity"]) == pytest.approx(want.pop("similarity"))
        row.pop("similarity")
        assert row == want


def test_cache_path_option(cli: RunCli, folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "c" / "scan.sqlite3"
    first = cli("scan", str(folder), "--json", "--cache", str(cache), "--workers", "1")
    assert first.returncode == 0, first.stderr
    assert cache.is_file()
    second = cli("scan", str(folder), "--json", "--cache", str(cache), "--workers", "1")
    assert second.returncode == 0
    assert json.loads(first.stdout)["groups"] == json.loads(second.stdout)["groups"]
    assert json.loads(first.stdout)["empty"] == json.loads(second.stdout)["empty"]


def test_options_change_the_scan(cli: RunCli, folder: Path) -> None:
    result = cli("scan", str(folder), "--json", "--no-cache", "--workers", "1", "--include", "en_*")
    data = json.loads(result.stdout)
    assert data["files"] == 2
    assert [{m["path"] for m in g["members"]} for g in data["groups"]] == [{"en_a.txt", "en_b.txt"}]
    flat = json.loads(cli("scan", str(folder), "--json", "--no-cache", "--workers", "1", "--no-recursive").stdout)
    assert flat["files"] == len(TEXTS) - 1
    wide = json.loads(
        cli("scan", str(folder), "--json", "--no-cache", "--workers", "1", "--bits", "128", "-k", "2").stdout
    )
    assert wide["settings"]["bits"] == 128 and wide["settings"]["k"] == 2
    for group in wide["groups"]:
        for member in group["members"]:
            assert member["distance"] <= group["max_distance"]
            assert member["similarity"] == pytest.approx(1 - member["distance"] / 128)


def test_text_output(folder: Path) -> None:
    """The subprocess smoke test of `scan`."""
    result = run_subprocess("scan", str(folder), "--no-cache", "--workers", "1")
    assert result.returncode == 0
    assert "zh_b.txt" in result.stdout and "binary.txt: binary" in result.stdout


def test_a_member_beyond_k_says_its_word_pairs_put_it_there(cli: RunCli, folder: Path) -> None:
    """At k = 0 the near copies are farther than k: each such member's line says it joined by its shared word pairs
    (its JSON evidence is "shingles"), and the last line names both rules, not "within k" alone."""
    run = cli("scan", str(folder), "--no-cache", "--workers", "1", "-k", "0")
    report = json.loads(cli("scan", str(folder), "--no-cache", "--workers", "1", "-k", "0", "--json").stdout)
    beyond = {m["path"] for g in report["groups"] for m in g["members"] if m["evidence"] == "shingles"}
    assert beyond, "no member beyond k at k = 0: the test no longer reaches the line it checks"
    ending = "  (beyond k: by its shared word pairs)"
    marked = {line.removesuffix(ending).split()[-1] for line in run.stdout.splitlines() if line.endswith(ending)}
    assert marked == beyond
    strong = f"{DEFAULT_STRONG_RESEMBLANCE:.0%}"
    assert run.stdout.splitlines()[-1].endswith(f"within k = 0 bits (or sharing {strong} of word pairs or more)")


def test_missing_folder_exit_1_one_line(cli: RunCli, tmp_path: Path) -> None:
    result = cli("scan", str(tmp_path / "missing"), "--json", "--no-cache")
    assert result.returncode == 1
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("simcompare:"), result.stderr
    assert "missing" in lines[0]


def test_pairs_give_every_near_duplicate_pair_as_json_csv_and_text(cli: RunCli, folder: Path) -> None:
    expected = {
        frozenset(p)
        for p in (
            ("zh_a.txt", "zh_b.txt"),
            ("zh_a.txt", "copy/zh_a_copy.txt"),
            ("copy/zh_a_copy.txt", "zh_b.txt"),
            ("en_a.txt", "en_b.txt"),
        )
    }
    result = cli("scan", str(folder), "--pairs", "--json", "--no-cache", "--workers", "1")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["format"] == "simcompare-pairs" and "groups" not in data and data["settings"]["k"] == 12
    assert {frozenset((p["a"], p["b"])) for p in data["pairs"]} == expected
    for pair in data["pairs"]:
        assert set(pair) == {"a", "b", "distance", "similarity", "verified", "identical", "same_group"}
        assert pair["same_group"] is True and pair["distance"] <= 12
        assert pair["identical"] == ({pair["a"], pair["b"]} == {"zh_a.txt", "copy/zh_a_copy.txt"})
        assert pair["verified"] == 1.0 if pair["identical"] else DEFAULT_MIN_RESEMBLANCE <= pair["verified"] < 1.0
    result = cli("scan", str(folder), "--pairs", "--csv", "--no-cache", "--workers", "1")
    assert result.returncode == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert tuple(rows[0]) == PAIR_COLUMNS
    assert {frozenset((r["a"], r["b"])) for r in rows} == expected
    result = cli("scan", str(folder), "--pairs", "--no-cache", "--workers", "1")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 5 and lines[-1].startswith("4 near-duplicate pairs of ")
    assert sum("identical" in line for line in lines) == 1


def test_a_scan_with_nothing_to_compare_says_why(cli: RunCli, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    (empty / "sub").mkdir(parents=True)
    (empty / "sub" / "a.txt").write_text(EN_A, encoding="utf-8")
    flat = cli("scan", str(empty), "--no-recursive", "--no-cache", "--workers", "1")
    assert flat.returncode == 0, flat.stderr
    assert flat.stdout.rstrip().endswith(
        "nothing to compare: no file holding text was found; sub-folders are not entered (--no-recursive)"
    )
    deep = cli("scan", str(empty), "--no-cache", "--workers", "1")
    assert "nothing to compare" not in deep.stdout and "1 file, 0 groups" in deep.stdout


def test_results_that_are_not_json_are_named_as_such(cli: RunCli, tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("hello\n", encoding="utf-8")
    done = cli("scan", "--results", str(text))
    assert done.returncode == 1
    assert done.stderr.strip().endswith("not a results file: not JSON (expecting value at line 1, column 1)")
