"""Issue 23 §7: several stat blocks pasted together, as a GM copies them from a PDF or a web page (no
empty line between them, "Creature –1" with an en dash, the level on the name's line or on its own),
are several creatures in every system, in English and in French: each keeps its own numbers and its
own attacks, its level or challenge read as printed, and no line of one is read into the other.

The blocks are written for these tests (numbers and layouts as the books print them)."""

from __future__ import annotations

import pytest

from gmdesk.campaign.importing import read_text
from gmdesk.systems.kit.statblock_text import lines

# -- Pathfinder 2 -------------------------------------------------------------------------------------

PF2_GOBLIN = """\
{title}
CG SMALL GOBLIN HUMANOID
Perception +2; darkvision
Languages Common, Goblin
Skills Acrobatics +5, Athletics +2, Nature +1, Stealth +5
Str +0, Dex +3, Con +1, Int +0, Wis –1, Cha +1
Items dogslicer, leather armor, shortbow (10 arrows)
AC 16; Fort +5, Ref +7, Will +3
HP 6
Speed 25 feet
Melee [one-action] dogslicer +7 (agile, backstabber, finesse), Damage 1d6 slashing
Ranged [one-action] shortbow +7 (deadly 1d10, range increment 60 feet, reload 0), Damage 1d6 piercing
"""
PF2_KOBOLD = """\
{title}
LE SMALL HUMANOID KOBOLD
Perception +3; darkvision
Languages Draconic
Skills Acrobatics +5, Crafting +2, Stealth +5
Str +1, Dex +3, Con +0, Int +0, Wis +1, Cha –1
Items leather armor, sling (20 bullets), spear
AC 16; Fort +4, Ref +7, Will +3
HP 8
Speed 25 feet
Melee [one-action] spear +3, Damage 1d6 piercing
Ranged [one-action] sling +7 (propulsive, range increment 50 feet, reload 1), Damage 1d4 bludgeoning
"""
PF2_GOBELIN = """\
{title}
CB PETIT GOBELIN HUMANOÏDE
Perception +2 ; vision dans le noir
Langues commun, gobelin
Compétences Acrobaties +5, Athlétisme +2, Nature +1, Discrétion +5
For +0, Dex +3, Con +1, Int +0, Sag –1, Cha +1
Objets armure de cuir, arc court (10 flèches), tranchechien
CA 16 ; Réf +7, Vig +5, Vol +3
PV 6
Vitesse 7,50 m
Corps à corps ◆ tranchechien +7 (agile, attaque sournoise, finesse), Dégâts 1d6 tranchants
Distance ◆ arc court +7 (mortel 1d10, facteur de portée 18 m), Dégâts 1d6 perforants
"""
PF2_KOBOLD_FR = """\
{title}
LM PETIT HUMANOÏDE KOBOLD
Perception +3 ; vision dans le noir
Langues draconique
Compétences Acrobaties +5, Artisanat +2, Discrétion +5
For +1, Dex +3, Con +0, Int +0, Sag +1, Cha –1
CA 16 ; Réf +7, Vig +4, Vol +3
PV 8
Vitesse 7,50 m
Corps à corps ◆ lance +3, Dégâts 1d6 perforants
Distance ◆ fronde +7 (propulsion, facteur de portée 15 m), Dégâts 1d4 contondants
"""


def two(system: str, first: str, second: str) -> list:
    """The creatures read from ``first`` pasted right above ``second``; neither takes a line of the other."""
    found = read_text(first + second, system)
    assert len(found) == 2, [f.name for f in found]
    for imported, own in zip(found, (first, second)):
        assert set(imported.unrecognised) <= set(lines(own)), (imported.name, imported.unrecognised)
    return found


def attacks(imported) -> dict[str, tuple[str, int]]:
    return {a.name: (a.kind, a.bonus) for a in imported.sheet.attacks}


