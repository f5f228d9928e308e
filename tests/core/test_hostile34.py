"""Attacks on the change that holds saved results' groups as arrays (``SavedGroups``), keeps a file's other name in
a dictionary of the few, drops the fingerprints' texts batch by batch as they are read and asks glibc for one heap:
crafted results files read three ways (given parsed, read with the typed parsers, read by ``json`` alone), their
groups laid out, hard links made by ``os.link``, the window's saved layout followed after files are forgotten."""

from __future__ import annotations

import copy
import json
import os
import platform
import random
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from helpers.names import make_file
from helpers.texts import OTHER, chain, family

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.laid import SavedGroups
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession, _aliases
from simcompare.core.formats import json_parts, results
from simcompare.core.formats.results import LoadedResults, load_results, read_results, save_results
from simcompare.core.search.groups import ALSO_CLOSE_LIMIT, Group, Laid

K = 12
LINKS = {"f0/zz link.txt": "f0/base.txt", "a link.txt": "f1/v0.txt", "f2/l1.txt": "f2/v1.txt", "f2/l2.txt": "f2/v1.txt"}


def _text(rng: random.Random, words: int = 400) -> str:
    return " ".join(f"w{rng.randrange(3000)}" for _ in range(words))


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Families of edited copies (groups of several members, also-close files between them), an empty file, a
    file like no other, and second names of some files (``os.link``: one file under three names), saved."""
    root = tmp_path_factory.mktemp("hostile34") / "docs"
    rng = random.Random(34)
    texts = {"other.txt": OTHER, "empty.txt": ""}
    for number in range(3):
        texts |= family(f"f{number}", _text(rng), rng, 4)
    texts |= chain("chain", _text(rng), rng, 5)  # each edit close to the last, the ends far apart: also-close files
    for name, text in texts.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        make_file(root / name, text)
    try:
        for link, target in LINKS.items():
            os.link(root / target, root / link)
    except OSError as error:  # pragma: no cover - every file system the tests run on has hard links
        pytest.skip(f"no hard links here: {error}")
    session = FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    path = root.parent / "R.json"
    save_results(path, session, session.groups(K), K)
    return path


def _data(saved: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(saved.read_text(encoding="utf-8"))
    return data


def _ways(data: dict[str, Any], tmp_path: Path) -> Iterator[tuple[str, Callable[[], LoadedResults]]]:
    """The three ways saved results are read: given parsed (nothing consumed), read from the file with the typed
    parsers (msgspec, columns consumed), read from the file by ``json`` alone."""
    path = tmp_path / "crafted.json"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    yield "given", lambda: load_results(copy.deepcopy(data), check_files=False)
    yield "typed", lambda: read_results(path, check_files=False)
    parsers, any_part = results.PARSERS, json_parts._ANY_PART
    results.PARSERS, json_parts._ANY_PART = {}, None
    try:
        yield "json", lambda: read_results(path, check_files=False)
    finally:
        results.PARSERS, json_parts._ANY_PART = parsers, any_part


def _key(group: Group) -> tuple[object, ...]:
    members = tuple((m.index, m.distance, m.identical, m.also_close, m.evidence) for m in group.members)
    return group.reference, group.max_distance, members


def _outcome(load: Callable[[], LoadedResults]) -> object:
    """What a window would show of the results: the saved groups and their layout at K, or the error."""
    try:
        loaded = load()
    except ValueError as error:
        return str(error)
    assert isinstance(loaded.laid, SavedGroups)
    laid = [(g.files, g.also_close) for g in loaded.laid]
    return laid, [_key(g) for g in FolderSession(loaded.result).laid_out(loaded.laid, K)]


def _agreed(data: dict[str, Any], tmp_path: Path) -> object:
    """The one outcome the three ways agree on (each is asserted the same)."""
    outcomes = {way: _outcome(load) for way, load in _ways(data, tmp_path)}
    assert outcomes["typed"] == outcomes["given"] == outcomes["json"], outcomes
    return outcomes["given"]


def _index(data: dict[str, Any]) -> dict[str, int]:
    return {path: i for i, path in enumerate(data["records"]["path"])}


def _laid_out(data: dict[str, Any]) -> tuple[FolderSession, list[Group]]:
    loaded = load_results(copy.deepcopy(data), check_files=False)
    session = FolderSession(loaded.result)
    return session, session.laid_out(loaded.laid, K)


def _sound(session: FolderSession, groups: list[Group]) -> None:
    """What any layout must be: each name once, each file (by any of its names) in one group at most (a group may
    show a file's other names beside it, as a search does), each group two distinct files at least, no empty
    file, no member its own also-close file nor another member of its group."""
    indices = [m.index for g in groups for m in g.members]
    assert len(indices) == len(set(indices))
    keys = [{session.file_key(m.index) for m in g.members} for g in groups]
    assert sum(map(len, keys)) == len(set().union(*keys))
    for group in groups:
        assert group.reference == group.members[0].index
        assert len(session.distinct_files(group.indices)) > 1
        inside = set(group.indices)
        for member in group.members:
            assert not session.files[member.index].empty
            assert not inside & set(member.also_close)
            assert len(member.also_close) <= ALSO_CLOSE_LIMIT


# ------------------------------------------------------------------------------------------ hard links


def test_hardlink_of_answers_as_the_list_did_for_every_index(saved: Path) -> None:
    """HOLDS: ``hardlink_of`` (a dictionary of the few other names now) answers every index as the list of one
    entry a file did: in range, counted from the end, numpy's and bool indices, and IndexError beyond; and again
    after the first name of a file under three names is forgotten (the next name becomes its first)."""
    loaded = read_results(saved)
    session = FolderSession(loaded.result)
    for _ in range(2):
        files = session.files
        listed = _aliases(files)
        assert sum(a is not None for a in listed) >= 2
        count = len(files)
        for index in [*range(-count - 3, count + 3), np.int64(3), np.intp(-1), True, False, 10**30, -(10**30)]:
            try:
                expected: object = listed[index]
            except IndexError:
                expected = IndexError
            try:
                found: object = session.hardlink_of(index)
            except IndexError:
                found = IndexError
            assert found == expected, index
        for link, target in LINKS.items():
            names = {f.path: i for i, f in enumerate(files)}
            if link in names and target in names:
                assert session.file_key(names[link]) == session.file_key(names[target])
        if "f2/l1.txt" in names:
            assert session.hardlink_of(names["f2/v1.txt"]) == names["f2/l1.txt"]  # the shortest, then smallest
        session.forget(["f2/l1.txt"])  # the file's first name goes: the next one is its first name now
    names = {f.path: i for i, f in enumerate(session.files)}
    assert session.hardlink_of(names["f2/l2.txt"]) is None
    assert session.hardlink_of(names["f2/v1.txt"]) == names["f2/l2.txt"]


def test_FINDING_hardlink_of_a_number_that_is_no_index_is_refused_as_before(saved: Path) -> None:
    """FINDING: ``hardlink_of(7.0)`` answered the other name's first name (or None for any float, 2.5 too), where
    the list it replaced (``self._alias_of[index]``) refused what is no index with TypeError, as ``file_key``
    still does. A caller's float (a division, a Qt value) was a loud error and became a silent answer."""
    session = FolderSession(read_results(saved).result)
    link = next(i for i in range(len(session.files)) if session.hardlink_of(i) is not None)
    for bad in (float(link), 2.5, np.float64(link), "1", None):
        with pytest.raises(TypeError):
            session.hardlink_of(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            session.file_key(bad)  # type: ignore[arg-type]


def test_groups_laid_over_two_names_of_one_file_place_it_once(saved: Path, tmp_path: Path) -> None:
    """HOLDS: a crafted group of one file's three names (and a near file) and a group naming it again by another
    name: the file is in one group at most, each way of reading agrees."""
    data = _data(saved)
    names = ["f2/v1.txt", "f2/l1.txt", "f2/l2.txt"]
    data["groups"] = [
        {"reference": "f2/l2.txt", "members": [{"path": p} for p in [*names, "f2/v0.txt"]]},
        {"reference": "f2/l1.txt", "members": [{"path": "f2/l1.txt"}, {"path": "f2/v2.txt"}]},
        {"reference": "f2/v1.txt", "members": [{"path": p} for p in names]},  # one file alone: no group
    ]
    outcome = _agreed(data, tmp_path)
    assert not isinstance(outcome, str)
    session, groups = _laid_out(data)
    _sound(session, groups)
    index = _index(data)
    assert len(groups) == 1 and groups[0].reference == index["f2/l2.txt"]
    assert {session.files[i].path for i in groups[0].indices} <= {*names, "f2/v0.txt"}


# ------------------------------------------------------------------------------------------ crafted groups


def _crafted(data: dict[str, Any], how: str) -> None:
    """One crafted change of the saved groups (or fingerprints), in place."""
    groups = data["groups"]
    paths = data["records"]["path"]
    big = max(groups, key=lambda g: len(g["members"]))
    members = big["members"]
    if how == "reference last":
        members.reverse()
    elif how == "reference another member":
        big["reference"] = members[-1]["path"]
    elif how == "reference listed twice":
        big["reference"] = members[2]["path"]
        members.append(copy.deepcopy(members[2]))
    elif how == "reference of another group":
        big["reference"] = next(g for g in groups if g is not big)["reference"]
    elif how == "reference not a path":
        big["reference"] = 3
    elif how == "member listed twice":
        members.insert(1, copy.deepcopy(members[-1]))
    elif how == "member of another group too":
        members.append(copy.deepcopy(next(g for g in groups if g is not big)["members"][1]))
    elif how == "no members":
        groups.insert(0, {"reference": paths[0], "members": []})
    elif how == "one member":
        groups.insert(0, {"reference": members[1]["path"], "members": [copy.deepcopy(members[1])]})
    elif how == "also close itself and more than the members":
        for member in members:
            member["also_close"] = [member["path"], *[m["path"] for m in members], *paths] * 3
    elif how == "also close another group's files":
        other = next(g for g in groups if g is not big)
        members[0]["also_close"] = [m["path"] for m in other["members"]]
    elif how == "huge distances":
        for member in members:
            member["distance"] = 64
        big["max_distance"] = 64
        big["wasted_bytes"] = 2**63 - 1
        members[1]["size"] = 2**63 - 1
    elif how == "odd figures":
        members[1]["similarity"], members[1]["verified"], members[1]["evidence"] = 0, 1, "shingles"
    elif how == "unknown fields":
        big["extra"], members[1]["extra"] = {"a": [1, 2]}, None
    elif how == "every group twice":
        groups.extend(copy.deepcopy(groups))
    elif how == "groups reversed":
        groups.reverse()
    else:  # pragma: no cover - the parameters below
        raise AssertionError(how)


CRAFTED = [
    "reference last",
    "reference another member",
    "reference listed twice",
    "reference of another group",
    "reference not a path",
    "member listed twice",
    "member of another group too",
    "no members",
    "one member",
    "also close itself and more than the members",
    "also close another group's files",
    "huge distances",
    "odd figures",
    "unknown fields",
    "every group twice",
    "groups reversed",
]


@pytest.mark.parametrize("how", CRAFTED)
def test_crafted_groups_are_read_alike_and_laid_out_soundly(saved: Path, tmp_path: Path, how: str) -> None:
    """HOLDS: groups crafted by hand are read as the same SavedGroups by the typed parsers, by json and from the
    parsed object, and their layout places each file once, never a group of one distinct file, never a member
    as its own also-close file; the saved reference leads when it is a member."""
    data = _data(saved)
    _crafted(data, how)
    outcome = _agreed(data, tmp_path)
    assert not isinstance(outcome, str), outcome
    laid, _ = outcome  # type: ignore[misc]
    index = _index(data)
    for group, (files, close) in zip(data["groups"], laid, strict=True):
        assert sorted(files) == sorted(index[m["path"]] for m in group["members"])
        assert len(close) == len(files)
        reference = group.get("reference")
        if isinstance(reference, str) and index.get(reference) in files:
            assert files[0] == index[reference]
    session, groups = _laid_out(data)
    _sound(session, groups)
    for group in groups:  # a reference that stays is the saved group's lead
        assert any(files and files[0] == group.reference for files, _ in laid)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda g: g["members"][1].update(distance=65), "'distance' must be from 0 to 64"),
        (lambda g: g["members"][1].update(distance=-1), "'distance' must be from 0 to 64"),
        (lambda g: g["members"][1].update(distance=2**64), "'distance' must be from 0 to 64"),
        (lambda g: g["members"][1].update(size=2**63), "'size' must be from 0"),
        (lambda g: g["members"][1].update(similarity=1.0000001), "'similarity' must be a number from 0 to 1"),
        (lambda g: g["members"][1].update(verified=True), "'verified' must be a number from 0 to 1"),
        (lambda g: g["members"][1].update(path="./f0/base.txt"), "members[1]"),
        (lambda g: g["members"][1].update(path="F0/BASE.TXT"), "is not among the records"),
        (lambda g: g["members"][1].update(also_close=["nowhere.txt"]), "'also_close' must list paths"),
        (lambda g: g["members"][1].update(also_close="f0/v0.txt"), "'also_close' must list paths"),
        (lambda g: g.update(max_distance=65), "'max_distance' must be from 0 to 64"),
        (lambda g: g.update(max_distance=-(2**70)), "'max_distance' must be from 0 to 64"),
        (lambda g: g.update(wasted_bytes=2**63), "'wasted_bytes' must be from 0"),
        (lambda g: g.update(members={"path": "f0/base.txt"}), "'members' must be a list"),
    ],
)
def test_a_group_out_of_rule_is_refused_alike_every_way(
    saved: Path, tmp_path: Path, change: Callable[[dict[str, Any]], None], message: str
) -> None:
    """HOLDS: huge, negative and out-of-rule numbers, paths not among the records: refused with the same message
    whichever way the file is read (the typed parser refuses or leaves it to the checks, which name it)."""
    data = _data(saved)
    group = max(data["groups"], key=lambda g: len(g["members"]))
    change(group)
    outcome = _agreed(data, tmp_path)
    assert isinstance(outcome, str) and message in outcome, outcome


