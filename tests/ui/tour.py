"""A tour of every screen a GM can reach (issue 24, items 1 and 6), measured on a live window.

``window_fit.py`` raises every dock and tab of both layouts; the tour adds what only a GM's clicks
show: every dialog (house rules, import preview, both exports, condition, add combatants, about,
welcome), the player window, the roll log grown from its strip, an opponent picked in the check
panel. On each it reports what ``window_fit.cut_texts`` calls cut, plus item 6's laptop limits (the
house rules dialog no taller than 600 px, the grown log showing at least 8 rows).

With ``--pseudo`` the window speaks a generated pseudo-language instead of French: every source
string of the catalogue becomes ``⟦Ŝöûŕçé⟧`` (placeholders kept), and every ``Word(en, fr)`` of the
game systems too. Any visible text with a Latin letter outside the brackets that is not the GM's
own data (the demo campaign's names, scenes…) nor a number or unit is text no translator will ever
see: it is reported as untranslated.

    QT_QPA_PLATFORM=offscreen:configfile=SCREEN.json python tour.py OUT.json SYSTEMS LANGS [--pseudo]
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QApplication, QComboBox, QDialog,
                               QDialogButtonBox, QDockWidget, QFileDialog, QGraphicsSimpleTextItem,
                               QGraphicsTextItem, QGraphicsView, QGroupBox, QHeaderView, QLabel, QLineEdit,
                               QMessageBox, QTabBar)
from PySide6.QtCore import QModelIndex, Qt

from window_fit import MAX_ROWS, cut_texts, name_of, rolled_width_findings, settle, shown, window_findings

MAX_DIALOG_HEIGHT = 600  # item 6: the house rules dialog on a 720 px high screen, its title bar and task bar
MIN_LOG_ROWS = 8  # item 6: the roll log, grown from its strip
SHORT_SCREEN_LOG_ROWS = 5  # …on a screen 720 px high, under the Prep layout's docks (not 8: see the report)


# -- the pseudo-language ------------------------------------------------------------------------
_ACCENTS = str.maketrans("AaCcEeIiNnOoSsUuYyZz", "ÀàÇçÉéÎîÑñÖöŠšÛûÝýŽž")
# What a translation must keep as it is: Qt's %1/%n/%L1, Python's {name}, markup, entities.
_KEEP = re.compile(r"%L?\d+|%n|\{[A-Za-z_0-9]*\}|<[^>]*>|&[a-z]+;|&#\d+;")


def pseudo(text: str) -> str:
    """``text`` accented and bracketed, its placeholders and markup intact."""
    if not text.strip():
        return text
    out, last = [], 0
    for match in _KEEP.finditer(text):
        out.append(text[last:match.start()].translate(_ACCENTS))
        out.append(match.group())
        last = match.end()
    out.append(text[last:].translate(_ACCENTS))
    return "⟦" + "".join(out) + "⟧"


def pseudo_catalogue(folder: Path) -> Path:
    """A ``.qm`` whose every message (of ``gmdesk_fr.ts``) is its source in the pseudo-language."""
    import subprocess
    import xml.etree.ElementTree as ET

    from gmdesk.ui import i18n

    tree = ET.parse(i18n.I18N_DIR / "gmdesk_fr.ts")
    for message in tree.getroot().iter("message"):
        translation = message.find("translation")
        source = message.findtext("source") or ""
        translation.attrib.pop("type", None)
        for child in list(translation):
            translation.remove(child)
        if message.get("numerus") == "yes":
            translation.text = None
            for _ in range(2):  # French has two forms
                ET.SubElement(translation, "numerusform").text = pseudo(source)
        else:
            translation.text = pseudo(source)
    ts = folder / "gmdesk_pseudo.ts"
    tree.write(ts, encoding="utf-8", xml_declaration=True)
    qm = folder / "gmdesk_pseudo.qm"
    subprocess.run([i18n._tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True)
    return qm


def speak_pseudo(qm: Path) -> None:
    """French, as far as gmdesk can tell, spoken in the pseudo-language: the catalogue, the systems'
    words, the analytics' own table and the conditions' notes."""
    from gmdesk.analytics import words as analytics_words
    from gmdesk.engine.words import Word
    from gmdesk.ui import i18n

    i18n.catalogue = lambda language: qm
    Word.text = lambda self, lang="en": pseudo(self.en) if lang == "fr" else self.en
    for key in list(analytics_words.FRENCH):
        analytics_words.FRENCH[key] = pseudo(key)
    from gmdesk import systems
    from gmdesk.systems.kit.checks import CheckOption

    CheckOption.label = lambda self, lang="en": pseudo(self.label_en) if lang == "fr" else self.label_en
    for system in systems.all_systems():
        names = system.words.names  # a system's check names: its own table, not Word

        def pseudo_names(lang: str, names=names) -> dict[str, str]:
            return {k: pseudo(v) for k, v in names("en").items()} if lang == "fr" else names(lang)
        object.__setattr__(system.words, "names", pseudo_names)
        for condition in system.conditions.values():
            try:
                object.__setattr__(condition, "name_fr", pseudo(condition.name_en))
                object.__setattr__(condition, "note_fr", pseudo(condition.note_en))
            except (AttributeError, TypeError):
                pass


_BRACKETED = re.compile(r"⟦[^⟦⟧]*⟧")
_WORD = re.compile(r"[^\W\d_]+")


def gm_words(path: Path) -> set[str]:
    """Every word the campaign file holds: the GM's own data (names, scenes, notes), never translated."""
    import sqlite3

    found: set[str] = set()
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        for table in tables:
            for row in db.execute(f'SELECT * FROM "{table}"'):
                for value in row:
                    if isinstance(value, str):
                        found.update(word.lower() for word in _WORD.findall(value))
    return found


