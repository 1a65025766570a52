"""D&D 5e: a creature's size and type ("Large aberration", "Medium humanoid (any race)") in the GM's
language, as the French books print them ("aberration de taille G"). The SRD prints them in English;
its creatures' names and what its stat blocks say stay as printed."""

from __future__ import annotations

import re

from gmdesk.engine.words import Word

# The size categories and their French abbreviations (TP, P, M, G, TG, Gig).
SIZES = {"tiny": Word("Tiny", "TP"), "small": Word("Small", "P"), "medium": Word("Medium", "M"),
         "large": Word("Large", "G"), "huge": Word("Huge", "TG"), "gargantuan": Word("Gargantuan", "Gig")}

TYPES = {
    "aberration": Word("aberration", "aberration"), "beast": Word("beast", "bête"),
    "beasts": Word("beasts", "bêtes"), "celestial": Word("celestial", "céleste"),
    "construct": Word("construct", "créature artificielle"), "dragon": Word("dragon", "dragon"),
    "elemental": Word("elemental", "élémentaire"), "fey": Word("fey", "fée"), "fiend": Word("fiend", "fiélon"),
    "giant": Word("giant", "géant"), "humanoid": Word("humanoid", "humanoïde"),
    "monstrosity": Word("monstrosity", "créature monstrueuse"), "ooze": Word("ooze", "vase"),
    "plant": Word("plant", "plante"), "undead": Word("undead", "mort-vivant"),
}

# Subtypes in brackets; a people's name not here stays as printed.
SUBTYPES = {
    "any race": Word("any race", "toute race"), "demon": Word("demon", "démon"), "devil": Word("devil", "diable"),
    "shapechanger": Word("shapechanger", "métamorphe"), "titan": Word("titan", "titan"),
    "dwarf": Word("dwarf", "nain"), "elf": Word("elf", "elfe"), "gnoll": Word("gnoll", "gnoll"),
    "gnome": Word("gnome", "gnome"), "goblinoid": Word("goblinoid", "gobelinoïde"),
    "grimlock": Word("grimlock", "torve"), "human": Word("human", "humain"), "kobold": Word("kobold", "kobold"),
    "lizardfolk": Word("lizardfolk", "homme-lézard"), "merfolk": Word("merfolk", "homme-poisson"),
    "orc": Word("orc", "orc"), "sahuagin": Word("sahuagin", "sahuagin"),
}

# How the French books put them together: the type, then its size.
SIZED = Word("%1 %2", "%2 de taille %1")
SWARM = Word("%1 swarm of %3 %2", "nuée de taille %1 de %2 de taille %3")
WITH_SUBTYPE = Word("%1 (%2)", "%1 (%2)")

_TYPE = re.compile(r"^(?P<type>[a-z]+)(?: \((?P<sub>[^()]+)\))?$")
_SWARM = re.compile(r"^swarm of (?P<size>[A-Za-z]+) (?P<type>[a-z]+)$")


def _fill(template: Word, lang: str, *parts: str) -> str:
    text = template.text(lang)
    for i, part in enumerate(parts, 1):
        text = text.replace(f"%{i}", part)
    return text


def creature_kind(size: str, type_: str, lang: str) -> str:
    """"Large aberration" / "aberration de taille G"; what it does not know, as printed."""
    printed = " ".join(x for x in (size, type_) if x)
    if lang == "en":
        return printed
    sized = SIZES.get(size.lower())
    if size and sized is None:
        return printed
    swarm = _SWARM.match(type_)
    if swarm and sized and swarm["size"].lower() in SIZES and swarm["type"] in TYPES:
        return _fill(SWARM, lang, sized.text(lang), TYPES[swarm["type"]].text(lang),
                     SIZES[swarm["size"].lower()].text(lang))
    found = _TYPE.match(type_)
    if found is None or found["type"] not in TYPES or (found["sub"] and found["sub"] not in SUBTYPES):
        return printed
    said = TYPES[found["type"]].text(lang)
    if found["sub"]:
        said = _fill(WITH_SUBTYPE, lang, said, SUBTYPES[found["sub"]].text(lang))
    return _fill(SIZED, lang, sized.text(lang), said) if sized else said
