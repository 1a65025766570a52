"""The encounter's words in the GM's language: condition labels, states, tie-breaks, and the short
lines the status line announces after a turn (a condition that ran out, a lost delayed turn…).

The domain (``gmdesk.campaign.initiative``) speaks English in its ``Event.text`` and tie-break
strings; the numbers are in ``Event.data``, so the panel words them itself, through the translator.
Every string is in the ``EncounterPanel`` context (``gmdesk/resources/i18n/fr_encounter.tsv``).
"""

from __future__ import annotations

import re
from typing import Iterable, Mapping

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP

from gmdesk.campaign import conditions as catalogue
from gmdesk.campaign.initiative import Event
from gmdesk.campaign.model import Combatant, ConditionState
from gmdesk.engine.core import RulesError
from gmdesk.engine.words import fill as fill_words

CTX = "EncounterPanel"
CUSTOM = "custom:"  # a GM's own condition: a reminder, no effect on the numbers


translate = QCoreApplication.translate  # called with the literal context: lupdate reads these calls


def lookup(text: str) -> str:
    """A string marked elsewhere (``QT_TRANSLATE_NOOP("EncounterPanel", …)``), translated now."""
    return QCoreApplication.translate(CTX, text)


def fill(text: str, *args: object) -> str:
    """``tr`` then %1, %2… (Qt's placeholders, so the French can move them), "de Aldric" elided to
    "d’Aldric" (``gmdesk.engine.words.fill``)."""
    return fill_words(text, *args)


def language() -> str:
    from gmdesk.ui.i18n import current_language

    return current_language()


# -- conditions -------------------------------------------------------------------------------------

def condition_name(system: str, key: str) -> str:
    if key.startswith(CUSTOM):
        return key[len(CUSTOM):]
    try:
        return catalogue.condition(system, key).name(language())
    except RulesError:
        return key.replace("_", " ")


def condition_label(system: str, key: str, value: int | None) -> str:
    """"nauséeux 1", "pris au dépourvu"."""
    name = condition_name(system, key)
    return f"{name} {value}" if value is not None else name


def condition_note(system: str, key: str) -> str:
    try:
        c = catalogue.condition(system, key)
    except RulesError:
        return ""
    return c.note_fr if language() == "fr" else c.note_en


def condition_cell(system: str, conditions: Iterable[ConditionState]) -> str:
    """The queue's conditions column: "sickened 1 (2 rd), flat-footed"."""
    parts = []
    for s in conditions:
        label = condition_label(system, s.key, s.value)
        if s.rounds_left is not None:
            label = fill(translate("EncounterPanel", "%1 (%2 rd)"), label, s.rounds_left)
        parts.append(label)
    return ", ".join(parts)


def condition_tooltip(system: str, bearer: Combatant, names: Mapping[int, str]) -> str:
    lines = []
    for s in bearer.conditions:
        label = condition_label(system, s.key, s.value)
        if s.rounds_left is None:
            line = fill(translate("EncounterPanel", "%1: until removed"), label)
        else:
            whose = names.get(s.anchor_id, bearer.name) if s.anchor_id is not None else bearer.name
            moment = (translate("EncounterPanel", "%1 round(s) left, counted at the start of %2's turn") if s.ticks == "start"
                      else translate("EncounterPanel", "%1 round(s) left, counted at the end of %2's turn"))
            line = f"{label}: " + fill(moment, s.rounds_left, whose)
        note = condition_note(system, s.key)
        lines.append(f"{line} — {note}" if note else line)
    return "\n".join(lines)


# -- states and tie-breaks --------------------------------------------------------------------------

STATE_WORDS = {
    "active": QT_TRANSLATE_NOOP("EncounterPanel", "active"),
    "downed": QT_TRANSLATE_NOOP("EncounterPanel", "downed"),
    "dead": QT_TRANSLATE_NOOP("EncounterPanel", "dead"),
}


def state_word(state: str) -> str:
    return lookup(STATE_WORDS.get(state, state))


def state_cell(c: Combatant) -> str:
    """"downed", "delaying", "readied"; nothing for a plain active combatant (less to read)."""
    parts = [state_word(c.state)] if c.state != "active" else []
    if c.delayed:
        parts.append(translate("EncounterPanel", "delaying"))
    if c.readied:
        parts.append(translate("EncounterPanel", "readied"))
    if c.hidden:
        parts.append(translate("EncounterPanel", "hidden"))
    return ", ".join(parts)


