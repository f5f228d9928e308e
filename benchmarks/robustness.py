"""Issue 10's battery against the installed command line: careless and hostile inputs, each with a timeout.

    python benchmarks/robustness.py            # every case; prints a table and the totals
    python benchmarks/robustness.py -k cache   # only the cases whose name holds "cache"

Every case runs ``python -m simcompare …`` as a user would, in a fresh temporary folder with its own
``HOME`` and ``XDG_CACHE_HOME`` (nothing touches the real cache), and checks what must hold: the exit
code, one-line messages without a traceback, the user's files unchanged, nothing left running. A case
that does not finish within its timeout has failed (it hung). Linux only: FIFOs, sockets, ``/dev/zero``,
``/proc`` and process groups are the point.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from helpers.raw_pdf import one_page_pdf  # the same hostile PDFs as the reader's tests

EN = "The quiet river ran past the old mill, where the baker sold warm bread to travellers every morning."
EN2 = EN.replace("quiet", "silent")
ZH = "今天天气很好，我们去公园散步吧。明天我们去上海看望朋友，顺便参观博物馆和美术馆，晚上一起吃饭聊天。"
KO = "대한민국은 동아시아의 한반도 남부에 위치한 민주공화국이다. 수도는 서울특별시이며 인구는 약 오천만 명이다."
JA = "日本語の文章です。東京は日本の首都であり、多くの人々が暮らしています。今日はとてもいい天気ですね。"
FR = "Le café est très apprécié en France. Où est la bibliothèque? Ça va très bien, merci beaucoup."
PL = "Zażółć gęślą jaźń. Pchnąć w tę łódź jeża lub ośm skrzyń fig."
RU = "Привет, как дела? Это пример текста на русском языке для проверки."
TW = "今天天氣很好，我們去公園散步吧。明天我們去上海看望朋友，順便參觀博物館。"
TIMEOUT = 90.0
MB = 1024 * 1024
# Runs the command line as `python -m simcompare` does and, at exit, writes the process's peak resident
# memory (kilobytes on Linux) to the file the environment names: the table's peak column.
_PEAK_WRAPPER = """
import atexit, os, resource, runpy, sys
def _peak():
    with open(os.environ["SIMCOMPARE_BATTERY_PEAK"], "w") as out:
        out.write(str(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))
atexit.register(_peak)
sys.argv[0] = "simcompare"
runpy.run_module("simcompare", run_name="__main__", alter_sys=True)
"""
_PEAKS: list[int] = []  # kilobytes, per run of the current case


@dataclass
class Run:
    code: int | None  # None: it hung and was killed
    out: bytes
    err: bytes

    @property
    def text(self) -> str:
        return self.out.decode("utf-8", "replace")

    @property
    def error(self) -> str:
        return self.err.decode("utf-8", "replace")


class Box:
    """One case's temporary world: a folder, a home, a cache folder, and the command runner."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.home = root / "home"
        self.home.mkdir()
        self.docs = root / "docs"
        self.docs.mkdir()
        self.env = dict(os.environ, HOME=str(self.home), XDG_CACHE_HOME=str(root / "xdg"), PYTHONIOENCODING="utf-8")
        self.env.pop("PYTHONWARNINGS", None)

    def write(self, name: str | bytes, text: str = EN, encoding: str = "utf-8") -> Path:
        path = Path(os.fsdecode(self.docs)) / os.fsdecode(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode(encoding))
        return path

    def run(self, *args: str, timeout: float = TIMEOUT, cwd: Path | None = None, env: dict | None = None) -> Run:
        peak = self.root / f"peak-{uuid.uuid4().hex}"
        env = dict(env or self.env, SIMCOMPARE_BATTERY_PEAK=str(peak))
        try:
            return self._run(args, timeout, cwd, env)
        finally:
            with contextlib.suppress(OSError, ValueError):
                _PEAKS.append(int(peak.read_text()))
                peak.unlink()

    def _run(self, args: tuple[str, ...], timeout: float, cwd: Path | None, env: dict) -> Run:
        with subprocess.Popen(
            [sys.executable, "-c", _PEAK_WRAPPER, *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            cwd=cwd or self.root,
            env=env,
            start_new_session=True,
        ) as child:
            try:
                out, err = child.communicate(timeout=timeout)
                return Run(child.returncode, out, err)
            except subprocess.TimeoutExpired:
                os.killpg(child.pid, signal.SIGKILL)
                out, err = child.communicate()
                return Run(None, out, err)


# ------------------------------------------------------------------------------------------ checks


def one_line_usage_error(run: Run) -> tuple[bool, str]:
    ok = run.code == 2 and run.error.count("\n") == 1 and "Traceback" not in run.error
    return ok, run.error.strip()[:90]


def exit_code(run: Run, code: int) -> tuple[bool, str]:
    ok = run.code == code and "Traceback" not in run.error
    return ok, f"exit {run.code}: {run.error.strip()[:80]}"


CASES: list[tuple[str, Callable[[Box], tuple[bool, str]]]] = []


def case(name: str) -> Callable[[Callable[[Box], tuple[bool, str]]], Callable[[Box], tuple[bool, str]]]:
    def register(function: Callable[[Box], tuple[bool, str]]) -> Callable[[Box], tuple[bool, str]]:
        CASES.append((name, function))
        return function

    return register


# ---------------------------------------------------------------- the user's files: --cache PATH


def _refused_untouched(box: Box, target: Path, cache_arg: str | None = None) -> tuple[bool, str]:
    box.write("a.txt")
    before = sorted(p.name for p in target.parent.iterdir()) if target.parent.exists() else []
    content = target.read_bytes() if target.is_file() else None
    run = box.run("scan", str(box.docs), "--cache", cache_arg or str(target), "--workers", "1")
    ok, note = one_line_usage_error(run)
    after = sorted(p.name for p in target.parent.iterdir()) if target.parent.exists() else []
    ok = ok and before == after and (content is None or target.read_bytes() == content)
    return ok, note


@case("cache: a user's text file")
def _(box: Box) -> tuple[bool, str]:
    notes = box.root / "notes.txt"
    notes.write_text("my notes\n")
    return _refused_untouched(box, notes)


@case("cache: an empty file")
def _(box: Box) -> tuple[bool, str]:
    empty = box.root / "empty.db"
    empty.write_bytes(b"")
    return _refused_untouched(box, empty)


@case("cache: another program's SQLite file")
def _(box: Box) -> tuple[bool, str]:
    path = box.root / "other.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE t (x)")
    db.execute("INSERT INTO t VALUES ('keep me')")
    db.commit()
    db.close()
    return _refused_untouched(box, path)


