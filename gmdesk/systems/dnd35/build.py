"""dnd35: sheet → the engine's ``SkillCheck``, ``AbilityCheck``, ``SavingThrow``, ``AttackRoll`` or
``OpposedCheck`` (RULES.md §3). Synergies come from the sheet's ranks (the engine's table);
situational ones are switched on by ``Situation.synergies``. Conditions on the target's AC
(flat-footed: no Dex bonus) go in ``dc_modifiers``, recorded apart as the seed asks."""

from __future__ import annotations

from . import rules as engine
from gmdesk.engine.core import Modifier, RulesError, ability_modifier
from .data import FEATURES, OPPOSED_PRESETS, OTHER_CHECKS, PHB, SKILLS, base_skill, failure_costly
from .opposed import OpposedCheck

from gmdesk.systems.kit.checks import CheckOption
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.systems.kit.statblock import is_stat_block, scopes_of, value_of
from .sheet import ABILITIES, SAVES
from .conditions import CATALOGUE
from gmdesk.systems.kit.build import attack_of, conditions_on, refuse, sheet_modifiers, target_dc

SYSTEM = "dnd35"
ATTACK_KINDS = ("melee", "ranged")
ABILITY_NAMES = {"str": ("Strength", "Force"), "dex": ("Dexterity", "Dextérité"), "con": ("Constitution", "Constitution"),
                 "int": ("Intelligence", "Intelligence"), "wis": ("Wisdom", "Sagesse"), "cha": ("Charisma", "Charisme")}


def options(character) -> list[CheckOption]:
    sheet = character.sheet
    if is_stat_block(sheet):
        return sheet.options()
    out = [CheckOption(CheckRef("skill", "spot"), SKILLS["spot"].en, SKILLS["spot"].fr)]
    for key, info in SKILLS.items():
        if key == "spot" or info.ability is None or (info.book != PHB and key not in sheet.ranks):
            continue
        specialties = [k for k in sheet.ranks if ":" in k and base_skill(k) == key]
        for k in specialties:
            topic = k.partition(":")[2]
            out.append(CheckOption(CheckRef("skill", k), f"{info.en} ({topic})", f"{info.fr} ({topic})"))
        if not specialties and (not info.trained_only or sheet.rank(key) >= 1):
            out.append(CheckOption(CheckRef("skill", key), info.en, info.fr))
    out += [CheckOption(CheckRef("ability", a), f"{en} check", f"Test de {fr}") for a, (en, fr) in ABILITY_NAMES.items()]
    for key, (fr, en) in OTHER_CHECKS.items():  # class features rolled as checks, for those who have them
        if sheet.feature_level(key) >= 1:
            out.append(CheckOption(CheckRef("feature", key), en[0].upper() + en[1:], fr[0].upper() + fr[1:]))
    out += [CheckOption(CheckRef("save", k), en, fr) for k, (_, en, fr) in SAVES.items()]
    out += [CheckOption(CheckRef("weapon", a.name), a.name, a.name) for a in sheet.attacks]
    if not any(a.kind == "melee" for a in sheet.attacks):
        out.append(CheckOption(CheckRef("attack", "melee"), "Melee attack", "Attaque au contact"))
    out.append(CheckOption(CheckRef("initiative"), "Initiative", "Initiative"))
    return out


def _ability(sheet, ref: CheckRef):
    """(ability, attack kind or None, weapon or None)."""
    if is_stat_block(sheet):
        if ref.kind in ("attack", "weapon"):
            attack = sheet.attack(ref)
            return None, attack.kind, attack
        if ref.kind not in ("skill", "ability", "save", "initiative"):
            raise RulesError("check.kind", f"a dnd35 stat block has no {ref.kind} check")
        return sheet.uses(ref) or None, None, None
    if ref.kind == "skill":
        if base_skill(ref.key) not in SKILLS:
            raise RulesError("check.key", f"no dnd35 skill {ref.key!r}")
        ability = SKILLS[base_skill(ref.key)].ability
        if ability is None:
            raise RulesError("check.key", f"{SKILLS[ref.key].fr} never needs a check")
        return ability, None, None
    if ref.kind == "ability":
        if ref.key not in ABILITIES:
            raise RulesError("check.key", f"an ability is one of {', '.join(ABILITIES)}; got {ref.key!r}")
        return ref.key, None, None
    if ref.kind == "save":
        if ref.key not in SAVES:
            raise RulesError("check.key", f"a save is fortitude, reflex or will; got {ref.key!r}")
        return SAVES[ref.key][0], None, None
    if ref.kind == "initiative":
        return "dex", None, None
    if ref.kind == "feature":
        if ref.key not in FEATURES:
            raise RulesError("check.key", f"a class feature check is one of {', '.join(FEATURES)}; got {ref.key!r}")
        return FEATURES[ref.key].ability, None, None
    if ref.kind in ("attack", "weapon"):
        weapon = attack_of(sheet, ref, ATTACK_KINDS)
        if weapon is not None:
            return weapon.ability, weapon.kind, weapon
        return ("str" if ref.key == "melee" else "dex"), ref.key, None
    raise RulesError("check.kind", f"dnd35 has no {ref.kind} check")


