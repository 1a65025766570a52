"""D&D 5e damage (docs/rules.md, "Damage"): a hit deals the damage, a critical hit rolls the attack's
damage dice twice (its modifiers once), a miss deals none; a save against a damaging action without an
attack roll deals half on a success, rounded down. A round: the sheet's attacks per round (Extra
Attack), each with its best attack; a stat block's routine the GM set, else its best attack once."""

from __future__ import annotations

from gmdesk.engine.damage import DOUBLE_DICE, FULL, HALF, NONE
from gmdesk.engine.words import Word
from gmdesk.systems.kit.damage import DamageRules

DAMAGE = DamageRules(
    attack={"miss": NONE, "hit": FULL, "critical_hit": DOUBLE_DICE},
    save={"failure": FULL, "success": HALF},
    said=Word("A hit deals its damage, a critical hit rolls the damage dice twice, a miss deals none; "
              "the attacks a round are those the sheet or the stat block says (else its best attack, once).",
              "Une attaque réussie inflige ses dégâts, un coup critique lance deux fois les dés de dégâts, un "
              "échec n’inflige rien\u202f; les attaques d’un round sont celles que disent la fiche ou le profil "
              "(sinon sa meilleure attaque, une fois)."),
)
