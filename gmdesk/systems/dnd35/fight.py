"""D&D 3.5 in a fight: initiative is d20 + Dex + misc; ties reroll between the tied; a readied action
moves the combatant just before the one who triggered it; HP go negative: at 0 or below downed
(disabled, dying), at −10 or below dead, for everyone."""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.fight import ROLL, FightRules

DEAD_AT = -10


def after_damage(combatant, hp_before: int, damage: int) -> str:
    return "dead" if combatant.hp <= DEAD_AT else "downed" if combatant.hp <= 0 else combatant.state


FIGHT = FightRules(ROLL, "modifier", Word("Initiative modifier", "Modificateur d’initiative"),
                   "modifier_then_reroll", after_damage, ready_before_trigger=True, hp_floor=-100000)