def test_many_crafted_layouts_are_read_alike_and_laid_out_soundly(saved: Path, tmp_path: Path) -> None:
    """HOLDS: random mixes of the crafted changes above (members shuffled, moved between groups, duplicated,
    references swapped, also-close lists of anything among the records): every way of reading agrees, every
    layout is sound."""
    rng = random.Random(3434)
    base = _data(saved)
    paths = base["records"]["path"]
    for _ in range(25):
        data = copy.deepcopy(base)
        groups = data["groups"]
        for _ in range(rng.randint(1, 5)):
            group = rng.choice(groups)
            members = group["members"]
            move = rng.randrange(5)
            if move == 0:
                rng.shuffle(members)
            elif move == 1:
                group["reference"] = rng.choice(paths)
            elif move == 2 and members:
                rng.choice(groups)["members"].append(members.pop(rng.randrange(len(members))))
            elif move == 3:
                members.append({"path": rng.choice(paths)})
            elif members:
                rng.choice(members)["also_close"] = rng.choices(paths, k=rng.choice([1, 5, 40]))
        outcome = _agreed(data, tmp_path)
        assert not isinstance(outcome, str), outcome
        _sound(*_laid_out(data))


# ------------------------------------------------------------------------------------------ fingerprints' texts


def _value_outcome(data: dict[str, Any], tmp_path: Path) -> object:
    outcomes = {}
    for way, load in _ways(data, tmp_path):
        try:
            outcomes[way] = [f.value for f in load().result.files]
        except ValueError as error:
            outcomes[way] = str(error)  # type: ignore[assignment]
    assert outcomes["typed"] == outcomes["given"] == outcomes["json"], outcomes
    return outcomes["given"]


