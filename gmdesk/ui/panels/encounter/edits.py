"""The open campaign's encounter, changed only through undoable edits that are saved as they happen.

An edit is a domain operation (``gmdesk.campaign.initiative``) run on a *copy* of the encounter:
if it refuses (``RulesError``), nothing changed anywhere. If it changed something, an
``EncounterEdit`` holding the ``to_dict()`` snapshots before and after goes on the undo stack, and
pushing it performs the write — saving to the store and showing — so "saved when made" and
"undoable" are one code path (as ``gmdesk.ui.undo`` does for sheet edits). Undo writes the
snapshot before; the dice rolled stay rolled (redo restores them, it does not reroll). The rolls an
edit logged (initiative) stay in the append-only log, but its undo marks them undone, so that the
statistics and exports leave them out and the log shows them struck through; its redo un-marks them.
"""

from __future__ import annotations

import sqlite3
from typing import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from gmdesk import systems
from gmdesk.campaign import initiative as ini
from gmdesk.campaign.model import Encounter
from gmdesk.engine.core import RulesError
from gmdesk.store.errors import InvalidInput, StoreError
from gmdesk.ui.panels.encounter.text import translate
from gmdesk.ui.undo import ids_of
from gmdesk.ui.write_refusals import refusal_text

Snapshot = dict | None  # None: no encounter in progress
_WRITE_ERRORS = (StoreError, InvalidInput, OSError, sqlite3.Error, RulesError)


class EncounterEdit(QUndoCommand):
    def __init__(self, text: str, keeper: "EncounterKeeper", before: Snapshot, after: Snapshot):
        super().__init__(text)
        self.keeper = keeper
        self.store = keeper.store  # an edit belongs to one campaign file
        self.before = before
        self.after = after
        self.rolls: list[int] = []  # the log ids of the dice this edit rolled
        self._made = False

    def redo(self) -> None:
        self._write(self.after)
        if self._made:  # a redo, not the edit made: its rolls count again
            self._mark(False)
        self._made = True

    def undo(self) -> None:
        self._write(self.before)
        self._mark(True)

    def _mark(self, undone: bool) -> None:
        if self.rolls and self.keeper.store is self.store:  # never in another campaign's log
            self.keeper.mark_rolls(self.rolls, undone)

    def _write(self, snapshot: Snapshot) -> None:
        if self.keeper.store is not self.store:  # that campaign is closed: nothing left to change
            self.setObsolete(True)
            return
        if not self.keeper.write(_linked_now(snapshot, ids_of(self.keeper.undo_stack))):
            self.setObsolete(True)  # pushed: Qt drops it; undone: it leaves the stack


