"""dnd5e (2024): sheet → ``Dnd5eTest`` (RULES.md §2).

Ability checks (skills, raw abilities, initiative = a Dexterity check), saving throws and attack
rolls. Conditions bring advantage/disadvantage (poisoned: attacks and ability checks), the
exhaustion penalty, or an automatic failure (paralysed: Str and Dex saves), shown in the breakdown
as a −100 line so that the odds read 0 % and the roll fails whatever the die.
"""

from __future__ import annotations

from . import rules as engine
from gmdesk.engine.core import Modifier, RulesError

from gmdesk.systems.kit.checks import CheckOption
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.systems.kit.statblock import is_stat_block, scopes_of, value_of
from .sheet import ABILITIES, ABILITY_NAMES, SKILLS
from .conditions import CATALOGUE
from gmdesk.systems.kit.build import attack_of, conditions_on, refuse, sheet_modifiers, target_dc

SYSTEM = "dnd5e"
ATTACK_KINDS = ("melee", "ranged", "spell")
AUTO_FAIL = -100


def options(character) -> list[CheckOption]:
    sheet = character.sheet
    if is_stat_block(sheet):
        return sheet.options()
    out = [CheckOption(CheckRef("skill", "perception"), "Perception", "Perception")]
    out += [CheckOption(CheckRef("skill", k), en, fr) for k, (_, en, fr) in SKILLS.items() if k != "perception"]
    out += [CheckOption(CheckRef("ability", a), f"{en} check", f"Jet de {fr}") for a, (en, fr) in ABILITY_NAMES.items()]
    out += [CheckOption(CheckRef("save", a), f"{en} saving throw", f"JS de {fr}") for a, (en, fr) in ABILITY_NAMES.items()]
    out += [CheckOption(CheckRef("weapon", a.name), a.name, a.name) for a in sheet.attacks]
    if not any(a.kind == "melee" for a in sheet.attacks):
        out.append(CheckOption(CheckRef("attack", "melee"), "Unarmed strike", "Attaque à mains nues"))
    if sheet.spellcasting_ability and not any(a.kind == "spell" for a in sheet.attacks):
        out.append(CheckOption(CheckRef("attack", "spell"), "Spell attack", "Attaque de sort"))
    out.append(CheckOption(CheckRef("initiative"), "Initiative (Dexterity)", "Initiative (Dextérité)"))
    return out


def _parts(sheet, ref: CheckRef, rules):
    """(test kind, ability, proficiency multiplier 0/1/2, attack kind, weapon)."""
    kind, key = ref.kind, ref.key
    if kind == "skill":
        if key not in SKILLS:
            raise RulesError("check.key", f"no dnd5e skill {key!r}")
        prof = 2 if key in sheet.expertise else 1 if key in sheet.skill_proficiencies else 0
        return "check", SKILLS[key][0], prof, None, None
    if kind in ("ability", "save"):
        if key not in ABILITIES:
            raise RulesError("check.key", f"an ability is one of {', '.join(ABILITIES)}; got {key!r}")
        prof = 1 if kind == "save" and key in sheet.save_proficiencies else 0
        return ("save" if kind == "save" else "check"), key, prof, None, None
    if kind == "initiative":
        return "check", "dex", 0, None, None
    if kind in ("attack", "weapon"):
        weapon = attack_of(sheet, ref, ATTACK_KINDS)
        akind = weapon.kind if weapon else ref.key
        ability = weapon.ability if weapon else {"melee": "str", "ranged": "dex", "spell": "spellcasting"}[akind]
        if ability == "finesse":
            choice = rules.dnd5e_finesse if rules is not None else "best"  # no campaign: the rules' own
            ability = engine.finesse_ability(sheet.abilities["str"], sheet.abilities["dex"]) if choice == "best" else choice
        if ability == "spellcasting":
            if not sheet.spellcasting_ability:
                raise RulesError("check.key", "this sheet has no spellcasting ability")
            ability = sheet.spellcasting_ability
        prof = 1 if (weapon.proficient if weapon else True) else 0
        return "attack", ability, prof, akind, weapon
    raise RulesError("check.kind", f"dnd5e has no {kind} check")


def _printed(sheet, ref: CheckRef):
    """A stat block's roll: (test kind, ability or '', attack kind or None)."""
    if ref.kind in ("weapon", "attack"):
        return "attack", "", sheet.attack(ref).kind
    if ref.kind not in ("skill", "ability", "save", "initiative"):
        raise RulesError("check.kind", f"dnd5e has no {ref.kind} check")
    return ("save" if ref.kind == "save" else "check"), sheet.uses(ref), None


def scopes(sheet, ref: CheckRef, rules=None) -> frozenset[str]:
    if is_stat_block(sheet):
        test, ability, _ = _printed(sheet, ref)
        extra = {"ability", f"ability:{ability}"} if test == "check" and ability else set()
        return scopes_of(sheet, ref) | extra
    test, ability, _, akind, _ = _parts(sheet, ref, rules)
    out = {"all", "checks", f"uses:{ability}"}
    if test == "check":
        out |= {"ability", f"ability:{ability}"}
    if ref.kind == "skill":
        out |= {"skill", f"skill:{ref.key}"}
    elif ref.kind == "initiative":
        out.add("initiative")
    elif test == "save":
        out |= {"save", f"save:{ability}"}
    elif test == "attack":
        out |= {"attack", f"attack:{akind}"}
    return frozenset(out)


