"""D&D 3.5 stat blocks pasted as text: the SRD / Monster Manual layout, in English and in French.

    Hit Dice: 1d8+1 (5 hp)                      Dés de vie : 1d8+1 (5 pv)
    Initiative: +1                              Initiative : +1
    Armor Class: 15 (…), touch 11, flat-footed 14   Classe d'armure : 15 (…), contact 11, pris au dépourvu 14
    Attack: Claw +2 melee (1d4+1)               Attaque : griffe (+2 corps à corps, 1d4+1)
    Saves: Fort +3, Ref +1, Will +0             Jets de sauvegarde : Réf +1, Vig +3, Vol +0
    Abilities: Str 13, Dex 12, …                Caractéristiques : For 13, Dex 12, …
    Skills: Hide +5, Listen +2, Spot +2         Compétences : Détection +2, Discrétion +5, …
    Challenge Rating: 1/2                       Facteur de puissance : 1/2

The condensed layout ("Init +1; Senses …", "AC 15, touch 11, flat-footed 14", "Fort +3, Ref +1,
Will -1") is read too. A skill not listed is the ability modifier when it can be used untrained.
"""

from __future__ import annotations

import re


from gmdesk.engine.words import Word
from gmdesk.systems.kit.form import ability_word
from gmdesk.systems.kit.importing import AC, Imported, unprinted
from gmdesk.systems.kit.statblock import PrintedAttack
from gmdesk.systems.kit.statblock_text import (fraction, has_marks, read_blocks, Reader, fold, lines, named_numbers,
                                               number, title_name)

from .data import SKILLS
from .sheet import ABILITIES, SAVES
from .statblock import Dnd35StatBlock

SOURCE = Word("pasted stat block", "bloc de stats collé")
ORIGIN = "stat block"
SKILL_NAMES = {fold(name): key for key, s in SKILLS.items() for name in (s.en, s.fr)}
SKILL_NAMES.update({fold("Désamorçage"): "disable_device", fold("Sabotage"): "disable_device",
                    fold("Utilisation d'objets magiques"): "use_magic_device"})
# Specialized skills: "Craft (trapmaking)", "Artisanat (forge)", "Profession (meunier)".
SPECIALIZED = {fold(name): key for key, s in SKILLS.items() if s.specialized for name in (s.en, s.fr)}
SAVE_NAMES = {"fort": "fortitude", "fortitude": "fortitude", "ref": "reflex", "reflex": "reflex", "will": "will",
              "vig": "fortitude", "vigueur": "fortitude", "reflexes": "reflex", "vol": "will", "volonte": "will"}
ABILITY_NAMES = {"str": "str", "dex": "dex", "con": "con", "int": "int", "wis": "wis", "cha": "cha",
                 "for": "str", "sag": "wis"}

