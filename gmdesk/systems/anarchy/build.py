"""anarchy: sheet → ``AnarchyTest`` (RULES.md §5): attribute + skill in d6, Edges as dice and rerolls."""

from __future__ import annotations

from . import rules as engine
from .data import PRESETS, PRESETS_BY_ID
from .dice import MAX_REROLLS
from gmdesk.engine.core import Modifier, RulesError

from gmdesk.systems.kit.checks import CheckOption
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.systems.kit.statblock import is_stat_block, scopes_of
from .sheet import SKILLS
from .conditions import CATALOGUE
from gmdesk.systems.kit.build import conditions_on, refuse

SYSTEM = "anarchy"
ATTACK_SKILLS = {"melee": "close_combat", "ranged": "firearms"}


def options(character) -> list[CheckOption]:
    sheet = character.sheet
    first = PRESETS_BY_ID["perception"]
    out = [CheckOption(CheckRef("preset", first.id), first.en, first.fr)]
    if is_stat_block(sheet):
        return out + sheet.options() + [CheckOption(CheckRef("preset", p.id), p.en, p.fr)
                                        for p in PRESETS if p.id != first.id]
    for s in sheet.skills:
        en, fr = SKILLS[s.key][1:] if s.key in SKILLS else (s.key, s.key)
        out.append(CheckOption(CheckRef("skill", s.key), en, fr))
    for kind, (en, fr) in (("melee", ("Close combat attack", "Attaque au contact")),
                           ("ranged", ("Firearms attack", "Attaque aux armes à feu"))):
        if sheet.skill(ATTACK_SKILLS[kind]) is not None:
            out.append(CheckOption(CheckRef("attack", kind), en, fr))
    out += [CheckOption(CheckRef("preset", p.id), p.en, p.fr) for p in PRESETS if p.id != first.id]
    return out


def _skill_key(ref: CheckRef) -> str | None:
    if ref.kind == "skill":
        return ref.key
    if ref.kind == "attack":
        if ref.key not in ATTACK_SKILLS:
            raise RulesError("check.key", "an anarchy attack is melee (close combat) or ranged (firearms)")
        return ATTACK_SKILLS[ref.key]
    return None


def scopes(sheet, ref: CheckRef) -> frozenset[str]:
    out = {"all", "checks"}
    if ref.kind == "preset":
        if ref.key not in PRESETS_BY_ID:
            raise RulesError("check.key", f"no attribute-only test {ref.key!r}")
        return frozenset(out | {"preset", f"preset:{ref.key}"}
                         | {f"uses:{a.lower()}" for a in PRESETS_BY_ID[ref.key].attributes})
    if is_stat_block(sheet):
        if ref.kind == "skill" and sheet.value(ref) is None and ref.key in SKILLS:
            return frozenset(out | {"skill", f"skill:{ref.key}", f"uses:{SKILLS[ref.key][0]}"})
        if ref.kind not in ("skill", "weapon", "attack"):
            raise RulesError("check.kind", f"anarchy has no {ref.kind} test (attribute-only tests are presets)")
        return scopes_of(sheet, ref)
    key = _skill_key(ref)
    if key is None:
        raise RulesError("check.kind", f"anarchy has no {ref.kind} test (attribute-only tests are presets)")
    skill = sheet.skill(key)
    if skill is None and key not in SKILLS:
        raise RulesError("check.key", f"no skill {key!r} on this sheet")
    attribute = skill.linked_attribute if skill else SKILLS[key][0]
    out |= {"skill", f"skill:{key}", f"uses:{attribute}"}
    if ref.kind == "attack":
        out |= {"attack", f"attack:{ref.key}"}
    return frozenset(out)


def _base(sheet, ref: CheckRef) -> dict:
    if ref.kind == "preset":
        scopes(sheet, ref)  # validates the key
        codes = PRESETS_BY_ID[ref.key].attributes
        attributes = sheet.abilities if is_stat_block(sheet) else sheet.attributes
        return {"preset": ref.key, "attributes": {c: attributes[c.lower()] for c in codes}}
    if is_stat_block(sheet):
        if ref.kind in ("weapon", "attack"):
            return {"pool": sheet.attack(ref).bonus}
        pool = sheet.value(ref)
        if pool is not None:
            return {"pool": pool}  # the card's pool: attribute and rating already added
        if ref.kind != "skill" or ref.key not in SKILLS:
            raise RulesError("check.key", f"no skill {ref.key!r} on this card")
        return {"attribute": sheet.abilities[SKILLS[ref.key][0]], "skill": None}  # attribute alone at −1 die
    key = _skill_key(ref)
    skill = sheet.skill(key)
    if skill is None:
        if key not in SKILLS:
            raise RulesError("check.key", f"no skill {key!r} on this sheet")
        return {"attribute": sheet.attributes[SKILLS[key][0]], "skill": None}  # attribute alone at −1 die
    return {"attribute": sheet.attributes[skill.linked_attribute], "skill": skill.rating or None}


