"""The pseudo-language of the screen tour (issue 24, item 1): every source string of the catalogue
and every ``Word(en, fr)`` of the game systems spoken as ``⟦Ŝöûŕçé⟧`` where French would be, and
what a screen shows outside it (``untranslated``): text that no translator will ever see."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QComboBox, QDialogButtonBox, QDockWidget,
                               QGraphicsSimpleTextItem, QGraphicsTextItem, QGraphicsView, QGroupBox, QHeaderView,
                               QLabel, QLineEdit, QTabBar)

from window_fit import MAX_ROWS, name_of, shown

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
        kinds = system.words.kind_names  # the kinds of check the statistics group by: their own table too

        def pseudo_kinds(lang: str, kinds=kinds) -> dict[str, str]:
            return {k: pseudo(v) for k, v in kinds("en").items()} if lang == "fr" else kinds(lang)
        object.__setattr__(system.words, "kind_names", pseudo_kinds)
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
    """The game systems' own names (trademarks: "Pathfinder", "Chroniques Oubliées"), never translated,
    and the licences' attributions the About box quotes in their own words (the SRD 5.1's), and the
    names of the creatures a shipped bestiary prints (the SRD's "Adult Black Dragon"), as printed."""
    from gmdesk import systems
    from gmdesk.about import credits
    from gmdesk.campaign.bestiary import shipped

    found: set[str] = {w.lower() for w in _WORD.findall(credits())}
    for system in systems.all_systems():
        for attribute in ("name", "title", "label"):
            value = getattr(system, attribute, "")
            for text in ([value] if isinstance(value, str) else list(value) if isinstance(value, tuple) else []):
                found.update(w.lower() for w in _WORD.findall(str(text).replace("&", "")))
        for creature in shipped(system.id):
            found.update(w.lower() for w in _WORD.findall(creature.name))
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
