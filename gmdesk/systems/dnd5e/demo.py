"""The D&D 5e demo: a party of four, monsters, two scenes of prepared checks and a fight in
round 2 (``gmdesk.campaign.demo`` makes a campaign of it). Names are French, as the seed's table plays.
"""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.demo import Demo, Fighting, Member, Party
from gmdesk.systems.kit.refs import CheckRef as R

from .sheet import Attack as A5, Dnd5eSheet


def _ab(*scores: int, keys=("str", "dex", "con", "int", "wis", "cha")) -> dict:
    return dict(zip(keys, scores))


def _c(name, kind, sheet, hp, notes="") -> Member:
    return Member(name, kind, sheet, hp, notes)


def party() -> Party:
    pcs = [
        _c("Aldric", "pc", Dnd5eSheet(4, _ab(16, 10, 14, 8, 12, 16), ["wis", "cha"],
                                               ["athletics", "persuasion", "insight"], [], 18,
                                               [A5("Épée longue", "melee", "str", damage="1d8+3 tranchant")], "cha", True), 36, "Paladin humain"),
        _c("Nym", "pc", Dnd5eSheet(4, _ab(8, 18, 12, 12, 10, 14), ["dex", "int"],
                                            ["stealth", "sleight_of_hand", "perception", "acrobatics"],
                                            ["stealth", "sleight_of_hand"], 15,
                                            [A5("Rapière", "melee", "finesse", damage="1d8+4 perforant"), A5("Arc court", "ranged", "dex", damage="1d6+4 perforant")]),
           27, "Roublarde halfeline"),
        _c("Thalia Ventdargent", "pc", Dnd5eSheet(4, _ab(8, 14, 14, 18, 12, 10), ["int", "wis"],
                                                           ["arcana", "history", "investigation"], [], 12,
                                                           [A5("Trait de feu", "spell", "spellcasting", damage="1d10 feu")], "int"),
           22, "Magicienne elfe"),
        _c("Grom", "pc", Dnd5eSheet(4, _ab(18, 14, 16, 8, 10, 10), ["str", "con"],
                                             ["athletics", "intimidation", "survival"], [], 14,
                                             [A5("Hache à deux mains", "melee", "str", damage="1d12+4 tranchant")]), 45, "Barbare demi-orc"),
    ]
    npcs = [
        _c("Gobelin", "npc", Dnd5eSheet(1, _ab(8, 14, 10, 10, 8, 8), [], ["stealth"], [], 15,
                                                 [A5("Cimeterre", "melee", "finesse", damage="1d6+2 tranchant")]), 10),
        _c("Vrask, chef gobelours", "npc", Dnd5eSheet(2, _ab(15, 14, 13, 8, 11, 9), [],
                                                              ["stealth", "survival"], [], 16,
                                                              [A5("Morgenstern", "melee", "str", damage="2d8+2 perforant")]), 27),
        _c("Capitaine de la garde", "npc", Dnd5eSheet(3, _ab(14, 12, 12, 10, 14, 12), ["str"],
                                                              ["perception", "insight"], [], 17), 33),
    ]
    scenes = [
        ("L’auberge du Dragon vert", "The Green Dragon inn", [
            ("Repérer l’espion", "Spot the spy", R("skill", "perception"), 15, True),
            ("Démasquer le menteur", "Unmask the liar", R("skill", "insight"), 14, False),
            ("Convaincre l’aubergiste", "Persuade the innkeeper", R("skill", "persuasion"), 12, False)]),
        ("La crypte", "The crypt", [
            ("Se faufiler", "Sneak in", R("skill", "stealth"), 15, False),
            ("Résister aux miasmes", "Resist the miasma", R("save", "con"), 13, False),
            ("Déchiffrer l’inscription", "Decipher the inscription", R("skill", "history"), 15, True),
            ("Forcer la grille", "Force the grate", R("ability", "str"), 18, False)]),
    ]
    fight = [("Nym", 4, []), ("Gobelin", 7, [Fighting("prone", None, 1, "end")]), ("Aldric", 9, []),
             ("Vrask, chef gobelours", 12, [Fighting("frightened", None, 2, "end")]),
             ("Grom", 0, [Fighting("poisoned", None, 3, "end")]), ("Thalia Ventdargent", 5, [])]
    return Party(pcs, npcs, scenes, fight)



# The demo's names, items and notes for an English GM (the French are the seed's); the
# campaign is built in the GM's language (``gmdesk.campaign.demo``).
ENGLISH = {
    '1d8+3 tranchant': '1d8+3 slashing',
    '1d8+4 perforant': '1d8+4 piercing',
    '1d6+4 perforant': '1d6+4 piercing',
    '1d10 feu': '1d10 fire',
    '1d12+4 tranchant': '1d12+4 slashing',
    '1d6+2 tranchant': '1d6+2 slashing',
    '2d8+2 perforant': '2d8+2 piercing',
    'Thalia Ventdargent': 'Thalia Silverwind',
    'Gobelin': 'Goblin',
    'Vrask, chef gobelours': 'Vrask, bugbear chief',
    'Capitaine de la garde': 'Captain of the guard',
    'Paladin humain': 'Human paladin',
    'Roublarde halfeline': 'Halfling rogue',
    'Magicienne elfe': 'Elf wizard',
    'Barbare demi-orc': 'Half-orc barbarian',
    'Arc court': 'Shortbow',
    'Cimeterre': 'Scimitar',
    'Hache à deux mains': 'Greataxe',
    'Morgenstern': 'Morningstar',
    'Rapière': 'Rapier',
    'Trait de feu': 'Fire Bolt',
    'Épée longue': 'Longsword',
}

DEMO = Demo(Word('The Lost Mine', 'La Mine perdue'), 2024, party, english=ENGLISH)
