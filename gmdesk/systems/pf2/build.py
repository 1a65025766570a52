"""pf2: sheet → ``Pf2Check`` / ``FlatCheck`` (RULES.md §1).

Total = ability + proficiency (rank by level) + typed entries; the engine stacks them. A DC set by a
creature is 10 + its modifier for that roll: the untyped part is the DC, the typed entries go in
``dc_modifiers`` so that the engine stacks them with the conditions on the DC (sickened, flat-footed).
"""

from __future__ import annotations

from . import rules as engine
from gmdesk.engine.core import Modifier, RulesError, ability_modifier

from gmdesk.systems.kit.checks import CheckOption
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.systems.kit.statblock import is_stat_block, scopes_of, value_of
from .house import release
from .sheet import SAVES, SKILLS
from .conditions import CATALOGUE
from gmdesk.systems.kit.build import attack_of, conditions_on, refuse, sheet_modifiers, target_dc

SYSTEM = "pf2"
ATTACK_KINDS = ("melee", "ranged", "spell")


FLAT = CheckOption(CheckRef("flat"), "Flat check", "Test pur")


def options(character) -> list[CheckOption]:
    sheet = character.sheet
    if is_stat_block(sheet):
        return sheet.options() + [FLAT]
    out = [CheckOption(CheckRef("perception"), "Perception", "Perception")]
    for key, (_, en, fr) in SKILLS.items():
        if key != "lore":
            out.append(CheckOption(CheckRef("skill", key), en, fr))
    for key in sheet.skills:
        if key.startswith("lore:"):
            topic = key[5:]
            out.append(CheckOption(CheckRef("skill", key), f"Lore ({topic})", f"Connaissance ({topic})"))
    for key, (_, en, fr) in SAVES.items():
        out.append(CheckOption(CheckRef("save", key), en, fr))
    for a in sheet.attacks:
        out.append(CheckOption(CheckRef("weapon", a.name), a.name, a.name))
    if not any(a.kind == "melee" for a in sheet.attacks):
        out.append(CheckOption(CheckRef("attack", "melee"), "Unarmed attack", "Attaque à mains nues"))
    if sheet.spell_rank != "untrained":
        out.append(CheckOption(CheckRef("attack", "spell"), "Spell roll", "Jet de sort"))
    out.append(CheckOption(CheckRef("initiative"), "Initiative (Perception)", "Initiative (Perception)"))
    out.append(FLAT)
    return out


def _parts(sheet, ref: CheckRef):
    """(ability, rank, what, attack kind or None, weapon or None) for a roll."""
    kind, key = ref.kind, ref.key
    if kind == "skill":
        if key.startswith("lore:"):
            return "int", sheet.skill_rank(key), key, None, None
        if key not in SKILLS or key == "lore":
            raise RulesError("check.key", f"no pf2 skill {key!r} (a Lore is lore:<topic>)")
        return SKILLS[key][0], sheet.skill_rank(key), key, None, None
    if kind == "save":
        if key not in SAVES:
            raise RulesError("check.key", f"a pf2 save is fortitude, reflex or will; got {key!r}")
        return SAVES[key][0], sheet.saves.get(key, "untrained"), key, None, None
    if kind in ("perception", "initiative"):
        return "wis", sheet.perception, "perception", None, None
    if kind in ("attack", "weapon"):
        weapon = attack_of(sheet, ref, ATTACK_KINDS)
        if weapon is not None:
            rank = engine.best_rank(*(sheet.weapon_ranks.get(c, "untrained") for c in weapon.categories))
            return weapon.ability, rank, weapon.name, weapon.kind, weapon
        if ref.key == "spell":
            return sheet.spell_ability, sheet.spell_rank, "spell", "spell", None
        ability, category = ("str", "unarmed") if ref.key == "melee" else ("dex", "simple")
        return ability, sheet.weapon_ranks.get(category, "untrained"), ref.key, ref.key, None
    raise RulesError("check.kind", f"pf2 has no {kind} check")


def scopes(sheet, ref: CheckRef, as_dc: bool = False) -> frozenset[str]:
    out = {"all", "dcs" if as_dc else "checks"}
    if ref.kind == "flat":
        return frozenset()  # a flat check takes no modifier of any kind
    if is_stat_block(sheet):
        return scopes_of(sheet, ref, as_dc)
    ability, _, what, attack_kind, _ = _parts(sheet, ref)
    out.add(f"uses:{ability}")
    if ref.kind == "skill":
        out |= {"skill", f"skill:{ref.key}"} | ({"skill:lore"} if ref.key.startswith("lore:") else set())
    elif ref.kind == "save":
        out |= {"save", f"save:{ref.key}"}
    elif ref.kind == "perception":
        out.add("perception")
    elif ref.kind == "initiative":
        out |= {"perception", "initiative"}
    else:
        out |= {"attack", f"attack:{attack_kind}"}
    return frozenset(out)


