"""Small things a good desktop app gets right (issue 12, item 17): the DC solver's lines are named in
a legend, the prep-sheet export's "&Where:" is a mnemonic (not a literal ampersand), and the log
export proposes the folder the GM last used, else Documents where it exists, else home."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFormLayout, QLabel

from tests.ui.test_log_panel import log_panel, open_export, type_path  # noqa: F401 (the fixture)
from tests.ui.test_prep_solver import choose, open_panel, open_tab, set_chance


def legend_texts(solver) -> list[str]:
    """What the legend under the solver's chart reads, entry by entry (each drawn in one line's colour)."""
    assert solver.legend.isVisible() and solver.legend.height() >= solver.legend.fontMetrics().height()
    assert solver.legend.texts() == solver.legend_entries
    return solver.legend_entries


def test_the_dc_solver_names_its_lines_in_a_legend(qtbot, tmp_path):
    panel, store, _ = open_panel(qtbot, tmp_path, "pf2")
    solver = panel.solver
    open_tab(qtbot, panel, solver)
    choose(solver.goal_combo, "average")
    set_chance(qtbot, solver.chance_spin, 55)
    names = list(solver.solved.members)
    assert names, "the demo check has rollers"
    texts = legend_texts(solver)
    assert texts[0] == "an average member succeeds"  # the thick line: the goal
    assert texts[1] == "wanted: 55.0 %"  # the dashed level
    assert texts[2:] == names  # each faint line: a roller
    # The legend follows the GM's next question.
    choose(solver.goal_combo, "best")
    set_chance(qtbot, solver.chance_spin, 70)
    assert legend_texts(solver)[:2] == ["the best in the party succeeds", "wanted: 70.0 %"]
    store.close()


def test_the_legend_shows_a_name_as_typed(qtbot, tmp_path):
    from dataclasses import replace

    panel, store, bus = open_panel(qtbot, tmp_path, "pf2")
    first = store.characters.list("pc")[0]
    store.characters.update(replace(first, name="<b>Bold</b> & Co"))
    bus.characterChanged.emit(first.id)
    open_tab(qtbot, panel, panel.solver)
    set_chance(qtbot, panel.solver.chance_spin, 50)
    assert "<b>Bold</b> & Co" in legend_texts(panel.solver)
    # Painted as plain text (no label that could read it as markup): the strip is no QLabel at all.
    assert not panel.solver.findChildren(QLabel, "solverLegend")
    store.close()


def test_the_prep_export_where_label_is_a_mnemonic(qtbot, tmp_path):
    from gmdesk.ui.panels.prep.export import PrepExportDialog

    panel, store, _ = open_panel(qtbot, tmp_path, "pf2")
    dialog = PrepExportDialog(panel)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitActive(dialog)
    form = dialog.findChild(QFormLayout)
    labels = [form.itemAt(row, QFormLayout.ItemRole.LabelRole).widget() for row in range(form.rowCount())]
    where = next(label for label in labels if isinstance(label, QLabel) and "Where" in label.text())
    assert where.buddy() is dialog.path_edit  # so Qt draws "Where:" with W underlined, no "&"
    plain = QLabel("Where:")
    assert where.sizeHint().width() == plain.sizeHint().width()  # the "&" takes no room: not drawn
    # Alt+W takes the GM to the field.
    dialog.scene_combo.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.scene_combo)
    qtbot.keyClick(dialog.scene_combo, Qt.Key.Key_W, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is dialog.path_edit
    store.close()


def test_the_log_export_proposes_a_folder_that_exists_then_the_last_one_used(qtbot, log_panel, tmp_path,
                                                                               monkeypatch):
    panel, store, _ = log_panel
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))

    dialog = open_export(panel)  # no Documents folder here: home, not a folder that is not there
    assert Path(dialog.path_edit.text()).parent == home
    dialog.reject()

    (home / "Documents").mkdir()
    dialog = open_export(panel)
    assert Path(dialog.path_edit.text()).parent == home / "Documents"
    chosen = tmp_path / "exports"
    chosen.mkdir()
    type_path(qtbot, dialog, chosen / "session-3.csv")
    with qtbot.waitSignal(dialog.exported):
        qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    assert (chosen / "session-3.csv").is_file()

    dialog = open_export(panel)  # remembered: the folder last used, with the campaign's name
    assert Path(dialog.path_edit.text()).parent == chosen
    assert Path(dialog.path_edit.text()).name == "pf2-log.csv"
    dialog.reject()

    chosen.joinpath("session-3.csv").unlink()
    chosen.rmdir()  # that folder is gone (a USB stick unplugged): Documents again
    dialog = open_export(panel)
    assert Path(dialog.path_edit.text()).parent == home / "Documents"
    dialog.reject()
