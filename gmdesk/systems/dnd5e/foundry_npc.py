"""A Foundry VTT dnd5e NPC as a bestiary pack reads it (``FileImporter.creatures`` and ``glance``): the
stat block it amounts to, with what a bestiary prints beside it.

``gmdesk import`` keeps an NPC as a built sheet (``importers.read``: Foundry's proficiencies, which
gmdesk computes again); a pack shows it as a stat block of the numbers Foundry itself would show —
each save and skill summed (ability modifier, proficiency from the challenge rating, Foundry's flat
bonuses), AC, its weapons' bonus to hit and damage (``@mod`` replaced), its printed XP — and, as the
SRD's creatures have them, its hit dice (``hp.formula``), size and type, and its actions: each
attack's damage dice and type, and the save DCs its weapons and features impose.

Both Foundry schemas are read: V10 and later (``system``), V9 and older (``data``, ``modern``). The
glance reads name, challenge, size, type, HP and actions without building the block, so that a
pack of thousands of files is indexed in seconds. No I/O here.
"""

from __future__ import annotations

from math import floor

from gmdesk.engine.core import RulesError, ability_modifier
from gmdesk.engine.words import Word
from gmdesk.systems.kit.bestiary import CreatureAction, Damage
from gmdesk.systems.kit.importing import HP, Glance, Imported, get, lst, missing, obj, text, whole
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.systems.kit.statblock import PrintedAttack

from .importers import (CODES, FOUNDRY, _ac, _challenge, _int_bonus, _proficiency_bonus, damage_parts, importer, modern,
                        read)
from .sheet import ABILITIES, SKILLS
from .srd_convert import challenge_text
from .statblock import Dnd5eStatBlock

SIZES = {"tiny": "Tiny", "sm": "Small", "med": "Medium", "lg": "Large", "huge": "Huge", "grg": "Gargantuan"}
KINDS = {"mwak": "melee", "rwak": "ranged", "msak": "spell", "rsak": "spell"}


def _challenge_text(cr) -> str:
    return challenge_text(cr) if cr is not None else ""  # "1/2", "2": as the SRD's creatures print it


def _mods(system: dict) -> dict[str, int]:
    return {a: ability_modifier(whole(get(system, f"abilities.{a}.value"), f"system.abilities.{a}.value", 0, 30))
            for a in ABILITIES}


def _level_and_pb(system: dict) -> tuple[float | None, int]:
    cr = _challenge(get(system, "details.cr"))
    return cr, _proficiency_bonus(max(1, floor(cr) if cr is not None else 1))


def read_npc(doc) -> list[Imported]:
    """The NPC as a pack's creature: its stat block, HP, and ``bestiary`` (hit dice, size, type,
    actions). A character is read as ``importers.read`` reads it (a built sheet: not a creature)."""
    doc = modern(doc)
    if doc.get("type") != "npc":
        return read(doc)
    system = obj(doc.get("system"), "system")
    name = text(doc.get("name"), "name")
    if not name:
        raise RulesError("name", "an actor needs a name")
    mods = _mods(system)
    scores = {a: whole(get(system, f"abilities.{a}.value"), f"system.abilities.{a}.value", 0, 30) for a in ABILITIES}
    cr, pb = _level_and_pb(system)
    assumed: list[Word] = [] if cr is not None else [missing(Word("CR", "FP"), Word("proficiency +2", "maîtrise +2"))]
    checks: dict[str, int] = {}
    for a in ABILITIES:
        proficient = whole(get(system, f"abilities.{a}.proficient"), f"system.abilities.{a}.proficient", 0, 1, 0)
        bonus = _int_bonus(get(system, f"abilities.{a}.bonuses.save"), f"system.abilities.{a}.bonuses.save")
        if proficient or bonus:
            checks[str(CheckRef("save", a))] = mods[a] + pb * proficient + bonus
    skills = obj(system.get("skills", {}), "system.skills")
    for code, key in CODES.items():
        entry = skills.get(code) if isinstance(skills.get(code), dict) else {}
        value = entry.get("value") or 0
        if value not in (0, 0.5, 1, 2) or isinstance(value, bool):
            raise RulesError(f"system.skills.{code}.value", f"a proficiency is 0, 0.5, 1 or 2, got {value!r}")
        ability = entry.get("ability") if entry.get("ability") in ABILITIES else SKILLS[key][0]
        bonus = _int_bonus(get(entry, "bonuses.check"), f"system.skills.{code}.bonuses.check")
        if value or bonus or ability != SKILLS[key][0]:
            checks[str(CheckRef("skill", key))] = mods[ability] + floor(pb * value) + bonus
    init = get(system, "attributes.init") if isinstance(get(system, "attributes.init"), dict) else {}
    init_bonus = _int_bonus(init.get("bonus"), "system.attributes.init.bonus")
    init_ability = init.get("ability") if init.get("ability") in ABILITIES else "dex"
    if init_bonus or init_ability != "dex":
        checks[str(CheckRef("initiative"))] = mods[init_ability] + init_bonus
    recognised: list = [(Word("Name", "Nom"), name)]
    ac = _ac(system, [i for i in lst(doc.get("items", []), "items") if isinstance(i, dict)], mods, recognised, assumed)
    hp = _hp(system)
    numbers = {"ac": ac}
    xp = _xp(system)
    if xp is not None:
        numbers["xp"] = xp
    attacks, actions = _actions(doc, system, mods, pb)
    block = Dnd5eStatBlock(_level(cr), _challenge_text(cr), scores, checks, numbers,
                           attacks)
    recognised += [(HP, str(hp))] + [(Word("Attack", "Attaque"), f"{a.name} {a.bonus:+d}") for a in attacks]
    return [Imported(name, "npc", block, hp, _origin(doc), FOUNDRY, recognised, assumed=assumed,
                     bestiary={**_looks(system), "actions": tuple(actions)})]


