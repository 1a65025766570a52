"""Shadowrun Anarchy NPC cards pasted as text, in English and in French:

    STR 4  AGI 5  WIL 3  LOG 2  CHA 2           FOR 4  AGI 5  VOL 3  LOG 2  CHA 2
    Essence 5.2  Edge 2                         Essence 5,2  Chance 2
    Skills: Close Combat 3 (8), Firearms 4 (9)  Compétences : Combat rapproché 3 (8), Armes à feu 4 (9)
    Specialization: Firearms (Pistols) +2       Spécialisation : Armes à feu (pistolets) +2
    Shadow Amps: Smartlink (+1 die on Firearms) Atouts : Smartlink (+1 dé en Armes à feu)
    Armor: 9                                    Armure : 9
    Condition Monitor: Physical 10, Stun 10     Moniteur de condition : Physique 10, Étourdissant 10
    Weapons: Ares Predator VI (Firearms 9) …    Armes : Ares Predator VI (Armes à feu 9) …

A skill is its rating and, in brackets, its dice pool: the pool is what the card rolls (without the
rating, the attribute is added). The book's Edge is gmdesk's Luck; Shadow Amps (Atouts) are dice on
the rolls they name (the card's entries of kind ``edge``).
"""

from __future__ import annotations

import re


from gmdesk.engine.words import Word
from gmdesk.systems.kit.importing import Imported
from gmdesk.systems.kit.sheet import SheetModifier
from gmdesk.systems.kit.statblock import PrintedAttack
from gmdesk.systems.kit.statblock_text import has_marks, read_blocks, Reader, fold, list_items, title_name

from .sheet import ATTRIBUTES, SKILLS
from .statblock import AnarchyStatBlock

SOURCE = Word("pasted NPC card", "fiche de PNJ collée")
ORIGIN = "stat block"
ATTRIBUTE_CODES = {"str": "for", "for": "for", "agi": "agi", "wil": "vol", "vol": "vol", "log": "log", "cha": "cha",
                   "bod": "for"}
SKILL_NAMES = {fold(name): key for key, (_, en, fr) in SKILLS.items() for name in (en, fr)}
SKILL_NAMES.update({fold("Corps à corps"): "close_combat", fold("Arme à projectiles"): "projectile_weapons",
                    fold("Comédie"): "con", fold("Electronique"): "electronics", fold("Hacking"): "hacking",
                    fold("Véhicules terrestres"): "piloting", fold("Piloting (Ground)"): "piloting"})
ATTRIBUTE_WORDS = {fold(w): k for k, (en, fr) in ATTRIBUTES.items() for w in (en, fr)}
ATTRIBUTE_WORDS.update({"agility": "agi", "agilite": "agi", "strength": "for", "willpower": "vol", "logic": "log"})

_C = r"\s*:?\s*"
_ATTRS = re.compile(r"\b(?P<a>STR|FOR|AGI|WIL|VOL|LOG|CHA|BOD)\s*:?\s*(?P<v>\d+)\b", re.I)
_H = {
    "skills": re.compile(rf"^(?:Skills|Compétences){_C}(?P<body>.*)$", re.I),
    "specialization": re.compile(rf"^(?:Specializations?|Spécialisations?){_C}(?P<body>.*)$", re.I),
    "amps": re.compile(rf"^(?:Shadow Amps|Atouts|Qualities|Traits|Edges){_C}(?P<body>.*)$", re.I),
    "armor": re.compile(rf"^(?:Armor|Armour|Armure){_C}(?P<n>\d+)", re.I),
    "monitor": re.compile(rf"^(?:Condition Monitors?|Moniteurs? de condition|Monitors?){_C}(?P<body>.*)$", re.I),
    "weapons": re.compile(rf"^(?:Weapons|Armes){_C}(?P<body>.*)$", re.I),
    "luck": re.compile(r"\b(?:Edge|Chance)\s*:?\s*(?P<n>\d+)", re.I),
    "essence": re.compile(r"\bEssence\s*:?\s*(?P<n>\d+(?:[.,]\d+)?)", re.I),
    "npc": re.compile(r"^(?:NPC|PNJ)\b", re.I),
    "other": re.compile(r"^(?:Gear|Équipement|Contacts|Notes|Cyberware|Augmentations|Spells|Sorts)\b", re.I),
}


def _heading(line: str) -> bool:
    return any(p.search(line) for k, p in _H.items() if k not in ("luck", "essence")) or bool(_ATTRS.search(line))


