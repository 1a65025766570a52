"""Pathfinder 2 in a fight: initiative is a Perception check; HP stop at 0, a PC at 0 is dying (dead
when one hit deals twice its max HP), an NPC at 0 dead; frightened drops by 1 at the end of each of
the bearer's turns."""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.fight import ROLL, FightRules, downed_or_dead


def after_damage(combatant, hp_before: int, damage: int) -> str:
    return downed_or_dead(combatant, massive=damage >= 2 * combatant.max_hp > 0)


FIGHT = FightRules(ROLL, "Perception", Word("Perception modifier", "Modificateur de Perception"),
                   "modifier_then_gm", after_damage, drops_at_end_of_turn=frozenset({"frightened"}))
