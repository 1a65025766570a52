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
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable

from gmdesk.engine.core import RulesError, check_int
from gmdesk.engine.words import Word

from .checks import CheckOption
from .fields import at, check_str, get_int, get_str, need_dict, objects
from .refs import KINDS, NO_KEY, CheckRef
from .save_actions import UNKNOWN_SAVE, SaveAction, save_key, save_keys
from .sheet import SheetModifier, validate_modifiers

MARK = "stat_block"  # the key that tells a stat block's dict from a built sheet's
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


def _whole_within(value: object, lo: int, hi: int) -> bool:
    return type(value) is int and lo <= value <= hi


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


def scopes_of(block: StatBlock, ref: CheckRef, as_dc: bool = False) -> frozenset[str]:
    """The scopes a stat block's roll falls under: as a built sheet's, from its ability and kind."""
    out = {"all", "dcs" if as_dc else "checks"}
    ability = block.uses(ref)
    if ref.kind in ("weapon", "attack"):
        kind = block.attack(ref).kind
        return frozenset(out | {"attack", f"attack:{kind}"})
    if ability:
        out.add(f"uses:{ability}")
    if ref.kind == "skill":
        out |= {"skill", f"skill:{ref.key}"}
        if ref.key.startswith("lore:"):
            out.add("skill:lore")
    elif ref.kind == "save":
        out |= {"save", f"save:{ref.key}"}
    elif ref.kind == "ability":
        out |= {"ability", f"ability:{ref.key}"}
    elif ref.kind in ("perception", "initiative"):
        out.add(ref.kind)
        if printed_rests_on(block, ref) == "perception":
            out.add("perception")
    elif ref.kind == "preset":
        out |= {"preset", f"preset:{ref.key}"}
    return frozenset(out)


def printed_rests_on(block: StatBlock, ref: CheckRef) -> str:
    """The check another rests on when not printed (pf2 initiative: perception), else ''."""
    printed = block.SPEC.check(str(ref))
    if printed is None or printed.unlisted in (ABILITY, NOT_PRINTED) or str(ref) in block.checks:
        return ""
    return printed.unlisted


def value_of(block: StatBlock, ref: CheckRef) -> int:
    """The number a roll of the block takes, or the RulesError a check panel shows."""
    if ref.kind in ("weapon", "attack"):
        return block.attack(ref).bonus
    if ref.kind not in KINDS or (ref.kind in NO_KEY) == bool(ref.key):
        raise RulesError("check", f"not a roll: {ref}")
    value = block.value(ref)
    if value is None:
        raise RulesError("check.key", f"this stat block prints no {block.label(ref).en}")
    return value


@dataclass(frozen=True)
class Frozen:
    """What ``freeze`` takes beyond the rolls: the block's level, abilities and numbers."""

    level: int | None
    abilities: dict
    numbers: dict = field(default_factory=dict)
    challenge: str = ""
    modifiers: tuple = ()  # entries the frozen numbers do not hold (anarchy's Edges: dice beside the pools)
    specialties: dict = field(default_factory=dict)


def freeze(system, character, house_rules, lang: str = "en") -> StatBlock:
    """A built character's numbers now (no conditions, no situation), as a stat block of its system:
    every roll its sheet offers that a stat block can hold, its attacks, and what ``system.freeze``
    reads off the sheet (level, abilities, AC…). The engine builds each number, so the block rolls
    exactly as the character did."""
    from .checks import Situation

    spec = system.stat_block.SPEC
    base = system.freeze(character, house_rules)
    checks, attacks = {}, []
    for option in system.checks.options(character):
        ref = option.ref
        if spec.check(str(ref)) is None and spec.open_check(str(ref)) is None and ref.kind not in ("weapon", "attack"):
            continue  # a roll a stat block holds no number for (a pf2 flat check, a preset)
        try:
            check = system.checks.build(character, ref, Situation(**_aim(system)), (), house_rules, lang)
        except RulesError:
            continue  # a roll this sheet cannot make (a trained-only skill without ranks)
        number = spec.number(check)
        if ref.kind in ("weapon", "attack"):
            kind = _attack_kind(character, ref, spec)
            if kind is not None:
                attacks.append(PrintedAttack(option.label_en, kind, number))
            continue
        key = str(ref)
        if spec.check(key) is not None or spec.open_check(key) is not None:
            checks[key] = number
    block = system.stat_block(base.level, base.challenge, base.abilities, {}, base.numbers, attacks,
                              [m for m in getattr(character.sheet, "modifiers", []) if _situational(m)]
                              + list(base.modifiers), base.specialties)
    # A check whose frozen number is what the block would give it anyway stays unprinted: the block
    # stays readable, and rolls the same.
    for key, number in checks.items():
        if block.value(key) != number or spec.check(key) is None:
            block.checks[key] = number
    block.validate()
    return block


def _aim(system) -> dict:
    return {"threshold": 1} if system.target.kind != "dc" else {"dc": 10}


def _attack_kind(character, ref, spec) -> str | None:
    weapon = next((a for a in getattr(character.sheet, "attacks", []) if a.name == ref.key), None)
    kind = weapon.kind if weapon is not None else ref.key
    return kind if kind in spec.attack_kinds else None


def _situational(modifier: SheetModifier) -> bool:
    """A sheet entry that a frozen number does not hold already: one against the creature's defences
    or rolls made against it (the frozen AC holds those on AC itself)."""
    return modifier.scope.startswith("attacked")
