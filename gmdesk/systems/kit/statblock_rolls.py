"""What a system's check builder (``build.py``) asks of a stat block: the number a roll takes, the scopes
it falls under, the check an unprinted one rests on.

Apart from ``statblock`` (what a block holds and how it is stored): this is how a block is rolled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmdesk.engine.core import RulesError

from .refs import KINDS, NO_KEY, CheckRef
from .statblock_spec import ABILITY, NOT_PRINTED

if TYPE_CHECKING:
    from .statblock import StatBlock


def scopes_of(block: StatBlock, ref: CheckRef, as_dc: bool = False) -> frozenset[str]:
    """The scopes a stat block's roll falls under: as a built sheet's, from its ability and kind."""
    out = {"all", "dcs" if as_dc else "checks"}
    ability = block.uses(ref)
    if ref.kind in ("weapon", "attack"):
        kind = block.attack(ref).kind
        return frozenset(out | {"attack", f"attack:{kind}"})
    if ability:
        out.add(f"uses:{ability}")
    if ref.kind == "skill":
        out |= {"skill", f"skill:{ref.key}"}
        if ref.key.startswith("lore:"):
            out.add("skill:lore")
    elif ref.kind == "save":
        out |= {"save", f"save:{ref.key}"}
    elif ref.kind == "ability":
        out |= {"ability", f"ability:{ref.key}"}
    elif ref.kind in ("perception", "initiative"):
        out.add(ref.kind)
        if printed_rests_on(block, ref) == "perception":
            out.add("perception")
    elif ref.kind == "preset":
        out |= {"preset", f"preset:{ref.key}"}
    return frozenset(out)


def printed_rests_on(block: StatBlock, ref: CheckRef) -> str:
    """The check another rests on when not printed (pf2 initiative: perception), else ''."""
    printed = block.SPEC.check(str(ref))
    if printed is None or printed.unlisted in (ABILITY, NOT_PRINTED) or str(ref) in block.checks:
        return ""
    return printed.unlisted


def value_of(block: StatBlock, ref: CheckRef) -> int:
    """The number a roll of the block takes, or the RulesError a check panel shows."""
    if ref.kind in ("weapon", "attack"):
        return block.attack(ref).bonus
    if ref.kind not in KINDS or (ref.kind in NO_KEY) == bool(ref.key):
        raise RulesError("check", f"not a roll: {ref}")
    value = block.value(ref)
    if value is None:
        raise RulesError("check.key", f"this stat block prints no {block.label(ref).en}")
    return value
