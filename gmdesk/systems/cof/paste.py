"""Chroniques Oubliées Fantasy profiles pasted as text (the books print them in French):

    Gobelours des tourbières
    NC 2, taille moyenne
    FOR +3* DEX +1 CON +2 INT -1 SAG +1 CHA -2
    DEF 15 PV 22 (RD 1) Init 12
    Morgenstern +5 DM 1d8+3
    Voie du pisteur rang 1

also on one line, as the bestiary prints its compact profiles. The characteristics are the modifiers
added to a test; ``*`` marks a superior characteristic (two d20, the better kept: gmdesk rolls one,
and says so in the character's notes); Init is a score; a path's rank is kept in the notes.
"""

from __future__ import annotations

import re


from gmdesk.engine.words import Word
from gmdesk.systems.kit.importing import Imported, unprinted
from gmdesk.systems.kit.statblock import PrintedAttack
from gmdesk.systems.kit.statblock_text import has_marks, read_blocks, Reader, number

from .sheet import CHARACTERISTICS
from .statblock import CofStatBlock

SOURCE = Word("pasted profile", "profil collé")
ORIGIN = "stat block"
_NC = re.compile(r"\bNC\s*:?\s*(?P<nc>\d+(?:/\d+)?)(?:\s*,\s*(?:[\w-]+\s*,\s*)?taille\s+(?P<size>[\w-]+))?", re.I)
_CHAR = re.compile(r"\b(?P<c>FOR|DEX|CON|INT|SAG|CHA)\s*:?\s*(?P<v>[+-]\d+)(?P<sup>\*?)", re.I)
_DEF = re.compile(r"\bDEF\s*:?\s*(?P<n>\d+)", re.I)
_PV = re.compile(r"\bPV\s*:?\s*(?P<n>\d+)(?:\s*\(\s*RD\s*(?P<rd>\d+)\s*\))?", re.I)
_INIT = re.compile(r"\bInit\s*:?\s*(?P<n>\d+)", re.I)
_ATTACK = re.compile(r"(?P<name>[A-ZÀ-Ýa-zà-ÿ'][\w'’ -]*?)\s*(?:\((?P<paren>[^)]*)\)\s*)?(?P<bonus>[+-]\d+)\s+DM\s+"
                     r"(?P<dmg>\d*d\d+(?:\s*[+-]\s*\d+)?)", re.I)
_PATH = re.compile(r"\b(?P<path>Voie\s+(?:du|de la|des|de l'|de|d')\s*[^,;\[\]]+?)\s+rang\s+(?P<rank>\d)", re.I)
_ARCHETYPE = re.compile(r"^\[(?P<body>[^\]]*)\]\s*")


def _heading(line: str) -> bool:
    return bool(_NC.search(line) or _CHAR.search(line) or _DEF.search(line) or _PATH.search(line))


_NOT_A_NAME_END = {"de", "du", "des", "d'", "la", "le", "les", "l'", "au", "aux", "à", "un", "une", "niveau"}


def _named(line: str) -> str:
    """The name printed before a profile's NC ("Loup NC 1/2, …"), '' when the NC is not a title's (a
    capacity's text: "Invocation : appelle une créature de NC 3")."""
    nc = _NC.search(line)
    before = line[:nc.start()].strip(" ,.") if nc else ""
    if not before or ":" in before or len(before) > 60 or _CHAR.search(before):
        return ""
    return "" if before.split()[-1].lower() in _NOT_A_NAME_END else before


def _starts_block(rows: list[str], i: int) -> bool:
    """A title: a name with its NC ("Loup NC 1/2, …" as the compact profiles print it), or a name above
    the NC line (an archetype between them), after an empty line or right under the previous profile."""
    if i == 0 or not rows[i]:
        return False
    if _NC.search(rows[i]):
        return bool(_named(rows[i]))
    if _heading(rows[i]) or _ARCHETYPE.match(rows[i]):
        return False
    below = [r for r in rows[i + 1:i + 3] if not _ARCHETYPE.match(r)][:1]
    return bool(below) and bool(_NC.match(below[0])) or (rows[i - 1] == "" and any(_NC.search(r) for r in rows[i:i + 3]))


# The lines a profile prints once: a second one is another creature's (``split_blocks``).
ONCE = (re.compile(r"^NC\s*:?\s*\d", re.I), re.compile(r"\bFOR\s*:?\s*[+-]\d+\*?\s+DEX\b", re.I))


# What only this system's stat blocks print: a paste of another system's blocks is refused by name
# (``campaign.importing.read_text``) instead of being half read.
MARKS = re.compile(r"^NC\s+\d|\bDEF\s+\d+\b.*\bPV\s+\d+", re.I | re.M)


def marks(text: str) -> bool:
    """True when ``text`` prints something only a cof stat block prints."""
    return has_marks(MARKS, text)


