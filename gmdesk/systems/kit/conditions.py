"""Conditions and what they do to checks, as data that a system's check builder applies.

An ``Effect`` touches the rolls (or, for ``ac``/``dcs``/``attacked:*`` scopes, the defences) that
fall under its scope (``kit.scopes``):

- ``modifier``: a bonus/penalty (``value`` per point of the condition when ``per_value``), with
  its pf2 stacking type: two status penalties do not stack, the engine shows the loser suppressed;
- ``advantage`` / ``disadvantage`` (dnd5e), on the bearer's rolls, or with scope ``attacked`` on
  the rolls made against it;
- ``auto_fail`` (dnd5e paralysed: Str and Dex saves fail), ``lose_dex_ac`` (dnd35 flat-footed),
  ``dice`` (anarchy dice modifier), ``note`` (shown, not computed: no number in the rules).

Each system lists its own (``gmdesk/systems/<id>/conditions.py``, built with ``C`` and the effect
helpers below) and says there where its list comes from. A condition's names are bilingual data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from gmdesk.engine.core import Modifier, RulesError
from gmdesk.engine.words import Word

__all__ = ["Effect", "Condition", "C", "mod", "per_n", "adv", "dis", "fail", "catalogue_of", "condition", "Applied",
           "resolve", "applied", "capped"]


@dataclass(frozen=True)
class Effect:
    kind: str  # modifier | advantage | disadvantage | auto_fail | lose_dex_ac | dice | note
    scope: str
    value: int = 0
    per_value: bool = False  # value × the condition's value (sickened 2 → −2)
    mod_kind: str = "untyped"  # pf2 stacking type

    def amount(self, n: int | None) -> int:
        return self.value * (n or 0) if self.per_value else self.value


@dataclass(frozen=True)
class Condition:
    key: str
    name_en: str
    name_fr: str
    effects: tuple[Effect, ...] = ()
    valued: bool = False  # carries a number (frightened 2)
    implies: tuple[str, ...] = ()
    note_en: str = ""
    note_fr: str = ""
    # The highest value the rules give it (pf2: a status penalty is −1..−4, so frightened 4 at
    # most); None: no bound beyond the fight's own. A higher stored value counts as this one.
    max_value: int | None = None

    def name(self, lang: str = "en") -> str:
        return self.name_fr if lang == "fr" else self.name_en

    def note(self, lang: str = "en") -> str:
        return self.note_fr if lang == "fr" else self.note_en

    @property
    def word(self) -> Word:
        return Word(self.name_en, self.name_fr)

    def label(self, lang: str = "en", value: int | None = None) -> str:
        return f"{self.name(lang)} {value}" if self.valued and value is not None else self.name(lang)


def mod(value: int, *scopes: str, kind: str = "untyped", per: bool = False) -> tuple[Effect, ...]:
    return tuple(Effect("modifier", s, value, per, kind) for s in scopes)


def per_n(sign: int, *scopes: str, kind: str = "status") -> tuple[Effect, ...]:
    return mod(sign, *scopes, kind=kind, per=True)


def adv(*scopes: str) -> tuple[Effect, ...]:
    return tuple(Effect("advantage", s) for s in scopes)


def dis(*scopes: str) -> tuple[Effect, ...]:
    return tuple(Effect("disadvantage", s) for s in scopes)


def fail(*scopes: str) -> tuple[Effect, ...]:
    return tuple(Effect("auto_fail", s) for s in scopes)


def C(key, en, fr, *effects, valued=False, implies=(), note_en="", note_fr="", max_value=None) -> Condition:
    return Condition(key, en, fr, tuple(e for group in effects for e in group), valued, tuple(implies),
                     note_en, note_fr, max_value)


# A value above a condition's bound (a campaign from an older gmdesk, a hand-edited file) counts at
# the bound, and the breakdown line says so rather than the roll failing.
CAPPED = Word("{label} (counts as {value}: the rules go up to {value})",
              "{label} (compte pour {value} : les règles vont jusqu’à {value})")


def capped(cond: Condition, value: int | None) -> int | None:
    """``value`` within the rules' bound for ``cond``."""
    if value is None or cond.max_value is None:
        return value
    return min(value, cond.max_value)


def catalogue_of(conditions: Iterable[Condition]) -> dict[str, Condition]:
    """A system's conditions by key, in the order a GM picks them from a list."""
    return {c.key: c for c in conditions}


def condition(catalogue: Mapping[str, Condition], key: str) -> Condition:
    try:
        return catalogue[key]
    except KeyError:
        raise RulesError("condition", f"no condition {key!r} in this system") from None


@dataclass
class Applied:
    """What a set of conditions does to one roll (or one defence)."""

    modifiers: list[Modifier]
    advantages: list[str]
    disadvantages: list[str]
    auto_fail: list[str]
    lose_dex: list[str]
    dice: list[Modifier]
    notes: list[str]

    def __bool__(self) -> bool:
        return any((self.modifiers, self.advantages, self.disadvantages, self.auto_fail, self.lose_dex, self.dice))


def resolve(catalogue: Mapping[str, Condition], states: Iterable) -> list[tuple[Condition, int | None]]:
    """The conditions in force: implied ones added (pf2 prone → flat-footed), each key once.

    The same condition twice counts once, at its highest value (frightened 1 and frightened 2 is
    frightened 2): conditions of one name never stack.
    """
    best: dict[str, int | None] = {}
    order: list[str] = []

    def add(key: str, value: int | None) -> None:
        cond = condition(catalogue, key)
        if key in best:
            old = best[key]
            best[key] = value if old is None or (value is not None and value > old) else old
            return
        best[key] = value
        order.append(key)
        for implied in cond.implies:
            add(implied, None)

    for state in states:
        key = state.key
        if key.startswith("custom:"):
            continue  # a GM's own reminder: no effect on the numbers
        add(key, state.value)
    return [(condition(catalogue, k), best[k]) for k in order]


def applied(catalogue: Mapping[str, Condition], states: Iterable, scopes: set[str] | frozenset[str],
            lang: str = "en") -> Applied:
    """The effects of ``states`` (a creature's conditions, from ``catalogue``) on a roll (or defence)
    falling under ``scopes``."""
    out = Applied([], [], [], [], [], [], [])
    for cond, value in resolve(catalogue, states):
        if cond.valued and not value:
            continue  # frightened 0 is no longer frightened
        name = cond.label(lang, value)
        counted = capped(cond, value)
        if counted != value:
            name = CAPPED.format(lang, label=name, value=counted)
        for effect in cond.effects:
            if effect.scope not in scopes:
                continue
            amount = effect.amount(counted)
            if effect.kind == "modifier" and amount:
                out.modifiers.append(Modifier(amount, name, effect.mod_kind))
            elif effect.kind == "dice" and amount:
                out.dice.append(Modifier(amount, name, "condition"))
            elif effect.kind == "advantage":
                out.advantages.append(name)
            elif effect.kind == "disadvantage":
                out.disadvantages.append(name)
            elif effect.kind == "auto_fail":
                out.auto_fail.append(name)
            elif effect.kind == "lose_dex_ac":
                out.lose_dex.append(name)
            elif effect.kind == "note":
                out.notes.append(name)
    return out
