"""Engine benchmark: the DC-prep sweeps and the Anarchy tables, gmdesk against icepool on the same work.

    python benchmarks/engine.py [--runs N] [--json]

Work (issue 2):
- pf2 sweep: 8 characters × 40 checks (modifiers spread over −2..+25) × DCs 5..45 = 13,120 four-tier
  distributions; the same with dnd5e advantage (two tiers).
- Anarchy tables: pools 1..30 (hits distribution, P(hits ≥ t) for t = 0..8, complication) and opposed
  pools 1..20 against 4..12 (P the actor wins, ties to the actor).
Every gmdesk figure is compared with icepool's to 1e-12. Times are medians of ``--runs`` runs.
Targets: pf2 sweep ≤ 10 ms and ≥ 100× icepool; Anarchy tables ≤ 20 ms and ≥ 50× icepool.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import icepool  # noqa: E402

from gmdesk.systems.anarchy import dice as anarchy_dice  # noqa: E402
from gmdesk.systems.dnd5e import rules as dnd5e  # noqa: E402
from gmdesk.systems.pf2 import rules as pf2  # noqa: E402

MODIFIERS = [-2 + (i * 27) // 319 for i in range(320)]  # 8 characters × 40 checks, spread over −2..+25
DCS = list(range(5, 46))


def median_ms(fn, runs: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), result


def gmdesk_pf2():
    return pf2.odds_table(MODIFIERS, DCS)


def icepool_pf2():
    # icepool on the same work: one tier die per (modifier, DC), no shortcut.
    return [[icepool.d20.map(lambda n, m=m, dc=dc: pf2.degree(n, n + m, dc)) for dc in DCS] for m in MODIFIERS]


def gmdesk_dnd5e_adv():
    return dnd5e.odds_table(MODIFIERS, DCS, advantage=True)


def icepool_dnd5e_adv():
    adv = icepool.highest(icepool.d20, icepool.d20)
    return [[(adv + m >= dc) for dc in DCS] for m in MODIFIERS]


def gmdesk_anarchy():
    return anarchy_dice.anarchy_tables()


def icepool_anarchy():
    # Dice built afresh each run: gmdesk keeps no cache between calls, so neither does the peer
    # (icepool memoises results on its die objects).
    HIT_ONE = icepool.Die([1, 2, 3, 4, 5, 6]).map(lambda f: icepool.Vector((int(f >= 5), int(f == 1))))
    HIT = icepool.Die([1, 2, 3, 4, 5, 6]).map(lambda f: int(f >= 5))
    tables = {}
    for n in range(1, 31):
        joint = n @ HIT_ONE
        hits = n @ HIT
        complication = joint.map(lambda v: v[1] >= 1 and v[1] >= v[0]).probability(True)
        tables[n] = ([hits.probability(h) for h in range(n + 1)],
                     [hits.probability(">=", t) for t in range(9)], complication)
    opposed = {(a, k): ((a @ HIT) >= (k @ HIT)).probability(True) for a in range(1, 21) for k in range(4, 13)}
    return tables, opposed


def compare_sweeps(ours, theirs, tiers) -> float:
    worst = 0.0
    for row_o, row_t in zip(ours, theirs):
        for o, t in zip(row_o, row_t):
            for tier, p in zip(tiers, o):
                q = t.probability(tier) if tier in t else 0
                worst = max(worst, abs(float(p) - float(q)))
    return worst


def compare_bool_sweep(ours, theirs) -> float:
    return max(abs(float(o[1]) - float(t.probability(True))) for ro, rt in zip(ours, theirs) for o, t in zip(ro, rt))


def compare_anarchy(ours, theirs) -> float:
    (tables, opposed), (ttables, topposed) = ours, theirs
    worst = 0.0
    for n, table in tables.items():
        hits, tails, comp = ttables[n]
        worst = max(worst, *(abs(float(a) - float(b)) for a, b in zip(table.hits, hits)))
        worst = max(worst, *(abs(float(a) - float(b)) for a, b in zip(table.at_least, tails)))
        worst = max(worst, abs(float(table.complication) - float(comp)))
    for key, p in opposed.items():
        worst = max(worst, abs(float(p) - float(topposed[key])))
    return worst


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    peer_runs = max(1, min(3, args.runs))  # icepool is slow; a few runs give a stable median

    figures = {}
    figures["pf2_sweep_ms"], ours = median_ms(gmdesk_pf2, args.runs)
    figures["pf2_sweep_icepool_ms"], theirs = median_ms(icepool_pf2, peer_runs)
    figures["pf2_sweep_max_diff"] = compare_sweeps(ours, theirs, pf2.TIERS)
    figures["dnd5e_adv_sweep_ms"], ours = median_ms(gmdesk_dnd5e_adv, args.runs)
    figures["dnd5e_adv_sweep_icepool_ms"], theirs = median_ms(icepool_dnd5e_adv, peer_runs)
    figures["dnd5e_adv_sweep_max_diff"] = compare_bool_sweep(ours, theirs)
    figures["anarchy_tables_ms"], ours = median_ms(gmdesk_anarchy, args.runs)
    figures["anarchy_tables_icepool_ms"], theirs = median_ms(icepool_anarchy, peer_runs)
    figures["anarchy_tables_max_diff"] = compare_anarchy(ours, theirs)

    for name, peer in (("pf2_sweep", 100), ("dnd5e_adv_sweep", 100), ("anarchy_tables", 50)):
        ms, peer_ms = figures[f"{name}_ms"], figures[f"{name}_icepool_ms"]
        figures[f"{name}_speedup"] = peer_ms / ms
        print(f"{name:<16} gmdesk {ms:8.2f} ms   icepool {peer_ms:9.1f} ms   ×{peer_ms / ms:7.0f}"
              f"   max |diff| {figures[f'{name}_max_diff']:.1e}")
    ok = (figures["pf2_sweep_ms"] <= 10 and figures["pf2_sweep_speedup"] >= 100
          and figures["anarchy_tables_ms"] <= 20 and figures["anarchy_tables_speedup"] >= 50
          and max(figures[k] for k in figures if k.endswith("max_diff")) <= 1e-12)
    print("targets met" if ok else "TARGETS MISSED")
    if args.json:
        print(json.dumps(figures))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
