"""Luck after the roll is offered only when rerolling the misses can change something (issue 23)."""

from __future__ import annotations

from types import SimpleNamespace

from gmdesk.engine.outcomes import Replay
from gmdesk.systems.anarchy.options import offer_reroll
from gmdesk.systems.anarchy.rules import AnarchyTest

LUCKY = SimpleNamespace(luck=2)


def test_no_luck_offered_when_every_die_hit():
    check = AnarchyTest(pool=3, threshold=4)
    result = check.roll(Replay([6, 5, 6]))
    assert offer_reroll(check, result, LUCKY, secret=False) is None


def test_luck_offered_when_a_die_missed():
    check = AnarchyTest(pool=3, threshold=4)
    result = check.roll(Replay([6, 2, 6]))
    assert offer_reroll(check, result, LUCKY, secret=False) is not None
