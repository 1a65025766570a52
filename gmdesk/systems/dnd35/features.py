"""D&D 3.5 class features rolled like checks: turn undead, bardic knowledge, wild empathy.

The seed's synergy table gives +2 to three checks that are not skills (Connaissances (religion) →
renvoi des morts-vivants, Connaissances (histoire) → savoir bardique, Dressage → empathie
sauvage); these checks exist so that those rows apply. Their formulas are the SRD's:

- turning check: a Charisma check, d20 + Cha; the cleric level does not add to the roll, it sets
  which undead the result reaches (``data.turning_dc``: 10 at the cleric level, +3 per Hit
  Die above it);
- bardic knowledge: d20 + bard level + Int, never take 10 or take 20 (essentially random);
- wild empathy: d20 + druid (or ranger) level + Cha, like Diplomacy; a failure cannot be retried,
  so no take 20.

Aid another works as for any check, but a helper must have the feature too (the campaign layer
refuses a helper who cannot make the check).
"""

from __future__ import annotations

from dataclasses import dataclass

from gmdesk.engine.core import BreakdownLine, Modifier, RulesError, check_int
from .base import MOD_LIMIT, Aid, D20Check, ability_line, check_synergy_inputs, synergy_lines, validate_common
from .data import FEATURES, synergies_for


@dataclass(frozen=True)
class FeatureCheck(D20Check):
    """d20 (+ class level where the feature adds it) + ability modifier + synergy + misc vs DC."""

    TYPE = "feature"

    dc: int | None = None
    feature: str = "turn_undead"
    level: int = 1  # the class level behind the feature (bard level, druid level…)
    ability_score: int | None = None
    modifiers: tuple[Modifier, ...] = ()
    other_ranks: tuple[tuple[str, object], ...] = ()  # the character's skill ranks, for synergy
    synergy_toggles: frozenset[str] = frozenset()
    dc_modifiers: tuple[Modifier, ...] = ()
    take: int | None = None
    helpers: tuple[Aid, ...] = ()
    max_helpers: int | None = None
    threatened: bool = False
    failure_has_consequences: bool = False

    def __post_init__(self) -> None:
        if self.feature not in FEATURES:
            raise RulesError("feature", f"one of {', '.join(FEATURES)}, got {self.feature!r}")
        check_int("level", self.level, 1, MOD_LIMIT)
        validate_common(self, has_take=True)
        for value, why in FEATURES[self.feature].no_take:
            if self.take == value:
                raise RulesError("take", why)
        check_synergy_inputs(self, synergies_for(self.feature))

    @property
    def info(self):
        return FEATURES[self.feature]

    def _lines(self):
        lines = []
        if self.info.adds_level:
            lines.append(BreakdownLine(Modifier(self.level, "class level", "level")))
        lines += ability_line(self.info.ability, self.ability_score)
        lines += synergy_lines(synergies_for(self.feature), self.other_ranks, self.synergy_toggles)
        return lines + [BreakdownLine(m) for m in self.modifiers]