def _attributes(line: str) -> bool:
    return len(_ATTRS.findall(line)) >= 3


def _starts_block(rows: list[str], i: int) -> bool:
    """A name above the attributes (its "NPC – Lieutenant" line between them), after an empty line or
    right under the previous card."""
    if i == 0 or not rows[i] or _heading(rows[i]):
        return False
    below = rows[i + 1:i + 3]
    if below and (_attributes(below[0]) or (len(below) == 2 and _H["npc"].search(below[0]) and _attributes(below[1]))):
        return True
    return rows[i - 1] == "" and any(_attributes(r) for r in rows[i + 1:i + 4])


# The lines a card prints once: a second one is another NPC's (``split_blocks``).
ONCE = (re.compile(r"\b(?:STR|FOR|BOD)\s*:?\s*\d+\s+AGI\s*:?\s*\d+", re.I), _H["skills"], _H["armor"], _H["monitor"])


# What only this system's stat blocks print: a paste of another system's blocks is refused by name
# (``campaign.importing.read_text``) instead of being half read.
MARKS = re.compile(r"\b(?:STR|FOR)\s+\d+\s+AGI\s+\d+\s+(?:WIL|VOL)\s+\d+|\bcondition monitor\b|\bmoniteur\b", re.I | re.M)


def marks(text: str) -> bool:
    """True when ``text`` prints something only a anarchy stat block prints."""
    return has_marks(MARKS, text)


def paste(text: str) -> list[Imported]:
    """Every NPC card in ``text``; RulesError when none is found."""
    return read_blocks(text, _heading, _starts_block, read_block,
                       "no Shadowrun Anarchy NPC card found (no attributes STR/FOR AGI WIL/VOL LOG CHA)", ONCE)


def _skill_key(name: str) -> str:
    folded = fold(name).strip()
    if folded in SKILL_NAMES:
        return SKILL_NAMES[folded]
    return re.sub(r"[^\w]+", "_", folded).strip("_")[:60] or "skill"


def read_block(rows: list[str]) -> Imported | None:
    r = Reader(rows)
    attributes = dict.fromkeys(ATTRIBUTES, 3)
    found_attributes = 0
    for i, line in enumerate(rows):
        hits = _ATTRS.findall(line)
        if len(hits) >= 3 and i not in r.used:
            for code, value in hits:
                attributes[ATTRIBUTE_CODES[code.lower()]] = max(1, min(15, int(value)))
                found_attributes += 1
            r.use(i)
            break
    if not found_attributes:
        return None
    r.saw(Word("Attributes", "Attributs"), " ".join(f"{k.upper()} {v}" for k, v in attributes.items()))
    numbers = {"armor": 0, "luck": 0}
    for i, line in enumerate(rows):
        luck = _H["luck"].search(line)
        essence = _H["essence"].search(line)
        if (luck or essence) and i not in r.used and not _H["amps"].search(line):
            r.use(i)
            if luck:
                numbers["luck"] = min(20, int(luck.group("n")))
                r.saw(Word("Luck (Edge)", "Chance"), luck.group("n"))
            if essence:
                r.saw(Word("Essence", "Essence"), essence.group("n").replace(",", "."))
    checks: dict[str, int] = {}
    found = r.find(_H["skills"])
    if found:
        i, m = found
        r.use(i)
        for item in list_items(m.group("body")):
            got = re.match(r"^(?P<name>.+?)\s+(?P<rating>\d+)\s*(?:\((?P<pool>\d+)\))?$", item)
            if not got:
                r.extra.append(item)
                continue
            key = _skill_key(got.group("name"))
            rating = int(got.group("rating"))
            if got.group("pool"):
                pool = int(got.group("pool"))
            else:
                pool = rating + attributes[SKILLS[key][0]] if key in SKILLS else rating
            checks[f"skill:{key}"] = min(60, pool)
            label = Word(*SKILLS[key][1:]) if key in SKILLS else Word.same(got.group("name"))
            r.saw(label, f"{rating} ({pool})")
    specialties: dict[str, str] = {}
    found = r.find(_H["specialization"])
    if found:
        i, m = found
        r.use(i)
        for item in list_items(m.group("body")):
            got = re.match(r"^(?P<skill>.+?)\s*\((?P<what>[^)]+)\)", item)
            key = f"skill:{_skill_key(got.group('skill'))}" if got else ""
            if got and key in checks:
                specialties[key] = got.group("what").strip()[:100]
                r.saw(Word("Specialization", "Spécialisation"), f"{got.group('skill')} ({got.group('what')})")
            else:
                r.extra.append(item)
    modifiers = _amps(r)
    found = r.find(_H["armor"])
    if found:
        i, m = found
        r.use(i)
        numbers["armor"] = min(30, int(m.group("n")))
        r.saw(Word("Armor", "Armure"), m.group("n"))
    found = r.find(_H["monitor"])
    if found:
        i, m = found
        r.use(i)
        for key, words in (("physical", r"(?:Physical|Physique)"), ("stun", r"(?:Stun|Étourdissant|Etourdissant)")):
            got = re.search(words + r"\s*:?\s*(\d+)", m.group("body"), re.I)
            if got:
                numbers[key] = min(40, int(got.group(1)))
                r.saw(Word("Physical monitor", "Moniteur physique") if key == "physical"
                      else Word("Stun monitor", "Moniteur étourdissant"), got.group(1))
    attacks = _weapons(r, checks)
    for i, line in enumerate(rows):
        if i not in r.used and (_H["npc"].search(line) or _H["other"].search(line)):
            r.use(i)
    name = "PNJ"
    for i, line in enumerate(rows):
        if i not in r.used and line:
            r.use(i)
            name = title_name(line, french=any(_H["skills"].search(x) and "Comp" in x for x in rows))
            break
    r.saw(Word("Name", "Nom"), name, first=True)
    block = AnarchyStatBlock(None, "", attributes, checks, numbers, attacks, modifiers, specialties)
    return Imported(name, "npc", block, numbers.get("physical", 0), ORIGIN, SOURCE, r.recognised, r.unrecognised())


