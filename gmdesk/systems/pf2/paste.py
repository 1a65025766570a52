"""Pathfinder 2 stat blocks pasted as text, in English and in French:

    GOBLIN WARRIOR CREATURE -1                  GUERRIER GOBELIN CRÉATURE -1
    Perception +2; darkvision                   Perception +2 ; vision dans le noir
    Skills Acrobatics +5, Athletics +2, …       Compétences Acrobaties +5, Athlétisme +2, …
    Str +0, Dex +3, Con +1, Int +0, Wis -1, …   For +0, Dex +3, Con +1, Int +0, Sag -1, …
    AC 16; Fort +5, Ref +7, Will +3             CA 16 ; Réf +7, Vig +5, Vol +3
    HP 6                                        PV 6
    Melee [one-action] dogslicer +8 (agile…)    Corps à corps ◆ épée courte +8 (…)

French "Vol" is Thievery on the skills line and the Will save on the AC line: each line is read with
its own words. A Lore is "Sewer Lore +3" or "Connaissance des égouts +3" / "Connaissance (égouts) +3".
"""

from __future__ import annotations

import re


from gmdesk.engine.words import Word
from gmdesk.systems.kit.form import ability_word
from gmdesk.systems.kit.importing import AC, Imported, unprinted
from gmdesk.systems.kit.statblock import PrintedAttack
from gmdesk.systems.kit.statblock_text import (LEVEL, has_marks, level, read_blocks, Reader, fold, named_numbers,
                                               number, title_name)

from .sheet import ABILITIES, SAVES, SKILLS
from .statblock import Pf2StatBlock

SOURCE = Word("pasted stat block", "bloc de stats collé")
ORIGIN = "stat block"
SKILL_NAMES = {fold(name): key for key, (_, en, fr) in SKILLS.items() if key != "lore" for name in (en, fr)}
SKILL_NAMES.update({fold("Larcin"): "thievery", fold("Athletisme"): "athletics"})
SAVE_NAMES = {"fort": "fortitude", "fortitude": "fortitude", "ref": "reflex", "reflex": "reflex", "will": "will",
              "vig": "fortitude", "vigueur": "fortitude", "ref.": "reflex", "reflexes": "reflex", "vol": "will",
              "volonte": "will"}
ABILITY_NAMES = {"str": "str", "dex": "dex", "con": "con", "int": "int", "wis": "wis", "cha": "cha",
                 "for": "str", "sag": "wis"}

# "GOBLIN WARRIOR CREATURE -1", or the name on a line and "Creature –1" on the next (any case).
_TITLE = re.compile(rf"^(?P<name>.+?)\s+(?:CREATURE|CRÉATURE)\s+(?P<level>{LEVEL})\s*$", re.I)
_LEVEL_LINE = re.compile(rf"^(?:CREATURE|CRÉATURE)\s+(?P<level>{LEVEL})\s*$", re.I)
_H = {
    "perception": re.compile(r"^Perception\s*:?\s*(?P<n>[+-]\d+)(?P<rest>.*)$", re.I),
    "skills": re.compile(r"^(?:Skills|Compétences)\s*:?\s*(?P<body>.*)$", re.I),
    "abilities": re.compile(r"^(?:Str|For)\s*[+-]\d+\s*,\s*Dex\s*[+-]\d+", re.I),
    # A sign is read, so that "AC -15" is refused as what it says, not taken for no AC at all.
    "defences": re.compile(r"^(?:AC|CA)\s*:?\s*(?P<ac>[+-]?\d+)(?P<rest>.*)$", re.I),
    "hp": re.compile(r"^(?:HP|PV)\s*:?\s*(?P<n>[+-]?\d+)", re.I),
    "languages": re.compile(r"^(?:Languages|Langues)\b", re.I),
    "items": re.compile(r"^(?:Items|Objets)\b", re.I),
    "speed": re.compile(r"^(?:Speed|Vitesse)\b", re.I),
    "traits": re.compile(r"^[A-ZÀ-Ý][\w'-]*(?:\s+[A-ZÀ-Ý0-9][\w'-]*)*$"),  # "CG SMALL GOBLIN", "LE Small Kobold"
}
_STRIKE = re.compile(r"^(?P<kind>Melee|Ranged|Corps à corps|Distance)\s*(?:\[[^\]]*\]|[◆◇⬥◈⟐⬦❖◊♦]+|[\ue000-\uf8ff]+)?\s*"
                     r"(?P<name>.+?)\s+(?P<bonus>[+-]\d+)\b(?P<rest>.*)$", re.I)
