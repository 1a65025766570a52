"""Files gmdesk reads into a Pathfinder 2 campaign (``GameSystem.importers``):

- a **Pathbuilder 2e** JSON export (``{"success": true, "build": {…}}``) becomes a pf2 character:
  name, level, ability scores, the ranks of Perception, the saves and every skill and Lore (Pathbuilder
  stores 0/2/4/6/8 for untrained…legendary), armor and weapon ranks, Strikes, AC parts, HP;
- a **Foundry VTT pf2e NPC** actor becomes a pf2 stat block with its printed modifiers, in the old
  shape (Perception under ``attributes``, skills as ``lore`` items) and the new one (``system.perception``,
  ``system.skills.<slug>.base``).

Pathbuilder builds for the release rules; the character keeps its ranks and abilities and gmdesk
computes with the campaign's rules (Campaign › House rules…: proficiency as in the playtest or as in
the release rules).

Each format is read in its own module (``pathbuilder``, ``foundry_npc``); this one lists them, and names
what they define again so that a caller imports it from here.
"""

from __future__ import annotations

from gmdesk.systems.kit.importing import FileImporter

from .foundry_npc import FOUNDRY_NPC, _foundry_claims, glance_foundry_npc, read_foundry_npc
from .pathbuilder import (BONUS_KINDS, DAMAGE_TYPES, HP_PARTS, PATHBUILDER, RANGED_WORDS,  # noqa: F401  (re-exported)
                          RANK_OF, RANK_WORDS, STARFINDER, STRIKING, _pathbuilder_claims, read_pathbuilder)

IMPORTERS = (FileImporter("pathbuilder", PATHBUILDER, _pathbuilder_claims, read_pathbuilder),
             FileImporter("foundry-pf2e-npc", FOUNDRY_NPC, _foundry_claims, read_foundry_npc, glance_foundry_npc))
