"""A **Pathbuilder 2e** JSON export (``{"success": true, "build": {…}}``) read as a pf2 character: name,
level, ability scores, the ranks of Perception, the saves and every skill and Lore (Pathbuilder stores
0/2/4/6/8 for untrained…legendary), armor and weapon ranks, Strikes, AC parts, HP.

Apart from ``foundry_npc`` (a Foundry VTT pf2e NPC, read as a stat block): the two formats share
nothing but the kit's readers; ``importers`` lists them both and names them again for its callers.
"""

from __future__ import annotations

import re

from gmdesk.engine.core import RulesError, ability_modifier
from gmdesk.engine.words import Word
from gmdesk.systems.kit.damage import readable
from gmdesk.systems.kit.fields import at
from gmdesk.systems.kit.form import ability_word
from gmdesk.systems.kit.importing import Imported, get, lst, missing, obj, text, whole
from gmdesk.systems.kit.sheet import SheetModifier

from .form import RANK_CHOICES
from .rules import proficiency
from .sheet import ABILITIES, RANKS, SAVES, SKILLS, Attack, Pf2Sheet

PATHBUILDER = Word("Pathbuilder 2e", "Pathbuilder 2e")
RANK_OF = {0: "untrained", 2: "trained", 4: "expert", 6: "master", 8: "legendary"}
RANK_WORDS = dict(RANK_CHOICES)  # the preview names a rank in the GM's language
# Starfinder 2e builds come in the same envelope.
STARFINDER = {"envoy", "mechanic", "mystic", "operative", "solarian", "soldier", "technomancer", "witchwarper"}
RANGED_WORDS = re.compile(r"\b(?:bow|crossbow|sling|dart|javelin|blowgun|shuriken|pistol|musket|arquebus|"
                          r"firearm|arbalète|arc|fronde|fléchette|javeline|sarbacane)\b", re.I)
BONUS_KINDS = {"item bonus": "item", "circumstance bonus": "circumstance", "status bonus": "status"}


def _pathbuilder_claims(doc) -> bool | str:
    if not isinstance(doc, dict):
        return False
    if doc.get("success") is False and set(doc) <= {"success", "build"}:  # Pathbuilder found no character
        return "a Pathbuilder 2e export that reports no character (\"success\": false)"
    if not isinstance(doc.get("build"), dict):
        return False
    build = doc["build"]
    if not (isinstance(build.get("abilities"), dict) and isinstance(build.get("proficiencies"), dict)):
        return False
    klass = build.get("class")
    if isinstance(klass, str) and klass.strip().lower() in STARFINDER:
        return f"a Starfinder 2e character ({klass}) from Pathbuilder; gmdesk reads Pathfinder 2 builds"
    return True


def _rank(value, path: str, label: Word | None = None, assumed: list | None = None) -> str:
    """A Pathbuilder rank (0, 2, 4, 6, 8). Left out (null): untrained, said in ``assumed`` with ``label``."""
    value = whole(value, path, default=None)
    if value is None:
        if assumed is None:
            raise RulesError(path, "is missing")
        assumed.append(missing(label, RANK_WORDS["untrained"]))
        return "untrained"
    if value not in RANK_OF:
        raise RulesError(path, f"a Pathbuilder rank is 0, 2, 4, 6 or 8, got {value}")
    return RANK_OF[value]