@case("cache: a folder")
def _(box: Box) -> tuple[bool, str]:
    return _refused_untouched(box, box.root / "home", str(box.home))


@case("cache: /dev/null")
def _(box: Box) -> tuple[bool, str]:
    box.write("a.txt")
    run = box.run("scan", str(box.docs), "--cache", "/dev/null", "--workers", "1")
    ok, note = one_line_usage_error(run)
    return ok and stat.S_ISCHR(os.stat("/dev/null").st_mode), note


@case("cache: a FIFO")
def _(box: Box) -> tuple[bool, str]:
    fifo = box.root / "cache.fifo"
    os.mkfifo(fifo)
    ok, note = _refused_untouched(box, fifo)
    return ok and stat.S_ISFIFO(os.stat(fifo).st_mode), note


@case("cache: a path under a file")
def _(box: Box) -> tuple[bool, str]:
    notes = box.root / "notes.txt"
    notes.write_text("mine")
    return _refused_untouched(box, notes, str(notes / "cache.sqlite3"))


@case("cache: a link to a user's file")
def _(box: Box) -> tuple[bool, str]:
    notes = box.root / "notes.txt"
    notes.write_text("mine")
    link = box.root / "cache.sqlite3"
    link.symlink_to(notes)
    ok, note = _refused_untouched(box, notes, str(link))
    return ok and link.is_symlink(), note


@case("cache: --cache ''")
def _(box: Box) -> tuple[bool, str]:
    box.write("a.txt")
    return one_line_usage_error(box.run("scan", str(box.docs), "--cache", ""))


@case("cache: own damaged file set aside")
def _(box: Box) -> tuple[bool, str]:
    box.write("a.txt")
    path = box.root / "c.sqlite3"
    first = box.run("scan", str(box.docs), "--cache", str(path), "--workers", "1")
    data = bytearray(path.read_bytes())
    data[100:] = os.urandom(len(data) - 100)
    path.write_bytes(bytes(data))
    run = box.run("scan", str(box.docs), "--cache", str(path), "--workers", "1")
    aside = [p for p in box.root.iterdir() if ".damaged-" in p.name]
    ok = first.code == 0 and run.code == 0 and len(aside) >= 1 and run.error.count("\n") == 1
    return ok, run.error.strip()[:90]


@case("cache: relative XDG_CACHE_HOME")
def _(box: Box) -> tuple[bool, str]:
    box.write("a.txt")
    env = dict(box.env, XDG_CACHE_HOME="cache-here")
    before = sorted(p.name for p in box.docs.iterdir())
    run = box.run("scan", ".", "--workers", "1", cwd=box.docs, env=env)
    ok = run.code == 0 and sorted(p.name for p in box.docs.iterdir()) == before
    return ok and (box.home / ".cache" / "simcompare" / "cache.sqlite3").is_file(), f"exit {run.code}"


@case("cache: cache folder cannot be made")
def _(box: Box) -> tuple[bool, str]:
    box.write("a.txt")
    (box.root / "xdg").write_text("a file where a folder should be")
    run = box.run("scan", str(box.docs), "--workers", "1")
    ok = run.code == 0 and run.error.count("\n") == 1 and run.error.startswith("simcompare: warning:")
    return ok, run.error.strip()[:90]


@case("cache: no HOME")
def _(box: Box) -> tuple[bool, str]:
    box.write("a.txt")
    env = dict(box.env, HOME="", XDG_CACHE_HOME="")
    run = box.run("scan", str(box.docs), "--workers", "1", env=env)
    ok = run.code == 0 and run.error.count("\n") == 1 and "warning" in run.error
    return ok, run.error.strip()[:90]


