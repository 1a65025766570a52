"""The fight's odds, exact: one side's round against another, and the rounds it takes to drop them.

``round_against(attacker, target)`` is the attacker's round (``GameSystem.damage.round_of``: the routine
the GM set on a stat block, else its best attack once; a sheet's best attack as many times a round as it
says) against the target's AC: each use's exact tier odds — the check the threat table builds, with the
round's later attack rolls taking their system's penalty (pf2: −5, −10) — and its exact damage, then the
round's. ``drops`` walks the Markov chain over the target's hit points (``engine.damage.rounds_to_drop``);
``words`` says it: "Grikkit drops Brunhild in 3 rounds or fewer: 41 %".

"Best" is the attack with the most damage expected against this target (hit odds × damage), the first
listed on a tie. An attack without readable damage dice is not in a round (no invented damage); a
system without a damage model (``GameSystem.damage`` None) has no round, and ``why_none`` says why.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping

from gmdesk import systems
from gmdesk.engine.core import Modifier, RulesError
from gmdesk.engine.damage import RoundsToDrop, by_tier, per_round, rounds_to_drop
from gmdesk.engine.dist import Dist
from gmdesk.engine.words import Word

from .house_rules import HouseRules
from .model import Character
from .cells import Cell, Cells, percent

NO_DICE = Word("No attack of {name} has damage dice to count.",
               "Aucune attaque de {name} n’a de dés de dégâts à compter.")
TOO_LARGE = Word("{hp} HP is too many to count down exactly with this damage.",
                 "{hp} PV, c’est trop pour un décompte exact avec ces dégâts.")
NO_HP = Word("{name} has no hit points to count down.", "{name} n’a pas de points de vie à décompter.")
DROPS = Word("{attacker} drops {target} in {n} rounds or fewer: {pct}",
             "{attacker} met {target} hors de combat en {n} rounds ou moins\u202f: {pct}")
DROPS_ONE = Word("{attacker} drops {target} in 1 round: {pct}",
                 "{attacker} met {target} hors de combat en 1 round\u202f: {pct}")
NEVER = Word("{attacker} cannot drop {target}: its round deals no damage",
             "{attacker} ne peut pas mettre {target} hors de combat\u202f: son round n’inflige aucun dégât")


@dataclass(frozen=True)
class UseOdds:
    """One attack of the round: the engine's check and odds against the target (``cell``), the
    penalty it took for its place in the round, and its exact damage."""

    label: str
    cell: Cell
    damage: Dist
    penalty: int = 0


@dataclass(frozen=True)
class RoundOdds:
    """The attacker's round against the target: its uses, and ``damage`` the round's exact damage."""

    uses: tuple[UseOdds, ...]
    damage: Dist

    @property
    def mean(self) -> Fraction:
        return self.damage.mean


def why_none(attacker: Character, lang: str = "en") -> str:
    """Why ``round_against`` gives no round for ``attacker``, in the GM's language."""
    rules = systems.get(attacker.system).damage
    if rules is None:
        return systems.get(attacker.system).no_damage.text(lang)
    return NO_DICE.format(lang, name=attacker.name)


def round_against(attacker: Character, target: Character, house_rules: HouseRules | None = None,
                  lang: str = "en", cells: Cells | None = None, conditions: tuple = (),
                  target_conditions: tuple = ()) -> RoundOdds | None:
    """``attacker``'s round against ``target``, exact; None when its system has no damage model, or
    none of its attacks has damage dice or can be made (``why_none`` says which). ``conditions`` and
    ``target_conditions``: each side's in the fight as it stands (``ConditionState``s), on every attack
    roll as the check panel puts them (a frightened attacker, a prone target…)."""
    sides = (tuple(conditions), tuple(target_conditions))
    rules = systems.get(attacker.system).damage
    if rules is None:
        return None
    cells = cells or Cells(house_rules or HouseRules(), lang)
    plan = cells.round_of(attacker, rules)
    if plan.empty:
        return None
    if plan.choose_best:
        firsts = [o for o in (_use(cells, attacker, target, u, 0, rules, sides) for u in plan.uses) if o]
        if not firsts:
            return None
        best = max(firsts, key=lambda o: o.damage.mean)  # max keeps the first of equals
        chosen = [u for u in plan.uses if u.label == best.label][:1] * plan.times
    else:
        best, chosen = None, list(plan.uses)
    uses, rolls = [], 0  # rolls: attack rolls so far (a save is none: no multiple attack penalty)
    for i, use in enumerate(chosen):
        penalty = rules.penalty(rolls) if use.dc is None else 0
        rolls += use.dc is None
        odds = best if i == 0 and best is not None else _use(cells, attacker, target, use, penalty, rules, sides)
        if odds is not None:
            uses.append(odds)
    if not uses:
        return None
    return RoundOdds(tuple(uses), per_round([u.damage for u in uses]))


def _use(cells: Cells, attacker, target, use, penalty, rules, sides=((), ())) -> UseOdds | None:
    """One use's odds and damage: an attack roll against the target's AC, or (``use.dc``) the target's
    save against the DC, its tiers dealing what the system's save rules say (5e half, pf2 basic save)."""
    if use.dc is not None:
        cell, effects = cells.save(target, use.ref, use.dc, sides[1]), rules.save
    else:
        extra = (Modifier(penalty, rules.penalty_name.text(cells.lang)),) if penalty else ()
        cell, effects = cells.attack(attacker, use.ref, target, extra, *sides), rules.attack
    if cell is None:
        return None
    try:
        damage = by_tier(cell.odds.tiers, effects, use.roll)
    except RulesError:
        return None
    return UseOdds(use.label, cell, damage, penalty)


