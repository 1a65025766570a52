"""Shadowrun Anarchy: its words in English and French (``gmdesk.engine.words``)."""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.words import ATTACK_KINDS, SystemWords, keyed
from gmdesk.systems.kit.target import (DIFFICULTY_FIELD, POOL_FIELD, THRESHOLD, THRESHOLD_FIELD, Difficulty,
                                       Target, TestKind)

from .against import AGAINST
from .data import ATTRIBUTES, DIFFICULTIES, PRESETS

NAME = Word.same('Shadowrun Anarchy')
DESCRIPTION = Word('Pools of d6 with hits on 5 and 6, Luck, Edges and complications.', 'Réserves de d6, réussites sur 5 et 6, Chance, Atouts et complications.')


# The five attributes' abbreviations, keyed as the sheet keys them ("for", "vol"): STR and WIL in
# English, FOR and VOL in French — the sheet, the party list and a check's breakdown all read these.
ATTRIBUTE_CODES = {a.code.lower(): Word(a.en_code, a.code) for a in ATTRIBUTES}
ATTRIBUTE_NAMES = {a.code.lower(): Word(a.en, a.fr) for a in ATTRIBUTES}


TEST_KINDS = (
    TestKind("open", Word("open test (no threshold)", "test ouvert (sans seuil)")),
    TestKind("simple", Word("simple test (threshold)", "test simple (seuil)"), (THRESHOLD_FIELD, DIFFICULTY_FIELD)),
    TestKind("variable", Word("variable test (opposing pool by difficulty)",
                              "test variable (réserve adverse selon la difficulté)"), (DIFFICULTY_FIELD,)),
    TestKind("opposed", Word("opposed test (opposing pool)", "test en opposition (réserve adverse)"), (POOL_FIELD,)),
)


def situation(kind: str, threshold: int, difficulty: str | None, opposing_pool: int) -> dict:
    """The ``Situation`` fields of a test typed in: its threshold, difficulty or opposing pool."""
    if kind == "simple":
        return {"threshold": threshold}
    if kind == "variable":
        return {"variable": True, "difficulty": difficulty or "average"}
    if kind == "opposed":
        return {"opposing_pool": opposing_pool}
    return {}


# Against an opponent: its physical defense (or the roll it resists with) is the opposing pool.
TARGET = Target(THRESHOLD, Word("threshold", "seuil"), Word("threshold", "seuil"),
                defence=Word("its physical defense", "sa défense physique"), defence_for_every_roll=True,
                opposing_kinds=("preset", "skill"), not_opposing=frozenset({"preset:physical_defense"}),
                test_kinds=TEST_KINDS, default_test_kind="simple",
                difficulties=tuple(Difficulty(d.id, Word(d.en, d.fr), d.threshold, d.opposing_pool)
                                   for d in DIFFICULTIES),
                situation=situation, against=AGAINST)


def check_names(lang: str) -> dict[str, str]:
    """The attribute-only tests' names ("Catch an object") in the GM's language."""
    return {p.en: p.fr if lang == "fr" else p.en for p in PRESETS}


def kind_names(lang: str) -> dict[str, str]:
    """The roll log's kinds (skill ids, attribute-only tests' ids, attacks) in the GM's language."""
    from .sheet import SKILLS

    presets = {p.id: (p.en, p.fr) for p in PRESETS}
    return keyed(SKILLS, presets, ATTACK_KINDS, lang=lang)


WORDS = SystemWords(
    check_names,
    kind_names=kind_names,
    phrases={
        "dice pool": Word("dice pool", "réserve de dés"),
        "dice modifier": Word("dice modifier", "modificateur de dés"),
        "no skill: attribute alone at −1 die": Word("no skill: attribute alone at −1 die",
                                                    "sans compétence\u202f: attribut seul à −1 dé"),
        "teamwork: helpers' hits": Word("teamwork: helpers' hits", "travail d’équipe\u202f: réussites des aides"),
        "a pool never goes below 0 dice": Word("a pool never goes below 0 dice",
                                               "une réserve ne descend jamais sous 0 dé"),
        "rolls fewer dice by choice": Word("rolls fewer dice by choice", "moins de dés lancés par choix"),
    },
)
