"""The default cache, damaged past recognition, is set aside and rebuilt once (issue 26); a file a user
named stays untouched, as before."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from simcompare.core.folder.cache import Cache, CacheWarning, NotACacheError, default_cache_path, open_cache


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The default cache path, in a cache folder of this test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "xdg"))
    path = default_cache_path()
    path.parent.mkdir(parents=True)
    return path


@pytest.mark.parametrize("content", [b"\x00" * 4096, b"", b"SQLite format 3\x00" + b"\xff" * 200], ids=len)
def test_a_damaged_default_cache_is_moved_aside_and_rebuilt_once(own_cache: Path, content: bytes) -> None:
    own_cache.write_bytes(content)
    with pytest.warns(CacheWarning) as caught:
        cache = open_cache()
    assert cache is not None
    cache.close()
    assert len(caught) == 1 and "moved to" in str(caught[0].message)
    (aside,) = [p for p in own_cache.parent.iterdir() if p.name.startswith("cache.sqlite3.damaged-")]
    assert aside.read_bytes() == content  # kept, for whoever wants to look
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the rebuilt cache opens without a word
        again = open_cache()
    assert again is not None
    again.close()


def test_a_file_a_user_named_is_never_set_aside(tmp_path: Path) -> None:
    notes = tmp_path / "cache.sqlite3"
    notes.write_bytes(b"my notes")
    with pytest.raises(NotACacheError):
        open_cache(notes)
    with pytest.raises(NotACacheError):
        Cache(notes)
    assert notes.read_bytes() == b"my notes" and sorted(p.name for p in tmp_path.iterdir()) == ["cache.sqlite3"]


def test_a_folder_where_the_default_cache_belongs_is_left_alone(own_cache: Path) -> None:
    own_cache.mkdir()
    (own_cache / "keep.txt").write_text("mine", encoding="utf-8")
    with pytest.warns(CacheWarning, match="working without a cache"):
        assert open_cache() is None
    assert (own_cache / "keep.txt").read_text(encoding="utf-8") == "mine"