def read_pathbuilder(doc) -> list[Imported]:
    build = obj(doc.get("build"), "build")
    name = text(build.get("name"), "build.name")
    if not name:
        raise RulesError("build.name", "a character needs a name")
    level = whole(build.get("level"), "build.level", 1, 25)
    abilities_doc = obj(build.get("abilities"), "build.abilities")
    abilities = {a: whole(abilities_doc.get(a), f"build.abilities.{a}", 1, 30) for a in ABILITIES}
    prof = obj(build.get("proficiencies"), "build.proficiencies")
    recognised = [(Word("Name", "Nom"), name), (Word("Level", "Niveau"), str(level)),
                  (Word("Abilities", "Caractéristiques"), ability_word(abilities))]
    unrecognised: list[str] = []
    notes: list[Word] = []
    assumed: list[Word] = []
    perception = _rank(prof.get("perception"), "build.proficiencies.perception", Word("Perception", "Perception"),
                       assumed)
    saves = {s: _rank(prof.get(s), f"build.proficiencies.{s}", Word(*SAVES[s][1:]), assumed) for s in SAVES}
    skills = {}
    for key in SKILLS:
        if key != "lore":
            rank = _rank(prof.get(key), f"build.proficiencies.{key}", Word(*SKILLS[key][1:]), assumed)
            if rank != "untrained":
                skills[key] = rank
    for i, entry in enumerate(lst(build.get("lores", []), "build.lores")):
        where = f"build.lores[{i}]"
        if not (isinstance(entry, list) and len(entry) >= 2 and isinstance(entry[0], str)):
            unrecognised.append(f"{where}: {str(entry)[:60]}")
            continue
        topic = re.sub(r"\s+lore$", "", text(entry[0], at(where, 0), limit=60), flags=re.I).strip().lower()
        if topic:
            skills[f"lore:{topic}"] = _rank(entry[1], at(where, 1), Word(f"Lore ({topic})", f"Connaissance ({topic})"),
                                            assumed)
    recognised.append((Word("Perception", "Perception"), RANK_WORDS[perception]))
    recognised += [(Word(*SAVES[s][1:]), RANK_WORDS[r]) for s, r in saves.items()]
    recognised += [(Word(f"Lore ({k[5:]})", f"Connaissance ({k[5:]})") if k.startswith("lore:")
                    else Word(*SKILLS[k][1:]), RANK_WORDS[r]) for k, r in skills.items()]
    weapon_ranks = {c: _rank(prof.get(c), f"build.proficiencies.{c}", Word(f"{c.capitalize()} weapons",
                                                                            f"Armes ({c})"), assumed)
                    for c in ("simple", "martial", "advanced", "unarmed")}
    weapon_ranks = {c: r for c, r in weapon_ranks.items() if r != "untrained"}
    if not weapon_ranks:
        weapon_ranks = {"simple": "trained"}
        assumed.append(missing(Word("Weapon proficiency", "Maîtrise des armes"),
                               Word("simple weapons trained", "armes simples, qualifié")))
    specific = build.get("specificProficiencies") if isinstance(build.get("specificProficiencies"), dict) else {}
    for rank in RANKS[1:]:  # a weapon named on its own ("trained": ["Shortsword"]) counts as a category
        for weapon in lst(specific.get(rank, []), f"build.specificProficiencies.{rank}")[:100]:
            if isinstance(weapon, str) and weapon.strip():
                weapon_ranks[" ".join(weapon.split()).lower()[:60]] = rank
    casting = [_rank(prof.get(k), f"build.proficiencies.{k}") for k in
               ("castingArcane", "castingDivine", "castingOccult", "castingPrimal") if prof.get(k) not in (None, "")]
    spell_rank = max(casting, key=RANKS.index) if casting else "untrained"
    key_ability = build.get("keyability") if build.get("keyability") in ABILITIES else "cha"
    sheet = Pf2Sheet(level=level, abilities=abilities, perception=perception, saves=saves, skills=skills,
                     weapon_ranks=weapon_ranks, spell_rank=spell_rank,
                     spell_ability=key_ability if spell_rank != "untrained" else "cha")
    _armor(build, prof, sheet, recognised, assumed)
    sheet.attacks = _strikes(build, sheet, recognised, assumed)
    sheet.modifiers = _mods(build, unrecognised)
    sheet.validate()
    hp = _pathbuilder_hp(build, abilities, level, assumed)
    recognised.append((Word("HP", "PV"), str(hp)))
    ac = get(build, "acTotal.acTotal")
    if isinstance(ac, int):
        recognised.append((Word("AC (Pathbuilder, release rules)", "CA (Pathbuilder, règles publiées)"), str(ac)))
    notes.append(Word("Built for the release rules: gmdesk keeps its ranks and abilities and computes with the "
                      "campaign's proficiency rules (Campaign › House rules…).",
                      "Construit pour les règles publiées\u202f: gmdesk garde ses rangs et caractéristiques et calcule "
                      "selon la maîtrise de la campagne (Campagne › Règles maison…)."))
    return [Imported(name, "pc", sheet, hp, "pathbuilder", PATHBUILDER, recognised, unrecognised, notes,
                     assumed=assumed)]


