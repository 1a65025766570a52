"""D&D 3.5's own house-rule option: how many helpers may aid another at most (None: no cap), as the
house-rules dialog offers it."""

from __future__ import annotations

from gmdesk.engine.core import Modifier, RulesError, check_int
from gmdesk.engine.words import Word
from gmdesk.systems.kit.house import HouseOption

from .base import Aid
from .checks import SkillCheck


def _max_helpers(value, field: str):
    return None if value is None else check_int(field, value, 0, 50)


CAPS = (None, 1, 2, 3, 4)  # the dialog's choices; a cap written in the file otherwise is offered as it is


def _two_helpers(cap) -> Word:
    """+3 against DC 15 with two +0 helpers: taken, or refused by the cap (the engine's own check)."""
    try:
        SkillCheck(dc=15, modifiers=(Modifier(3, "skill"),), helpers=(Aid(0), Aid(0)), max_helpers=cap)
    except RulesError:
        return Word("refused", "refusé")
    return Word("taken", "accepté")


def _meaning(cap) -> Word:
    if cap is None:
        return Word("No cap: every helper who can make the check aids.",
                    "Sans limite\u202f: tout assistant qui peut faire le test aide.")
    return Word(f"At most {cap} helper{'s' if cap > 1 else ''}.", f"Au plus {cap} assistant{'s' if cap > 1 else ''}.")


OPTIONS = (HouseOption(
    "dnd35_max_helpers", lambda: None, _max_helpers,
    title=Word("D&D 3.5: helpers in aid another", "D&D 3.5\u202f: assistants pour aider quelqu’un"),
    choices=tuple((cap, _meaning(cap)) for cap in CAPS),
    example=Word("A check aided by two helpers: {0} with no cap, {1} with at most 1, {2} with at most 2.",
                 "Un test aidé par deux assistants\u202f: {0} sans limite, {1} avec au plus 1, {2} avec au plus 2."),
    figure=_two_helpers),)
