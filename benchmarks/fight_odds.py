"""Fight-odds benchmark (issue 28, item 5): the threat table with damage, 6 characters × 8 creatures.

    python benchmarks/fight_odds.py [--runs N] [--json]

The dnd5e demo's party of four and two more (6), against eight different SRD 5.1 creatures made into
NPCs (goblin to owlbear, 7 to 59 HP): ``threat.table`` with every cell of the bestiary issue and the
exact rounds to drop in both directions (96 pairs, 10 rounds and the chain's expected value asked for
each). Every cache of the damage engine is emptied before each run: each run is a first computation.
Target ≤ 100 ms (median). Peer on the same work: the rounds to drop of the same 96 rounds of damage by
the obvious exact chain (a dict of remaining HP → Fraction, stepped round by round), checked equal to
ours; a run where a pair got no figure, or the peer disagrees, fails.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import statistics
import sys
import time
from dataclasses import replace
from fractions import Fraction

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gmdesk.campaign import threat  # noqa: E402
from gmdesk.campaign.bestiary import new_npcs, shipped  # noqa: E402
from gmdesk.campaign.demo import demo_campaign  # noqa: E402
from gmdesk.campaign.fight_odds import round_against  # noqa: E402
from gmdesk.engine import damage  # noqa: E402

CREATURES = ("Goblin", "Orc", "Bugbear", "Ogre", "Wolf", "Hobgoblin", "Gnoll", "Owlbear")
HORIZON = 10


def fighters():
    """Six characters (the demo's four, a copy of two) and eight creatures, all with ids."""
    demo = demo_campaign("dnd5e", "en")
    pcs = [c for c in demo.characters if c.is_pc]
    pcs += [replace(pcs[0], id=901, name="Aldric II"), replace(pcs[3], id=902, name="Grom II")]
    srd = {c.name: c for c in shipped("dnd5e")}
    npcs = [replace(new_npcs(srd[name], 1, random.Random(i))[0], id=1000 + i) for i, name in enumerate(CREATURES)]
    return pcs, npcs


def forget() -> None:
    for cached in (damage._rounds, damage._dist, damage._parse, damage._by_tier):
        cached.cache_clear()


def ours(pcs, npcs):
    forget()
    t = time.perf_counter()
    table = threat.table(pcs, npcs, horizon=HORIZON)
    for rounds in table.rounds.values():
        if rounds is not None:
            rounds.expected  # noqa: B018 — the exact expected rounds, solved once asked for
    return time.perf_counter() - t, table


def peer_chain(per_round, hp: int, horizon: int) -> list[Fraction]:
    """P(dropped within n rounds), n = 1 … horizon: remaining HP → probability, one round at a time."""
    probs = per_round.probabilities()
    alive, out, down = {hp: Fraction(1)}, [], Fraction(0)
    for _ in range(horizon):
        nxt: dict[int, Fraction] = {}
        for left, p in alive.items():
            for dealt, q in probs.items():
                rest = left - max(dealt, 0)
                if rest <= 0:
                    down += p * q
                else:
                    nxt[rest] = nxt.get(rest, 0) + p * q
        alive = nxt
        out.append(down)
    return out


def peer(pcs, npcs) -> tuple[float, dict]:
    pairs = [(a, b) for c in npcs for p in pcs for a, b in ((c, p), (p, c))]
    rounds = {(a.id, b.id): round_against(a, b).damage for a, b in pairs}
    t = time.perf_counter()
    got = {(a.id, b.id): peer_chain(rounds[a.id, b.id], b.max_hp, HORIZON) for a, b in pairs}
    return time.perf_counter() - t, got


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pcs, npcs = fighters()
    ours(pcs, npcs)  # the first run imports and builds what any later one reuses (the SRD's blocks)
    times, table = [], None
    for _ in range(args.runs):
        took, table = ours(pcs, npcs)
        times.append(took)
    pairs = 2 * len(pcs) * len(npcs)
    if len(table.rounds) != pairs or any(r is None for r in table.rounds.values()):
        sys.exit(f"FAILED: {sum(r is not None for r in table.rounds.values())} of {pairs} pairs have rounds to drop")
    peer_s, peer_within = peer(pcs, npcs)
    for key, within in peer_within.items():
        mine = [table.rounds[key].within(n) for n in range(1, HORIZON + 1)]
        if mine != within:
            sys.exit(f"FAILED: the rounds to drop of {key} differ from the plain chain's")
    out = {"pairs": pairs, "table_median_ms": statistics.median(times) * 1000, "table_best_ms": min(times) * 1000,
           "peer_rounds_ms": peer_s * 1000}
    if args.json:
        print(json.dumps(out))
        return
    print(f"threat table with damage, {len(pcs)} characters × {len(npcs)} creatures ({pairs} rounds to drop): "
          f"median {out['table_median_ms']:.0f} ms, best {out['table_best_ms']:.0f} ms (target ≤ 100 ms); "
          f"peer (the same {pairs} rounds to drop alone, by a plain Fraction chain): {out['peer_rounds_ms']:.0f} ms, "
          f"equal to ours")


if __name__ == "__main__":
    main()
