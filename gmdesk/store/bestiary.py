"""Adding bestiary creatures to the campaign and its fight in one transaction (all or none): the NPCs
made by ``gmdesk.campaign.bestiary.new_npcs`` are stored, then join the encounter in progress (one
is started when there is none). The window records the whole as one undo step."""

from __future__ import annotations

import random

from gmdesk.campaign.bestiary import join_fight, new_npcs
from gmdesk.campaign.fight_queue import Event
from gmdesk.campaign.model import Character, Encounter
from gmdesk.systems.kit.bestiary import Creature

FIGHT_NAME = "Encounter"


def add_to_fight(store, creature: Creature, count: int, rng: random.Random, hp: str = "average",
                 hidden: bool = False, lang: str = "en") -> tuple[list[Character], Encounter, list[Event]]:
    """``count`` of ``creature`` as NPCs of the campaign, in the fight: returns the stored characters,
    the encounter as stored, and what happened (joined, initiative) for the fight log."""
    taken = [c.name for c in store.characters.list()]
    npcs = new_npcs(creature, count, rng, hp, taken)  # refused here, before anything is written
    house_rules = store.info.house_rules

    def run() -> tuple[list[Character], Encounter, list[Event]]:
        stored = store.characters.add_many(npcs)
        enc = store.encounter.get() or Encounter(None, FIGHT_NAME)
        events = join_fight(enc, stored, rng, house_rules, hidden, lang)
        return stored, store.encounter.save(enc), events

    return store.together(run, "add the creatures to the fight")
