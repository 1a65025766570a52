"""Files gmdesk reads into a D&D 5e campaign (``GameSystem.importers``): a **Foundry VTT dnd5e actor**
exported as JSON (Foundry V10 and later, dnd5e 2.x to 5.x: detected by shape, not by version).

A ``character`` becomes a dnd5e character, an ``npc`` the same with its challenge rating (its level is
what gives its proficiency bonus, CR in its notes). A Foundry file holds only what was entered, never
the sums: gmdesk computes them as the dnd5e system does — ability modifiers from scores; skill
proficiency 0, ½, 1 or 2 (half proficiency rounded down, as a bonus entry on that skill); save
proficiency; level from the class items; AC from its formula (armor worn, shield, natural, unarmored
defence); maximum HP from the class advancement when not entered.
"""

from __future__ import annotations

import re
from fractions import Fraction
from math import floor

from gmdesk.engine.core import RulesError, ability_modifier
from gmdesk.engine.words import Word
from gmdesk.systems.kit.form import ability_word
from gmdesk.systems.kit.damage import readable
from gmdesk.systems.kit.importing import (FileImporter, Imported, foundry_actor, foundry_system, foundry_v9_actor,
                                          get, left_out, lst, missing, obj, text, whole)
from gmdesk.systems.kit.sheet import SheetModifier

from .sheet import ABILITIES, SKILLS, Attack, Dnd5eSheet

FOUNDRY = Word("Foundry VTT dnd5e actor", "acteur Foundry VTT dnd5e")
CODES = {"acr": "acrobatics", "ani": "animal_handling", "arc": "arcana", "ath": "athletics", "dec": "deception",
         "his": "history", "ins": "insight", "itm": "intimidation", "inv": "investigation", "med": "medicine",
         "nat": "nature", "prc": "perception", "prf": "performance", "per": "persuasion", "rel": "religion",
         "slt": "sleight_of_hand", "ste": "stealth", "sur": "survival"}
ARMOR_TYPES = ("light", "medium", "heavy")


def _shape(doc: dict) -> bool:
    skills = get(doc, "system.skills")
    return isinstance(skills, dict) and "ste" in skills and "slt" in skills \
        and isinstance(get(doc, "system.abilities.str.value"), int)  # "slt": no pf2e actor has Sleight of Hand


def modern(doc):
    """A V9 actor (its body under ``data``, each item's too) in the V10 shape; others as they are."""
    if not foundry_v9_actor(doc):
        return doc
    items = [{**i, "system": i["data"]} if isinstance(i, dict) and isinstance(i.get("data"), dict)
             and "system" not in i else i for i in doc["items"][:5000]]
    return {**doc, "system": doc["data"], "items": items}


def _claims(doc) -> bool | str:
    doc = modern(doc)
    if not foundry_actor(doc):
        return False
    named = foundry_system(doc)
    if named is not None and named != "dnd5e":
        return False
    if named is None and not _shape(doc):
        return False
    if doc["type"] not in ("character", "npc"):
        return f"a Foundry VTT dnd5e {text(doc['type'], 'type', limit=30)}; gmdesk reads characters and NPCs"
    return True


def _proficiency_bonus(level: int) -> int:
    return floor((level + 7) / 4)


def _int_bonus(value, path: str) -> int:
    """A Foundry bonus formula read when it is a plain number ("", "2", "-1"); anything else is refused
    by the caller as not understood."""
    if value in (None, ""):
        return 0
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return whole(value, path, -50, 50)  # 1.5 is refused, not cut to 1
    if isinstance(value, str):
        try:
            return whole(value, path, -50, 50)
        except RulesError:
            raise RulesError(path, f"a formula gmdesk does not compute: {value[:40]!r}") from None
    raise RulesError(path, f"must be a number or a formula, got {str(value)[:20]}")