def scopes(sheet, ref: CheckRef) -> frozenset[str]:
    if is_stat_block(sheet):
        out = scopes_of(sheet, ref)
        return out | {f"skill:{base_skill(ref.key)}"} if ref.kind == "skill" else out
    ability, akind, _ = _ability(sheet, ref)
    out = {"all", "checks", f"uses:{ability}"}
    if ref.kind == "skill":
        out |= {"skill", f"skill:{ref.key}", f"skill:{base_skill(ref.key)}"}
    elif ref.kind == "ability":
        out |= {"ability", f"ability:{ability}"}
    elif ref.kind == "save":
        out |= {"save", f"save:{ref.key}"}
    elif ref.kind == "initiative":
        out.add("initiative")
    elif ref.kind == "feature":
        out |= {"feature", f"feature:{ref.key}"}
        if ref.key == "turn_undead":  # a turning check is a Charisma check
            out |= {"ability", f"ability:{ability}"}
    else:
        out |= {"attack", f"attack:{akind}"}
    return frozenset(out)


def _mods(character, ref, conditions, lang) -> list[Modifier]:
    sheet = character.sheet
    s = scopes(sheet, ref)
    mods = sheet_modifiers(sheet.modifiers, s) + conditions_on(CATALOGUE, conditions, s, lang).modifiers
    _, _, weapon = _ability(sheet, ref)
    if is_stat_block(sheet):
        return [Modifier(value_of(sheet, ref), ref.key or ref.kind, "printed")] + mods
    if weapon is not None and weapon.bonus:
        mods.insert(0, Modifier(weapon.bonus, weapon.name))
    return mods


def _check(character, ref, conditions, lang, extra=(), **kw):
    """The engine check for the character's own roll, without its target."""
    sheet = character.sheet
    ability, _, _ = _ability(sheet, ref)
    mods = tuple(_mods(character, ref, conditions, lang)) + tuple(extra)
    if is_stat_block(sheet):
        return _printed_check(ref, ability, mods, kw)
    score = sheet.abilities[ability]
    if ref.kind == "skill":
        return engine.SkillCheck(skill=ref.key, ranks=sheet.rank(ref.key), ability_score=score, modifiers=mods,
                                 armor_check_penalty=sheet.armor_check_penalty,
                                 other_ranks=tuple((k, sheet.rank(k)) for k in sheet.ranks), **kw)
    if ref.kind in ("ability", "initiative"):
        return engine.AbilityCheck(ability=ability, ability_score=score, modifiers=mods, **kw)
    if ref.kind == "feature":
        level = sheet.feature_level(ref.key)
        if level < 1:
            raise RulesError("check.key", f"{character.name} has no {OTHER_CHECKS[ref.key][1]}: no class of the "
                             "sheet grants it")
        return engine.FeatureCheck(feature=ref.key, level=level, ability_score=score, modifiers=mods,
                                   other_ranks=tuple((k, sheet.rank(k)) for k in sheet.ranks), **kw)
    if ref.kind == "save":
        return engine.SavingThrow(save=ref.key, base_save=sheet.base_saves[ref.key], ability_score=score,
                                  modifiers=mods, **kw)
    return engine.AttackRoll(base_attack_bonus=sheet.base_attack, ability=ability, ability_score=score,
                             modifiers=mods, **kw)


def _printed_check(ref, ability, mods, kw):
    """A stat block's roll: the printed number (first of ``mods``) is its whole base, so no ability,
    rank or base-bonus line is added by the engine."""
    if ref.kind == "skill":
        kw = {k: v for k, v in kw.items() if k != "synergy_toggles"}  # the printed number holds them
        return engine.SkillCheck(skill=None, modifiers=mods, **kw)
    if ref.kind in ("ability", "initiative"):
        return engine.AbilityCheck(ability=ability, modifiers=mods, **kw)
    if ref.kind == "save":
        return engine.SavingThrow(save=ref.key, base_save=0, modifiers=mods, **kw)
    return engine.AttackRoll(base_attack_bonus=0, ability=None, modifiers=mods, **kw)


def defense(character, ref, conditions, rules, attack_kind="melee", touch=False, lang="en",
            shield_raised=False) -> tuple[int, list[Modifier]]:
    """AC with the conditions on it apart (``ref`` None); with ``ref``, 10 + that check's modifier."""
    sheet = character.sheet
    if ref is not None:
        return 10 + _check(character, ref, conditions, lang).modifier, []
    s = frozenset({"all", "dcs", "ac", "attacked", f"attacked:{attack_kind}"})
    effect = conditions_on(CATALOGUE, conditions, s, lang)
    mods = sheet_modifiers(sheet.modifiers, s) + effect.modifiers
    if is_stat_block(sheet):
        return _printed_ac(sheet, touch, effect, mods)
    dex = ability_modifier(sheet.abilities["dex"])
    if effect.lose_dex and dex > 0:
        mods.append(Modifier(-dex, f"{effect.lose_dex[0]}: no Dex bonus to AC", "condition"))
    return sheet.ac, mods


