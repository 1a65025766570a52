"""The condition dialog offers only the values the rules allow (pf2: frightened 4 at most, the seed's
−1..−4 status penalties) and says why; a condition without such a bound keeps the wide range."""

from __future__ import annotations

from gmdesk.campaign.model import Combatant
from gmdesk.ui.panels.encounter.condition_dialog import ConditionDialog


def test_pf2_frightened_goes_up_to_4_with_a_note(qtbot):
    dialog = ConditionDialog("pf2", Combatant(1, "Brunhild"), [])
    qtbot.addWidget(dialog)
    dialog.select("frightened")
    assert dialog.value_spin.maximum() == 4
    assert "At most 4" in dialog.note_label.text()
    dialog.value_spin.setValue(6)  # typed past the bound: the spin box keeps 4
    assert dialog.choice()[1] == 4
    dialog.select("stunned")
    assert dialog.value_spin.maximum() == 20
    assert "At most" not in dialog.note_label.text()
