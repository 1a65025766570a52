"""A threat cell's hover says which conditions its rounds count: its hit lines are the card's (without
conditions), its rounds to drop are the fight's as it stands — the GM reads why they differ."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gmdesk.campaign.difficulty import in_fight

from tests.ui.test_bestiary_dock import add_goblins, docks_let_go, open_dock  # noqa: F401 (a fixture)
from tests.ui.test_fight_odds_dock import dnd  # noqa: F401 (a fixture)


def test_the_hover_names_the_conditions_the_rounds_count(qtbot, dnd):
    panel, _ = open_dock(qtbot, dnd)
    add_goblins(qtbot, panel, 1)  # a fresh one: no condition on it
    characters = {c.id: c for c in dnd.characters.list()}
    party = [c for c in characters.values() if c.is_pc]
    creatures = in_fight(dnd.encounter.get(), characters)[0]
    held = {c.character_id: c.conditions for c in dnd.encounter.get().combatants if c.conditions}
    said = 0
    for row, pc in enumerate(party):
        for col, creature in enumerate(creatures):
            tip = panel.threat.item(row, col).data(Qt.ItemDataRole.ToolTipRole)
            counted = [c for c in (creature, pc) if c.id in held]
            if counted:
                said += 1
                assert "The rounds count the conditions as they stand: " + counted[0].name in tip.replace("&#x27;", "'")
            else:
                assert "The rounds count the conditions" not in tip
    assert said and said < len(party) * len(creatures), "the demo's fight has some with conditions, some without"
