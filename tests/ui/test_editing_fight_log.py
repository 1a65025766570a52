"""The fight and the roll log (issue 12, item 13): initiative rolled with the I key lands in the roll
log, one entry per die roll, linked to the fight and its round; Shift+N ("previous turn") takes the
turn's end back for real — the conditions and durations it changed are as they were — and says so,
and says what it did instead when the fight kept no record of that turn's end."""

from __future__ import annotations

import json
import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gmdesk.store import check_odds
from gmdesk.ui.panels.log.model import RollLogModel
from tests.ui.conftest import campaign_file


def press(qtbot, key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    target = QApplication.focusWidget() or QApplication.activeWindow()
    qtbot.keyClick(target, key, modifiers)


def test_initiative_rolls_land_in_the_roll_log_linked_to_the_fight(qtbot, make_window, tmp_path):
    window = make_window(campaign_file(tmp_path, "dnd5e"))
    fight, log = window.panels["encounter"], window.panels["log"]
    fight.rng = random.Random(11)
    before, rows = window.store.log.count(), log.model.rowCount()
    press(qtbot, Qt.Key.Key_I)  # roll initiative for everyone: the fight starts
    enc = window.store.encounter.get()
    queue = enc.queue()
    assert all(c.initiative is not None for c in queue)
    assert window.store.log.count() == before + len(queue)
    assert log.model.rowCount() == rows + len(queue)  # shown at once, without reopening
    entries = [log.model.index(r, 0).data(RollLogModel.EntryRole) for r in range(len(queue))]
    by_actor = {e.actor: e for e in entries}
    assert set(by_actor) == {c.name for c in queue}
    for c in queue:
        e = by_actor[c.name]
        assert e.label == "Initiative" and e.fight == enc.name and e.round == 1
        assert e.total == c.initiative
        kept = [d["face"] for d in e.dice if d["state"] == "kept"]
        assert len(kept) == 1 and kept[0] + sum(b["value"] for b in e.breakdown if not b["suppressed"]) == c.initiative
        # An initiative has no success or failure: the analytics count its dice, never its odds.
        assert check_odds.tier_odds(e.system, json.dumps(e.check)) is None
    shown = [log.model.index(0, c).data() for c in range(log.model.columnCount())]
    assert "Initiative" in shown and str(entries[0].total) in shown
    # The NPCs' own roll (Shift+I) mid-fight: logged in the round it was rolled in.
    press(qtbot, Qt.Key.Key_N)
    press(qtbot, Qt.Key.Key_N)
    enc = window.store.encounter.get()
    npcs = [c for c in enc.queue() if c.kind == "npc"]
    press(qtbot, Qt.Key.Key_I, Qt.KeyboardModifier.ShiftModifier)
    latest = window.store.log.count()
    assert latest == before + len(queue) + len(npcs)
    top = log.model.index(0, 0).data(RollLogModel.EntryRole)
    assert top.round == enc.round and top.actor in {c.name for c in npcs}


def test_previous_turn_puts_back_what_the_turns_end_changed(qtbot, make_window, tmp_path):
    window = make_window(campaign_file(tmp_path, "pf2"))
    fight = window.panels["encounter"]
    fight.rng = random.Random(3)
    press(qtbot, Qt.Key.Key_I)
    enc = window.store.encounter.get()
    acting = enc.current()
    other = next(c for c in enc.queue() if c.id != acting.id)
    fight.add_condition(acting.id, "frightened", 2)  # drops by one at the end of its turn
    fight.add_condition(other.id, "flat_footed", None, rounds=1, ticks="end", anchor_id=acting.id)

    def conditions(cid):
        return [(c.key, c.value, c.rounds_left) for c in window.store.encounter.get().by_id(cid).conditions]

    before = {acting.id: conditions(acting.id), other.id: conditions(other.id)}
    press(qtbot, Qt.Key.Key_N)  # the turn ends: frightened 2 → 1, flat-footed counts down
    assert conditions(acting.id) != before[acting.id] and conditions(other.id) != before[other.id]
    press(qtbot, Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)  # previous turn
    back = window.store.encounter.get()
    assert back.current().id == acting.id and back.round == 1
    assert {acting.id: conditions(acting.id), other.id: conditions(other.id)} == before
    status = fight.status_label.text()
    assert f"Back to {acting.name}: the turn's end is taken back" in status
    assert "frightened 2" in status.lower()
    # One undo step each: Undo takes the rewind back (the turn's end is done again).
    assert window.undo_stack.undoText() == "Previous turn"
    window.undo_action.trigger()
    assert window.store.encounter.get().current().id != acting.id
    assert conditions(acting.id) != before[acting.id]


def test_previous_turn_says_when_it_only_moves_the_marker(qtbot, make_window, tmp_path):
    """A fight saved by an older gmdesk kept no record of its turns' ends: the marker moves back,
    and the status line says that is all it did."""
    from gmdesk.ui.campaign_files import create_campaign
    from gmdesk.campaign import initiative as ini

    path = tmp_path / "old.gmdesk"
    store = create_campaign(path, "pf2", "", True, "en")
    enc = store.encounter.get()
    ini.start_fight(enc, "pf2")
    ini.next_turn(enc, "pf2")
    enc.rewind = []  # as an older gmdesk wrote it
    store.encounter.save(enc)
    store.close()
    window = make_window(path)
    fight = window.panels["encounter"]
    press(qtbot, Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)
    assert window.store.encounter.get().turn == 0
    assert "only the marker moved" in fight.status_label.text()


def test_a_hidden_combatants_initiative_is_a_secret_roll(qtbot, make_window, tmp_path):
    """The player screen shows the public rolls: a monster hidden from the players stays unnamed."""
    from gmdesk.ui.campaign_files import create_campaign

    path = tmp_path / "ambush.gmdesk"
    store = create_campaign(path, "dnd5e", "", True, "en")
    enc = store.encounter.get()
    lurker = next(c for c in enc.combatants if c.kind == "npc")
    lurker.hidden = True
    store.encounter.save(enc)
    store.close()
    window = make_window(path)
    press(qtbot, Qt.Key.Key_I)
    entries = [window.store.log.get(i) for i in range(1, window.store.log.last_id() + 1)]
    initiative = {e.actor: e for e in entries if e.label == "Initiative"}
    assert initiative[lurker.name].secret
    assert not any(e.secret for name, e in initiative.items() if name != lurker.name)