_DAMAGE = re.compile(r"(?:Damage|Dégâts)\s+(?P<dice>\d+d\d+(?:\s*[+-]\s*\d+)?)(?P<type>[^;,]*)", re.I)
_LORE_EN = re.compile(r"^(?P<topic>.+?)\s+Lore$", re.I)
_LORE_FR = re.compile(r"^Connaissances?\s*(?:\((?P<p>[^)]+)\)|(?:des|du|de la|de l'|de|d')\s*(?P<t>.+))$", re.I)
FRENCH = re.compile(r"^(?:Compétences|CA\b|PV\b|Langues|Vitesse|Corps à corps|CRÉATURE)|CRÉATURE", re.I)


def _heading(line: str) -> bool:
    return bool(_TITLE.match(line) or _LEVEL_LINE.match(line) or _STRIKE.match(line)) or any(
        p.search(line) for k, p in _H.items() if k != "traits")


def _starts_block(rows: list[str], i: int) -> bool:
    """A title: the name and its level on one line, a name above a "Creature 2" line, or that line
    under what cannot be a name (a Strike, a sentence: the name is below it, as some PDFs give it)."""
    if _TITLE.match(rows[i]):
        return True
    if _LEVEL_LINE.match(rows[i]):
        return i > 0 and (_heading(rows[i - 1]) or rows[i - 1].endswith("."))
    return bool(rows[i]) and i + 1 < len(rows) and bool(_LEVEL_LINE.match(rows[i + 1])) and not _heading(rows[i])


# The lines a block prints once: a second one is another creature's (``split_blocks``).
ONCE = (_H["perception"], _H["defences"], _H["hp"], _H["abilities"])


# What only this system's stat blocks print: a paste of another system's blocks is refused by name
# (``campaign.importing.read_text``) instead of being half read.
MARKS = re.compile(rf"\b(?:creature|créature)\s+{LEVEL}\b|\b(?:AC|CA)\s+\d+\s*;\s*(?:Fort|Ref|Réf|Vig)\b", re.I | re.M)


def marks(text: str) -> bool:
    """True when ``text`` prints something only a pf2 stat block prints."""
    return has_marks(MARKS, text)


def paste(text: str) -> list[Imported]:
    """Every pf2 stat block in ``text``; RulesError when none is found."""
    return read_blocks(text, _heading, _starts_block, read_block,
                       "no Pathfinder 2 stat block found (no Perception, AC or saves)", ONCE)


def read_block(rows: list[str]) -> Imported | None:
    r = Reader(rows)
    french = any(FRENCH.search(line) for line in rows)
    checks: dict[str, int] = {}
    numbers: dict[str, int] = {}
    found = r.find(_H["defences"])
    if found is None and r.find(_H["perception"]) is None:
        return None
    hp = 0
    if found:
        i, m = found
        r.use(i)
        numbers["ac"] = number(m.group("ac"))
        r.saw(Word("AC", "CA"), m.group("ac"))
        _saves_and_tac(r, m.group("rest"), checks, numbers)
    found = r.find(_H["perception"])
    if found:
        i, m = found
        r.use(i)
        checks["perception"] = number(m.group("n"))
        r.saw(Word("Perception", "Perception"), m.group("n"))
    found = r.find(_H["hp"])
    if found:
        i, m = found
        r.use(i)
        hp = number(m.group("n"))
        r.saw(Word("HP", "PV"), hp)
    abilities = dict.fromkeys(ABILITIES, 0)
    found = r.find(_H["abilities"])
    if found:
        i, _ = found
        r.use(i)
        for name, value, _ in named_numbers(rows[i]):
            key = ABILITY_NAMES.get(fold(name)[:3]) if value is not None else None
            if key is None:
                r.extra.append(name)
            else:
                abilities[key] = value
        r.saw(Word("Abilities", "Caractéristiques"), ability_word(abilities, signed=True))
    found = r.find(_H["skills"])
    if found:
        i, m = found
        r.use(i)
        _skills(r, m.group("body"), checks)
    for key in ("languages", "items", "speed"):
        hit = r.find(_H[key])
        if hit:
            r.use(hit[0])
    attacks = _strikes(r)
    name, level = _title(r, french)
    numbers, assumed = unprinted(r.recognised, numbers, {"ac": (10, AC)})
    block = Pf2StatBlock(level, "", abilities, checks, numbers, attacks)
    return Imported(name, "npc", block, hp, ORIGIN, SOURCE, r.recognised, r.unrecognised(), assumed=assumed)


