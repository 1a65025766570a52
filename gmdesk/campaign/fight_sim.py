"""The whole fight, simulated honestly (issue 28): the party against the creatures, round by round.

Each run plays the fight out: in initiative order (the encounter's queue when it has one, else
initiative rolled anew each run with the system's own check), every combatant still standing makes
its round of attacks (``fight_odds.round_against``: the engine's exact tier odds and damage per use)
at a foe the tactic picks; damage comes off temporary HP first, then HP, and the system's
``fight.after_damage`` says whether a combatant at 0 is downed or dead — either way it is out of the
fight. A side wins when nobody on the other side stands; a fight still going after ``ROUND_CAP``
rounds is a draw, counted and said.

Exact where it can be: each use's damage is drawn from its exact distribution (integer weights,
``rng.randrange`` over their total), precomputed once per attacker × target, so the inner loop is
integer draws and comparisons. Randomness is injected: the same seed and the same campaign give the
same results. ``from_now``: the fight as it stands (current HP, temporary HP, who is down or dead,
whose turn it is), else everyone fresh from the top of the order.

No Qt, no I/O; what is not modelled (spells, movement, healing…) is said in ``FightOdds.not_modelled``.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from typing import Callable, Sequence

from gmdesk import systems
from gmdesk.engine.core import RulesError, check_int
from gmdesk.engine.words import Word

from .fight_sim_odds import NOT_MODELLED, TACTICS, Drop, FightOdds, Share, mean_interval
from .house_rules import HouseRules
from .model import Character, Encounter

__all__ = ["TACTICS", "ROUND_CAP", "MAX_RUNS", "simulate", "FightOdds"]

ROUND_CAP = 100
MAX_RUNS = 1_000_000
_CHUNK = 50  # runs between two progress calls: cheap, and Cancel answers within a few milliseconds

Progress = Callable[[int, int], bool]


class _Fighter:
    """One combatant as a run sees it; ``hp``/``temp_hp``/``state`` are reset from ``start_*`` each run.
    It stands in for a ``Combatant`` when the system's ``after_damage`` reads it."""

    __slots__ = ("key", "name", "character", "party", "kind", "max_hp", "hp", "temp_hp", "state",
                 "start_hp", "start_temp", "start_state", "conditions")

    def __init__(self, key, name, character, hp, max_hp, temp_hp=0, state="active", conditions=()):
        self.key, self.name, self.character = key, name, character
        self.kind = character.kind
        self.party = character.kind == "pc"
        self.max_hp, self.conditions = max_hp, tuple(conditions)
        self.start_hp, self.start_temp, self.start_state = hp, temp_hp, state
        self.hp, self.temp_hp, self.state = hp, temp_hp, state


# Refusals, in the GM's language: a simulation that would have to invent its fight is not run.
NO_MODEL = Word("no simulation: {reason}", "pas de simulation\u202f: {reason}")
ONE_SIDE = Word("no simulation: a fight needs the party and at least one creature",
                "pas de simulation\u202f: un combat demande le groupe et au moins une créature")
NO_DAMAGE = Word("no simulation: nobody in this fight has an attack with damage",
                 "pas de simulation\u202f: personne dans ce combat n’a d’attaque qui inflige des dégâts")


def _refusal(word: Word, reason: Word | None = None) -> RulesError:
    values = {} if reason is None else {"reason": reason}
    return RulesError("simulate", word.en.format(**{k: v.en for k, v in values.items()}),
                      word.fr.format(**{k: v.fr for k, v in values.items()}))


def _fighters(characters: Sequence[Character], encounter: Encounter | None, from_now: bool
              ) -> tuple[list[_Fighter], int, bool, list[Word]]:
    """The combatants, the index of the first to act, whether the order is set (else rolled each run),
    and notes on who was left out or brought in. No encounter: every character given fights. From
    the start, the dead stay out (as the encounter's difficulty leaves them out); an encounter without
    a player character is fought by the whole party, initiative rolled each run."""
    notes: list[Word] = []
    if encounter is None or not encounter.combatants:
        return _fresh(characters, notes), 0, False, notes
    by_id = {c.id: c for c in characters}
    queue = encounter.queue()
    fighters, first = [], 0
    for i, c in enumerate(queue):
        if i == encounter.turn:  # whose turn it is; if left out below, the next one kept
            first = len(fighters)
        character = by_id.get(c.character_id) if c.character_id is not None else None
        max_hp = c.max_hp or (character.max_hp if character else 0)
        if character is None or max_hp <= 0:
            notes.append(Word(f"{c.name}: no sheet or no hit points, left out",
                              f"{c.name}\u202f: ni fiche ni points de vie, laissé de côté"))
            continue
        if not from_now and c.state == "dead":
            continue
        f = _Fighter(c.id, c.name, character, *((c.hp, max_hp, c.temp_hp, c.state, c.conditions) if from_now
                                                else (max_hp, max_hp)))
        f.kind, f.party = c.kind, c.kind == "pc"
        fighters.append(f)
    first = first if from_now and first < len(fighters) else 0
    ordered = any(c.initiative is not None for c in queue) or systems.get(characters[0].system).fight.by_hand
    if fighters and not any(f.party for f in fighters):
        notes.append(Word("the party is not in the fight: every player character joins it, initiative rolled "
                          "each fight", "le groupe n’est pas dans le combat\u202f: tous les personnages joueurs "
                          "le rejoignent, initiative jetée à chaque combat"))
        return fighters + _fresh([c for c in characters if c.is_pc], notes), 0, False, notes
    return fighters, first, ordered, notes


