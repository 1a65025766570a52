"""The threat at a glance, exact: a party × creatures table of the engine's odds.

For every player character and every creature in the fight:

- ``on_party``: the creature's best attack against the character's AC (hit, and critical where the
  system has one) — best: the likeliest to hit;
- ``on_creatures``: the character's best attack against the creature's AC;
- ``saves``: each save DC the creature's actions impose (``CreatureAction``) against the
  character's save;
- ``spotting``: the character's Perception against the creature's Stealth; ``spotted``: the
  creature's Perception against the character's Stealth (the card's "spots Tobias 35 % of the time");
- ``rounds``: both directions, the exact rounds each side's round takes to drop the other from its HP
  (``fight_odds.drops``; None where a system has no damage model or a side no damage dice).

Each cell is the engine check the check panel would build (``build_check``, the campaign's house
rules, each side's conditions in the fight, no Heroic Inspiration spent) and its exact ``Odds``; a roll a
side cannot make leaves the cell None. The hit cells and the saves count the same conditions as the
rounds beside them (a frightened creature's 35 % would contradict bars made with its disadvantage). The
window paints it; nothing here knows a system's numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from .cells import Cell, Cells, attack_cell
from .checks import CheckRef, Situation, available_checks
from .fight_odds import drops
from .house_rules import HouseRules
from .model import Character

__all__ = ["ATTACK_KINDS", "Cell", "STEALTH", "ThreatTable", "Cells", "attack_cell", "best_attack", "contest",
           "perception_ref", "table"]

ATTACK_KINDS = ("weapon", "attack")


@dataclass
class ThreatTable:
    party: list[Character]
    creatures: list[Character]
    on_party: dict[tuple[int, int], Cell | None] = field(default_factory=dict)  # (creature id, pc id)
    on_creatures: dict[tuple[int, int], Cell | None] = field(default_factory=dict)  # (pc id, creature id)
    saves: dict[tuple[int, int], list[Cell]] = field(default_factory=dict)  # (creature id, pc id)
    spotting: dict[tuple[int, int], Cell | None] = field(default_factory=dict)  # (pc id, creature id)
    spotted: dict[tuple[int, int], Cell | None] = field(default_factory=dict)  # (creature id, pc id)
    rounds: dict[tuple[int, int], Any] = field(default_factory=dict)  # (attacker id, target id): RoundsToDrop | None
    conditions: dict[int, tuple] = field(default_factory=dict)  # character id: its conditions the rounds count


def best_attack(actor: Character, target: Character, house_rules: HouseRules, lang: str = "en",
                cells: Cells | None = None, conditions: tuple = (), target_conditions: tuple = ()) -> Cell | None:
    """``actor``'s attack likeliest to hit ``target``'s AC (None: it has none that can), with each side's
    conditions (``ConditionState``s) as the check panel puts them on the roll."""
    cells = cells or Cells(house_rules, lang)
    sides = (tuple(conditions), tuple(target_conditions))
    found = [cells.attack(actor, o.ref, target, (), *sides) for o in cells.options(actor) if o.ref.kind in ATTACK_KINDS]
    found = [c for c in found if c is not None]
    return max(found, key=lambda c: c.success, default=None)


def contest(actor: Character, ref: CheckRef, target: Character, target_ref: CheckRef, house_rules: HouseRules,
            lang: str = "en", cells: Cells | None = None) -> Cell | None:
    """``actor``'s ``ref`` against the DC ``target``'s ``target_ref`` sets (its passive value)."""
    return (cells or Cells(house_rules, lang)).roll(actor, ref, Situation(opponent=target, opponent_ref=target_ref))


def perception_ref(character: Character, cells: Cells | None = None) -> CheckRef | None:
    """The character's Perception roll, wherever its system files it (a skill, or a roll of its own)."""
    refs = [o.ref for o in (cells.options(character) if cells else available_checks(character))]
    return next((r for r in refs if r.key == "perception" or r.kind == "perception"), None)


STEALTH = CheckRef("skill", "stealth")


def table(party: Sequence[Character], creatures: Sequence[Character], house_rules: HouseRules | None = None,
          save_dcs: Mapping[int, Iterable] | None = None, lang: str = "en", hp: Mapping[int, int] | None = None,
          horizon: int = 10, conditions: Mapping[int, tuple] | None = None) -> ThreatTable:
    """The whole table. ``save_dcs``: creature id → its actions imposing a save (``CreatureAction``:
    ``save`` the ability or save id, ``dc``), from the bestiary it came from; ``hp``: character id →
    its current HP (a combatant's in the fight), else its maximum; ``conditions``: character id → its
    conditions in the fight, on every attack roll and save of the table, the hit cells' as the rounds'."""
    rules = house_rules or HouseRules()
    memo = Cells(rules, lang)
    out = ThreatTable(list(party), list(creatures), conditions=dict(conditions or {}))
    hp = hp or {}
    held = out.conditions
    for creature in creatures:
        for pc in party:
            them, us = held.get(creature.id, ()), held.get(pc.id, ())
            out.on_party[creature.id, pc.id] = best_attack(creature, pc, rules, lang, memo, them, us)
            out.on_creatures[pc.id, creature.id] = best_attack(pc, creature, rules, lang, memo, us, them)
            cells = []
            for action in (save_dcs or {}).get(creature.id, ()):
                cell = memo.save(pc, CheckRef("save", action.save), action.dc, us)
                if cell is not None:
                    cells.append(cell)
            out.saves[creature.id, pc.id] = cells
            seeing, seen = perception_ref(pc, memo), perception_ref(creature, memo)
            out.spotting[pc.id, creature.id] = contest(pc, seeing, creature, STEALTH, rules, lang, memo) if seeing else None
            out.spotted[creature.id, pc.id] = contest(creature, seen, pc, STEALTH, rules, lang, memo) if seen else None
            # Identical rounds against identical HP (four goblins) are one chain: rounds_to_drop is memoised.
            out.rounds[creature.id, pc.id] = drops(creature, pc, rules, hp.get(pc.id), horizon, memo, out.conditions)
            out.rounds[pc.id, creature.id] = drops(pc, creature, rules, hp.get(creature.id), horizon, memo,
                                                   out.conditions)
    return out