def _dice(character, ref, situation, conditions, lang) -> tuple[list[Modifier], int]:
    sheet = character.sheet
    s = scopes(sheet, ref)
    mods = _edges(sheet, s)
    if is_stat_block(sheet):
        rerolls = min(MAX_REROLLS, sum(m.value for m in sheet.modifiers if m.kind == "reroll" and m.scope in s))
    else:
        rerolls = min(MAX_REROLLS, sum(e.rerolls for e in sheet.edges if e.scope in s))
    mods += conditions_on(CATALOGUE, conditions, s, lang).dice
    if situation.specialization:
        specialty = _specialty(sheet, ref)
        if not specialty:
            raise RulesError("specialization", "this skill has no specialization on the sheet")
        mods.append(Modifier(2, f"specialization: {specialty}", "specialization"))
    return mods, rerolls


def _edges(sheet, s: frozenset[str]) -> list[Modifier]:
    """The Edges' dice on a roll under scopes ``s`` (a card's Shadow Amps are its entries)."""
    if is_stat_block(sheet):
        return [Modifier(m.value, m.source, "edge") for m in sheet.modifiers
                if m.kind != "reroll" and m.scope in s and m.value]
    return [Modifier(e.dice, e.name, "edge") for e in sheet.edges if e.scope in s and e.dice]


def _specialty(sheet, ref: CheckRef) -> str:
    if is_stat_block(sheet):
        return sheet.specialties.get(str(CheckRef("skill", _skill_key(ref) or "?")), "") \
            if ref.kind in ("skill", "attack") else ""
    skill = sheet.skill(_skill_key(ref) or "")
    return skill.specialization if skill is not None else ""


def pool_of(character, ref: CheckRef, conditions=(), lang: str = "en") -> int:
    """The dice this character rolls for ``ref``: the opposing pool when it resists someone."""
    from gmdesk.systems.kit.checks import Situation

    return engine.AnarchyTest(**_base(character.sheet, ref), modifiers=tuple(
        _dice(character, ref, Situation(), conditions, lang)[0])).pool_size()


def defense(character, ref, conditions, rules, attack_kind="melee", touch=False, lang="en",
            shield_raised=False) -> tuple[int, list[Modifier]]:
    if ref is None:
        ref = CheckRef("preset", "physical_defense")
    return pool_of(character, ref, conditions, lang), []


def build(character, ref, situation, conditions, rules, lang):
    refuse(situation, SYSTEM, "reroll_failure", "reroll_success", "player_knows", "fail_voluntarily", "advantage", "disadvantage", "fortune", "misfortune", "cannot_succeed",
           "inspiration", "take10", "take20", "paths", "synergies", "touch", "dc_modifiers")
    if situation.dc is not None:
        raise RulesError("dc", "anarchy tests have a threshold, not a DC")
    sheet = character.sheet
    spent = situation.luck_before + situation.luck_after
    if spent > sheet.luck:
        raise RulesError("luck_before" if situation.luck_before else "luck_after",
                         f"{character.name} has {sheet.luck} Luck point(s) left")
    mods, rerolls = _dice(character, ref, situation, conditions, lang)
    if situation.rerolls is not None:
        rerolls = situation.rerolls
    elif situation.luck_after and rules.one_reroll_per_test:
        rerolls = 0  # one reroll per test (R-3): Luck's reroll replaces the Edges'
    kw = dict(_base(sheet, ref), modifiers=tuple(mods) + tuple(situation.modifiers), dice=situation.dice,
              luck_before=situation.luck_before, luck_after=situation.luck_after, rerolls=rerolls,
              label=situation.label or ref.key or ref.kind, rulings=rules.rulings())
    kw["helpers"] = tuple(_helper(h, ref, lang) for h in situation.helpers)
    kw.update(_target(character, ref, situation, rules, lang))
    return engine.AnarchyTest(**kw)


def _helper(helper, ref, lang):
    if isinstance(helper, int):
        return engine.AnarchyTest(pool=helper)
    return engine.AnarchyTest(**_base(helper.sheet, ref), modifiers=tuple(_edges(helper.sheet, scopes(helper.sheet, ref))))


def _target(character, ref, situation, rules, lang) -> dict:
    tie = {"tie_break_ones": True} if rules.anarchy_ones_tiebreak else {}
    if situation.opponent is not None:
        opp = situation.opponent
        if opp.system != SYSTEM:
            raise RulesError("opponent", f"the opponent is a {opp.system} character")
        pool, _ = defense(opp, situation.opponent_ref, situation.opponent_conditions, rules, lang=lang)
        return {"kind": "opposed", "opposing_pool": pool, **tie}
    if situation.opposing_pool is not None:
        return {"kind": "opposed", "opposing_pool": situation.opposing_pool, **tie}
    if situation.variable:
        if situation.difficulty is None:
            raise RulesError("difficulty", "a variable test needs a difficulty")
        return {"kind": "variable", "difficulty": situation.difficulty, **tie}
    if situation.threshold is not None or situation.difficulty is not None:
        return {"kind": "simple", "threshold": situation.threshold, "difficulty": situation.difficulty}
    return {"kind": "open"}