_C = r"\s*:?\s*"
_H = {
    "hd": re.compile(rf"^(?:Hit Dice|Dés de vie|DV){_C}(?P<body>.*)$", re.I),
    "hp": re.compile(rf"^(?:hp|pv){_C}(?P<n>\d+)", re.I),
    "init": re.compile(rf"^(?:Initiative|Init){_C}(?P<n>[+-]\d+)", re.I),
    "ac": re.compile(rf"^(?:Armor Class|Armour Class|Classe d'armure|AC|CA){_C}(?P<n>\d+)(?P<rest>.*)$", re.I),
    "saves": re.compile(rf"^(?:Saves|Jets de sauvegarde|(?=Fort\b|Réf\b|Ref\b|Vig\b)){_C}(?P<body>.*)$", re.I),
    "abilities": re.compile(rf"^(?:Abilities|Caractéristiques|(?=Str\s+\d)){_C}(?P<body>.*)$", re.I),
    "skills": re.compile(rf"^(?:Skills|Compétences){_C}(?P<body>.*)$", re.I),
    "cr": re.compile(rf"^(?:Challenge Rating|Facteur de puissance|FP|CR){_C}(?P<cr>\d+(?:/\d+)?)", re.I),
    "attack": re.compile(rf"^(?:Attack|Attaque)(?!\s*de base){_C}(?P<body>.*)$", re.I),
    "full": re.compile(rf"^(?:Full Attack|Attaque à outrance){_C}(?P<body>.*)$", re.I),
    # the condensed layout: "Melee morningstar +2 (1d6)", "Ranged javelin +3 (1d4)"
    "melee": re.compile(r"^(?P<kind>Melee|Ranged|Corps à corps|Distance)\s+(?P<body>.*\d.*)$", re.I),
    "bab": re.compile(rf"^(?:Base Attack/Grapple|Attaque de base/lutte|Base Attack|Base Atk){_C}(?P<body>.*)$", re.I),
    "other": re.compile(r"^(?:Speed|Vitesse|Space/Reach|Espace occupé|Special Attacks|Attaques spéciales|"
                        r"Special Qualities|Particularités|Feats|Dons|Environment|Environnement|Organization|"
                        r"Organisation|Treasure|Trésor|Alignment|Alignement|Advancement|Évolution|Level Adjustment|"
                        r"Ajustement de niveau|Senses|Sens|Languages|Langues|Size/Type|Taille/Type)\b", re.I),
}
FRENCH = re.compile(r"^(?:Dés de vie|Classe d'armure|Jets de sauvegarde|Caractéristiques|Compétences|"
                    r"Facteur de puissance)", re.I)
# "Claw +2 melee (1d4+1)" and "griffe (+2 corps à corps, 1d4+1)"
_WEAPON_EN = re.compile(r"^(?:\d+\s+)?(?P<name>[^+(\-]+?)\s+(?P<bonus>[+-]\d+)(?:/[+-]\d+)*\s+(?P<kind>melee|ranged)"
                        r"(?:\s+touch)?\s*(?:\((?P<dmg>[^)]*)\))?", re.I)
_WEAPON_KIND_FIRST = re.compile(r"^(?:\d+\s+)?(?P<name>[^+(\-]+?)\s+(?P<bonus>[+-]\d+)(?:/[+-]\d+)*"
                                r"(?:\s+(?:each|touch|chacune?|contact))?\s*(?:\((?P<dmg>[^)]*)\))?", re.I)
_WEAPON_FR = re.compile(r"^(?:\d+\s+)?(?P<name>[^(]+?)\s*\(\s*(?P<bonus>[+-]\d+)(?:/[+-]\d+)*\s+(?P<kind>corps à corps|"
                        r"distance|contact)[^,)]*,?\s*(?P<dmg>[^)]*)\)", re.I)


def _heading(line: str) -> bool:
    return any(p.search(line) for p in _H.values())


_SIZE_LINE = re.compile(r"\b(?:Fine|Diminutive|Tiny|Small|Medium|Large|Huge|Gargantuan|Colossal|de taille)\b", re.I)
# The condensed layout's title: "GOBLIN WARRIOR CR 1/3" ("FP 1/3").
_TITLED = re.compile(r"^(?P<name>[^:;.]{1,60}?)\s+(?:CR|FP)\s+(?P<cr>\d+(?:/\d+)?)$", re.I)


def _starts_block(rows: list[str], i: int) -> bool:
    """A title: a name with its challenge rating, or a name above Hit Dice, after an empty line or
    above the size and type line (blocks copied one after another)."""
    if i == 0 or not rows[i] or _heading(rows[i]):
        return False
    if _TITLED.match(rows[i]):
        return True
    if rows[i - 1] != "" and not (i + 1 < len(rows) and _SIZE_LINE.search(rows[i + 1])):
        return False
    return any(_H["hd"].search(r) for r in rows[i + 1:i + 4])


# The lines a block prints once: a second one is another creature's (``split_blocks``).
ONCE = (_H["hd"], _H["ac"], _H["saves"], _H["abilities"])


