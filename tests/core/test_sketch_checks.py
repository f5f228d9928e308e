"""A session checks a record's sketch bytes once, when it first reads them: reopened results' groups check their
members' alone (half of a million files), the first search every one; a sketch not as written (a hand-edited
results file) is made into the one its hashes give, and its size follows wherever it was counted before."""

from __future__ import annotations

import base64
import json
import random
from pathlib import Path

import numpy as np
from helpers.names import make_file
from helpers.texts import edited

from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats.results import read_results, save_results

K = 12


def _messy(sketch: bytes) -> bytes:
    """The sketch's hashes reversed, the first ten given twice: the same hashes, ten more words."""
    words = np.frombuffer(sketch, dtype="<u4")
    return np.concatenate([words[::-1], words[:10]]).astype("<u4").tobytes()


def test_groups_reopened_check_their_members_sketches_and_a_search_the_rest(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    rng = random.Random(7)

    def words(count: int) -> str:
        return " ".join("".join(rng.choices("abcdefghij", k=6)) for _ in range(count))

    for n in range(2):  # two texts, each with an edited copy: their pairs are measured
        text = words(200)
        make_file(root / f"a{n}.txt", text)
        make_file(root / f"a{n} copy.txt", edited(text, rng, 0.02))
    for n in range(6):  # alone: no group holds them
        make_file(root / f"alone{n}.txt", words(80))
    session = FolderSession(scan(root, Config(segmenter="words"), ScanOptions(workers=1, in_process=True)))
    groups = session.groups(K)
    grouped = {i for g in groups for i in g.indices}
    assert len(groups) == 2 and len(grouped) == 4
    alone = next(i for i, f in enumerate(session.files) if i not in grouped and len(f.sketch) > 80)
    member = next(i for i in sorted(grouped) if len(session.files[i].sketch) > 80)
    saved = tmp_path / "R.json"
    save_results(saved, session, groups, K)
    data = json.loads(saved.read_text(encoding="utf-8"))
    for at in (alone, member):
        data["records"]["sketch"][at] = base64.b64encode(_messy(session.files[at].sketch)).decode()
    messy = tmp_path / "messy.json"
    messy.write_text(json.dumps(data, indent=1), encoding="utf-8")

    loaded, plain = read_results(messy, check_files=False), read_results(saved, check_files=False)
    reopened = FolderSession(loaded.result, boilerplate=loaded.boilerplate)
    expected = FolderSession(plain.result, boilerplate=plain.boilerplate)
    assert loaded.laid is not None and plain.laid is not None
    assert reopened.laid_out(loaded.laid, K) == expected.laid_out(plain.laid, K)
    checked = reopened._sketch_checked
    assert checked[sorted(grouped)].all() and not checked[alone] and checked.sum() == len(grouped)
    assert reopened._sketch_sizes()[member] == len(session.sketch(member))  # the made sketch's size, not the bytes'
    assert reopened._sketch_sizes()[alone] == len(session.sketch(alone)) + 10  # its bytes', until checked

    assert reopened.groups(K) == FolderSession(plain.result).groups(K)  # the search checks every sketch
    assert checked.all()
    assert reopened._sketch_sizes()[alone] == len(session.sketch(alone))  # the size counted before follows
    assert reopened.sketch(alone).tolist() == session.sketch(alone).tolist()