def _armor(build: dict, prof: dict, sheet: Pf2Sheet, recognised: list, assumed: list) -> None:
    worn = next((a for a in lst(build.get("armor", []), "build.armor")
                 if isinstance(a, dict) and a.get("worn") is not False and a.get("prof") in
                 ("light", "medium", "heavy", "unarmored")), None)
    category = worn.get("prof") if worn else "unarmored"
    if category in prof:
        sheet.armor_rank = _rank(prof.get(category), f"build.proficiencies.{category}",
                                 Word(f"Armor ({category})", f"Armure ({category})"), assumed)
    if worn:
        sheet.armor_name = text(worn.get("display") or worn.get("name") or "", "build.armor.name", default="")
    item = whole(get(build, "acTotal.acItemBonus"), "build.acTotal.acItemBonus", 0, 5, default=None)
    if item is None:
        assumed.append(missing(Word("AC item bonus", "Bonus d’objet à la CA"), "+0"))
    elif item:
        sheet.armor_ac_bonus = sheet.armor_tac_bonus = item
    rank = RANK_WORDS.get(sheet.armor_rank, Word.same(sheet.armor_rank))
    recognised.append((Word("Armor", "Armure"), Word(f"{sheet.armor_name or '—'} ({rank.en})",
                                                       f"{sheet.armor_name or '—'} ({rank.fr})")))
    shield = get(build, "acTotal.shieldBonus")
    if shield not in (None, "", 0, "0"):
        bonus = whole(shield, "build.acTotal.shieldBonus", 1, 4, default=1)
        sheet.shield_bonus = bonus
        sheet.shield_name = "shield"


def _strikes(build: dict, sheet: Pf2Sheet, recognised: list, assumed: list) -> list[Attack]:
    out: list[Attack] = []
    for i, w in enumerate(lst(build.get("weapons", []), "build.weapons")):
        where = f"build.weapons[{i}]"
        if not isinstance(w, dict):
            continue
        name = text(w.get("display") or w.get("name") or "", at(where, "name"))
        if not name or any(a.name == name for a in out):
            continue
        category = w.get("prof") if isinstance(w.get("prof"), str) and w.get("prof") else "simple"
        potency = whole(w.get("pot"), at(where, "pot"), 0, 5, default=0)
        kind = "ranged" if RANGED_WORDS.search(name) else "melee"
        categories = [category] + ([name.lower()] if name.lower() in sheet.weapon_ranks else [])
        ability = "dex" if kind == "ranged" else "str"
        printed = w.get("attack")
        if kind == "melee":
            # Which ability gives Pathbuilder's own total (release rules): a finesse weapon uses Dex.
            rank = max((sheet.weapon_ranks.get(c, "untrained") for c in (category, name.lower())), key=RANKS.index)
            totals = {candidate: ability_modifier(sheet.abilities[candidate]) + proficiency(rank, sheet.level, True)
                      + potency for candidate in ("str", "dex")}
            ability = next((c for c, total in totals.items() if total == printed), "str")
            if printed != totals[ability]:  # no total to tell Str from Dex by, or one that matches neither
                assumed.append(missing(Word(f"{name}: attack total matching STR or DEX",
                                            f"{name}\u202f: total d’attaque correspondant à FOR ou DEX"), Word("STR", "FOR")))
        out.append(Attack(name[:100], kind, ability, categories, potency, _pathbuilder_damage(w)))
        recognised.append((Word("Strike", "Frappe"), f"{name} ({category}, {ability.upper()})"))
    return out


