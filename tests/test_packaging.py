"""The package as a user receives it: resources inside the wheel, and the layering rule."""

from __future__ import annotations

import ast
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_wheel_carries_resources(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path), str(ROOT)],
        check=True,
        timeout=600,
    )
    (wheel,) = tmp_path.glob("simcompare-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "simcompare/resources/stopwords/zh.txt" in names
    assert "simcompare/resources/stopwords/en.txt" in names
    assert "simcompare/core/fingerprint/simhash.py" in names


def test_stopwords_load_through_the_resource_helper() -> None:
    from simcompare.core.tokens.segment import stopwords

    words = stopwords()
    assert {"的", "the", "and"} <= words


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize(
    "path",
    [*sorted((ROOT / "simcompare" / "core").rglob("*.py")), *sorted((ROOT / "simcompare" / "cli").glob("*.py"))],
    ids=lambda p: p.relative_to(ROOT / "simcompare").as_posix(),
)
def test_core_and_cli_never_import_qt(path: Path) -> None:
    assert "PySide6" not in _imports(path)


def test_the_version_is_the_installed_metadata() -> None:
    import importlib.metadata

    import simcompare

    assert simcompare.__version__ == importlib.metadata.version("simcompare")


def test_a_source_tree_never_installed_reads_the_version_from_pyproject(tmp_path: Path) -> None:
    from simcompare._version import package_version

    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "nowhere"\nversion = "7.8.9"\n', encoding="utf-8")
    assert package_version("simcompare-never-installed", pyproject) == "7.8.9"
    assert package_version("simcompare-never-installed", tmp_path / "missing.toml") == "0+unknown"
