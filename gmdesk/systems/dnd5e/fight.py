"""D&D 5e in a fight: initiative is a Dexterity check; HP stop at 0, a PC at 0 is downed (dead when
the damage left over after 0 is at least its max HP), an NPC at 0 dead."""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.fight import ROLL, FightRules, downed_or_dead


def after_damage(combatant, hp_before: int, damage: int) -> str:
    return downed_or_dead(combatant, massive=damage - max(hp_before, 0) >= combatant.max_hp > 0)


FIGHT = FightRules(ROLL, "Dex", Word("Dexterity modifier", "Modificateur de Dextérité"), "modifier_then_gm",
                   after_damage)