def not_counted(character: Character, lang: str = "en") -> list[str]:
    """"Acid Breath not counted: set it in the round…": the damaging actions with a save on its stat
    block that the GM did not put in its round (their recharge is not in gmdesk's data, so gmdesk
    does not guess how often they come back)."""
    from gmdesk.systems.kit.damage import readable
    from gmdesk.systems.kit.save_actions import NOT_COUNTED

    if systems.get(character.system).damage is None:
        return []
    return [NOT_COUNTED.format(lang, name=a.name) for a in getattr(character.sheet, "save_actions", ())
            if not a.per_round and readable(a.damage) is not None]


def one_target(character: Character, lang: str = "en") -> list[str]:
    """"Fire Breath strikes one target a use…": the actions with a save in its round (an area — a cone, a
    line — strikes several, which one side's round against one target cannot say)."""
    from gmdesk.systems.kit.save_actions import ONE_TARGET

    if systems.get(character.system).damage is None:
        return []
    return [ONE_TARGET.format(lang, name=a.name) for a in getattr(character.sheet, "save_actions", ()) if a.per_round]


def drops(attacker: Character, target: Character, house_rules: HouseRules | None = None, hp: int | None = None,
          horizon: int = 10, cells: Cells | None = None, conditions: Mapping[int, tuple] | None = None
          ) -> RoundsToDrop | None:
    """The exact rounds ``attacker`` takes to drop ``target`` from ``hp`` (default its maximum; pass a
    combatant's current HP in a fight) with ``conditions`` (character id → its conditions in the fight).
    None when there is no round (``why_none``) or no HP to count."""
    hp = target.max_hp if hp is None else hp
    if hp is None or (hp <= 0 and target.max_hp <= 0):
        return None
    conditions = conditions or {}
    got = round_against(attacker, target, house_rules, cells=cells, conditions=conditions.get(attacker.id, ()),
                        target_conditions=conditions.get(target.id, ()))
    if got is None:
        return None
    try:
        return rounds_to_drop(got.damage, hp, horizon)
    except RulesError:
        return None  # more hit points than the chain walks: no figure rather than a slow one


def as_it_stands(encounter) -> tuple[dict[int, int], dict[int, tuple]]:
    """Each combatant's HP and conditions as the fight stands (character id → …; none out of a fight):
    what the rounds to drop, the threat table's cells and the card count."""
    fighting = [c for c in (encounter.combatants if encounter is not None else ()) if c.character_id is not None]
    return ({c.character_id: c.hp for c in fighting},
            {c.character_id: tuple(c.conditions) for c in fighting if c.conditions})


def words(rounds: RoundsToDrop, attacker_name: str, target_name: str, n: int, lang: str = "en") -> str:
    """"Grikkit drops Brunhild in 3 rounds or fewer: 41 %", in the GM's language."""
    if rounds.never:
        return NEVER.format(lang, attacker=attacker_name, target=target_name)
    n = max(1, min(n, rounds.horizon))
    template = DROPS_ONE if n == 1 else DROPS
    return template.format(lang, attacker=attacker_name, target=target_name, n=n,
                           pct=percent(rounds.within(n), lang))


def report(party: list[Character], creatures: list[Character], hp: dict[int, int] | None = None,
           house_rules: HouseRules | None = None, horizon: int = 10, lang: str = "en",
           conditions: Mapping[int, tuple] | None = None) -> list[dict]:
    """Each creature against each party member and back, for scripts (``gmdesk encounter --json``'s
    ``rounds``): ``attacker``, ``target``, ``hp`` (the target's, as counted down), ``within`` (the chance
    to drop it in 1, 2 … ``horizon`` rounds or fewer), ``beyond``, ``expected`` (rounds; null: never);
    or ``within`` null and a ``reason`` where there is no figure."""
    hp = hp or {}
    cells = Cells(house_rules or HouseRules(), lang)
    unique = list({c.id: c for c in creatures}.values())
    rows = []
    for creature in unique:
        for pc in party:
            for attacker, target in ((creature, pc), (pc, creature)):
                left = hp.get(target.id, target.max_hp)
                got = drops(attacker, target, house_rules, left, horizon, cells, conditions)
                row: dict = {"attacker": attacker.name, "target": target.name, "hp": left}
                left_out = not_counted(attacker, cells.lang)
                if left_out:
                    row["not_counted"] = left_out
                if got is None:
                    row.update(within=None, reason=_no_figure(attacker, target, left, cells))
                else:
                    expected = got.expected
                    row.update(within=[float(got.within(n)) for n in range(1, horizon + 1)], beyond=float(got.beyond),
                               expected=None if expected is None else float(expected))
                rows.append(row)
    return rows


def _no_figure(attacker: Character, target: Character, hp: int, cells: Cells) -> str:
    """Why ``drops`` gave None, in the GM's language."""
    if systems.get(attacker.system).damage is None or round_against(attacker, target, cells=cells) is None:
        return why_none(attacker, cells.lang)
    if hp <= 0 and target.max_hp <= 0:
        return NO_HP.format(cells.lang, name=target.name)
    return TOO_LARGE.format(cells.lang, hp=hp)
