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
rules, no conditions, no Heroic Inspiration spent) and its exact ``Odds``; a roll a side cannot make leaves the cell None. The
window paints it; nothing here knows a system's numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping, Sequence

from gmdesk.engine.core import Odds, RulesError

from .checks import CheckRef, Situation, available_checks, build_check
from .house_rules import HouseRules
from .model import Character

ATTACK_KINDS = ("weapon", "attack")


@dataclass(frozen=True)
class Cell:
    """One exact figure: who rolls what (``ref``), its modifier, the DC or AC it faces, its odds, and
    the engine check itself (its breakdown, for a tooltip)."""

    ref: CheckRef
    label: str
    modifier: int
    dc: int
    odds: Odds
    check: Any = None

    @property
    def success(self):
        return self.odds.success


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


def _cell(actor: Character, ref: CheckRef, situation: Situation, house_rules: HouseRules, lang: str) -> Cell | None:
    # The odds as they stand, no resource spent: Heroic Inspiration is the player's to use.
    situation = replace(situation, inspiration=False)
    try:
        check = build_check(actor, ref, situation, (), house_rules, lang=lang)
        # The DC as faced: with the typed entries on the DC itself where the system keeps them apart
        # (pf2: the target's armor, a sickened target's −2), so that modifier and DC say the odds.
        dc = getattr(check, "effective_dc", None)
        return Cell(ref, _label(actor, ref, lang), check.modifier, check.target if dc is None else dc, check.odds(), check)
    except (RulesError, AttributeError):
        return None  # a roll this side cannot make (no such skill, no AC in this system)


def attack_cell(actor: Character, ref: CheckRef, target: Character, house_rules: HouseRules, lang: str = "en",
                modifiers: tuple = ()) -> Cell | None:
    """``actor``'s attack ``ref`` against ``target``'s AC, with ``modifiers`` (a round's later attack: pf2's
    multiple attack penalty)."""
    return _cell(actor, ref, Situation(opponent=target, modifiers=tuple(modifiers)), house_rules, lang)


def _label(actor: Character, ref: CheckRef, lang: str) -> str:
    from .checks import option_label

    try:
        return option_label(actor, ref, lang)
    except RulesError:
        return ref.key or ref.kind


def best_attack(actor: Character, target: Character, house_rules: HouseRules, lang: str = "en") -> Cell | None:
    """``actor``'s attack likeliest to hit ``target``'s AC (None: it has none that can)."""
    cells = [_cell(actor, o.ref, Situation(opponent=target), house_rules, lang)
             for o in available_checks(actor) if o.ref.kind in ATTACK_KINDS]
    cells = [c for c in cells if c is not None]
    return max(cells, key=lambda c: c.success, default=None)


def contest(actor: Character, ref: CheckRef, target: Character, target_ref: CheckRef, house_rules: HouseRules,
            lang: str = "en") -> Cell | None:
    """``actor``'s ``ref`` against the DC ``target``'s ``target_ref`` sets (its passive value)."""
    return _cell(actor, ref, Situation(opponent=target, opponent_ref=target_ref), house_rules, lang)


def perception_ref(character: Character) -> CheckRef | None:
    """The character's Perception roll, wherever its system files it (a skill, or a roll of its own)."""
    refs = [o.ref for o in available_checks(character)]
    return next((r for r in refs if r.key == "perception" or r.kind == "perception"), None)


STEALTH = CheckRef("skill", "stealth")


def table(party: Sequence[Character], creatures: Sequence[Character], house_rules: HouseRules | None = None,
          save_dcs: Mapping[int, Iterable] | None = None, lang: str = "en", hp: Mapping[int, int] | None = None,
          horizon: int = 10) -> ThreatTable:
    """The whole table. ``save_dcs``: creature id → its actions imposing a save (``CreatureAction``:
    ``save`` the ability or save id, ``dc``), from the bestiary it came from; ``hp``: character id →
    its current HP (a combatant's in the fight), else its maximum."""
    from .fight_odds import drops  # fight_odds builds its checks with this module's cells

    rules = house_rules or HouseRules()
    out = ThreatTable(list(party), list(creatures))
    for creature in creatures:
        for pc in party:
            out.on_party[creature.id, pc.id] = best_attack(creature, pc, rules, lang)
            out.on_creatures[pc.id, creature.id] = best_attack(pc, creature, rules, lang)
            cells = []
            for action in (save_dcs or {}).get(creature.id, ()):
                cell = _cell(pc, CheckRef("save", action.save), Situation(dc=action.dc), rules, lang)
                if cell is not None:
                    cells.append(cell)
            out.saves[creature.id, pc.id] = cells
            seeing, seen = perception_ref(pc), perception_ref(creature)
            out.spotting[pc.id, creature.id] = contest(pc, seeing, creature, STEALTH, rules, lang) if seeing else None
            out.spotted[creature.id, pc.id] = contest(creature, seen, pc, STEALTH, rules, lang) if seen else None
            # Identical rounds against identical HP (four goblins) are one chain: rounds_to_drop is memoised.
            out.rounds[creature.id, pc.id] = drops(creature, pc, rules, (hp or {}).get(pc.id), horizon)
            out.rounds[pc.id, creature.id] = drops(pc, creature, rules, (hp or {}).get(creature.id), horizon)
    return out
