"""What a system's checks aim at (``GameSystem.target``): a number the total must reach (a DC, an
AC, an ND), or a number of hits (a threshold, for dice pools), and how the check panel sets it.

Generic code reads ``kind`` rather than a system's id: prepared checks keep a ``dc`` or a
``threshold``, the DC solver answers DCs or thresholds, the check panel shows a DC spin box (with
the system's ladder) or the system's kinds of test with their threshold, difficulty or pool.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from gmdesk.engine.words import Word

from .options import Toggle

DC = "dc"  # d20 + modifier ≥ a number
THRESHOLD = "threshold"  # hits ≥ a number

THRESHOLD_FIELD, DIFFICULTY_FIELD, POOL_FIELD = "threshold", "difficulty", "opposing_pool"
DEFENCE = "defence"  # in ``Target.against``: the opponent's defence (its AC, its physical defense)


@dataclass(frozen=True)
class TestKind:
    """A kind of test a threshold system sets in the check panel: its name and what the panel asks
    for it (``THRESHOLD_FIELD``, ``DIFFICULTY_FIELD``: a row of the difficulty table,
    ``POOL_FIELD``: an opposing pool)."""

    key: str
    label: Word
    asks: tuple[str, ...] = ()


@dataclass(frozen=True)
class Difficulty:
    """A row of a difficulty table: its threshold (0: automatic) and its opposing pool."""

    id: str
    name: Word
    threshold: int
    opposing_pool: int


def _no_ladder(house_rules) -> list[tuple[int, Word]]:
    return []


@dataclass(frozen=True)
class Target:
    """- ``kind``: ``DC`` or ``THRESHOLD``;
    - ``word``: the number's name ("DC"/"DD", "threshold"/"seuil"); ``attack_word``: its name when
      an attack aims at a defence ("AC"/"CA", cof "DEF");
    - ``ladder(house_rules)``: named steps (number, Word), easiest first (empty: none);
    - ``defence``: an opponent's defence in the check panel's "against" list ("its AC"; None: no
      opponent's defence); ``defence_for_every_roll``: offered for every roll, not only attacks
      (a pool resists any test);
    - ``opposing_kinds``: the opponent's rolls (``CheckRef.kind``) that can set the target;
      ``not_opposing``: rolls never offered there (``str(ref)``);
    - ``attack_toggles``: switches of an attack against an opponent's defence (touch, shield);
    - ``test_kinds``, ``default_test_kind``, ``difficulties``: the kinds of test a threshold system
      sets, and its difficulty table;
    - ``situation(kind, threshold, difficulty, opposing_pool)``: the ``Situation`` fields of a
      test of that kind typed in (threshold systems);
    - ``against``: which of an opponent's rolls sets the target of a check, as data (each system's
      ``against.py``): ``str(ref)`` of the acting roll (or its kind alone, for every roll of that
      kind) → the opponent's rolls (``str(ref)``, or ``DEFENCE``), the most fitting first. The
      check panel's "Against:" starts on the first the opponent has (pf2 Athletics: its Fortitude
      DC); a roll not listed starts on the first the panel offers."""

    kind: str
    word: Word
    attack_word: Word
    ladder: Callable[[Any], list[tuple[int, Word]]] = _no_ladder
    defence: Word | None = None
    defence_for_every_roll: bool = False
    opposing_kinds: tuple[str, ...] = ()
    not_opposing: frozenset[str] = frozenset()
    attack_toggles: tuple[Toggle, ...] = ()
    test_kinds: tuple[TestKind, ...] = ()
    default_test_kind: str = ""
    difficulties: tuple[Difficulty, ...] = ()
    situation: Callable[[str, int, str | None, int], dict] | None = None
    against: Mapping[str, tuple[str, ...]] = field(default_factory=dict, hash=False, compare=False)

    def opposed_by(self, ref) -> tuple[str, ...]:
        """The opponent's rolls that fit ``ref`` (a ``CheckRef``), the most fitting first."""
        if ref is None:
            return ()
        return tuple(self.against.get(str(ref), ())) or tuple(self.against.get(ref.kind, ()))

    @property
    def uses_dc(self) -> bool:
        return self.kind == DC

    def word_for(self, attack: bool) -> Word:
        return self.attack_word if attack else self.word

    def test_kind(self, key: str) -> TestKind | None:
        return next((k for k in self.test_kinds if k.key == key), None)

    def difficulty(self, key: str | None) -> Difficulty | None:
        return next((d for d in self.difficulties if d.id == key), None)
