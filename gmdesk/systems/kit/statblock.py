"""Stat blocks: a sheet whose numbers are entered as a bestiary prints them.

A monster's stat block prints its numbers already summed (``Stealth +6``, ``AC 15``, ``Fort +5``); a
GM should not rebuild it as a character (ranks, abilities, items) to get the same numbers back. A
``StatBlock`` keeps them as printed, in every system, and each system says what its numbers are in
a ``StatBlockSpec`` (in its folder's ``statblock.py``):

- ``checks``: the rolls its stat blocks print (``PrintedCheck``: a ``CheckRef``, its name, the
  ability it rests on — for the conditions that hit it, and for its value when the block does not
  print it: "skills not listed use the ability modifier");
- ``open_checks``: rolls named by the block itself (pf2 Lores ``skill:lore:<topic>``, anarchy's
  own skills), by prefix;
- ``numbers``: what is not a roll (AC, touch AC, DEF, an Init score, Armor, Luck…);
- ``abilities`` and what their printed value is (a modifier in pf2 and cof, a score in the d20
  SRDs, a rating in anarchy);
- ``value``: what a printed check is, ``"modifier"`` (added to a d20) or ``"dice"`` (a pool);
- ``number(check)``: that value read back from one of its engine checks (``gmdesk checks``, freezing).

Each system's check builder (``build.py``) asks ``is_stat_block(sheet)`` and, for one, takes the
printed number as the roll's whole base where a built sheet adds ability, proficiency and items; the
situation, the conditions and the house rules apply the same way to both.

The stored dict carries ``"stat_block": true`` (``GameSystem.sheet_from_dict`` dispatches on it); check
keys are ``str(CheckRef)`` (``skill:stealth``, ``save:will``, ``perception``, ``skill:lore:sewer``).

The parts are apart: what a system's blocks print and a printed attack in ``statblock_spec``, what a
check builder asks of a block in ``statblock_rolls``, freezing a built character in ``statblock_freeze``;
this module names them all, so that a caller imports them from here.
"""

from __future__ import annotations

from gmdesk.engine.core import RulesError, check_int
from gmdesk.engine.words import Word

from .checks import CheckOption
from .fields import at, check_str, get_int, get_str, need_dict, objects
from .refs import CheckRef
from .save_actions import UNKNOWN_SAVE, SaveAction, save_key, save_keys
from .sheet import SheetModifier, validate_modifiers
from .statblock_freeze import Frozen, freeze  # noqa: F401  (re-exported)
from .statblock_rolls import printed_rests_on, scopes_of, value_of  # noqa: F401  (re-exported)
from .statblock_spec import ABILITY, MAX_NAME, NOT_PRINTED, VALUE_RANGE, PrintedAttack, StatBlockSpec, _whole_within
from .statblock_spec import (DICE, MAX_PER_ROUND, MODIFIER, OpenCheck, PrintedCheck,  # noqa: F401  (re-exported)
                             PrintedNumber)

MARK = "stat_block"  # the key that tells a stat block's dict from a built sheet's


def ref_of(key: str) -> CheckRef:
    """``"skill:lore:sewer"`` → ``CheckRef("skill", "lore:sewer")``; ``"perception"`` → its ref."""
    kind, _, rest = key.partition(":")
    return CheckRef(kind, rest)


def _check_key(f: str, key: str, spec: StatBlockSpec) -> None:
    if spec.check(key) is not None:
        return
    if spec.open_check(key) is not None and len(key) <= MAX_NAME + 20:
        return
    raise RulesError(at(f, key), f"not a {spec.system} stat-block check")