def read(doc) -> list[Imported]:
    doc = modern(doc)
    system = obj(doc.get("system"), "system")
    name = text(doc.get("name"), "name")
    if not name:
        raise RulesError("name", "an actor needs a name")
    npc = doc["type"] == "npc"
    items = [i for i in lst(doc.get("items", []), "items") if isinstance(i, dict)]
    recognised: list[tuple[Word, str]] = [(Word("Name", "Nom"), name)]
    unrecognised: list[str] = []
    notes: list[Word] = []
    assumed: list[Word] = []
    modifiers: list[SheetModifier] = []
    scores = {a: whole(get(system, f"abilities.{a}.value"), f"system.abilities.{a}.value", 0, 30) for a in ABILITIES}
    mods = {a: ability_modifier(v) for a, v in scores.items()}
    recognised.append((Word("Abilities", "Caractéristiques"), ability_word(scores)))
    class_levels = 0
    for i, item in enumerate(items):
        if item.get("type") == "class":
            levels = whole(get(item, "system.levels", get(item, "data.levels")), f"items[{i}].system.levels",
                           0, 20, default=None)
            if levels is None:
                assumed.append(missing(Word(f"{text(item.get('name'), 'class', '?', 40)} levels",
                                            f"Niveaux de {text(item.get('name'), 'class', '?', 40)}"), "1"))
            class_levels += 1 if levels is None else levels
    cr_text = ""
    if npc:
        cr = _challenge(get(system, "details.cr"))
        level = max(1, class_levels, floor(cr) if cr is not None else 1)
        if cr is not None:
            cr_text = str(Fraction(cr).limit_denominator(8)) if cr < 1 else str(int(cr)) if float(cr).is_integer() else str(cr)
            recognised.append((Word("Challenge", "Puissance"), cr_text))
        else:
            assumed.append(missing(Word("CR", "FP"), Word(f"level {level}", f"niveau {level}")))
    else:
        level = max(1, class_levels)
        recognised.append((Word("Level (classes)", "Niveau (classes)"), str(level)))
    if not 1 <= level <= 30:
        raise RulesError("level", f"a level from 1 to 30, got {level}")
    pb = _proficiency_bonus(level)
    saves = []
    for a in ABILITIES:
        proficient = whole(get(system, f"abilities.{a}.proficient"), f"system.abilities.{a}.proficient", 0, 1, None)
        if proficient is None:
            assumed.append(missing(Word(f"{a.upper()} save proficiency", f"Maîtrise de sauvegarde {a.upper()}"),
                                   Word("none", "aucune")))
        elif proficient:
            saves.append(a)
    recognised.append((Word("Save proficiencies", "Maîtrise des sauvegardes"), ", ".join(a.upper() for a in saves) or "—"))
    proficient, expertise = [], []
    jack = bool(get(doc, "flags.dnd5e.jackOfAllTrades"))
    athlete = bool(get(doc, "flags.dnd5e.remarkableAthlete"))
    skills_doc = obj(system.get("skills", {}), "system.skills")
    for code, key in CODES.items():
        entry = skills_doc.get(code) if isinstance(skills_doc.get(code), dict) else {}
        where = f"system.skills.{code}"
        value = entry.get("value")
        if value is None:
            assumed.append(missing(Word(*SKILLS[key][1:]), Word("no proficiency", "sans maîtrise")))
            value = 0
        if value not in (0, 0.5, 1, 2) or isinstance(value, bool):
            raise RulesError(f"{where}.value", f"a proficiency is 0, 0.5, 1 or 2, got {value!r}")
        default = SKILLS[key][0]
        ability = entry.get("ability") or default
        if ability not in ABILITIES:
            raise RulesError(f"{where}.ability", f"one of {', '.join(ABILITIES)}, got {ability!r}")
        half = 0
        if value == 2:
            proficient.append(key)
            expertise.append(key)
        elif value == 1:
            proficient.append(key)
        elif value == 0.5 or (value == 0 and jack):
            half = floor(pb / 2)
        if value == 0 and athlete and default in ("str", "dex", "con"):
            half = -(-pb // 2)  # Remarkable Athlete rounds up
        if half:
            modifiers.append(SheetModifier(half, "half proficiency", "untyped", f"skill:{key}"))
        if ability != default and mods[ability] != mods[default]:
            modifiers.append(SheetModifier(mods[ability] - mods[default], f"{ability.upper()} instead of "
                                           f"{default.upper()}", "untyped", f"skill:{key}"))
        bonus = _int_bonus(get(entry, "bonuses.check"), f"{where}.bonuses.check")
        if bonus:
            modifiers.append(SheetModifier(bonus, "Foundry bonus", "untyped", f"skill:{key}"))
        total = mods[ability] + pb * (2 if value == 2 else 1 if value == 1 else 0) + half + bonus
        if value or half or bonus:
            recognised.append((Word(*SKILLS[key][1:]), f"{total:+d}"))
    init = get(system, "attributes.init") or {}
    init_ability = init.get("ability") if isinstance(init, dict) and init.get("ability") in ABILITIES else "dex"
    init_bonus = _int_bonus(init.get("bonus", init.get("value")) if isinstance(init, dict) else 0,
                            "system.attributes.init.bonus")
    init_extra = init_bonus + mods[init_ability] - mods["dex"]
    if init_extra:
        modifiers.append(SheetModifier(init_extra, "initiative bonus", "untyped", "initiative"))
    recognised.append((Word("Initiative", "Initiative"), f"{mods['dex'] + init_extra:+d}"))
    ac = _ac(system, items, mods, recognised, assumed)
    hp = _hp(system, items, mods, level, assumed)
    recognised.append((Word("HP", "PV"), str(hp)))
    attacks = _weapons(items, mods, pb, recognised, unrecognised, assumed)
    spellcasting = get(system, "attributes.spellcasting")
    sheet = Dnd5eSheet(level=level, abilities=scores, save_proficiencies=saves, skill_proficiencies=proficient,
                       expertise=expertise, ac=ac, attacks=attacks,
                       spellcasting_ability=spellcasting if spellcasting in ABILITIES else "",
                       heroic_inspiration=bool(get(system, "attributes.inspiration")) and not npc,
                       modifiers=modifiers)
    origin = f"foundry:dnd5e:{doc['_id']}" if isinstance(doc.get("_id"), str) and doc["_id"] else "foundry:dnd5e"
    imported = Imported(name, "npc" if npc else "pc", sheet, hp, origin[:200], FOUNDRY, recognised, unrecognised, notes,
                        assumed=assumed)
    if cr_text:
        imported.text_notes = f"CR {cr_text}"
    return [imported]


def _challenge(cr) -> float | None:
    """The challenge rating, 0 to 30 (⅛, ¼, ½ as fractions), or None when the file gives none."""
    if cr is None:
        return None
    if not isinstance(cr, (int, float)) or isinstance(cr, bool):
        raise RulesError("system.details.cr", f"must be a number, got {str(cr)[:20]}")
    if not 0 <= cr <= 30:  # NaN too: it compares false
        raise RulesError("system.details.cr", f"a challenge rating from 0 to 30, got {cr!r}")
    return cr


def _ac(system: dict, items: list[dict], mods: dict, recognised: list, assumed: list) -> int:
    ac = get(system, "attributes.ac") or {}
    if not isinstance(ac, dict):
        raise RulesError("system.attributes.ac", "must be an object")
    calc = ac.get("calc") or ("flat" if ac.get("value") is not None else "default")
    dex = mods["dex"]
    worn = [i for i in items if i.get("type") == "equipment" and get(i, "system.equipped")]

    def kind(item):
        return get(item, "system.type.value") or get(item, "system.armor.type")

    shield = 0
    for i in worn:
        if kind(i) == "shield":
            value = whole(get(i, "system.armor.value"), "shield armor.value", 0, 10, default=None)
            if value is None:
                assumed.append(missing(Word(f"{text(i.get('name'), 'shield', '?', 40)} AC bonus",
                                            f"Bonus de CA de {text(i.get('name'), 'shield', '?', 40)}"), "+0"))
            shield += (value or 0) + whole(get(i, "system.armor.magicalBonus"), "shield magicalBonus", 0, 5, default=0)
    if calc in ("flat", "natural"):
        value = whole(ac.get("flat", ac.get("value")), "system.attributes.ac.flat", 0, 40)
        what = "natural armor" if calc == "natural" else "flat"
        total = value + (shield if calc == "natural" else 0)
    elif calc == "default":
        armor = next((i for i in worn if kind(i) in ARMOR_TYPES), None)
        if armor is not None:
            base = whole(get(armor, "system.armor.value"), "armor.value", 0, 30) + whole(
                get(armor, "system.armor.magicalBonus"), "armor.magicalBonus", 0, 5, default=0)
            cap = get(armor, "system.armor.dex")
            cap = 0 if kind(armor) == "heavy" and cap is None else cap
            total = base + (dex if cap is None else min(dex, whole(cap, "armor.dex", 0, 10)))
            what = str(armor.get("name", "armor"))[:40]
        else:
            total, what = 10 + dex, "10 + DEX"
        total += shield
    elif calc in ("mage", "draconic"):
        total, what = 13 + dex + shield, calc
    elif calc == "unarmoredMonk":
        total, what = 10 + dex + mods["wis"] + shield, "unarmored defense"
    elif calc == "unarmoredBarb":
        total, what = 10 + dex + mods["con"] + shield, "unarmored defense"
    elif calc == "unarmoredBard":
        total, what = 10 + dex + mods["cha"] + shield, "unarmored defense"
    else:
        total, what = 10 + dex + shield, "10 + DEX"
        assumed.append(Word(f"AC formula {str(calc)[:30]!r} not computed, 10 + DEX used",
                            f"Formule de CA {str(calc)[:30]!r} non calculée, 10 + DEX par défaut"))
    if not 0 <= total <= 40:  # refused, never cut to fit: the file says something else
        raise RulesError("system.attributes.ac", f"an AC from 0 to 40, computed {total} ({what})")
    recognised.append((Word("AC", "CA"), f"{total} ({what})"))
    return total


def _hp(system: dict, items: list[dict], mods: dict, level: int, assumed: list) -> int:
    hp = get(system, "attributes.hp") or {}
    stored = hp.get("max") if isinstance(hp, dict) else None
    if stored not in (None, ""):
        return whole(stored, "system.attributes.hp.max", 0, 100_000)
    total = 0
    for i, item in enumerate(items):
        if item.get("type") != "class":
            continue
        die = get(item, "system.hd.denomination") or get(item, "system.hitDice") or "d8"
        faces = whole(str(die).lstrip("d"), f"items[{i}].system.hitDice", 4, 20, default=8)
        advancement = next((a for a in lst(get(item, "system.advancement", []) or [], f"items[{i}].advancement")
                            if isinstance(a, dict) and a.get("type") == "HitPoints"), None)
        values = advancement.get("value", {}) if isinstance(advancement, dict) else {}
        for step, value in (values.items() if isinstance(values, dict) else []):
            rolled = faces if value == "max" else faces // 2 + 1 if value == "avg" else \
                whole(value, f"items[{i}].advancement.value.{step}", 1, faces)
            total += max(rolled + mods["con"], 1)
    bonuses = hp.get("bonuses") if isinstance(hp, dict) and isinstance(hp.get("bonuses"), dict) else {}
    total += _int_bonus(bonuses.get("level"), "system.attributes.hp.bonuses.level") * level
    total += _int_bonus(bonuses.get("overall"), "system.attributes.hp.bonuses.overall")
    if total == 0 and isinstance(hp, dict) and hp.get("value") not in (None, ""):
        total = whole(hp.get("value"), "system.attributes.hp.value", 0, 100_000)
    elif total == 0:
        assumed.append(missing(Word("HP", "PV"), "0"))  # no maximum, no class to compute one from
    if not 0 <= total <= 100_000:
        raise RulesError("system.attributes.hp", f"hit points from 0 to 100,000, computed {total}")
    return total


def _weapons(items: list[dict], mods: dict, pb: int, recognised: list, unrecognised: list,
             assumed: list) -> list[Attack]:
    out: list[Attack] = []
    for i, item in enumerate(items):
        if item.get("type") != "weapon":
            continue
        name = " ".join(str(item.get("name", "")).split())[:100]
        if not name or any(a.name == name for a in out):
            continue
        action = get(item, "system.actionType")
        if action is None:  # dnd5e 4.x: the attack is an activity
            activities = get(item, "system.activities") or {}
            attack = next((a for a in (activities.values() if isinstance(activities, dict) else [])
                           if isinstance(a, dict) and a.get("type") == "attack"), None)
            action = {"melee": "mwak", "ranged": "rwak"}.get(str(get(attack or {}, "attack.type.value"))[:10], "mwak")
        kind = {"mwak": "melee", "rwak": "ranged", "msak": "spell", "rsak": "spell"}.get(str(action)[:10])
        if kind is None:
            unrecognised.append(f"{name} ({action})")
            continue
        properties = get(item, "system.properties") or []
        finesse = "fin" in properties if isinstance(properties, list) else bool(properties.get("fin")) \
            if isinstance(properties, dict) else False
        ability = get(item, "system.ability") or ("spellcasting" if kind == "spell" else "finesse" if finesse
                                                  else "str" if kind == "melee" else "dex")
        if ability not in ABILITIES + ("finesse", "spellcasting"):
            ability = "str"
        prof = get(item, "system.proficient")
        proficient = prof is None or bool(prof)
        try:
            bonus = whole(get(item, "system.magicalBonus"), "magicalBonus", -5, 5, default=0) + _int_bonus(
                get(item, "system.attackBonus"), f"items[{i}].system.attackBonus")
        except RulesError:
            bonus = None
        if bonus is None or not -10 <= bonus <= 10:  # left out, said, rather than kept with another bonus
            assumed.append(left_out(name))
            continue
        if ability == "spellcasting":
            unrecognised.append(f"{name}: spell attack")
            continue
        mod = max(mods["str"], mods["dex"]) if ability == "finesse" else mods[ability]
        magic = whole(get(item, "system.magicalBonus"), "magicalBonus", -5, 5, default=0)
        out.append(Attack(name, "spell" if kind == "spell" else kind, ability, proficient, bonus,
                          _damage(get(item, "system.damage"), mod + magic)))
        shown = (max(mods["str"], mods["dex"]) if ability == "finesse" else mods[ability]) + (pb if proficient else 0) + bonus
        recognised.append((Word("Attack", "Attaque"), f"{name} {shown:+d}"))
    return out


def _damage(damage, mod: int) -> str:
    """The weapon's damage as the sheet writes it ("1d8+3 slashing"), from Foundry's parts (dnd5e 3.x:
    ``[["1d8 + @mod", "slashing"]]``) or base (4.x: ``{"number": 1, "denomination": 8, "types": […]}``),
    ``@mod`` the attack's ability modifier (and the weapon's magic); "" when it says no dice gmdesk reads."""
    text = ", ".join(f"{formula} {kind}".strip() for formula, kind in damage_parts(damage, mod))[:200]
    return text if readable(text) is not None else ""


def damage_parts(damage, mod: int) -> list[tuple[str, str]]:
    """Foundry's damage parts as (dice, type), ``@mod`` replaced by ``mod`` ("1d8+3", "slashing"); also
    4.x's parts as objects (``{"number": 2, "denomination": 6, "bonus": "", "types": ["fire"]}``)."""
    if not isinstance(damage, dict):
        return []
    parts = []
    base = damage.get("base")
    listed = damage.get("parts") if isinstance(damage.get("parts"), list) else []
    for part in ([base] if isinstance(base, dict) else []) + listed[:20]:
        if isinstance(part, dict) and type(part.get("number")) is int and type(part.get("denomination")) is int:
            types = part.get("types") or []
            kind = next(iter(types), "") if isinstance(types, (list, tuple)) else ""
            bonus = str(part.get("bonus") or "")[:40]
            plus = "+@mod" if part is base else ""
            parts.append((f"{part['number']}d{part['denomination']}{plus}{'+' + bonus if bonus else ''}", str(kind)))
        elif isinstance(part, (list, tuple)) and part and isinstance(part[0], str):
            parts.append((part[0][:80], str(part[1])[:40] if len(part) > 1 and part[1] else ""))
    out = []
    for formula, kind in parts:
        formula = formula.replace("@mod", f"({mod})").replace(" ", "")
        formula = formula.replace("+(-", "-(").replace("(", "").replace(")", "").replace("+-", "-")
        formula = re.sub(r"[+-]0(?!\d)", "", formula)  # "1d8+0": the dice alone
        out.append((formula, kind))
    return out


def importer(glance, creatures) -> FileImporter:
    """The Foundry dnd5e actor format, with how a bestiary pack reads it (``foundry_npc``)."""
    return FileImporter("foundry-dnd5e", FOUNDRY, _claims, read, glance, creatures)
