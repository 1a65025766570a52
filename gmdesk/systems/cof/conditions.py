"""Chroniques Oubliées Fantasy conditions (the core book). The d12 of weakened and immobilized is
shown, not computed: the engine rolls a d20."""

from __future__ import annotations

from gmdesk.systems.kit.conditions import C, Effect, mod, catalogue_of

CONDITIONS = (
    C("aveugle", "blinded", "aveuglé", mod(-5, "initiative", "attack", "ac"),
      note_en="−5 initiative, attack and DEF", note_fr="−5 en Init., attaque et DEF"),
    C("renverse", "knocked down", "renversé", mod(-5, "attack", "ac"), note_en="−5 attack and DEF",
      note_fr="−5 en attaque et DEF"),
    C("etourdi", "stunned", "étourdi", mod(-5, "ac"), note_en="no action, −5 DEF",
      note_fr="aucune action, −5 en DEF"),
    C("surpris", "surprised", "surpris", mod(-5, "ac"), note_en="no action this round, −5 DEF",
      note_fr="pas d'action ce tour, −5 en DEF"),
    C("affaibli", "weakened", "affaibli", (Effect("note", "checks"),),
      note_en="d12 instead of d20 for every test (not computed: the engine rolls a d20)",
      note_fr="d12 au lieu du d20 (non calculé)"),
    C("immobilise", "immobilized", "immobilisé", (Effect("note", "checks"),),
      note_en="cannot move; d12 instead of d20 (not computed)", note_fr="ne peut bouger ; d12 au lieu du d20"),
    C("ralenti", "slowed", "ralenti", note_en="one action per turn", note_fr="une seule action par tour"),
    C("paralyse", "paralysed", "paralysé", note_en="no action; every attack hits", note_fr="aucune action"),
)

CATALOGUE = catalogue_of(CONDITIONS)
