"""What the prep panel writes into the campaign, each write one undo step named for Edit › Undo.

The form's edits and the solver's "Use" save the selected check (``save_check``); the scene lists
make their own steps (``prep_scene_actions``). Every step is a ``campaign_undo.CampaignEdit`` on the
window's history: undo puts the scenes back as they were and shows the scene and check it touched.
Consecutive edits of one field of one check (a DC stepped up five times, notes typed in pauses)
are one step.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP
from PySide6.QtGui import QUndoStack

from gmdesk.campaign.model import PreparedCheck
from gmdesk.engine.core import RulesError
from gmdesk.ui.campaign_undo import CampaignSteps
from gmdesk.ui.panels.check.setup import target_word
from gmdesk.ui.undo import CampaignHistory, ids_of

translate = QCoreApplication.translate

# Which words name a step, by the fields of the check it changed (the first that applies).
STEP_TEXTS = (
    (("name",), QT_TRANSLATE_NOOP("PrepPanel", "Rename check")),
    (("check",), QT_TRANSLATE_NOOP("PrepPanel", "Change the roll of “{name}”")),
    (("dc",), QT_TRANSLATE_NOOP("PrepPanel", "Change the DC of “{name}”")),
    (("threshold",), QT_TRANSLATE_NOOP("PrepPanel", "Change the threshold of “{name}”")),
    (("notes",), QT_TRANSLATE_NOOP("PrepPanel", "Edit the notes of “{name}”")),
    (("rollers",), QT_TRANSLATE_NOOP("PrepPanel", "Choose who may roll “{name}”")),
)
FIELDS = ("name", "check", "dc", "threshold", "notes", "rollers", "secret")


def step_text(old: PreparedCheck, new: PreparedCheck, changed: tuple[str, ...], target: str = "") -> str:
    """The undo step's name. ``target``: the system's word for a DC in the window's language (cof's
    "ND"), so that the step says what the form said."""
    if changed == ("dc",) and target:
        text = translate("PrepPanel", "Change the {target} of “{name}”")
        return text.format(target=target, name=old.name)
    if changed == ("secret",):
        text = (QT_TRANSLATE_NOOP("PrepPanel", "Make “{name}” secret") if new.secret
                else QT_TRANSLATE_NOOP("PrepPanel", "Make “{name}” public"))
    elif len(changed) == 1:
        text = next(t for fields, t in STEP_TEXTS if fields == changed)
    else:
        text = QT_TRANSLATE_NOOP("PrepPanel", "Edit “{name}”")
    return translate("PrepPanel", text).format(name=old.name)


class PrepEdits:
    """Mixed into ``PrepPanel``: needs its ``bus``, ``store``, ``ctx``, ``scenes`` and ``editor``."""

    def _init_edits(self, undo_stack: QUndoStack | None) -> None:
        window_stack = getattr(self.parent(), "undo_stack", None)  # the window's: one history for all
        if undo_stack is None:
            undo_stack = window_stack if isinstance(window_stack, QUndoStack) else CampaignHistory(self)
        self.undo_stack = undo_stack
        if isinstance(undo_stack, CampaignHistory):  # notes typed, not yet saved: saved before an undo
            undo_stack.settling.connect(self.editor.flush)
        self.steps = CampaignSteps(undo_stack, self)
        self.steps.written.connect(self._written_back)
        self.scenes.steps = self.steps

    def save_check(self, check: PreparedCheck) -> None:
        """The form changed a prepared check: save it at once (one undo step) and tell every panel."""
        if self.store is None or check.id is None:
            return
        try:
            stored = self.store.scenes.get_check(check.id)
        except KeyError:  # deleted meanwhile (by an undo): nothing left to edit
            return
        changed = tuple(f for f in FIELDS if getattr(stored, f) != getattr(check, f))
        if changed:  # the same value again writes nothing, and is no step
            with self.steps.step(step_text(stored, check, changed, target_word(self.ctx.system, None)
                                           if getattr(self, "ctx", None) else ""), ("scenes",),
                                 shown=lambda: (self.scenes.scene_id(), check.id), merge_key=(check.id, changed)):
                self.store.scenes.update_check(check)
        self.bus.prepChanged.emit()

    def apply_target(self, target: int) -> None:
        """The solver's answer becomes the selected check's DC (anarchy: its threshold)."""
        check = self.scenes.check()
        if self.store is None or check is None or self.ctx is None:
            return
        try:
            updated = replace(check, threshold=target) if self.ctx.by_threshold else replace(check, dc=target)
        except RulesError:
            return
        self.save_check(updated)

    def _written_back(self, _parts: tuple, shown) -> None:
        """An undo or redo rewrote the scenes: show the scene and check it touched."""
        if self.store is None:
            return
        scene_id, check_id = shown if shown else (None, None)
        ids = ids_of(self.undo_stack)
        self.scenes.reload(ids.get("scene", scene_id), ids.get("check", check_id))
        self.bus.prepChanged.emit()

    def _scenes_written(self) -> None:
        self.bus.prepChanged.emit()

    def _rolled(self, rolls: list) -> None:
        for r in rolls:
            self.bus.rollLogged.emit(r.entry_id)
