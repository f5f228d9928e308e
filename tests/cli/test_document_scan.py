"""The same report as .txt, .md, .html, .rtf, .docx, .odt, .epub and .pdf (and an edited .docx) is one group
in `simcompare scan`; documents that cannot be read are problems with their reasons; compare and fingerprint
take documents; --no-fold-chinese."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.documents import (
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


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("documents")
    for name, write in NINE.items():
        write(root / name)
    write_pdf(root / "minutes.pdf", UNRELATED)
    write_pdf(root / "locked.pdf", REPORT, password="secret")
    write_image_pdf(root / "scanned.pdf")
    return root


def test_nine_formats_of_one_report_are_one_group(cli: RunCli, folder: Path) -> None:
    result = cli("scan", str(folder), "--json", "--no-cache", "--workers", "2")
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


def test_compare_a_word_file_with_its_pdf(cli: RunCli, folder: Path) -> None:
    result = cli("compare", str(folder / "report.docx"), str(folder / "report.pdf"))
    assert result.returncode == 0, result.stderr
    assert "[docx]" in result.stdout and "[pdf]" in result.stdout
    assert "near-duplicates" in result.stdout


def test_fingerprint_takes_documents(cli: RunCli, folder: Path) -> None:
    result = cli("fingerprint", str(folder / "report.odt"), str(folder / "report.epub"), "--json")
    assert result.returncode == 0, result.stderr
    records = json.loads(result.stdout)["files"]
    assert [r["encoding"] for r in records] == ["odt", "epub"]
    locked = cli("fingerprint", str(folder / "locked.pdf"))
    assert locked.returncode == 1
    assert "password-protected" in locked.stderr


def test_no_fold_chinese_option(cli: RunCli, tmp_path: Path) -> None:
    simplified, traditional = tmp_path / "s.txt", tmp_path / "t.txt"
    simplified.write_text("后来我们讨论了电子商务与信息安全的问题，专家认为监管还不够完善。", "utf-8")
    traditional.write_text("後來我們討論了電子商務與信息安全的問題，專家認為監管還不夠完善。", "utf-8")
    folded = json.loads(cli("compare", str(simplified), str(traditional), "--json").stdout)
    apart = json.loads(cli("compare", str(simplified), str(traditional), "--json", "--no-fold-chinese").stdout)
    assert folded["settings"]["fold_chinese"] is True and apart["settings"]["fold_chinese"] is False
    assert folded["distance"] == 0 < apart["distance"]
