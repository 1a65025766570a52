"""D&D 5e stat blocks pasted as text: the SRD 5.1 (2014) layout, the SRD 5.2 (2024) one, in English
and in French (AideDD's and the French books' words).

    Armor Class 15 (leather armor, shield)      Classe d'armure 15 (armure de cuir, bouclier)
    Hit Points 7 (2d6)                          Points de vie 7 (2d6)
    STR DEX CON INT WIS CHA / 8 (-1) 14 (+2) …  FOR DEX CON INT SAG CHA / 8 (-1) 14 (+2) …
    Saving Throws Dex +4                        Jets de sauvegarde Dex +4
    Skills Stealth +6                           Compétences Discrétion +6
    Challenge 1/4 (50 XP)                       Puissance 1/4 (50 PX) · Dangerosité · FP
    AC 13  Initiative +3 (13) / Str 11 +0 +0 Dex 16 +3 +5 … / CR 1/2 (XP 100; PB +2)   (2024)

Saves and skills a block does not list are its ability modifiers (the block's own convention).
"""

from __future__ import annotations

import re


from gmdesk.engine.words import Word
from gmdesk.systems.kit.form import ability_word
from gmdesk.systems.kit.importing import AC, Imported, unprinted
from gmdesk.systems.kit.statblock import PrintedAttack
from gmdesk.systems.kit.statblock_text import (fraction, has_marks, read_blocks, Reader, fold, lines, named_numbers,
                                               number, title_name)

from .sheet import ABILITIES, SKILLS
from .statblock import Dnd5eStatBlock

SOURCE = Word("pasted stat block", "bloc de stats collé")
ORIGIN = "stat block"
ABBREVIATIONS = {"str": "str", "dex": "dex", "con": "con", "int": "int", "wis": "wis", "cha": "cha",
                 "for": "str", "sag": "wis"}
SKILL_NAMES = {fold(name): key for key, (_, en, fr) in SKILLS.items() for name in (en, fr)}
SKILL_NAMES.update({fold("Perspicacite"): "insight", fold("Dressage des animaux"): "animal_handling",
                    fold("Intuition"): "insight", fold("Supercherie"): "deception", fold("Discretion"): "stealth"})

_H = {
    # A sign is read, so that "Armor Class -15" is refused as what it says, not taken for no AC at all.
    "ac": re.compile(r"^(?:Armor Class|Armour Class|Classe d'armure|AC|CA)\b\s*:?\s*(?P<n>[+-]?\d+)", re.I),
    "hp": re.compile(r"^(?:Hit Points|Points de vie|HP|PV|pv)\b\s*:?\s*(?P<n>[+-]?\d+)", re.I),
    "speed": re.compile(r"^(?:Speed|Vitesse)\b", re.I),
    "saves": re.compile(r"^(?:Saving Throws|Jets de sauvegarde|JS)\b\s*:?\s*(?P<body>.*)$", re.I),
    "skills": re.compile(r"^(?:Skills|Compétences|Compétence)\b\s*:?\s*(?P<body>.*)$", re.I),
    "senses": re.compile(r"^(?:Senses|Sens)\b", re.I),
    "languages": re.compile(r"^(?:Languages|Langues)\b", re.I),
    "challenge": re.compile(r"^(?:Challenge|Puissance|Dangerosité|FP|CR|Facteur de puissance)\b\s*:?\s*"
                            r"(?P<cr>\d+(?:/\d+)?)(?P<rest>.*)$", re.I),
    "initiative": re.compile(r"\bInitiative\s*:?\s*(?P<n>[+-]\d+)", re.I),
    "abilities_head": re.compile(r"^(?:(?:STR|FOR)\s+DEX\s+CON\s+INT\s+(?:WIS|SAG)\s+CHA)$", re.I),
    "immune": re.compile(r"^(?:Damage|Condition|Dégâts|Immunités|Résistances|Vulnérabilités|Immunities|"
                         r"Resistances|Vulnerabilities|Gear|Équipement)\b", re.I),
    "section": re.compile(r"^(?:Actions|Bonus Actions|Reactions|Réactions|Actions bonus|Legendary Actions|"
                          r"Actions légendaires|Traits|MOD SAVE.*)$", re.I),
}
_PAIR = re.compile(r"(?P<score>\d+)\s*\(\s*(?P<mod>[+-]?\d+)\s*\)")
_ABILITY_ONE = re.compile(r"^(?P<a>STR|DEX|CON|INT|WIS|CHA|FOR|SAG)$", re.I)
_INLINE = re.compile(r"\b(?P<a>STR|DEX|CON|INT|WIS|CHA|FOR|SAG)\s+(?P<score>\d+)\s*\(\s*[+-]?\d+\s*\)", re.I)
_TABLE = re.compile(r"\b(?P<a>Str|Dex|Con|Int|Wis|Cha|For|Sag)\s+(?P<score>\d+)\s+(?P<mod>[+-]\d+)\s+(?P<save>[+-]\d+)",
                    re.I)
