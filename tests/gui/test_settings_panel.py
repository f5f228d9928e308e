"""The settings panel exchanges core objects: a Config and the verdict's k, with the core's defaults."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from simcompare.core.defaults import default_k
from simcompare.core.fingerprint.hashing import HASHERS
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.search.verify import Decision
from simcompare.gui.compare.examples import SIX_BIT_CONFIG, TEACHING_HASHER, TEACHING_TABLE
from simcompare.gui.compare.settings_panel import SettingsPanel


@pytest.fixture
def panel(qtbot) -> SettingsPanel:
    widget = SettingsPanel()
    qtbot.addWidget(widget)
    return widget


def test_a_new_panel_shows_the_cores_defaults(panel: SettingsPanel) -> None:
    assert panel.config() == Config()
    assert panel.decision() == Decision.for_bits(Config().bits)
    assert panel.bits.currentText() == str(Config().bits)  # what the user sees, not only what config() says
    assert panel.k.value() == Decision.for_bits(Config().bits).k


@pytest.mark.parametrize(
    ("config", "k"),
    [
        (Config(bits=32, hasher="sha1", weighting="tfidf", stopwords=False), 4),
        (Config(bits=16, hasher="jenkins", segmenter="chars", ngram=3, top_k=None), None),
        (Config(bits=200, hasher="blake2b", weighting="uniform", top_k=7, fold_chinese=False), 199),
        (Config(bits=6, hasher=TEACHING_TABLE, segmenter="words", stopwords=False, top_k=None), 1),
        (SIX_BIT_CONFIG, 0),
        (Config(weighting="textrank", segmenter="words"), 0),
    ],
)
def test_a_config_shown_is_the_config_read(qtbot, panel: SettingsPanel, config: Config, k: int | None) -> None:
    with qtbot.waitSignal(panel.changed, timeout=1000):
        panel.set_config(config, k)
    shown = panel.config()
    assert shown.describe() == config.describe()
    assert panel.bits.currentText() == str(config.bits)
    assert shown.fingerprint_key() == config.fingerprint_key() or shown.hash_function is TEACHING_HASHER
    assert panel.decision() == Decision.for_bits(config.bits, k)  # no k: the new width's default


def test_k_stays_until_the_width_changes(panel: SettingsPanel) -> None:
    panel.set_config(Config(), 5)
    panel.set_config(Config(segmenter="words"))
    assert panel.decision().k == 5
    panel.set_config(Config(bits=32, segmenter="words"))
    assert panel.decision().k == default_k(32)


def test_k_reaches_bits_minus_one_and_no_further(panel: SettingsPanel) -> None:
    panel.set_config(Config(bits=16), 15)
    assert panel.k.maximum() == 15
    panel.k.setValue(16)  # a spin box keeps it in range
    assert panel.decision() == Decision.for_bits(16, 15)


@pytest.mark.parametrize(
    ("config", "k", "message"),
    [
        (Config(html=True), None, "forced HTML"),
        (Config(hasher=lambda data: 0), None, "offers the hashers"),
        (Config(segmenter="chars", ngram=9), None, "1 to 8"),
        (Config(top_k=2_000_000), None, "up to 1,000,000"),
        (Config(bits=16), 16, "bits - 1 = 15"),
    ],
    ids=["html", "callable", "ngram", "top_k", "k"],
)
def test_what_the_panel_cannot_show_is_refused_and_nothing_changes(
    qtbot, panel: SettingsPanel, config: Config, k: int | None, message: str
) -> None:
    before = (panel.config(), panel.decision())
    with qtbot.assertNotEmitted(panel.changed), pytest.raises(ValueError, match=message):
        panel.set_config(config, k)
    assert (panel.config(), panel.decision()) == before


def test_restore_defaults_after_changes(panel: SettingsPanel) -> None:
    panel.set_config(Config(bits=8, hasher="jenkins", weighting="uniform", fold_chinese=False), 3)
    panel.restore_defaults()
    assert panel.config() == Config() and panel.decision() == Decision.for_bits(64)


def test_settings_saved_are_settings_loaded(qtbot, tmp_path: Path) -> None:
    store = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    first = SettingsPanel()
    qtbot.addWidget(first)
    config = Config(bits=48, hasher="sha1", weighting="tfidf", top_k=None, segmenter="chars", ngram=4)
    first.set_config(config, 7)
    first.save(store)
    second = SettingsPanel()
    qtbot.addWidget(second)
    second.load(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    assert second.config() == config and second.decision() == Decision.for_bits(48, 7)


def test_saved_values_no_longer_valid_take_their_defaults(qtbot, tmp_path: Path) -> None:
    store = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    store.beginGroup("compare/settings")
    for key, value in {
        "bits": 64,
        "hasher": "jenkins",  # only 32 bits: too narrow for 64
        "weighting": "bm25",
        "segmenter": "words",
        "ngram": 99,
        "top_k": -4,
        "k": 64,  # not below the width
        "stopwords": "false",
    }.items():
        store.setValue(key, value)
    store.endGroup()
    panel = SettingsPanel()
    qtbot.addWidget(panel)
    panel.load(store)
    assert panel.config() == Config(segmenter="words", stopwords=False)
    assert panel.decision() == Decision.for_bits(64)
    assert panel.hasher_name() in HASHERS
