"""The Pathfinder 2 demo: a party of four, monsters, two scenes of prepared checks and a fight in
round 2 (``gmdesk.campaign.demo`` makes a campaign of it). Names are French, as the seed's table plays.
"""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.demo import Demo, Fighting, Member, Party
from gmdesk.systems.kit.refs import CheckRef as R

from .sheet import Attack as P2, Pf2Sheet


def _ab(*scores: int, keys=("str", "dex", "con", "int", "wis", "cha")) -> dict:
    return dict(zip(keys, scores))


def _c(name, kind, sheet, hp, notes="") -> Member:
    return Member(name, kind, sheet, hp, notes)


def party() -> Party:
    T, E = "trained", "expert"
    pcs = [
        _c("Brunhild", "pc", Pf2Sheet(
            3, _ab(18, 12, 16, 10, 12, 8), E, {"fortitude": E, "reflex": T, "will": T},
            {"athletics": E, "intimidation": T, "crafting": T, "survival": T},
            {"simple": E, "martial": E, "unarmed": T}, [P2("Hache de guerre", "melee", "str", ["martial"], 1, "1d8+4 tranchant")],
            armor_name="Cotte de mailles", armor_ac_bonus=4, armor_tac_bonus=1, dex_cap=1, armor_check_penalty=-2,
            shield_name="Bouclier en acier", shield_held=True, shield_bonus=2), 44, "Guerrière naine"),
        _c("Sélène", "pc", Pf2Sheet(
            3, _ab(8, 14, 12, 18, 12, 10), T, {"fortitude": T, "reflex": T, "will": E},
            {"arcana": E, "occultism": T, "society": T, "lore:Magie ancienne": T}, {"simple": T, "unarmed": T},
            [P2("Bâton", "melee", "str", ["simple"], damage="1d4-1 contondant")], spell_rank=T, spell_ability="int", armor_rank=T), 23,
           "Magicienne elfe"),
        _c("Tobias Ferrand", "pc", Pf2Sheet(
            3, _ab(10, 18, 12, 12, 12, 14), E, {"fortitude": T, "reflex": E, "will": T},
            {"thievery": E, "stealth": E, "acrobatics": T, "deception": T, "diplomacy": T},
            {"simple": T, "martial": T, "dagger": E, "unarmed": T}, [P2("Rapière", "melee", "dex", ["martial"], damage="1d6 perforant"),
                                                                     P2("Arc court", "ranged", "dex", ["martial"], damage="1d6 perforant")],
            armor_name="Armure de cuir", armor_ac_bonus=1, armor_tac_bonus=1, dex_cap=4), 32, "Roublard humain"),
        _c("Mère Odile", "pc", Pf2Sheet(
            3, _ab(10, 12, 12, 10, 18, 14), T, {"fortitude": T, "reflex": T, "will": E},
            {"medicine": E, "religion": T, "diplomacy": T, "nature": T}, {"simple": T, "unarmed": T},
            [P2("Masse", "melee", "str", ["simple"], damage="1d6 contondant")], spell_rank=T, spell_ability="wis",
            armor_name="Chemise de mailles", armor_ac_bonus=2, armor_tac_bonus=1, dex_cap=3), 28, "Prêtresse halfeline"),
    ]
    npcs = [
        _c("Gobelin", "npc", Pf2Sheet(1, _ab(10, 16, 12, 8, 10, 8), T, skills={"stealth": T, "acrobatics": T},
                                             attacks=[P2("Épée-chien", "melee", "dex", ["simple"], damage="1d6 tranchant")], armor_ac_bonus=2,
                                             armor_tac_bonus=1), 15),
        _c("Grikkit, chef gobelin", "npc", Pf2Sheet(
            2, _ab(14, 16, 14, 10, 12, 12), E, {"fortitude": T, "reflex": E, "will": T}, {"intimidation": E},
            {"simple": E, "martial": E}, [P2("Cimeterre", "melee", "str", ["martial"], 1, "1d6+2 tranchant")], armor_ac_bonus=3,
            armor_tac_bonus=1), 32),
        _c("Garde de la ville", "npc", Pf2Sheet(1, _ab(14, 12, 12, 10, 14, 10), E, skills={"athletics": T},
                                                       attacks=[P2("Hallebarde", "melee", "str", ["martial"], damage="1d10+2 perforant")]), 20),
    ]
    scenes = [
        ("La porte du fortin", "The fort’s gate", [
            ("Forcer la porte", "Force the gate", R("skill", "athletics"), 20, False),
            ("Crocheter la serrure", "Pick the lock", R("skill", "thievery"), 18, False),
            ("Repérer le piège", "Spot the trap", R("perception"), 16, True),
            ("Lire les runes", "Read the runes", R("skill", "arcana"), 15, False)]),
        ("Le pont de corde", "The rope bridge", [
            ("Traverser", "Cross", R("skill", "acrobatics"), 15, False),
            ("Éviter la chute", "Avoid the fall", R("save", "reflex"), 17, False),
            ("Trouver un gué", "Find a ford", R("skill", "survival"), 14, True)]),
    ]
    fight = [("Tobias Ferrand", 6, []), ("Gobelin", 9, [Fighting("flat_footed", None, 1, "end")]),
             ("Brunhild", 11, []), ("Grikkit, chef gobelin", 0, [Fighting("frightened", 1, None, "end")]),
             ("Sélène", 0, [Fighting("sickened", 1, None)]), ("Mère Odile", 3, [])]
    return Party(pcs, npcs, scenes, fight)



# The demo's names, items and notes for an English GM (the French are the seed's); the
# campaign is built in the GM's language (``gmdesk.campaign.demo``).
ENGLISH = {
    '1d8+4 tranchant': '1d8+4 slashing',
    '1d4-1 contondant': '1d4-1 bludgeoning',
    '1d6 perforant': '1d6 piercing',
    '1d6 contondant': '1d6 bludgeoning',
    '1d6 tranchant': '1d6 slashing',
    '1d6+2 tranchant': '1d6+2 slashing',
    '1d10+2 perforant': '1d10+2 piercing',
    'Mère Odile': 'Mother Odile',
    'lore:Magie ancienne': 'lore:Ancient Magic',  # a Lore skill is named in its key
    'Gobelin': 'Goblin',
    'Grikkit, chef gobelin': 'Grikkit, goblin chief',
    'Garde de la ville': 'Town guard',
    'Guerrière naine': 'Dwarf fighter',
    'Magicienne elfe': 'Elf wizard',
    'Roublard humain': 'Human rogue',
    'Prêtresse halfeline': 'Halfling cleric',
    'Arc court': 'Shortbow',
    'Armure de cuir': 'Leather armor',
    'Bouclier en acier': 'Steel shield',
    'Bâton': 'Staff',
    'Chemise de mailles': 'Chain shirt',
    'Cimeterre': 'Scimitar',
    'Cotte de mailles': 'Chain mail',
    'Hache de guerre': 'Battle axe',
    'Hallebarde': 'Halberd',
    'Masse': 'Mace',
    'Rapière': 'Rapier',
    'Épée-chien': 'Dogslicer',
}

DEMO = Demo(Word('The Ruins of Fort Rivage', 'Les Ruines de Fort-Rivage'), 2018, party, english=ENGLISH)
