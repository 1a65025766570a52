"""Analytics benchmark: a campaign of a million logged rolls, analysed (issue 17).

    python benchmarks/analytics.py [--rows N] [--keep FILE] [--json]

Work: N rolls (default 1,000,000) of 240 different pf2 checks (picked at random) (modifiers −2…+17 against DCs 10…33,
a fifth of them with fortune or misfortune, so the chances of success take some sixty values), rolled
by the engine with a seeded generator for 10 characters over sessions of 20,000 rolls, one in twenty
secret, logged with ``RollLog.append_many`` (their facts written as they are logged). Then, in a fresh
process as when the GM opens the file: the whole campaign analysed — every group's expected and
observed outcomes, exact p-values, Holm, the dice, the calibration (``gmdesk.analytics.report.analyse``;
median of 3) — one character's rolls, one session's streaks, the panel's live update after 50 more
rolls, and the facts of 100,000 rolls computed again from their check descriptions, as the upgrade of a
campaign made by an older gmdesk does.
Targets: the million rolls analysed in ≤ 2 s; the live update ≤ 0.2 s.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import random
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from gmdesk.analytics import report as report_module  # noqa: E402
from gmdesk.analytics.report import analyse, build, streaks  # noqa: E402
from gmdesk.analytics.tally import StatsFilter, Tally  # noqa: E402
from gmdesk.campaign.log import LogEntry  # noqa: E402
from gmdesk.campaign.model import CampaignInfo  # noqa: E402
from gmdesk.engine.core import Modifier  # noqa: E402
from gmdesk.systems.pf2.rules import Pf2Check  # noqa: E402
from gmdesk.store import CampaignStore  # noqa: E402
from gmdesk.store import roll_facts  # noqa: E402

SESSION_ROWS = 20_000
ACTORS = ["Brunhild", "Sélène", "Tarek", "Ilsa", "Gobelin 1", "Gobelin 2", "Ogre", "Capitaine", "Garde", "Loup"]
TARGETS = {"analyse_s": 2.0, "update_s": 0.2}


def checks() -> list[Pf2Check]:
    out = []
    for i in range(240):
        mod, dc = -2 + i % 20, 10 + (i * 7) % 24
        fortune, misfortune = i % 10 == 3, i % 10 == 7
        mods = (Modifier(mod, "skill", "proficiency" if mod > 0 else "untyped"),) if mod else ()
        out.append(Pf2Check(dc, mods, fortune=fortune, misfortune=misfortune,
                            label=("athletics", "stealth", "perception", "arcana", "Rapière")[i % 5]))
    return out


def rows(start: int, count: int, pool: list, rng: random.Random) -> list[LogEntry]:
    out = []
    for i in range(start, start + count):
        check, describe = pool[rng.randrange(len(pool))]
        seconds = 1_700_000_000 + i * 20
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(seconds))
        out.append(LogEntry.from_roll(check.roll(rng), describe, actor=ACTORS[i % len(ACTORS)], label=check.label,
                                      session=f"Session {1 + i // SESSION_ROWS}", secret=i % 20 == 7,
                                      time_utc=stamp))
    return out


def build_campaign(path: pathlib.Path, n: int, batch: int = 10_000) -> dict:
    pool = [(c, c.describe()) for c in checks()]
    rng = random.Random(17)
    spent = 0.0
    with CampaignStore.create(path, CampaignInfo("Benchmark", "pf2")) as store:
        done = 0
        while done < n:
            chunk = rows(done, min(batch, n - done), pool, rng)
            t0 = time.perf_counter()
            store.log.append_many(chunk)
            spent += time.perf_counter() - t0
            done += len(chunk)
    return {"rows": n, "append_per_s": round(n / spent), "file_mb": round(path.stat().st_size / 1e6, 1)}


def read_phase(path: pathlib.Path) -> dict:
    figures: dict = {}
    with CampaignStore.open(path) as store:
        times, cpus = [], []
        for _ in range(3):
            report_module._P_CACHE.clear()  # each run computes every p-value, as a fresh process does
            t0, c0 = time.perf_counter(), time.process_time()
            report = analyse(store)
            times.append(time.perf_counter() - t0)
            cpus.append(time.process_time() - c0)
        figures["analyse_s"] = round(statistics.median(times), 3)
        figures["analyse_cpu_s"] = round(statistics.median(cpus), 3)
        figures["analyse_first_s"] = round(times[0], 3)
        figures["groups"] = len(report.groups)
        figures["analysed"] = report.whole.rolls
        figures["flagged"] = len(report.flagged)
        t0 = time.perf_counter()
        analyse(store, StatsFilter(actor="Ogre"))
        figures["actor_s"] = round(time.perf_counter() - t0, 3)
        t0 = time.perf_counter()
        streaks(store.log.facts, "Session 3")
        figures["streaks_s"] = round(time.perf_counter() - t0, 3)
        tally = Tally.load(store.log.facts)
        pool = [(c, c.describe()) for c in checks()]
        store.log.append_many(rows(report.whole.rolls + report.whole.without_odds, 50, pool, random.Random(5)))
        t0 = time.perf_counter()
        tally.update(store.log.facts)
        build(tally)
        figures["update_s"] = round(time.perf_counter() - t0, 3)
    return figures


def backfill_phase(path: pathlib.Path, rolls: int = 100_000) -> dict:
    """The facts of ``rolls`` rolls computed again from their descriptions (an older file's upgrade)."""
    import sqlite3

    c = sqlite3.connect(path, isolation_level=None)
    c.execute("BEGIN")
    c.execute(f"DELETE FROM roll_facts WHERE id > (SELECT max(id) FROM roll_log) - {rolls}")
    t0 = time.perf_counter()
    done = roll_facts.backfill(c)
    spent = time.perf_counter() - t0
    c.execute("ROLLBACK")
    c.close()
    return {"backfill_rolls": done, "backfill_per_s": round(done / spent)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--keep", type=pathlib.Path, metavar="FILE",
                    help="build the campaign at FILE and keep it; if FILE exists, reuse it")
    ap.add_argument("--json", action="store_true", help="also print the figures as one JSON line")
    ap.add_argument("--read-phase", type=pathlib.Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.read_phase:
        figures = read_phase(args.read_phase)
        figures.update(backfill_phase(args.read_phase))
        print(json.dumps(figures))
        return 0
    with tempfile.TemporaryDirectory() as d:
        path = args.keep or pathlib.Path(d) / "million.gmdesk"
        if args.keep and args.keep.exists():
            figures = {"rows": 0, "append_per_s": 0, "file_mb": round(path.stat().st_size / 1e6, 1)}
        else:
            figures = build_campaign(path, args.rows)
        child = subprocess.run([sys.executable, __file__, "--read-phase", str(path)], capture_output=True, text=True,
                               check=True)
        figures.update(json.loads(child.stdout.splitlines()[-1]))
    ok = {name: figures[name] <= target for name, target in TARGETS.items()}
    print(f"rolls analysed        {figures['analysed']:>12,}  ({figures['groups']} groups, {figures['flagged']} flagged; "
          f"file {figures['file_mb']} MB)")
    print(f"machine               {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the end")
    if figures["append_per_s"]:
        print(f"append with facts     {figures['append_per_s']:>9,} rolls/s (batches of 10,000)")
    print(f"analyse the campaign  {figures['analyse_s']:>9} s  (median of 3, CPU {figures['analyse_cpu_s']} s; first "
          f"{figures['analyse_first_s']} s; target ≤ {TARGETS['analyse_s']}) {'ok' if ok['analyse_s'] else 'MISSED'}")
    print(f"one character         {figures['actor_s']:>9} s")
    print(f"one session's streaks {figures['streaks_s']:>9} s  ({SESSION_ROWS:,} rolls)")
    print(f"live update, 50 rolls {figures['update_s']:>9} s  (target ≤ {TARGETS['update_s']}) "
          f"{'ok' if ok['update_s'] else 'MISSED'}")
    print(f"facts from old rolls  {figures['backfill_per_s']:>9,} rolls/s (an older campaign's upgrade, "
          f"{figures['backfill_rolls']:,} rolls)")
    if args.json:
        print(json.dumps(figures))
    return 0 if all(ok.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
