"""The source of a minimal game system, "toy": a d6 + score against a target, two tiers.

``tests/systems/test_toy_system.py`` writes it into a temporary folder as a package and registers
it, as ``docs/adding-a-system.md`` says a sixth system is added: everything it knows in one folder,
the generic code untouched.
"""

FILES = {
    "__init__.py": '''
"""Toy: d6 + score ≥ target. Everything gmdesk knows of it, in one folder."""

from gmdesk.engine.words import Word
from gmdesk.systems.base import GameSystem
from gmdesk.systems.kit.checks import CheckRules
from gmdesk.systems.kit.fight import BY_HAND, FightRules
from gmdesk.systems.kit.options import CheckOptions, Toggle
from gmdesk.systems.kit.prep import Prep
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.systems.kit.target import DC, Target

from . import build, cli, demo, form, rules, sheet

SYSTEM = GameSystem(
    id="toy",
    name=Word("Toy dice", "Dés jouets"),
    description=Word("A d6 plus a score against a target.", "Un d6 plus un score contre une cible."),
    sheet=sheet.ToySheet,
    checks=CheckRules(build.options, build.scopes, build.build, build.defense),
    target=Target(DC, Word("target", "cible"), Word("guard", "garde")),
    check_from_dict=rules.check_from_dict,
    fight=FightRules(BY_HAND, "score", None, "manual", lambda c, before, damage: c.state),
    demo=demo.DEMO,
    cli=cli.CLI,
    form=form.form,
    key_numbers=lambda s: Word(f"score {s.score}", f"score {s.score}"),
    prep=Prep(CheckRef("ability", "score")),
    options=CheckOptions((Toggle("lucky", Word("Lucky", "Chanceux"), Word("+1 to the die", "+1 au dé")),)),
)
''',
    "rules.py": '''
"""d6 + score ≥ target: failure or success, exactly."""

import random
from dataclasses import dataclass, replace
from fractions import Fraction

from gmdesk.engine.core import Breakdown, Die, Modifier, Odds, RollResult, RulesError, check_int

SYSTEM = "toy"


@dataclass(frozen=True)
class ToyCheck:
    dc: int
    modifiers: tuple = ()
    label: str = ""
    secret: bool = False

    def __post_init__(self):
        check_int("dc", self.dc, -50, 100)

    @property
    def breakdown(self) -> Breakdown:
        return Breakdown.of(self.modifiers)

    @property
    def modifier(self) -> int:
        return self.breakdown.total

    @property
    def target(self) -> int:
        return self.dc

    def with_target(self, dc: int) -> "ToyCheck":
        return replace(self, dc=dc)

    def odds(self) -> Odds:
        success = Fraction(sum(1 for face in range(1, 7) if face + self.modifier >= self.dc), 6)
        return Odds(SYSTEM, {"failure": 1 - success, "success": success})

    def roll(self, rng: random.Random) -> RollResult:
        face = rng.randint(1, 6)
        total = face + self.modifier
        return RollResult(SYSTEM, "success" if total >= self.dc else "failure", (Die(6, face),), self.breakdown,
                          total, self.dc, natural=face, notes=("secret",) if self.secret else ())

    def describe(self) -> dict:
        return {"system": SYSTEM, "dc": self.dc, "label": self.label, "secret": self.secret,
                "modifiers": [{"value": m.value, "source": m.source, "kind": m.kind} for m in self.modifiers]}


def check_from_dict(d: dict) -> ToyCheck:
    if d.get("system") != SYSTEM:
        raise RulesError("system", "not a toy check")
    mods = tuple(Modifier(m["value"], m["source"], m["kind"]) for m in d.get("modifiers", ()))
    return ToyCheck(d["dc"], mods, d.get("label", ""), bool(d.get("secret")))
''',
    "sheet.py": '''
"""A toy sheet: one score."""

from dataclasses import dataclass

from gmdesk.engine.core import check_int
from gmdesk.systems.kit.fields import at, get_int, need_dict


@dataclass
class ToySheet:
    score: int = 0

    def __post_init__(self):
        self.validate()

    def validate(self, f: str = "sheet") -> None:
        check_int(at(f, "score"), self.score, 0, 10)

    def to_dict(self) -> dict:
        return {"score": self.score}

    @classmethod
    def from_dict(cls, d, f: str = "sheet") -> "ToySheet":
        d = need_dict(f, d)
        return cls(get_int(d, "score", f, 0, 10, 0))
''',
    "build.py": '''
"""From a toy sheet to a ToyCheck: the score, the situation's modifiers, the lucky toggle."""

from gmdesk.engine.core import Modifier, RulesError
from gmdesk.systems.kit.build import refuse, target_dc
from gmdesk.systems.kit.checks import CheckOption
from gmdesk.systems.kit.refs import CheckRef

from .rules import ToyCheck


def options(character):
    return [CheckOption(CheckRef("ability", "score"), "Score", "Score")]


def scopes(sheet, ref):
    return frozenset({"all", "checks"})


def build(character, ref, situation, conditions, rules, lang):
    if ref != CheckRef("ability", "score"):
        raise RulesError("check.kind", "a toy character rolls its score only")
    refuse(situation, "toy", "advantage", "fortune", "take10", "helpers")
    mods = [Modifier(character.sheet.score, "score", "ability")] + list(situation.modifiers)
    if situation.option("lucky"):
        mods.append(Modifier(1, "lucky"))
    if situation.opponent is not None:  # an attack aims at the opponent's guard
        dc = defense(situation.opponent, None, situation.opponent_conditions, rules)[0]
    else:
        dc = target_dc(situation, "target")
    return ToyCheck(dc, tuple(mods), situation.label, situation.secret)


def defense(character, ref, conditions, rules, attack_kind="melee", touch=False, lang="en", shield_raised=False):
    return 4 + character.sheet.score, []
''',
    "cli.py": '''
"""gmdesk odds|roll toy --mod N --dc N"""

from gmdesk.engine.core import Modifier
from gmdesk.systems.kit import cli
from gmdesk.systems.kit.cli import DC, MOD, Cli

from .rules import ToyCheck


def build(args):
    cli.require(args, "mod", "dc")
    return ToyCheck(args.dc, (Modifier(args.mod, "modifier"),))


CLI = Cli((MOD, DC), build)
''',
    "demo.py": '''
"""A demo party of one."""

from gmdesk.engine.words import Word
from gmdesk.systems.kit.demo import Demo, Member, Party, Prepared
from gmdesk.systems.kit.refs import CheckRef

from .sheet import ToySheet


def party() -> Party:
    scene = ("La table", "The table", [Prepared("Lancer", "Roll", CheckRef("ability", "score"), 5)])
    return Party([Member("Pip", "pc", ToySheet(2), 5), Member("Tam", "pc", ToySheet(1), 4)],
                 [Member("Rat", "npc", ToySheet(0), 2)], [scene], [("Pip", 0, []), ("Rat", 1, []), ("Tam", 0, [])])


DEMO = Demo(Word("Toy table", "Table jouet"), 6, party, attack=lambda character: CheckRef("ability", "score"))
''',
    "form.py": '''
"""The toy sheet form."""

from gmdesk.engine.words import Word
from gmdesk.systems.kit.form import Field, Section, SheetSpec, header_section


def form(lang: str = "en") -> SheetSpec:
    return SheetSpec("toy", (header_section(),
                             Section(Word("Score", "Score"), (Field(("score",), Word("Score", "Score"), "int", 0, 10),))))
''',
}


def write(folder, name: str = "toyd6"):
    """Write the package into ``folder``; returns its directory."""
    package = folder / name
    package.mkdir()
    for file, text in FILES.items():
        (package / file).write_text(text.lstrip("\n"), encoding="utf-8")
    return package