def glance_npc(doc) -> list[Glance]:
    """What a pack's index needs of the NPC, as ``read_npc`` gives it, without building its block; a
    character is refused here, and read whole (and named as not a creature) by ``read_npc``."""
    doc = modern(doc)
    if doc.get("type") != "npc":
        raise RulesError("type", "not an NPC")
    system = obj(doc.get("system"), "system")
    cr, pb = _level_and_pb(system)
    actions = tuple(_actions(doc, system, _mods(system), pb)[1])
    return [Glance(text(doc.get("name"), "name"), _hp(system), _level(cr),
                   _challenge_text(cr), _origin(doc), _xp(system), {**_looks(system), "actions": actions})]


def _origin(doc: dict) -> str:
    return (f"foundry:dnd5e:{doc['_id']}" if isinstance(doc.get("_id"), str) and doc["_id"] else "foundry:dnd5e")[:200]


def _level(cr: float | None) -> int:
    """The block's level: its challenge's whole part (0 for CR ⅛ to ½, and when it gives none)."""
    return max(0, floor(cr)) if cr is not None else 0


def _hp(system: dict) -> int:
    return whole(get(system, "attributes.hp.max", get(system, "attributes.hp.value")), "system.attributes.hp.max",
                 0, 100_000, default=0)


def _xp(system: dict) -> int | None:
    return whole(get(system, "details.xp.value"), "system.details.xp.value", 0, 1_000_000, default=None)


def _looks(system: dict) -> dict:
    """Hit dice, size and type as printed ("4d8+4", "Medium", "monstrosity")."""
    formula = get(system, "attributes.hp.formula")
    kind = get(system, "details.type")
    kind = kind.get("custom") or kind.get("value") if isinstance(kind, dict) else kind
    size = get(system, "traits.size")
    return {"hit_dice": formula.replace(" ", "")[:40] if isinstance(formula, str) else "",
            "size": SIZES.get(size, "") if isinstance(size, str) else "",
            "type": " ".join(kind.split())[:40] if isinstance(kind, str) else ""}


