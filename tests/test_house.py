"""The window's house rules: no module of ``simcompare/gui/`` over 600 lines, no class over 40 methods, no
function over 80 lines, so that each page stays a layout wiring parts a reader can find."""

from __future__ import annotations

import ast
from pathlib import Path

GUI = Path(__file__).resolve().parents[1] / "simcompare" / "gui"
MAX_MODULE_LINES = 600
MAX_CLASS_METHODS = 40
MAX_FUNCTION_LINES = 80


def house_breaches(path: Path, name: str) -> list[str]:
    """What in the module at ``path`` (shown as ``name``) breaks a house rule, one sentence each."""
    text = path.read_text(encoding="utf-8")
    found = []
    lines = len(text.splitlines())
    if lines > MAX_MODULE_LINES:
        found.append(f"{name}: {lines} lines (at most {MAX_MODULE_LINES})")
    for node in ast.walk(ast.parse(text, filename=str(path))):
        if isinstance(node, ast.ClassDef):
            methods = sum(isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) for item in node.body)
            if methods > MAX_CLASS_METHODS:
                found.append(f"{name}: class {node.name} has {methods} methods (at most {MAX_CLASS_METHODS})")
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            assert node.end_lineno is not None
            length = node.end_lineno - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                found.append(
                    f"{name}:{node.lineno}: function {node.name} has {length} lines (at most {MAX_FUNCTION_LINES})"
                )
    return found


def test_the_rules_catch_each_breach(tmp_path: Path) -> None:
    long = tmp_path / "long.py"
    long.write_text("x = 1\n" * MAX_MODULE_LINES + "y = 2\n")
    body = "".join(f"    x{i} = {i}\n" for i in range(MAX_FUNCTION_LINES))
    function = tmp_path / "function.py"
    function.write_text(f"import os\n\n\ndef run():\n{body}")
    methods = "".join(f"    def m{i}(self):\n        pass\n" for i in range(MAX_CLASS_METHODS + 1))
    wide = tmp_path / "wide.py"
    wide.write_text(f"class Wide:\n{methods}")
    assert house_breaches(long, "long.py") == ["long.py: 601 lines (at most 600)"]
    assert house_breaches(function, "function.py") == ["function.py:4: function run has 81 lines (at most 80)"]
    assert house_breaches(wide, "wide.py") == ["wide.py: class Wide has 41 methods (at most 40)"]
    # At the limits exactly: 600 lines, a method of 80 lines, a class of 40 methods.
    at_limit = "".join(f"        x{i} = {i}\n" for i in range(MAX_FUNCTION_LINES - 1))
    fitting = tmp_path / "fits.py"
    fitting.write_text(
        "x = 1\n" * (MAX_MODULE_LINES - 1 - MAX_FUNCTION_LINES) + f"class Narrow:\n    def one(self):\n{at_limit}"
    )
    forty = tmp_path / "forty.py"
    forty.write_text(
        "class Forty:\n" + "".join(f"    def m{i}(self):\n        pass\n" for i in range(MAX_CLASS_METHODS))
    )
    assert house_breaches(fitting, "fits.py") == []
    assert house_breaches(forty, "forty.py") == []


def test_the_window_keeps_the_house_rules() -> None:
    modules = sorted(GUI.rglob("*.py"))
    assert modules, f"no modules found under {GUI}"
    found = [breach for path in modules for breach in house_breaches(path, str(path.relative_to(GUI.parent)))]
    assert not found, "the window breaks the house rules:\n" + "\n".join(found)