def _roll(character, ref, conditions, rules, lang):
    """(test kind, modifiers, advantages, disadvantages) of the character's own roll."""
    sheet = character.sheet
    if is_stat_block(sheet):
        # The book's number holds ability, proficiency and magic: it is the roll's whole base.
        test, _, akind = _printed(sheet, ref)
        s = scopes(sheet, ref, rules)
        effect = conditions_on(CATALOGUE, conditions, s, lang)
        mods = [Modifier(value_of(sheet, ref), ref.key or ref.kind, "printed")]
        mods += sheet_modifiers(sheet.modifiers, s) + effect.modifiers
        mods += [Modifier(AUTO_FAIL, f"{name}: automatic failure", "condition") for name in effect.auto_fail]
        return test, akind, mods, effect.advantages, effect.disadvantages
    test, ability, prof, akind, weapon = _parts(sheet, ref, rules)
    mods = [Modifier(engine.ability_modifier(sheet.abilities[ability], ability), ability, "ability")]
    if prof:
        bonus = 2 + (sheet.level - 1) // 4  # the SRD table, extended past 20 for CR 21–30 monsters
        mods.append(Modifier(bonus * prof, "expertise" if prof == 2 else "proficiency", "proficiency"))
    if weapon is not None and weapon.bonus:
        mods.append(Modifier(weapon.bonus, weapon.name, "untyped"))
    s = scopes(sheet, ref, rules)
    mods += sheet_modifiers(sheet.modifiers, s)
    effect = conditions_on(CATALOGUE, conditions, s, lang)
    mods += effect.modifiers
    mods += [Modifier(AUTO_FAIL, f"{name}: automatic failure", "condition") for name in effect.auto_fail]
    return test, akind, mods, effect.advantages, effect.disadvantages


def defense(character, ref, conditions, rules, attack_kind="melee", touch=False, lang="en",
            shield_raised=False) -> tuple[int, list[Modifier]]:
    """AC (``ref`` None), or the passive value 10 + modifier of a check."""
    sheet = character.sheet
    if ref is None:
        s = frozenset({"all", "dcs", "ac", "attacked", f"attacked:{attack_kind}"})
        mods = sheet_modifiers(sheet.modifiers, s) + conditions_on(CATALOGUE, conditions, s, lang).modifiers
        return (sheet.number("ac") if is_stat_block(sheet) else sheet.ac), mods
    _, _, mods, _, _ = _roll(character, ref, conditions, rules, lang)
    return 10 + sum(m.value for m in mods), []


def build(character, ref, situation, conditions, rules, lang):
    refuse(situation, SYSTEM, "reroll_failure", "reroll_success", "player_knows", "fortune", "misfortune", "cannot_succeed", "take10", "take20", "helpers",
           "luck_before", "luck_after", "rerolls", "dice", "specialization", "paths", "synergies", "threshold",
           "difficulty", "variable", "opposing_pool", "touch")
    test, akind, mods, advs, disadvs = _roll(character, ref, conditions, rules, lang)
    dc = _target(character, ref, situation, rules, lang, akind, advs, disadvs)
    dc += sum(m.value for m in situation.dc_modifiers)
    held = getattr(character.sheet, "heroic_inspiration", False)  # a stat block holds none
    inspiration = held if situation.inspiration is None else situation.inspiration
    if not rules.inspiration_in_odds:
        inspiration = False  # house rule: the odds leave it out; the player rerolls by hand (test.reroll)
    return engine.Dnd5eTest(dc, tuple(mods) + tuple(situation.modifiers), test, situation.advantage,
                            situation.disadvantage, tuple(advs), tuple(disadvs), bool(inspiration), situation.secret,
                            situation.label or ref.key or ref.kind, situation.fail_voluntarily, rules.rulings())


def _target(character, ref, situation, rules, lang, akind, advs, disadvs) -> int:
    opp = situation.opponent
    if opp is None:
        return target_dc(situation)
    if opp.system != SYSTEM:
        raise RulesError("opponent", f"the opponent is a {opp.system} character")
    if situation.opponent_ref is not None:
        dc, _ = defense(opp, situation.opponent_ref, situation.opponent_conditions, rules, lang=lang)
        return dc
    if akind is None:
        raise RulesError("opponent_ref", "say which of the opponent's checks sets the DC (its passive value)")
    ac, mods = defense(opp, None, situation.opponent_conditions, rules, akind, lang=lang)
    against = conditions_on(CATALOGUE, situation.opponent_conditions, frozenset({"attacked", f"attacked:{akind}"}), lang)
    advs.extend(against.advantages)
    disadvs.extend(against.disadvantages)
    return ac + sum(m.value for m in mods)