# What only this system's stat blocks print: a paste of another system's blocks is refused by name
# (``campaign.importing.read_text``) instead of being half read.
MARKS = re.compile(r"\bhit dice\b|\bbase (?:atk|attack)\b|\bgrapple\b|\bchallenge rating\b|\bdés de vie\b|\battaque de base\b|"
    r"\bflat-footed\b|\bpris au dépourvu\b", re.I | re.M)


def marks(text: str) -> bool:
    """True when ``text`` prints something only a dnd35 stat block prints."""
    return has_marks(MARKS, text)


def paste(text: str) -> list[Imported]:
    """Every 3.5 stat block in ``text``; RulesError when none is found."""
    return read_blocks(text, _heading, _starts_block, read_block,
                       "no D&D 3.5 stat block found (no Hit Dice, Armor Class or saves)", ONCE)


def read_block(rows: list[str]) -> Imported | None:
    r = Reader(rows)
    french = any(FRENCH.search(line) for line in rows)
    checks: dict[str, int] = {}
    numbers: dict[str, int] = {}
    hp = 0
    found = r.find(_H["hd"])
    if found:
        i, m = found
        r.use(i)
        got = re.search(r"\((?P<n>\d+)\s*(?:hp|pv)\)", m.group("body"), re.I)
        if got:
            hp = int(got.group("n"))
            r.saw(Word("HP", "PV"), hp)
    found = None if hp else r.find(_H["hp"])  # the condensed layout: "hp 5 (1 HD)"
    if found:
        i, m = found
        r.use(i)
        hp = int(m.group("n"))
        r.saw(Word("HP", "PV"), hp)
    found = r.find(_H["ac"])
    if found:
        i, m = found
        r.use(i)
        numbers["ac"] = int(m.group("n"))
        r.saw(Word("AC", "CA"), m.group("n"))
        for key, pattern, label in (("touch", r"(?:touch|contact)\s*(\d+)", Word("Touch AC", "CA de contact")),
                                    ("flat_footed", r"(?:flat-footed|pris au dépourvu)\s*(\d+)",
                                     Word("Flat-footed AC", "CA pris au dépourvu"))):
            got = re.search(pattern, m.group("rest"), re.I)
            if got:
                numbers[key] = int(got.group(1))
                r.saw(label, got.group(1))
    found = r.find(_H["saves"])
    if found is None and not numbers and not hp:
        return None
    if found:
        i, m = found
        r.use(i)
        for name, value, _ in named_numbers(m.group("body")):
            key = SAVE_NAMES.get(fold(name).strip(" ."))
            if key is None or value is None:
                r.extra.append(name)
                continue
            checks[f"save:{key}"] = value
            r.saw(Word(*SAVES[key][1:]), f"{value:+d}")
    found = r.find(_H["init"])
    if found:
        i, m = found
        r.use(i)
        checks["initiative"] = number(m.group("n"))
        r.saw(Word("Initiative", "Initiative"), m.group("n"))
    abilities = _abilities(r)
    found = r.find(_H["skills"])
    if found:
        i, m = found
        r.use(i)
        _skills(r, m.group("body"), checks)
    challenge = ""
    found = r.find(_H["cr"])
    if found:
        i, m = found
        r.use(i)
        challenge = m.group("cr")
    attacks = _attacks(r, french)
    for i, line in enumerate(rows):
        if i not in r.used and (_H["other"].search(line) or _H["bab"].search(line) or _H["full"].search(line)):
            r.use(i)
    name, titled = _title(r, french)
    level, challenge = fraction(challenge or titled)  # or on the name's line: "GOBLIN WARRIOR CR 1/3"
    if challenge:
        r.saw(Word("Challenge rating", "Facteur de puissance"), challenge)
    numbers, assumed = unprinted(r.recognised, numbers, {"ac": (10, AC)})
    block = Dnd35StatBlock(level, challenge, abilities, checks, numbers, attacks)
    return Imported(name, "npc", block, hp, ORIGIN, SOURCE, r.recognised, r.unrecognised(), assumed=assumed)


