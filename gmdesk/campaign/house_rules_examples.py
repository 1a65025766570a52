"""One worked example per ruling (R-1…R-5): the exact figure it gives under RULES.md's ruling and
under the house rule, for the house-rules dialog to show beside each choice and for the docs.

``example(ruling_id, ruling_on)`` builds the example's check under that choice and returns the one
probability that shows the difference. The examples are fixed so that the GM can compare them with
the docs; the figures are the engine's, never written by hand.
"""

from __future__ import annotations

from fractions import Fraction

from gmdesk.systems.dnd5e import rules as dnd5e
from gmdesk.systems.pf2 import rules as pf2
from gmdesk.systems.anarchy.rules import AnarchyTest
from gmdesk.engine.core import Modifier
from gmdesk import systems
from gmdesk.systems.kit.rulings import IDS, Rulings

# ruling id -> what the example measures (for texts and tests)
MEASURES = {"R-1": "critical_failure", "R-2": "success", "R-3": "success", "R-4": "complication",
            "R-5": "complication"}


def rulings_of(system: str) -> tuple[str, ...]:
    """The rulings that concern a system's checks (what its house-rules dialog offers)."""
    found = systems.find(system)
    return found.rulings if found is not None else ()


def example(ruling: str, ruling_on: bool) -> Fraction:
    """The example's figure under RULES.md's ruling (``ruling_on``) or under the house rule."""
    rulings = Rulings(**{IDS[ruling]: ruling_on})
    if ruling == "R-1":  # +7 vs DC 20, a failure rerolled
        return pf2.Pf2Check(20, (Modifier(7, "modifier", "ability"),), reroll_failure=True,
                            rulings=rulings).odds()["critical_failure"]
    if ruling == "R-2":  # +5 vs DC 15 with Heroic Inspiration (RULES.md's worked case)
        return dnd5e.Dnd5eTest(15, (Modifier(5, "modifier"),), inspiration=ruling_on).odds()["success"]
    if ruling == "R-3":  # 6 dice, threshold 3, Luck after the roll with 2 Edge rerolls (Luck alone when refused)
        rerolls = 0 if ruling_on else 2
        return AnarchyTest(pool=6, threshold=3, luck_after=True, rerolls=rerolls, rulings=rulings).odds()["success"]
    if ruling == "R-4":  # 4 dice
        return AnarchyTest(pool=4, rulings=rulings).odds().extra["complication"]
    if ruling == "R-5":  # 4 dice, Luck after the roll
        return AnarchyTest(pool=4, luck_after=True, rulings=rulings).odds().extra["complication"]
    raise KeyError(ruling)
