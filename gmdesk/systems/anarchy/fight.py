"""Shadowrun Anarchy in a fight: no initiative at all, the GM orders the queue by hand; at 0 HP a
combatant is out of the fight (downed), never dead by itself: the GM decides."""

from __future__ import annotations

from gmdesk.systems.kit.fight import BY_HAND, FightRules


def after_damage(combatant, hp_before: int, damage: int) -> str:
    return combatant.state if combatant.hp > 0 else "downed"


FIGHT = FightRules(BY_HAND, "modifier", None, "manual", after_damage)
