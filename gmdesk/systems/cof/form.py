"""The Chroniques Oubliées Fantasy sheet form: characteristics, ATC, ATD, DEF, Init, paths."""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.house import Defaults
from gmdesk.systems.kit.form import (built_check, Field, header_section, ListSection, modifiers_section, safe,
                                     Section, SheetSpec)

from . import build, house, sheet
from .rules import SYSTEM

# The seed's abbreviations: FOR, DEX, CON, INT, SAG, CHA (the same in both languages).
CHAR_LABELS = {k: (k.upper(), k.upper()) for k in sheet.CHARACTERISTICS}
ABILITY_CHOICES = (("", ""),) + tuple(CHAR_LABELS.items())


ATC_LABEL = Word('ATC without FOR (melee)', 'ATC sans la FOR (contact)')
ATD_LABEL = Word('ATD without DEX (ranged)', 'ATD sans la DEX (distance)')
ATC_TIP = Word("The melee attack score without Strength, which the test adds: an official sheet's ATC "
               "(level + FOR) less FOR. The total is shown beside it.",
               "Le score d’attaque au contact sans la Force, que le test ajoute\u202f: l’ATC d’une feuille "
               "officielle (niveau + FOR) moins la FOR. Le total est affiché à côté.")
ATD_TIP = Word("The ranged attack score without Dexterity, which the test adds: an official sheet's ATD "
               "(level + DEX) less DEX. The total is shown beside it.",
               "Le score d’attaque à distance sans la Dextérité, que le test ajoute\u202f: l’ATD d’une feuille "
               "officielle (niveau + DEX) moins la DEX. Le total est affiché à côté.")

RULES = Defaults(house.OPTIONS)  # RULES.md's rulings, this system's options at their defaults


def engine_total(s, kind: str, key: str = "") -> int:
    """What the engine adds to the die for this roll of the sheet (the check panel's own number)."""
    return built_check(build.build, SYSTEM, s, kind, key, house=RULES).breakdown.total



def _summary(s: sheet.CofSheet) -> list[tuple[str, str]]:
    # ATC/ATD are added *in addition to* the characteristic (RULES.md §4).
    return [(Word('Melee attack (ATC + FOR)', 'Attaque au contact (ATC + FOR)'), safe(lambda: engine_total(s, "attack", "melee"))),
            (Word('Ranged attack (ATD + DEX)', 'Attaque à distance (ATD + DEX)'), safe(lambda: engine_total(s, "attack", "ranged"))),
            (Word('DEF', 'DEF'), str(s.defense)), (Word('Init', 'Init'), str(s.init))]


def form(lang: str = "en") -> SheetSpec:
    """The sheet form in ``lang`` (its lists sorted in that language)."""
    f = Field
    lo, hi = sheet.SCORE_RANGE
    chars = tuple(Field(("characteristics", k), CHAR_LABELS[k], "int", lo, hi, tip=names)
                  for k, names in sheet.CHARACTERISTICS.items())
    return SheetSpec(
        "cof",
        (
            header_section(),
            Section(Word('Level and characteristics', 'Niveau et caractéristiques'),
                    (f(("level",), Word('Level', 'Niveau'), "int", 0, 40),) + chars, columns=2),
            Section(Word('Combat', 'Combat'),
                    # The field is the attack score without the characteristic, which the test adds
                    # (the seed); the total beside it is what an official sheet prints as its ATC.
                    (f(("atc",), ATC_LABEL, "int", lo, hi, tip=ATC_TIP,
                       derived=lambda s: safe(lambda: engine_total(s, "attack", "melee"))),
                     f(("atd",), ATD_LABEL, "int", lo, hi, tip=ATD_TIP,
                       derived=lambda s: safe(lambda: engine_total(s, "attack", "ranged"))),
                     f(("defense",), Word('DEF', 'DEF'), "int", 0, 80),
                     f(("init",), Word('Init', 'Init'), "int", 0, 80)), columns=2),
            ListSection(Word('Paths', 'Voies'), ("paths",),
                        (f(("name",), Word('Path', 'Voie'), "text"),
                         f(("rank",), Word('Rank', 'Rang'), "int", 0, 5),
                         f(("ability",), Word('Characteristic', 'Caractéristique'), "choice",
                           choices=ABILITY_CHOICES)),
                        new_item=lambda d: {"name": _free_path_name(d), "rank": 1, "ability": ""},
                        derived=lambda s, i: safe(lambda: engine_total(s, "path", s.paths[i].name)),
                        add_label=Word('Add a path', 'Ajouter une voie')),
            modifiers_section(),
        ),
        summary=_summary,
    )


def _free_path_name(d: dict) -> str:
    taken = {p.get("name") for p in d.get("paths") or []}
    base = Word('New path', 'Nouvelle voie')
    name, n = base, 2
    while name in taken:
        name, n = f"{base} {n}", n + 1
    return name


def key_numbers(s) -> Word:
    """The numbers a GM glances at in the party list: DEF and Init."""
    return Word.same(f"DEF {s.defense} · Init {s.init}")