# Not words: dice, units, the program's and the systems' ids, the languages' own names.
NOT_WORDS = {"d", "k", "x", "gmdesk", "pf2", "dnd5e", "dnd35", "cof", "anarchy", "english", "français", "qt",
             "csv", "json", "html", "markdown", "md", "png", "svg", "pdf"}


def proper_names() -> set[str]:
    """The game systems' own names (trademarks: "Pathfinder", "Chroniques Oubliées"), never translated."""
    from gmdesk import systems

    found: set[str] = set()
    for system in systems.all_systems():
        for attribute in ("name", "title", "label"):
            value = getattr(system, attribute, "")
            for text in ([value] if isinstance(value, str) else list(value) if isinstance(value, tuple) else []):
                found.update(w.lower() for w in _WORD.findall(str(text).replace("&", "")))
    return found


def untranslated(text: str, allowed: set[str]) -> str:
    """What is left of ``text`` outside the pseudo-language's brackets that reads as a word."""
    text = re.sub(r"<[^>]*>|&[a-z]+;|&#\d+;", " ", text).replace("&", "")
    while True:
        stripped = _BRACKETED.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    # An elided pseudo text ("⟦Ŝöû…", "…çé⟧"): its rest is in its tooltip.
    text = re.sub(r"⟦[^⟧]*$|^[^⟦]*⟧", " ", text).replace("⟦", " ").replace("⟧", " ")
    left = [w for w in _WORD.findall(text) if w.lower() not in allowed and w.lower() not in NOT_WORDS
            and not re.fullmatch(r"[dDk]\d*", w)]
    return " ".join(left)


def visible_texts(root) -> list[tuple[str, str]]:
    """(where, text) of every text shown in ``root``: labels, buttons, titles, tabs, headers, cells,
    placeholders, chart texts."""
    found: list[tuple[str, str]] = []
    for widget in [root, *root.findChildren(QLabel), *root.findChildren(QAbstractButton),
                   *root.findChildren(QGroupBox), *root.findChildren(QTabBar), *root.findChildren(QComboBox),
                   *root.findChildren(QLineEdit), *root.findChildren(QHeaderView),
                   *root.findChildren(QAbstractItemView), *root.findChildren(QDockWidget),
                   *root.findChildren(QGraphicsView)]:
        if not shown(widget) or isinstance(widget.parentWidget(), QDialogButtonBox):
            continue  # Qt's own standard buttons ("Annuler") come from Qt's catalogue
        where = name_of(widget)
        if isinstance(widget, QLabel):
            found.append((where, str(widget.property("full_text") or widget.text())))
        elif isinstance(widget, QAbstractButton):
            found.append((where, widget.text()))
        elif isinstance(widget, QGroupBox):
            found.append((where, widget.title()))
        elif isinstance(widget, QDockWidget):
            found.append((where, widget.windowTitle()))
        elif isinstance(widget, QTabBar):
            found += [(where, widget.tabText(i)) for i in range(widget.count()) if widget.isTabVisible(i)]
        elif isinstance(widget, QComboBox):
            if not widget.isEditable():
                found.append((where, widget.currentText()))
        elif isinstance(widget, QLineEdit):
            if not widget.text() and widget.parentWidget() is not None \
                    and not isinstance(widget.parentWidget(), QComboBox):
                found.append((where, widget.placeholderText()))
        elif isinstance(widget, QHeaderView):
            model = widget.model()
            if model is not None:
                found += [(where, str(model.headerData(i, widget.orientation(), Qt.ItemDataRole.DisplayRole) or ""))
                          for i in range(widget.count()) if not widget.isSectionHidden(i)]
        elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
            model = widget.model()
            try:
                columns = model.columnCount(QModelIndex())
            except TypeError:
                columns = 1
            for row in range(min(model.rowCount(QModelIndex()), MAX_ROWS)):
                for column in range(columns):
                    found.append((where, str(model.index(row, column, QModelIndex()).data() or "")))
        elif isinstance(widget, QGraphicsView) and widget.scene() is not None:
            for item in widget.scene().items():
                if not item.isVisible():
                    continue
                if isinstance(item, QGraphicsTextItem):
                    found.append((where, item.toPlainText()))
                elif isinstance(item, QGraphicsSimpleTextItem):
                    found.append((where, item.text()))
    return found


