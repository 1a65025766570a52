"""One worked example per ruling (R-1…R-5): the exact figure it gives under RULES.md's ruling and
under the house rule, for the house-rules dialog to show beside each choice and for the docs.

The examples are the systems' (``GameSystem.ruling_examples``: the texts and the figure, which
the engine computes, never written by hand); here they are found by ruling id.
"""

from __future__ import annotations

from fractions import Fraction

from gmdesk import systems
from gmdesk.systems.kit.rulings import RulingExample


def rulings_of(system: str) -> tuple[str, ...]:
    """The rulings that concern a system's checks (what its house-rules dialog offers)."""
    found = systems.find(system)
    return found.rulings if found is not None else ()


def ruling_example(ruling: str) -> RulingExample:
    for system in systems.all_systems():
        if ruling in system.ruling_examples:
            return system.ruling_examples[ruling]
    raise KeyError(ruling)


def example(ruling: str, ruling_on: bool) -> Fraction:
    """The example's figure under RULES.md's ruling (``ruling_on``) or under the house rule."""
    return ruling_example(ruling).figure(ruling_on)
