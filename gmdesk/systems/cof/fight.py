"""Chroniques Oubliées Fantasy in a fight: no initiative roll, the Init score orders the queue (ties:
the higher score, then the player characters); HP stop at 0, a PC at 0 is downed, an NPC dead."""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.fight import SCORE, FightRules, downed_or_dead

from .build import init_score


def after_damage(combatant, hp_before: int, damage: int) -> str:
    return downed_or_dead(combatant)


def score(character, conditions=(), lang: str = "en") -> int:
    return init_score(character, conditions, lang)[0]


FIGHT = FightRules(SCORE, "Init", Word("Init score", "Score d’Init"), "modifier_then_pcs", after_damage,
                   score=score)
