"""The initiative queue model: contents, player view, diffs that keep the selection, and reordering
through moveRows and drag-and-drop mime data."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, QModelIndex, QPersistentModelIndex, Qt

from gmdesk.campaign import initiative as ini
from gmdesk.campaign.demo import demo_campaign
from gmdesk.campaign.model import Combatant, ConditionState, Encounter
from gmdesk.ui.panels.encounter.model import MIME, EncounterModel

SYSTEMS = ["pf2", "dnd5e", "dnd35", "cof", "anarchy"]
M = EncounterModel


def demo_encounter(system: str) -> Encounter:
    return demo_campaign(system, "en").encounter


def names(model) -> list[str]:
    return [model.index(r, M.NAME).data() for r in range(model.rowCount())]


def small() -> Encounter:
    people = [Combatant(i, n, position=i - 1, hp=10 * i, max_hp=10 * i, kind="pc" if i % 2 else "npc")
              for i, n in enumerate(["Ayla", "Brute", "Cultist", "Dorn"], 1)]
    return Encounter(1, "fight", round=2, turn=1, combatants=people)


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("player_view", [False, True])
def test_model_passes_qtmodeltester_and_shows_the_demo_fight(qtmodeltester, system, player_view):
    enc = demo_encounter(system)
    model = EncounterModel()
    model.edit = lambda cid, column, value: True  # name and initiative cells editable
    model.set_encounter(enc, system)
    model.set_player_view(player_view)
    qtmodeltester.check(model)
    queue = enc.queue()
    assert names(model) == [c.name for c in queue]
    assert [model.index(r, 0).data(M.IdRole) for r in range(model.rowCount())] == [c.id for c in queue]
    current = [r for r in range(model.rowCount()) if model.index(r, M.NAME).data(M.CurrentRole)]
    assert current == [enc.turn]
    order = [model.headerData(r, Qt.Orientation.Vertical) for r in range(model.rowCount())]
    assert order == [f"▶ {r + 1}" if r == enc.turn else str(r + 1) for r in range(len(queue))]
    assert model.index(enc.turn, M.NAME).data(Qt.ItemDataRole.FontRole).bold()
    for r, c in enumerate(queue):
        hp = model.index(r, M.HP)
        hidden = player_view and c.kind == "npc"
        assert hp.data() == ("—" if hidden else f"{c.hp}/{c.max_hp}")
        assert hp.data(M.HpRole) == (None if hidden else c.hp)
        init = model.index(r, M.INIT).data()
        assert init == ("—" if c.initiative is None else str(c.initiative))
    # the demo's conditions, with their rounds left
    bearer = next(r for r, c in enumerate(queue) if c.conditions)
    cond = queue[bearer].conditions[0]
    cell = model.index(bearer, M.CONDITIONS).data()
    if cond.rounds_left is not None:
        assert cell.endswith(f"({cond.rounds_left} rd)")
    assert model.index(bearer, M.CONDITIONS).data(M.ConditionsRole) == [(cond.key, cond.value, cond.rounds_left)]
    assert model.index(bearer, M.CONDITIONS).data(Qt.ItemDataRole.ToolTipRole)


def test_states_temporary_hp_and_tiebreaks_in_words():
    enc = small()
    enc.by_id(2).state, enc.by_id(2).hp = "downed", 0
    enc.by_id(3).delayed = True
    enc.by_id(4).temp_hp = 5
    enc.by_id(1).tiebreak = "Perception +7 > +5"
    enc.by_id(4).conditions = [ConditionState("frightened", 2), ConditionState("flat_footed", None, 3, "start", 1)]
    model = EncounterModel()
    model.set_encounter(enc, "pf2")
    assert model.index(1, M.STATE).data() == "downed"
    assert model.index(1, M.STATE).data(M.StateRole) == "downed"
    assert model.index(2, M.STATE).data() == "delaying"
    assert model.index(2, M.NAME).data(Qt.ItemDataRole.FontRole).italic()
    assert model.index(3, M.HP).data() == "40/40 +5"
    assert model.index(0, M.TIEBREAK).data() == "Perception +7 > +5"
    assert model.index(3, M.CONDITIONS).data() == "frightened 2, flat-footed (3 rd)"
    tip = model.index(3, M.CONDITIONS).data(Qt.ItemDataRole.ToolTipRole)
    assert "3 round(s) left, counted at the start of Ayla's turn" in tip and "frightened 2: until removed" in tip


def test_player_view_hides_only_npc_hit_points(qtbot):
    model = EncounterModel()
    model.set_encounter(small(), "dnd5e")
    with qtbot.waitSignal(model.dataChanged):
        model.set_player_view(True)
    assert [model.index(r, M.HP).data() for r in range(4)] == ["10/10", "—", "30/30", "—"]
    model.set_player_view(False)
    assert [model.index(r, M.HP).data() for r in range(4)] == ["10/10", "20/20", "30/30", "40/40"]


def test_a_new_queue_moves_rows_so_the_selection_follows_the_combatant(qtbot, qtmodeltester):
    enc = small()
    model = EncounterModel()
    model.set_encounter(enc, "pf2")
    qtmodeltester.check(model)
    cultist = QPersistentModelIndex(model.index(2, M.NAME))
    resets = []
    model.modelReset.connect(lambda: resets.append(1))
    again = Encounter.from_dict(enc.to_dict())
    ini.move_combatant(again, 3, 0)  # Cultist first
    with qtbot.waitSignal(model.rowsMoved):
        model.set_encounter(again)
    assert names(model) == ["Cultist", "Ayla", "Brute", "Dorn"]
    assert cultist.row() == 0 and cultist.data() == "Cultist"
    # one removed, one added, one HP changed: rows inserted/removed, never a reset
    ini.remove_combatant(again, "pf2", 2)
    ini.add_combatant(again, Combatant(None, "Ghoul", hp=9, max_hp=9), index=1)
    again.by_id(4).hp = 3
    with qtbot.waitSignals([model.rowsRemoved, model.rowsInserted]):
        model.set_encounter(again)
    assert names(model) == ["Cultist", "Ghoul", "Ayla", "Dorn"]
    assert model.index(3, M.HP).data() == "3/40"
    assert cultist.row() == 0 and resets == []
    model.set_encounter(None)
    assert model.rowCount() == 0


def drag(model, *rows) -> QMimeData:
    return model.mimeData([model.index(r, M.NAME) for r in rows])


def test_drag_and_drop_reorders_and_keeps_the_turn(qtmodeltester):
    enc = small()  # Brute's turn
    model = EncounterModel()
    model.set_encounter(enc, "anarchy")
    data = drag(model, 3)
    assert data.hasFormat(MIME)
    assert model.canDropMimeData(data, Qt.DropAction.MoveAction, 0, 0, QModelIndex())
    assert model.dropMimeData(data, Qt.DropAction.MoveAction, 0, 0, QModelIndex())  # Dorn dropped above Ayla
    assert names(model) == ["Dorn", "Ayla", "Brute", "Cultist"]
    assert enc.current().name == "Brute" and model.index(2, 0).data(M.CurrentRole)
    # dropped onto a row: takes its place; onto the empty space below: goes last
    assert model.dropMimeData(drag(model, 0), Qt.DropAction.MoveAction, -1, -1, model.index(2, 0))
    assert names(model) == ["Ayla", "Dorn", "Brute", "Cultist"]
    assert model.dropMimeData(drag(model, 0, 1), Qt.DropAction.MoveAction, -1, -1, QModelIndex())
    assert names(model) == ["Brute", "Cultist", "Ayla", "Dorn"]
    # the view's removeRows after a move-drop must not delete anyone
    assert not model.removeRows(0, 1)
    assert model.rowCount() == 4
    qtmodeltester.check(model)


def test_foreign_or_stale_mime_data_is_refused():
    model = EncounterModel()
    model.set_encounter(small(), "pf2")
    text = QMimeData()
    text.setText("Ayla")
    assert not model.canDropMimeData(text, Qt.DropAction.MoveAction, 0, 0, QModelIndex())
    stale = QMimeData()
    stale.setData(MIME, b"99")
    assert not model.dropMimeData(stale, Qt.DropAction.MoveAction, 0, 0, QModelIndex())
    assert not model.canDropMimeData(drag(model, 1), Qt.DropAction.CopyAction, 0, 0, QModelIndex())
    assert names(model) == ["Ayla", "Brute", "Cultist", "Dorn"]


def test_move_rows_and_the_reorder_hook():
    model = EncounterModel()
    model.set_encounter(small(), "pf2")
    assert model.moveRows(QModelIndex(), 0, 1, QModelIndex(), 4)  # Ayla to the end
    assert names(model) == ["Brute", "Cultist", "Dorn", "Ayla"]
    assert not model.moveRows(QModelIndex(), 0, 1, QModelIndex(), 1)  # onto itself: nothing to do
    assert not model.moveRows(QModelIndex(), 3, 2, QModelIndex(), 0)  # past the end
    asked = []
    model.reorder = lambda ids: asked.append(ids) or True  # the panel takes over
    assert model.moveRows(QModelIndex(), 2, 2, QModelIndex(), 0)
    assert asked == [[4, 1, 2, 3]]  # Dorn and Ayla to the front
    assert names(model) == ["Brute", "Cultist", "Dorn", "Ayla"]  # until the panel sends the new queue


def test_cells_edit_through_the_hook_only():
    model = EncounterModel()
    model.set_encounter(small(), "pf2")
    assert not model.flags(model.index(0, M.NAME)) & Qt.ItemFlag.ItemIsEditable
    assert not model.setData(model.index(0, M.NAME), "Zed")
    edits = []
    model.edit = lambda cid, column, value: edits.append((cid, column, value)) or True
    assert model.flags(model.index(0, M.INIT)) & Qt.ItemFlag.ItemIsEditable
    assert not model.flags(model.index(0, M.HP)) & Qt.ItemFlag.ItemIsEditable
    assert model.setData(model.index(1, M.INIT), 17)
    assert not model.setData(model.index(1, M.HP), 3)
    assert edits == [(2, M.INIT, 17)]
