"""A system's rules for running a fight (``GameSystem.fight``): how initiative is made, how ties
are broken by default, what damage does to a combatant, which conditions wear off by themselves.

``gmdesk.campaign.initiative``, ``hp`` and ``condition_clock`` run the fight and ask these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from gmdesk.engine.words import Word

ROLL = "roll"  # d20 + a modifier: the sheet's initiative check (conditions, advantage…)
SCORE = "score"  # no roll: the sheet's score is the initiative (``score``)
BY_HAND = "by_hand"  # no roll at all: the GM orders the queue
INITIATIVE = (ROLL, SCORE, BY_HAND)


@dataclass(frozen=True)
class FightRules:
    """- ``initiative``: ``ROLL``, ``SCORE`` or ``BY_HAND``;
    - ``modifier_label``: what a tie-break names the number compared ("Perception +7 > +5");
    - ``ad_hoc_label``: what the number typed for an ad-hoc combatant is (None: none is asked);
    - ``default_tie``: the tie rule a new campaign starts with (``gmdesk.campaign.house_rules``);
    - ``ready_before_trigger``: a readied action moves the combatant just before the one who
      triggered it (else just after);
    - ``drops_at_end_of_turn``: conditions whose value drops by 1 at the end of each of the bearer's
      turns when no duration is set;
    - ``score(character, conditions, lang)``: the initiative score, for ``SCORE`` systems;
    - ``hp_floor``: how low HP go (0, or far below for systems where negative HP mean dying);
    - ``after_damage(combatant, hp_before, damage_past_temporary_hp)``: the state (active, downed,
      dead) damage leaves it in; ``hp`` is already lowered. The GM can always set a state by hand.
    """

    initiative: str
    modifier_label: str
    ad_hoc_label: Word | None
    default_tie: str
    after_damage: Callable[[Any, int, int], str]
    ready_before_trigger: bool = False
    drops_at_end_of_turn: frozenset[str] = frozenset()
    score: Callable[..., int] | None = None
    hp_floor: int = 0

    def __post_init__(self) -> None:
        if self.initiative not in INITIATIVE:
            raise ValueError(f"initiative is one of {', '.join(INITIATIVE)}, got {self.initiative!r}")
        if (self.initiative == SCORE) != (self.score is not None):
            raise ValueError("a score initiative needs a score function, and only it")

    @property
    def rolled(self) -> bool:
        return self.initiative == ROLL

    @property
    def by_hand(self) -> bool:
        return self.initiative == BY_HAND


def downed_or_dead(combatant, massive: bool = False) -> str:
    """HP stop at 0: a PC at 0 is downed (dead on ``massive`` damage), an NPC at 0 is dead."""
    if combatant.hp > 0:
        return combatant.state
    if combatant.kind != "pc":
        return "dead"
    return "dead" if massive else "downed"
