"""A threat cell's hover says which conditions its figures count: its hit % and its rounds to drop are the
fight's as it stands (both sides' conditions), and its hit lines say "(counting Prone)"."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gmdesk.campaign.checks import Situation, build_check
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
                assert tip.splitlines()[0].endswith(")") and "(counting " in tip.splitlines()[0]
            else:
                assert "The rounds count the conditions" not in tip and "(counting " not in tip
            hit = panel.threat.table.on_party[creature.id, pc.id]
            assert hit.odds == build_check(creature, hit.ref, Situation(
                opponent=pc, opponent_conditions=tuple(held.get(pc.id, ())), inspiration=False),
                tuple(held.get(creature.id, ()))).odds(), "the cell's hit % counts what its bars count"
    assert said and said < len(party) * len(creatures), "the demo's fight has some with conditions, some without"


def test_the_card_counts_the_partys_conditions_in_the_fight_and_says_so(qtbot, dnd):
    from gmdesk.campaign.bestiary import shipped
    from gmdesk.campaign.model import ConditionState
    from gmdesk.ui.panels.bestiary.card import card_html, party_in_fight

    panel, _ = open_dock(qtbot, dnd)
    party = [c for c in dnd.characters.list() if c.is_pc]
    hp, held = party_in_fight(dnd)
    assert hp, "the demo's fight: its combatants' HP"
    held = {**held, party[0].id: (ConditionState("prone"),)}
    goblin = next(c for c in shipped("dnd5e") if c.name == "Goblin")
    html = card_html(goblin, party, dnd.info.house_rules, "en", hp, held)
    assert f"hits {party[0].name} (AC" in html and "(counting Prone)" in html
    assert f"Goblin drops {party[0].name} in 3 rounds or fewer" in html
