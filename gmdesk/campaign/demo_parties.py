"""The demo parties, monsters, scenes and fights of each system (data for ``demo``).

Each ``<system>()`` returns ``(pcs, npcs, scenes, fight)``: characters without ids (the demo numbers
them), scenes as ``(fr, en, [(fr, en, CheckRef, dc or threshold, secret)])``, and the fight as
``[(character name, HP lost, [ConditionState])]`` in initiative order.
"""

from __future__ import annotations

from .model import Character, ConditionState
from .refs import CheckRef as R
from .sheets.anarchy import AnarchySheet, Edge, Skill
from .sheets.cof import CofSheet, Path
from .sheets.common import SheetModifier
from .sheets.dnd5e import Attack as A5, Dnd5eSheet
from .sheets.dnd35 import Attack as A35, ClassLevels, Dnd35Sheet
from .sheets.pf2 import Attack as P2, Pf2Sheet


def _ab(*scores: int, keys=("str", "dex", "con", "int", "wis", "cha")) -> dict:
    return dict(zip(keys, scores))


def _c(name, kind, system, sheet, hp, notes="") -> Character:
    return Character(None, name, kind, system, sheet, notes, hp)


def pf2():
    T, E = "trained", "expert"
    pcs = [
        _c("Brunhild", "pc", "pf2", Pf2Sheet(
            3, _ab(18, 12, 16, 10, 12, 8), E, {"fortitude": E, "reflex": T, "will": T},
            {"athletics": E, "intimidation": T, "crafting": T, "survival": T},
            {"simple": E, "martial": E, "unarmed": T}, [P2("Hache de guerre", "melee", "str", ["martial"], 1)],
            armor_name="Cotte de mailles", armor_ac_bonus=4, armor_tac_bonus=1, dex_cap=1, armor_check_penalty=-2,
            shield_name="Bouclier en acier", shield_held=True, shield_bonus=2), 44, "Guerrière naine"),
        _c("Sélène", "pc", "pf2", Pf2Sheet(
            3, _ab(8, 14, 12, 18, 12, 10), T, {"fortitude": T, "reflex": T, "will": E},
            {"arcana": E, "occultism": T, "society": T, "lore:Magie ancienne": T}, {"simple": T, "unarmed": T},
            [P2("Bâton", "melee", "str", ["simple"])], spell_rank=T, spell_ability="int", armor_rank=T), 23,
           "Magicienne elfe"),
        _c("Tobias Ferrand", "pc", "pf2", Pf2Sheet(
            3, _ab(10, 18, 12, 12, 12, 14), E, {"fortitude": T, "reflex": E, "will": T},
            {"thievery": E, "stealth": E, "acrobatics": T, "deception": T, "diplomacy": T},
            {"simple": T, "martial": T, "dagger": E, "unarmed": T}, [P2("Rapière", "melee", "dex", ["martial"]),
                                                                     P2("Arc court", "ranged", "dex", ["martial"])],
            armor_name="Armure de cuir", armor_ac_bonus=1, armor_tac_bonus=1, dex_cap=4), 32, "Roublard humain"),
        _c("Mère Odile", "pc", "pf2", Pf2Sheet(
            3, _ab(10, 12, 12, 10, 18, 14), T, {"fortitude": T, "reflex": T, "will": E},
            {"medicine": E, "religion": T, "diplomacy": T, "nature": T}, {"simple": T, "unarmed": T},
            [P2("Masse", "melee", "str", ["simple"])], spell_rank=T, spell_ability="wis",
            armor_name="Chemise de mailles", armor_ac_bonus=2, armor_tac_bonus=1, dex_cap=3), 28, "Prêtresse halfeline"),
    ]
    npcs = [
        _c("Gobelin", "npc", "pf2", Pf2Sheet(1, _ab(10, 16, 12, 8, 10, 8), T, skills={"stealth": T, "acrobatics": T},
                                             attacks=[P2("Épée-chien", "melee", "dex", ["simple"])], armor_ac_bonus=2,
                                             armor_tac_bonus=1), 15),
        _c("Grikkit, chef gobelin", "npc", "pf2", Pf2Sheet(
            2, _ab(14, 16, 14, 10, 12, 12), E, {"fortitude": T, "reflex": E, "will": T}, {"intimidation": E},
            {"simple": E, "martial": E}, [P2("Cimeterre", "melee", "str", ["martial"], 1)], armor_ac_bonus=3,
            armor_tac_bonus=1), 32),
        _c("Garde de la ville", "npc", "pf2", Pf2Sheet(1, _ab(14, 12, 12, 10, 14, 10), E, skills={"athletics": T},
                                                       attacks=[P2("Hallebarde", "melee", "str", ["martial"])]), 20),
    ]
    scenes = [
        ("La porte du fortin", "The fort's gate", [
            ("Forcer la porte", "Force the gate", R("skill", "athletics"), 20, False),
            ("Crocheter la serrure", "Pick the lock", R("skill", "thievery"), 18, False),
            ("Repérer le piège", "Spot the trap", R("perception"), 16, True),
            ("Lire les runes", "Read the runes", R("skill", "arcana"), 15, False)]),
        ("Le pont de corde", "The rope bridge", [
            ("Traverser", "Cross", R("skill", "acrobatics"), 15, False),
            ("Éviter la chute", "Avoid the fall", R("save", "reflex"), 17, False),
            ("Trouver un gué", "Find a ford", R("skill", "survival"), 14, True)]),
    ]
    fight = [("Tobias Ferrand", 6, []), ("Gobelin", 9, [ConditionState("flat_footed", None, 1, "end")]),
             ("Brunhild", 11, []), ("Grikkit, chef gobelin", 0, [ConditionState("frightened", 1, None, "end")]),
             ("Sélène", 0, [ConditionState("sickened", 1, None)]), ("Mère Odile", 3, [])]
    return pcs, npcs, scenes, fight


