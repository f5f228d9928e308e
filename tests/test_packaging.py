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


# The layers, as import rules: a module named on the left never imports what is named on the right, directly or
# through a function-level import, a TYPE_CHECKING block or ``importlib.import_module("...")``. The library's root
# (``simcompare/__init__.py``, ``_version.py``) is held to the core's rule.
_QT = ("PySide6", "shiboken6")
LAYER_RULES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (
        ("simcompare.core", "simcompare", "simcompare._version"),
        (*_QT, "simcompare.gui", "simcompare.cli", "simcompare.spark"),
    ),
    (("simcompare.cli", "simcompare.__main__"), _QT),  # the command line starts the window through simcompare.gui
    (("simcompare.gui",), ("simcompare.cli",)),
    (("simcompare.spark",), (*_QT, "simcompare.gui")),
)
PACKAGE = ROOT / "simcompare"


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_names(source: str, module: str, *, is_package: bool = False) -> set[str]:
    """Every module name *source* (the text of *module*) imports, at any depth of its syntax tree.

    ``from a.b import c`` yields ``a.b`` and ``a.b.c`` (c may be a submodule); relative imports are resolved
    against *module*; ``importlib.import_module("x")`` and ``__import__("x")`` with a literal name yield ``x``.
    """
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                origin = ".".join([*base, node.module] if node.module else base)
            else:
                origin = node.module or ""
            found.add(origin)
            found.update(f"{origin}.{alias.name}" for alias in node.names if alias.name != "*")
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            first = node.args[0]
            if (
                called in {"import_module", "__import__"}
                and isinstance(first, ast.Constant)
                and isinstance(first.value, str)
            ):
                found.add(first.value)
    return found


def layer_violations(module: str, imports: set[str]) -> list[str]:
    """The imports of *module* that cross a layer, as "module imports name" lines."""
    crossing = []
    for sources, forbidden in LAYER_RULES:
        # "simcompare" names the package root only, not every module under it
        if not any(module == source or (source != "simcompare" and _within(module, source)) for source in sources):
            continue
        crossing += [f"{module} imports {name}" for name in sorted(imports) if any(_within(name, f) for f in forbidden)]
    return crossing


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_the_walk_sees_every_layer() -> None:
    names = {_module_name(path) for path in MODULES}
    for expected in (
        "simcompare",
        "simcompare.core.text.readers",
        "simcompare.cli.scan",
        "simcompare.spark.job",
        "simcompare.gui.folder",
    ):
        assert expected in names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_no_import_crosses_a_layer(path: Path) -> None:
    module = _module_name(path)
    imports = imported_names(path.read_text(encoding="utf-8"), module, is_package=path.name == "__init__.py")
    violations = layer_violations(module, imports)
    assert not violations, "an import crosses the layers (docs/development.md):\n" + "\n".join(violations)


_SYNTHETIC = """
import json
from simcompare.core.fingerprint import simhash

def later():
    from PySide6.QtCore import QObject
    if True:
        import importlib
        importlib.import_module("simcompare.cli.scan")
    from .. import gui
    from ..spark.job import run_job
    return __import__("shiboken6")
"""


def test_the_walk_finds_imports_at_any_depth() -> None:
    imports = imported_names(_SYNTHETIC, "simcompare.core.sample")
    assert imports == {
        "json",
        "simcompare.core.fingerprint",
        "simcompare.core.fingerprint.simhash",
        "PySide6.QtCore",
        "PySide6.QtCore.QObject",
        "importlib",
        "simcompare.cli.scan",
        "simcompare",
        "simcompare.gui",
        "simcompare.spark.job",
        "simcompare.spark.job.run_job",
        "shiboken6",
    }
    assert layer_violations("simcompare.core.sample", imports) == [
        "simcompare.core.sample imports PySide6.QtCore",
        "simcompare.core.sample imports PySide6.QtCore.QObject",
        "simcompare.core.sample imports shiboken6",
        "simcompare.core.sample imports simcompare.cli.scan",
        "simcompare.core.sample imports simcompare.gui",
        "simcompare.core.sample imports simcompare.spark.job",
        "simcompare.core.sample imports simcompare.spark.job.run_job",
    ]


@pytest.mark.parametrize(
    ("module", "source", "crossing"),
    [
        ("simcompare.gui.folder.page", "from simcompare.cli.names import display_name", ["simcompare.cli.names"]),
        ("simcompare.gui.folder.page", "from simcompare import cli", ["simcompare.cli"]),
        ("simcompare.gui.folder.page", "from PySide6 import QtCore\nimport simcompare.core.folder.scan", []),
        ("simcompare.spark.job", "from simcompare.gui.app import run", ["simcompare.gui.app"]),
        ("simcompare.spark.job", "from simcompare.core.search import index", []),
        ("simcompare.cli.window", "def start():\n    from simcompare.gui import app", []),
        ("simcompare.cli.window", "from PySide6.QtWidgets import QApplication", ["PySide6.QtWidgets"]),
        ("simcompare", "from simcompare.spark import run_job", ["simcompare.spark"]),
        ("simcompare.__main__", "from simcompare.cli import main", []),
    ],
)
def test_each_rule_can_fail(module: str, source: str, crossing: list[str]) -> None:
    violations = layer_violations(module, imported_names(source, module))
    assert [line.removeprefix(f"{module} imports ") for line in violations][: len(crossing)] == crossing
    assert bool(violations) == bool(crossing)


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