def _title(r: Reader, french: bool) -> tuple[str, int]:
    for i, line in enumerate(r.lines):
        if i in r.used:
            continue
        m = _TITLE.match(line)
        alone = None if m else _LEVEL_LINE.match(line)
        if not (m or alone):
            continue
        r.use(i)
        if m:
            name = title_name(m.group("name"), french)
        else:  # "Creature 2" on its own line: the name is the line above (below, as some PDFs give it)
            near = [j for j in range(i - 1, -1, -1) if r.lines[j]][:1] or [
                j for j in range(i + 1, len(r.lines)) if r.lines[j]][:1]
            named = near[0] if near and near[0] not in r.used and not _heading(r.lines[near[0]]) else None
            if named is not None:
                r.use(named)
            name = title_name(r.lines[named], french) if named is not None else _NO_NAME[french]
        found = max(-1, min(30, level((m or alone).group("level"))))
        r.saw(Word("Name", "Nom"), name, first=True)
        r.saw(Word("Level", "Niveau"), found)
        traits = next((j for j in range(i + 1, min(i + 3, len(r.lines))) if j not in r.used), None)
        if traits is not None and _H["traits"].match(r.lines[traits]):
            r.use(traits)  # the line under the title (and a name under "Creature 2")
        return name, found
    for i, line in enumerate(r.lines):  # no "CREATURE n": the first line is the name
        if i not in r.used and line:
            r.use(i)
            name = title_name(line, french)
            r.saw(Word("Name", "Nom"), name, first=True)
            return name, 0
    return _NO_NAME[french], 0


_NO_NAME = {False: "Creature", True: "Créature"}


def _saves_and_tac(r: Reader, rest: str, checks: dict[str, int], numbers: dict[str, int]) -> None:
    for name, value, _ in named_numbers(rest.lstrip(" ;,")):
        word = fold(name).strip(" .")
        if value is None:
            r.extra.append(name)
        elif word in ("tac", "cac"):
            numbers["tac"] = value
            r.saw(Word("TAC", "CAC"), value)
        elif word in SAVE_NAMES:
            key = SAVE_NAMES[word]
            checks[f"save:{key}"] = value
            r.saw(Word(*SAVES[key][1:]), f"{value:+d}")
        elif "shield" in word or "bouclier" in word:
            continue  # "AC 18 (20 with shield raised)" is read below
        else:
            r.extra.append(f"{name} {value:+d}")
    raised = re.search(r"\((?P<n>\d+)\s+(?:with shield raised|avec (?:le )?bouclier levé)\)", rest, re.I)
    if raised and "ac" in numbers:
        bonus = int(raised.group("n")) - numbers["ac"]
        if 1 <= bonus <= 4:
            numbers["shield"] = bonus


def _skills(r: Reader, body: str, checks: dict[str, int]) -> None:
    for name, value, rest in named_numbers(body):
        if value is None:
            r.extra.append(name)
            continue
        key = SKILL_NAMES.get(fold(name))
        if key is None:
            lore = _LORE_EN.match(name) or None
            topic = lore.group("topic") if lore else None
            if topic is None:
                fr = _LORE_FR.match(name)
                topic = (fr.group("p") or fr.group("t")) if fr else None
            if topic is None:
                r.extra.append(f"{name} {value:+d}")
                continue
            key = f"lore:{topic.strip().lower()}"[:60]
            label = Word(f"Lore ({topic})", f"Connaissance ({topic})")
        else:
            label = Word(SKILLS[key][1], SKILLS[key][2])
        checks[f"skill:{key}"] = value
        r.saw(label, f"{value:+d}")


def _strikes(r: Reader) -> list[PrintedAttack]:
    out: list[PrintedAttack] = []
    for i, line in enumerate(r.lines):
        if i in r.used:
            continue
        m = _STRIKE.match(line)
        if not m:
            continue
        kind = "melee" if fold(m.group("kind")) in ("melee", "corps a corps") else "ranged"
        name = m.group("name").strip()[:100]
        if any(a.name == name for a in out):
            continue
        damage = _DAMAGE.search(m.group("rest"))
        dice = " ".join(f"{damage.group('dice')} {damage.group('type').strip()}".split())[:200] if damage else ""
        bonus = number(m.group("bonus"))
        out.append(PrintedAttack(name, kind, bonus, dice))
        r.use(i)
        r.saw(Word("Strike", "Frappe"), f"{name} {bonus:+d}")
    return out


__all__ = ["paste", "list_items"]
