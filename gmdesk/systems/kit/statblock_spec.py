"""What a system's stat blocks print, as each system declares it (``StatBlockSpec`` and its parts), and a
printed attack.

Apart from ``statblock`` (the block itself, which they describe): freezing a character makes printed
attacks without needing the block's module, and each module stays one thing. ``statblock`` names them
all again, so its callers import them from there.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable

from gmdesk.engine.core import RulesError, check_int
from gmdesk.engine.words import Word

from .fields import at, check_str, get_int, get_str
from .refs import CheckRef
from .sheet import SheetModifier

MODIFIER, DICE = "modifier", "dice"
NOT_PRINTED = "none"  # a check the block has only when it prints it
ABILITY = "ability"  # not printed: the modifier of the ability it rests on
VALUE_RANGE = {MODIFIER: (-50, 100), DICE: (0, 60)}
MAX_NAME = 100  # a check or attack name typed or imported
MAX_PER_ROUND = 10  # uses of one attack in a round the GM sets (a hydra's heads), and a sheet's attacks a round


@dataclass(frozen=True)
class PrintedCheck:
    """A roll a system's stat blocks print. ``uses``: the ability it rests on ('' for none);
    ``unlisted``: its value when the block does not print it — ``ABILITY`` (the modifier of
    ``uses``), ``NOT_PRINTED`` (no such roll), or another check's key (pf2 initiative: Perception)."""

    ref: CheckRef
    label: Word
    uses: str = ""
    unlisted: str = ABILITY

    @property
    def key(self) -> str:
        return str(self.ref)


@dataclass(frozen=True)
class OpenCheck:
    """Rolls the block names itself, keyed ``<prefix><name>`` (``skill:lore:`` + ``sewer``)."""

    prefix: str
    label: Word  # with ``{name}``: "Lore ({name})"
    uses: str = ""


@dataclass(frozen=True)
class PrintedNumber:
    """A printed number that is not a roll (AC, DEF, an Init score). ``default`` None: optional."""

    key: str
    label: Word
    lo: int = 0
    hi: int = 100
    default: int | None = None


@dataclass(frozen=True)
class StatBlockSpec:
    system: str
    abilities: tuple[tuple[str, Word], ...]
    ability_meaning: str  # "modifier", "score" or "rating": what the printed ability value is
    checks: tuple[PrintedCheck, ...]
    numbers: tuple[PrintedNumber, ...] = ()
    open_checks: tuple[OpenCheck, ...] = ()
    value: str = MODIFIER
    ability_range: tuple[int, int] = (-10, 30)
    level_range: tuple[int, int] | None = (-1, 30)  # None: the system has no level (anarchy)
    attack_kinds: tuple[str, ...] = ("melee", "ranged", "spell")
    # From a printed ability value to the modifier an unlisted check takes.
    ability_modifier: Callable[[int], int] = lambda value: value
    # The value of one of the system's engine checks: its modifier, or its pool.
    number: Callable[[Any], int] = lambda check: check.modifier
    key_numbers: tuple[str, ...] = ()  # what the party list shows: number keys, then check keys
    # A system's own rule for the sheet entries (pf2: typed bonuses within their ranges).
    check_modifier: Callable[[str, SheetModifier], None] | None = None
    # True where the system has a damage model (``kit.damage``): the form sets each attack's uses a round.
    damage_rounds: bool = False

    # Looked up for every check of every block a campaign loads (a bestiary: thousands): by key, once.
    @cached_property
    def _checks_by_key(self) -> dict[str, PrintedCheck]:
        return {c.key: c for c in self.checks}

    @cached_property
    def ability_names(self) -> dict[str, Word]:
        return dict(self.abilities)

    @cached_property
    def _numbers_by_key(self) -> dict[str, PrintedNumber]:
        return {n.key: n for n in self.numbers}

    def check(self, key: str) -> PrintedCheck | None:
        return self._checks_by_key.get(key)

    def open_check(self, key: str) -> OpenCheck | None:
        return next((o for o in self.open_checks if key.startswith(o.prefix) and len(key) > len(o.prefix)), None)

    def number_of(self, key: str) -> PrintedNumber | None:
        return self._numbers_by_key.get(key)


@dataclass
class PrintedAttack:
    """An attack as printed: its name, melee/ranged/spell, the bonus to hit (dice in anarchy), its
    damage as text (as printed; read as dice where the system has a damage model, ``kit.damage``), and
    how many times the GM says it is used in a round (0: not in the round the GM set — the SRD prints
    "Multiattack" without saying which attacks, so the round is the GM's to set)."""

    name: str
    kind: str = "melee"
    bonus: int = 0
    damage: str = ""
    per_round: int = 0

    def validate(self, f: str, spec: StatBlockSpec) -> None:
        check_str(at(f, "name"), self.name)
        if not self.name.strip():
            raise RulesError(at(f, "name"), "an attack needs a name")
        if len(self.name) > MAX_NAME:
            raise RulesError(at(f, "name"), f"at most {MAX_NAME} characters")
        check_str(at(f, "kind"), self.kind, spec.attack_kinds)
        check_int(at(f, "bonus"), self.bonus, *VALUE_RANGE[spec.value])
        check_str(at(f, "damage"), self.damage)
        if len(self.damage) > 200:
            raise RulesError(at(f, "damage"), "at most 200 characters")
        check_int(at(f, "per_round"), self.per_round, 0, MAX_PER_ROUND)

    def to_dict(self) -> dict:
        d = {"name": self.name, "kind": self.kind, "bonus": self.bonus, "damage": self.damage}
        if self.per_round:  # written only when set: blocks stored before it read and write the same
            d["per_round"] = self.per_round
        return d

    def valid(self, spec: StatBlockSpec) -> bool:
        """``validate`` without naming the field: a bestiary checks thousands of attacks on open."""
        lo, hi = VALUE_RANGE[spec.value]
        name, damage = self.name, self.damage
        return (type(name) is str and len(name) <= MAX_NAME and bool(name.strip()) and self.kind in spec.attack_kinds
                and type(self.kind) is str and _whole_within(self.bonus, lo, hi) and type(damage) is str
                and len(damage) <= 200 and _whole_within(self.per_round, 0, MAX_PER_ROUND))

    @classmethod
    def parse(cls, d: dict, f: str) -> "PrintedAttack":
        name, kind, bonus, damage = d.get("name"), d.get("kind", "melee"), d.get("bonus", 0), d.get("damage", "")
        per_round = d.get("per_round", 0)
        if type(name) is str and type(kind) is str and type(bonus) is int and type(damage) is str \
                and type(per_round) is int:
            return cls(name, kind, bonus, damage, per_round)  # as stored: the field paths are spelt only for an error
        return cls(get_str(d, "name", f), get_str(d, "kind", f, default="melee"), get_int(d, "bonus", f, default=0),
                   get_str(d, "damage", f, default=""), get_int(d, "per_round", f, 0, MAX_PER_ROUND, 0))


def _whole_within(value: object, lo: int, hi: int) -> bool:
    return type(value) is int and lo <= value <= hi