PF2 = {"en": (PF2_GOBLIN, PF2_KOBOLD, ("Goblin Warrior", "Kobold Warrior"),
              {"dogslicer": ("melee", 7), "shortbow": ("ranged", 7)}, {"spear": ("melee", 3), "sling": ("ranged", 7)}),
       "fr": (PF2_GOBELIN, PF2_KOBOLD_FR, ("Guerrier gobelin", "Kobold guerrier"),
              {"tranchechien": ("melee", 7), "arc court": ("ranged", 7)}, {"lance": ("melee", 3), "fronde": ("ranged", 7)})}


@pytest.mark.parametrize("lang, goblin_title, kobold_title, levels", [
    ("en", "Goblin Warrior Creature –1", "Kobold Warrior Creature –1", (-1, -1)),  # as copied from the PDF
    ("en", "GOBLIN WARRIOR CREATURE -1", "KOBOLD WARRIOR CREATURE 2", (-1, 2)),
    ("en", "Goblin Warrior\nCreature –1", "Kobold Warrior\nCREATURE −1", (-1, -1)),  # the level on its own line
    ("en", "GOBLIN WARRIOR\nCreature 2", "Kobold Warrior\ncreature – 1", (2, -1)),
    ("en", "CREATURE –1\nGOBLIN WARRIOR", "CREATURE 2\nKOBOLD WARRIOR", (-1, 2)),  # the level above, as a PDF gave it
    ("fr", "GUERRIER GOBELIN CRÉATURE –1", "KOBOLD GUERRIER CRÉATURE 2", (-1, 2)),
    ("fr", "Guerrier gobelin\nCréature –1", "Kobold guerrier\nCRÉATURE −1", (-1, -1)),
])
def test_pf2_goblin_and_kobold_pasted_together_are_two_creatures(lang, goblin_title, kobold_title, levels):
    goblin_text, kobold_text, names, goblin_strikes, kobold_strikes = PF2[lang]
    goblin, kobold = two("pf2", goblin_text.format(title=goblin_title), kobold_text.format(title=kobold_title))
    assert (goblin.name, kobold.name) == names
    assert (goblin.sheet.level, kobold.sheet.level) == levels
    assert (attacks(goblin), attacks(kobold)) == (goblin_strikes, kobold_strikes)
    assert (goblin.sheet.checks["perception"], kobold.sheet.checks["perception"]) == (2, 3)
    assert (goblin.sheet.checks["save:fortitude"], kobold.sheet.checks["save:fortitude"]) == (5, 4)
    assert "skill:crafting" in kobold.sheet.checks and "skill:crafting" not in goblin.sheet.checks
    assert (goblin.max_hp, kobold.max_hp) == (6, 8)


def test_pf2_blocks_whose_titles_are_not_recognised_are_still_two_creatures():
    """No "Creature n" at all: the second Perception line starts the second block, its name above it."""
    goblin, kobold = two("pf2", PF2_GOBLIN.format(title="Goblin Warrior"), PF2_KOBOLD.format(title="Kobold Warrior"))
    assert (goblin.name, kobold.name) == ("Goblin Warrior", "Kobold Warrior")
    assert attacks(kobold) == {"spear": ("melee", 3), "sling": ("ranged", 7)}
    assert (goblin.sheet.level, kobold.sheet.level) == (0, 0)  # not printed


# -- D&D 5e ------------------------------------------------------------------------------------------------

