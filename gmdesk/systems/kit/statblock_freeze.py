"""Turning a built character into a stat block ("Turn into a stat block"): its numbers now, as its
system's blocks print them.

Apart from ``statblock`` (what a block holds and how it is stored): freezing builds every check of a
sheet through its system, which the block itself never does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gmdesk.engine.core import RulesError

from .sheet import SheetModifier
from .statblock_spec import PrintedAttack

if TYPE_CHECKING:
    from .statblock import StatBlock


@dataclass(frozen=True)
class Frozen:
    """What ``freeze`` takes beyond the rolls: the block's level, abilities and numbers."""

    level: int | None
    abilities: dict
    numbers: dict = field(default_factory=dict)
    challenge: str = ""
    modifiers: tuple = ()  # entries the frozen numbers do not hold (anarchy's Edges: dice beside the pools)
    specialties: dict = field(default_factory=dict)


def freeze(system, character, house_rules, lang: str = "en") -> StatBlock:
    """A built character's numbers now (no conditions, no situation), as a stat block of its system:
    every roll its sheet offers that a stat block can hold, its attacks, and what ``system.freeze``
    reads off the sheet (level, abilities, AC…). The engine builds each number, so the block rolls
    exactly as the character did."""
    from .checks import Situation

    spec = system.stat_block.SPEC
    base = system.freeze(character, house_rules)
    checks, attacks = {}, []
    for option in system.checks.options(character):
        ref = option.ref
        if spec.check(str(ref)) is None and spec.open_check(str(ref)) is None and ref.kind not in ("weapon", "attack"):
            continue  # a roll a stat block holds no number for (a pf2 flat check, a preset)
        try:
            check = system.checks.build(character, ref, Situation(**_aim(system)), (), house_rules, lang)
        except RulesError:
            continue  # a roll this sheet cannot make (a trained-only skill without ranks)
        number = spec.number(check)
        if ref.kind in ("weapon", "attack"):
            kind = _attack_kind(character, ref, spec)
            if kind is not None:
                attacks.append(PrintedAttack(option.label_en, kind, number))
            continue
        key = str(ref)
        if spec.check(key) is not None or spec.open_check(key) is not None:
            checks[key] = number
    block = system.stat_block(base.level, base.challenge, base.abilities, {}, base.numbers, attacks,
                              [m for m in getattr(character.sheet, "modifiers", []) if _situational(m)]
                              + list(base.modifiers), base.specialties)
    # A check whose frozen number is what the block would give it anyway stays unprinted: the block
    # stays readable, and rolls the same.
    for key, number in checks.items():
        if block.value(key) != number or spec.check(key) is None:
            block.checks[key] = number
    block.validate()
    return block


def _aim(system) -> dict:
    return {"threshold": 1} if system.target.kind != "dc" else {"dc": 10}


def _attack_kind(character, ref, spec) -> str | None:
    weapon = next((a for a in getattr(character.sheet, "attacks", []) if a.name == ref.key), None)
    kind = weapon.kind if weapon is not None else ref.key
    return kind if kind in spec.attack_kinds else None


def _situational(modifier: SheetModifier) -> bool:
    """A sheet entry that a frozen number does not hold already: one against the creature's defences
    or rolls made against it (the frozen AC holds those on AC itself)."""
    return modifier.scope.startswith("attacked")