def _printed_ac(sheet, touch, effect, mods):
    """A stat block's AC: touch AC as printed when asked for; a creature that loses its Dex bonus is
    hit on its printed flat-footed AC (else on AC less its Dex bonus)."""
    ac = sheet.number("ac")
    base = sheet.number("touch") if touch and sheet.number("touch") is not None else ac
    if effect.lose_dex:
        flat = sheet.number("flat_footed")
        lost = (ac - flat) if flat is not None else max(ability_modifier(sheet.abilities["dex"]), 0)
        if lost > 0:
            mods.append(Modifier(-lost, f"{effect.lose_dex[0]}: no Dex bonus to AC", "condition"))
    return base, mods


def build(character, ref, situation, conditions, rules, lang):
    refuse(situation, SYSTEM, "reroll_failure", "reroll_success", "player_knows", "fail_voluntarily", "advantage", "disadvantage", "fortune", "misfortune", "cannot_succeed",
           "inspiration", "luck_before", "luck_after", "rerolls", "dice", "specialization", "paths", "threshold",
           "difficulty", "variable", "opposing_pool", "touch")
    takes = ref.kind in ("skill", "ability", "feature")
    take = 20 if situation.take20 else 10 if situation.take10 else None
    if take and not takes:
        raise RulesError("take10" if take == 10 else "take20", "take 10 / take 20 apply to skill and ability checks")
    if situation.synergies and ref.kind not in ("skill", "feature"):
        raise RulesError("synergies", "synergies apply to skill checks")
    if situation.helpers and not takes:
        raise RulesError("helpers", "aid another helps skill and ability checks")
    kw = {}
    if takes:
        kw = dict(take=take, helpers=tuple(_aid(h, ref, lang) for h in situation.helpers),
                  max_helpers=rules.dnd35_max_helpers, threatened=situation.threatened,
                  failure_has_consequences=_failure_costly(situation, ref))
        if ref.kind in ("skill", "feature"):
            kw["synergy_toggles"] = frozenset(situation.synergies)
    opp = situation.opponent
    if opp is not None and opp.system != SYSTEM:
        raise RulesError("opponent", f"the opponent is a {opp.system} character")
    if opp is not None and ref.kind not in ("attack", "weapon"):
        return _opposed(character, ref, situation, conditions, lang, kw)
    dc_mods = list(situation.dc_modifiers)
    if opp is not None:
        _, akind, _ = _ability(character.sheet, ref)
        dc, mods = defense(opp, None, situation.opponent_conditions, rules, akind, lang=lang)
        dc_mods = mods + dc_mods
    else:
        dc = target_dc(situation)
    return _check(character, ref, conditions, lang, situation.modifiers, dc=dc, dc_modifiers=tuple(dc_mods), **kw)


def _failure_costly(situation, ref) -> bool:
    """The GM's "Failure costly" when given (True or False), else the skill's own (Escalade: yes)."""
    given = situation.failure_has_consequences
    if given is not None:
        return bool(given)
    return ref.kind == "skill" and failure_costly(ref.key)


def _aid(helper, ref, lang):
    """A helper makes the same check against DC 10, so must be able to make it (the seed): a
    trained-only skill needs ranks, a class feature needs a class that grants it."""
    if isinstance(helper, int):
        return engine.Aid(helper)
    try:
        check = _check(helper, ref, (), lang)
    except RulesError as err:
        raise RulesError("helpers", f"{helper.name} cannot aid another on this check: {err.rule}",
                         f"{helper.name} ne peut pas aider quelqu’un sur ce test\u202f: {err.said('fr')}") from None
    return engine.Aid(check.modifier, helper.name)


def _opposed(character, ref, situation, conditions, lang, kw):
    """Opposed checks: the seed's table as presets; Intimidation against the target's level check."""
    if situation.dc is not None or situation.dc_modifiers:
        raise RulesError("dc", "an opposed check has no DC: the opponent's total is the target")
    actor = _check(character, ref, conditions, lang, situation.modifiers, **kw)
    opp = situation.opponent
    oref = situation.opponent_ref
    if oref is None:
        if ref.kind != "skill" or base_skill(ref.key) != "intimidate":
            raise RulesError("opponent_ref", "say which check the opponent opposes with")
        opponent = engine.LevelCheck(level=opp.sheet.level, wisdom_score=opp.sheet.abilities["wis"])
    else:
        opponent = _check(opp, oref, situation.opponent_conditions, lang)
    preset = None
    for p in OPPOSED_PRESETS.values():
        if ref.kind == "skill" and base_skill(ref.key) == p.actor and (
                (p.opponent is None and oref is None)
                or (oref is not None and oref.kind == "skill" and base_skill(oref.key) == p.opponent)):
            preset = p.id
    return OpposedCheck(actor, opponent, preset)