@case("cache: bad rows are misses, rewritten")
def _(box: Box) -> tuple[bool, str]:
    box.write("a.txt")
    box.write("b.txt", EN2)
    path = box.root / "c.sqlite3"
    box.run("scan", str(box.docs), "--cache", str(path), "--workers", "1")
    db = sqlite3.connect(path)
    db.execute("UPDATE fingerprints SET payload = CAST(X'80FF' AS TEXT)")
    db.execute("UPDATE features SET payload = '{broken'")
    db.commit()
    db.close()
    run = box.run("scan", str(box.docs), "--cache", str(path), "--workers", "1", "--json")
    db = sqlite3.connect(path)
    good = db.execute("SELECT COUNT(*) FROM fingerprints WHERE payload LIKE '{%}'").fetchone()[0]
    db.close()
    ok = run.code == 0 and run.error == "" and json.loads(run.out)["files"] == 2 and good == 2
    return ok, f"exit {run.code}, {good} rows rewritten"


@case("cache: same-size edit, mtime restored")
def _(box: Box) -> tuple[bool, str]:
    a = box.write("a.txt")
    b = box.write("b.txt")
    path = box.root / "c.sqlite3"
    first = json.loads(box.run("scan", str(box.docs), "--cache", str(path), "--json", "--workers", "1").out)
    info = b.stat()
    b.write_bytes((ZH.encode("utf-8") + b" " * len(EN))[: info.st_size])
    os.utime(b, ns=(info.st_atime_ns, info.st_mtime_ns))
    second = json.loads(box.run("scan", str(box.docs), "--cache", str(path), "--json", "--workers", "1").out)
    ok = len(first["groups"]) == 1 and second["groups"] == [] and a.exists()
    return ok, f"groups {len(first['groups'])} then {len(second['groups'])}"


# ---------------------------------------------------------------- bounded time and memory


@case("fingerprint a FIFO")
def _(box: Box) -> tuple[bool, str]:
    os.mkfifo(box.docs / "fifo.txt")
    return exit_code(box.run("fingerprint", str(box.docs / "fifo.txt")), 1)


@case("compare a FIFO")
def _(box: Box) -> tuple[bool, str]:
    os.mkfifo(box.docs / "fifo.txt")
    return exit_code(box.run("compare", str(box.docs / "fifo.txt"), str(box.write("a.txt"))), 1)


@case("fingerprint /dev/zero")
def _(box: Box) -> tuple[bool, str]:
    return exit_code(box.run("fingerprint", "/dev/zero"), 1)


@case("fingerprint /dev/urandom")
def _(box: Box) -> tuple[bool, str]:
    return exit_code(box.run("fingerprint", "/dev/urandom"), 1)


@case("fingerprint - < /dev/zero")
def _(box: Box) -> tuple[bool, str]:
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run(
            [sys.executable, "-m", "simcompare", "fingerprint", "-"],
            stdin=zero,
            capture_output=True,
            env=box.env,
            timeout=TIMEOUT,
        )
    return done.returncode == 1 and b"Traceback" not in done.stderr, done.stderr.decode()[:80]


@case("scan: a folder tree 1,200 deep")
def _(box: Box) -> tuple[bool, str]:
    deep = box.docs
    for _ in range(1200):  # one by one: mkdir(parents=True) itself recurses
        deep = deep / "d"
        deep.mkdir()
    (deep / "a.txt").write_text(EN)
    box.write("b.txt")
    run = box.run("scan", str(box.docs), "--json", "--no-cache", "--workers", "1")
    data = json.loads(run.out) if run.code == 0 else {}
    return run.code == 0 and data["files"] == 2 and len(data["groups"]) == 1, f"exit {run.code}"


@case("scan: a FIFO given as the folder")
def _(box: Box) -> tuple[bool, str]:
    os.mkfifo(box.root / "fifo")
    return exit_code(box.run("scan", str(box.root / "fifo")), 1)


@case("scan: a device in the folder")
def _(box: Box) -> tuple[bool, str]:
    box.write("a.txt")
    try:
        os.mknod(box.docs / "dev.txt", 0o600 | stat.S_IFCHR, os.makedev(1, 5))  # /dev/zero's numbers
    except PermissionError:
        return True, "not root: no device node can be made (case passes vacuously)"
    return _scan_problem(box, "dev.txt", "not_regular")


@case("fingerprint a folder")
def _(box: Box) -> tuple[bool, str]:
    return exit_code(box.run("fingerprint", str(box.docs)), 1)


def _scan_problem(box: Box, name: str, reason: str) -> tuple[bool, str]:
    run = box.run("scan", str(box.docs), "--json", "--no-cache", "--workers", "1", "--suffix", "*")
    if run.code != 0:
        return False, f"exit {run.code}: {run.error.strip()[:70]}"
    problems = {p["path"]: p["reason"] for p in json.loads(run.out)["problems"]}
    return problems.get(name) == reason, f"{name}: {problems.get(name)}"