def dnd5e():
    pcs = [
        _c("Aldric", "pc", "dnd5e", Dnd5eSheet(4, _ab(16, 10, 14, 8, 12, 16), ["wis", "cha"],
                                               ["athletics", "persuasion", "insight"], [], 18,
                                               [A5("Épée longue", "melee", "str")], "cha", True), 36, "Paladin humain"),
        _c("Nym", "pc", "dnd5e", Dnd5eSheet(4, _ab(8, 18, 12, 12, 10, 14), ["dex", "int"],
                                            ["stealth", "sleight_of_hand", "perception", "acrobatics"],
                                            ["stealth", "sleight_of_hand"], 15,
                                            [A5("Rapière", "melee", "finesse"), A5("Arc court", "ranged", "dex")]),
           27, "Roublarde halfeline"),
        _c("Thalia Ventdargent", "pc", "dnd5e", Dnd5eSheet(4, _ab(8, 14, 14, 18, 12, 10), ["int", "wis"],
                                                           ["arcana", "history", "investigation"], [], 12,
                                                           [A5("Trait de feu", "spell", "spellcasting")], "int"),
           22, "Magicienne elfe"),
        _c("Grom", "pc", "dnd5e", Dnd5eSheet(4, _ab(18, 14, 16, 8, 10, 10), ["str", "con"],
                                             ["athletics", "intimidation", "survival"], [], 14,
                                             [A5("Hache à deux mains", "melee", "str")]), 45, "Barbare demi-orc"),
    ]
    npcs = [
        _c("Gobelin", "npc", "dnd5e", Dnd5eSheet(1, _ab(8, 14, 10, 10, 8, 8), [], ["stealth"], [], 15,
                                                 [A5("Cimeterre", "melee", "finesse")]), 10),
        _c("Vrask, chef gobelours", "npc", "dnd5e", Dnd5eSheet(2, _ab(15, 14, 13, 8, 11, 9), [],
                                                              ["stealth", "survival"], [], 16,
                                                              [A5("Morgenstern", "melee", "str")]), 27),
        _c("Capitaine de la garde", "npc", "dnd5e", Dnd5eSheet(3, _ab(14, 12, 12, 10, 14, 12), ["str"],
                                                              ["perception", "insight"], [], 17), 33),
    ]
    scenes = [
        ("L'auberge du Dragon vert", "The Green Dragon inn", [
            ("Repérer l'espion", "Spot the spy", R("skill", "perception"), 15, True),
            ("Démasquer le menteur", "Unmask the liar", R("skill", "insight"), 14, False),
            ("Convaincre l'aubergiste", "Persuade the innkeeper", R("skill", "persuasion"), 12, False)]),
        ("La crypte", "The crypt", [
            ("Se faufiler", "Sneak in", R("skill", "stealth"), 15, False),
            ("Résister aux miasmes", "Resist the miasma", R("save", "con"), 13, False),
            ("Déchiffrer l'inscription", "Decipher the inscription", R("skill", "history"), 15, True),
            ("Forcer la grille", "Force the grate", R("ability", "str"), 18, False)]),
    ]
    fight = [("Nym", 4, []), ("Gobelin", 7, [ConditionState("prone", None, 1, "end")]), ("Aldric", 9, []),
             ("Vrask, chef gobelours", 12, [ConditionState("frightened", None, 2, "end")]),
             ("Grom", 0, [ConditionState("poisoned", None, 3, "end")]), ("Thalia Ventdargent", 5, [])]
    return pcs, npcs, scenes, fight