DND5E_GOBLIN = """\
GOBLIN SKIRMISHER
Small humanoid (goblinoid), neutral evil
Armor Class 15 (leather armor, shield)
Hit Points 7 (2d6)
Speed 30 ft.
STR DEX CON INT WIS CHA
8 (−1) 14 (+2) 10 (+0) 10 (+0) 8 (−1) 8 (−1)
Skills Stealth +6
Senses darkvision 60 ft., passive Perception 9
Languages Common, Goblin
Challenge 1/4 (50 XP)
Actions
Scimitar. Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 5 (1d6 + 2) slashing damage.
Shortbow. Ranged Weapon Attack: +4 to hit, range 80/320 ft., one target. Hit: 5 (1d6 + 2) piercing damage.
"""
DND5E_KOBOLD = """\
{title}
Armor Class 12
Hit Points 5 (2d6 − 2)
Speed 30 ft.
STR DEX CON INT WIS CHA
7 (−2) 15 (+2) 9 (−1) 8 (−1) 7 (−2) 8 (−1)
Saving Throws Dex +4
Senses darkvision 60 ft., passive Perception 8
Languages Common, Draconic
{challenge}Actions
Dagger. Melee Weapon Attack: +3 to hit, reach 5 ft., one target. Hit: 4 (1d4 + 2) piercing damage.
Sling. Ranged Weapon Attack: +5 to hit, range 30/120 ft., one target. Hit: 4 (1d4 + 2) bludgeoning damage.
"""
DND5E_GOBELIN = """\
GOBELIN ESCARMOUCHEUR
Humanoïde (gobelinoïde) de taille P, neutre mauvais
Classe d’armure 15 (armure de cuir, bouclier)
Points de vie 7 (2d6)
Vitesse 9 m
FOR DEX CON INT SAG CHA
8 (−1) 14 (+2) 10 (+0) 10 (+0) 8 (−1) 8 (−1)
Compétences Discrétion +6
Sens vision dans le noir 18 m, Perception passive 9
Langues commun, gobelin
Puissance 1/4 (50 PX)
Actions
Cimeterre. Attaque d’arme au corps à corps : +4 au toucher, allonge 1,50 m, une cible. Touché : 5 (1d6 + 2) dégâts tranchants.
"""
DND5E_KOBOLD_FR = """\
KOBOLD DES TUNNELS
Humanoïde (kobold) de taille P, loyal mauvais
Classe d’armure 12
Points de vie 5 (2d6 − 2)
Vitesse 9 m
FOR DEX CON INT SAG CHA
7 (−2) 15 (+2) 9 (−1) 8 (−1) 7 (−2) 8 (−1)
Sens vision dans le noir 18 m, Perception passive 8
Langues commun, draconique
Puissance 2 (450 PX)
Actions
Fronde. Attaque d’arme à distance : +5 au toucher, portée 9/36 m, une cible. Touché : 4 (1d4 + 2) dégâts contondants.
"""


@pytest.mark.parametrize("title, challenge", [
    ("KOBOLD TUNNELER\nSmall humanoid (kobold), lawful evil", "Challenge 2 (450 XP)\n"),
    ("KOBOLD TUNNELER CR 2", ""),  # the challenge on the name's line, no size line: a second Armor Class
])
def test_dnd5e_blocks_pasted_together_are_two_creatures(title, challenge):
    goblin, kobold = two("dnd5e", DND5E_GOBLIN, DND5E_KOBOLD.format(title=title, challenge=challenge))
    assert (goblin.name, kobold.name) == ("Goblin Skirmisher", "Kobold Tunneler")
    assert (goblin.sheet.challenge, kobold.sheet.challenge) == ("1/4", "2")
    assert (goblin.sheet.level, kobold.sheet.level) == (0, 2)
    assert attacks(goblin) == {"Scimitar": ("melee", 4), "Shortbow": ("ranged", 4)}
    assert attacks(kobold) == {"Dagger": ("melee", 3), "Sling": ("ranged", 5)}
    assert "save:dex" in kobold.sheet.checks and "save:dex" not in goblin.sheet.checks
    assert (goblin.sheet.numbers["ac"], kobold.sheet.numbers["ac"]) == (15, 12)


def test_dnd5e_french_blocks_pasted_together_are_two_creatures():
    goblin, kobold = two("dnd5e", DND5E_GOBELIN, DND5E_KOBOLD_FR)
    assert (goblin.name, kobold.name) == ("Gobelin escarmoucheur", "Kobold des tunnels")
    assert (goblin.sheet.challenge, kobold.sheet.level) == ("1/4", 2)
    assert attacks(goblin) == {"Cimeterre": ("melee", 4)}
    assert attacks(kobold) == {"Fronde": ("ranged", 5)}


