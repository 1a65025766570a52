"""What a system's checks aim at (``GameSystem.target``): a number the total must reach (a DC, an
AC, an ND), or a number of hits (a threshold, for dice pools).

Generic code reads ``kind`` rather than a system's id: prepared checks keep a ``dc`` or a
``threshold``, the DC solver answers DCs or thresholds, the check panel shows a DC spin box or a
test kind with its threshold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from gmdesk.engine.words import Word

DC = "dc"  # d20 + modifier ≥ a number
THRESHOLD = "threshold"  # hits ≥ a number


@dataclass(frozen=True)
class Target:
    """- ``kind``: ``DC`` or ``THRESHOLD``;
    - ``word``: the number's name ("DC"/"DD", "threshold"/"seuil"); ``attack_word``: its name when
      an attack aims at a defence ("AC"/"CA", cof "DEF");
    - ``ladder(house_rules)``: the system's named steps, (number, Word), easiest first (empty: none)."""

    kind: str
    word: Word
    attack_word: Word
    ladder: Callable[[Any], list[tuple[int, Word]]] = lambda house_rules: []

    @property
    def uses_dc(self) -> bool:
        return self.kind == DC

    def word_for(self, attack: bool) -> Word:
        return self.attack_word if attack else self.word
