"""The Chroniques Oubliées Fantasy sheet form: characteristics, ATC, ATD, DEF, Init, paths."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP

from gmdesk.systems.cof import sheet as sheet
from gmdesk.ui.sheets.fields import Field, ListSection, Section, SheetSpec
from gmdesk.ui.sheets.specs.common import engine_total, header_section, modifiers_section, safe

# The seed's abbreviations: FOR, DEX, CON, INT, SAG, CHA (the same in both languages).
CHAR_LABELS = {k: (k.upper(), k.upper()) for k in sheet.CHARACTERISTICS}
ABILITY_CHOICES = (("", ""),) + tuple(CHAR_LABELS.items())

translate = QCoreApplication.translate


def _summary(s: sheet.CofSheet) -> list[tuple[str, str]]:
    # ATC/ATD are added *in addition to* the characteristic (RULES.md §4).
    return [(translate("SheetFields", "Melee attack (ATC + FOR)"), safe(lambda: engine_total(s, "attack", "melee"))),
            (translate("SheetFields", "Ranged attack (ATD + DEX)"), safe(lambda: engine_total(s, "attack", "ranged"))),
            (translate("SheetFields", "DEF"), str(s.defense)), (translate("SheetFields", "Init"), str(s.init))]


def spec() -> SheetSpec:
    f = Field
    lo, hi = sheet.SCORE_RANGE
    chars = tuple(Field(("characteristics", k), CHAR_LABELS[k], "int", lo, hi, tip=names)
                  for k, names in sheet.CHARACTERISTICS.items())
    return SheetSpec(
        "cof",
        (
            header_section(),
            Section(QT_TRANSLATE_NOOP("SheetFields", "Level and characteristics"),
                    (f(("level",), QT_TRANSLATE_NOOP("SheetFields", "Level"), "int", 0, 40),) + chars, columns=2),
            Section(QT_TRANSLATE_NOOP("SheetFields", "Combat"),
                    (f(("atc",), QT_TRANSLATE_NOOP("SheetFields", "ATC (melee)"), "int", lo, hi,
                       derived=lambda s: safe(lambda: engine_total(s, "attack", "melee"))),
                     f(("atd",), QT_TRANSLATE_NOOP("SheetFields", "ATD (ranged)"), "int", lo, hi,
                       derived=lambda s: safe(lambda: engine_total(s, "attack", "ranged"))),
                     f(("defense",), QT_TRANSLATE_NOOP("SheetFields", "DEF"), "int", 0, 80),
                     f(("init",), QT_TRANSLATE_NOOP("SheetFields", "Init"), "int", 0, 80)), columns=2),
            ListSection(QT_TRANSLATE_NOOP("SheetFields", "Paths"), ("paths",),
                        (f(("name",), QT_TRANSLATE_NOOP("SheetFields", "Path"), "text"),
                         f(("rank",), QT_TRANSLATE_NOOP("SheetFields", "Rank"), "int", 0, 5),
                         f(("ability",), QT_TRANSLATE_NOOP("SheetFields", "Characteristic"), "choice",
                           choices=ABILITY_CHOICES)),
                        new_item=lambda d: {"name": _free_path_name(d), "rank": 1, "ability": ""},
                        derived=lambda s, i: safe(lambda: engine_total(s, "path", s.paths[i].name)),
                        add_label=QT_TRANSLATE_NOOP("SheetFields", "Add a path")),
            modifiers_section(),
        ),
        summary=_summary,
    )


def _free_path_name(d: dict) -> str:
    taken = {p.get("name") for p in d.get("paths") or []}
    base = QCoreApplication.translate("SheetFields", "New path")
    name, n = base, 2
    while name in taken:
        name, n = f"{base} {n}", n + 1
    return name