# -- D&D 3.5 -------------------------------------------------------------------------------------------

DND35_GOBLIN = """\
Marsh Goblin, 1st-Level Warrior
Small Humanoid (Goblinoid)
Hit Dice: 1d8+1 (5 hp)
Initiative: +1
Speed: 30 ft. (6 squares)
Armor Class: 15 (+1 size, +1 Dex, +2 leather, +1 light shield), touch 12, flat-footed 14
Base Attack/Grapple: +1/−3
Attack: Morningstar +2 melee (1d6) or javelin +3 ranged (1d4)
Full Attack: Morningstar +2 melee (1d6) or javelin +3 ranged (1d4)
Saves: Fort +3, Ref +1, Will −1
Abilities: Str 11, Dex 13, Con 12, Int 10, Wis 9, Cha 6
Skills: Hide +5, Listen +2, Move Silently +5, Spot +2
Feats: Alertness
Challenge Rating: 1/3
"""
DND35_KOBOLD = """\
Tunnel Kobold, 1st-Level Warrior
Small Humanoid (Reptilian)
Hit Dice: 1d8 (4 hp)
Initiative: +1
Armor Class: 15 (+1 size, +1 Dex, +1 natural, +2 leather), touch 12, flat-footed 14
Base Attack/Grapple: +1/−4
Attack: Spear +1 melee (1d6−1) or sling +3 ranged (1d3)
Full Attack: Spear +1 melee (1d6−1) or sling +3 ranged (1d3)
Saves: Fort +2, Ref +1, Will −1
Abilities: Str 9, Dex 13, Con 10, Int 10, Wis 9, Cha 8
Skills: Craft (trapmaking) +2, Hide +6, Listen +2, Search +2, Spot +2
Challenge Rating: 2
"""
DND35_GOBELIN = """\
Gobelin des marais, guerrier de niveau 1
Humanoïde (gobelinoïde) de taille P
Dés de vie : 1d8+1 (5 pv)
Initiative : +1
Classe d’armure : 15 (+1 taille, +1 Dex, +2 armure de cuir, +1 écu), contact 12, pris au dépourvu 14
Attaque de base/lutte : +1/–3
Attaque : morgenstern (+2 corps à corps, 1d6) ou javeline (+3 distance, 1d4)
Jets de sauvegarde : Réf +1, Vig +3, Vol –1
Caractéristiques : For 11, Dex 13, Con 12, Int 10, Sag 9, Cha 6
Compétences : Détection +2, Discrétion +5, Perception auditive +2
Facteur de puissance : 1/3
"""
DND35_KOBOLD_FR = """\
Kobold des tunnels, guerrier de niveau 1
Humanoïde (reptilien) de taille P
Dés de vie : 1d8 (4 pv)
Initiative : +1
Classe d’armure : 15 (+1 taille, +1 Dex, +1 naturelle, +2 armure de cuir), contact 12, pris au dépourvu 14
Attaque : lance (+1 corps à corps, 1d6–1) ou fronde (+3 distance, 1d3)
Jets de sauvegarde : Réf +1, Vig +2, Vol –1
Caractéristiques : For 9, Dex 13, Con 10, Int 10, Sag 9, Cha 8
Compétences : Détection +2, Discrétion +6, Fouille +2
Facteur de puissance : 2
"""
# The condensed layout of the later books: the challenge rating on the name's line.
DND35_CONDENSED = """\
MARSH GOBLIN CR 1/3
Male goblin warrior 1
NE Small humanoid (goblinoid)
Init +1; Senses darkvision 60 ft.; Listen +2, Spot +2
AC 15, touch 12, flat-footed 14
hp 5 (1 HD)
Fort +3, Ref +1, Will −1
Melee morningstar +2 (1d6)
Ranged javelin +3 (1d4)
Base Atk +1; Grp −3
Abilities Str 11, Dex 13, Con 12, Int 10, Wis 9, Cha 6
Skills Hide +5, Listen +2, Move Silently +5, Spot +2
""", """\
TUNNEL KOBOLD CR 2
Male kobold warrior 1
LE Small humanoid (reptilian)
Init +1; Senses darkvision 60 ft.; Listen +2, Spot +2
AC 15, touch 12, flat-footed 14
hp 4 (1 HD)
Fort +2, Ref +1, Will −1
Melee spear +1 (1d6−1)
Ranged sling +3 (1d3)
Abilities Str 9, Dex 13, Con 10, Int 10, Wis 9, Cha 8
Skills Hide +6, Listen +2, Search +2, Spot +2
"""