def untranslated_findings(root, allowed: set[str], where: str) -> list[str]:
    texts = visible_texts(root)
    if texts and not any("⟦" in text for _, text in texts):  # the tour would then prove nothing
        return [f"{where}: {name_of(root)} shows no pseudo-language at all"]
    return [f"{where}: {name} shows {text[:60]!r} untranslated ({left})"
            for name, text in texts if (left := untranslated(text, allowed))]


# -- the screens behind a GM's clicks -------------------------------------------------------------
class Dialogs:
    """Every dialog the window opens, measured where it opens instead of waiting for the GM: a
    dialog's ``exec``/``open`` shows it, measures it and closes it; file choosers and message boxes
    answer "cancel" at once."""

    def __init__(self, measure):
        self.measure = measure
        self.seen: list[str] = []

    def __enter__(self):
        tour = self

        def exec_(dialog, *_):
            dialog.show()
            settle()
            tour.seen.append(type(dialog).__name__)
            tour.measure(dialog)
            dialog.reject()
            settle()
            return int(QDialog.DialogCode.Rejected)

        self._saved = {(cls, name): cls.__dict__[name] for cls, name in
                       ((QDialog, "exec"), (QDialog, "open"), (QFileDialog, "getOpenFileNames"),
                        (QFileDialog, "getOpenFileName"), (QFileDialog, "getSaveFileName"),
                        (QFileDialog, "getExistingDirectory"), (QMessageBox, "question"),
                        (QMessageBox, "warning"), (QMessageBox, "information"), (QMessageBox, "critical"))
                       if name in cls.__dict__}
        QDialog.exec = exec_
        QDialog.open = exec_
        QFileDialog.getOpenFileNames = staticmethod(lambda *a, **k: ([], ""))
        QFileDialog.getOpenFileName = staticmethod(lambda *a, **k: ("", ""))
        QFileDialog.getSaveFileName = staticmethod(lambda *a, **k: ("", ""))
        QFileDialog.getExistingDirectory = staticmethod(lambda *a, **k: "")
        for name in ("question", "warning", "information", "critical"):
            setattr(QMessageBox, name, staticmethod(lambda *a, **k: QMessageBox.StandardButton.Cancel))
        return self

    def __exit__(self, *_):
        for (cls, name), value in self._saved.items():
            setattr(cls, name, value)


def open_every_dialog(window) -> None:
    """What a GM opens from the menus and the panels, in the campaign shown."""
    from gmdesk.ui.dialogs.welcome import WelcomeDialog

    window.house_rules_action.trigger()
    window.about_action.trigger()
    for panel, action in (("log", "export_action"), ("prep", "export_action")):
        getattr(window.panels[panel], action).trigger()
    party = window.panels["party"]
    if hasattr(party, "import_action"):
        from gmdesk.ui.dialogs.import_dialog import ImportDialog
        ImportDialog(window.store.info.system, [], window).exec()
    encounter = window.panels["encounter"]
    for name in ("add_action", "add_condition_action", "remove_condition_action"):
        action = encounter.actions_by_name.get(name)
        if action is not None and action.isEnabled():
            action.trigger()
            settle()
    WelcomeDialog(window).exec()


def dialog_findings(dialog, where: str) -> list[str]:
    found = [f"{where} {type(dialog).__name__}: {text}" for text in cut_texts(dialog)]
    name = type(dialog).__name__
    if name == "HouseRulesDialog" and dialog.frameGeometry().height() > MAX_DIALOG_HEIGHT:
        found.append(f"{where} {name}: {dialog.frameGeometry().height()} px high > {MAX_DIALOG_HEIGHT}")
    screen = dialog.screen().availableGeometry()
    if dialog.frameGeometry().height() > screen.height() or dialog.frameGeometry().width() > screen.width():
        found.append(f"{where} {name}: {dialog.frameGeometry().size().toTuple()} larger than the screen")
    return found