def _fresh(characters: Sequence[Character], notes: list[Word]) -> list[_Fighter]:
    """Characters at full HP, outside the encounter (no combatant id)."""
    notes += [Word(f"{c.name}: no hit points set, left out", f"{c.name}\u202f: pas de points de vie, laissé de côté")
              for c in characters if c.max_hp <= 0]
    return [_Fighter(None, c.name, c, c.max_hp, c.max_hp) for c in characters if c.max_hp > 0]


def _tables(fighters: list[_Fighter], rules: HouseRules, lang: str, round_against) -> dict:
    """(attacker index, target index) → each use's damage table (values, cumulative weights, total)."""
    tables = {}
    for i, a in enumerate(fighters):
        for t, b in enumerate(fighters):
            if a.party == b.party:
                continue
            # From the fight as it stands, each side's conditions on each attack roll (from the start
            # nobody has any: ``_fighters`` keeps them only for ``from_now``).
            odds = round_against(a.character, b.character, rules, lang, conditions=a.conditions,
                                 target_conditions=b.conditions)
            if odds is None:
                continue
            uses = tuple(_table(use.damage) for use in odds.uses)  # each use: its tiers mixed, a miss 0
            if any(values[-1] > 0 for values, _, _ in uses):
                tables[i, t] = uses
    return tables


def _table(damage) -> tuple[list[int], list[int], int]:
    """A ``Dist`` as a draw reads it: the values, their cumulative weights, the total."""
    values, cum, acc = [], [], 0
    for value, weight in damage.weights.items():
        acc += weight
        values.append(value)
        cum.append(acc)
    return values, cum, acc


