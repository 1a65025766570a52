"""Creatures of a bestiary and the difficulty of an encounter, as a system gives them
(``GameSystem.bestiary``, ``GameSystem.creature``, ``GameSystem.difficulty``).

A ``Creature`` is one entry of a bestiary: a stat block of its system (``kit.statblock``) with what a
bestiary prints beside the rolls — size and type, hit points and their dice, challenge or level and
its XP, and each attack's damage dice and type and the save DCs its actions impose (kept as printed:
a later fight simulator rolls them; the stat block itself keeps the damage as text). Adding one to a
fight makes a stat-block NPC of it (``gmdesk.campaign.bestiary``).

A ``Difficulty`` is what a system's encounter-building rules say of a party against some creatures:
its threat words with their XP for this party (the budget), the encounter's XP and the word it
reaches — or, for a system whose rules give no budget, ``None`` and the reason in the GM's words.
No I/O and no Qt here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Callable

from gmdesk.engine.words import Word

from .statblock import StatBlock


@dataclass(frozen=True)
class Damage:
    dice: str  # "2d6+5", as printed (a flat "1" too)
    type: str  # "slashing", "fire": as printed, in the bestiary's language


@dataclass(frozen=True)
class CreatureAction:
    """An action as printed: its attack bonus (None: no attack roll), its damage, and the save it
    imposes (``save``: the ability, ``dc``)."""

    name: str
    bonus: int | None = None
    damage: tuple[Damage, ...] = ()
    save: str = ""
    dc: int | None = None

    def to_dict(self) -> dict:
        d: dict = {"name": self.name}
        if self.bonus is not None:
            d["bonus"] = self.bonus
        if self.damage:
            d["damage"] = [{"dice": x.dice, "type": x.type} for x in self.damage]
        if self.dc is not None:
            d["save"], d["dc"] = self.save, self.dc
        return d


@dataclass(frozen=True, eq=False)
class Creature:
    """One bestiary entry. ``rank`` orders and filters by strength: the challenge as a number where
    the system prints one (dnd5e "1/4" → 1/4), else the level. ``source`` says where it comes from
    ("SRD 5.1", a pack's file); ``origin`` is what a character made from it keeps (re-imports).

    ``stat_block`` is its ``StatBlock``, or the block's dict with ``block_class`` to read it: a
    shipped bestiary reads each block the first time it is shown or added, not all on load (searching
    needs only the name, type, size, level and challenge). A pack's creature may hold only those
    (``{"level": 3}``) with ``reader``, which reads its block whole from its file when it is first
    shown or added (and raises ``RulesError`` naming the file when the file no longer gives it)."""

    name: str
    system: str
    stat_block: Any
    hp: int = 0
    hit_dice: str = ""  # the HP roll ("2d6", "18d10+36"); "" when the source prints none
    size: str = ""
    type: str = ""
    xp: int | None = None
    actions: tuple[CreatureAction, ...] = ()
    senses: tuple[tuple[str, str], ...] = ()
    source: str = ""
    origin: str = ""
    details: dict = field(default_factory=dict)  # alignment, speed, languages… shown, never computed
    block_class: type | None = None
    reader: Callable[[], StatBlock] | None = None

    @cached_property
    def block(self) -> StatBlock:
        """Its stat block (read from its dict, or by its reader, the first time)."""
        if isinstance(self.stat_block, StatBlock):
            return self.stat_block
        if self.reader is not None:
            return self.reader()
        return self.block_class.from_dict(self.stat_block, self.name)

    def _raw(self, key: str) -> Any:
        return getattr(self.stat_block, key) if isinstance(self.stat_block, StatBlock) else self.stat_block.get(key)

    @property
    def level(self) -> int | None:
        return self._raw("level")

    @property
    def challenge(self) -> str:
        return self._raw("challenge") or ""

    @cached_property
    def rank(self) -> Fraction:
        return rank_of(self)

    @property
    def ac(self) -> int | None:
        return self.block.number("ac")

    def save_dcs(self) -> list[CreatureAction]:
        """Its actions that impose a save, in printed order."""
        return [a for a in self.actions if a.dc is not None]

    def attacks(self) -> list[CreatureAction]:
        """Its actions with an attack roll, in printed order."""
        return [a for a in self.actions if a.bonus is not None]


def rank_of(block: Any) -> Fraction:
    """A block's strength as one number: its challenge ("1/4", "10") when printed, else its level."""
    challenge = getattr(block, "challenge", "") or ""
    if challenge:
        try:
            return Fraction(challenge)
        except (ValueError, ZeroDivisionError):
            pass
    return Fraction(getattr(block, "level", 0) or 0)


# -- encounter difficulty ------------------------------------------------------------------------


@dataclass(frozen=True)
class Threat:
    """One step of a system's budget: its id as scripts read it (``"moderate"``) and its name."""

    id: str
    word: Word


@dataclass(frozen=True)
class Difficulty:
    """An encounter against a party, as the system's rules judge it.

    ``budget``: threat id → the XP it takes for this party, in increasing order; ``xp``: what the
    creatures are worth; ``reached``: the threat id the XP reaches, or ``below`` / ``beyond`` ids
    (``"below low"``, ``"beyond extreme"``); ``words``: the threat ids with their names, ``below``
    and ``beyond`` included. ``reached`` None: the rules give no budget, ``reason`` says why.
    ``notes``: what the GM should know (a creature beyond the table, a mixed-level party)."""

    budget: dict[str, int] = field(default_factory=dict)
    xp: int = 0
    reached: str | None = None
    words: dict[str, Word] = field(default_factory=dict)
    reason: Word | None = None
    notes: tuple[Word, ...] = ()
    creature_xp: tuple[int | None, ...] = ()  # each creature's XP for this party, in the order given

    def word(self, lang: str = "en") -> str:
        """The threat reached in the GM's language, or the reason there is none."""
        if self.reached is None:
            return (self.reason or NO_BUDGET).text(lang)
        return self.words.get(self.reached, Word.same(self.reached)).text(lang)


NO_BUDGET = Word("its rules give no encounter budget", "ses règles ne donnent pas de budget de rencontre")


NO_PARTY = Word("no player character in the party", "aucun personnage joueur dans le groupe")


def no_budget(reason: Word = NO_BUDGET) -> Difficulty:
    """What a system without an encounter budget answers."""
    return Difficulty(reason=reason)


def reached(budget: dict[str, int], xp: int, below: str, beyond: str | None = None) -> str:
    """The highest threat whose XP ``xp`` reaches (``below`` under the first; ``beyond`` over the
    last when the system names that)."""
    found = below
    for threat, needed in budget.items():
        if xp >= needed:
            found = threat
    if beyond is not None and budget and xp > list(budget.values())[-1]:
        return beyond
    return found
