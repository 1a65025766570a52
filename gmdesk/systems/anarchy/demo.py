"""The Shadowrun Anarchy demo: a party of four, monsters, two scenes of prepared checks and a fight in
round 2 (``gmdesk.campaign.demo`` makes a campaign of it). Names are French, as the seed's table plays.
"""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.demo import Demo, Fighting, Member, Party
from gmdesk.systems.kit.refs import CheckRef as R

from .sheet import AnarchySheet, Edge, Skill


def _ab(*scores: int, keys=("str", "dex", "con", "int", "wis", "cha")) -> dict:
    return dict(zip(keys, scores))


def _c(name, kind, sheet, hp, notes="") -> Member:
    return Member(name, kind, sheet, hp, notes)


def party() -> Party:
    def sheet(attrs, skills, edges=(), luck=2, anarchy=3):
        return AnarchySheet(_ab(*attrs, keys=("for", "agi", "vol", "log", "cha")),
                            [Skill(k, r, "", s) for k, r, s in skills], list(edges), luck, anarchy)

    pcs = [
        _c("Ghost", "pc", sheet((2, 6, 4, 3, 3), [("stealth", 5, "urbain"), ("firearms", 4, ""),
                                                              ("athletics", 3, ""), ("con", 2, "")],
                                           [Edge("Réflexes câblés", 1, 0, "attack"),
                                            Edge("Silencieuse", 0, 1, "skill:stealth")]), 10, "Infiltratrice elfe"),
        _c("Brick", "pc", sheet((7, 4, 3, 2, 2), [("close_combat", 5, "lames"), ("intimidation", 4, ""),
                                                              ("athletics", 3, ""), ("heavy_weapons", 3, "")],
                                           [Edge("Dur à cuire", 2, 0, "preset:resist_fatigue")], 1, 3),
           14, "Samouraï des rues troll"),
        _c("Nyx", "pc", sheet((2, 3, 4, 6, 3), [("hacking", 6, "CI"), ("electronics", 4, ""),
                                                            ("engineering", 3, ""), ("firearms", 2, "")],
                                         [Edge("Cyberdeck de pointe", 2, 0, "skill:hacking")], 3, 3), 9, "Decker naine"),
        _c("Corbeau", "pc", sheet((2, 3, 6, 4, 5), [("sorcery", 5, "combat"), ("conjuring", 4, ""),
                                                                ("negotiation", 3, ""), ("survival", 3, "")],
                                             [Edge("Mentor Corbeau", 0, 2, "skill:sorcery")], 2, 3), 10,
           "Chaman humain"),
    ]
    npcs = [
        _c("Vigile corpo", "npc", sheet((4, 4, 3, 3, 2), [("firearms", 3, ""), ("close_combat", 2, "")],
                                                   luck=0, anarchy=0), 10),
        _c("Ganger", "npc", sheet((4, 3, 2, 2, 3), [("close_combat", 3, ""), ("intimidation", 2, "")],
                                             luck=0, anarchy=0), 9),
        _c("Esprit de feu", "npc", sheet((5, 6, 5, 4, 4), [("astral_combat", 5, ""), ("close_combat", 4, "")],
                                                    luck=0, anarchy=0), 12),
    ]
    scenes = [
        ("Infiltration chez Renraku", "Into Renraku’s offices", [
            ("Passer la sécurité", "Slip past security", R("skill", "stealth"), 3, False),
            ("Pirater la porte", "Hack the door", R("skill", "hacking"), 2, False),
            ("Remarquer la caméra", "Notice the camera", R("preset", "perception"), 2, True)]),
        ("La fuite", "The getaway", [
            ("Semer les poursuivants", "Lose the pursuers", R("skill", "athletics"), 2, False),
            ("Tenir le coup", "Hold on", R("preset", "resist_fatigue"), 1, False),
            ("Se souvenir du plan", "Recall the map", R("preset", "recall_detail"), 2, True),
            ("Négocier l’extraction", "Negotiate the extraction", R("skill", "negotiation"), 3, False)]),
    ]
    fight = [("Ghost", 2, []), ("Vigile corpo", 4, [Fighting("wounded", 1, None)]), ("Brick", 5, []),
             ("Ganger", 0, []), ("Nyx", 0, [Fighting("malus", 2, 2, "end")]), ("Esprit de feu", 3, [])]
    return Party(pcs, npcs, scenes, fight)


def attack(character) -> R:
    """The fight's attacks: firearms for those who have the skill, close combat for the others."""
    skills = {s.key for s in character.sheet.skills}
    return R("attack", "ranged" if "firearms" in skills else "melee")



# The demo's names, items and notes for an English GM (the French are the seed's); the
# campaign is built in the GM's language (``gmdesk.campaign.demo``).
ENGLISH = {
    'Corbeau': 'Raven',
    'Vigile corpo': 'Corp security guard',
    'Esprit de feu': 'Fire spirit',
    'Infiltratrice elfe': 'Elf infiltrator',
    'Samouraï des rues troll': 'Troll street samurai',
    'Decker naine': 'Dwarf decker',
    'Chaman humain': 'Human shaman',
    'CI': 'IC',
    'Cyberdeck de pointe': 'High-end cyberdeck',
    'Dur à cuire': 'Tough as nails',
    'Mentor Corbeau': 'Raven mentor',
    'Réflexes câblés': 'Wired reflexes',
    'Silencieuse': 'Silencer',
    'urbain': 'urban',  # the skills' specialisations
    'lames': 'blades',
    'combat': 'combat',
}

DEMO = Demo(Word('Red Night in Seattle', 'Nuit rouge à Seattle'), 2016, party, attack=attack, english=ENGLISH)
