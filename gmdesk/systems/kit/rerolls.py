"""What a reroll's odds are, given the roll it replaced (``GameSystem.reroll_odds``).

A reroll is made knowing the first roll (a pf2 fortune reroll keeps the better of two with the house
rule, a dnd5e Inspiration reroll keeps the other die of a pair), so its odds are not the check's: they
are the exact distribution of its outcome *given the first roll*. A system whose engine checks reroll
themselves (``check.reroll(previous, rng)``) gives ``engine_reroll_odds``: every fresh die enumerated,
the engine judging each case. A system with another kind of reroll writes its own.
"""

from __future__ import annotations

from fractions import Fraction

from gmdesk.engine.core import RollResult
from gmdesk.engine.outcomes import enumerate_outcomes


def engine_reroll_odds(check, previous: RollResult) -> dict[str, Fraction] | None:
    """``check.reroll(previous, rng)``'s tier over every fresh die; None for a check that cannot
    reroll. The engine's refusal (a ``RulesError``: one reroll per roll…) goes to the caller."""
    if not hasattr(check, "reroll"):
        return None
    return enumerate_outcomes(lambda rng: check.reroll(previous, rng).tier)
