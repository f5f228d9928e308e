"""`simcompare scan --results R.json` shows the saved groups as the window reopens them: laid out as saved, each
member decided again against its reference (``FolderSession.laid_out``), without searching the whole folder; a -k
other than the saved one searches anew, and so does ``--pairs`` (every pair needs the search)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.texts import EN_A, EN_B, OTHER, ZH_A, ZH_B, family

from simcompare.core.folder.reprioritise import DEFAULT_REFERENCE_RULE, reprioritise
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats.report import group_json
from simcompare.core.formats.results import read_results

CENTRAL = ("--reference-rule", "central")
SCAN = ("--no-cache", "--workers", "1")
NOTE = "the groups as saved, each member checked again"


def _text(rng: random.Random, words: int = 300) -> str:
    return " ".join(f"w{rng.randrange(3000)}" for _ in range(words))


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Families of edited copies (groups of several members), exact copies, a group of each sample language and
    files that resemble no other."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    root = tmp_path / "docs"
    rng = random.Random(11)
    texts = {"en_a.txt": EN_A, "en_copy.txt": EN_A, "sub/en_b.txt": EN_B, "zh_a.txt": ZH_A, "zh_b.txt": ZH_B}
    texts |= {"other.txt": OTHER, "lone/1.txt": _text(rng), "lone/2.txt": _text(rng)}
    for number in range(3):
        texts |= family(f"f{number}", _text(rng), rng, 3)
    for name, text in texts.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def saved(cli: RunCli, folder: Path, tmp_path: Path) -> Path:
    path = tmp_path / "R.json"
    run = cli("scan", str(folder), *SCAN, "--save-results", str(path))
    assert run.returncode == 0, run.stderr
    return path


class Searches:
    """Counts the searches of the whole folder (``FolderSession.groups`` and the candidate pairs every search
    starts from); with ``forbidden`` set, a search fails the run."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[str] = []
        self.forbidden = False
        for name in ("groups", "candidates"):
            monkeypatch.setattr(FolderSession, name, self._spy(name, getattr(FolderSession, name)))

    def _spy(self, name: str, original: Callable[..., object]) -> Callable[..., object]:
        def spy(session: FolderSession, *args: object, **kwargs: object) -> object:
            self.calls.append(name)
            if self.forbidden:
                raise AssertionError(f"FolderSession.{name} searched the folder")
            return original(session, *args, **kwargs)

        return spy


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> Searches:
    return Searches(monkeypatch)


def _groups(run_stdout: str) -> list[dict[str, object]]:
    return list(json.loads(run_stdout)["groups"])


def _by_reference(groups: list[dict[str, object]]) -> list[dict[str, object]]:
    return sorted(groups, key=lambda g: str(g["reference"]))


def _paths(groups: list[dict[str, object]]) -> set[str]:
    return {str(m["path"]) for g in groups for m in g["members"]}  # type: ignore[attr-defined]


@pytest.mark.parametrize("rule", ["central", "default"])
def test_the_groups_printed_are_the_windows_laid_out_groups(cli: RunCli, saved: Path, rule: str) -> None:
    args = CENTRAL if rule == "central" else ()
    run = cli("scan", "--results", str(saved), "--json", *args)
    assert run.returncode == 0, run.stderr
    loaded = read_results(saved)
    session = FolderSession(loaded.result, min_resemblance=loaded.min_verified, boilerplate=loaded.boilerplate)
    laid = session.laid_out(loaded.laid, loaded.k)  # what the window's regroup shows at the saved k
    if rule == "default":  # the window then chooses each reference by its rule, as the command line does
        laid = reprioritise(session, laid, DEFAULT_REFERENCE_RULE, loaded.k).groups
    assert len(laid) >= 5 and any(len(g.members) >= 4 for g in laid)
    assert _groups(run.stdout) == [group_json(session, g) for g in laid]
    assert session.search_statistics is None  # the window's groups came without a search too


def test_on_an_ordinary_folder_the_saved_groups_are_the_searched_ones(cli: RunCli, folder: Path, saved: Path) -> None:
    searched = cli("scan", str(folder), *SCAN, "--json")
    reopened = cli("scan", "--results", str(saved), "--json")
    assert searched.returncode == reopened.returncode == 0, reopened.stderr
    assert len(_groups(searched.stdout)) >= 5
    assert _by_reference(_groups(reopened.stdout)) == _by_reference(_groups(searched.stdout))
    assert NOTE in reopened.stderr
    text = cli("scan", "--results", str(saved))  # the text output counts the same groups
    last = text.stdout.splitlines()[-1]
    assert text.returncode == 0 and last.endswith(
        f"{len(_groups(searched.stdout))} groups of near-duplicates within k = 12 bits (or sharing 50% of word pairs "
        "or more)"
    )


def test_the_saved_groups_are_shown_without_a_search(cli: RunCli, saved: Path, searches: Searches) -> None:
    searches.forbidden = True
    for args in ((), ("-k", "12"), ("--mark", "all-but-reference"), ("--trash",), ("--csv",)):
        run = cli("scan", "--results", str(saved), *args)
        assert run.returncode == 0, (args, run.stderr)
        assert NOTE in run.stderr, args
    assert searches.calls == []
    assert "group 5" in cli("scan", "--results", str(saved)).stdout


