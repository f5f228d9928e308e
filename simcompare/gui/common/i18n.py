"""The interface language: which one to use, and installing its translators.

Catalogues live in ``resources/translations`` (``simcompare_<lang>.ts`` sources and the ``.qm`` files
compiled from them; ``tools/update_translations.py`` regenerates both). Qt's own catalogue (``qtbase_<lang>``)
is loaded too, so the buttons of standard dialogs speak the same language.

The choice, most binding first: ``--lang``, the saved preference (key ``language``; "" follows the system),
the system locale.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

from simcompare.core.resources import resource

LANGUAGES = ("en", "zh_CN")
"""The languages the interface is translated into."""

SETTINGS_KEY = "language"
"""QSettings key of the user's choice: "" (follow the system), "en" or "zh_CN"."""

LANGUAGE_PROPERTY = "simcompare_language"
"""The application property that holds the installed language (the help guide reads it)."""

TRANSLATOR_NAME = "simcompare-translator"


def normalize(name: str | None) -> str | None:
    """'zh', 'zh_CN', 'zh-Hans-CN', 'zh_TW' → 'zh_CN'; 'en_US' → 'en'; a language we lack → None."""
    if not name:
        return None
    lowered = name.replace("-", "_").lower()
    if lowered.startswith("zh"):
        return "zh_CN"  # the only Chinese catalogue; simplified characters beat English for zh_TW readers
    if lowered.startswith("en") or lowered in ("c", "posix"):
        return "en"
    return None


def system_language() -> str:
    """The system locale's language, when we have it; English otherwise."""
    locale = QLocale.system()
    if locale.language() == QLocale.Language.Chinese:
        return "zh_CN"
    return normalize(locale.name()) or "en"


def saved_language(settings: QSettings | None = None) -> str:
    """The saved choice: "" (follow the system), "en" or "zh_CN"."""
    value = str((settings if settings is not None else QSettings()).value(SETTINGS_KEY, "") or "")
    return value if value in LANGUAGES else ""


def save_language(choice: str, settings: QSettings | None = None) -> None:
    """Remember the user's choice ("" follows the system)."""
    settings = settings if settings is not None else QSettings()
    settings.setValue(SETTINGS_KEY, choice if choice in LANGUAGES else "")
    settings.sync()


def resolve_language(override: str | None = None, settings: QSettings | None = None, *, saved: bool = True) -> str:
    """The language to show: ``override`` (``--lang``) if we have it, then the saved choice, then the system's."""
    return normalize(override) or (saved_language(settings) if saved else "") or system_language()


def install_translators(app: QCoreApplication, language: str) -> list[QTranslator]:
    """Replace the installed catalogues with ``language``'s (ours and Qt's); returns the translators loaded.

    Call before any window is built: widgets translate their texts when they are made.
    """
    for old in app.findChildren(QTranslator, TRANSLATOR_NAME):
        app.removeTranslator(old)
        old.setParent(None)
        old.deleteLater()
    language = normalize(language) or "en"
    # Each entry: the places to try, first found wins (older Qt installs ship only the combined qt_<lang>).
    catalogues = [[(str(resource("translations")), f"simcompare_{language}")]]
    if language != "en":
        qt_folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        catalogues.append([(qt_folder, f"qtbase_{language}"), (qt_folder, f"qt_{language}")])
    installed = []
    for places in catalogues:
        for folder, base in places:
            translator = QTranslator(app)
            translator.setObjectName(TRANSLATOR_NAME)
            if translator.load(base, folder) and app.installTranslator(translator):
                installed.append(translator)
                break
            translator.setParent(None)
            translator.deleteLater()
    app.setProperty(LANGUAGE_PROPERTY, language)
    QLocale.setDefault(number_locale())  # what %Ln counts are written in: "3,302 files"
    return installed


def number_locale() -> QLocale:
    """The locale Qt's plural counts (``%Ln``) are written in: C's, with its group separator, which both
    languages write numbers with ("3,302 files", "3,302 个文件"). Not the language's own locale: with Chinese as
    Qt's default locale, the handout's PDF held Chinese text that could not be read back out of it
    (tests/gui/test_handout.py)."""
    locale = QLocale.c()
    locale.setNumberOptions(QLocale.NumberOption.DefaultNumberOptions)
    return locale


def current_language(app: QCoreApplication | None = None) -> str:
    """The installed interface language ("en" before any was installed)."""
    app = app or QCoreApplication.instance()
    value = app.property(LANGUAGE_PROPERTY) if app is not None else None
    return str(value) if value else "en"
