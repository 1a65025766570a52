"""A **Foundry VTT pf2e NPC** actor read as a pf2 stat block with its printed modifiers, in the old shape
(Perception under ``attributes``, skills as ``lore`` items) and the new one (``system.perception``,
``system.skills.<slug>.base``); the glance reads its name, level and HP for a bestiary pack's index.

Apart from ``pathbuilder`` (a character built from ranks): a Foundry NPC is a stat block of numbers as
printed; ``importers`` lists them both and names them again for its callers.
"""

from __future__ import annotations

import re

from gmdesk.engine.core import RulesError
from gmdesk.engine.words import Word
from gmdesk.systems.kit.form import ability_word
from gmdesk.systems.kit.importing import (Glance, Imported, foundry_actor, foundry_system, get, left_out, lst, missing,
                                          obj, text, whole)
from gmdesk.systems.kit.statblock import PrintedAttack
from gmdesk.systems.kit.statblock_text import fold

from .sheet import ABILITIES, SAVES, SKILLS
from .statblock import Pf2StatBlock

FOUNDRY_NPC = Word("Foundry VTT pf2e NPC", "PNJ Foundry VTT pf2e")


def _pf2e_shape(doc: dict) -> bool:
    system = doc.get("system", {})
    return isinstance(get(system, "details.level.value"), (int, float)) and isinstance(
        get(system, "saves.fortitude"), dict) and isinstance(get(system, "abilities.str"), dict) and \
        "mod" in (get(system, "abilities.str") or {})


def _foundry_claims(doc) -> bool | str:
    if not foundry_actor(doc):
        return False
    named = foundry_system(doc)
    if named is not None and named != "pf2e":
        return False
    if named is None and not _pf2e_shape(doc):
        return False
    if doc["type"] == "character":
        return "a Foundry VTT pf2e character; export it from Pathbuilder 2e (gmdesk reads Pathbuilder files)"
    if doc["type"] != "npc":
        return f"a Foundry VTT pf2e {text(doc['type'], 'type', limit=30)}; gmdesk reads pf2e NPCs"
    return True