def dnd35():
    pcs = [
        _c("Eberk", "pc", "dnd35", Dnd35Sheet([ClassLevels("Guerrier", 3, ["climb", "jump", "swim", "intimidate",
                                                                           "ride", "handle_animal"])],
                                              _ab(16, 12, 16, 8, 10, 8), {"climb": 3, "jump": 3, "intimidate": 2},
                                              None, -5, 3, {"fortitude": 3, "reflex": 1, "will": 1}, 18,
                                              [A35("Hache de guerre naine", "melee", "str", 1)],
                                              [SheetModifier(2, "nain : connaissance de la pierre", scope="skill:search")]),
           30, "Guerrier nain"),
        _c("Mirna", "pc", "dnd35", Dnd35Sheet([ClassLevels("Roublard", 3, ["hide", "move_silently", "open_lock",
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
        _c("Frère Anselme", "pc", "dnd35", Dnd35Sheet([ClassLevels("Prêtre", 3, ["concentration", "heal", "diplomacy",
                                                                                 "knowledge_religion", "spellcraft"])],
                                                      _ab(12, 8, 14, 10, 17, 12),
                                                      {"concentration": 6, "heal": 6, "knowledge_religion": 5},
                                                      None, -6, 2, {"fortitude": 3, "reflex": 1, "will": 3}, 18,
                                                      [A35("Masse d'armes", "melee", "str")]), 24, "Prêtre humain"),
        _c("Ilyana", "pc", "dnd35", Dnd35Sheet([ClassLevels("Ensorceleuse", 3, ["concentration", "spellcraft",
                                                                                "knowledge_arcana", "bluff"])],
                                               _ab(8, 14, 12, 12, 10, 17),
                                               {"concentration": 6, "spellcraft": 6, "knowledge_arcana": 6, "spot": 1},
                                               None, 0, 1, {"fortitude": 1, "reflex": 1, "will": 3}, 12,
                                               [A35("Rayon de givre", "ranged", "dex")],
                                               [SheetModifier(2, "elfe", scope="skill:spot"),
                                                SheetModifier(2, "elfe", scope="skill:listen")]), 14, "Ensorceleuse elfe"),
    ]
    npcs = [
        _c("Orque", "npc", "dnd35", Dnd35Sheet([ClassLevels("Guerrier", 1, ["climb", "intimidate"])],
                                               _ab(17, 11, 12, 8, 7, 6), {"listen": 1, "spot": 1}, None, -4, 1,
                                               {"fortitude": 2, "reflex": 0, "will": 0}, 13,
                                               [A35("Grande hache", "melee", "str")]), 5),
        _c("Kobold", "npc", "dnd35", Dnd35Sheet([ClassLevels("Guerrier", 1, [])], _ab(9, 13, 10, 10, 9, 8),
                                                {"hide": 2, "search": 2}, None, 0, 1,
                                                {"fortitude": 2, "reflex": 0, "will": 0}, 15,
                                                [A35("Lance", "melee", "str")]), 4),
        _c("Sergent du guet", "npc", "dnd35", Dnd35Sheet([ClassLevels("Combattant", 3, ["spot", "listen", "intimidate"])],
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
    fight = [("Mirna", 3, []), ("Orque", 2, [ConditionState("shaken", None, 2, "end")]), ("Eberk", 8, []),
             ("Kobold", 0, [ConditionState("flat_footed", None, 1, "start")]), ("Frère Anselme", 0, []),
             ("Ilyana", 5, [ConditionState("dazzled", None, 3, "end")])]
    return pcs, npcs, scenes, fight


def cof():
    keys = ("for", "dex", "con", "int", "sag", "cha")
    pcs = [
        _c("Aëlys", "pc", "cof", CofSheet(3, _ab(0, 3, 1, 1, 2, 0, keys=keys), 3, 6, 15, 16,
                                          [Path("voie de l'archer", 3, "dex"), Path("voie du traqueur", 2, "sag")]),
           26, "Rôdeuse elfe"),
        _c("Bardin", "pc", "cof", CofSheet(3, _ab(3, 0, 3, -1, 1, 0, keys=keys), 6, 3, 18, 10,
                                           [Path("voie du bouclier", 3, "con"), Path("voie du combat", 2, "for")]),
           36, "Guerrier nain"),
        _c("Théodric", "pc", "cof", CofSheet(3, _ab(1, 0, 1, 0, 3, 2, keys=keys), 4, 3, 16, 10,
                                             [Path("voie de la prière", 3, "sag"), Path("voie du soldat", 1, "for")]),
           27, "Prêtre humain"),
        _c("Zéphirine", "pc", "cof", CofSheet(3, _ab(-1, 2, 0, 3, 1, 1, keys=keys), 2, 5, 12, 14,
                                              [Path("voie de la magie des arcanes", 3, "int"),
                                               Path("voie des illusions", 2, "cha")]), 19, "Magicienne humaine"),
    ]
    npcs = [
        _c("Loup", "npc", "cof", CofSheet(1, _ab(1, 2, 1, -4, 2, -2, keys=keys), 3, 0, 14, 14), 9),
        _c("Bandit", "npc", "cof", CofSheet(1, _ab(1, 1, 1, 0, 0, 0, keys=keys), 3, 3, 14, 12), 10),
        _c("Ogre", "npc", "cof", CofSheet(4, _ab(5, -1, 4, -2, 0, -1, keys=keys), 7, 1, 14, 8), 45),
    ]
    scenes = [
        ("La forêt des Murmures", "The Whispering Forest", [
            ("Suivre la piste", "Follow the trail", R("path", "voie du traqueur"), 15, False),
            ("Remarquer l'embuscade", "Notice the ambush", R("ability", "sag"), 15, True),
            ("Passer le torrent", "Cross the torrent", R("ability", "for"), 10, False)]),
        ("La tour de l'alchimiste", "The alchemist's tower", [
            ("Déchiffrer le grimoire", "Read the grimoire", R("path", "voie de la magie des arcanes"), 20, False),
            ("Escalader la façade", "Climb the wall", R("ability", "dex"), 15, False),
            ("Convaincre le gardien", "Persuade the warden", R("ability", "cha"), 15, True)]),
    ]
    fight = [("Aëlys", 4, []), ("Loup", 5, [ConditionState("renverse", None, 1, "start")]), ("Zéphirine", 0, []),
             ("Bardin", 9, []), ("Théodric", 0, []), ("Ogre", 14, [ConditionState("aveugle", None, 2, "end")])]
    return pcs, npcs, scenes, fight


def anarchy():
    def sheet(attrs, skills, edges=(), luck=2, anarchy=3):
        return AnarchySheet(_ab(*attrs, keys=("for", "agi", "vol", "log", "cha")),
                            [Skill(k, r, "", s) for k, r, s in skills], list(edges), luck, anarchy)

    pcs = [
        _c("Ghost", "pc", "anarchy", sheet((2, 6, 4, 3, 3), [("stealth", 5, "urbain"), ("firearms", 4, ""),
                                                              ("athletics", 3, ""), ("con", 2, "")],
                                           [Edge("Réflexes câblés", 1, 0, "attack"),
                                            Edge("Silencieuse", 0, 1, "skill:stealth")]), 10, "Infiltratrice elfe"),
        _c("Brick", "pc", "anarchy", sheet((7, 4, 3, 2, 2), [("close_combat", 5, "lames"), ("intimidation", 4, ""),
                                                              ("athletics", 3, ""), ("heavy_weapons", 3, "")],
                                           [Edge("Dur à cuire", 2, 0, "preset:resist_fatigue")], 1, 3),
           14, "Samouraï des rues troll"),
        _c("Nyx", "pc", "anarchy", sheet((2, 3, 4, 6, 3), [("hacking", 6, "CI"), ("electronics", 4, ""),
                                                            ("engineering", 3, ""), ("firearms", 2, "")],
                                         [Edge("Cyberdeck de pointe", 2, 0, "skill:hacking")], 3, 3), 9, "Decker naine"),
        _c("Corbeau", "pc", "anarchy", sheet((2, 3, 6, 4, 5), [("sorcery", 5, "combat"), ("conjuring", 4, ""),
                                                                ("negotiation", 3, ""), ("survival", 3, "")],
                                             [Edge("Mentor Corbeau", 0, 2, "skill:sorcery")], 2, 3), 10,
           "Chaman humain"),
    ]
    npcs = [
        _c("Vigile corpo", "npc", "anarchy", sheet((4, 4, 3, 3, 2), [("firearms", 3, ""), ("close_combat", 2, "")],
                                                   luck=0, anarchy=0), 10),
        _c("Ganger", "npc", "anarchy", sheet((4, 3, 2, 2, 3), [("close_combat", 3, ""), ("intimidation", 2, "")],
                                             luck=0, anarchy=0), 9),
        _c("Esprit de feu", "npc", "anarchy", sheet((5, 6, 5, 4, 4), [("astral_combat", 5, ""), ("close_combat", 4, "")],
                                                    luck=0, anarchy=0), 12),
    ]
    scenes = [
        ("Infiltration chez Renraku", "Into Renraku's offices", [
            ("Passer la sécurité", "Slip past security", R("skill", "stealth"), 3, False),
            ("Pirater la porte", "Hack the door", R("skill", "hacking"), 2, False),
            ("Remarquer la caméra", "Notice the camera", R("preset", "perception"), 2, True)]),
        ("La fuite", "The getaway", [
            ("Semer les poursuivants", "Lose the pursuers", R("skill", "athletics"), 2, False),
            ("Tenir le coup", "Hold on", R("preset", "resist_fatigue"), 1, False),
            ("Se souvenir du plan", "Recall the map", R("preset", "recall_detail"), 2, True),
            ("Négocier l'extraction", "Negotiate the extraction", R("skill", "negotiation"), 3, False)]),
    ]
    fight = [("Ghost", 2, []), ("Vigile corpo", 4, [ConditionState("wounded", 1, None)]), ("Brick", 5, []),
             ("Ganger", 0, []), ("Nyx", 0, [ConditionState("malus", 2, 2, "end")]), ("Esprit de feu", 3, [])]
    return pcs, npcs, scenes, fight


PARTIES = {"pf2": pf2, "dnd5e": dnd5e, "dnd35": dnd35, "cof": cof, "anarchy": anarchy}
