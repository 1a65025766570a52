"""A tour of every screen a GM can reach (issue 24, items 1 and 6), measured on a live window.

``window_fit.py`` raises every dock and tab of both layouts; the tour adds what only a GM's clicks
show: every dialog (house rules, import preview, both exports, condition, add combatants, about,
welcome), the player window, the roll log grown from its strip, an opponent picked in the check
panel. On each it reports what ``window_fit.cut_texts`` calls cut (every chart's texts and tick
names too: ``chart_fit``; widgets laid out over each other: ``overlapping_siblings``), plus item 6's laptop limits (the house rules dialog no taller than 600 px,
the grown log showing at least 8 rows in both layouts) and item 1's "no layout shift under the
cursor" (a check made impossible moves none of the check panel's options).

With ``--pseudo`` the window speaks a generated pseudo-language instead of French: every source
string of the catalogue becomes ``⟦Ŝöûŕçé⟧`` (placeholders kept), and every ``Word(en, fr)`` of the
game systems too. Any visible text with a Latin letter outside the brackets that is not the GM's
own data (the demo campaign's names, scenes…) nor a number or unit is text no translator will ever
see: it is reported as untranslated.

    QT_QPA_PLATFORM=offscreen:configfile=SCREEN.json python tour.py OUT.json SYSTEMS LANGS [--pseudo]
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import QAbstractItemView, QApplication, QComboBox, QDialog, QFileDialog, QMessageBox

from pseudo_language import gm_words, proper_names, pseudo_catalogue, speak_pseudo, untranslated_findings
from window_fit import cut_texts, demo_windows, every_dock_tab, rolled_width_findings, settle, shown, window_findings

MAX_DIALOG_HEIGHT = 600  # item 6: the house rules dialog on a 720 px high screen, its title bar and task bar
MIN_LOG_ROWS = 8  # item 6: the roll log, grown from its strip, in both layouts, on both screens


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
    """The roll log grown from its strip shows at least 8 rows of rolls: whole rows in its view's
    viewport, as high as the view lays them out."""
    log = window.panels["log"]
    if not log.is_strip():
        return []
    log.set_strip(False)
    settle()
    found = []
    views = [v for v in log.findChildren(QAbstractItemView) if shown(v) and v.model() is not None]
    if not views:
        found.append(f"{where}: the grown roll log shows no rolls")
    for view in views:
        rows = view.model().rowCount(QModelIndex())
        height = view.rowHeight(0) if rows and hasattr(view, "rowHeight") else view.sizeHintForRow(0)
        fits = view.viewport().height() // height if height > 0 else MIN_LOG_ROWS
        if rows >= MIN_LOG_ROWS and fits < MIN_LOG_ROWS:
            found.append(f"{where}: the grown roll log shows {fits} rows (< {MIN_LOG_ROWS})")
        elif rows < MIN_LOG_ROWS:
            found.append(f"{where}: the demo campaign's log has {rows} rolls, fewer than the rows to count")
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


def fight_odds_findings(window, where: str) -> list[str]:
    """The Bestiary dock's Fight odds tab with the GM's target order shown and a fight simulated (a
    few hundred runs: the words, not the figures, are measured): nothing cut."""
    import time

    window.docks["bestiary"].show()
    window.docks["bestiary"].raise_()
    panel = window.panels["bestiary"]
    panel.fight_tabs.setCurrentWidget(panel.fight_odds)
    settle()
    view = panel.fight_odds
    view.tactic_box.setCurrentIndex(view.tactic_box.findData("order"))
    view.runs_box.setValue(view.runs_box.minimum())
    work = view.simulate()
    while work is not None and work.running():
        settle()
        time.sleep(0.02)
    settle()
    found = [f"{where} fight odds: {text}" for text in cut_texts(panel)]
    view.tactic_box.setCurrentIndex(0)
    panel.fight_tabs.setCurrentIndex(0)
    return found


def message_room_findings(window, where: str) -> list[str]:
    """No layout shift under the GM's cursor (issue 24, item 1): the check panel's options made
    impossible (a toggle, or two, ticked: take 10 while threatened…) show "Not possible: …", and the
    controls below the GM's cursor stay where they were (the message is measured whole by ``cut_texts``)."""
    from itertools import combinations

    window.docks["check"].raise_()
    settle()
    panel = window.panels["check"]
    below = [panel.options, panel.modifiers]

    def places():
        return [(w.mapTo(panel.controls, w.rect().topLeft()).toTuple(), w.height()) for w in below]

    before = places()
    boxes = [b for b in panel.options.toggles.values() if shown(b) and b.isEnabled() and not b.isChecked()]
    found: list[str] = []
    for ticked in [*((b,) for b in boxes), *combinations(boxes, 2)]:
        for box in ticked:
            box.setChecked(True)
        settle()
        if panel.error_label.isVisible() and places() != before:
            found.append(f"{where} {[b.text() for b in ticked]}: {panel.error_label.text()[:50]!r} moved the "
                         f"options below it: {before} → {places()}")
        for box in reversed(ticked):
            box.setChecked(False)
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
            found += fight_odds_findings(window, at)
            if layout == window.LAYOUTS[0]:  # the same panel in both: once (every toggle pair, ~2 s)
                found += message_room_findings(window, at)
        else:
            look(window.menuBar(), at)
            for name, dock in every_dock_tab(window):
                look(dock, f"{at} {name}")
            fight_odds_findings(window, at)
            look(window.panels["bestiary"], f"{at} fight odds")
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
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="gmdesk-tour-"))
    if pseudo_language:
        speak_pseudo(pseudo_catalogue(folder))
    findings: list[str] = []
    for screen, system, lang, path, window in demo_windows(systems_, languages, folder):
        allowed = gm_words(path) | proper_names() if pseudo_language else None
        findings += tour(window, f"{screen} {system} {'pseudo' if pseudo_language else lang}", allowed)
    Path(out).write_text(json.dumps(findings, ensure_ascii=False, indent=0))
    return 0


if __name__ == "__main__":
    import sys

    from gmdesk import systems

    pseudo_language = "--pseudo" in sys.argv  # French replaced by the pseudo-language: untranslated text shows
    args = [a for a in sys.argv[1:] if a != "--pseudo"]
    sys.exit(main(args[0], args[1].split(",") if len(args) > 1 else systems.ids(),
                  args[2].split(",") if len(args) > 2 else ["en", "fr"], pseudo_language))
