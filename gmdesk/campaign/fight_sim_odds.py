"""What thousands of simulated fights say (issue 28), with how sure it is: ``FightOdds``.

Every proportion (the party wins, a character drops) comes with its Wilson 95 % interval — unlike the
textbook p ± 1.96·√(p(1−p)/n), it stays inside [0, 1] and does not shrink to nothing when a side
won every run. The mean number of rounds comes with Student's t interval (the normal one from 30
fights on). Nothing here knows a system: the words a GM reads are ``Word``s, both languages.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gmdesk.engine.words import Word

Z95 = 1.959963984540054
# Student's t at 97.5 % for 1…29 degrees of freedom; from 30 on the normal's 1.96 is within 4 %.
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
        2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045)

TACTICS = ("weakest", "spread", "order")
TACTIC_WORDS = {
    "weakest": Word("focus the weakest", "sur le plus faible"),
    "spread": Word("spread the attacks", "attaques réparties"),
    "order": Word("the GM's target order", "l’ordre de cibles du MJ"),
}
TACTIC_EXPLAINED = {
    "weakest": Word("each attacker strikes the foe with the fewest hit points left",
                    "chacun frappe l’adversaire qui a le moins de points de vie restants"),
    "spread": Word("each attacker strikes the foe attacked least so far",
                   "chacun frappe l’adversaire le moins attaqué jusque-là"),
    "order": Word("each attacker strikes the first foe still standing in the GM's order",
                  "chacun frappe le premier adversaire encore debout dans l’ordre du MJ"),
}

# What the simulation leaves out, always (ids for scripts, words for the GM).
NOT_MODELLED = {
    "spells": Word("spells and special abilities", "sorts et capacités spéciales"),
    "movement": Word("movement, reach and range", "déplacements, allonge et portée"),
    "terrain": Word("terrain and cover", "terrain et abris"),
    "healing": Word("healing", "soins"),
    "death_saves": Word("dying (death saves, recovery checks): a character who drops stays out of the fight",
                        "agonie (jets contre la mort, tests de récupération)\u202f: un personnage à terre ne revient "
                        "pas dans le combat"),
    "reactions": Word("reactions and opportunity attacks", "réactions et attaques d’opportunité"),
    "resistances": Word("resistances, immunities and vulnerabilities", "résistances, immunités et vulnérabilités"),
    "multiattack": Word("a creature's Multiattack, unless the GM set the attacks of its round: one attack a round, "
                        "its best", "l’attaque multiple d’une créature, sauf si le MJ a réglé les attaques de son "
                        "round\u202f: une attaque par round, sa meilleure"),
    "conditions": Word("conditions coming and going: those the combatants have now stay the whole fight, on their "
                       "attack rolls and those against them; a combatant who cannot act (stunned, paralysed…) still "
                       "attacks, and a hit on a paralysed or unconscious one is not made critical", "états qui arrivent ou s’en vont : ceux qu’ont les combattants maintenant durent "
                       "tout le combat, sur leurs jets d’attaque et ceux contre eux ; un combattant qui ne peut pas "
                       "agir (étourdi, paralysé…) attaque quand même, et un coup sur un combattant paralysé ou inconscient "
                       "n’est pas rendu critique"),
    "morale": Word("fleeing and surrender", "fuite et reddition"),
}


@dataclass(frozen=True)
class Share:
    """``count`` of ``runs`` fights, and its Wilson 95 % interval."""

    count: int
    runs: int

    @property
    def chance(self) -> float:
        return self.count / self.runs if self.runs else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.count, self.runs)

    def to_dict(self) -> dict:
        low, high = self.interval
        return {"count": self.count, "chance": round(self.chance, 6), "interval": [round(low, 6), round(high, 6)]}


def wilson(count: int, runs: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``count`` successes in ``runs`` (0–1 when nothing ran)."""
    if runs <= 0:
        return 0.0, 1.0
    p = count / runs
    z2 = z * z
    centre = (p + z2 / (2 * runs)) / (1 + z2 / runs)
    half = z * math.sqrt(p * (1 - p) / runs + z2 / (4 * runs * runs)) / (1 + z2 / runs)
    # At 0 or all, the bound on that side is exact (the float sum leaves 1e-18 crumbs).
    return (0.0 if count == 0 else max(0.0, centre - half)), (1.0 if count == runs else min(1.0, centre + half))


def mean_interval(n: int, total: float, squares: float) -> tuple[float, tuple[float, float]] | None:
    """The mean of ``n`` values (their sum and sum of squares) and its 95 % interval; None for no value."""
    if n <= 0:
        return None
    mean = total / n
    if n == 1:
        return mean, (mean, mean)
    variance = max(0.0, (squares - n * mean * mean) / (n - 1))
    t = _T95[n - 2] if n - 1 <= len(_T95) else Z95
    half = t * math.sqrt(variance / n)
    return mean, (mean - half, mean + half)


@dataclass(frozen=True)
class Drop:
    """One combatant's chance to drop (downed or dead) before the fight ends."""

    combatant_id: int | None  # None: a character fighting outside the encounter
    character_id: int | None
    name: str
    party: bool
    drops: Share
    dies: Share

    def to_dict(self) -> dict:
        return {"combatant_id": self.combatant_id, "character_id": self.character_id, "name": self.name, "side": "party" if self.party else "creatures",
                **self.drops.to_dict(), "dies": self.dies.to_dict()}


@dataclass(frozen=True)
class FightOdds:
    """The simulation's results. ``runs``: fights run (fewer than ``asked`` when ``cancelled``);
    ``party_wins`` / ``creatures_win`` / ``draws`` (a fight still going after ``round_cap`` rounds);
    ``rounds``: the mean number of rounds of the fights that ended, with its 95 % interval (None: none
    ended); ``drops``: each combatant's; ``not_modelled`` and ``notes`` (this fight's own: who was left
    out, the attacks assumed) in both languages."""

    asked: int
    runs: int
    seed: int
    tactic: str
    cancelled: bool
    round_cap: int
    from_now: bool
    party_wins: Share
    creatures_win: Share
    draws: Share
    rounds: float | None
    rounds_interval: tuple[float, float] | None
    drops: tuple[Drop, ...]
    not_modelled: tuple[Word, ...]
    not_modelled_ids: tuple[str, ...] = ()
    notes: tuple[Word, ...] = ()

    def to_dict(self) -> dict:
        """The ``simulation`` object of ``gmdesk encounter --simulate --json`` (docs/cli.md). Its words
        come in both languages, so that the JSON is the same whatever the GM's language."""
        out: dict = {"runs": self.runs, "asked": self.asked, "cancelled": self.cancelled, "seed": self.seed,
                     "tactic": self.tactic, "tactic_words": _both(TACTIC_EXPLAINED[self.tactic]),
                     "from_now": self.from_now, "round_cap": self.round_cap,
                     "party_wins": self.party_wins.to_dict(), "creatures_win": self.creatures_win.to_dict(),
                     "draws": self.draws.to_dict(),
                     "rounds": None if self.rounds is None else {
                         "mean": round(self.rounds, 4), "interval": [round(x, 4) for x in self.rounds_interval]},
                     "drops": [d.to_dict() for d in self.drops],
                     "not_modelled": [{"id": i, **_both(w)} for i, w in zip(self.not_modelled_ids, self.not_modelled)]}
        if self.notes:
            out["notes"] = [_both(n) for n in self.notes]
        return out


def _both(word: Word) -> dict:
    return {"en": word.en, "fr": word.fr}