def simulate(characters: Sequence[Character], encounter: Encounter | None, house_rules: HouseRules | None,
             runs: int, seed: int, tactic: str = "weakest", order: Sequence[int] = (),
             progress: Progress | None = None, from_now: bool = False, lang: str = "en") -> FightOdds:
    """``runs`` fights under ``tactic`` (``TACTICS``); ``order``: the GM's target order (combatant ids;
    character ids for those fighting outside the encounter; the others after, in the fight's order).
    ``progress(done, total)`` returning False cancels: the runs done so far come back, ``cancelled``.
    Refuses (``RulesError``) a system with no damage model, a fight with one side empty, or nobody
    able to deal damage — rather than inventing a fight."""
    from . import fight_odds

    check_int("runs", runs, 1, MAX_RUNS)
    if tactic not in TACTICS:
        raise RulesError("tactic", f"one of {', '.join(TACTICS)}, got {tactic!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RulesError("seed", f"an integer, got {seed!r}")
    rules = house_rules or HouseRules()
    system_ids = {c.system for c in characters}
    if len(system_ids) > 1:
        raise RulesError("characters", "characters of several systems cannot fight one another")
    if not system_ids:
        raise _refusal(ONE_SIDE)
    game = systems.get(next(iter(system_ids)))
    if game.damage is None:
        raise _refusal(NO_MODEL, reason=game.no_damage)
    fighters, first, ordered, notes = _fighters(characters, encounter, from_now)
    if not any(f.party for f in fighters) or all(f.party for f in fighters):
        raise _refusal(ONE_SIDE)
    tables = _tables(fighters, rules, lang, fight_odds.round_against)
    for f in fighters:  # a breath weapon out of the round, or in it at one target: said, not guessed
        for said in (fight_odds.not_counted, fight_odds.one_target):
            notes += [Word(f"{f.name}: {en}", f"{f.name}\u202f: {fr}") for en, fr in
                      zip(said(f.character, "en"), said(f.character, "fr"))]
    if not tables:
        raise _refusal(NO_DAMAGE)
    priority = _priority(fighters, order)
    initiative = None if ordered else _initiative(fighters, game, rules, lang)
    stats = _run_all(fighters, tables, priority, initiative, game.fight, tactic, runs, seed, first, progress)
    done, wins, losses, ended, total_rounds, squares, drops, deaths = stats
    # The conditions as they stand are on every attack roll; that they never end (nor start) is said
    # when a fight taken as it stands has some.
    conditions = from_now and any(f.conditions for f in fighters)
    left = [k for k in NOT_MODELLED if k != "conditions" or conditions]
    rounds = mean_interval(ended, total_rounds, squares)
    return FightOdds(
        runs, done, seed, tactic, done < runs, ROUND_CAP, from_now,
        Share(wins, done), Share(losses, done), Share(done - wins - losses, done),
        None if rounds is None else rounds[0], None if rounds is None else rounds[1],
        tuple(Drop(f.key, f.character.id, f.name, f.party, Share(drops[i], done), Share(deaths[i], done))
              for i, f in enumerate(fighters)),
        tuple(NOT_MODELLED[k] for k in left), tuple(left), tuple(notes))


def _priority(fighters: list[_Fighter], order: Sequence[int]) -> list[int]:
    """Fighter indices in the GM's target order: those named first, the others in the fight's order."""
    rank = {key: n for n, key in enumerate(order)}
    return sorted(range(len(fighters)), key=lambda i: (rank.get(_id(fighters[i]), len(rank)), i))


def _id(f: _Fighter) -> int:
    """What ``order`` names a fighter by: its combatant id, or its character id outside the encounter."""
    return f.key if f.key is not None else f.character.id


def _initiative(fighters: list[_Fighter], game, rules: HouseRules, lang: str):
    """Per fighter, what gives its initiative each run: the engine check to roll, or a fixed score."""
    from .checks import CheckRef, Situation, build_check

    fight = game.fight
    out = []
    for f in fighters:
        if fight.score is not None:
            out.append(fight.score(f.character, f.conditions, lang))
        elif fight.rolled:
            try:
                out.append(build_check(f.character, CheckRef("initiative"), Situation(dc=10, inspiration=False),
                                       f.conditions, rules, lang=lang))
            except RulesError:
                out.append(0)
        else:
            out.append(0)
    return out


def _turn_order(fighters, initiative, rng: random.Random) -> list[int]:
    """This run's order: each rolls (or takes its score); ties by modifier, then at random."""
    keys = []
    for i, how in enumerate(initiative):
        if isinstance(how, int):
            keys.append((-how, 0, rng.random(), i))
        else:
            keys.append((-how.roll(rng).total, -how.modifier, rng.random(), i))
    return [k[-1] for k in sorted(keys)]


def _run_all(fighters, tables, priority, initiative, fight, tactic, runs, seed, first, progress):
    rng = random.Random(seed)
    randrange = rng.randrange
    n = len(fighters)
    party = [f.party for f in fighters]
    after_damage, floor = fight.after_damage, fight.hp_floor
    # Per attacker: the foes it can hurt, in the GM's order (the tactic picks among those standing).
    foes = [[t for t in priority if (i, t) in tables] for i in range(n)]
    drops, deaths = [0] * n, [0] * n
    wins = losses = ended = done = 0
    total_rounds = squares = 0.0
    fixed = list(range(n))
    while done < runs:
        for f in fighters:
            f.hp, f.temp_hp, f.state = f.start_hp, f.start_temp, f.start_state
        up = [f.state == "active" for f in fighters]
        standing = [sum(1 for i in range(n) if up[i] and not party[i]), sum(1 for i in range(n) if up[i] and party[i])]
        attacked = [0] * n
        seq = fixed if initiative is None else _turn_order(fighters, initiative, rng)
        start = first if initiative is None else 0
        rnd, winner = 0, None
        if standing[0] == 0 or standing[1] == 0:
            winner = standing[1] > 0
        while winner is None and rnd < ROUND_CAP:
            rnd += 1
            for i in (seq[start:] if rnd == 1 else seq):
                if not up[i]:
                    continue
                targets = [t for t in foes[i] if up[t]]
                if not targets:
                    continue
                t = _pick(targets, tactic, fighters, attacked)
                uses = tables[i, t]
                k = 0
                while k < len(uses):
                    values, cum, total = tables[i, t][k]
                    k += 1
                    attacked[t] += 1
                    damage = values[bisect_right(cum, randrange(total))]
                    if not damage:
                        continue
                    f = fighters[t]
                    absorbed = f.temp_hp if f.temp_hp < damage else damage
                    f.temp_hp -= absorbed
                    rest = damage - absorbed
                    before = f.hp
                    f.hp = before - rest if before - rest > floor else floor
                    if f.hp > 0:
                        continue
                    state = after_damage(f, before, rest)
                    if state == "active":
                        continue
                    f.state, up[t] = state, False
                    standing[party[t]] -= 1
                    if not standing[party[t]]:
                        break
                    targets = [x for x in foes[i] if up[x]]
                    if not targets:
                        break
                    t = _pick(targets, tactic, fighters, attacked)
                    if k >= len(tables[i, t]):
                        break
                if not standing[0] or not standing[1]:
                    winner = standing[1] > 0
                    break
        done += 1
        if winner is not None:
            ended += 1
            total_rounds += rnd
            squares += rnd * rnd
            wins += winner
            losses += not winner
        for i, f in enumerate(fighters):
            if f.state != "active":
                drops[i] += 1
                deaths[i] += f.state == "dead"
        if progress is not None and (done % _CHUNK == 0 or done == runs) and progress(done, runs) is False:
            break
    return done, wins, losses, ended, total_rounds, squares, drops, deaths


def _pick(targets: list[int], tactic: str, fighters, attacked: list[int]) -> int:
    if tactic == "weakest":
        return min(targets, key=lambda t: fighters[t].hp + fighters[t].temp_hp)
    if tactic == "spread":
        return min(targets, key=attacked.__getitem__)
    return targets[0]