def _actions(doc: dict, system: dict, mods: dict, pb: int) -> tuple[list[PrintedAttack], list[CreatureAction]]:
    """Its weapons as printed attacks, and every weapon and feature with an attack or a save DC as a
    bestiary's action (damage dice and type, save and DC)."""
    attacks: list[PrintedAttack] = []
    actions: list[CreatureAction] = []
    for item in lst(doc.get("items", []), "items"):
        if not isinstance(item, dict) or item.get("type") not in ("weapon", "feat"):
            continue
        name = " ".join(str(item.get("name", "")).split())[:100]
        if not name or any(a.name == name for a in actions):
            continue
        activities = get(item, "system.activities")
        activities = [a for a in activities.values() if isinstance(a, dict)][:20] \
            if isinstance(activities, dict) else []
        attack = next((a for a in activities if a.get("type") == "attack"), None)
        hit = _attack(item, attack, mods, pb, system) if item.get("type") == "weapon" or attack else None
        bonus, kind, mod = hit if hit is not None else (None, "", 0)
        damage = damage_parts(get(item, "system.damage"), mod)
        if not damage and attack is not None:
            damage = damage_parts(attack.get("damage"), mod)
        save, dc, save_damage = _save(item, activities, mods, pb, system)
        damage = damage or save_damage
        if bonus is None and dc is None:
            continue
        rolls = tuple(Damage(dice, kind_) for dice, kind_ in damage if dice)
        actions.append(CreatureAction(name, bonus, rolls, save, dc))
        if bonus is not None and kind in ("melee", "ranged", "spell") and -50 <= bonus <= 100:
            text_ = ", ".join(f"{d.dice} {d.type}".strip() for d in rolls)[:200]
            attacks.append(PrintedAttack(name, kind, bonus, text_))
    return attacks, actions


def _attack(item: dict, activity: dict | None, mods: dict, pb: int, system: dict) -> tuple[int, str, int] | None:
    """(bonus to hit, kind, the ability modifier its damage adds), or None when it makes no attack."""
    action = get(item, "system.actionType")
    if action is None and activity is not None:  # dnd5e 4.x: the attack is an activity
        action = {"melee": "mwak", "ranged": "rwak"}.get(str(get(activity, "attack.type.value"))[:10], "mwak")
    kind = KINDS.get(str(action)[:10])  # str: a list or an object there is no key
    if kind is None:
        return None
    properties = get(item, "system.properties") or []
    finesse = "fin" in properties if isinstance(properties, list) else bool(properties.get("fin")) \
        if isinstance(properties, dict) else False
    ability = get(item, "system.ability") or (activity or {}).get("ability") or ""
    if ability not in ABILITIES:
        spell = get(system, "attributes.spellcasting")
        ability = (spell if spell in ABILITIES else "int") if kind == "spell" else \
            ("str" if mods["str"] >= mods["dex"] else "dex") if finesse else "str" if kind == "melee" else "dex"
    try:
        magic = whole(get(item, "system.magicalBonus"), "magicalBonus", -5, 5, default=0)
        extra = _int_bonus(get(item, "system.attackBonus", get(activity or {}, "attack.bonus")), "attackBonus")
    except RulesError:
        return None
    proficient = get(item, "system.proficient")
    flat = bool(get(activity or {}, "attack.flat"))
    bonus = magic + extra if flat else mods[ability] + (pb if proficient is None or proficient else 0) + magic + extra
    return bonus, kind, mods[ability] + magic


def _save(item: dict, activities: list[dict], mods: dict, pb: int, system: dict) -> tuple[str, int | None, list]:
    """The save a weapon or feature imposes: (ability, DC, its damage parts), or ("", None, [])."""
    old = get(item, "system.save")
    if isinstance(old, dict) and old.get("ability") in ABILITIES:
        scaling = old.get("scaling")
        dc = _dc(old.get("dc"), scaling if scaling != "flat" else None, mods, pb, system)
        return (old["ability"], dc, []) if dc is not None else ("", None, [])
    for activity in activities:
        if activity.get("type") != "save":
            continue
        ability = get(activity, "save.ability")
        ability = next(iter(ability), None) if isinstance(ability, (list, tuple)) else ability
        if ability not in ABILITIES:
            continue
        calculation = get(activity, "save.dc.calculation") or None
        dc = _dc(get(activity, "save.dc.formula", get(activity, "save.dc.value")), calculation, mods, pb, system)
        if dc is not None:
            return ability, dc, damage_parts(activity.get("damage"), 0)
    return "", None, []


def _dc(value, scaling: str | None, mods: dict, pb: int, system: dict) -> int | None:
    """A printed DC, or one computed as Foundry does (8 + proficiency + the ability's modifier)."""
    if scaling in ("spell", "spellcasting"):
        scaling = get(system, "attributes.spellcasting")
    if scaling in ABILITIES:
        return 8 + pb + mods[scaling]
    try:
        return whole(value, "dc", 1, 40, default=None)
    except RulesError:
        return None


IMPORTERS = (importer(glance_npc, read_npc),)
