"""cof: sheet → ``CofTest`` (RULES.md §4): d20 + base score (+ ATC/ATD) + best path rank + modifiers ≥ ND."""

from __future__ import annotations

from . import rules as engine
from gmdesk.engine.core import Modifier, RulesError

from gmdesk.systems.kit.checks import CheckOption
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.systems.kit.statblock import is_stat_block, scopes_of, value_of
from .sheet import CHARACTERISTICS
from .conditions import CATALOGUE
from .words import tidy
from gmdesk.systems.kit.build import conditions_on, refuse, sheet_modifiers, target_dc

SYSTEM = "cof"
ATTACKS = {"melee": ("for", "atc", "Melee attack", "Attaque au contact"),
           "ranged": ("dex", "atd", "Ranged attack", "Attaque à distance")}


def options(character) -> list[CheckOption]:
    sheet = character.sheet
    if is_stat_block(sheet):
        return sheet.options()
    out = [CheckOption(CheckRef("ability", k), en, fr) for k, (en, fr) in CHARACTERISTICS.items()]
    for p in sheet.paths:
        if p.ability:
            code = p.ability.upper()
            name = tidy("voie " + p.name)  # "Voie du traqueur", as the breakdown says it
            out.append(CheckOption(CheckRef("path", p.name), f"{code} + {name}", f"{code} + {name}"))
    out += [CheckOption(CheckRef("attack", k), en, fr) for k, (_, _, en, fr) in ATTACKS.items()]
    return out


def _parts(sheet, ref: CheckRef):
    """(characteristic, attack score name or None, paths whose rank may count)."""
    if ref.kind == "ability":
        if ref.key not in CHARACTERISTICS:
            raise RulesError("check.key", f"a characteristic is one of {', '.join(CHARACTERISTICS)}; got {ref.key!r}")
        return ref.key, None, []
    if ref.kind == "path":
        path = sheet.path(ref.key)
        if not path.ability:
            raise RulesError("check.key", f"the path {path.name!r} names no characteristic: use an ability check")
        return path.ability, None, [path]
    if ref.kind == "attack":
        if ref.key not in ATTACKS:
            raise RulesError("check.key", "a cof attack is melee (ATC) or ranged (ATD)")
        return ATTACKS[ref.key][0], ATTACKS[ref.key][1], []
    if ref.kind == "initiative":
        raise RulesError("check.kind", "cof initiative is the Init score: no roll")
    raise RulesError("check.kind", f"cof has no {ref.kind} check")


def scopes(sheet, ref: CheckRef) -> frozenset[str]:
    if is_stat_block(sheet):
        if ref.kind not in ("ability", "weapon", "attack", "path"):
            raise RulesError("check.kind", f"a cof profile has no {ref.kind} check")
        return scopes_of(sheet, ref)
    ability, attack, _ = _parts(sheet, ref)
    out = {"all", "checks", f"uses:{ability}", "ability", f"ability:{ability}"}
    if attack:
        out = {"all", "checks", f"uses:{ability}", "attack", f"attack:{ref.key}"}
    return frozenset(out)


def _roll(character, ref, situation, conditions, lang):
    sheet = character.sheet
    if is_stat_block(sheet):
        if situation.paths:
            raise RulesError("paths", "a profile's numbers hold its paths already")
        s = scopes(sheet, ref)
        what = ref.key.upper() if ref.kind == "ability" else ref.key
        mods = sheet_modifiers(sheet.modifiers, s) + conditions_on(CATALOGUE, conditions, s, lang).modifiers
        return [Modifier(value_of(sheet, ref), what, "base")], [], mods
    ability, attack, paths = _parts(sheet, ref)
    if attack and situation.paths:
        # The seed: bonuses to attack tests are always stated in the paths; a rank is a skill modifier.
        raise RulesError("paths", "a path's rank is a skill modifier, not an attack bonus: an attack bonus "
                                  "a path states goes on the sheet as a modifier to attacks")
    for name in situation.paths:
        if all(p.name != name for p in paths):
            paths.append(sheet.path(name))
    base = [Modifier(sheet.characteristics[ability], ability.upper(), "base")]
    if attack:
        base.append(Modifier(getattr(sheet, attack), attack.upper(), "base"))
    skills = [engine.path_line(p.name, p.rank) for p in paths]
    s = scopes(sheet, ref)
    mods = sheet_modifiers(sheet.modifiers, s) + conditions_on(CATALOGUE, conditions, s, lang).modifiers
    return base, skills, mods


def defense(character, ref, conditions, rules, attack_kind="melee", touch=False, lang="en",
            shield_raised=False) -> tuple[int, list[Modifier]]:
    """DEF against attacks; cof has no rule for a DC set by another roll."""
    if ref is not None:
        raise RulesError("opponent_ref", "cof sets no DC from an opponent's roll: the GM gives the ND")
    sheet = character.sheet
    s = frozenset({"all", "dcs", "ac", "attacked", f"attacked:{attack_kind}"})
    defense_value = sheet.number("defense") if is_stat_block(sheet) else sheet.defense
    return defense_value, sheet_modifiers(sheet.modifiers, s) + conditions_on(CATALOGUE, conditions, s, lang).modifiers


def init_score(character, conditions=(), lang="en") -> tuple[int, list[Modifier]]:
    """The Init score with what conditions do to it (cof initiative needs no roll)."""
    s = frozenset({"all", "checks", "initiative"})
    mods = sheet_modifiers(character.sheet.modifiers, s) + conditions_on(CATALOGUE, conditions, s, lang).modifiers
    init = character.sheet.number("init") if is_stat_block(character.sheet) else character.sheet.init
    return init + sum(m.value for m in mods), mods


def build(character, ref, situation, conditions, rules, lang):
    refuse(situation, SYSTEM, "advantage", "disadvantage", "fortune", "misfortune", "cannot_succeed",
           "reroll_failure", "reroll_success", "player_knows", "fail_voluntarily",
           "inspiration", "take10", "take20", "helpers", "luck_before", "luck_after", "rerolls", "dice",
           "specialization", "synergies", "threshold", "difficulty", "variable", "opposing_pool", "touch")
    base, skills, mods = _roll(character, ref, situation, conditions, lang)
    opp = situation.opponent
    if opp is None:
        nd = target_dc(situation, "ND")
    else:
        if opp.system != SYSTEM:
            raise RulesError("opponent", f"the opponent is a {opp.system} character")
        if ref.kind not in ("attack", "weapon"):
            raise RulesError("opponent", "only an attack aims at an opponent (its DEF); give the ND")
        kind = ref.key if ref.kind == "attack" else _attack_kind(character.sheet, ref)
        nd, nd_mods = defense(opp, situation.opponent_ref, situation.opponent_conditions, rules, kind, lang=lang)
        nd += sum(m.value for m in nd_mods)
    nd += sum(m.value for m in situation.dc_modifiers)
    return engine.CofTest(nd, tuple(base), tuple(skills), tuple(mods) + tuple(situation.modifiers),
                          situation.secret, situation.label or ref.key or ref.kind)


def _attack_kind(sheet, ref) -> str:
    return sheet.attack(ref).kind if is_stat_block(sheet) else "melee"