STRIKING = {"striking": 2, "greaterstriking": 3, "majorstriking": 4}  # the rune's weapon dice
DAMAGE_TYPES = {"B": "bludgeoning", "P": "piercing", "S": "slashing"}


def _pathbuilder_damage(w: dict) -> str:
    """A Pathbuilder weapon's damage as the sheet writes it ("2d8+4 slashing"): its die times its striking
    rune's dice, Pathbuilder's own damage bonus, its type, and its extra damage ("1d6 Fire"); "" when the
    file does not say which die (then the fight's odds leave the Strike out)."""
    die = w.get("die")
    if not isinstance(die, str) or not die.lower().startswith("d") or not die[1:].isdigit():
        return ""
    rune = w.get("str") if isinstance(w.get("str"), str) else ""
    dice = STRIKING.get(rune.replace(" ", "").lower(), 1)
    bonus = w.get("damageBonus") if type(w.get("damageBonus")) is int else 0
    kind = DAMAGE_TYPES.get(w.get("damageType"), w.get("damageType") if isinstance(w.get("damageType"), str) else "")
    text = f"{dice}{die.lower()}{bonus:+d} {kind}".replace("+0 ", " ").strip()
    extra = [e for e in (w.get("extraDamage") or []) if isinstance(e, str) and readable(e) is not None]
    text = ", ".join([text] + extra)[:200]
    return text if readable(text) is not None else ""


def _mods(build: dict, unrecognised: list) -> list[SheetModifier]:
    """Pathbuilder's typed bonuses by display name: {"Perception": {"Item Bonus": 1}}."""
    mods = build.get("mods") or {}
    if not isinstance(mods, dict):
        return []
    scopes = {"perception": "perception", "ac": "ac", **{en.lower(): f"save:{k}" for k, (_, en, _) in SAVES.items()},
              **{en.lower(): f"skill:{k}" for k, (_, en, _) in SKILLS.items() if k != "lore"}}
    out = []
    for target, bonuses in list(mods.items())[:100]:
        scope = scopes.get(str(target).strip().lower())
        if scope is None or not isinstance(bonuses, dict):
            unrecognised.append(f"mods.{str(target)[:40]}")
            continue
        for kind_text, value in bonuses.items():
            kind = BONUS_KINDS.get(str(kind_text).strip().lower())
            where = f"build.mods.{str(target)[:40]}.{str(kind_text)[:30]}"
            if kind is None or value is None:
                unrecognised.append(where[6:])
                continue
            value = whole(value, where, 0, 5)  # a bonus gmdesk cannot keep as written is refused, not dropped
            if not value:
                continue
            out.append(SheetModifier(value, f"Pathbuilder: {kind_text}", kind, scope))
    return out


HP_PARTS = {"ancestryhp": (0, Word("Ancestry HP", "PV d’ascendance")), "classhp": (0, Word("Class HP", "PV de classe")),
            "bonushpPerLevel": (-1000, None), "bonushp": (-1000, None)}  # (lowest, said when left out)


def _pathbuilder_hp(build: dict, abilities: dict, level: int, assumed: list) -> int:
    attrs = build.get("attributes") if isinstance(build.get("attributes"), dict) else {}
    parts = {}
    for key, (lo, label) in HP_PARTS.items():
        value = attrs.get(key, attrs.get(key.replace("hp", "Hp")))
        parts[key] = whole(value, f"build.attributes.{key}", lo, 1000, default=None)
        if parts[key] is None:
            parts[key] = 0
            if label is not None:
                assumed.append(missing(label, "0"))
    hp = parts["ancestryhp"] + (parts["classhp"] + parts["bonushpPerLevel"] + ability_modifier(abilities["con"])) * level \
        + parts["bonushp"]
    if not 0 <= hp <= 100_000:  # refused, never cut to fit
        raise RulesError("build.attributes", f"hit points from 0 to 100,000, computed {hp}")
    return hp