class EncounterKeeper(QObject):
    """Holds the encounter the panel shows; ``changed(events)`` after every write or reload."""

    changed = Signal(list)
    failed = Signal(str)
    rollsMarked = Signal()  # logged rolls were marked undone or un-marked

    def __init__(self, undo_stack: QUndoStack, parent: QObject | None = None):
        super().__init__(parent)
        self.undo_stack = undo_stack
        self.store = None
        self.system = systems.default().id  # until a campaign is open
        self.encounter: Encounter | None = None
        self._events: list[ini.Event] = []
        self._last: EncounterEdit | None = None  # the edit pushed last (the rolls it logs join it)

    # -- reading ------------------------------------------------------------------------------
    def open(self, store) -> None:
        self.store = store
        self.system = store.info.system if store is not None else systems.default().id
        self.encounter, error = self._load()
        self.changed.emit([])
        if error:
            self.failed.emit(error)  # after: the empty queue is shown with the reason beneath

    def _load(self) -> tuple[Encounter | None, str]:
        if self.store is None:
            return None, ""
        try:
            encounter = self.store.encounter.get()
        except _WRITE_ERRORS as exc:  # a damaged encounter row: the fight cannot be resumed
            return None, translate("EncounterPanel", "The fight in this file cannot be read: %1").replace("%1", refusal_text(exc))
        if encounter is not None:
            ini.ensure_ids(encounter)
        return encounter, ""

    def reload(self) -> bool:
        """Read the store again (someone else changed it: a character deleted); True if it differed."""
        fresh, error = self._load()
        if error or _snap(fresh) == _snap(self.encounter):
            return False
        self.encounter = fresh
        self.changed.emit([])
        return True

    @property
    def writable(self) -> bool:
        return self.store is not None and not getattr(self.store, "read_only", False)

    # -- changing -----------------------------------------------------------------------------
    def edit(self, text: str, operation: Callable[[Encounter], list[ini.Event]]) -> list[ini.Event]:
        """Run ``operation`` on a copy of the encounter (a new one if there is none); if it changed
        anything, push the undoable write. Raises ``RulesError`` (nothing changed) if it refuses."""
        if not self.writable:
            raise RulesError("campaign", translate("EncounterPanel", "No campaign open for writing"))
        before = _snap(self.encounter)
        work = Encounter.from_dict(before) if before is not None else Encounter(None, translate("EncounterPanel", "Encounter"))
        ini.ensure_ids(work)
        events = operation(work)
        work.validate()
        after = work.to_dict()
        if after == before:
            self.changed.emit(events)
            return events
        return self._push(text, before, after, events)

    def clear(self, text: str) -> list[ini.Event]:
        """End the fight: no encounter in progress (undoable)."""
        if not self.writable:
            raise RulesError("campaign", translate("EncounterPanel", "No campaign open for writing"))
        if self.encounter is None:
            return []
        return self._push(text, _snap(self.encounter), None, [])

    def _push(self, text: str, before: Snapshot, after: Snapshot, events: list[ini.Event]) -> list[ini.Event]:
        self._events = events
        edit = EncounterEdit(text, self, before, after)
        try:
            self.undo_stack.push(edit)
        finally:
            self._events = []
        self._last = edit
        return events

    def rolled(self, roll_ids: list[int]) -> None:
        """The edit just made logged these rolls: its undo takes them back."""
        edit = self._last
        stack = self.undo_stack
        if edit is not None and stack.index() > 0 and stack.command(stack.index() - 1) is edit:
            edit.rolls = list(roll_ids)

    def mark_rolls(self, roll_ids: list[int], undone: bool) -> None:
        if not roll_ids or self.store is None:
            return
        try:
            self.store.log.mark_undone(roll_ids, undone)
        except _WRITE_ERRORS as exc:
            self.failed.emit(translate("EncounterPanel", "Not saved: %1").replace("%1", refusal_text(exc)))
            return
        self.rollsMarked.emit()

    def write(self, snapshot: Snapshot) -> bool:
        """Save ``snapshot`` as the encounter in progress and show it; False (and ``failed``) if the
        file refused."""
        try:
            if snapshot is None:
                self.store.encounter.clear()
                self.encounter = None
            else:
                stored = self.store.encounter.save(Encounter.from_dict(snapshot))
                ini.ensure_ids(stored)
                self.encounter = stored
        except _WRITE_ERRORS as exc:
            self.failed.emit(translate("EncounterPanel", "Not saved: %1").replace("%1", refusal_text(exc)))
            return False
        self.changed.emit(list(self._events))
        return True


def _linked_now(snapshot: Snapshot, ids) -> Snapshot:
    """``snapshot`` with its combatants' sheets where they are now (a character deleted then brought
    back by undo has a new id)."""
    if snapshot is None:
        return None
    out = dict(snapshot)
    out["combatants"] = [dict(c, character_id=ids.get("character", c.get("character_id")))
                         for c in snapshot.get("combatants", [])]
    return out


def _snap(encounter: Encounter | None) -> Snapshot:
    if encounter is None:
        return None
    d = encounter.to_dict()
    d["id"] = None  # the store numbers it; the same fight whatever id it carries
    return d
