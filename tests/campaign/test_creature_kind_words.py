"""Issue 24: a dnd5e creature's size and type in French (the SRD prints them in English), as the French
books say them; in English exactly as printed."""

from __future__ import annotations

import re

from gmdesk.campaign.bestiary import shipped
from gmdesk.campaign.bestiary_card import card, kind_text

ENGLISH = ("tiny", "small", "medium", "large", "huge", "gargantuan", "beast", "beasts", "celestial", "construct",
           "elemental", "fey", "fiend", "giant", "humanoid", "monstrosity", "ooze", "plant", "undead", "any",
           "demon", "devil", "shapechanger", "dwarf", "elf", "human", "goblinoid", "swarm", "of")


def test_every_srd_creatures_size_and_type_in_french():
    creatures = shipped("dnd5e")
    assert creatures
    for creature in creatures:
        printed = " ".join(x for x in (creature.size, creature.type) if x)
        assert kind_text(creature, "en") == printed
        french = kind_text(creature, "fr")
        left = [w for w in re.findall(r"[^\W\d_]+", french.lower()) if w in ENGLISH]
        assert left == [] and "de taille" in french, (printed, french)
    goblin = next(c for c in creatures if c.name == "Goblin")
    assert kind_text(goblin, "fr") == "humanoïde (gobelinoïde) de taille P"
    assert ("Taille et type", "humanoïde (gobelinoïde) de taille P") in card(goblin, [], lang="fr").lines


def test_a_size_or_type_it_does_not_know_stays_as_printed():
    from gmdesk.systems.dnd5e.creature_words import creature_kind

    assert creature_kind("Colossal", "beast", "fr") == "Colossal beast"
    assert creature_kind("Large", "beast (homebrew)", "fr") == "Large beast (homebrew)"
    assert creature_kind("", "plant", "fr") == "plante"
