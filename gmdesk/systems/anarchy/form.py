"""The Shadowrun Anarchy sheet form: attributes, skills and their pools, Edges/Traits, Luck, Anarchy."""

from __future__ import annotations

from gmdesk.engine.core import RulesError
from gmdesk.engine.words import Word
from gmdesk.systems.kit.house import Defaults
from gmdesk.systems.kit.form import (SCOPE_TIP, built_check, Field, header_section, ListSection, Section,
                                     SheetSpec, skill_label)
from gmdesk.systems.kit.checks import Situation

from . import build, house, sheet
from .rules import SYSTEM
from .words import ATTRIBUTE_CODES

# STR AGI WIL LOG CHA in English, FOR AGI VOL LOG CHA in French (``words.ATTRIBUTE_CODES``).
ATTR_LABELS = {k: ATTRIBUTE_CODES[k] for k in sheet.ATTRIBUTES}
ATTR_CHOICES = (("", Word('(usual)', '(habituel)')),) + tuple(ATTR_LABELS.items())
SKILL_CHOICES = tuple((k, skill_label(v)) for k, v in sheet.SKILLS.items())


RULES = Defaults(house.OPTIONS)  # RULES.md's rulings, this system's options at their defaults


def engine_total(s, kind: str, key: str = "") -> int:
    """The dice pool the engine builds for this roll of the sheet (attribute + skill, Edges in scope,
    the ±5 cap): the check panel's own number."""
    return built_check(build.build, SYSTEM, s, kind, key, Situation(threshold=1), house=RULES).pool_size()


def _pool(s: sheet.AnarchySheet, i: int) -> str:
    """The skill's dice pool as the engine builds it (attribute + skill, Edges in scope, ±5 cap)."""
    try:
        dice = engine_total(s, "skill", s.skills[i].key)
    except (RulesError, LookupError):
        return "—"
    return dice_text(dice)


def dice_text(n: int) -> Word:
    """"1 die", "5 dice" in both languages; French treats 0 as singular ("0 dé")."""
    return Word(f"{n} die" if n == 1 else f"{n} dice", f"{n} dé" if n in (0, 1) else f"{n} dés")


def _summary(s: sheet.AnarchySheet) -> list[tuple[str, str]]:
    out = [(Word('Luck', 'Chance'), str(s.luck)), (Word('Anarchy', 'Anarchy'), str(s.anarchy))]
    for i, skill in enumerate(s.skills[:4]):
        label = skill_label(sheet.SKILLS[skill.key]) if skill.key in sheet.SKILLS else (skill.key, skill.key)
        out.append((label, _pool(s, i)))
    return out


def form(lang: str = "en") -> SheetSpec:
    """The sheet form in ``lang`` (its lists sorted in that language)."""
    f = Field
    attrs = tuple(Field(("attributes", k), label, "int", 1, 15, tip=(en, fr))
                  for k, label in ATTR_LABELS.items() for en, fr in [sheet.ATTRIBUTES[k]])
    return SheetSpec(
        "anarchy",
        (
            header_section(),
            Section(Word('Attributes', 'Attributs'), attrs, columns=2),
            Section(Word('Luck and Anarchy', 'Chance et Anarchy'),
                    (f(("luck",), Word('Luck', 'Chance'), "int", 0, 20,
                       tip=Word('Chance points left', 'Points de Chance restants')),
                     f(("anarchy",), Word('Anarchy', 'Anarchy'), "int", 0, 50,
                       tip=Word('Anarchy points left', 'Points d’Anarchy restants'))), columns=2),
            ListSection(Word('Skills', 'Compétences'), ("skills",),
                        (f(("key",), Word('Skill', 'Compétence'), "key", choices=SKILL_CHOICES),
                         f(("rating",), Word('Rating', 'Indice'), "int", 0, 12),
                         f(("attribute",), Word('Attribute', 'Attribut'), "choice",
                           choices=ATTR_CHOICES),
                         f(("specialization",), Word('Specialization', 'Spécialisation'), "text")),
                        new_item=lambda d: {"key": _free_skill(d), "rating": 1, "attribute": "", "specialization": ""},
                        derived=lambda s, i: _pool(s, i),
                        add_label=Word('Add a skill', 'Ajouter une compétence')),
            ListSection(Word('Edges and Traits', 'Atouts et Traits'), ("edges",),
                        (f(("name",), Word('Name', 'Nom'), "text"),
                         f(("dice",), Word('Dice', 'Dés'), "int", -5, 5,
                           tip=Word('Net dice modifiers are capped at ±5', 'Les modificateurs de dés nets sont plafonnés à ±5')),
                         f(("rerolls",), Word('Rerolls', 'Relances'), "int", 0, 3),
                         f(("scope",), Word('Applies to', 'S’applique à'), "text", tip=SCOPE_TIP)),
                        new_item=lambda d: {"name": "?", "dice": 1, "rerolls": 0, "scope": "checks"},
                        add_label=Word('Add an Edge or Trait', 'Ajouter un Atout ou un Trait')),
        ),
        summary=_summary,
    )


def _free_skill(d: dict) -> str:
    taken = {s.get("key") for s in d.get("skills") or []}
    return next((k for k in sheet.SKILLS if k not in taken), "skill")


def key_numbers(s) -> Word:
    """The numbers a GM glances at in the party list: the five attributes."""
    return Word(*(" ".join(f"{ATTRIBUTE_CODES[k].text(lang)} {v}" for k, v in s.attributes.items())
                  for lang in ("en", "fr")))
