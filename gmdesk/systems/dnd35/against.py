"""Which of an opponent's checks a dnd35 skill check is opposed by (``Target.against``): the check
panel's "Against:" starts there, and the GM may pick another.

The pairs are the seed's table of opposed checks (``data.OPPOSED_PRESETS``: Bluff against Sense
Motive, Hide against Spot, Move Silently against Listen…), read both ways (the opponent of a Spot
check is the one hiding). Intimidate is opposed by the target's level check, which the panel does
not offer as an opponent's roll. Attacks go against the AC (the panel's first choice for them).
"""

from __future__ import annotations

from gmdesk.systems.kit.target import DEFENCE

from .data import OPPOSED_PRESETS


def _pairs() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for preset in OPPOSED_PRESETS.values():
        if preset.opponent is None:
            continue
        for mine, theirs in ((preset.actor, preset.opponent), (preset.opponent, preset.actor)):
            wanted = out.setdefault(f"skill:{mine}", [])
            if f"skill:{theirs}" not in wanted:
                wanted.append(f"skill:{theirs}")
    return {key: tuple(value) for key, value in out.items()}


AGAINST: dict[str, tuple[str, ...]] = {
    **_pairs(),
    "ability:str": ("ability:str",),
    "weapon": (DEFENCE,),
    "attack": (DEFENCE,),
}
