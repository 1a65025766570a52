"""Shadowrun Anarchy conditions: gmdesk's own (the seed has dice modifiers, not named conditions);
the GM sets every value."""

from __future__ import annotations

from gmdesk.systems.kit.conditions import C, Effect, catalogue_of

CONDITIONS = (
    C("malus", "dice penalty", "malus de dés", (Effect("dice", "checks", -1, True),), valued=True),
    C("bonus", "dice bonus", "bonus de dés", (Effect("dice", "checks", 1, True),), valued=True),
    C("wounded", "wounded", "blessé", (Effect("dice", "checks", -1, True),), valued=True,
      note_en="−1 die per point to every test", note_fr="−1 dé par point à tous les tests"),
    C("blinded", "blinded", "aveuglé", (Effect("dice", "attack", -1, True), Effect("dice", "preset:perception", -1, True),
                                         Effect("dice", "preset:catch_object", -1, True)), valued=True,
      note_en="−N dice to attacks and sight-based tests", note_fr="−N dés aux attaques et à la vue"),
    C("prone", "prone", "à terre", (Effect("dice", "attack", -1, True),), valued=True),
    C("stunned", "stunned", "sonné", (Effect("dice", "checks", -1, True),), valued=True),
)

CATALOGUE = catalogue_of(CONDITIONS)