def _amps(r: Reader) -> list[SheetModifier]:
    out: list[SheetModifier] = []
    found = r.find(_H["amps"])
    if not found:
        return out
    i, m = found
    r.use(i)
    for item in list_items(m.group("body")):
        got = re.match(r"^(?P<name>[^(]+?)\s*(?:\d+\s*)?\((?P<what>[^)]*)\)\s*$", item)
        dice = re.search(r"(?P<n>[+-]\d+)\s*(?:dice|die|dés|dé)\b", got.group("what"), re.I) if got else None
        if not got or not dice:
            r.extra.append(item)
            continue
        name = got.group("name").strip()
        target = got.group("what")[dice.end():]
        scope = _scope(target)
        out.append(SheetModifier(max(-5, min(5, int(dice.group("n")))), name[:100], "edge", scope))
        r.saw(Word("Shadow Amp", "Atout"), f"{name}: {int(dice.group('n')):+d} ({scope})")
    return out


def _scope(target: str) -> str:
    """"on Agility tests" → uses:agi; "on Firearms" / "en Armes à feu" → skill:firearms; else every roll."""
    words = fold(re.sub(r"^\s*(?:on|to|for|aux|en|au|à|a|sur)\s+(?:tests?\s+(?:d'|de\s+)?)?", "", target)).strip()
    words = re.sub(r"^(?:tests?\s+(?:d'|de\s+)?)", "", words).replace("tests", "").replace("test", "").strip()
    words = re.sub(r"^d'", "", words).strip()
    if words in ATTRIBUTE_WORDS:
        return f"uses:{ATTRIBUTE_WORDS[words]}"
    if words in SKILL_NAMES:
        return f"skill:{SKILL_NAMES[words]}"
    return "checks"


def _weapons(r: Reader, checks: dict[str, int]) -> list[PrintedAttack]:
    out: list[PrintedAttack] = []
    found = r.find(_H["weapons"])
    if not found:
        return out
    i, m = found
    r.use(i)
    for item in re.split(r"\s*;\s*", m.group("body")):
        got = re.match(r"^(?P<name>[^(]+?)\s*\((?P<skill>[^)0-9]+?)\s+(?P<pool>\d+)\)\s*(?P<rest>.*)$", item)
        if not got:
            if item.strip():
                r.extra.append(item.strip())
            continue
        key = _skill_key(got.group("skill"))
        kind = "melee" if key in ("close_combat",) else "ranged"
        damage = re.search(r"(?:DV|Dommages|VD)\s*(\w+)", got.group("rest"), re.I)
        name = got.group("name").strip()[:100]
        if any(a.name == name for a in out):
            continue
        pool = min(60, int(got.group("pool")))
        out.append(PrintedAttack(name, kind, pool, damage.group(0) if damage else ""))
        r.saw(Word("Weapon", "Arme"), f"{name} ({pool})")
    return out
