"""Which language the window speaks, and the Qt translators that make it so.

English is the source language (every string in the code is English), so "en" means no gmdesk
translator at all. French loads ``gmdesk/resources/i18n/gmdesk_fr.qm`` plus Qt's own ``qtbase_fr.qm`` (the
buttons of standard dialogs: "Annuler", "Oui"...). The Language menu installs the translators, then
asks every panel to ``retranslate()`` (or rebuilds it), so the switch is live.

Strings: call ``QCoreApplication.translate("Context", "English text")`` (or ``translate("Context",
…)`` with ``translate = QCoreApplication.translate``) with both literals in the call, and
``QT_TRANSLATE_NOOP("Context", …)`` for constants. A ``tr(text)`` wrapper hides the context from
pyside6-lupdate: the string lands in the empty context and never translates (tests/ui/test_i18n.py
catches it).

Refreshing the catalogue (``make i18n``, i.e. ``python -m gmdesk.ui.i18n``) runs:

    pyside6-lupdate <every .py under gmdesk/ui> -no-obsolete -locations none -ts gmdesk/resources/i18n/gmdesk_fr.ts
    pyside6-lrelease gmdesk/resources/i18n/gmdesk_fr.ts -qm gmdesk/resources/i18n/gmdesk_fr.qm

then translate the new (unfinished) entries of the .ts, e.g. with ``pyside6-linguist``, and run it again
(``python -m gmdesk.ui.i18n release`` only compiles).

The game systems' own words (attributes, skills, conditions, check options, target names…) are not
in the catalogue: each system writes them in both languages in its folder (``Word(en, fr)``,
``gmdesk.engine.words``), so that code without Qt (exports) speaks the GM's language too. The window
shows ``word.text(current_language())``. ``make i18n`` checks that every one of them has its French
(``untranslated_system_words``) and stops with the list when one has not.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator

from gmdesk import resources

LANGUAGES = ("en", "fr")
SOURCE_LANGUAGE = "en"

RESOURCES = resources.folder()  # package data: found the same way in a checkout, a wheel and the bundle
I18N_DIR = RESOURCES / "i18n"
UI_PACKAGE = Path(__file__).resolve().parent


_current = SOURCE_LANGUAGE


# Words of Qt's own dialogs that Qt's French catalogue lacks: its file dialog (the one Qt draws where
# the desktop offers none) labels two fields with a shortcut, "&Look in:" and "Files of &type:", and
# qtbase_fr.qm has them only without it; the kind of a folder or a drive in its list ("Folder") is
# asked under Qt 6's class name, and the catalogue has it under Qt 5's. Named here so that gmdesk's
# catalogue holds them (lupdate keeps what the sources name); Qt asks every installed catalogue in
# turn, so they are found there.
def qt_gaps() -> tuple[str, ...]:
    """Those words as the window speaks them now (lupdate reads the calls; the tests, the result)."""
    return (
        QCoreApplication.translate("QFileDialog", "&Look in:"),
        QCoreApplication.translate("QFileDialog", "Files of &type:"),
        QCoreApplication.translate("QAbstractFileIconProvider", "Folder", "All other platforms"),
        QCoreApplication.translate("QAbstractFileIconProvider", "Folder", "Match OS X Finder"),
        QCoreApplication.translate("QAbstractFileIconProvider", "File Folder", "Match Windows Explorer"),
        QCoreApplication.translate("QAbstractFileIconProvider", "Drive"),
    )


def current_language() -> str:
    """The language the window speaks now (for texts picked from the domain's bilingual tables)."""
    return _current


def catalogue(language: str) -> Path:
    return I18N_DIR / f"gmdesk_{language}.qm"


def system_language(locale: QLocale | None = None) -> str:
    """The first of the system's preferred UI languages that gmdesk speaks; English otherwise."""
    locale = locale or QLocale.system()
    for name in locale.uiLanguages():
        code = name.replace("_", "-").split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return SOURCE_LANGUAGE


def resolve_language(forced: str | None, saved: str | None, locale: QLocale | None = None) -> str:
    """``--lang`` wins, then the language picked in the menu, then the system's."""
    for choice in (forced, saved):
        if choice in LANGUAGES:
            return choice
    return system_language(locale)


class Translations(QObject):
    """The translators currently installed on the application, swapped as a unit."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._installed: list[QTranslator] = []
        self.language = SOURCE_LANGUAGE

    def install(self, language: str) -> bool:
        """Switch the whole application to ``language``; False when its catalogue is missing."""
        global _current
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}; one of {', '.join(LANGUAGES)}")
        app = QCoreApplication.instance()
        for translator in self._installed:
            app.removeTranslator(translator)
        self._installed = []
        ok = True
        if language != SOURCE_LANGUAGE:
            ours = QTranslator(self)
            ok = ours.load(str(catalogue(language)))
            if ok:
                self._installed.append(ours)
            qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
            qtbase = QTranslator(self)
            if qtbase.load(f"qtbase_{language}", qt_dir):
                self._installed.append(qtbase)
        # Set before installing: installing sends LanguageChange, and handlers read current_language().
        self.language = _current = language if ok else SOURCE_LANGUAGE
        for translator in self._installed:
            app.installTranslator(translator)
        return ok


def ui_sources() -> list[Path]:
    return sorted(p for p in UI_PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def _tool(name: str) -> str:
    # The venv's scripts sit beside its python; fall back to PATH.
    beside = Path(sys.executable).with_name(name)
    return str(beside) if beside.exists() else (shutil.which(name) or name)


def _lupdate(language: str, ts: Path) -> None:
    sources = [str(p.relative_to(RESOURCES.parent)) for p in ui_sources()]
    subprocess.run([_tool("pyside6-lupdate"), *sources, "-no-obsolete", "-locations", "none",
                    "-target-language", language, "-ts", str(ts.relative_to(RESOURCES.parent))],
                   check=True, cwd=RESOURCES.parent)


def merge_tsv(ts: Path, tsv_files: list[Path]) -> int:
    """Fill the untranslated entries of ``ts`` from two-column ``English<TAB>French`` files (how the
    panels' authors hand in their French); returns how many entries were filled."""
    import csv
    import xml.etree.ElementTree as ET

    table: dict[str, str] = {}
    for path in tsv_files:
        with open(path, encoding="utf-8", newline="") as f:
            for row in csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
                if len(row) >= 2 and row[0] and row[1]:
                    table[row[0]] = row[1]
    tree = ET.parse(ts)
    filled = 0
    for message in tree.getroot().iter("message"):
        translation = message.find("translation")
        source = message.findtext("source")
        unfinished = translation.get("type") == "unfinished" or not translation.text
        if unfinished and source in table and message.get("numerus") != "yes":
            translation.text = table[source]
            translation.attrib.pop("type", None)
            filled += 1
    if filled:
        tree.write(ts, encoding="utf-8", xml_declaration=True)
    return filled


def system_words() -> list[tuple[str, object]]:
    """Every ``Word`` the registered systems declare, with where it is (``"pf2.options.toggles[0].label"``):
    their data, their sheet forms (built in English), their conditions' names and notes."""
    import dataclasses
    from collections.abc import Mapping

    from gmdesk import systems
    from gmdesk.engine.words import Word

    found: list[tuple[str, object]] = []
    seen: set[int] = set()

    def walk(value, where: str) -> None:
        if isinstance(value, Word):
            found.append((where, value))
            return
        if id(value) in seen or isinstance(value, (str, bytes, int, float, bool, type(None))) or callable(value):
            return
        seen.add(id(value))
        if dataclasses.is_dataclass(value):
            for f in dataclasses.fields(value):
                walk(getattr(value, f.name), f"{where}.{f.name}")
        elif isinstance(value, Mapping):
            for key, item in value.items():
                walk(item, f"{where}[{key!r}]")
        elif isinstance(value, (tuple, list, set, frozenset)):
            for i, item in enumerate(value):
                walk(item, f"{where}[{i}]")

    for system in systems.all_systems():
        walk(system, system.id)
        walk(system.form("en"), f"{system.id}.form")
        for key, condition in system.conditions.items():
            found.append((f"{system.id}.conditions[{key!r}]", Word(condition.name_en, condition.name_fr)))
            if condition.note_en:
                found.append((f"{system.id}.conditions[{key!r}].note", Word(condition.note_en, condition.note_fr)))
    return found


def untranslated_system_words() -> list[str]:
    """Where a system word has English but no French."""
    return [f"{where}: {word.en!r}" for where, word in system_words() if word.en.strip() and not word.fr.strip()]


def update_catalogue(language: str = "fr", release_only: bool = False) -> None:
    """Refresh ``gmdesk_<lang>.ts`` from the sources (keeping existing translations), fill new entries
    from ``gmdesk/resources/i18n/<lang>_*.tsv``, then compile the ``.qm``."""
    ts = I18N_DIR / f"gmdesk_{language}.ts"
    if not release_only:
        _lupdate(language, ts)
        if merge_tsv(ts, sorted(I18N_DIR.glob(f"{language}_*.tsv"))):
            _lupdate(language, ts)  # back to lupdate's own layout, so diffs stay small
    subprocess.run([_tool("pyside6-lrelease"), str(ts), "-qm", str(catalogue(language))], check=True)
    missing = untranslated_system_words()
    if missing:
        raise SystemExit("system words without their French (write both in the system's folder):\n  "
                         + "\n  ".join(missing))


if __name__ == "__main__":  # python -m gmdesk.ui.i18n [update|release]
    command = sys.argv[1] if len(sys.argv) > 1 else "update"
    update_catalogue(release_only=(command == "release"))
