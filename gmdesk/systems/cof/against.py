"""Which of an opponent's numbers a cof test is made against (``Target.against``): an attack against
its DEF, the check panel's only opponent's number in cof (seed 003 sets every other ND from the
difficulty, not from an opponent's roll)."""

from __future__ import annotations

from gmdesk.systems.kit.target import DEFENCE

AGAINST: dict[str, tuple[str, ...]] = {"attack": (DEFENCE,)}
