"""The Shadowrun Anarchy sheet form: attributes, skills and their pools, Edges/Traits, Luck, Anarchy."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP

from gmdesk.systems.anarchy import sheet as sheet
from gmdesk.engine.core import RulesError
from gmdesk.ui import i18n
from gmdesk.ui.sheets.fields import Field, ListSection, Section, SheetSpec
from gmdesk.ui.sheets.specs.common import SCOPE_TIP, engine_total, header_section, skill_label

# FOR AGI VOL LOG CHA in both languages: the French books' abbreviations are what GMs say.
ATTR_LABELS = {k: (k.upper(), k.upper()) for k in sheet.ATTRIBUTES}
ATTR_CHOICES = (("", QT_TRANSLATE_NOOP("SheetFields", "(usual)")),) + tuple(ATTR_LABELS.items())
SKILL_CHOICES = tuple((k, skill_label(v)) for k, v in sheet.SKILLS.items())

translate = QCoreApplication.translate


def _pool(s: sheet.AnarchySheet, i: int) -> str:
    """The skill's dice pool as the engine builds it (attribute + skill, Edges in scope, ±5 cap)."""
    try:
        dice = engine_total(s, "skill", s.skills[i].key)
    except (RulesError, LookupError):
        return "—"
    return dice_text(dice)


def dice_text(n: int) -> str:
    """"1 die", "5 dice". Two plain strings rather than a %n plural: pyside6-lupdate does not
    always see plural calls. French treats 0 as singular ("0 dé")."""
    one = n == 1 or (n == 0 and i18n.current_language() == "fr")
    text = (QCoreApplication.translate("SheetFields", "%1 die") if one
            else QCoreApplication.translate("SheetFields", "%1 dice"))
    return text.replace("%1", str(n))


def _summary(s: sheet.AnarchySheet) -> list[tuple[str, str]]:
    out = [(translate("SheetFields", "Luck"), str(s.luck)), (translate("SheetFields", "Anarchy"), str(s.anarchy))]
    for i, skill in enumerate(s.skills[:4]):
        label = skill_label(sheet.SKILLS[skill.key]) if skill.key in sheet.SKILLS else (skill.key, skill.key)
        out.append((label, _pool(s, i)))
    return out


def spec() -> SheetSpec:
    f = Field
    attrs = tuple(Field(("attributes", k), label, "int", 1, 15, tip=(en, fr))
                  for k, label in ATTR_LABELS.items() for en, fr in [sheet.ATTRIBUTES[k]])
    return SheetSpec(
        "anarchy",
        (
            header_section(),
            Section(QT_TRANSLATE_NOOP("SheetFields", "Attributes"), attrs, columns=2),
            Section(QT_TRANSLATE_NOOP("SheetFields", "Luck and Anarchy"),
                    (f(("luck",), QT_TRANSLATE_NOOP("SheetFields", "Luck"), "int", 0, 20,
                       tip=QT_TRANSLATE_NOOP("SheetFields", "Chance points left")),
                     f(("anarchy",), QT_TRANSLATE_NOOP("SheetFields", "Anarchy"), "int", 0, 50,
                       tip=QT_TRANSLATE_NOOP("SheetFields", "Anarchy points left"))), columns=2),
            ListSection(QT_TRANSLATE_NOOP("SheetFields", "Skills"), ("skills",),
                        (f(("key",), QT_TRANSLATE_NOOP("SheetFields", "Skill"), "key", choices=SKILL_CHOICES),
                         f(("rating",), QT_TRANSLATE_NOOP("SheetFields", "Rating"), "int", 0, 12),
                         f(("attribute",), QT_TRANSLATE_NOOP("SheetFields", "Attribute"), "choice",
                           choices=ATTR_CHOICES),
                         f(("specialization",), QT_TRANSLATE_NOOP("SheetFields", "Specialization"), "text")),
                        new_item=lambda d: {"key": _free_skill(d), "rating": 1, "attribute": "", "specialization": ""},
                        derived=lambda s, i: _pool(s, i),
                        add_label=QT_TRANSLATE_NOOP("SheetFields", "Add a skill")),
            ListSection(QT_TRANSLATE_NOOP("SheetFields", "Edges and Traits"), ("edges",),
                        (f(("name",), QT_TRANSLATE_NOOP("SheetFields", "Name"), "text"),
                         f(("dice",), QT_TRANSLATE_NOOP("SheetFields", "Dice"), "int", -5, 5,
                           tip=QT_TRANSLATE_NOOP("SheetFields", "Net dice modifiers are capped at ±5")),
                         f(("rerolls",), QT_TRANSLATE_NOOP("SheetFields", "Rerolls"), "int", 0, 3),
                         f(("scope",), QT_TRANSLATE_NOOP("SheetFields", "Applies to"), "text", tip=SCOPE_TIP)),
                        new_item=lambda d: {"name": "?", "dice": 1, "rerolls": 0, "scope": "checks"},
                        add_label=QT_TRANSLATE_NOOP("SheetFields", "Add an Edge or Trait")),
        ),
        summary=_summary,
    )


def _free_skill(d: dict) -> str:
    taken = {s.get("key") for s in d.get("skills") or []}
    return next((k for k in sheet.SKILLS if k not in taken), "skill")
