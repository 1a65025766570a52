"""The encounter's difficulty for this party, live: the campaign's player characters against the
creatures in the fight, judged by the system's own budget (``GameSystem.difficulty``); a system whose
rules give none says so (``Difficulty.reached`` None and the reason, in both languages)."""

from __future__ import annotations

from typing import Iterable, Mapping

from gmdesk import systems
from gmdesk.engine.words import Word
from gmdesk.systems.kit.bestiary import Difficulty, no_budget

from .model import Character, Encounter


def level_of(character: Character) -> int:
    """A character's level (a stat block's too); 0 for a system without levels."""
    return getattr(character.sheet, "level", None) or 0


def judge(system_id: str, party: Iterable[Character], creatures: Iterable[object]) -> Difficulty:
    """``party``'s characters against ``creatures`` (stat blocks or sheets: what each is worth is the
    system's business)."""
    system = systems.get(system_id)
    if system.difficulty is None:
        return no_budget(Word(f"{system.name.en}: its rules in gmdesk give no encounter budget",
                              f"{system.name.fr}\u202f: ses règles dans gmdesk ne donnent pas de budget de rencontre"))
    return system.difficulty([level_of(c) for c in party], list(creatures))


def in_fight(encounter: Encounter | None, characters: Mapping[int, Character]) -> tuple[list[Character], int]:
    """The NPCs fighting (linked to a character, not dead) and how many fight without a sheet (ad hoc)."""
    found, ad_hoc = [], 0
    for c in (encounter.queue() if encounter is not None else []):
        if c.kind == "pc" or c.state == "dead":
            continue
        character = characters.get(c.character_id) if c.character_id is not None else None
        if character is None:
            ad_hoc += 1
        else:
            found.append(character)
    return found, ad_hoc


def of_encounter(system_id: str, encounter: Encounter | None, characters: Iterable[Character]) -> Difficulty:
    """The fight in progress against the campaign's player characters."""
    by_id = {c.id: c for c in characters}
    party = [c for c in by_id.values() if c.is_pc]
    npcs, ad_hoc = in_fight(encounter, by_id)
    found = judge(system_id, party, [c.sheet for c in npcs])
    if ad_hoc and found.reached is not None:
        note = Word(f"{ad_hoc} combatant(s) without a sheet not counted",
                    f"{ad_hoc} combattant(s) sans fiche non compté(s)")
        found = Difficulty(found.budget, found.xp, found.reached, found.words, found.reason, found.notes + (note,),
                           found.creature_xp)
    return found
