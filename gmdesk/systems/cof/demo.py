"""The Chroniques Oubliées Fantasy demo: a party of four, monsters, two scenes of prepared checks and a fight in
round 2 (``gmdesk.campaign.demo`` makes a campaign of it). Names are French, as the seed's table plays.
"""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.demo import Demo, Fighting, Member, Party
from gmdesk.systems.kit.refs import CheckRef as R

from .sheet import CofSheet, Path


def _ab(*scores: int, keys=("str", "dex", "con", "int", "wis", "cha")) -> dict:
    return dict(zip(keys, scores))


def _c(name, kind, sheet, hp, notes="") -> Member:
    return Member(name, kind, sheet, hp, notes)


def party() -> Party:
    # ATC/ATD without the characteristic, which an attack test adds (docs/rules.md): a level 3
    # character's ATC is 3, and Bardin (FOR +3) attacks in melee at +6, as his official sheet says.
    keys = ("for", "dex", "con", "int", "sag", "cha")
    pcs = [
        _c("Aëlys", "pc", CofSheet(3, _ab(0, 3, 1, 1, 2, 0, keys=keys), 3, 3, 15, 16,
                                          [Path("voie de l’archer", 3, "dex"), Path("voie du traqueur", 2, "sag")]),
           26, "Rôdeuse elfe"),
        _c("Bardin", "pc", CofSheet(3, _ab(3, 0, 3, -1, 1, 0, keys=keys), 3, 3, 18, 10,
                                           [Path("voie du bouclier", 3, "con"), Path("voie du combat", 2, "for")]),
           36, "Guerrier nain"),
        _c("Théodric", "pc", CofSheet(3, _ab(1, 0, 1, 0, 3, 2, keys=keys), 3, 3, 16, 10,
                                             [Path("voie de la prière", 3, "sag"), Path("voie du soldat", 1, "for")]),
           27, "Prêtre humain"),
        _c("Zéphirine", "pc", CofSheet(3, _ab(-1, 2, 0, 3, 1, 1, keys=keys), 3, 3, 12, 14,
                                              [Path("voie de la magie des arcanes", 3, "int"),
                                               Path("voie des illusions", 2, "cha")]), 19, "Magicienne humaine"),
    ]
    npcs = [
        _c("Loup", "npc", CofSheet(1, _ab(1, 2, 1, -4, 2, -2, keys=keys), 2, 0, 14, 14), 9),
        _c("Bandit", "npc", CofSheet(1, _ab(1, 1, 1, 0, 0, 0, keys=keys), 2, 2, 14, 12), 10),
        _c("Ogre", "npc", CofSheet(4, _ab(5, -1, 4, -2, 0, -1, keys=keys), 2, 2, 14, 8), 45),
    ]
    scenes = [
        ("La forêt des Murmures", "The Whispering Forest", [
            ("Suivre la piste", "Follow the trail", R("path", "voie du traqueur"), 15, False),
            ("Remarquer l’embuscade", "Notice the ambush", R("ability", "sag"), 15, True),
            ("Passer le torrent", "Cross the torrent", R("ability", "for"), 10, False)]),
        ("La tour de l’alchimiste", "The alchemist’s tower", [
            ("Déchiffrer le grimoire", "Read the grimoire", R("path", "voie de la magie des arcanes"), 20, False),
            ("Escalader la façade", "Climb the wall", R("ability", "dex"), 15, False),
            ("Convaincre le gardien", "Persuade the warden", R("ability", "cha"), 15, True)]),
    ]
    fight = [("Aëlys", 4, []), ("Loup", 5, [Fighting("renverse", None, 1, "start")]), ("Zéphirine", 0, []),
             ("Bardin", 9, []), ("Théodric", 0, []), ("Ogre", 14, [Fighting("aveugle", None, 2, "end")])]
    return Party(pcs, npcs, scenes, fight)



# The demo's names, items and notes for an English GM (the French are the seed's); the
# campaign is built in the GM's language (``gmdesk.campaign.demo``).
ENGLISH = {
    'Loup': 'Wolf',
    'Rôdeuse elfe': 'Elf ranger',
    'Guerrier nain': 'Dwarf fighter',
    'Prêtre humain': 'Human priest',
    'Magicienne humaine': 'Human wizard',
}

DEMO = Demo(Word('The Lands of Osgild', "Les Terres d’Osgild"), 2009, party, english=ENGLISH)