ODD_VALUES = [
    ("upper", str.upper, True),
    ("leading zeros to 16", lambda v: v.zfill(16), True),
    ("leading zeros beyond the bits", lambda v: "00" + v.zfill(16), True),
    ("0x", lambda v: "0x" + v, True),
    ("0X", lambda v: "0X" + v, True),
    ("underscore", lambda v: "0_" + v, True),
    ("spaces around", lambda v: " " + v + " ", True),
    ("plus", lambda v: "+" + v, True),
    ("arabic-indic digits", lambda v: "\u0661\u0662", True),
    ("full-width digits", lambda v: "\uff11\uff12", True),
    ("minus", lambda v: "-" + v, False),
    ("empty", lambda v: "", False),
    ("too long for the bits", lambda v: "1" + v.zfill(16), False),
    ("x alone", lambda v: "0x", False),
    ("not hex", lambda v: "g" + v[1:], False),
    ("a NUL", lambda v: v + "\x00", False),
    ("a number", lambda v: 12, False),
    ("null", lambda v: None, False),
]


@pytest.mark.parametrize(("name", "odd", "taken"), ODD_VALUES, ids=[name for name, _, _ in ODD_VALUES])
@pytest.mark.parametrize("at", ["first", "last", "all"])
def test_odd_fingerprint_texts_are_read_as_a_record_alone_reads_them(
    saved: Path, tmp_path: Path, name: str, odd: Callable[[str], object], taken: bool, at: str
) -> None:
    """HOLDS: a fingerprint written oddly (upper case, leading zeros, "0x", "_", spaces, Unicode digits, empty,
    too long) is read, or refused naming its record, as ``_record`` reads one record alone, whichever way the file
    is read: the batches of texts dropped as they are read never leave the fallback a column cut short."""
    data = _data(saved)
    values = data["records"]["value"]
    expected = [int(v, 16) for v in values]
    chosen = range(len(values)) if at == "all" else [0 if at == "first" else len(values) - 1]
    for i in chosen:
        values[i] = odd(values[i])
        if taken:
            alone = results._record({"path": "x.txt", "value": values[i], "size": 1, "mtime_ns": 0}, i, 64)
            expected[i] = alone.value
    outcome = _value_outcome(data, tmp_path)
    if taken:
        assert outcome == expected
    else:
        first = chosen[0]
        assert isinstance(outcome, str) and f"records[{first}]" in outcome, outcome


