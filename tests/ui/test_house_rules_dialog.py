"""Campaign › House rules…: each ruling of the campaign's system with its meaning, its default and a
live example; the choice saved in the campaign as one undo step, followed by the check panel and
recorded on every roll."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from conftest import campaign_file
from gmdesk.campaign.house_rules_examples import example
from gmdesk.engine.series import percent_text
from gmdesk.ui.dialogs.house_rules import HouseRulesDialog


def run_dialog(monkeypatch, window, choose):
    """Open the dialog from the menu; ``choose(dialog)`` plays the GM, then OK."""
    seen = {}

    def exec_(dialog):
        seen["dialog"] = dialog
        choose(dialog)
        return HouseRulesDialog.DialogCode.Accepted

    monkeypatch.setattr(HouseRulesDialog, "exec", exec_)
    window.house_rules_action.trigger()
    return seen["dialog"]


def test_anarchy_rulings_edited_saved_undone_and_followed(make_window, tmp_path, monkeypatch, qtbot):
    window = make_window(campaign_file(tmp_path, "anarchy"))
    assert window.house_rules_action.isEnabled()
    assert window.campaign_menu.actions()[0] is window.house_rules_action
    panel = window.panels["check"]
    before = panel.view.odds.extra["complication"]

    def choose(dialog):
        assert list(dialog.boxes) == ["R-3", "R-4", "R-5"]
        box = dialog.boxes["R-4"]
        assert box.default_button.isChecked()  # the ruling is the default
        assert box.default_button.text() == "Ruling (the default)" and box.house_button.text() == "House rule"
        assert box.default_label.text().startswith("No 1, no complication")
        assert box.house_label.text().startswith("The seed's letter")
        ruling, house = percent_text(example("R-4", True)), percent_text(example("R-4", False))
        assert f"<b>{ruling}</b>" in box.example_label.text() and house in box.example_label.text()
        qtbot.mouseClick(box.house_button, Qt.MouseButton.LeftButton, pos=QPoint(8, box.house_button.height() // 2))
        assert box.house_button.isChecked()
        assert f"<b>{house}</b>" in box.example_label.text()  # the live example follows the choice

    run_dialog(monkeypatch, window, choose)
    store = window.store
    assert store.info.house_rules.complication_needs_a_one is False
    assert window.undo_stack.count() == 1 and window.undo_stack.undoText() == "Change the house rules"
    after = panel.view.odds.extra["complication"]
    assert after > before and panel.view.check.rulings.complication_needs_a_one is False
    # a roll made now records the rulings in force
    rolled = panel.roll()
    assert store.log.get(rolled.entry_id).rulings["complication_needs_a_one"] is False
    # Ctrl+Z: back to the ruling, in the file and in the panel
    window.undo_action.trigger()
    assert store.info.house_rules.complication_needs_a_one is True
    assert panel.view.odds.extra["complication"] == before
    window.redo_action.trigger()
    assert store.info.house_rules.complication_needs_a_one is False


def test_ok_without_a_change_pushes_nothing(make_window, tmp_path, monkeypatch):
    window = make_window(campaign_file(tmp_path, "pf2"))
    dialog = run_dialog(monkeypatch, window, lambda d: None)
    assert list(dialog.boxes) == ["R-1"]
    assert window.undo_stack.count() == 0


def test_pf2_r1_example_and_a_system_without_rulings_shows_its_options(make_window, tmp_path, monkeypatch, qtbot):
    window = make_window(campaign_file(tmp_path, "pf2"))

    def choose(dialog):
        box = dialog.boxes["R-1"]
        assert "9.0 %" in box.example_label.text() and "2.3 %" in box.example_label.text()  # 9/100, 9/400
        qtbot.mouseClick(box.house_button, Qt.MouseButton.LeftButton, pos=QPoint(8, box.house_button.height() // 2))

    run_dialog(monkeypatch, window, choose)
    assert window.store.info.house_rules.reroll_keeps_new is False
    window.close()
    other = make_window(campaign_file(tmp_path, "dnd35"))
    dialog = run_dialog(monkeypatch, other, lambda d: None)
    assert dialog.boxes == {}  # no ruling concerns D&D 3.5; its own option and the tie rule remain
    assert list(dialog.options) == ["dnd35_max_helpers"] and dialog.ties is not None


def test_the_dialog_in_french(make_window, tmp_path, monkeypatch):
    window = make_window(campaign_file(tmp_path, "anarchy"), lang="fr")

    def choose(dialog):
        assert dialog.windowTitle() == "Règles maison"
        box = dialog.boxes["R-4"]
        assert box.default_button.text() == "Décision (par défaut)"
        assert box.default_label.text().startswith("Pas de 1, pas de complication")
        assert "," in box.example_label.text()  # French decimals

    run_dialog(monkeypatch, window, choose)
    assert window.campaign_menu.title() == "&Campagne"


def test_r2_from_the_dialog_reaches_the_prep_matrix(make_window, tmp_path, monkeypatch, qtbot):
    from gmdesk.ui.panels.prep.models import PrepMatrixModel

    window = make_window(campaign_file(tmp_path, "dnd5e"))
    store = window.store
    hero = store.characters.list("pc")[0]
    hero.sheet.heroic_inspiration = True
    store.characters.update(hero)
    window.bus.characterChanged.emit(hero.id)
    prep = window.panels["prep"]
    window.docks["prep"].show()
    window.docks["prep"].raise_()  # Prep in view, as the GM who looks at its figures has it (hidden, it waits)
    prep.set_campaign(store)
    qtbot.wait(50)
    model = prep.matrix_model
    counted = model.index(0, 0).data(PrepMatrixModel.ChanceRole)

    def choose(dialog):
        assert list(dialog.boxes) == ["R-2"]
        box = dialog.boxes["R-2"]
        assert "79.8 %" in box.example_label.text() and "55.0 %" in box.example_label.text()
        qtbot.mouseClick(box.house_button, Qt.MouseButton.LeftButton, pos=QPoint(8, box.house_button.height() // 2))

    run_dialog(monkeypatch, window, choose)
    assert store.info.house_rules.inspiration_in_odds is False
    qtbot.wait(50)
    assert model.index(0, 0).data(PrepMatrixModel.ChanceRole) < counted
    window.undo_stack.undo()
    qtbot.wait(50)
    assert model.index(0, 0).data(PrepMatrixModel.ChanceRole) == counted


def test_a_read_only_campaign_shows_its_rulings_but_saves_nothing(qtbot, tmp_path, monkeypatch):
    from PySide6.QtGui import QUndoStack
    from PySide6.QtWidgets import QDialogButtonBox

    from gmdesk.store import CampaignStore
    from gmdesk.ui.bus import CampaignBus
    from gmdesk.ui.dialogs.house_rules import edit_house_rules

    path = campaign_file(tmp_path, "anarchy")
    before = path.read_bytes()
    store = CampaignStore.open(path, read_only=True)
    try:
        seen = {}

        def exec_(dialog):
            seen["dialog"] = dialog
            assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
            assert not any(box.isEnabled() for box in dialog.boxes.values())
            dialog.boxes["R-4"].house_button.setChecked(True)  # even forced, nothing is written
            return HouseRulesDialog.DialogCode.Accepted

        monkeypatch.setattr(HouseRulesDialog, "exec", exec_)
        stack = QUndoStack()
        assert edit_house_rules(store, CampaignBus(), stack) is False
        assert stack.count() == 0 and seen
        assert store.info.house_rules.complication_needs_a_one is True
    finally:
        store.close()
    assert path.read_bytes() == before
