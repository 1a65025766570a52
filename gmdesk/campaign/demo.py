"""A demo campaign per system: four player characters, some monsters, two scenes of prepared checks,
a fight in round 2 (HP lost, conditions on), and a page of rolls really rolled with the engine.

Everything is deterministic: ids are numbered from 1, the rolls use ``random.Random`` seeded per
system, and log times run from a fixed evening. The store writes it into a new campaign file
(``gmdesk new --demo``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

from gmdesk import systems
from gmdesk.engine.core import RulesError

from .checks import Situation, build_check, option_label
from .house_rules import HouseRules
from .log import LogEntry
from .model import CampaignInfo, Character, Combatant, ConditionState, Encounter, PreparedCheck, Scene

START = datetime(2025, 1, 11, 19, 30, tzinfo=timezone.utc)
LOG_SIZE = 20


@dataclass
class DemoCampaign:
    info: CampaignInfo
    characters: list[Character]
    scenes: list[Scene]
    encounter: Encounter
    log_entries: list[LogEntry] = field(default_factory=list)


def demo_campaign(system: str, lang: str = "fr") -> DemoCampaign:
    """``system``'s demo (``GameSystem.demo``) as a campaign, its texts in ``lang``."""
    game = systems.get(system)  # an unknown system: a RulesError naming the known ones
    fr = lang == "fr"
    party = game.demo.party_in(lang)  # names, items and notes in the GM's language
    characters = [Character(i, m.name, m.kind, system, m.sheet, m.notes, m.max_hp)
                  for i, m in enumerate(party.pcs + party.npcs, 1)]
    info = CampaignInfo(game.demo.name.text(lang), system, HouseRules())
    scenes, check_id = [], 1
    for s_pos, (s_fr, s_en, checks) in enumerate(party.scenes):
        prepared = []
        for c_pos, (c_fr, c_en, ref, target, secret) in enumerate(checks):
            dc, threshold = (target, None) if game.target.uses_dc else (None, target)
            prepared.append(PreparedCheck(check_id, c_fr if fr else c_en, ref, dc, threshold, "", [], secret, c_pos))
            check_id += 1
        scenes.append(Scene(s_pos + 1, s_fr if fr else s_en, s_pos, prepared))
    encounter = _fight(game, characters, party.fight, fr)
    log = _log(game, info, characters, scenes, encounter, lang)
    return DemoCampaign(info, characters, scenes, encounter, log)


def _fight(game, characters: list[Character], fight, fr: bool) -> Encounter:
    by_name = {c.name: c for c in characters}
    combatants = []
    for pos, (name, lost, conditions) in enumerate(fight):
        ch = by_name[name]
        states = [ConditionState(c.key, c.value, c.rounds, c.ticks) for c in conditions]
        combatants.append(Combatant(pos + 1, name, ch.id, None, "", pos, ch.max_hp - lost, ch.max_hp, 0,
                                    "active", False, False, states, ch.kind))
    for c in combatants:  # anchor each condition on its bearer's own turn
        for cond in c.conditions:
            cond.anchor_id = c.id
    rng = random.Random(game.demo.seed + 1)
    n = len(combatants)
    for i, c in enumerate(combatants):  # descending initiative values that match the given order
        c.initiative = None if game.fight.by_hand else 10 + 2 * (n - i) + rng.randint(0, 1)
    return Encounter(1, "Embuscade" if fr else "Ambush", 2, 2, combatants)


def _log(game, info, characters, scenes, encounter, lang) -> list[LogEntry]:
    """Roll the prepared checks for the party, then the fight's attacks, with a seeded generator."""
    rng = random.Random(game.demo.seed)
    pcs = [c for c in characters if c.kind == "pc"]
    conditions = {c.character_id: c.conditions for c in encounter.combatants}
    entries: list[LogEntry] = []
    when = START

    def log(character, ref, situation, label, session, secret, conds=(), fight="", round_=None):
        nonlocal when
        check = build_check(character, ref, situation, conds, info.house_rules, lang=lang)
        result = check.roll(rng)
        when += timedelta(minutes=rng.randint(1, 6), seconds=rng.randint(0, 59))
        stamp = when.isoformat(timespec="milliseconds").replace("+00:00", "Z")
        entries.append(LogEntry.from_roll(result, check.describe(), actor=character.name, label=label,
                                          session=session, secret=secret, time_utc=stamp, fight=fight,
                                          round=round_))

    sessions = ("Séance 1", "Séance 2") if lang == "fr" else ("Session 1", "Session 2")
    session = sessions[0]
    for n, scene in enumerate(scenes):
        for k, prepared in enumerate(scene.ordered_checks()):
            for roller in (pcs[(n + k) % 4], pcs[(n + k + 1) % 4]):
                if len(entries) >= LOG_SIZE - 6:
                    break
                situation = (Situation(dc=prepared.dc) if game.target.uses_dc
                             else Situation(threshold=prepared.threshold))
                try:
                    build_check(roller, prepared.check, situation, (), info.house_rules)
                except RulesError:
                    continue  # e.g. a trained-only skill this character lacks: someone else rolls
                log(roller, prepared.check, situation, prepared.name, session, prepared.secret)
        session = sessions[1]
    by_id = {c.id: c for c in characters}
    queue = encounter.queue()
    for turn in range(LOG_SIZE):  # the fight so far, turn after turn, until the page is full
        if len(entries) >= LOG_SIZE:
            break
        i = turn % len(queue)
        attacker = by_id[queue[i].character_id]
        target = next(by_id[c.character_id] for c in queue[i + 1:] + queue[:i]
                      if by_id[c.character_id].kind != attacker.kind)
        ref = game.demo.attack_of(attacker)
        opp_conditions = tuple(conditions.get(target.id, ()))
        situation = Situation(opponent=target, opponent_conditions=opp_conditions)
        label = f"{option_label(attacker, ref, lang)} → {target.name}"
        log(attacker, ref, situation, label, session, False, tuple(conditions.get(attacker.id, ())),
            fight=encounter.name, round_=1 + turn // len(queue))
    return entries