@pytest.mark.parametrize("texts, names, weapons", [
    ((DND35_GOBLIN, DND35_KOBOLD), ("Marsh Goblin, 1st-Level Warrior", "Tunnel Kobold, 1st-Level Warrior"),
     ({"Morningstar", "Javelin"}, {"Spear", "Sling"})),
    ((DND35_GOBELIN, DND35_KOBOLD_FR), ("Gobelin des marais, guerrier de niveau 1",
                                        "Kobold des tunnels, guerrier de niveau 1"),
     ({"Morgenstern", "Javeline"}, {"Lance", "Fronde"})),
    (DND35_CONDENSED, ("Marsh Goblin", "Tunnel Kobold"), ({"Morningstar", "Javelin"}, {"Spear", "Sling"})),
], ids=["srd", "french", "condensed"])
def test_dnd35_blocks_pasted_together_are_two_creatures(texts, names, weapons):
    goblin, kobold = two("dnd35", *texts)
    assert (goblin.name, kobold.name) == names
    assert (goblin.sheet.challenge, kobold.sheet.challenge, kobold.sheet.level) == ("1/3", "2", 2)
    assert (set(attacks(goblin)), set(attacks(kobold))) == weapons
    assert {a.kind for a in goblin.sheet.attacks} == {a.kind for a in kobold.sheet.attacks} == {"melee", "ranged"}
    assert (goblin.max_hp, kobold.max_hp) == (5, 4)
    assert (goblin.sheet.checks["save:fortitude"], kobold.sheet.checks["save:fortitude"]) == (3, 2)


# -- Chroniques Oubliées ----------------------------------------------------------------------------------

COF_GOBLIN = """\
Gobelin guerrier
NC 0, taille petite
FOR –1 DEX +2 CON +0
INT +0 SAG –1 CHA –1
DEF 14 PV 5 Init 14
Épée courte +2 DM 1d6
Arc court (portée 30 m) +2 DM 1d6
"""
COF_KOBOLD = """\
Kobold des tunnels
[Archétype rapide]
NC 1, taille petite
FOR –1 DEX +2* CON +0 INT +0 SAG +1 CHA –1
DEF 13 PV 6 Init 15
Lance +1 DM 1d6–1
Fronde (portée 20 m) +3 DM 1d4
Piège à collet : une créature de NC 2 ou moins qui marche dessus est immobilisée un tour.
"""
# The compact profiles, one a line, as the bestiary prints its small creatures.
COF_COMPACT = ("Loup des marais NC 1/2, animal, taille moyenne FOR +1 DEX +2 CON +1 INT –4 SAG +1 CHA –2 DEF 14 PV 9 "
               "Init 14 Morsure +3 DM 1d6+1\n",
               "Ours brun NC 3, taille grande FOR +5* DEX +0 CON +4 INT –4 SAG +1 CHA –2 DEF 15 PV 40 Init 10 "
               "Griffes +7 DM 1d8+5\n")