def _lines(character, ref: CheckRef, conditions, lang: str, as_dc: bool, rules=None) -> list[Modifier]:
    sheet = character.sheet
    if is_stat_block(sheet):
        # The book's number holds ability, proficiency and items: it is the roll's whole base.
        what = ref.key if ref.kind in ("skill", "save") else ref.kind if ref.kind != "weapon" else ref.key
        s = scopes(sheet, ref, as_dc)
        return ([Modifier(value_of(sheet, ref), what, "printed")] + sheet_modifiers(sheet.modifiers, s)
                + conditions_on(CATALOGUE, conditions, s, lang).modifiers)
    ability, rank, what, attack_kind, weapon = _parts(sheet, ref)
    lines = [engine.ability_line(sheet.abilities[ability], ability),
             engine.proficiency_line(rank, sheet.level, what, release(rules))]
    if weapon is not None and weapon.item_bonus:
        lines.append(Modifier(weapon.item_bonus, weapon.name, "item"))
    if ref.kind == "skill" and ability in ("str", "dex") and sheet.armor_check_penalty:
        lines.append(Modifier(sheet.armor_check_penalty, sheet.armor_name or "armor check penalty", "untyped"))
    s = scopes(sheet, ref, as_dc)
    lines += sheet_modifiers(sheet.modifiers, s)
    lines += conditions_on(CATALOGUE, conditions, s, lang).modifiers
    return lines


def defense(character, ref, conditions, rules, attack_kind="melee", touch=False, lang="en",
            shield_raised=False) -> tuple[int, list[Modifier]]:
    sheet = character.sheet
    if ref is not None:
        lines = _lines(character, ref, conditions, lang, as_dc=True, rules=rules)
        fixed = [m for m in lines if m.kind in engine.ALWAYS_ADD]
        return 10 + sum(m.value for m in fixed), [m for m in lines if m.kind not in engine.ALWAYS_ADD]
    mods = []
    if is_stat_block(sheet):
        # TAC as printed; a block without one (the release rules print none) is hit on its AC.
        base = sheet.number("tac") if touch and sheet.number("tac") is not None else sheet.number("ac")
    else:
        dex = ability_modifier(sheet.abilities["dex"])
        if sheet.dex_cap is not None:
            dex = min(dex, sheet.dex_cap)
        rank = engine.armor_class_rank(sheet.armor_rank, sheet.shield_rank if sheet.shield_held else None)
        base = 10 + dex + engine.proficiency(rank, sheet.level, release(rules))
        item = sheet.armor_tac_bonus if touch else sheet.armor_ac_bonus
        if item:
            mods.append(Modifier(item, sheet.armor_name or "armor", "item"))
    if shield_raised:
        bonus = sheet.number("shield") if is_stat_block(sheet) else sheet.shield_bonus
        if bonus:
            mods.append(Modifier(bonus, getattr(sheet, "shield_name", "") or "shield", "circumstance"))
    s = frozenset({"all", "dcs", "ac", "uses:dex", "attacked", f"attacked:{attack_kind}"} | ({"tac"} if touch else set()))
    mods += sheet_modifiers(sheet.modifiers, s)
    mods += conditions_on(CATALOGUE, conditions, s, lang).modifiers
    return base, mods


def build(character, ref, situation, conditions, rules, lang):
    refuse(situation, SYSTEM, "fail_voluntarily", "advantage", "disadvantage", "inspiration", "take10", "take20", "helpers",
           "luck_before", "luck_after", "rerolls", "dice", "specialization", "paths", "synergies", "threshold",
           "difficulty", "variable", "opposing_pool")
    label = situation.label or ref.key or ref.kind
    # Fortune and misfortune effects, the secret-check rule and R-1 apply to flat checks as to any roll.
    fortune = dict(fortune=situation.fortune, misfortune=situation.misfortune,
                   reroll_failure=situation.reroll_failure, reroll_success=situation.reroll_success,
                   player_knows=situation.player_knows, rulings=rules.rulings())
    if ref.kind == "flat":
        if situation.modifiers:
            raise RulesError("modifiers", "a flat check takes no modifier of any kind")
        if situation.cannot_succeed:
            raise RulesError("cannot_succeed", "a flat check has no natural-20 rule to take away")
        if situation.opponent is not None:
            raise RulesError("opponent", "a flat check's DC is set by the GM, never by a creature")
        return engine.FlatCheck((target_dc(situation),), situation.secret, label, **fortune)
    lines = _lines(character, ref, conditions, lang, as_dc=False, rules=rules) + list(situation.modifiers)
    dc, dc_mods = _target(character, ref, situation, rules, lang)
    return engine.Pf2Check(dc, tuple(lines), tuple(dc_mods) + tuple(situation.dc_modifiers),
                           cannot_succeed=situation.cannot_succeed, secret=situation.secret, label=label, **fortune)


def _target(character, ref, situation, rules, lang) -> tuple[int, list[Modifier]]:
    opp = situation.opponent
    if opp is None:
        return target_dc(situation), []
    if opp.system != SYSTEM:
        raise RulesError("opponent", f"the opponent is a {opp.system} character")
    if situation.opponent_ref is not None:
        return defense(opp, situation.opponent_ref, situation.opponent_conditions, rules, lang=lang)
    if ref.kind not in ("attack", "weapon"):
        raise RulesError("opponent_ref", "say which of the opponent's rolls sets the DC (e.g. perception)")
    sheet = character.sheet
    attack_kind = sheet.attack(ref).kind if is_stat_block(sheet) else _parts(sheet, ref)[3]
    return defense(opp, None, situation.opponent_conditions, rules, attack_kind, situation.touch, lang,
                   situation.opponent_shield_raised)