_ATTACK = re.compile(
    r"^(?P<name>[^.]{1,60})\.\s*(?P<kind>Melee or Ranged|Melee|Ranged|Spell|Attaque d'arme au corps à corps ou à "
    r"distance|Attaque d'arme au corps à corps|Attaque d'arme à distance|Attaque de sort(?: au corps à corps| à "
    r"distance)?|Attaque au corps à corps|Attaque à distance|Jet d'attaque au corps à corps|Jet d'attaque à "
    r"distance)[^:]*:\s*(?P<bonus>[+-]\d+)(?P<rest>.*)$", re.I)
_DAMAGE = re.compile(r"(?:Hit|Touché)\s*:\s*(?:\d+\s*)?\(?(?P<dice>\d+d\d+(?:\s*[+-]\s*\d+)?)\)?\s*(?P<type>[^.,]*)", re.I)
FRENCH = re.compile(r"^(?:Classe d'armure|Points de vie|Compétences?|Jets de sauvegarde|Puissance|Dangerosité|"
                    r"Langues|Vitesse|FOR DEX)", re.I)


def _heading(line: str) -> bool:
    return any(p.search(line) for k, p in _H.items() if k not in ("initiative",)) or bool(_ABILITY_ONE.match(line))


_SIZE_LINE = re.compile(r"^(?:tiny|small|medium|large|huge|gargantuan)\b|\bde taille (?:TP|P|M|G|TG|Gig)\b", re.I)


def _starts_block(rows: list[str], i: int) -> bool:
    """A title: after a blank line, or right under the last line of the previous block when the size
    and type line follows it (blocks copied one after another without a blank line)."""
    if i == 0 or not rows[i]:
        return False
    if rows[i - 1] != "" and not (i + 1 < len(rows) and _SIZE_LINE.search(rows[i + 1])):
        return False
    return any(_H["ac"].search(r) for r in rows[i + 1:i + 5])


# The lines a block prints once: a second one is another creature's (``split_blocks``).
ONCE = (_H["ac"], _H["hp"], _H["challenge"])


# What only this system's stat blocks print: a paste of another system's blocks is refused by name
# (``campaign.importing.read_text``) instead of being half read.
MARKS = re.compile(r"\bchallenge\s+\d+(?:/\d+)?\s*\(|\bCR\s+\d+(?:/\d+)?\s*\(\s*XP|\b(?:puissance|dangerosité)\s+\d+(?:/\d+)?\s*\(|"
    r"\bpassive\s+perception\b|\bperception\s+passive\b", re.I | re.M)


def marks(text: str) -> bool:
    """True when ``text`` prints something only a dnd5e stat block prints."""
    return has_marks(MARKS, text)


def paste(text: str) -> list[Imported]:
    """Every 5e stat block in ``text``; RulesError when none is found."""
    return read_blocks(text, _heading, _starts_block, read_block,
                       "no D&D 5e stat block found (no Armor Class, Hit Points or abilities)", ONCE)


