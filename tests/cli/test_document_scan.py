"""The same report as .txt, .md, .html, .rtf, .docx, .odt, .epub and .pdf (and an edited .docx) is one group
in a real `simcompare scan`; documents that cannot be read are problems with their reasons."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from document_factory import (
    write_docx,
    write_epub,
    write_html,
    write_image_pdf,
    write_markdown,
    write_odt,
    write_pdf,
    write_rtf,
)

REPORT = """Quarterly report on the river restoration project

The restoration of the northern river banks continued through the spring. Volunteers planted willow and alder \
along four kilometres of the eroded shore, and the survey team counted nesting kingfishers at eleven sites, \
three more than last year.

Water quality improved after the upstream farms reduced their fertiliser use. Nitrate levels fell by a fifth, \
and the clear water let aquatic plants return to the shallow bays where pike spawn in April.

The budget stayed within its limits. Most of the money went to machinery for removing invasive knotweed, \
to stone for the new fish passes at the old mill weir, and to training for the volunteer wardens.

Next quarter the team will monitor the fish passes, repair the footpath damaged by the winter floods, \
and publish a guide for schools that visit the wetland nature reserve."""

EDITED = (
    REPORT.replace("eleven sites", "twelve sites")
    .replace("a fifth", "a quarter")
    .replace("publish a guide", "print a short guide")
)

UNRELATED = """Minutes of the chess club annual meeting

The treasurer presented the accounts: membership fees rose slightly and the club bought six new clocks. \
The tournament director proposed a rapid championship in October with a time control of fifteen minutes \
plus ten seconds per move. Members discussed opening lessons for beginners on Tuesday evenings, a simultaneous \
exhibition by the strongest junior player, and moving the library of chess books to the new cupboard."""

NINE = {
    "report.txt": lambda p: p.write_text(REPORT, "utf-8"),
    "report.md": lambda p: write_markdown(p, REPORT),
    "report.html": lambda p: write_html(p, REPORT),
    "report.rtf": lambda p: write_rtf(p, REPORT),
    "report.docx": lambda p: write_docx(p, REPORT),
    "report.odt": lambda p: write_odt(p, REPORT),
    "report.epub": lambda p: write_epub(p, REPORT),
    "report.pdf": lambda p: write_pdf(p, REPORT),
    "report-edited.docx": lambda p: write_docx(p, EDITED),
}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-m", "simcompare", *args], capture_output=True, text=True, timeout=120)
    assert "Traceback" not in result.stderr, result.stderr
    return result


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("documents")
    for name, write in NINE.items():
        write(root / name)
    write_pdf(root / "minutes.pdf", UNRELATED)
    write_pdf(root / "locked.pdf", REPORT, password="secret")
    write_image_pdf(root / "scanned.pdf")
    return root


def test_nine_formats_of_one_report_are_one_group(folder: Path) -> None:
    result = run("scan", str(folder), "--json", "--no-cache", "--workers", "2")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    groups = [{m["path"] for m in g["members"]} for g in data["groups"]]
    assert set(NINE) in groups
    assert not any("minutes.pdf" in g for g in groups)
    problems = {p["path"]: p for p in data["problems"]}
    assert set(problems) == {"locked.pdf", "scanned.pdf"}  # the unrelated PDF was read, just is nobody's copy
    assert problems["locked.pdf"]["reason"] == "encrypted"
    assert "password" in problems["locked.pdf"]["detail"]
    assert problems["scanned.pdf"]["reason"] == "no_text_layer"
    assert "no text layer" in problems["scanned.pdf"]["detail"]


def test_compare_a_word_file_with_its_pdf(folder: Path) -> None:
    result = run("compare", str(folder / "report.docx"), str(folder / "report.pdf"))
    assert result.returncode == 0, result.stderr
    assert "[docx]" in result.stdout and "[pdf]" in result.stdout
    assert "near-duplicates" in result.stdout


def test_fingerprint_takes_documents(folder: Path) -> None:
    result = run("fingerprint", str(folder / "report.odt"), str(folder / "report.epub"), "--json")
    assert result.returncode == 0, result.stderr
    records = json.loads(result.stdout)["files"]
    assert [r["encoding"] for r in records] == ["odt", "epub"]
    locked = run("fingerprint", str(folder / "locked.pdf"))
    assert locked.returncode == 1
    assert "password-protected" in locked.stderr