@pytest.mark.parametrize("how", [("-k", "6"), ("--groups", "components")])
def test_another_k_or_the_components_rule_searches_anew(
    cli: RunCli, folder: Path, tmp_path: Path, searches: Searches, how: tuple[str, ...]
) -> None:
    saved = tmp_path / "R.json"
    scanned = ("-k", "12") if how[0] == "-k" else how  # saved at k = 12, reopened at 6; or saved as components
    assert cli("scan", str(folder), *SCAN, *scanned, "--save-results", str(saved)).returncode == 0
    searches.calls.clear()
    run = cli("scan", "--results", str(saved), "--json", *(how if how[0] == "-k" else ()))
    assert run.returncode == 0, run.stderr
    assert "groups" in searches.calls and "candidates" in searches.calls
    assert NOTE not in run.stderr
    searched = cli("scan", str(folder), *SCAN, "--json", *how)
    assert _by_reference(_groups(run.stdout)) == _by_reference(_groups(searched.stdout))


def _crafted(saved: Path) -> None:
    """The saved results rewritten as nobody's window wrote them: the English group without its near-duplicate (a
    layout may leave a pair apart), files that resemble nothing slipped into it and into a family, a group of
    such files only, and those files marked."""
    data = json.loads(saved.read_text(encoding="utf-8"))
    groups = data["groups"]
    english = next(g for g in groups if "en_a.txt" in {m["path"] for m in g["members"]})
    family = next(g for g in groups if "f0/base.txt" in {m["path"] for m in g["members"]})
    assert {m["path"] for m in english["members"]} == {"en_a.txt", "en_copy.txt", "sub/en_b.txt"}
    english["members"] = [m for m in english["members"] if m["path"] != "sub/en_b.txt"]
    english["members"].append({"path": "lone/1.txt"})
    family["members"] += [{"path": "lone/2.txt"}, {"path": "other.txt"}]
    groups.append({"reference": "lone/1.txt", "members": [{"path": "lone/1.txt"}, {"path": "lone/2.txt"}]})
    data["cleaner"] = {"marked": list(STRANGERS)}
    saved.write_text(json.dumps(data), encoding="utf-8")


STRANGERS = ("lone/1.txt", "lone/2.txt", "other.txt")  # each resembles no other file of the folder


def test_files_a_crafted_layout_puts_together_are_decided_again(cli: RunCli, saved: Path) -> None:
    _crafted(saved)
    run = cli("scan", "--results", str(saved), "--json", *CENTRAL)
    assert run.returncode == 0, run.stderr
    groups = _groups(run.stdout)
    english, family = (next(g for g in groups if path in _paths([g])) for path in ("en_a.txt", "f0/base.txt"))
    # the layout is what is shown: the search would put sub/en_b.txt beside en_a.txt
    assert _paths([english]) == {"en_a.txt", "en_copy.txt"}
    # but no file it put beside files it does not resemble stays there, and their own group is dropped
    assert _paths([family]) == {f"f0/{n}.txt" for n in ("base", "copy", "v0", "v1", "v2")}
    assert not set(STRANGERS) & _paths(groups)
    loaded = read_results(saved)
    session = FolderSession(loaded.result, min_resemblance=loaded.min_verified, boilerplate=loaded.boilerplate)
    assert groups == [group_json(session, g) for g in session.laid_out(loaded.laid, loaded.k)]


@pytest.mark.parametrize(
    "action", [("--mark", "all-but-reference"), ("--trash",), ("--mark", "all-but-reference", "--delete")]
)
def test_files_a_crafted_layout_puts_together_are_never_marked_nor_acted_on(
    cli: RunCli, saved: Path, action: tuple[str, ...]
) -> None:
    _crafted(saved)
    run = cli("scan", "--results", str(saved), *CENTRAL, *action)  # --mark alone lists; an action is a dry run
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    if "--mark" in action:  # the true copies are marked by the rule
        assert any(line.endswith("f0/copy.txt") for line in lines), run.stdout
    else:  # only the strangers were marked in the "window": nothing is left to act on
        assert lines[-1].startswith("dry run: 0 files (0 bytes) would be trashed"), run.stdout
    assert not any(stranger in line for stranger in STRANGERS for line in lines), run.stdout


def test_pairs_search_and_say_which_pairs_share_a_searched_group(
    cli: RunCli, folder: Path, saved: Path, searches: Searches
) -> None:
    _crafted(saved)  # the layout leaves en_a.txt and sub/en_b.txt apart; the search puts them together
    run = cli("scan", "--results", str(saved), "--pairs", "--json", *CENTRAL)
    assert run.returncode == 0, run.stderr
    assert "candidates" in searches.calls and "groups" in searches.calls
    assert NOTE not in run.stderr
    pairs = json.loads(run.stdout)["pairs"]
    english = next(p for p in pairs if {p["a"], p["b"]} == {"en_a.txt", "sub/en_b.txt"})
    assert english["same_group"] is True
    searched = cli("scan", str(folder), *SCAN, *CENTRAL, "--pairs", "--json")
    assert pairs == json.loads(searched.stdout)["pairs"]
