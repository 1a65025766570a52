"""The encounter panel's actions: one table of text, tooltip, shortcut and slot, so the keyboard map
is readable in one place (and the tooltips always name the key).

Single letters (N, D, R…) are safe: a text field that has focus keeps its letters (Qt gives it the
key first). The keys that run the fight itself (next and previous turn, initiative, start, delay:
``everywhere``) work from anywhere in the window, from the first key after it opens, even while the
Initiative tab is behind another one; the keys that act on the combatant selected in the queue
(ready, HP, conditions, remove…) work while the queue has the keyboard.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, QT_TRANSLATE_NOOP
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from gmdesk.ui.panels.encounter.text import lookup
from gmdesk.ui.campaign_state import mark_edits


@dataclass(frozen=True)
class Spec:
    attr: str
    slot: str
    text: str
    tip: str
    keys: tuple[str, ...] = ()
    checkable: bool = False
    everywhere: bool = False  # the key works anywhere in the window, not only in the panel



SPECS = (
    Spec("next_action", "next_turn", QT_TRANSLATE_NOOP("EncounterPanel", "Next ▶"),
         QT_TRANSLATE_NOOP("EncounterPanel", "End this turn; the next combatant acts"), ("N",), everywhere=True),
    Spec("previous_action", "previous_turn", QT_TRANSLATE_NOOP("EncounterPanel", "◀ Previous"),
         QT_TRANSLATE_NOOP("EncounterPanel", "Back to the previous turn: the conditions and durations its end changed come back"), ("Shift+N",),
         everywhere=True),
    Spec("roll_all_action", "roll_everyone", QT_TRANSLATE_NOOP("EncounterPanel", "Everyone (new fight)"),
         QT_TRANSLATE_NOOP("EncounterPanel", "Roll initiative for everyone, sort the queue, start round 1"), ("I",), everywhere=True),
    Spec("roll_npcs_action", "roll_npcs", QT_TRANSLATE_NOOP("EncounterPanel", "NPCs only"),
         QT_TRANSLATE_NOOP("EncounterPanel", "Roll initiative for the NPCs and sort the queue"), ("Shift+I",), everywhere=True),
    Spec("roll_selected_action", "roll_selected", QT_TRANSLATE_NOOP("EncounterPanel", "Selected combatant"),
         QT_TRANSLATE_NOOP("EncounterPanel", "Roll initiative for the selected combatant and sort the queue"), ("Ctrl+I",)),
    Spec("start_action", "start_fight", QT_TRANSLATE_NOOP("EncounterPanel", "Start at round 1"),
         QT_TRANSLATE_NOOP("EncounterPanel", "Round 1: the first in the queue acts"), ("Ctrl+Shift+N",), everywhere=True),
    Spec("end_action", "end_fight", QT_TRANSLATE_NOOP("EncounterPanel", "End the fight"),
         QT_TRANSLATE_NOOP("EncounterPanel", "Clear the queue (Undo brings it back)")),
    Spec("delay_action", "delay", QT_TRANSLATE_NOOP("EncounterPanel", "Delay"),
         QT_TRANSLATE_NOOP("EncounterPanel", "The current combatant delays: the turn passes on"), ("D",), everywhere=True),
    Spec("return_action", "return_from_delay", QT_TRANSLATE_NOOP("EncounterPanel", "Come back"),
         QT_TRANSLATE_NOOP("EncounterPanel", "The selected delaying combatant acts now, after the current one"), ("Shift+D",)),
    Spec("ready_action", "ready", QT_TRANSLATE_NOOP("EncounterPanel", "Ready"),
         QT_TRANSLATE_NOOP("EncounterPanel", "The selected combatant readies an action"), ("R",)),
    Spec("use_ready_action", "use_ready", QT_TRANSLATE_NOOP("EncounterPanel", "Readied action"),
         QT_TRANSLATE_NOOP("EncounterPanel", "The selected combatant's readied action goes off"), ("Shift+R",)),
    Spec("skip_downed_action", "set_skip_downed", QT_TRANSLATE_NOOP("EncounterPanel", "Skip downed"),
         QT_TRANSLATE_NOOP("EncounterPanel", "Pass over downed combatants' turns"), ("S",), True),
    Spec("player_view_action", "set_player_view", QT_TRANSLATE_NOOP("EncounterPanel", "Player view"),
         QT_TRANSLATE_NOOP("EncounterPanel", "Hide NPC hit points (for a screen the players see)"), ("P",), True),
    Spec("add_action", "open_add_dialog", QT_TRANSLATE_NOOP("EncounterPanel", "Add…"),
         QT_TRANSLATE_NOOP("EncounterPanel", "Add campaign characters, copies of a monster, or an ad-hoc combatant"), ("Ins",)),
    Spec("remove_action", "remove_selected", QT_TRANSLATE_NOOP("EncounterPanel", "Remove"),
         QT_TRANSLATE_NOOP("EncounterPanel", "Remove the selected combatant from the fight"), ("Del",)),
    Spec("move_up_action", "move_up", QT_TRANSLATE_NOOP("EncounterPanel", "Move up"),
         QT_TRANSLATE_NOOP("EncounterPanel", "Move the selected combatant up the queue"), ("Ctrl+Up",)),
    Spec("move_down_action", "move_down", QT_TRANSLATE_NOOP("EncounterPanel", "Move down"),
         QT_TRANSLATE_NOOP("EncounterPanel", "Move the selected combatant down the queue"), ("Ctrl+Down",)),
    Spec("hp_action", "focus_hp_entry", QT_TRANSLATE_NOOP("EncounterPanel", "HP entry"),
         QT_TRANSLATE_NOOP("EncounterPanel", "Type -7 (damage), +5 (healing) or t10 (temporary HP); Enter applies to the selected combatant"), ("H",)),
    Spec("add_condition_action", "open_condition_dialog", QT_TRANSLATE_NOOP("EncounterPanel", "Condition…"),
         QT_TRANSLATE_NOOP("EncounterPanel", "Put a condition on the selected combatant"), ("C",)),
    Spec("remove_condition_action", "open_remove_condition", QT_TRANSLATE_NOOP("EncounterPanel", "Remove condition"),
         QT_TRANSLATE_NOOP("EncounterPanel", "Remove a condition from the selected combatant"), ("Shift+C",)),
    Spec("hide_action", "toggle_hidden", QT_TRANSLATE_NOOP("EncounterPanel", "Hidden from the players"),
         QT_TRANSLATE_NOOP("EncounterPanel", "Hide the selected combatant from the player window until revealed "
                                             "(or reveal it)"), ("Shift+H",)),
    Spec("active_action", "mark_active", QT_TRANSLATE_NOOP("EncounterPanel", "Mark active"),
         QT_TRANSLATE_NOOP("EncounterPanel", "The selected combatant is back in the fight")),
    Spec("downed_action", "mark_downed", QT_TRANSLATE_NOOP("EncounterPanel", "Mark downed"),
         QT_TRANSLATE_NOOP("EncounterPanel", "The selected combatant is down (dying, unconscious, out)")),
    Spec("dead_action", "mark_dead", QT_TRANSLATE_NOOP("EncounterPanel", "Mark dead"),
         QT_TRANSLATE_NOOP("EncounterPanel", "The selected combatant is dead: its turns are passed over")),
)
ROLL = ("roll_all_action", "roll_npcs_action", "roll_selected_action")
STATE = ("active_action", "downed_action", "dead_action")
VIEW_ONLY = ("player_view_action",)  # every other action changes the encounter


def build_actions(panel: QWidget, window: QWidget | None = None) -> dict[str, QAction]:
    """Create every action on ``panel`` (attributes named as in ``SPECS``), connected to its slot;
    the ``everywhere`` ones also on ``window`` (the main window), so that their keys work in all of it."""
    actions = {}
    for spec in SPECS:
        action = QAction(panel)
        action.setObjectName(spec.attr)
        action.setCheckable(spec.checkable)
        action.setShortcuts([QKeySequence(k) for k in spec.keys])
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        slot = getattr(panel, spec.slot)
        if spec.checkable:
            action.toggled.connect(slot)
        else:
            action.triggered.connect(lambda _=False, slot=slot: slot())
        panel.addAction(action)
        if spec.everywhere and window is not None:
            window.addAction(action)  # with the window's children in context: anywhere in it
        if spec.attr not in VIEW_ONLY:
            mark_edits(action)
        setattr(panel, spec.attr, action)
        actions[spec.attr] = action
    return actions


def retranslate_actions(actions: dict[str, QAction]) -> None:
    for spec in SPECS:
        action = actions[spec.attr]
        action.setText(lookup(spec.text))
        tip = lookup(spec.tip)
        if spec.keys:
            keys = ", ".join(QKeySequence(k).toString(QKeySequence.SequenceFormat.NativeText) for k in spec.keys)
            tip = f"{tip} ({keys})"
        action.setToolTip(tip)
        action.setStatusTip(tip)
