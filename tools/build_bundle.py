"""Build the one-folder bundle for people without Python, then try it: ``python tools/build_bundle.py``.

Needs PyInstaller in the Python that runs this (``pip install pyinstaller``), besides simcompare's own
dependencies. PyInstaller builds for the system it runs on: run this on Linux for the Linux bundle, on macOS or
Windows for theirs (see docs/install.md).

On Linux, install the X11 libraries of Qt's window plugin first (``XCB_PACKAGES`` below): PyInstaller copies
them into the bundle, and the check fails when one is missing.

1. PyInstaller turns ``packaging/simcompare.spec`` into ``dist/simcompare/`` (work files in ``build/bundle/``):
   the executables ``simcompare`` and ``simcompare-gui`` and the folder ``_internal`` beside them.
2. The bundle is tried from a new temporary folder outside the source tree, with no PYTHONPATH, no display and
   empty cache and settings folders, so that a data file left out fails here and not on a user's machine:
   its version; a Chinese text's words (jieba's dictionary); a Traditional Chinese text folded to Simplified
   (OpenCC's tables); a PDF's text (PDFium); a folder scan (its workers are the bundle started again); the
   window drawn in Chinese to a PNG (Qt's offscreen platform, image plugins, translations, the examples); and
   the one-line message when there is no display.
3. It prints the build time and the bundle's size.

``--check-only`` skips the build and tries an existing bundle. Exits 1 when the build or a check fails.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "packaging" / "simcompare.spec"
TIMEOUT = 300
# Qt's X11 plugin needs these Debian/Ubuntu packages' libraries where the bundle is built, so that PyInstaller copies
# them into it (a desktop may lack some, libxcb-cursor0 most often; libGL and libEGL come from the desktop's driver).
XCB_PACKAGES = (
    "libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0 libxcb-render-util0 libxcb-shape0 "
    "libxcb-sync1 libxcb-xfixes0 libxcb-xkb1 libxkbcommon-x11-0 libx11-xcb1"
)


class CheckFailed(Exception):
    """The bundle did not do what it should; the message says what."""


def build(dist: Path, work: Path) -> float:
    """Run PyInstaller on the spec; returns the seconds it took."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        raise SystemExit("build_bundle: PyInstaller is not installed here: pip install pyinstaller") from None
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN"]
    command += ["--distpath", str(dist), "--workpath", str(work), str(SPEC)]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # the spec puts this tree first itself
    started = time.perf_counter()
    subprocess.run(command, check=True, cwd=ROOT, env=env)
    return time.perf_counter() - started


def size_of(folder: Path) -> int:
    """Bytes of every file under ``folder`` (links not followed)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


# A one-page PDF with a text layer in a standard font, written by hand (PDFium reads it; offsets are computed).
def _pdf(text: str) -> bytes:
    stream = f"BT /F1 12 Tf 20 50 Td ({text}) Tj ET".encode("ascii")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 100] /Resources << /Font << /F1 4 0 R >> >> "
        b"/Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream),
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def _run(executable: Path, *args: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(executable), *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=TIMEOUT, check=False
    )


def _ok(result: subprocess.CompletedProcess[str], what: str) -> str:
    if result.returncode != 0 or "Traceback" in result.stderr:
        raise CheckFailed(f"{what}: exit {result.returncode}\n{result.stderr.strip()}")
    return result.stdout


def _tokens(output: str) -> list[set[str]]:
    return [{token["token"] for token in file["tokens"]} for file in json.loads(output)["files"]]


def missing_libraries(bundle: Path) -> list[str]:
    """The libraries that Qt's X11 plugin in the bundle cannot find (Linux; empty elsewhere or without ldd)."""
    internal = bundle / "_internal"
    plugin = next(internal.glob("PySide6/Qt/plugins/platforms/libqxcb.so"), None)
    ldd = shutil.which("ldd")
    if not sys.platform.startswith("linux") or plugin is None or ldd is None:
        return []
    env = {**os.environ, "LD_LIBRARY_PATH": str(internal)}
    shown = subprocess.run([ldd, str(plugin)], capture_output=True, text=True, env=env, check=False).stdout
    return sorted({line.split()[0] for line in shown.splitlines() if "not found" in line})


