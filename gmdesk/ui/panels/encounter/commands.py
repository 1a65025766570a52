"""What the GM does to the fight, as methods of the encounter panel: roll initiative, pass turns,
delay and ready, HP, states, conditions, add, remove and reorder combatants.

Each is one call to the domain (``gmdesk.campaign.initiative``) made through ``_edit``: an undoable
edit, saved at once; a refusal (``RulesError``) is said in the status line and changes nothing.
Each returns the domain's events (None when refused or when there was nothing to do). Kept apart
from the widget code (``encounter.EncounterPanel`` mixes this in) so each file reads on its own.
"""

from __future__ import annotations

import sqlite3

from PySide6.QtCore import QDate, Qt

from gmdesk import systems
from gmdesk.campaign import initiative as ini
from gmdesk.campaign.initiative_log import initiative_entries
from gmdesk.campaign.model import ConditionState, Encounter
from gmdesk.campaign.player_view import set_hidden
from gmdesk.engine.core import RulesError
from gmdesk.store.errors import StoreError
from gmdesk.ui.panels.encounter.model import EncounterModel, reorder_queue
from gmdesk.ui.panels.encounter import text as words
from gmdesk.ui.panels.encounter.text import fill, translate
from gmdesk.ui.write_refusals import refusal_text


class FightCommands:
    """Mixed into ``EncounterPanel``: needs its ``keeper``, ``store``, ``rng``, ``skip_downed``,
    ``model``, ``actions_by_name``, ``hp_edit``, selection helpers and ``_error``/``_say``."""

    # -- editing ------------------------------------------------------------------------------
    def _edit(self, text: str, operation) -> list | None:
        """One undoable, saved change; a refusal is said in the status line (None returned)."""
        try:
            return self.keeper.edit(text, operation)
        except RulesError as exc:
            self._error(exc.rule)
            return None

    def _turn_edit(self, text: str, operation) -> list | None:
        self._turn_follows = True  # selected as the change is shown (``_changed``), before it is announced
        try:
            events = self._edit(text, operation)
        finally:
            self._turn_follows = False
        if events is not None:
            self._select(self._current_id())  # the check panel follows whoever acts now
        return events

    def _roll(self, who, text: str) -> list | None:
        game = systems.get(self.system)
        if game.fight.by_hand:
            self._say([fill(translate("EncounterPanel", "%1 has no initiative roll: order the queue by hand (drag "
                                                        "and drop, Ctrl+Up/Down)"), game.name.text(words.language()))])
            return None
        info, system, lang = self.store.info, self.system, words.language()
        characters = {c.id: c for c in self.store.characters.list()}
        rule = info.house_rules.tie_rule(system)

        def roll(enc: Encounter) -> list:
            checks = ini.sheet_initiative(enc, system, characters, info.house_rules, lang)
            events = ini.roll_initiative(enc, system, self.rng, who, checks=checks, tie_rule=rule)
            if who == "all":
                events += ini.start_fight(enc, system, self.skip_downed)
            return events

        events = (self._turn_edit if who == "all" else self._edit)(text, roll)
        if events:
            self._log_initiative(events)
        return events

    def _log_initiative(self, events: list) -> None:
        """The initiative dice in the roll log, linked to the fight (its name, its round). The log is
        append-only: undoing the roll puts the queue back and marks these rolls undone (struck
        through in the log, left out of the statistics and exports); a redo un-marks them."""
        enc = self.encounter
        if enc is None:
            return
        entries = initiative_entries(events, self.system, {c.id: c.name for c in enc.combatants},
                                     label=translate("EncounterPanel", "Initiative"),
                                     session=QDate.currentDate().toString("yyyy-MM-dd"),
                                     fight=enc.name or "—", round=enc.round,
                                     hidden={c.id for c in enc.combatants if c.hidden})
        if not entries:
            return
        try:
            ids = self.store.log.append_many(entries)
        except (StoreError, OSError, sqlite3.Error) as exc:
            self._error(fill(translate("EncounterPanel", "The initiative rolls were not logged: %1"), refusal_text(exc)))
            return
        self.keeper.rolled(ids)  # undoing the roll takes these back (marked, not deleted)
        for entry_id in ids:
            self.bus.rollLogged.emit(entry_id)

    def roll_everyone(self) -> list | None:
        return self._roll("all", translate("EncounterPanel", "Roll initiative for everyone"))

    def roll_npcs(self) -> list | None:
        return self._roll("npcs", translate("EncounterPanel", "Roll initiative for the NPCs"))

    def roll_selected(self) -> list | None:
        cid = self.selected_id()
        return self._roll(cid, translate("EncounterPanel", "Roll initiative")) if cid is not None else None

    def next_turn(self) -> list | None:
        return self._turn_edit(translate("EncounterPanel", "Next turn"),
                               lambda enc: ini.next_turn(enc, self.system, self.skip_downed))

    def previous_turn(self) -> list | None:
        """Back a turn for real (the conditions and durations the turn's end changed come back), or,
        when the fight kept no record of that turn's end, the marker only: the status line says which."""
        events = self._turn_edit(translate("EncounterPanel", "Previous turn"),
                                 lambda enc: ini.previous_turn(enc, self.skip_downed))
        turn = next((e for e in reversed(events or []) if e.kind == "turn"), None)
        if turn is None or self.encounter is None:
            return events
        names = {c.id: c.name for c in self.encounter.combatants}
        who = names.get(turn.combatant_id, "?")
        if turn.data.get("rewound"):
            restored = [fill(translate("EncounterPanel", "%1: %2"), names.get(e.combatant_id, "?"),
                             words.condition_cell(self.system, [ConditionState.parse(d) for d in e.data["conditions"]])
                             or translate("EncounterPanel", "no condition"))
                        for e in events if e.kind == "condition_restored"]
            self._say([fill(translate("EncounterPanel", "Back to %1: the turn's end is taken back"), who)] + restored)
        else:
            self._say([fill(translate("EncounterPanel", "Back to %1: only the marker moved (no record of "
                                                        "that turn's end; Undo takes back what it changed)"), who)])
        return events

    def start_fight(self) -> list | None:
        return self._turn_edit(translate("EncounterPanel", "Start the fight"),
                               lambda enc: ini.start_fight(enc, self.system, self.skip_downed))

    def end_fight(self) -> None:
        self.keeper.clear(translate("EncounterPanel", "End the fight"))

    def delay(self) -> list | None:
        cid = self._current_id()
        if cid is None:
            return None
        return self._turn_edit(translate("EncounterPanel", "Delay"),
                               lambda enc: ini.delay(enc, self.system, cid, self.skip_downed))

    def _pick(self, flag: str) -> int | None:
        """The selected combatant if it is delaying/readied, else the only one who is."""
        enc = self.encounter
        if enc is None:
            return None
        cid = self.selected_id()
        if cid is not None and getattr(enc.by_id(cid), flag):
            return cid
        marked = [c.id for c in enc.queue() if getattr(c, flag)]
        return marked[0] if len(marked) == 1 else cid

    def return_from_delay(self, combatant_id: int | None = None) -> list | None:
        cid = combatant_id if combatant_id is not None else self._pick("delayed")
        if cid is None:
            return None
        return self._turn_edit(translate("EncounterPanel", "Come back from delay"),
                               lambda enc: ini.return_from_delay(enc, self.system, cid))

    def ready(self, combatant_id: int | None = None) -> list | None:
        cid = combatant_id if combatant_id is not None else self._target_id()
        return None if cid is None else self._edit(translate("EncounterPanel", "Ready an action"),
                                                   lambda enc: ini.ready(enc, cid))

    def use_ready(self, combatant_id: int | None = None) -> list | None:
        cid = combatant_id if combatant_id is not None else self._pick("readied")
        if cid is None:
            return None
        # Where the readied action puts it: just before the trigger (dnd35), else just after.
        before = systems.get(self.system).fight.ready_before_trigger
        return self._edit(translate("EncounterPanel", "Readied action"), lambda enc: ini.use_ready(enc, cid, before))

    def set_skip_downed(self, on: bool) -> None:
        self.skip_downed = bool(on)
        if self.actions_by_name["skip_downed_action"].isChecked() != self.skip_downed:
            self.actions_by_name["skip_downed_action"].setChecked(self.skip_downed)

    def set_player_view(self, on: bool) -> None:
        self.model.set_player_view(on)
        if self.actions_by_name["player_view_action"].isChecked() != bool(on):
            self.actions_by_name["player_view_action"].setChecked(bool(on))

    def focus_hp_entry(self) -> None:
        self.hp_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.hp_edit.selectAll()

    def apply_hp_entry(self) -> list | None:
        events = self.apply_hp(self.hp_edit.text())
        if events is not None:
            self.hp_edit.clear()
        return events

    def apply_hp(self, text: str, combatant_id: int | None = None) -> list | None:
        cid = combatant_id if combatant_id is not None else self._target_id()
        if cid is None or not text.strip():
            return None
        try:
            entry = ini.parse_hp_entry(text)
            name = self.encounter.by_id(cid).name
        except RulesError:
            self._error(translate("EncounterPanel", "Type -7 for damage, +5 for healing, t10 for temporary HP"))
            return None
        return self._edit(fill(translate("EncounterPanel", "HP %1: %2"), name, text.strip()),
                          lambda enc: ini.apply_hp(enc, self.system, cid, entry))

    def set_state(self, state: str, combatant_id: int | None = None) -> list | None:
        cid = combatant_id if combatant_id is not None else self.selected_id()
        if cid is None:
            return None
        return self._edit(fill(translate("EncounterPanel", "Mark %1"), words.state_word(state)),
                          lambda enc: ini.set_state(enc, cid, state))

    def toggle_hidden(self, combatant_id: int | None = None) -> list | None:
        """Hide the selected combatant from the players until revealed, or reveal it (one step)."""
        cid = combatant_id if combatant_id is not None else self.selected_id()
        if cid is None or self.encounter is None:
            return None
        c = self.encounter.by_id(cid)
        text = translate("EncounterPanel", "Reveal %1") if c.hidden else translate("EncounterPanel", "Hide %1")
        return self._edit(fill(text, c.name), lambda enc: set_hidden(enc, cid, not c.hidden))

    def mark_active(self):
        return self.set_state("active")

    def mark_downed(self):
        return self.set_state("downed")

    def mark_dead(self):
        return self.set_state("dead")

    def add_condition(self, combatant_id: int, key: str, value: int | None = None, rounds: int | None = None,
                      ticks: str = "end", anchor_id: int | None = None) -> list | None:
        label = words.condition_label(self.system, key, value)
        return self._edit(fill(translate("EncounterPanel", "Condition: %1"), label),
                          lambda enc: ini.add_condition(enc, combatant_id, key, value, rounds, ticks, anchor_id))

    def remove_condition(self, combatant_id: int, key: str) -> list | None:
        label = words.condition_name(self.system, key)
        return self._edit(fill(translate("EncounterPanel", "Remove %1"), label),
                          lambda enc: ini.remove_condition(enc, combatant_id, key))

    def add_combatants(self, combatants: list) -> list | None:
        if not combatants:
            return None

        def add(enc: Encounter) -> list:
            events = []
            for c in combatants:
                events += ini.add_combatant(enc, c)
            return events

        events = self._edit(translate("EncounterPanel", "Add to the fight"), add)
        if events:
            self._select(events[-1].combatant_id)
        return events

    def remove_selected(self) -> list | None:
        cid = self.selected_id()
        if cid is None:
            return None
        name = self.encounter.by_id(cid).name
        return self._edit(fill(translate("EncounterPanel", "Remove %1"), name),
                          lambda enc: ini.remove_combatant(enc, self.system, cid, self.skip_downed))

    def reorder(self, ids: list[int]) -> bool:
        return bool(self._edit(translate("EncounterPanel", "Reorder the queue"), lambda enc: reorder_queue(enc, ids)))

    def move_by(self, step: int) -> bool:
        cid, ids = self.selected_id(), self.model.ids()
        if cid is None or not 0 <= ids.index(cid) + step < len(ids):
            return False
        i = ids.index(cid)
        ids[i], ids[i + step] = ids[i + step], ids[i]
        return self.reorder(ids)

    def move_up(self) -> bool:
        return self.move_by(-1)

    def move_down(self) -> bool:
        return self.move_by(1)

    def _edit_cell(self, combatant_id: int, column: int, value) -> bool:
        """A name or an initiative typed in the queue (a player's own die roll)."""
        if column == EncounterModel.NAME:
            name = str(value).strip()
            if not name:
                return False

            def rename(enc: Encounter) -> list:
                enc.by_id(combatant_id).name = name
                return []
            return self._edit(fill(translate("EncounterPanel", "Rename %1"), name), rename) is not None
        try:
            initiative = int(value)
        except (TypeError, ValueError):
            return False
        rule = self.store.info.house_rules.tie_rule(self.system)

        def set_initiative(enc: Encounter) -> list:
            enc.by_id(combatant_id).initiative = initiative
            enc.by_id(combatant_id).tiebreak = ""
            by_hand = systems.get(self.system).fight.by_hand
            return [] if by_hand else ini.sort_queue(enc, self.system, self.rng, rule)
        return self._edit(fill(translate("EncounterPanel", "Initiative %1"), initiative), set_initiative) is not None
