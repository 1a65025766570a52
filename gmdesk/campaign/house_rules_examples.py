"""One worked example per ruling (R-1…R-5): the exact figure it gives under RULES.md's ruling and
under the house rule, for the house-rules dialog to show beside each choice and for the docs.

The examples are the systems' (``GameSystem.ruling_examples``: the texts and the figure, which
the engine computes, never written by hand); here they are found by ruling id.
"""

from __future__ import annotations

import random
from fractions import Fraction

from gmdesk import systems
from gmdesk.engine.words import Word
from gmdesk.systems.kit.rulings import RulingExample


def rulings_of(system: str) -> tuple[str, ...]:
    """The rulings that concern a system's checks (what its house-rules dialog offers)."""
    found = systems.find(system)
    return found.rulings if found is not None else ()


def ruling_example(ruling: str) -> RulingExample:
    for system in systems.all_systems():
        if ruling in system.ruling_examples:
            return system.ruling_examples[ruling]
    raise KeyError(ruling)


def example(ruling: str, ruling_on: bool) -> Fraction:
    """The example's figure under RULES.md's ruling (``ruling_on``) or under the house rule."""
    return ruling_example(ruling).figure(ruling_on)


# The initiative tie rule's example: a player character and an opponent tied. Where initiative is
# rolled the opponent's modifier is the higher, so that each rule puts a different one first; where
# it is a score (cof), a tie on the score is a tie on the modifier too.
TIE_EXAMPLE = Word("Tied at {score}, a player character ({pc}) and an opponent ({npc}): {first}.",
                   "À égalité à {score}, un personnage joueur ({pc}) et un adversaire ({npc})\u202f: {first}.")
MODIFIER = Word("modifier {m:+d}", "modificateur {m:+d}")
_FIRST = {
    "pc": Word("the player character acts first", "le personnage joueur agit d’abord"),
    "npc": Word("the opponent acts first", "l’adversaire agit d’abord"),
    "reroll": Word("a reroll between the two decides", "une relance entre les deux décide"),
    "gm": Word("the GM decides", "le MJ décide"),
}


def tie_example(system: str, rule: str, lang: str = "en") -> str:
    """What the tie rule ``rule`` does to two combatants tied on initiative, computed by the queue's
    own sort (``sort_queue``), in the GM's language."""
    from .initiative import sort_queue
    from .model import Combatant, Encounter

    fight = systems.get(system).fight
    score, mods = (15, (2, 3)) if fight.rolled else (12, (12, 12))
    pc = Combatant(1, "pc", initiative=score, kind="pc", init_modifier=mods[0])
    npc = Combatant(2, "npc", initiative=score, kind="npc", init_modifier=mods[1])
    enc = Encounter(1, "example", combatants=[pc, npc])
    sort_queue(enc, system, random.Random(0), rule)
    first = enc.queue()[0]
    # a modifier, or the score itself (cof's Init 12)
    shown = (lambda m: MODIFIER.text(lang).format(m=m)) if fight.rolled else (lambda m: f"{fight.modifier_label} {m}")
    if rule == "manual" or first.tiebreak.startswith("GM"):
        outcome = "gm"
    elif first.tiebreak.startswith("reroll"):
        outcome = "reroll"
    else:
        outcome = first.kind
    return TIE_EXAMPLE.text(lang).format(score=score, pc=shown(mods[0]), npc=shown(mods[1]),
                                         first=_FIRST[outcome].text(lang))
