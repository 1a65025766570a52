"""D&D 3.5 skill ranks: class and cross-class skills, the maximum, half ranks, spending points.

Seed 002: a skill point buys 1 rank in a class skill and ½ rank in a cross-class skill; the
maximum is level + 3 for a class skill (a class skill of *any* of the character's classes) and
half of that, not rounded, otherwise; half ranks do not improve the check (two halves make a
rank); points cannot be saved for later.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import floor
from typing import Iterable, Mapping

from gmdesk.engine.core import RulesError, check_int

from .data import SKILLS, base_skill

MAX_LEVEL = 100  # epic levels included; a sanity bound, not a rule


def rank_value(field_name: str, value: object) -> Fraction:
    """Ranks as an exact Fraction: a whole or half number ≥ 0 (4, 4.5, Fraction(9, 2), "4.5")."""
    if isinstance(value, bool):
        raise RulesError(field_name, f"ranks must be a number, got {value!r}")
    try:
        ranks = Fraction(value) if isinstance(value, (int, float, Fraction, str)) else None
    except (ValueError, ZeroDivisionError):
        ranks = None
    if ranks is None:
        raise RulesError(field_name, f"ranks must be a number, got {value!r}")
    if ranks < 0:
        raise RulesError(field_name, f"ranks cannot be negative, got {format_ranks(ranks)}")
    if (ranks * 2).denominator != 1:
        raise RulesError(field_name, f"ranks come in whole or half ranks, got {value!r}")
    return ranks


def format_ranks(ranks: Fraction) -> str:
    """4 → "4", 9/2 → "4½"."""
    whole = floor(ranks)
    return f"{whole}½" if ranks != whole else str(whole)


def check_skill_key(field_name: str, key: object) -> str:
    """A skill id (``hide``) or a specialty of a specialized skill (``craft:forge``)."""
    if not isinstance(key, str) or base_skill(key) not in SKILLS:
        raise RulesError(field_name, f"unknown skill {key!r}")
    if ":" in key and not SKILLS[base_skill(key)].specialized:
        raise RulesError(field_name, f"{SKILLS[base_skill(key)].fr} takes no specialty ({key!r})")
    return key


def max_ranks(level: int, class_skill: bool) -> Fraction:
    """Level + 3 for a class skill; half of that, not rounded, for a cross-class skill."""
    check_int("level", level, 1, MAX_LEVEL)
    cap = Fraction(level + 3)
    return cap if class_skill else cap / 2


def is_class_skill(key: str, class_skill_lists: Iterable[Iterable[str]]) -> bool:
    """Whether ``key`` is a class skill of any of the character's classes.

    Each list holds skill ids as a class description names them; ``knowledge`` stands for every
    Connaissances (…), ``craft`` for every Artisanat specialty.
    """
    skill = SKILLS[base_skill(key)]
    names = {key, skill.id} | ({skill.family} if skill.family else set())
    return any(names & set(lst) for lst in class_skill_lists)


def check_ranks(key: str, ranks: object, level: int, class_skill: bool, field_name: str = "") -> Fraction:
    """The ranks, refused with a clear RulesError when over the maximum for this level."""
    field_name = field_name or f"ranks[{key}]"
    value = rank_value(field_name, ranks)
    cap = max_ranks(level, class_skill)
    if value > cap:
        kind = "class skill: level + 3" if class_skill else "cross-class skill: (level + 3) / 2"
        raise RulesError(
            field_name,
            f"{format_ranks(value)} ranks in {SKILLS[base_skill(key)].fr} exceed the maximum "
            f"{format_ranks(cap)} at level {level} ({kind})",
        )
    return value


def skill_point_cost(ranks: Fraction, class_skill: bool) -> Fraction:
    """Skill points that buy these ranks: 1 per rank (class), 2 per rank (cross-class)."""
    return ranks if class_skill else ranks * 2


@dataclass(frozen=True)
class RankAllocation:
    """A character's ranks checked against the rules.

    ``class_skills`` is one list per class the character has (the union counts). Building one
    refuses ranks over the maximum and spending more points than ``skill_points`` (the points
    gained to date); unspent points are only a warning, as a sheet may be half filled in.
    """

    level: int
    skill_points: int
    ranks: Mapping[str, object]
    class_skills: tuple[frozenset[str], ...] = ()
    checked: dict[str, Fraction] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_int("level", self.level, 1, MAX_LEVEL)
        check_int("skill_points", self.skill_points, 0)
        lists = tuple(frozenset(lst) for lst in self.class_skills)
        for i, lst in enumerate(lists):
            for key in lst:
                if key not in SKILLS and key != "knowledge" and base_skill(key) not in SKILLS:
                    raise RulesError(f"class_skills[{i}]", f"unknown skill {key!r}")
        object.__setattr__(self, "class_skills", lists)
        checked = {}
        for key, value in self.ranks.items():
            check_skill_key(f"ranks[{key!r}]", key)
            checked[key] = check_ranks(key, value, self.level, self.is_class_skill(key))
        object.__setattr__(self, "checked", checked)
        if self.spent > self.skill_points:
            raise RulesError(
                "skill_points",
                f"these ranks cost {format_ranks(self.spent)} skill points but only "
                f"{self.skill_points} were gained",
            )

    def is_class_skill(self, key: str) -> bool:
        return is_class_skill(key, self.class_skills)

    def max_ranks(self, key: str) -> Fraction:
        return max_ranks(self.level, self.is_class_skill(key))

    @property
    def spent(self) -> Fraction:
        return sum((skill_point_cost(r, self.is_class_skill(k)) for k, r in self.checked.items()),
                   Fraction(0))

    @property
    def unspent(self) -> Fraction:
        return self.skill_points - self.spent

    @property
    def warnings(self) -> tuple[str, ...]:
        """Things a sheet should flag without refusing them."""
        out = []
        if self.unspent:
            out.append(f"{format_ranks(self.unspent)} skill points unspent: they cannot be saved "
                       "for a later level")
        for key, r in self.checked.items():
            if r != floor(r):
                out.append(f"{SKILLS[base_skill(key)].fr}: the half rank does not count until "
                           "it makes a whole rank")
        return tuple(out)

    def check_ranks(self, key: str) -> int:
        """The ranks that count on a check: the floor of the ranks."""
        return floor(self.checked.get(key, Fraction(0)))