@pytest.mark.parametrize("bits", [60, 62, 63, 8])
def test_fingerprints_of_bits_not_a_multiple_of_four_or_few_are_bounded_by_the_bits(
    saved: Path, tmp_path: Path, bits: int
) -> None:
    """HOLDS: results of 62 or 63 bits take no text beyond what the bits hold ("4" + 15 zeros is 2**62: refused at
    62 bits); at 60 and 8 bits (a multiple of four, the plain path) a text one digit too long is refused, one of
    leading zeros taken."""
    data = _data(saved)
    data["settings"]["bits"] = bits
    data["settings"]["k"] = min(data["settings"]["k"], bits - 1)
    data["groups"] = []
    mask = (1 << bits) - 1
    values = data["records"]["value"]
    data["records"]["value"] = [format(int(v, 16) & mask, "x") for v in values]
    expected = [int(v, 16) for v in data["records"]["value"]]
    assert _value_outcome(data, tmp_path) == expected
    data["records"]["value"][-1] = format(1 << bits, "x")  # one past the bits
    refused = _value_outcome(data, tmp_path)
    assert isinstance(refused, str) and f"records[{len(values) - 1}]" in refused and "does not fit" in refused
    data["records"]["value"][-1] = "0" * ((bits + 3) // 4 + 2)  # leading zeros: still zero
    assert _value_outcome(data, tmp_path) == [*expected[:-1], 0]


def _many(data: dict[str, Any], count: int) -> dict[str, Any]:
    """``data`` with ``count`` records (the first record's fields under new names), no groups: more values than
    one batch of texts read at once (``results._VALUES_AT_ONCE``)."""
    many = copy.deepcopy(data)
    records = many["records"]
    rng = random.Random(count)
    for name, column in records.items():
        records[name] = [column[0]] * count
    records["path"] = [f"many/{n}.txt" for n in range(count)]
    records["value"] = [format(rng.getrandbits(64), "x") for _ in range(count)]
    records["hardlink_of"] = [None] * count
    records["inode"] = list(range(1, count + 1))
    many["groups"], many["files"] = [], count
    many.pop("boilerplate", None)
    many.pop("cleaner", None)
    return many


def test_more_values_than_a_batch_are_read_whole_and_a_bad_last_one_is_named(saved: Path, tmp_path: Path) -> None:
    """HOLDS: 70,000 fingerprints (two batches) are read the same three ways; one bad text in the last batch
    (after a first batch that would have been dropped) is named by its record, and the file given parsed is left
    as it was."""
    count = results._VALUES_AT_ONCE + 4_464
    data = _many(_data(saved), count)
    expected = [int(v, 16) for v in data["records"]["value"]]
    assert _value_outcome(data, tmp_path) == expected
    data["records"]["value"][-1] = "0x" + data["records"]["value"][-1]  # not plain: the column read as before
    assert _value_outcome(data, tmp_path) == expected
    data["records"]["value"][-1] = "xyz"
    given = copy.deepcopy(data)
    refused = _value_outcome(data, tmp_path)
    assert isinstance(refused, str) and f"records[{count - 1}] (many/{count - 1}.txt): 'value'" in refused
    with pytest.raises(ValueError, match=rf"records\[{count - 1}\]"):
        load_results(data, check_files=False)
    assert data == given


# ------------------------------------------------------------------------------------------ SavedGroups as a value


def test_saved_groups_compare_as_a_list_would_and_are_no_key(saved: Path) -> None:
    """HOLDS: the saved groups read twice are equal, equal the tuple and the list of their Laid either way round,
    differ from text, bytes, None and numbers without an error, and are refused as a dictionary key or in a set
    (as a list: they are compared by what they hold)."""
    first, second = read_results(saved, check_files=False), read_results(saved, check_files=False)
    laid = first.laid
    assert isinstance(laid, SavedGroups) and len(laid) >= 3
    assert laid == second.laid
    assert not laid.__ne__(second.laid)
    assert laid == tuple(laid) and laid == list(laid) and tuple(laid) == laid and list(laid) == laid
    for other in ("", "groups", b"", None, 0, 1.5, object(), {0: laid[0]}, iter(laid)):
        assert laid != other and other != laid
    assert laid != tuple(laid)[:-1] and laid != (*tuple(laid), laid[0])
    assert laid != [Laid(g.files[::-1], g.also_close[::-1]) for g in laid]
    for use in (lambda: {laid: 1}, lambda: {laid}, lambda: hash(laid), lambda: hash(first)):
        with pytest.raises(TypeError):
            use()
    assert [laid.index(g) for g in laid] == list(range(len(laid))) and laid[0] in laid
    assert laid[-len(laid)] == laid[0] and laid[::-1] == tuple(laid)[::-1]
    with pytest.raises(IndexError):
        laid[len(laid)]
    with pytest.raises(TypeError):
        laid["0"]  # type: ignore[call-overload]


def test_saved_groups_given_to_laid_out_are_not_changed_by_it(saved: Path) -> None:
    """HOLDS: a SavedLayout lays out the same SavedGroups again and again (each k it comes back to): laying them
    out leaves them, their arrays and their also-close files as they were."""
    loaded = read_results(saved, check_files=False)
    laid = loaded.laid
    assert isinstance(laid, SavedGroups)
    before = list(laid)
    session = FolderSession(loaded.result)
    once = [_key(g) for g in session.laid_out(laid, K, leave_out=[0, 1, 2])]
    assert list(laid) == before
    assert [_key(g) for g in session.laid_out(laid, K, leave_out=[0, 1, 2])] == once
    assert [_key(g) for g in FolderSession(loaded.result).laid_out(tuple(before), K, leave_out=[0, 1, 2])] == once


# ------------------------------------------------------------------------------------------ the window's layout


def test_the_windows_layout_followed_after_files_are_forgotten_names_the_same_files(saved: Path) -> None:
    """HOLDS: results opened as the window opens them (``load_saved``), their SavedLayout followed after a file's
    first name, a member and a reference are forgotten: the groups name by path the files the saved groups
    named, less those gone, and lay out as the same groups followed from a plain tuple."""
    from simcompare.core.progress import NO_PROGRESS
    from simcompare.gui.folder.jobs import SavedLayout, _followed, load_saved

    outcome = load_saved(saved, threading.Event(), NO_PROGRESS)
    layout = SavedLayout.of(outcome)
    assert layout is not None
    session = outcome.session
    old = session.files
    named = [[old[i].path for i in g.files] for g in layout.laid]
    close = [[[old[i].path for i in near] for near in g.also_close] for g in layout.laid]
    big = max(named, key=len)
    gone = {"f2/v1.txt", big[0], big[1], "chain/2.txt"}
    session.forget(gone)
    laid = layout.at(session, K)
    assert isinstance(laid, SavedGroups)
    new = session.files
    expected = [[p for p in g if p not in gone] for g in named]
    assert [[new[i].path for i in g.files] for g in laid] == [g for g in expected if len(g) > 1]
    kept_close = [
        [[p for p in near if p not in gone] for p, near in zip(g, c, strict=True) if p not in gone]
        for g, c in zip(named, close, strict=True)
    ]
    assert [[[new[i].path for i in near] for near in g.also_close] for g in laid] == [
        c for c, g in zip(kept_close, expected, strict=True) if len(g) > 1
    ]
    as_tuple = _followed(tuple(outcome.loaded.laid), old, new)  # type: ignore[union-attr]
    assert as_tuple == laid
    groups = session.laid_out(laid, K)
    _sound(session, groups)
    assert not {session.files[m.index].path for g in groups for m in g.members} & gone
    assert layout.at(session, K) is laid  # not followed again while the files stay


def test_a_layout_followed_from_saved_groups_and_from_laid_keeps_extra_also_close_lists_out(saved: Path) -> None:
    """HOLDS: a crafted layout whose also-close lists outnumber its files, or list a forgotten file, follows to
    the same groups from SavedGroups as from the tuple of Laid it stands for."""
    from simcompare.gui.folder.jobs import _followed

    session = FolderSession(read_results(saved, check_files=False).result)
    old = session.files
    laid = (Laid((0, 1, 2), ((5,), (), (3,), (4,))), Laid((3, 4), ((1, 2),)), Laid((5,), ()), Laid((), ()))
    session.forget([old[1].path])
    followed = _followed(SavedGroups.of(laid), old, session.files)
    assert followed == _followed(laid, old, session.files)
    assert followed == (Laid((0, 1), ((4,), (2,))), Laid((2, 3), ((1,), ())))


# ------------------------------------------------------------------------------------------ one heap


def test_FINDING_the_users_glibc_tunable_for_arenas_is_left_alone() -> None:
    """FINDING: ``share_one_heap`` leaves the user's ``MALLOC_ARENA_MAX`` alone, but not the same choice made the way
    glibc documents it now, ``GLIBC_TUNABLES=glibc.malloc.arena_max=N``: the window set one arena over it."""
    code = "from simcompare.core.heap import share_one_heap; print(share_one_heap())"
    env = {k: v for k, v in os.environ.items() if k != "MALLOC_ARENA_MAX"}
    env["PYTHONPATH"] = os.pathsep.join(sys.path)
    glibc = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"
    for tunables, asked in (
        ("glibc.malloc.arena_max=4", False),
        ("glibc.malloc.check=0:glibc.malloc.arena_max=2", False),
        ("glibc.malloc.arena_test=2", glibc),  # another tunable: no choice of the arenas' number
    ):
        done = subprocess.run(
            [sys.executable, "-c", code],
            env={**env, "GLIBC_TUNABLES": tunables},
            capture_output=True,
            text=True,
            check=True,
        )
        assert done.stdout.strip() == str(asked), tunables