def paste(text: str) -> list[Imported]:
    """Every cof profile in ``text``; RulesError when none is found."""
    return read_blocks(text, _heading, _starts_block, read_block,
                       "no Chroniques Oubliées profile found (no NC, DEF, PV or characteristics)", ONCE)


def read_block(rows: list[str]) -> Imported | None:
    r = Reader(rows)
    characteristics = dict.fromkeys(CHARACTERISTICS, 0)
    superior: list[str] = []
    numbers: dict[str, int] = {}
    challenge, level, hp = "", 0, 0
    attacks: list[PrintedAttack] = []
    paths: list[str] = []
    name = ""
    seen_any = False
    for i, line in enumerate(rows):
        rest = line
        archetype = _ARCHETYPE.match(rest)
        if archetype:
            r.saw(Word("Archetype", "Archétype"), archetype.group("body"))
            rest = rest[archetype.end():]
        hit = False
        nc = None if challenge else _NC.search(rest)  # the profile's own NC: the first (a capacity may name one)
        titled = _named(rest) if nc else ""
        if titled and not name:  # "Loup NC 1/2, …": the name before its NC
            name, rest = titled, rest[nc.start():]
            nc = _NC.search(rest)
        if nc:
            challenge = nc.group("nc")
            level = int(challenge) if "/" not in challenge else 0
            r.saw(Word("Level (NC)", "Niveau (NC)"), challenge)
            rest = rest[:nc.start()] + " " + rest[nc.end():]
            hit = True
        for m in list(_CHAR.finditer(rest)):
            key = m.group("c").lower()
            characteristics[key] = number(m.group("v"))
            if m.group("sup"):
                superior.append(key.upper())
            hit = True
        rest = _CHAR.sub(" ", rest)
        for pattern, key, label in ((_DEF, "defense", Word("DEF", "DEF")), (_INIT, "init", Word("Init", "Init"))):
            m = pattern.search(rest)
            if m:
                numbers[key] = int(m.group("n"))
                r.saw(label, m.group("n"))
                rest = rest[:m.start()] + " " + rest[m.end():]
                hit = True
        m = _PV.search(rest)
        if m:
            hp = int(m.group("n"))
            r.saw(Word("HP", "PV"), hp)
            if m.group("rd"):
                numbers["rd"] = int(m.group("rd"))
                r.saw(Word("Damage reduction", "RD"), m.group("rd"))
            rest = rest[:m.start()] + " " + rest[m.end():]
            hit = True
        for m in list(_PATH.finditer(rest)):
            paths.append(f"{m.group('path').strip()} rang {m.group('rank')}")
            r.saw(Word("Path", "Voie"), paths[-1])
            hit = True
        rest = _PATH.sub(" ", rest)
        for m in list(_ATTACK.finditer(rest)):
            attack_name = m.group("name").strip()
            attack_name = attack_name[:1].upper() + attack_name[1:]
            ranged = bool(re.search(r"port[ée]e|distance", m.group("paren") or "", re.I))
            if attack_name and not any(a.name == attack_name for a in attacks):
                bonus = number(m.group("bonus"))
                attacks.append(PrintedAttack(attack_name[:100], "ranged" if ranged else "melee", bonus,
                                             m.group("dmg").replace(" ", "")))
                r.saw(Word("Attack", "Attaque"), f"{attack_name} {bonus:+d}")
            hit = True
        rest = _ATTACK.sub(" ", rest)
        if hit or archetype:
            r.use(i)
            seen_any = seen_any or hit
            leftover = " ".join(rest.replace(",", " ").split())
            if leftover and not (nc and not name and leftover == line.strip()):
                if not name and i == 0:
                    name = leftover
                else:
                    r.extra.append(leftover)
    if not seen_any:
        return None
    r.saw(Word("Characteristics", "Caractéristiques"),
          " ".join(f"{k.upper()} {v:+d}{'*' if k.upper() in superior else ''}" for k, v in characteristics.items()))
    if not name:
        for i, line in enumerate(rows):
            if i not in r.used and line:
                r.use(i)
                name = line.strip(" .:")
                break
    name = name or "Créature"
    r.saw(Word("Name", "Nom"), name, first=True)
    notes: list[Word] = []
    text_notes = []
    if superior:
        notes.append(Word(f"Superior characteristics ({', '.join(superior)}): the books roll two d20 and keep the "
                          "better; gmdesk rolls one.",
                          f"Caractéristiques supérieures ({', '.join(superior)}) : les livres lancent deux d20 et "
                          "gardent le meilleur ; gmdesk en lance un."))
        text_notes.append(f"Caractéristiques supérieures : {', '.join(superior)}")
    text_notes += paths
    numbers, assumed = unprinted(r.recognised, numbers, {"defense": (10, Word("DEF", "DEF")),
                                                         "init": (10, Word("Init", "Init"))})
    block = CofStatBlock(level, challenge, characteristics, {}, numbers, attacks)
    return Imported(name, "npc", block, hp, ORIGIN, SOURCE, r.recognised, r.unrecognised(), notes,
                    "\n".join(text_notes), assumed)