class StatBlock:
    """A stat block of one system (a subclass per system, made by ``stat_block_class``, holds its
    ``SPEC``). ``checks`` hold the printed values by key; absent = not printed."""

    SPEC: StatBlockSpec

    def __init__(self, level: int | None = None, challenge: str = "", abilities: dict | None = None,
                 checks: dict | None = None, numbers: dict | None = None, attacks: list | None = None,
                 modifiers: list | None = None, specialties: dict | None = None):
        spec = self.SPEC
        self.level = (0 if spec.level_range else None) if level is None else level
        self.challenge = challenge
        self.abilities = dict(abilities) if abilities is not None else {
            k: (10 if spec.ability_meaning == "score" else 3 if spec.ability_meaning == "rating" else 0)
            for k, _ in spec.abilities}
        self.checks = dict(checks or {})
        self.numbers = dict(numbers) if numbers is not None else {
            n.key: n.default for n in spec.numbers if n.default is not None}
        self.attacks = list(attacks or [])
        self.modifiers = list(modifiers or [])
        self.specialties = dict(specialties or {})  # check key → its specialty (anarchy: +2 dice when it applies)
        self.save_actions: list = []  # ``save_actions.SaveAction``: a breath weapon, for the fight's odds
        self.validate()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.to_dict()!r})"

    # -- reading -------------------------------------------------------------------------------
    def ability_modifier(self, ability: str) -> int:
        return self.SPEC.ability_modifier(self.abilities[ability])

    def printed(self, ref: CheckRef) -> int | None:
        return self.checks.get(str(ref))

    def value(self, ref: CheckRef | str) -> int | None:
        """The check's number: as printed, or what an unlisted one takes (None: the block has no
        such roll)."""
        key = str(ref)
        if key in self.checks:
            return self.checks[key]
        printed = self.SPEC.check(key)
        if printed is None:
            return None
        if printed.unlisted == ABILITY:
            return self.ability_modifier(printed.uses) if printed.uses in self.abilities else None
        if printed.unlisted == NOT_PRINTED:
            return None
        return self.value(printed.unlisted)

    def uses(self, ref: CheckRef | str) -> str:
        """The ability a roll rests on ('' when none is known)."""
        key = str(ref)
        printed = self.SPEC.check(key)
        if printed is not None:
            return printed.uses
        opened = self.SPEC.open_check(key)
        return opened.uses if opened is not None else ""

    def label(self, ref: CheckRef | str) -> Word:
        key = str(ref)
        printed = self.SPEC.check(key)
        if printed is not None:
            return printed.label
        opened = self.SPEC.open_check(key)
        if opened is not None:
            return opened.label.filled(name=key[len(opened.prefix):])
        return Word.same(key)

    def number(self, key: str) -> int | None:
        if key in self.numbers:
            return self.numbers[key]
        printed = self.SPEC.number_of(key)
        return printed.default if printed is not None else None

    def options(self) -> list[CheckOption]:
        """Its rolls, in the spec's order (those it has), then its own, then its attacks."""
        out = []
        for printed in self.SPEC.checks:
            if self.value(printed.ref) is not None:
                out.append(CheckOption(printed.ref, *printed.label))
        for key in self.checks:
            if self.SPEC.check(key) is None:
                out.append(CheckOption(ref_of(key), *self.label(key)))
        out += [CheckOption(CheckRef("weapon", a.name), a.name, a.name) for a in self.attacks]
        return out

    def options_key(self) -> tuple:
        """What ``options`` depends on: two blocks with the same key offer the same rolls (a bestiary's
        2,000 NPCs offer a handful of different lists)."""
        return (type(self), tuple(self.checks), tuple(self.abilities), tuple(a.name for a in self.attacks))

    def attack(self, ref: CheckRef) -> PrintedAttack:
        """The attack a ``weapon``/name or ``attack``/kind ref names (the first of that kind)."""
        if ref.kind == "weapon":
            found = next((a for a in self.attacks if a.name == ref.key), None)
        else:
            found = next((a for a in self.attacks if a.kind == ref.key), None)
        if found is None:
            what = repr(ref.key) if ref.kind == "weapon" else f"{ref.key} attack"
            raise RulesError("check.key", f"no {what} on this stat block")
        return found

    def copy(self) -> "StatBlock":
        """An independent copy (its dicts and lists, and the attacks and modifiers in them, are new),
        without checking it again: it was, when it was made or read."""
        out = type(self).__new__(type(self))
        for name, value in self.__dict__.items():
            if isinstance(value, dict):
                value = dict(value)
            elif isinstance(value, list):
                value = [_shallow(item) for item in value]
            out.__dict__[name] = value
        return out

    # -- checking and writing --------------------------------------------------------------------
    def validate(self, f: str = "sheet") -> None:
        spec = self.SPEC
        if spec.level_range is None:
            if self.level is not None:
                raise RulesError(at(f, "level"), f"a {spec.system} stat block has no level")
        elif not _whole_within(self.level, *spec.level_range):
            check_int(at(f, "level"), self.level, *spec.level_range)
        if type(self.challenge) is not str:
            check_str(at(f, "challenge"), self.challenge)
        if len(self.challenge) > 20:
            raise RulesError(at(f, "challenge"), "at most 20 characters")
        # Field paths are spelt only for an error: a bestiary validates thousands of blocks on open.
        names = spec.ability_names
        for key in names:
            if key not in self.abilities:
                raise RulesError(at(at(f, "abilities"), key), "is missing")
        lo, hi = spec.ability_range
        for key, value in self.abilities.items():
            if key not in names:
                raise RulesError(at(at(f, "abilities"), key), "unknown ability")
            if not _whole_within(value, lo, hi):
                check_int(at(at(f, "abilities"), key), value, lo, hi)
        lo, hi = VALUE_RANGE[spec.value]
        for key, value in self.checks.items():
            if not (type(key) is str and spec.check(key) is not None):
                check_str(at(f, "checks"), key)
                _check_key(at(f, "checks"), key, spec)
            if not _whole_within(value, lo, hi):
                check_int(at(at(f, "checks"), key), value, lo, hi)
        for key, value in self.numbers.items():
            printed = spec.number_of(key)
            if printed is None:
                raise RulesError(at(at(f, "numbers"), key), f"not a {spec.system} stat-block number")
            if not _whole_within(value, printed.lo, printed.hi):
                check_int(at(at(f, "numbers"), key), value, printed.lo, printed.hi)
        for n in spec.numbers:
            if n.default is not None and n.key not in self.numbers:
                raise RulesError(at(at(f, "numbers"), n.key), "is missing")
        seen = set()
        for i, a in enumerate(self.attacks):
            if not isinstance(a, PrintedAttack):
                raise RulesError(at(at(f, "attacks"), i), "must be an attack")
            if not a.valid(spec):
                a.validate(at(at(f, "attacks"), i), spec)
            if a.name in seen:
                raise RulesError(at(at(at(f, "attacks"), i), "name"), f"{a.name!r} is listed twice")
            seen.add(a.name)
        if self.modifiers:
            validate_modifiers(at(f, "modifiers"), self.modifiers)
        for i, a in enumerate(getattr(self, "save_actions", ())):
            a.validate(at(at(f, "save_actions"), i))
            if save_key(spec, a.save) is None:  # else the round would leave it out without a word
                keys = save_keys(spec)
                raise RulesError(at(at(at(f, "save_actions"), i), "save"), UNKNOWN_SAVE.format("en", typed=a.save, keys=keys),
                                 UNKNOWN_SAVE.format("fr", typed=a.save, keys=keys))
        for key, text in self.specialties.items():
            _check_key(at(f, "specialties"), key, spec)
            check_str(at(at(f, "specialties"), key), text)
            if not text.strip() or len(text) > MAX_NAME:
                raise RulesError(at(at(f, "specialties"), key), f"a specialty is 1 to {MAX_NAME} characters")
        if spec.check_modifier is not None:
            for i, m in enumerate(self.modifiers):
                spec.check_modifier(at(at(f, "modifiers"), i), m)

    def to_dict(self) -> dict:
        d: dict = {MARK: True}
        if self.SPEC.level_range is not None:
            d["level"] = self.level
        d.update({"challenge": self.challenge, "abilities": dict(self.abilities), "checks": dict(self.checks),
                  "numbers": dict(self.numbers), "attacks": [a.to_dict() for a in self.attacks],
                  "modifiers": [m.to_dict() for m in self.modifiers]})
        if self.specialties:
            d["specialties"] = dict(self.specialties)
        if self.save_actions:  # written only when some: blocks stored before them read and write the same
            d["save_actions"] = [a.to_dict() for a in self.save_actions]
        return d

    @classmethod
    def from_dict(cls, d: object, f: str = "sheet") -> "StatBlock":
        d = need_dict(f, d)
        if d.get(MARK) is not True:
            raise RulesError(at(f, MARK), "not a stat block")
        spec = cls.SPEC
        out = cls.__new__(cls)
        level, challenge = d.get("level", 0), d.get("challenge", "")
        out.level = (level if type(level) is int else get_int(d, "level", f)) if spec.level_range is not None else None
        out.challenge = challenge if type(challenge) is str else get_str(d, "challenge", f)
        out.abilities = _int_dict(d, "abilities", f)
        # A check left empty in the form is "not printed": it is dropped, not refused.
        out.checks = {k: v for k, v in _int_dict(d, "checks", f, allow_none=True).items() if v is not None}
        out.numbers = {k: v for k, v in _int_dict(d, "numbers", f, allow_none=True).items() if v is not None}
        attacks, modifiers = d.get("attacks", []), d.get("modifiers", [])
        out.attacks = (objects(d, "attacks", f, PrintedAttack.parse, []) if type(attacks) is not list
                       or not all(type(a) is dict for a in attacks)
                       else [PrintedAttack.parse(a, f"{f}.attacks[{i}]") for i, a in enumerate(attacks)])
        out.modifiers = [] if type(modifiers) is list and not modifiers else objects(d, "modifiers", f, SheetModifier.parse)
        raw = d.get("specialties", {})
        out.specialties = {} if type(raw) is dict and not raw else {
            str(k): check_str(at(at(f, "specialties"), k), v) for k, v in need_dict(at(f, "specialties"), raw).items()}
        out.save_actions = objects(d, "save_actions", f, SaveAction.parse, []) if d.get("save_actions") else []
        for a in out.save_actions:  # "sag", "Dex": the key the system keeps ("wis", "dex"); unknown: refused below
            a.save = save_key(cls.SPEC, a.save) or a.save
        out.validate(f)
        return out


def _shallow(item: object) -> object:
    """A copy of an attack or a modifier (flat dataclasses of numbers and texts)."""
    out = object.__new__(type(item))
    out.__dict__.update(item.__dict__)
    return out


def _int_dict(d: dict, key: str, f: str, allow_none: bool = False) -> dict:
    raw = need_dict(at(f, key), d.get(key, {}))
    out = {}
    for k, v in raw.items():
        if v is None and allow_none:
            out[str(k)] = None
            continue
        out[str(k)] = v if type(v) is int else check_int(at(at(f, key), k), v)
    return out


def stat_block_class(spec: StatBlockSpec, name: str, extra: dict | None = None) -> type:
    """The stat-block class of one system (``GameSystem.stat_block``); ``extra``: attributes its
    check options read (anarchy's ``luck``, spent from the block as from a sheet)."""
    return type(name, (StatBlock,), {"SPEC": spec, "__doc__": f"A {spec.system} stat block ({__name__}).",
                                     **(extra or {})})


def is_stat_block(sheet: object) -> bool:
    return isinstance(sheet, StatBlock)

