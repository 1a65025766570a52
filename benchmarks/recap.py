"""Session recap benchmark: the recap of one session of a million rolls, against the CSV export of the
same rolls (issue 25).

    python benchmarks/recap.py [--rows N] [--keep FILE] [--json]

Work: N rolls (default 1,000,000; the pf2 demo's rolls, fights and rounds included, 10 actors, one in
twenty secret) logged into ONE session with ``RollLog.append_many``; then, each in a fresh process as
the GM runs them: the CSV export of that session (secret rolls left out, as the recap leaves them) and
its recap (``gmdesk.analytics.recap.write_recap``) to a file. Each phase prints its time, its CPU time
and its peak memory (``resource.getrusage``'s maximum resident set), and fails loudly when no roll was
read (a recap or an export of nothing measures nothing).
Targets: the recap within 1.5× the CSV export's CPU time, and at most 200 MB of memory whatever the
session's size (the recap streams: one pass over the rows, its log and fights spilled to a temporary
file, bounded state for its sentences and charts).
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import replace

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from gmdesk.campaign.demo import demo_campaign  # noqa: E402
from gmdesk.campaign.log import LogEntry  # noqa: E402
from gmdesk.store import CampaignStore, LogFilter  # noqa: E402

SESSION = "Séance 1"
ACTORS = ["Brunhild", "Sélène", "Tarek", "Ilsa", "Gobelin 1", "Gobelin 2", "Ogre", "Capitaine", "Garde", "Loup"]
TARGETS = {"recap_vs_csv": 1.5, "recap_rss_mb": 200}


class NothingDone(RuntimeError):
    """A figure measured over work that did not happen (no roll read, no byte written)."""


def rows(start: int, count: int, templates: list[LogEntry]) -> list[LogEntry]:
    out = []
    for i in range(start, start + count):
        t = templates[i % len(templates)]
        seconds = 1_700_000_000 + i * 20
        out.append(replace(t, time_utc=time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(seconds)),
                           session=SESSION, actor=ACTORS[i % len(ACTORS)], secret=i % 20 == 7, reroll_of=None))
    return out


def build(path: pathlib.Path, n: int, batch: int = 10_000) -> dict:
    game = demo_campaign("pf2", "fr")
    t0 = time.perf_counter()
    with CampaignStore.create(path, game.info) as store:
        done = 0
        while done < n:
            chunk = rows(done, min(batch, n - done), game.log_entries)
            store.log.append_many(chunk)
            done += len(chunk)
    return {"rows": n, "build_s": round(time.perf_counter() - t0, 1), "file_mb": round(path.stat().st_size / 1e6, 1)}


def phase(path: pathlib.Path, what: str) -> dict:
    """One piece of work in this (fresh) process: seconds, CPU seconds, rolls, bytes, peak memory."""
    target = path.parent / f"bench-{what}.{'csv' if what == 'csv' else 'html'}"
    with CampaignStore.open(path, read_only=True) as store:
        expected = store.log.count(LogFilter(session=SESSION, include_secret=False))
        read = [0]

        def progress(done: int, total: int) -> bool:
            read[0] = done
            return True

        t0, c0 = time.perf_counter(), time.process_time()
        if what == "csv":
            from gmdesk.store.exports import export_log

            export_log(store.log, "csv", target, LogFilter(session=SESSION, include_secret=False), progress=progress)
        else:
            from gmdesk.analytics.recap import write_recap

            write_recap(store, SESSION, target, lang="fr", progress=progress)
        spent, cpu = time.perf_counter() - t0, time.process_time() - c0
    size = target.stat().st_size
    target.unlink()
    if expected == 0 or read[0] != expected or size < 50 * expected:
        raise NothingDone(f"{what}: {read[0]:,} rolls read of {expected:,}, {size:,} bytes written")
    return {"s": round(spent, 2), "cpu_s": round(cpu, 2), "rolls": read[0], "mb": round(size / 1e6, 1),
            "rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--keep", type=pathlib.Path, metavar="FILE",
                    help="build the campaign at FILE and keep it; if FILE exists, reuse it")
    ap.add_argument("--json", action="store_true", help="also print the figures as one JSON line")
    ap.add_argument("--phase", nargs=2, metavar=("FILE", "WHAT"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.phase:
        print(json.dumps(phase(pathlib.Path(args.phase[0]), args.phase[1])))
        return 0
    with tempfile.TemporaryDirectory() as d:
        path = args.keep or pathlib.Path(d) / "session.gmdesk"
        if args.keep and args.keep.exists():
            figures = {"rows": 0, "build_s": 0, "file_mb": round(path.stat().st_size / 1e6, 1)}
        else:
            figures = build(path, args.rows)
        for what in ("csv", "recap"):
            child = subprocess.run([sys.executable, __file__, "--phase", str(path), what], capture_output=True,
                                   text=True)
            if child.returncode:
                sys.stderr.write(child.stderr)
                raise NothingDone(f"the {what} phase failed (exit {child.returncode})")
            figures[what] = json.loads(child.stdout.splitlines()[-1])
    csv, recap = figures["csv"], figures["recap"]
    ok = {"recap_vs_csv": recap["cpu_s"] <= TARGETS["recap_vs_csv"] * csv["cpu_s"],
          "recap_rss_mb": recap["rss_mb"] <= TARGETS["recap_rss_mb"]}
    print(f"session               {recap['rolls']:>12,} rolls shown (file {figures['file_mb']} MB)")
    print(f"machine               {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the end")
    print(f"CSV export            {csv['s']:>9} s (CPU {csv['cpu_s']} s; {csv['mb']} MB; peak memory {csv['rss_mb']} MB)")
    print(f"recap                 {recap['s']:>9} s (CPU {recap['cpu_s']} s, ×{recap['cpu_s'] / csv['cpu_s']:.2f} the CSV's; "
          f"target ≤ {TARGETS['recap_vs_csv']}×) {'ok' if ok['recap_vs_csv'] else 'MISSED'}")
    print(f"recap peak memory     {recap['rss_mb']:>9} MB ({recap['mb']} MB written; target ≤ {TARGETS['recap_rss_mb']} MB) "
          f"{'ok' if ok['recap_rss_mb'] else 'MISSED'}")
    if args.json:
        print(json.dumps({**figures, "targets_met": all(ok.values())}))
    return 0 if all(ok.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