def test_cof_profiles_pasted_together_are_two_creatures():
    """The kobold's trap names an NC in its text: neither a new creature nor the kobold's own level."""
    goblin, kobold = two("cof", COF_GOBLIN, COF_KOBOLD)
    assert (goblin.name, kobold.name) == ("Gobelin guerrier", "Kobold des tunnels")
    assert (goblin.sheet.level, kobold.sheet.level) == (0, 1)
    assert attacks(goblin) == {"Épée courte": ("melee", 2), "Arc court": ("ranged", 2)}
    assert attacks(kobold) == {"Lance": ("melee", 1), "Fronde": ("ranged", 3)}
    assert (goblin.sheet.numbers["defense"], kobold.sheet.numbers["defense"]) == (14, 13)
    assert (goblin.max_hp, kobold.max_hp) == (5, 6)


def test_cof_compact_profiles_one_a_line_are_two_creatures():
    wolf, bear = two("cof", *COF_COMPACT)
    assert (wolf.name, bear.name) == ("Loup des marais", "Ours brun")
    assert (wolf.sheet.challenge, bear.sheet.level) == ("1/2", 3)
    assert (attacks(wolf), attacks(bear)) == ({"Morsure": ("melee", 3)}, {"Griffes": ("melee", 7)})
    assert (wolf.max_hp, bear.max_hp) == (9, 40)


# -- Shadowrun Anarchy ----------------------------------------------------------------------------------------

ANARCHY_EN = ("""\
STREET SAMURAI
NPC – Veteran
STR 5   AGI 6   WIL 4   LOG 2   CHA 2
Essence 3.1   Edge 3
Skills: Close Combat 5 (11), Firearms 4 (10), Athletics 3 (8)
Armor: 12
Condition Monitor: Physical 11, Stun 10
Weapons: Katana (Close Combat 11) – DV 7P; Ares Predator VI (Firearms 10) – DV 5P
""", """\
GANG GRUNT
NPC – Grunt
STR 3   AGI 3   WIL 2   LOG 2   CHA 2
Essence 6   Edge 0
Skills: Close Combat 2 (5), Firearms 2 (5)
Armor: 6
Condition Monitor: Physical 9, Stun 9
Weapons: Club (Close Combat 5) – DV 4P; Streetline Special (Firearms 5) – DV 4P
""")
ANARCHY_FR = ("""\
SAMOURAÏ DES RUES
PNJ – Vétéran
FOR 5   AGI 6   VOL 4   LOG 2   CHA 2
Essence 3,1   Chance 3
Compétences : Combat rapproché 5 (11), Armes à feu 4 (10)
Armure : 12
Moniteur de condition : Physique 11, Étourdissant 10
Armes : Katana (Combat rapproché 11) – Dommages 7P ; Ares Predator VI (Armes à feu 10) – Dommages 5P
""", """\
GANGER
PNJ – Sbire
FOR 3   AGI 3   VOL 2   LOG 2   CHA 2
Compétences : Combat rapproché 2 (5), Armes à feu 2 (5)
Armure : 6
Moniteur de condition : Physique 9, Étourdissant 9
Armes : Gourdin (Combat rapproché 5) – Dommages 4P
""")


@pytest.mark.parametrize("texts, names, weapons", [
    (ANARCHY_EN, ("Street Samurai", "Gang Grunt"), ({"Katana", "Ares Predator VI"}, {"Club", "Streetline Special"})),
    (ANARCHY_FR, ("Samouraï des rues", "Ganger"), ({"Katana", "Ares Predator VI"}, {"Gourdin"})),
], ids=["english", "french"])
def test_anarchy_cards_pasted_together_are_two_npcs(texts, names, weapons):
    samurai, grunt = two("anarchy", *texts)
    assert (samurai.name, grunt.name) == names
    assert (set(attacks(samurai)), set(attacks(grunt))) == weapons
    assert (samurai.sheet.checks["skill:close_combat"], grunt.sheet.checks["skill:close_combat"]) == (11, 5)
    assert (samurai.sheet.numbers["armor"], grunt.sheet.numbers["armor"]) == (12, 6)
    assert (samurai.max_hp, grunt.max_hp) == (11, 9)
