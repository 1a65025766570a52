"""Undo for edits that touch whole records: scenes and prepared checks (the prep panel), characters
added, copied or deleted (the party panel).

Such an edit is made with the store's own calls, inside ``CampaignSteps.step(text, parts)``: the
parts of the campaign it may change ("scenes", "characters", "encounter") are read before and after,
and if they differ, one ``CampaignEdit`` named ``text`` goes on the window's history. Undo writes the
"before" back, redo the "after", each with the store's calls again (``restore``): records missing
are added, records in excess deleted, changed ones saved, the order put back. A record brought back
gets a new id from the store; the history's ``IdMap`` records it, and references to it (a check's
rollers, a combatant's sheet) follow. The parts are small (tens of records): reading them whole is
cheaper than knowing each action's inverse, and cannot get one wrong.
"""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Callable, Iterator

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from gmdesk.campaign.model import Character, Encounter, Scene
from gmdesk.engine.core import RulesError
from gmdesk.store.errors import InvalidInput, StoreError
from gmdesk.ui.undo import IdMap, ids_of
from gmdesk.ui.write_refusals import refusal_text

PARTS = ("characters", "scenes", "encounter")
_WRITE_ERRORS = (StoreError, InvalidInput, RulesError, KeyError, OSError, sqlite3.Error)
_MERGE_ID = 0x4750  # QUndoStack merges only commands that share an id


@dataclass(frozen=True)
class Snapshot:
    """The parts of a campaign a step changed, as plain dicts (ids as the store had them then)."""

    characters: tuple | None = None
    scenes: tuple | None = None
    encounter: dict | None = None
    has_encounter: bool = False


def take(store, parts: tuple[str, ...]) -> Snapshot:
    characters = tuple(c.to_dict() for c in store.characters.list()) if "characters" in parts else None
    scenes = tuple(s.to_dict() for s in store.scenes.list()) if "scenes" in parts else None
    encounter, has = None, "encounter" in parts
    if has:
        stored = store.encounter.get()
        encounter = stored.to_dict() if stored is not None else None
    return Snapshot(characters, scenes, encounter, has)


def differs(before: Snapshot, after: Snapshot) -> tuple[str, ...]:
    """The parts that changed between two snapshots of the same parts."""
    out = []
    if before.characters != after.characters:
        out.append("characters")
    if before.scenes != after.scenes:
        out.append("scenes")
    if before.has_encounter and before.encounter != after.encounter:
        out.append("encounter")
    return tuple(out)


# -- writing a snapshot back ---------------------------------------------------------------------
def restore(store, snap: Snapshot, parts: tuple[str, ...], ids: IdMap) -> None:
    """Make ``parts`` of the stored campaign what ``snap`` says (characters first: the others refer
    to them)."""
    if "characters" in parts:
        _characters(store, list(snap.characters), ids)
    known = {c.id for c in store.characters.list()}
    if "scenes" in parts:
        _scenes(store, [Scene.from_dict(d) for d in snap.scenes], ids, known)
    if "encounter" in parts:
        _encounter(store, snap.encounter, ids, known)


def _same(a: dict, b: dict, *ignored: str) -> bool:
    return {k: v for k, v in a.items() if k not in ignored} == {k: v for k, v in b.items() if k not in ignored}


def _characters(store, target: list[dict], ids: IdMap) -> None:
    current = {c.id: c for c in store.characters.list()}
    wanted = []
    for d in target:
        cid = ids.get("character", d["id"])
        if cid not in current:
            added = store.characters.add(Character.from_dict({**d, "id": None}))
            ids.moved("character", d["id"], added.id)
            cid = added.id
        elif not _same(current[cid].to_dict(), d, "id"):
            store.characters.update(Character.from_dict({**d, "id": cid}))
        wanted.append(cid)
    for cid in current:
        if cid not in wanted:
            store.characters.delete(cid)
    if [c.id for c in store.characters.list()] != wanted:
        store.characters.reorder(wanted)