def read_foundry_npc(doc) -> list[Imported]:
    system = obj(doc.get("system"), "system")
    name = text(doc.get("name"), "name")
    if not name:
        raise RulesError("name", "an actor needs a name")
    level = whole(get(system, "details.level.value"), "system.details.level.value", -1, 30)
    assumed: list[Word] = []
    abilities = {}
    for a in ABILITIES:
        abilities[a] = whole(get(system, f"abilities.{a}.mod"), f"system.abilities.{a}.mod", -10, 15, default=None)
        if abilities[a] is None:
            abilities[a] = 0
            assumed.append(missing(Word(f"{a.capitalize()} modifier", f"Modificateur de {a.upper()}"), "+0"))
    checks: dict[str, int] = {}
    recognised = [(Word("Name", "Nom"), name), (Word("Level", "Niveau"), str(level)),
                  (Word("Abilities", "Caractéristiques"), ability_word(abilities, signed=True))]
    unrecognised: list[str] = []
    perception = get(system, "perception.mod")
    path = "system.perception.mod"
    if perception is None:
        perception, path = get(system, "attributes.perception.value"), "system.attributes.perception.value"
    checks["perception"] = whole(perception, path, -50, 100)
    recognised.append((Word("Perception", "Perception"), f"{checks['perception']:+d}"))
    for save in SAVES:
        value = whole(get(system, f"saves.{save}.value"), f"system.saves.{save}.value", -50, 100)
        checks[f"save:{save}"] = value
        recognised.append((Word(*SAVES[save][1:]), f"{value:+d}"))
    skill_names = {fold(n): k for k, (_, en, fr) in SKILLS.items() if k != "lore" for n in (en, fr)}
    skills = system.get("skills") if isinstance(system.get("skills"), dict) else {}
    for slug, entry in list(skills.items())[:100]:
        key = slug if slug in SKILLS and slug != "lore" else None
        base = entry.get("base", entry.get("value")) if isinstance(entry, dict) else None
        if key is None:
            unrecognised.append(f"system.skills.{str(slug)[:40]}")
            continue
        if base is None:  # the attribute modifier, as an unlisted skill: said
            assumed.append(missing(Word(*SKILLS[key][1:]), Word("its attribute modifier", "le modificateur d’attribut")))
            continue
        checks[f"skill:{key}"] = whole(base, f"system.skills.{slug}.base", -50, 100)
    lores = [(e.get("name"), e.get("value")) for e in lst(system.get("lores", []), "system.lores") if isinstance(e, dict)]
    attacks: list[PrintedAttack] = []
    for i, item in enumerate(lst(doc.get("items"), "items")):
        if not isinstance(item, dict):
            continue
        where = f"items[{i}]"
        if item.get("type") == "lore":
            lores.append((item.get("name"), get(item, "system.mod.value")))
        elif item.get("type") == "melee":
            attack = _foundry_strike(item, where)
            if attack is None:
                assumed.append(left_out(" ".join(str(item.get("name"))[:40].split())))
            elif not any(a.name == attack.name for a in attacks):
                attacks.append(attack)
                recognised.append((Word("Strike", "Frappe"), f"{attack.name} {attack.bonus:+d}"))
    for lore_name, value in lores:
        if not isinstance(lore_name, str) or value is None:
            assumed.append(left_out(" ".join(str(lore_name)[:40].split())))
            continue
        lore_name = " ".join(lore_name.split())[:80]
        key = skill_names.get(fold(lore_name))
        if key is None:
            topic = re.sub(r"\s+lore$", "", lore_name, flags=re.I)
            topic = re.sub(r"^connaissances?\s+(?:\(|des |du |de la |de l'|de |d')?", "", topic, flags=re.I).strip(" )")
            key = f"lore:{topic.lower()}"
        checks[f"skill:{key}"] = whole(value, f"lore {lore_name!r}", -50, 100)
    for key, value in checks.items():
        if key.startswith("skill:"):
            label = key[6:]
            word = Word(f"Lore ({label[5:]})", f"Connaissance ({label[5:]})") if label.startswith("lore:") \
                else Word(*SKILLS[label][1:])
            recognised.append((word, f"{value:+d}"))
    statistic = get(system, "initiative.statistic") or get(system, "attributes.initiative.statistic")
    if isinstance(statistic, str) and statistic != "perception" and f"skill:{statistic}" in checks:
        checks["initiative"] = checks[f"skill:{statistic}"]
        recognised.append((Word("Initiative", "Initiative"), f"{checks['initiative']:+d} ({statistic})"))
    ac = whole(get(system, "attributes.ac.value"), "system.attributes.ac.value", 0, 80)
    hp = whole(get(system, "attributes.hp.max"), "system.attributes.hp.max", 0, 100_000, default=None)
    if hp is None:
        hp = 0
        assumed.append(missing(Word("HP", "PV"), "0"))
    recognised += [(Word("AC", "CA"), str(ac)), (Word("HP", "PV"), str(hp))]
    block = Pf2StatBlock(level, "", abilities, checks, {"ac": ac}, attacks)
    return [Imported(name, "npc", block, hp, _foundry_origin(doc), FOUNDRY_NPC, recognised, unrecognised, assumed=assumed)]


def glance_foundry_npc(doc) -> list[Glance]:
    """The NPC's name, level and HP as ``read_foundry_npc`` reads them, the rest left for it."""
    system = obj(doc.get("system"), "system")
    hp = whole(get(system, "attributes.hp.max"), "system.attributes.hp.max", 0, 100_000, default=None)
    return [Glance(text(doc.get("name"), "name"), hp or 0,
                   whole(get(system, "details.level.value"), "system.details.level.value", -1, 30),
                   origin=_foundry_origin(doc))]


def _foundry_origin(doc: dict) -> str:
    return (f"foundry:pf2e:{doc['_id']}" if isinstance(doc.get("_id"), str) and doc["_id"] else "foundry:pf2e")[:200]


def _foundry_strike(item: dict, where: str) -> PrintedAttack | None:
    name = item.get("name")
    bonus = get(item, "system.bonus.value")
    if not isinstance(name, str) or bonus is None:
        return None
    traits = get(item, "system.traits.value") or []
    ranged = get(item, "system.weaponType.value") == "ranged" or bool(get(item, "system.range")) or any(
        isinstance(t, str) and (t.startswith("range-increment") or t.startswith("range-")) for t in traits)
    rolls = get(item, "system.damageRolls") or {}
    damage = ", ".join(f"{r.get('damage', '')} {r.get('damageType', '')}".strip() for r in rolls.values()
                       if isinstance(r, dict)) if isinstance(rolls, dict) else ""
    return PrintedAttack(" ".join(name.split())[:100], "ranged" if ranged else "melee",
                         whole(bonus, f"{where}.system.bonus.value", -50, 100), damage[:200])