def check(bundle: Path) -> list[str]:
    """Try the bundle in a fresh folder outside the source tree; returns one line per check passed.

    Raises:
        CheckFailed: a check did not pass (the message names it and shows the bundle's error output).
    """
    executable = bundle / ("simcompare.exe" if os.name == "nt" else "simcompare")
    if not executable.is_file():
        raise CheckFailed(f"no executable {executable}: build the bundle first")
    passed = []
    missing = missing_libraries(bundle)
    if missing:
        raise CheckFailed(
            f"Qt's X11 plugin in the bundle lacks {' '.join(missing)}: install them where the bundle is built "
            f"(apt-get install {XCB_PACKAGES}), then build again"
        )
    if sys.platform.startswith("linux"):
        passed.append("Qt's X11 plugin finds every library it needs")
    with tempfile.TemporaryDirectory(prefix="simcompare-bundle-") as temporary:
        here = Path(temporary)
        if here.resolve().is_relative_to(ROOT):
            raise CheckFailed(f"the temporary folder {here} is inside the source tree; set TMPDIR elsewhere")
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in ("PYTHONPATH", "PYTHONHOME", "DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET", "QT_QPA_PLATFORM")
        }
        env.update(
            XDG_CACHE_HOME=str(here / "cache"),
            XDG_CONFIG_HOME=str(here / "config"),
            XDG_DATA_HOME=str(here / "data"),
            LOCALAPPDATA=str(here / "cache"),
            APPDATA=str(here / "config"),
        )

        version = _ok(_run(executable, "--version", cwd=here, env=env), "--version").strip()
        wanted = re.search(r'^version\s*=\s*"([^"]+)"', (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)
        if wanted is None or version != f"simcompare {wanted.group(1)}":
            raise CheckFailed(f"--version says {version!r}, pyproject.toml {wanted and wanted.group(1)!r}")
        passed.append(f"version: {version}")

        (here / "zh.txt").write_text("你好世界，这是一个测试", encoding="utf-8")
        (here / "zh-hant.txt").write_text("這是一個測試", encoding="utf-8")
        (here / "doc.pdf").write_bytes(_pdf("near duplicate text inside a portable document"))
        output = _ok(
            _run(executable, "fingerprint", "--json", "zh.txt", "zh-hant.txt", "doc.pdf", cwd=here, env=env),
            "fingerprint of Chinese, Traditional Chinese and a PDF",
        )
        chinese, traditional, pdf = _tokens(output)
        if not {"世界", "测试"} <= chinese:
            raise CheckFailed(f"jieba did not find the words of 你好世界，这是一个测试: {sorted(chinese)}")
        passed.append("jieba's dictionary: 你好世界，这是一个测试 → " + " ".join(sorted(chinese)))
        if "测试" not in traditional:
            raise CheckFailed(f"OpenCC did not fold 這是一個測試 to Simplified: {sorted(traditional)}")
        passed.append("OpenCC: 這是一個測試 → " + " ".join(sorted(traditional)))
        if not {"duplicate", "portable"} <= pdf:
            raise CheckFailed(f"PDFium read no text from the PDF: {sorted(pdf)}")
        passed.append("PDFium: " + " ".join(sorted(pdf)))

        folder = here / "folder"
        folder.mkdir()
        text = " ".join(f"word{n % 97} term{n % 89}" for n in range(400))
        (folder / "a.txt").write_text(text, encoding="utf-8")
        (folder / "b.txt").write_text(text.replace("word5 ", "changed ", 1), encoding="utf-8")
        (folder / "c.txt").write_text(" ".join(f"other{n % 83}" for n in range(400)), encoding="utf-8")
        scan = json.loads(
            _ok(_run(executable, "scan", "--json", "--workers", "2", str(folder), cwd=here, env=env), "scan")
        )
        members = [sorted(member["path"] for member in group["members"]) for group in scan["groups"]]
        if members != [["a.txt", "b.txt"]] or scan["problems"]:
            raise CheckFailed(f"the scan found {members} (problems: {scan['problems']}), not a.txt with b.txt")
        passed.append("scan with 2 worker processes: a.txt ~ b.txt")

        shot = here / "shot.png"
        _ok(
            _run(executable, "--screenshot", str(shot), "--lang", "zh_CN", "--size", "1000x700", cwd=here, env=env),
            "--screenshot in Chinese",
        )
        header = shot.read_bytes()[:24] if shot.is_file() else b""
        if header[:8] != b"\x89PNG\r\n\x1a\n" or struct.unpack(">II", header[16:24]) != (1000, 700):
            raise CheckFailed(f"--screenshot wrote no 1000x700 PNG at {shot}")
        passed.append("window drawn offscreen in Chinese: 1000x700 PNG")

        if sys.platform.startswith("linux"):
            result = _run(executable, cwd=here, env=env)
            if result.returncode != 1 or not result.stderr.startswith("simcompare: no display"):
                raise CheckFailed(f"with no display: exit {result.returncode}, {result.stderr.strip()!r}")
            passed.append("no display: one line, exit 1")
    return passed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the bundle goes (default dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "bundle", help="PyInstaller's work files")
    parser.add_argument("--check-only", action="store_true", help="try an existing bundle; build nothing")
    args = parser.parse_args(argv)
    bundle = args.dist.resolve() / "simcompare"
    if not args.check_only:
        if bundle.exists():
            shutil.rmtree(bundle)
        seconds = build(args.dist.resolve(), args.work.resolve())
        print(f"built {bundle} in {seconds:.0f} s")
    try:
        for line in check(bundle):
            print(f"ok: {line}")
    except CheckFailed as failure:
        print(f"build_bundle: the bundle failed a check: {failure}", file=sys.stderr)
        return 1
    print(f"size: {size_of(bundle) / 2**20:.0f} MiB in {sum(1 for _ in bundle.rglob('*'))} files and folders")
    return 0


if __name__ == "__main__":
    sys.exit(main())
