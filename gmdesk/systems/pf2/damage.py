"""Pathfinder 2 damage (docs/rules.md, "Damage"): a Strike's success deals the damage, a critical
success doubles it (the total, as the seed says), a failure or a critical failure deals none; a basic
save against a damaging action: critical success none, success half (rounded down), failure full,
critical failure double. A round's second Strike takes −5, the third and later −10 (the multiple attack
penalty; agile weapons' −4/−8 are not modelled: the sheet does not say which weapons are agile)."""

from __future__ import annotations

from gmdesk.engine.damage import DOUBLE, FULL, HALF, NONE
from gmdesk.engine.words import Word
from gmdesk.systems.kit.damage import DamageRules

DAMAGE = DamageRules(
    attack={"critical_failure": NONE, "failure": NONE, "success": FULL, "critical_success": DOUBLE},
    save={"critical_success": NONE, "success": HALF, "failure": FULL, "critical_failure": DOUBLE},
    penalties=(0, -5, -10),
    penalty_name=Word("multiple attack penalty", "pénalité d’attaques multiples"),
    said=Word("A success deals the Strike's damage, a critical success doubles it, a failure deals none; the "
              "second Strike of a round takes −5, the third −10 (agile weapons' −4/−8 are not modelled).",
              "Une réussite inflige les dégâts de la Frappe, une réussite critique les double, un échec "
              "n’inflige rien\u202f; la deuxième Frappe d’un round subit −5, la troisième −10 (le −4/−8 des "
              "armes agiles n’est pas modélisé)."),
)