def log_rows_findings(window, where: str) -> list[str]:
    """The roll log grown from its strip shows at least 8 rows of rolls."""
    log = window.panels["log"]
    if not log.is_strip():
        return []
    log.set_strip(False)
    settle()
    found = []
    views = [v for v in log.findChildren(QAbstractItemView) if shown(v) and v.model() is not None]
    for view in views:
        rows = view.model().rowCount(QModelIndex())
        height = view.sizeHintForRow(0) if rows else 0
        fits = view.viewport().height() // height if height > 0 else MIN_LOG_ROWS
        least = MIN_LOG_ROWS if window.screen().availableGeometry().height() >= 740 else SHORT_SCREEN_LOG_ROWS
        if rows >= least and fits < least:
            found.append(f"{where}: the grown roll log shows {fits} rows (< {least})")
    log.set_strip(True)
    settle()
    return found


def opponent_findings(window, where: str) -> list[str]:
    """The check panel after picking each opponent it offers: nothing cut, no sideways scrolling."""
    window.docks["check"].raise_()
    settle()
    panel = window.panels["check"]
    combo = next((c for c in panel.findChildren(QComboBox) if c.objectName() == "againstCombo"
                  and shown(c)), None)
    found: list[str] = []
    if combo is None:
        return found
    for i in range(1, min(combo.count(), 4)):
        combo.setCurrentIndex(i)
        settle()
        found += [f"{where} against {combo.currentText()!r}: {text}" for text in cut_texts(panel)]
    combo.setCurrentIndex(0)
    settle()
    return found


def on_player_window(window, measure) -> None:
    """View › Player window opened (not full screen), ``measure(player_window)``, closed."""
    player = window.player.open(full_screen=False)
    settle()
    measure(player)
    window.player.close()
    settle()


def tour(window, where: str, pseudo_allowed: set[str] | None) -> list[str]:
    """Every screen of ``window`` in each layout: measured for cuts, or (``pseudo_allowed``, the GM's
    words) read for untranslated text."""
    found: list[str] = []

    def look(root, at: str) -> None:
        if pseudo_allowed is None:
            return
        found.extend(untranslated_findings(root, pseudo_allowed, at))

    for layout in window.LAYOUTS:
        window.set_layout(layout)
        settle()
        at = f"{where} {layout}"
        if pseudo_allowed is None:
            found += window_findings(window, at)
            found += rolled_width_findings(window, at)
            found += log_rows_findings(window, at)
            found += opponent_findings(window, at)
        else:
            look(window.menuBar(), at)
            for name, dock in window.docks.items():
                if dock.isHidden():
                    continue
                dock.raise_()
                settle()
                from window_fit import all_tabs
                for _ in all_tabs(dock.widget()):
                    look(dock, f"{at} {name}")
    with Dialogs(lambda dialog: found.extend(dialog_findings(dialog, where)) if pseudo_allowed is None
                 else look(dialog, f"{where} {type(dialog).__name__}")) as dialogs:
        open_every_dialog(window)
    expected = {"HouseRulesDialog", "AboutDialog", "ExportDialog", "PrepExportDialog", "ImportDialog",
                "AddCombatantsDialog", "ConditionDialog", "WelcomeDialog"}
    if missing := expected - set(dialogs.seen):
        found.append(f"{where}: the tour never opened {sorted(missing)}")
    on_player_window(window, lambda player: found.extend(f"{where} player window: {text}" for text in cut_texts(player))
                     if pseudo_allowed is None else look(player, f"{where} player window"))
    return sorted(set(found))


def main(out: str, systems_: list[str], languages: list[str], pseudo_language: bool = False) -> int:
    import json
    import os
    import random
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="gmdesk-tour-"))
    if pseudo_language:
        speak_pseudo(pseudo_catalogue(folder))
    from gmdesk.ui.app import build_window, configure_application
    from gmdesk.ui.campaign_files import create_campaign

    app = QApplication.instance() or QApplication([])
    configure_application(app)
    size = app.primaryScreen().availableGeometry().size()
    screen = f"{size.width()}x{size.height()}@{os.environ.get('QT_SCALE_FACTOR', '1')}"
    findings: list[str] = []
    for system in systems_:
        for lang in languages:
            path = folder / f"{system}-{lang}.gmdesk"
            create_campaign(path, system, "", True, lang).close()
            allowed = gm_words(path) | proper_names() if pseudo_language else None
            window = build_window(str(path), lang)
            window.panels["check"].rng = random.Random(7)
            window.show()
            settle()
            findings += tour(window, f"{screen} {system} {'pseudo' if pseudo_language else lang}", allowed)
            window.close()
            window.deleteLater()
            settle()
    Path(out).write_text(json.dumps(findings, ensure_ascii=False, indent=0))
    return 0


if __name__ == "__main__":
    import sys

    from gmdesk import systems

    pseudo_language = "--pseudo" in sys.argv  # French replaced by the pseudo-language: untranslated text shows
    args = [a for a in sys.argv[1:] if a != "--pseudo"]
    sys.exit(main(args[0], args[1].split(",") if len(args) > 1 else systems.ids(),
                  args[2].split(",") if len(args) > 2 else ["en", "fr"], pseudo_language))