def read_block(rows: list[str]) -> Imported | None:
    r = Reader(rows)
    french = any(FRENCH.search(line) for line in rows)
    abilities, table_saves = _abilities(r)
    checks: dict[str, int] = {f"save:{a}": v for a, v in (table_saves or {}).items()}
    numbers: dict[str, int] = {}
    hp = 0
    for key in ("ac", "hp"):
        found = r.find(_H[key])
        if found:
            i, m = found
            r.use(i)
            value = number(m.group("n"))
            if key == "ac":
                numbers["ac"] = value
                r.saw(Word("AC", "CA"), value)
                init = _H["initiative"].search(rows[i])
                if init:
                    checks["initiative"] = number(init.group("n"))
                    r.saw(Word("Initiative", "Initiative"), init.group("n"))
            else:
                hp = value
                r.saw(Word("HP", "PV"), value)
    if not numbers and not hp and abilities is None:
        return None
    challenge = ""
    found = r.find(_H["challenge"])
    if found:
        i, m = found
        r.use(i)
        challenge = m.group("cr")
    for key, read in (("saves", _saves), ("skills", _skills)):
        found = r.find(_H[key])
        if found:
            i, m = found
            r.use(i)
            read(r, m.group("body"), checks)
    for key in ("speed", "senses", "languages", "immune", "section"):
        for i, line in enumerate(rows):
            if i not in r.used and _H[key].search(line):
                r.use(i)
    for i, line in enumerate(rows):  # "passive Perception 13" belongs to the senses
        if "passive" in line.casefold() and i in r.used:
            passive = re.search(r"passive Perception\s*:?\s*(\d+)|Perception passive\s*:?\s*(\d+)", line, re.I)
            if passive:
                r.saw(Word("Passive Perception", "Perception passive"), passive.group(1) or passive.group(2))
    attacks = _attacks(r)
    name, kind_line, titled = _title(r, french)
    level, challenge = fraction(challenge or titled)  # or on the name's line: "GOBLIN BOSS CR 1"
    if challenge:
        r.saw(Word("Challenge", "Puissance"), challenge)
    numbers, assumed = unprinted(r.recognised, numbers, {"ac": (10, AC)})
    block = Dnd5eStatBlock(level, challenge, abilities or dict.fromkeys(ABILITIES, 10), checks, numbers, attacks)
    notes = [] if abilities is not None else [Word("No ability scores found: 10 each.",
                                                  "Aucune valeur de caractéristique trouvée\u202f: 10 partout.")]
    return Imported(name or ("Monstre" if french else "Monster"), "npc", block, hp, ORIGIN, SOURCE,
                    r.recognised, r.unrecognised(), notes, assumed=assumed)


_TITLED = re.compile(r"\s+(?:CR|FP|Challenge|Puissance|Dangerosité)\s+(?P<cr>\d+(?:/\d+)?)\b.*$", re.I)


def _title(r: Reader, french: bool) -> tuple[str, str, str]:
    """The first unused line is the name (and the challenge printed after it, if any), the next one
    (size, type, alignment) its kind."""
    rows = r.lines
    name = kind = challenge = ""
    for i, line in enumerate(rows):
        if i in r.used or not line:
            continue
        if not name:
            titled = _TITLED.search(line)
            challenge = titled.group("cr") if titled else ""
            name = title_name(line[:titled.start()] if titled else line, french)
            r.use(i)
            r.saw(Word("Name", "Nom"), name, first=True)
            if i + 1 < len(rows) and rows[i + 1] and i + 1 not in r.used and re.search(
                    r"\b(?:tiny|small|medium|large|huge|gargantuan|de taille|TP|P|M|G|TG|Gig)\b", rows[i + 1], re.I):
                kind = rows[i + 1]
                r.use(i + 1)
            break
    return name, kind, challenge


