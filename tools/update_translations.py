"""Regenerate the interface translations: ``python tools/update_translations.py``.

1. ``pyside6-lupdate`` collects every ``tr()``/``translate()`` string of ``simcompare/gui/*.py`` into
   ``resources/translations/simcompare_<lang>.ts``, keeping the translations already there and dropping
   strings that left the code (``-no-obsolete``).
2. English mirrors the sources, so its translations are filled in here (and marked finished); Chinese is
   written by hand (Qt Linguist, or any editor): a new string stays "unfinished" until someone translates
   it, and ``tests/gui/test_translations.py`` fails until then.
3. ``pyside6-lrelease`` compiles each ``.ts`` into the ``.qm`` the window loads. Both are checked in; the
   test recompiles them and compares bytes, so they cannot drift from the sources or the tool version.

``--check`` changes nothing and exits 1 when the checked-in files are out of date.
"""

from __future__ import annotations

import argparse
import filecmp
import importlib.util
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "resources" / "translations"
LANGUAGES = ("en", "zh_CN")


def qt_tool(name: str) -> str:
    """The path of Qt's ``lupdate`` or ``lrelease``, as PySide6 ships it.

    PySide6 installs ``pyside6-<name>`` launchers on PATH, but a virtual environment that was never activated
    (or one that borrows the system's packages) may not have them there: the executable itself sits in the
    PySide6 package folder. Raises FileNotFoundError naming both places when neither has it.
    """
    launcher = shutil.which(f"pyside6-{name}")
    if launcher:
        return launcher
    spec = importlib.util.find_spec("PySide6")  # found, not imported: this tool needs no Qt of its own
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError(f"pyside6-{name} is not on PATH and PySide6 is not installed: pip install PySide6")
    folder = Path(next(iter(spec.submodule_search_locations))).resolve()
    for candidate in (folder / name, folder / f"{name}.exe"):
        if candidate.is_file():
            return str(candidate)
    raise FileNotFoundError(f"pyside6-{name} is not on PATH and {folder / name} does not exist: reinstall PySide6")


def sources() -> list[str]:
    """The files lupdate reads, relative to the repository (so the .ts locations do not name a checkout)."""
    return sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "simcompare" / "gui").rglob("*.py"))


def lupdate(ts: Path, language: str) -> None:
    command = [qt_tool("lupdate"), *sources(), "-no-obsolete", "-locations", "relative"]
    command += ["-source-language", "en", "-target-language", language, "-ts", str(ts)]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)


def lrelease(ts: Path, qm: Path) -> None:
    subprocess.run([qt_tool("lrelease"), "-silent", str(ts), "-qm", str(qm)], cwd=ROOT, check=True)


def mirror_sources(ts: Path) -> None:
    """Make every translation equal its source and mark it finished (the English catalogue)."""
    tree = ET.parse(ts)
    for message in tree.iter("message"):
        source = message.findtext("source", "")
        translation = message.find("translation")
        if translation is None:
            translation = ET.SubElement(message, "translation")
        numerus = message.get("numerus") == "yes"
        forms = [form.text or "" for form in translation.findall("numerusform")]
        for child in list(translation):
            translation.remove(child)
        translation.attrib.pop("type", None)
        if numerus:  # English has two forms: "%n file" and "%n files" where written by hand, else the source
            written = len(forms) == 2 and all(forms) and forms != [source, source]
            translation.text = None
            for form in forms if written else [source, source]:
                ET.SubElement(translation, "numerusform").text = form
        else:
            translation.text = source
    tree.write(ts, encoding="utf-8", xml_declaration=True)


def messages(ts: Path) -> set[tuple[str, str, str, str]]:
    """(context, source, translation, type) of every message: what a .ts says, without its locations."""
    found = set()
    for context in ET.parse(ts).iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            translation = message.find("translation")
            text = "" if translation is None else "".join(translation.itertext())
            kind = "" if translation is None else translation.get("type", "")
            found.add((name, message.findtext("source", ""), text, kind))
    return found


def update(folder: Path) -> list[Path]:
    """Bring the .ts and .qm files in ``folder`` up to date; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for language in LANGUAGES:
        ts = folder / f"simcompare_{language}.ts"
        lupdate(ts, language)
        if language == "en":
            mirror_sources(ts)
            lupdate(ts, language)  # lupdate's own layout again, so a rerun changes nothing
        qm = ts.with_suffix(".qm")
        lrelease(ts, qm)
        written += [ts, qm]
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report whether the files are up to date")
    args = parser.parse_args(argv)
    if not args.check:
        for path in update(FOLDER):
            print(path.relative_to(ROOT))
        return 0
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / "translations"
        shutil.copytree(FOLDER, copy)
        stale = []
        for path in update(copy):  # a .ts in another folder names other locations: compare its messages
            same = messages(path) == messages(FOLDER / path.name) if path.suffix == ".ts" else None
            if same is None:
                same = filecmp.cmp(path, FOLDER / path.name, shallow=False)
            if not same:
                stale.append(path.name)
    for name in stale:
        print(f"out of date: resources/translations/{name}", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