@case("scan meets a FIFO")
def _(box: Box) -> tuple[bool, str]:
    box.write("a.txt")
    os.mkfifo(box.docs / "pipe.txt")
    return _scan_problem(box, "pipe.txt", "not_regular")


@case("scan meets a socket")
def _(box: Box) -> tuple[bool, str]:
    box.write("a.txt")
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(box.docs / "s.txt"))
    try:
        return _scan_problem(box, "s.txt", "not_regular")
    finally:
        server.close()


@case("scan meets a FIFO, many workers")
def _(box: Box) -> tuple[bool, str]:
    for number in range(40):
        box.write(f"{number:02}.txt", f"{EN} {number}")
    os.mkfifo(box.docs / "pipe.txt")
    run = box.run("scan", str(box.docs), "--json", "--no-cache", "--workers", "2")
    ok = run.code == 0 and {p["reason"] for p in json.loads(run.out)["problems"]} == {"not_regular"}
    return ok, f"exit {run.code}"


@case("scan: a file over --max-size")
def _(box: Box) -> tuple[bool, str]:
    box.write("big.txt", EN * 100)
    run = box.run("scan", str(box.docs), "--json", "--no-cache", "--workers", "1", "--max-size", "0.001")
    ok = run.code == 0 and [p["reason"] for p in json.loads(run.out)["problems"]] == ["too_large"]
    return ok, f"exit {run.code}"


@case("scan: HTML nested 3,000 deep")
def _(box: Box) -> tuple[bool, str]:
    box.write("deep.html", "<html><body>" + "<div>" * 3000 + EN + "</div>" * 3000 + "</body></html>")
    box.write("a.txt")
    run = box.run("scan", str(box.docs), "--json", "--no-cache", "--workers", "1")
    data = json.loads(run.out) if run.code == 0 else {}
    return run.code == 0 and data["problems"] == [] and len(data["groups"]) == 1, f"exit {run.code}"


@case("fingerprint: HTML nested 100,000 deep")
def _(box: Box) -> tuple[bool, str]:
    path = box.write("deep.html", "<html><body>" + "<span>" * 100_000 + EN + "</span>" * 100_000 + "</body></html>")
    return exit_code(box.run("fingerprint", str(path)), 0)


@case("scan killed with SIGKILL leaves no process")
def _(box: Box) -> tuple[bool, str]:
    for number in range(400):
        box.write(f"{number:03}.txt", f"{EN} {number} {ZH}")
    mark = uuid.uuid4().hex
    env = dict(box.env, SIMCOMPARE_BATTERY_MARK=mark)
    child = subprocess.Popen(
        [sys.executable, "-m", "simcompare", "scan", str(box.docs), "--no-cache", "--workers", "2"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + TIMEOUT
    while len(_marked(mark)) < 3 and time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.05)
    running = len(_marked(mark))
    child.kill()
    child.wait()
    deadline = time.monotonic() + 30
    while _marked(mark) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = _marked(mark)
    for pid in left:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    return running >= 3 and not left, f"{running} processes while scanning, {len(left)} left"


def _cpu_seconds(pids: list[int]) -> float:
    ticks = 0
    for pid in pids:
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])  # utime and stime
    return ticks / os.sysconf("SC_CLK_TCK")