def _abilities(r: Reader) -> tuple[dict[str, int] | None, dict[str, int] | None]:
    """The six scores (and, in the 2024 table, the six saves), or None."""
    rows = r.lines
    for i, line in enumerate(rows):  # STR DEX CON INT WIS CHA, then the scores on the next line
        if _H["abilities_head"].match(line) and i + 1 < len(rows):
            pairs = _PAIR.findall(rows[i + 1])
            if len(pairs) == 6:
                r.use(i)
                r.use(i + 1)
                return _saw_scores(r, dict(zip(ABILITIES, (int(s) for s, _ in pairs)))), None
    scores: dict[str, int] = {}
    for i, line in enumerate(rows):  # one per line: STR / 14 (+2) / DEX / …
        one = _ABILITY_ONE.match(line)
        if one and i + 1 < len(rows):
            pair = _PAIR.match(rows[i + 1])
            if pair:
                scores[ABBREVIATIONS[one.group("a").lower()]] = int(pair.group("score"))
                r.use(i)
                r.use(i + 1)
    if len(scores) == 6:
        return _saw_scores(r, {a: scores[a] for a in ABILITIES}), None
    for i, line in enumerate(rows):  # all on one line, as web pages print it: STR 8 (-1) DEX 15 (+2) …
        inline = {ABBREVIATIONS[m.group("a").lower()]: int(m.group("score")) for m in _INLINE.finditer(line)}
        if len(inline) == 6:
            r.use(i)
            return _saw_scores(r, {a: inline[a] for a in ABILITIES}), None
    table = {}
    for i, line in enumerate(rows):  # the 2024 table: Str 11 +0 +0 Dex 16 +3 +5 …
        found = list(_TABLE.finditer(line))
        if found:
            r.use(i)
            for m in found:
                table[ABBREVIATIONS[m.group("a").lower()]] = (int(m.group("score")), number(m.group("save")))
    if len(table) == 6:
        saves = {a: table[a][1] for a in ABILITIES}
        r.saw(Word("Saving throws", "Jets de sauvegarde"), " ".join(f"{a.upper()} {v:+d}" for a, v in saves.items()))
        return _saw_scores(r, {a: table[a][0] for a in ABILITIES}), saves
    return None, None


def _saw_scores(r: Reader, scores: dict[str, int]) -> dict[str, int]:
    r.saw(Word("Abilities", "Caractéristiques"), ability_word(scores))
    return scores


def _saves(r: Reader, body: str, checks: dict[str, int]) -> None:
    for name, value, rest in named_numbers(body):
        key = ABBREVIATIONS.get(fold(name)[:3]) if value is not None else None
        if key is None:
            r.extra.append(name)
            continue
        checks[f"save:{key}"] = value
        r.saw(Word(f"{key.upper()} save", f"JS {key.upper()}"), f"{value:+d}")


def _skills(r: Reader, body: str, checks: dict[str, int]) -> None:
    for name, value, rest in named_numbers(body):
        key = SKILL_NAMES.get(fold(name)) if value is not None else None
        if key is None:
            r.extra.append(f"{name} {value:+d}" if value is not None else name)
            continue
        checks[f"skill:{key}"] = value
        r.saw(Word(SKILLS[key][1], SKILLS[key][2]), f"{value:+d}")


def _attacks(r: Reader) -> list[PrintedAttack]:
    out: list[PrintedAttack] = []
    for i, line in enumerate(r.lines):
        if i in r.used:
            continue
        m = _ATTACK.match(line)
        if not m:
            continue
        kind_text = fold(m.group("kind"))
        kind = "spell" if ("spell" in kind_text or "sort" in kind_text) else \
            "ranged" if ("ranged" in kind_text and "melee" not in kind_text) or (
                "distance" in kind_text and "corps" not in kind_text) else "melee"
        name = m.group("name").strip()[:100]
        if any(a.name == name for a in out):
            continue
        damage = _DAMAGE.search(m.group("rest"))
        dice = " ".join(f"{damage.group('dice')} {damage.group('type').strip()}".split())[:200] if damage else ""
        out.append(PrintedAttack(name, kind, number(m.group("bonus")), dice))
        r.use(i)
        r.saw(Word("Attack", "Attaque"), f"{name} {number(m.group('bonus')):+d}")
    return out
