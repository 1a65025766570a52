"""Fight simulation benchmark (issue 28, item 5): the dnd5e demo's fight played out 10,000 times.

    python benchmarks/fight_sim.py [--runs N] [--repeat N] [--json]

- demo: the dnd5e demo campaign's fight (four characters against a goblin and a bugbear chief), from
  the start, ``--runs`` (10,000) fights under each tactic: median time of ``--repeat`` (3) runs.
  Target ≤ 5 s. Printed beside it: the width of the 95 % intervals it states (the party's win
  chance, the mean rounds, the widest of the drop chances) — what 10,000 fights buy.
- close: the same party against four SRD goblins and a bugbear added to the demo's fight (a fight
  whose outcome is in doubt, where the intervals are widest).
- peer: the same fight simulated as a stand-alone simulator would, rolling each attack with the
  engine's own check (``check.roll``) and its damage for the tier rolled, on ``--runs`` / 10 fights and
  scaled up: what drawing from the precomputed exact distributions saves.

Fails (exit 1) when a fight did not run: fewer runs than asked, or outcomes that do not add up.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gmdesk import systems  # noqa: E402
from gmdesk.campaign import fight_odds  # noqa: E402
from gmdesk.campaign.bestiary import creature_of, join_fight, new_npcs, shipped  # noqa: E402
from gmdesk.campaign.demo import demo_campaign  # noqa: E402
from gmdesk.campaign.fight_sim import TACTICS, simulate  # noqa: E402

TARGET_S = 5.0


def close_fight():
    """The demo's fight with four goblins and a bugbear from the SRD (ids after the campaign's)."""
    demo = demo_campaign("dnd5e", "en")
    characters, enc, rng = list(demo.characters), demo.encounter, random.Random(1)
    for name, count in (("Goblin", 4), ("Bugbear", 1)):
        npcs = new_npcs(creature_of("dnd5e", name, shipped("dnd5e")), count, rng, taken=[c.name for c in characters])
        for i, npc in enumerate(npcs):
            npc.id = max(c.id for c in characters) + 1 + i
        characters += npcs
        join_fight(enc, npcs, rng)
    return characters, enc


def checked(odds, runs: int):
    """The results, or exit 1 when the fights did not all run."""
    outcomes = odds.party_wins.count + odds.creatures_win.count + odds.draws.count
    if odds.runs != runs or outcomes != runs or odds.cancelled:
        sys.exit(f"FAILED: {odds.runs} fights ran of {runs}, outcomes {outcomes}")
    return odds


def widths(odds) -> dict:
    low, high = odds.party_wins.interval
    rlow, rhigh = odds.rounds_interval
    return {"win": high - low, "rounds": rhigh - rlow,
            "drop": max(d.drops.interval[1] - d.drops.interval[0] for d in odds.drops),
            "party_wins": odds.party_wins.chance, "mean_rounds": odds.rounds}


def timed(characters, enc, runs: int, repeat: int, tactic: str):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        odds = checked(simulate(characters, enc, None, runs, seed=2026, tactic=tactic), runs)
        times.append(time.perf_counter() - start)
    return statistics.median(times), odds


def peer(characters, enc, runs: int) -> float:
    """A stand-alone simulator's way: each attack's check rolled by the engine, then its damage for
    the tier rolled; focus the weakest, the queue's order. Seconds for ``runs`` fights."""
    rules = systems.get("dnd5e").damage
    by_id = {c.id: c for c in characters}
    queue = [(c, by_id[c.character_id]) for c in enc.queue() if c.character_id in by_id]
    rng = random.Random(7)
    plans = {}
    for a_c, a in queue:
        for t_c, t in queue:
            got = fight_odds.round_against(a, t) if a_c.kind != t_c.kind else None
            if got is not None:
                plan = rules.round_of(a.sheet)
                roll = next(u.roll for u in plan.uses if u.label == got.uses[0].label)
                plans[a_c.id, t_c.id] = [(u.cell.check, {tier: roll.dist(effect) for tier, effect in rules.attack.items()})
                                         for u in got.uses]
    start = time.perf_counter()
    for _ in range(runs):
        hp = {c.id: c.max_hp for c, _ in queue}
        for _round in range(100):
            for a_c, _a in queue:
                foes = [t for t, _ in queue if t.kind != a_c.kind and hp[t.id] > 0 and (a_c.id, t.id) in plans]
                if hp[a_c.id] <= 0 or not foes:
                    continue
                target = min(foes, key=lambda t: hp[t.id])
                for check, damage in plans[a_c.id, target.id]:
                    dist = damage[check.roll(rng).tier]
                    hp[target.id] -= rng.choices(list(dist.weights), list(dist.weights.values()))[0]
            sides = {c.kind for c, _ in queue if hp[c.id] > 0}
            if len(sides) < 2:
                break
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    demo = demo_campaign("dnd5e", "en")
    out: dict = {"runs": args.runs, "demo": {}, "close": {}}
    for tactic in TACTICS:
        seconds, odds = timed(demo.characters, demo.encounter, args.runs, args.repeat, tactic)
        out["demo"][tactic] = {"s": seconds, **widths(odds)}
    close = close_fight()
    seconds, odds = timed(*close, args.runs, args.repeat, "weakest")
    out["close"]["weakest"] = {"s": seconds, **widths(odds)}
    peer_runs = max(1, args.runs // 10)
    out["peer_s"] = peer(demo.characters, demo.encounter, peer_runs) * args.runs / peer_runs
    if args.json:
        print(json.dumps(out))
        return
    for name, rows in (("demo", out["demo"]), ("demo + 4 goblins and a bugbear", out["close"])):
        for tactic, r in rows.items():
            print(f"{args.runs:,} fights of the dnd5e {name}, {tactic}: {r['s']:.2f} s (target ≤ {TARGET_S:.0f} s); "
                  f"party wins {r['party_wins']:.1%} ±{r['win'] / 2:.2%}, {r['mean_rounds']:.2f} rounds "
                  f"±{r['rounds'] / 2:.3f}, widest drop interval {r['drop']:.2%}")
    print(f"peer, each attack rolled by the engine (weakest, demo): {out['peer_s']:.2f} s for {args.runs:,} fights "
          f"(×{out['peer_s'] / out['demo']['weakest']['s']:.1f} the simulation's time)")
    if max(r["s"] for rows in (out["demo"], out["close"]) for r in rows.values()) > TARGET_S:
        print("target missed")


if __name__ == "__main__":
    main()