def _marked(mark: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if mark.encode() in (entry / "environ").read_bytes():
                    found.append(int(entry.name))
    return found


@case("scan: Ctrl-C prints a partial result, keeps the cache")
def _(box: Box) -> tuple[bool, str]:
    count = 6000  # enough that two seconds of the workers' time is well before the end, on a fast machine too
    words = (EN + " " + ZH).split()
    rng = random.Random(10)
    for number in range(count):  # each text its own, so that grouping after the scan takes no time
        box.write(f"{number:04}.txt", " ".join(rng.choice(words) + str(rng.randrange(10_000)) for _ in range(60)))
    path = box.root / "c.sqlite3"
    mark = uuid.uuid4().hex
    env = dict(box.env, SIMCOMPARE_BATTERY_MARK=mark)
    with subprocess.Popen(
        [sys.executable, "-m", "simcompare", "scan", str(box.docs), "--json", "--cache", str(path), "--workers", "2"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    ) as child:
        deadline = time.monotonic() + TIMEOUT
        # Ctrl-C once the workers have done some work (a second of their CPU time): some files are done.
        while _cpu_seconds(_marked(mark)) < 2.0 and time.monotonic() < deadline and child.poll() is None:
            time.sleep(0.05)
        os.killpg(child.pid, signal.SIGINT)  # as a terminal sends Ctrl-C, to the whole group
        try:
            out, err = child.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            return False, "hung after Ctrl-C"
    db = sqlite3.connect(path)
    kept = db.execute("SELECT COUNT(*) FROM fingerprints").fetchone()[0]
    db.close()
    if not out and child.returncode == 130 and err == b"simcompare: interrupted\n":
        # Ctrl-C came after the last file, while grouping: interrupted at once, every file cached.
        return kept == count, f"exit 130 after the scan, {kept} cached"
    try:
        data = json.loads(out)
    except ValueError:
        return False, f"exit {child.returncode}: {err.decode()[-80:]}"
    # Held: stopped early, the partial result printed, marked partial, and what was done cached.
    partial = data["settings"]["partial"]
    ok = kept == data["files"] and child.returncode == 130 and partial is True
    return ok, f"exit {child.returncode}, partial {partial}, {data['files']} files, {kept} cached"


@case("scan: Ctrl-C while the workers start")
def _(box: Box) -> tuple[bool, str]:
    for number in range(200):
        box.write(f"{number:03}.txt", f"{EN} {number}")
    mark = uuid.uuid4().hex
    env = dict(box.env, SIMCOMPARE_BATTERY_MARK=mark)
    with subprocess.Popen(
        [sys.executable, "-m", "simcompare", "scan", str(box.docs), "--json", "--no-cache", "--workers", "2"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    ) as child:
        deadline = time.monotonic() + TIMEOUT
        while len(_marked(mark)) < 2 and time.monotonic() < deadline and child.poll() is None:
            time.sleep(0.01)  # the forkserver exists and is loading jieba
        os.killpg(child.pid, signal.SIGINT)
        try:
            out, err = child.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            return False, "hung after Ctrl-C"
    ok = child.returncode in (0, 130) and b"Traceback" not in err and json.loads(out)["files"] >= 0
    return ok, f"exit {child.returncode}: {err.decode().strip()[:60]}"


# ---------------------------------------------------------------- any file name


@case("scan: name not UTF-8, text, twice (cache)")
def _(box: Box) -> tuple[bool, str]:
    box.write(b"caf\xe9.txt")
    box.write("a.txt")
    path = box.root / "c.sqlite3"
    runs = [box.run("scan", str(box.docs), "--cache", str(path), "--workers", "1") for _ in range(2)]
    ok = all(r.code == 0 and "caf\\xe9.txt" in r.text and r.error == "" for r in runs)
    return ok, f"exits {[r.code for r in runs]}"


@case("scan: name not UTF-8, JSON round trip")
def _(box: Box) -> tuple[bool, str]:
    box.write(b"caf\xe9.txt")
    box.write("a.txt")
    run = box.run("scan", str(box.docs), "--json", "--no-cache", "--workers", "1")
    names = {m["path"] for g in json.loads(run.out)["groups"] for m in g["members"]} if run.code == 0 else set()
    return {os.fsencode(n) for n in names} == {b"caf\xe9.txt", b"a.txt"}, f"exit {run.code}"


@case("scan: name not UTF-8, CSV")
def _(box: Box) -> tuple[bool, str]:
    box.write(b"caf\xe9.txt")
    box.write("a.txt")
    run = box.run("scan", str(box.docs), "--csv", "--no-cache", "--workers", "1")
    return run.code == 0 and "caf\\xe9.txt" in run.text, f"exit {run.code}"


@case("scan: newline in a name, text")
def _(box: Box) -> tuple[bool, str]:
    box.write("two\nlines.txt")
    box.write("a.txt")
    run = box.run("scan", str(box.docs), "--no-cache", "--workers", "1")
    lines = run.text.splitlines()
    ok = run.code == 0 and any(line.endswith("two\\nlines.txt") for line in lines) and "lines.txt" not in lines
    return ok, f"exit {run.code}"


@case("fingerprint: tab and newline in a name")
def _(box: Box) -> tuple[bool, str]:
    path = box.write("a\tb\nc.txt")
    run = box.run("fingerprint", str(path))
    lines = run.text.splitlines()
    return run.code == 0 and len(lines) == 1 and len(lines[0].split("\t")) == 3, f"exit {run.code}"


@case("fingerprint: name not UTF-8")
def _(box: Box) -> tuple[bool, str]:
    path = box.write(b"caf\xe9.txt")
    run = box.run("fingerprint", str(path))
    return run.code == 0 and "caf\\xe9.txt\t" in run.text, f"exit {run.code}"


@case("scan: markup in a name, JSON")
def _(box: Box) -> tuple[bool, str]:
    box.write("<b>x<_b>.txt")
    box.write("a.txt")
    run = box.run("scan", str(box.docs), "--json", "--no-cache", "--workers", "1")
    names = {m["path"] for g in json.loads(run.out)["groups"] for m in g["members"]} if run.code == 0 else set()
    return "<b>x<_b>.txt" in names, f"exit {run.code}"


@case("fingerprint -dash.txt")
def _(box: Box) -> tuple[bool, str]:
    box.write("-dash.txt")
    run = box.run("fingerprint", "-dash.txt", cwd=box.docs)
    return run.code == 0 and run.text.startswith("-dash.txt\t"), f"exit {run.code}"


@case("compare -a.txt -b.txt")
def _(box: Box) -> tuple[bool, str]:
    box.write("-a.txt")
    box.write("-b.txt", EN2)
    run = box.run("compare", "-a.txt", "-b.txt", "--json", cwd=box.docs)
    ok = run.code == 0 and json.loads(run.out)["a"]["path"] == "-a.txt"
    return ok, f"exit {run.code}"


@case("fingerprint -missing.txt says how")
def _(box: Box) -> tuple[bool, str]:
    run = box.run("fingerprint", "-missing.txt", cwd=box.docs)
    ok, note = one_line_usage_error(run)
    return ok and "./" in run.error and "--" in run.error, note


@case("closed stdout is quiet")
def _(box: Box) -> tuple[bool, str]:
    for number in range(30):
        box.write(f"{number:02}.txt", f"{EN} {number}")
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "simcompare", "scan", str(box.docs), "--no-cache", "--workers", "2"],
            stdout=writer,
            stderr=subprocess.PIPE,
            env=box.env,
            timeout=TIMEOUT,
        )
    finally:
        os.close(writer)
    return done.returncode == 0 and done.stderr == b"", f"exit {done.returncode}"


# ---------------------------------------------------------------- clear answers

BAD_VALUES = [
    ["-k", "64"],
    ["-k", "-1"],
    ["--bits", "8", "-k", "8"],
    ["--workers", "0"],
    ["--workers", "-2"],
    ["--workers", "many"],
    ["--max-size", "-1"],
    ["--max-size", "nan"],
    ["--max-size", "inf"],
    ["--max-size", "-inf"],
    ["--bits", "0"],
    ["--bits", "513"],
    ["--top-k", "-1"],
    ["--ngram", "0"],
]
for values in BAD_VALUES:

    def _bad(box: Box, values: list[str] = values) -> tuple[bool, str]:
        box.write("a.txt")
        return one_line_usage_error(box.run("scan", str(box.docs), "--no-cache", *values))

    case("usage: scan " + " ".join(values))(_bad)


@case("usage: fingerprint -k 64")
def _(box: Box) -> tuple[bool, str]:
    return one_line_usage_error(box.run("fingerprint", str(box.write("a.txt")), "-k", "64"))


# ---------------------------------------------------------------- hostile documents: memory and time per document

# Reads one document as a scan does (bytes, its reader, then the HTML cleaner) in a process of its own and
# prints how far the peak resident memory rose while reading, after the readers' libraries were loaded.
_READ_PEAK = """
import gc, resource, sys
import pypdfium2, striprtf.striprtf, mistune
from simcompare.core.text.cleaning import clean
from simcompare.core.text.documents import read_document
gc.collect()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    document = read_document(sys.argv[1])
    outcome = f"read, {len(clean(document.text, html=document.html or None)):,} characters"
except Exception as error:
    outcome = f"{type(error).__name__}: {str(error)[:60]}"
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before)
print(outcome)
"""


def _document_case(box: Box, path: Path, code: int) -> tuple[bool, str]:
    """The read's peak within 20 × the file's size + 100 MB, and `fingerprint` ends with ``code`` in one line."""
    done = subprocess.run(
        [sys.executable, "-c", _READ_PEAK, str(path)], capture_output=True, env=box.env, timeout=TIMEOUT, check=False
    )
    lines = done.stdout.decode("utf-8", "replace").splitlines()
    if done.returncode != 0 or len(lines) != 2:
        return False, f"the read failed: {done.stderr.decode('utf-8', 'replace').strip()[-80:]}"
    grown, outcome = int(lines[0]) * 1024, lines[1]
    size = path.stat().st_size
    bound = 20 * size + 100 * MB
    run = box.run("fingerprint", str(path))
    ok = grown <= bound and run.code == code and "Traceback" not in run.error and run.error.count("\n") <= 1
    return ok, f"{size / MB:.1f} MB file, read +{grown / MB:.0f} MB (bound {bound / MB:.0f}); {outcome}"


def _zip_members(path: Path, members: dict[str, bytes | Callable[[], Iterator[bytes]]]) -> Path:
    """A zip whose members are bytes or, for large ones, chunks streamed in (never all in memory)."""
    import zipfile

    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            if isinstance(content, bytes):
                archive.writestr(name, content)
            else:
                with archive.open(name, "w", force_zip64=True) as member:
                    for chunk in content():
                        member.write(chunk)
    return path


_CONTAINER = (
    b'<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
    b'<rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles>'
    b"</container>"
)
_OPF = (
    b'<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">'
    b'<manifest><item id="c" href="c.xhtml" media-type="application/xhtml+xml"/></manifest>'
    b'<spine><itemref idref="c"/></spine></package>'
)


def _repeat(head: bytes, unit: bytes, total: int, tail: bytes = b"") -> Callable[[], Iterator[bytes]]:
    def chunks() -> Iterator[bytes]:
        yield head
        block = unit * max(1, MB // len(unit))
        for _ in range(total // len(block)):
            yield block
        yield tail

    return chunks


def _claiming(path: Path, name: str, size: int) -> Path:
    """The zip at ``path`` with its central directory saying member ``name`` inflates to ``size`` bytes."""
    import struct

    data = bytearray(path.read_bytes())
    at = data.find(b"PK\x01\x02")
    while at >= 0:
        length = struct.unpack_from("<H", data, at + 28)[0]
        if data[at + 46 : at + 46 + length] == name.encode():
            struct.pack_into("<I", data, at + 24, size)
        at = data.find(b"PK\x01\x02", at + 4)
    path.write_bytes(bytes(data))
    return path


@case("document: EPUB whose mimetype claims 20 bytes and inflates to 1 GiB")
def _(box: Box) -> tuple[bool, str]:
    path = _zip_members(
        box.docs / "bomb.epub",
        {
            "mimetype": _repeat(b"application/epub+zip", b" ", 1 << 30),
            "META-INF/container.xml": _CONTAINER,
            "content.opf": _OPF,
            "c.xhtml": f"<html><body><p>{EN}</p></body></html>".encode(),
        },
    )
    return _document_case(box, _claiming(path, "mimetype", 20), 0)


@case("document: EPUB chapter of 200 MB of unclosed tags")
def _(box: Box) -> tuple[bool, str]:
    path = _zip_members(
        box.docs / "tags.epub",
        {
            "META-INF/container.xml": _CONTAINER,
            "content.opf": _OPF,
            "c.xhtml": _repeat(b"<html><body>", b"<a>", 200 * MB),
        },
    )
    return _document_case(box, path, 1)


@case("document: DOCX whose text inflates to 200 MB")
def _(box: Box) -> tuple[bool, str]:
    namespace = b'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    path = _zip_members(
        box.docs / "big.docx",
        {"word/document.xml": _repeat(b"<w:document " + namespace + b"><w:body><w:p><w:r><w:t>", b"a ", 200 * MB)},
    )
    return _document_case(box, path, 1)


@case("document: PDF page of one 5 MB content stream")
def _(box: Box) -> tuple[bool, str]:
    path = box.docs / "dense.pdf"
    path.write_bytes(one_page_pdf(b"BT /F1 1 Tf " + b"(a) Tj " * (5 * MB // 7) + b"ET", compress=False))
    return _document_case(box, path, 1)


@case("document: PDF page of 5 MB deflated to 8 KB")
def _(box: Box) -> tuple[bool, str]:
    path = box.docs / "deflated.pdf"
    path.write_bytes(one_page_pdf(b"BT /F1 1 Tf " + b"(a) Tj " * (5 * MB // 7) + b"ET", compress=True))
    return _document_case(box, path, 1)


@case("document: PDF page of 300 strings of 32,000 characters")
def _(box: Box) -> tuple[bool, str]:
    path = box.docs / "strings.pdf"
    path.write_bytes(
        one_page_pdf(b"BT /F1 1 Tf " + (b"(" + b"a" * 32_000 + b") Tj 0 -1 Td ") * 300 + b"ET", compress=True)
    )
    return _document_case(box, path, 1)


@case("document: PDF of 1 KB placing a form of 1,000 strings 1,000 times")
def _(box: Box) -> tuple[bool, str]:
    path = box.docs / "forms.pdf"
    path.write_bytes(
        one_page_pdf(b"/Fm1 Do " * 1_000, compress=True, form=b"BT /F1 1 Tf " + b"(a) Tj " * 1_000 + b"ET")
    )
    return _document_case(box, path, 1)


@case("document: PDF page just under the object limit")
def _(box: Box) -> tuple[bool, str]:
    path = box.docs / "allowed.pdf"
    path.write_bytes(one_page_pdf(b"BT /F1 1 Tf " + b"(a) Tj " * 95_000 + b"ET", compress=True))
    return _document_case(box, path, 0)


@case("document: HTML of 2 MB of unclosed tags")
def _(box: Box) -> tuple[bool, str]:
    path = box.write("tags.html", "<html><body>" + "<a>" * (2 * MB // 3) + EN)
    return _document_case(box, path, 0)


@case("document: RTF font table of 50,000 fonts")
def _(box: Box) -> tuple[bool, str]:
    table = "".join(f"{{\\f{i}\\fnil Font {i};}}" for i in range(50_000))
    path = box.write("fonts.rtf", "{\\rtf1\\ansi{\\fonttbl" + table + "}\\f1 " + EN + "}", "latin-1")
    return _document_case(box, path, 0)


@case("document: RTF of 40,000 fields on one line")
def _(box: Box) -> tuple[bool, str]:
    path = box.write("fields.rtf", "{\\rtf1\\ansi " + EN + "{\\field{\\*\\fldinst{ x" * 40_000 + "}", "latin-1")
    return _document_case(box, path, 0)


@case("document: Markdown of 2 MB of emphasis marks")
def _(box: Box) -> tuple[bool, str]:
    return _document_case(box, box.write("stars.md", "*a " * (2 * MB // 3)), 0)


@case("document: Markdown of 2 MB of short paragraphs")
def _(box: Box) -> tuple[bool, str]:
    return _document_case(box, box.write("paragraphs.md", "a\n\n" * (2 * MB // 3)), 0)


@case("scan: a few hostile documents, read in-process")
def _(box: Box) -> tuple[bool, str]:
    # Fewer than 16 files are read in the scanning process: each read there has its time limit as well.
    table = "".join(f"{{\\f{i}\\fnil Font {i};}}" for i in range(50_000))
    box.write("fonts.rtf", "{\\rtf1\\ansi{\\fonttbl" + table + "}\\f1 " + EN + "}", "latin-1")
    (box.docs / "dense.pdf").write_bytes(
        one_page_pdf(b"BT /F1 1 Tf " + b"(a) Tj " * (5 * MB // 7) + b"ET", compress=True)
    )
    box.write("tags.html", "<html><body>" + "<a>" * 300_000 + EN)
    box.write("a.txt")
    run = box.run("scan", str(box.docs), "--json", "--no-cache", "--workers", "2")
    data = json.loads(run.out) if run.code == 0 else {}
    reasons = {p["path"]: p["reason"] for p in data.get("problems", [])}
    ok = run.code == 0 and reasons == {"dense.pdf": "too_large"} and len(data["groups"]) == 1
    return ok, f"exit {run.code}, problems {reasons}"


# ---------------------------------------------------------------- encodings

LANGUAGES = {
    KO: "Korean",
    JA: "Japanese",
    FR: "French",
    PL: "Polish",
    RU: "Russian",
    ZH: "Chinese",
    TW: "Chinese (trad.)",
}
ENCODINGS = [
    (KO, "euc_kr"),
    (KO, "utf-16-le"),
    (KO, "utf-32-be"),
    (JA, "shift_jis"),
    (JA, "euc_jp"),
    (JA, "utf-16-be"),
    (FR, "cp1252"),
    (FR, "latin-1"),
    (FR, "utf-16-le"),
    (PL, "cp1250"),
    (PL, "iso8859_2"),
    (RU, "cp1251"),
    (RU, "koi8_r"),
    (ZH, "gbk"),
    (ZH, "utf-16-le"),
    (ZH, "utf-32-le"),
    (TW, "big5"),
]
for text, encoding in ENCODINGS:

    def _encoded(box: Box, text: str = text, encoding: str = encoding) -> tuple[bool, str]:
        legacy = box.write("legacy.txt", text, encoding)
        utf8 = box.write("utf8.txt", text)
        run = box.run("fingerprint", "--json", str(legacy), str(utf8))
        if run.code != 0:
            return False, f"exit {run.code}"
        legacy_fp, utf8_fp = json.loads(run.out)["files"]
        right = legacy_fp["value"] == utf8_fp["value"]
        # Held: decoded right, or else reported as a guess (mojibake never called certain).
        ok = right or legacy_fp["encoding_guessed"]
        how = "right" if right else "wrong"
        return ok, f"{how}, {legacy_fp['encoding']}{' (guessed)' if legacy_fp['encoding_guessed'] else ''}"

    case(f"encoding: {LANGUAGES[text]} in {encoding}")(_encoded)


@case("encoding: binary with NULs")
def _(box: Box) -> tuple[bool, str]:
    path = box.root / "b.txt"
    path.write_bytes(b"\x00\x01\x02binary\x00data" * 20)
    run = box.run("fingerprint", str(path))
    return run.code == 1 and "binary" in run.error, run.error.strip()[:80]


# ------------------------------------------------------------------------------------------ main


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-k", dest="only", default="", help="only cases whose name holds this text")
    args = parser.parse_args()
    if not sys.platform.startswith("linux"):
        print("the battery needs Linux (FIFOs, sockets, /dev, /proc)", file=sys.stderr)
        return 2
    chosen = [(name, function) for name, function in CASES if args.only in name]
    held = 0
    width = max(len(name) for name, _ in chosen)
    print(f"{'case':<{width}}  result  seconds  peak MB  note")
    for name, function in chosen:
        root = Path(tempfile.mkdtemp(prefix="simcompare-battery-"))
        _PEAKS.clear()
        started = time.monotonic()
        outcome: list[tuple[bool, str]] = []

        def attempt(
            function: Callable[[Box], tuple[bool, str]] = function,
            root: Path = root,
            outcome: list[tuple[bool, str]] = outcome,
        ) -> None:
            try:
                outcome.append(function(Box(root)))
            except Exception as error:  # a case that breaks is a failed case, with its reason
                outcome.append((False, f"{type(error).__name__}: {error}"[:90]))

        thread = threading.Thread(target=attempt, daemon=True)
        thread.start()
        thread.join(TIMEOUT * 3)
        ok, note = outcome[0] if outcome else (False, "hung")
        held += ok
        seconds = time.monotonic() - started
        peak = f"{max(_PEAKS) / 1024:7.0f}" if _PEAKS else f"{'-':>7}"
        print(f"{name:<{width}}  {'held' if ok else 'FAILED':<6}  {seconds:7.1f}  {peak}  {note}", flush=True)
        subprocess.run(["rm", "-rf", str(root)], check=False)  # shutil.rmtree recurses: a deep tree defeats it
    print(f"\ncases {len(chosen)}, held {held}, failed {len(chosen) - held}")
    return 0 if held == len(chosen) else 1


if __name__ == "__main__":
    sys.exit(main())