MODIFIER_WORDS = {
    "Perception": QT_TRANSLATE_NOOP("EncounterPanel", "Perception"),
    "Dex": QT_TRANSLATE_NOOP("EncounterPanel", "Dex"),
    "modifier": QT_TRANSLATE_NOOP("EncounterPanel", "modifier"),
    "Init": QT_TRANSLATE_NOOP("EncounterPanel", "Init"),
}
_BY_MODIFIER = re.compile(r"^(Perception|Dex|modifier|Init) ([+-]\d+) ([<>]) ([+-]\d+)$")
_BY_REROLL = re.compile(r"^reroll (\d+) ([<>]) (\d+)$")
_BACK = re.compile(r"^back from delay after (.+)$")
_READIED = re.compile(r"^readied action before (.+)$")
_FIXED = {
    "PC before NPC": QT_TRANSLATE_NOOP("EncounterPanel", "PC before NPC"),
    "NPC after PC": QT_TRANSLATE_NOOP("EncounterPanel", "NPC after PC"),
    "GM's choice": QT_TRANSLATE_NOOP("EncounterPanel", "GM's choice"),
}


def tiebreak_text(text: str) -> str:
    """The domain's English tie-break ("Perception +7 > +5", "reroll 14 > 3") in the GM's language."""
    if text in _FIXED:
        return lookup(_FIXED[text])
    if m := _BY_MODIFIER.match(text):
        return f"{lookup(MODIFIER_WORDS[m.group(1)])} {m.group(2)} {m.group(3)} {m.group(4)}"
    if m := _BY_REROLL.match(text):
        return fill(translate("EncounterPanel", "reroll %1 %2 %3"), m.group(1), m.group(2), m.group(3))
    if m := _BACK.match(text):
        return fill(translate("EncounterPanel", "back from delay after %1"), m.group(1))
    if m := _READIED.match(text):
        return fill(translate("EncounterPanel", "readied action before %1"), m.group(1))
    return text


def hp_cell(c: Combatant) -> str:
    """"23/30", "23/30 +5" (temporary HP), "−4/12" (dnd35 dying), "—" when not tracked."""
    if c.max_hp == 0 and c.hp == 0 and c.temp_hp == 0:
        return "—"
    text = f"{c.hp}/{c.max_hp}" if c.max_hp else str(c.hp)
    return text.replace("-", "−") + (f" +{c.temp_hp}" if c.temp_hp else "")


# -- what happened ----------------------------------------------------------------------------------

def announce(events: Iterable[Event], system: str, names: Mapping[int, str]) -> list[str]:
    """The lines worth a glance after an action: expiries, lost turns, HP, states; not the obvious
    (the new turn, the round: the queue and the round counter already show them)."""
    out = []
    for e in events:
        who = names.get(e.combatant_id, "?") if e.combatant_id is not None else ""
        d = e.data
        label = condition_label(system, d["key"], d.get("value")) if "key" in d else ""
        line = {
            "condition_expired": lambda: fill(translate("EncounterPanel", "%1: %2 has ended"), who, label),
            "condition_reduced": lambda: fill(translate("EncounterPanel", "%1: now %2"), who, label),
            "condition_added": lambda: fill(translate("EncounterPanel", "%1: %2"), who, label),
            "condition_removed": lambda: fill(translate("EncounterPanel", "%1: %2 removed"), who, label),
            "reanchored": lambda: fill(translate("EncounterPanel", "%1: %2 now counts down on its own turns"), who, label),
            "skipped": lambda: fill(translate("EncounterPanel", "%1 is %2: turn skipped"), who, state_word(d.get("state", ""))),
            "delayed": lambda: fill(translate("EncounterPanel", "%1 delays"), who),
            "returned": lambda: fill(translate("EncounterPanel", "%1 comes back after %2"), who, names.get(d.get("after"), "?")),
            "delay_lapsed": lambda: fill(translate("EncounterPanel", "%1 did not come back: the delayed turn is lost"), who),
            "readied": lambda: fill(translate("EncounterPanel", "%1 readies an action"), who),
            "ready_used": lambda: fill(translate("EncounterPanel", "%1 takes the readied action"), who),
            "ready_lapsed": lambda: fill(translate("EncounterPanel", "%1: the readied action lapses"), who),
            "damage": lambda: (fill(translate("EncounterPanel", "%1 takes %2 (%3 on temporary HP)"), who, d["amount"], d["absorbed"])
                               if d.get("absorbed") else fill(translate("EncounterPanel", "%1 takes %2"), who, d["amount"])),
            "heal": lambda: fill(translate("EncounterPanel", "%1 heals %2"), who, d["amount"]),
            "temp_hp": lambda: fill(translate("EncounterPanel", "%1: %2 temporary HP"), who, d["temp_hp"]),
            "state": lambda: fill(translate("EncounterPanel", "%1 is %2"), who, state_word(d.get("state", ""))),
            "added": lambda: fill(translate("EncounterPanel", "%1 joins the fight"), who),
            "removed": lambda: fill(translate("EncounterPanel", "%1 leaves the fight"), who),
            "hidden": lambda: fill(translate("EncounterPanel", "%1 is hidden from the players"), who),
            "revealed": lambda: fill(translate("EncounterPanel", "%1 is revealed to the players"), who),
        }.get(e.kind)
        if line is not None:
            out.append(line())
    return out
