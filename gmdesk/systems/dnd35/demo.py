"""The D&D 3.5 demo: a party of four, monsters, two scenes of prepared checks and a fight in
round 2 (``gmdesk.campaign.demo`` makes a campaign of it). Names are French, as the seed's table plays.
"""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.demo import Demo, Fighting, Member, Party
from gmdesk.systems.kit.refs import CheckRef as R
from gmdesk.systems.kit.sheet import SheetModifier

from .sheet import Attack as A35, ClassLevels, Dnd35Sheet


def _ab(*scores: int, keys=("str", "dex", "con", "int", "wis", "cha")) -> dict:
    return dict(zip(keys, scores))


def _c(name, kind, sheet, hp, notes="") -> Member:
    return Member(name, kind, sheet, hp, notes)


def party() -> Party:
    pcs = [
        _c("Eberk", "pc", Dnd35Sheet([ClassLevels("Guerrier", 3, ["climb", "jump", "swim", "intimidate",
                                                                           "ride", "handle_animal"])],
                                              _ab(16, 12, 16, 8, 10, 8), {"climb": 3, "jump": 3, "intimidate": 2},
                                              None, -5, 3, {"fortitude": 3, "reflex": 1, "will": 1}, 18,
                                              [A35("Hache de guerre naine", "melee", "str", 1)],
                                              [SheetModifier(2, "nain\u202f: connaissance de la pierre", scope="skill:search")]),
           30, "Guerrier nain"),
        _c("Mirna", "pc", Dnd35Sheet([ClassLevels("Roublard", 3, ["hide", "move_silently", "open_lock",
                                                                           "disable_device", "search", "spot", "listen",
                                                                           "tumble", "bluff", "sleight_of_hand"])],
                                              _ab(8, 18, 12, 14, 10, 12),
                                              {"hide": 6, "move_silently": 6, "open_lock": 6, "disable_device": 6,
                                               "search": 5, "spot": 6, "listen": 5, "tumble": 6, "bluff": 5,
                                               "sleight_of_hand": 5, "diplomacy": 1.5},
                                              60, 0, 2, {"fortitude": 1, "reflex": 3, "will": 1}, 16,
                                              [A35("Épée courte", "melee", "dex"), A35("Arbalète légère", "ranged", "dex")],
                                              [SheetModifier(2, "halfeline", scope="skill:listen"),
                                               SheetModifier(2, "halfeline", scope="skill:move_silently")]), 17,
           "Roublarde halfeline"),
        _c("Frère Anselme", "pc", Dnd35Sheet([ClassLevels("Prêtre", 3, ["concentration", "heal", "diplomacy",
                                                                                 "knowledge_religion", "spellcraft"])],
                                                      _ab(12, 8, 14, 10, 17, 12),
                                                      {"concentration": 6, "heal": 6, "knowledge_religion": 5},
                                                      None, -6, 2, {"fortitude": 3, "reflex": 1, "will": 3}, 18,
                                                      [A35("Masse d’armes", "melee", "str")]), 24, "Prêtre humain"),
        _c("Ilyana", "pc", Dnd35Sheet([ClassLevels("Ensorceleuse", 3, ["concentration", "spellcraft",
                                                                                "knowledge_arcana", "bluff"])],
                                               _ab(8, 14, 12, 12, 10, 17),
                                               {"concentration": 6, "spellcraft": 6, "knowledge_arcana": 6, "spot": 1},
                                               None, 0, 1, {"fortitude": 1, "reflex": 1, "will": 3}, 12,
                                               [A35("Rayon de givre", "ranged", "dex")],
                                               [SheetModifier(2, "elfe", scope="skill:spot"),
                                                SheetModifier(2, "elfe", scope="skill:listen")]), 14, "Ensorceleuse elfe"),
    ]
    npcs = [
        _c("Orque", "npc", Dnd35Sheet([ClassLevels("Guerrier", 1, ["climb", "intimidate"])],
                                               _ab(17, 11, 12, 8, 7, 6), {"listen": 1, "spot": 1}, None, -4, 1,
                                               {"fortitude": 2, "reflex": 0, "will": 0}, 13,
                                               [A35("Grande hache", "melee", "str")]), 5),
        _c("Kobold", "npc", Dnd35Sheet([ClassLevels("Guerrier", 1, [])], _ab(9, 13, 10, 10, 9, 8),
                                                {"hide": 2, "search": 2}, None, 0, 1,
                                                {"fortitude": 2, "reflex": 0, "will": 0}, 15,
                                                [A35("Lance", "melee", "str")]), 4),
        _c("Sergent du guet", "npc", Dnd35Sheet([ClassLevels("Combattant", 3, ["spot", "listen", "intimidate"])],
                                                         _ab(13, 11, 12, 10, 12, 10), {"spot": 4, "listen": 4,
                                                                                      "sense_motive": 2}, None, -2, 3,
                                                         {"fortitude": 3, "reflex": 1, "will": 1}, 15), 18),
    ]
    scenes = [
        ("Les égouts de la ville", "The city sewers", [
            ("Grimper au puits", "Climb the shaft", R("skill", "climb"), 15, False),
            ("Repérer le piège", "Find the trap", R("skill", "search"), 20, True),
            ("Désamorcer le piège", "Disarm the trap", R("skill", "disable_device"), 20, False),
            ("Entendre les kobolds", "Hear the kobolds", R("skill", "listen"), 10, True)]),
        ("Le temple en ruine", "The ruined temple", [
            ("Identifier le symbole", "Identify the symbol", R("skill", "knowledge_religion"), 15, False),
            ("Ouvrir la châsse", "Open the reliquary", R("skill", "open_lock"), 25, False),
            ("Résister à la malédiction", "Resist the curse", R("save", "will"), 14, False)]),
    ]
    fight = [("Mirna", 3, []), ("Orque", 2, [Fighting("shaken", None, 2, "end")]), ("Eberk", 8, []),
             ("Kobold", 0, [Fighting("flat_footed", None, 1, "start")]), ("Frère Anselme", 0, []),
             ("Ilyana", 5, [Fighting("dazzled", None, 3, "end")])]
    return Party(pcs, npcs, scenes, fight)



# The demo's names, items and notes for an English GM (the French are the seed's); the
# campaign is built in the GM's language (``gmdesk.campaign.demo``).
ENGLISH = {
    'Frère Anselme': 'Brother Anselm',
    'Orque': 'Orc',
    'Sergent du guet': 'Watch sergeant',
    'Guerrier nain': 'Dwarf fighter',
    'Roublarde halfeline': 'Halfling rogue',
    'Prêtre humain': 'Human cleric',
    'Ensorceleuse elfe': 'Elf sorcerer',
    'Arbalète légère': 'Light crossbow',
    'Combattant': 'Warrior',
    'Ensorceleuse': 'Sorcerer',
    'Grande hache': 'Greataxe',
    'Guerrier': 'Fighter',
    'Hache de guerre naine': 'Dwarven waraxe',
    'Lance': 'Spear',
    "Masse d’armes": 'Mace',
    'Prêtre': 'Cleric',
    'Rayon de givre': 'Ray of frost',
    'Roublard': 'Rogue',
    'nain\u202f: connaissance de la pierre': 'dwarf\u202f: stonecunning',
    'Épée courte': 'Short sword',
    'elfe': 'elf',
}

DEMO = Demo(Word('The Sunken Temple', 'Le Temple englouti'), 2003, party, english=ENGLISH)