def _title(r: Reader, french: bool) -> tuple[str, str]:
    """The name, and the challenge rating printed after it ('' when none is)."""
    for i, line in enumerate(r.lines):
        if i not in r.used and line:
            r.use(i)
            titled = _TITLED.match(line)
            name = title_name(titled.group("name") if titled else line, french)
            r.saw(Word("Name", "Nom"), name, first=True)
            if i + 1 < len(r.lines) and r.lines[i + 1] and i + 1 not in r.used and _SIZE_LINE.search(r.lines[i + 1]):
                r.use(i + 1)  # size and type
            return name, titled.group("cr") if titled else ""
    return "Créature" if french else "Creature", ""


def _abilities(r: Reader) -> dict[str, int]:
    scores = dict.fromkeys(ABILITIES, 10)
    found = r.find(_H["abilities"])
    if found:
        i, m = found
        r.use(i)
        for item in re.split(r"[,;]", m.group("body")):
            got = re.match(r"^\s*(?P<a>\w{3})\w*\.?\s+(?P<v>\d+|—|-)\s*$", item)
            key = ABILITY_NAMES.get(fold(got.group("a"))) if got else None
            if key is None:
                if item.strip():
                    r.extra.append(item.strip())
                continue
            if got.group("v").isdigit():
                scores[key] = int(got.group("v"))
            # "Con —" (an undead, a construct): no score; 10 keeps its modifier at 0
        r.saw(Word("Abilities", "Caractéristiques"), ability_word(scores))
    return scores


def _skills(r: Reader, body: str, checks: dict[str, int]) -> None:
    for name, value, rest in named_numbers(body):
        if value is None:
            r.extra.append(name)
            continue
        clean = name.strip(" *▽ƒ✚†")
        key = SKILL_NAMES.get(fold(clean))
        if key is None:
            spec = re.match(r"^(?P<skill>.+?)\s*\((?P<topic>[^)]+)\)$", clean)
            if spec:
                base = SPECIALIZED.get(fold(spec.group("skill")))
                known = SKILL_NAMES.get(fold(clean))
                if known:
                    key = known
                elif base:
                    key = f"{base}:{spec.group('topic').strip().lower()}"[:60]
        if key is None:
            r.extra.append(f"{name} {value:+d}")
            continue
        checks[f"skill:{key}"] = value
        base = SKILLS[key.split(":")[0]]
        topic = key.partition(":")[2]
        r.saw(Word(base.en + (f" ({topic})" if topic else ""), base.fr + (f" ({topic})" if topic else "")),
              f"{value:+d}")


def _attacks(r: Reader, french: bool) -> list[PrintedAttack]:
    out: list[PrintedAttack] = []
    for key in ("attack", "full", "melee", "melee"):  # the condensed layout prints a Melee and a Ranged line
        found = r.find(_H[key])
        if not found:
            continue
        i, m = found
        r.use(i)
        line_kind = fold(m.group("kind")) if key == "melee" else ""
        for part in re.split(r"\s+(?:and|or|et|ou)\s+|;", m.group("body")):
            part = part.strip()
            if line_kind:
                got, kind_text = _WEAPON_KIND_FIRST.match(part), line_kind
            else:
                got = (_WEAPON_FR if french else _WEAPON_EN).match(part) or _WEAPON_EN.match(part) or \
                    _WEAPON_FR.match(part)
                kind_text = fold(got.group("kind")) if got else ""
            if not got:
                if part and part not in ("—", "-"):
                    r.extra.append(part)
                continue
            name = got.group("name").strip()
            name = name[:1].upper() + name[1:]
            kind = "ranged" if kind_text in ("ranged", "distance") else "melee"
            if name.endswith("s") and re.match(r"^\d+\s", part):
                name = name[:-1]  # "2 claws" is the claw attack twice
            if any(fold(a.name) == fold(name) for a in out):
                continue
            bonus = number(got.group("bonus"))
            out.append(PrintedAttack(name[:100], kind, bonus, (got.group("dmg") or "").strip()[:200]))
            r.saw(Word("Attack", "Attaque"), f"{name} {bonus:+d}")
    return out