def _scenes(store, target: list[Scene], ids: IdMap, known: set[int]) -> None:
    current = {s.id: s for s in store.scenes.list()}
    for scene in target:
        if ids.get("scene", scene.id) not in current:
            added = store.scenes.add(Scene(None, scene.name))
            ids.moved("scene", scene.id, added.id)
            current[added.id] = added
    stored = {c.id: (s.id, c) for s in current.values() for c in s.checks}
    order: dict[int, list[int]] = {}
    for scene in target:
        sid = ids.get("scene", scene.id)
        order[sid] = []
        for check in scene.ordered_checks():
            cid = ids.get("check", check.id)
            rollers = [r for r in (ids.get("character", r) for r in check.rollers) if r in known]
            fixed = replace(check, id=cid, rollers=rollers)
            if cid in stored:
                where, was = stored[cid]
                if where != sid or not _same(was.to_dict(), fixed.to_dict(), "position"):
                    store.scenes.update_check(fixed, scene_id=sid if where != sid else None)
            else:
                added = store.scenes.add_check(sid, replace(fixed, id=None))
                ids.moved("check", check.id, added.id)
                cid = added.id
            order[sid].append(cid)
    wanted_checks = {cid for ids_ in order.values() for cid in ids_}
    for cid in stored:
        if cid not in wanted_checks:
            store.scenes.delete_check(cid)
    for sid in current:
        if sid not in order:
            store.scenes.delete(sid)
    fresh = {s.id: s for s in store.scenes.list()}
    for scene in target:
        sid = ids.get("scene", scene.id)
        if fresh[sid].name != scene.name:
            store.scenes.update(replace(fresh[sid], name=scene.name))
        if [c.id for c in fresh[sid].ordered_checks()] != order[sid]:
            store.scenes.reorder_checks(sid, order[sid])
    if [s.id for s in store.scenes.list()] != list(order):
        store.scenes.reorder(list(order))


def _encounter(store, target: dict | None, ids: IdMap, known: set[int]) -> None:
    if target is None:
        if store.encounter.get() is not None:
            store.encounter.clear()
        return
    d = dict(target)
    d["combatants"] = [dict(c) for c in target.get("combatants", [])]
    for combatant in d["combatants"]:
        if combatant.get("character_id") is not None:
            linked = ids.get("character", combatant["character_id"])
            combatant["character_id"] = linked if linked in known else None
    stored = store.encounter.get()
    if stored is None or stored.to_dict() != d:
        store.encounter.save(Encounter.from_dict(d))


# -- the step on the history ----------------------------------------------------------------------
class CampaignEdit(QUndoCommand):
    """One edit already made (pushing it writes nothing); undo and redo write its snapshots back."""

    def __init__(self, text: str, steps: "CampaignSteps", before: Snapshot, after: Snapshot,
                 parts: tuple[str, ...], shown: tuple, merge_key=None):
        super().__init__(text)
        self.steps = steps
        self.store = steps.store  # a step belongs to one campaign file
        self.before, self.after, self.parts = before, after, parts
        self.shown = shown  # (what was shown before, after): the owner shows it again
        self.merge_key = merge_key
        self._made = True

    def redo(self) -> None:
        if self._made:  # pushed right after the edit was made
            self._made = False
            return
        self._write(self.after, self.shown[1])

    def undo(self) -> None:
        self._write(self.before, self.shown[0])

    def _write(self, snap: Snapshot, shown) -> None:
        steps = self.steps
        if steps.store is not self.store:  # that campaign is closed: nothing left to change
            self.setObsolete(True)
            return
        try:
            restore(self.store, snap, self.parts, ids_of(steps.undo_stack))
        except _WRITE_ERRORS as exc:
            self.setObsolete(True)
            steps.failed.emit(refusal_text(exc))  # the store's reason in the GM's language
        steps.written.emit(self.parts, shown)

    def id(self) -> int:
        return _MERGE_ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 (Qt's name)
        """Consecutive edits of one field of one record (a DC stepped up five times) are one step."""
        if (not isinstance(other, CampaignEdit) or other.merge_key != self.merge_key
                or other.store is not self.store or other.parts != self.parts):
            return False
        self.after = other.after
        self.shown = (self.shown[0], other.shown[1])
        if self.before == self.after:
            self.setObsolete(True)
        return True


class CampaignSteps(QObject):
    """Records a panel's edits on the window's history. ``written(parts, shown)`` after an undo or
    redo wrote something back: the owner reloads those parts and shows ``shown`` (what it gave
    ``step`` for that side)."""

    written = Signal(tuple, object)
    failed = Signal(str)

    def __init__(self, undo_stack: QUndoStack, parent: QObject | None = None):
        super().__init__(parent)
        self.undo_stack = undo_stack
        self.store = None

    @contextmanager
    def step(self, text: str, parts: tuple[str, ...], shown: Callable[[], object] = lambda: None,
             merge_key=None) -> Iterator[None]:
        """Make an edit in the ``with`` block; it becomes one step named ``text`` if it changed
        ``parts``. ``shown()`` says what the owner shows (read before and after the edit)."""
        store = self.store
        before, was_shown = take(store, parts), shown()
        yield
        after = take(store, parts)
        changed = differs(before, after)
        if changed and store is self.store:
            self.undo_stack.push(CampaignEdit(text, self, before, after, changed, (was_shown, shown()), merge_key))
