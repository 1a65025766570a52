"""Store benchmark: a campaign with a million logged rolls.

    python benchmarks/store.py [--rows N] [--batch B] [--dir DIR] [--json]

Work (issue 3): N rolls (default 1,000,000; real pf2 rolls from the demo campaign, 10 actors, sessions
of 100,000 rolls, 5 % secret) appended with ``RollLog.append_many`` in batches of B (default 1,000)
into a new campaign; then, in a fresh process (as when the GM opens the file): ``CampaignStore.open``
(median of 5), counting and paging as the log's table view does (last page, a filtered page deep in
the list, distinct actors), and a CSV export of 100,000 rows (one session, secret rolls included) to a
file. RSS is the peak resident memory of that fresh process.
Targets: appends ≥ 5,000 rolls/s in batches, open ≤ 0.3 s, CSV export of 100k rows ≤ 1.5 s.

Then every export format over the whole log (secret rolls included), each in a fresh process: its
time against the CSV's (target: each within 1.5× of it, in CPU seconds, which the machine's load
moves less than the wall clock), its peak memory (target ≤ 200 MB whatever the log's size: every
format streams), and a check that the work happened (the rows counted, the bytes on disk). And ``gmdesk roll --count R --log`` into a new campaign, timed as the GM runs it.

Every open checks the file first (``gmdesk.store.soundness``): SQLite's ``quick_check`` of the whole
file up to ``FULL_CHECK_BYTES``, a part of it above, and its ``integrity_check`` (indexes against their
tables) up to ``INTEGRITY_BYTES``. So the slowest opens are not the million-roll file's but those of
files just under these bounds: they are built too (``bound.gmdesk``, ``integrity.gmdesk``) and their
opens timed the same way (target ≤ 0.3 s as well).
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from gmdesk.campaign.demo import demo_campaign  # noqa: E402
from gmdesk.campaign.log import LogEntry  # noqa: E402
from gmdesk.store import CampaignStore, LogFilter  # noqa: E402
from gmdesk.store.exports import export_log  # noqa: E402
from gmdesk.store.soundness import FULL_CHECK_BYTES, INTEGRITY_BYTES  # noqa: E402

SESSION_ROWS = 100_000
ACTORS = ["Brunhild", "Sélène", "Tarek", "Ilsa", "Gobelin 1", "Gobelin 2", "Ogre", "Capitaine", "Garde", "Loup"]
TARGETS = {"append_per_s": 5_000, "open_s": 0.3, "csv_100k_s": 1.5, "open_bound_s": 0.3,
           "export_vs_csv": 1.5, "export_rss_mb": 200}
EXPORT_FORMATS = ("csv", "json", "md", "html")


class NothingDone(RuntimeError):
    """A figure measured over work that did not happen (no row exported, no byte written)."""


def rows(start: int, count: int, templates: list[LogEntry]) -> list[LogEntry]:
    out = []
    for i in range(start, start + count):
        t = templates[i % len(templates)]
        seconds = i * 20  # a roll every 20 s of play
        out.append(replace(
            t,
            time_utc=f"2025-{1 + (seconds // 2_419_200) % 12:02d}-{1 + (seconds // 86_400) % 28:02d}T"
                     f"{(seconds // 3600) % 24:02d}:{(seconds // 60) % 60:02d}:{seconds % 60:02d}.000Z",
            session=f"Session {1 + i // SESSION_ROWS}",
            actor=ACTORS[i % len(ACTORS)],
            secret=i % 20 == 7,
        ))
    return out


def build(path: pathlib.Path, n: int, batch: int) -> dict:
    templates = demo_campaign("pf2", "fr").log_entries
    store = CampaignStore.create(path, demo_campaign("pf2", "fr").info)
    spent = cpu = 0.0
    done = 0
    while done < n:
        chunk = rows(done, min(batch, n - done), templates)
        t0, c0 = time.perf_counter(), time.process_time()
        store.log.append_many(chunk)
        spent += time.perf_counter() - t0
        cpu += time.process_time() - c0
        done += len(chunk)
    # The table, one roll at a time: every roll its own committed (fsynced) transaction.
    singles = rows(n, 500, templates)
    t0 = time.perf_counter()
    for e in singles:
        store.log.append(e)
    single_s = time.perf_counter() - t0
    store.close()
    return {
        "rows": n + len(singles),
        "batch": batch,
        "append_per_s": round(n / spent),
        "append_s": round(spent, 2),
        "append_cpu_s": round(cpu, 2),
        "single_append_ms": round(single_s / len(singles) * 1000, 3),
        "file_mb": round(path.stat().st_size / 1e6, 1),
    }


def build_to_bound(path: pathlib.Path, bound: int = FULL_CHECK_BYTES, batch: int = 2_000) -> int:
    """A campaign grown until one more batch would take it past ``bound`` (a bound of the checks)."""
    templates = demo_campaign("pf2", "fr").log_entries
    done = 0
    with CampaignStore.create(path, demo_campaign("pf2", "fr").info) as store:
        while True:
            # What an open will find: the file, once the -wal (up to 4 MiB of it) is merged into it.
            store._db.checkpoint(truncate=True)
            if path.stat().st_size + batch * 900 > bound:
                break
            store.log.append_many(rows(done, batch, templates))
            done += batch
    return done


def open_times(path: pathlib.Path, n: int = 5) -> list[float]:
    opens = []
    for _ in range(n):
        t0 = time.perf_counter()
        store = CampaignStore.open(path)
        opens.append(time.perf_counter() - t0)
        store.close()
    return opens


def read_phase(path: pathlib.Path, out_dir: pathlib.Path) -> dict:
    opens = open_times(path)
    store = CampaignStore.open(path)
    figures: dict = {"open_s": round(statistics.median(opens), 4), "open_first_s": round(opens[0], 4)}

    def timed(name: str, fn):
        t0, c0 = time.perf_counter(), time.process_time()
        result = fn()
        figures[name] = round(time.perf_counter() - t0, 4)
        figures[name.replace("_s", "_cpu_s")] = round(time.process_time() - c0, 4)  # less sensitive to load
        return result

    total = timed("count_all_s", lambda: store.log.count())
    timed("last_page_s", lambda: store.log.page(LogFilter(), max(total - 100, 0), 100))
    timed("newest_page_s", lambda: store.log.page(LogFilter(), 0, 100, newest_first=True))
    flt = LogFilter(actor="Ogre", include_secret=False)
    matching = timed("count_actor_s", lambda: store.log.count(flt))
    timed("deep_actor_page_s", lambda: store.log.page(flt, max(matching - 100, 0), 100))
    timed("distinct_actors_s", lambda: store.log.actors())
    session = LogFilter(session="Session 1", include_secret=True)
    target = out_dir / "export.csv"
    exported = timed("csv_100k_s", lambda: export_log(store.log, "csv", target, session))
    figures["csv_rows"] = exported
    figures["csv_mb"] = round(target.stat().st_size / 1e6, 1)
    store.close()
    figures["rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return figures


def export_phase(path: pathlib.Path, fmt: str) -> dict:
    """One format over the whole log, in this (fresh) process: seconds, rows, bytes, peak memory."""
    target = path.parent / f"all.{fmt}"
    with CampaignStore.open(path, read_only=True) as store:
        expected = store.log.count(LogFilter(include_secret=True))
        t0, c0 = time.perf_counter(), time.process_time()
        exported = export_log(store.log, fmt, target, LogFilter(include_secret=True))
        spent, cpu = time.perf_counter() - t0, time.process_time() - c0
    size = target.stat().st_size
    target.unlink()
    if exported != expected or expected == 0 or size < 50 * expected:
        raise NothingDone(f"{fmt}: {exported:,} rows exported of {expected:,}, {size:,} bytes written")
    return {"s": round(spent, 3), "cpu_s": round(cpu, 3), "rows": exported, "mb": round(size / 1e6, 1),
            "rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}


def exports(path: pathlib.Path) -> dict:
    figures = {}
    for fmt in EXPORT_FORMATS:
        child = subprocess.run([sys.executable, __file__, "--export-phase", str(path), fmt], capture_output=True,
                               text=True, check=True)
        figures[fmt] = json.loads(child.stdout.splitlines()[-1])
    return figures


def roll_and_log(folder: pathlib.Path, count: int) -> dict:
    """``gmdesk roll pf2 --count N --log new.gmdesk``, its output thrown away, as a fresh process."""
    path = folder / "rolled.gmdesk"
    gmdesk = [sys.executable, "-m", "gmdesk"]
    env = {**os.environ, "PYTHONPATH": str(pathlib.Path(__file__).resolve().parents[1])}
    subprocess.run([*gmdesk, "new", str(path), "--system", "pf2"], env=env, check=True, capture_output=True)
    t0, c0 = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([*gmdesk, "roll", "pf2", "--mod", "7", "--dc", "20", "--count", str(count), "--log", str(path)],
                   env=env, check=True, stdout=subprocess.DEVNULL)
    spent, c1 = time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (c1.ru_utime - c0.ru_utime) + (c1.ru_stime - c0.ru_stime)
    with CampaignStore.open(path, read_only=True) as store:
        logged = store.log.count()
    if logged != count:
        raise NothingDone(f"roll --log: {logged:,} rolls logged of {count:,}")
    return {"roll_log_s": round(spent, 2), "roll_log_cpu_s": round(cpu, 2), "roll_log_rows": count,
            "roll_log_per_s": round(count / spent)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--batch", type=int, default=1_000)
    ap.add_argument("--dir", type=pathlib.Path, help="where to build the campaign (default: a temp dir)")
    ap.add_argument("--keep", type=pathlib.Path, metavar="FILE",
                    help="build the campaign at FILE and keep it; if FILE exists, reuse it (read figures only)")
    ap.add_argument("--json", action="store_true", help="also print the figures as one JSON line")
    ap.add_argument("--read-phase", type=pathlib.Path, help=argparse.SUPPRESS)
    ap.add_argument("--open-phase", type=pathlib.Path, help=argparse.SUPPRESS)
    ap.add_argument("--export-phase", nargs=2, metavar=("FILE", "FORMAT"), help=argparse.SUPPRESS)
    ap.add_argument("--roll-count", type=int, default=None,
                    help="rolls made and logged by `gmdesk roll --count … --log` (default: --rows)")
    args = ap.parse_args()
    if args.export_phase:
        print(json.dumps(export_phase(pathlib.Path(args.export_phase[0]), args.export_phase[1])))
        return 0
    if args.read_phase:
        print(json.dumps(read_phase(args.read_phase, args.read_phase.parent)))
        return 0
    if args.open_phase:
        opens = open_times(args.open_phase)
        print(json.dumps({"median": round(statistics.median(opens), 4), "first": round(opens[0], 4)}))
        return 0
    with tempfile.TemporaryDirectory(dir=args.dir) as d:
        path = args.keep or pathlib.Path(d) / "million.gmdesk"
        if args.keep and args.keep.exists():
            with CampaignStore.open(path) as store:
                figures = {"rows": store.log.count(), "batch": 0, "append_per_s": 0, "append_s": 0,
                           "single_append_ms": 0, "file_mb": round(path.stat().st_size / 1e6, 1), "reused": True}
        else:
            t0 = time.perf_counter()
            figures = build(path, args.rows, args.batch)
            figures["build_wall_s"] = round(time.perf_counter() - t0, 1)
        child = subprocess.run([sys.executable, __file__, "--read-phase", str(path)], capture_output=True,
                               text=True, check=True)
        figures.update(json.loads(child.stdout.splitlines()[-1]))
        figures["exports"] = exports(path)
        figures.update(roll_and_log(pathlib.Path(d), args.roll_count or args.rows))
        for name, limit in (("bound", FULL_CHECK_BYTES), ("integrity", INTEGRITY_BYTES)):
            bound = pathlib.Path(d) / f"{name}.gmdesk"
            figures[f"{name}_rows"] = build_to_bound(bound, limit)
            figures[f"{name}_mb"] = round(bound.stat().st_size / 1e6, 1)
            child = subprocess.run([sys.executable, __file__, "--open-phase", str(bound)], capture_output=True,
                                   text=True, check=True)
            opened = json.loads(child.stdout.splitlines()[-1])
            figures[f"open_{name}_s"], figures[f"open_{name}_first_s"] = opened["median"], opened["first"]
    csv_s, csv_cpu = figures["exports"]["csv"]["s"], figures["exports"]["csv"]["cpu_s"]
    ok = {
        **{f"export_{fmt}": (e["cpu_s"] <= TARGETS["export_vs_csv"] * csv_cpu and e["rss_mb"] <= TARGETS["export_rss_mb"])
           for fmt, e in figures["exports"].items()},
        "append_per_s": figures.get("reused", False) or figures["append_per_s"] >= TARGETS["append_per_s"],
        "open_s": figures["open_s"] <= TARGETS["open_s"],
        "csv_100k_s": figures["csv_100k_s"] <= TARGETS["csv_100k_s"],
        "open_bound_s": figures["open_bound_s"] <= TARGETS["open_bound_s"],
        "open_integrity_s": figures["open_integrity_s"] <= TARGETS["open_bound_s"],
    }
    print(f"rolls logged          {figures['rows']:>12,}  (file {figures['file_mb']} MB)")
    print(f"machine               {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the end")
    print(f"append, batches of {figures['batch']:<5}{figures['append_per_s']:>9,} rolls/s  "
          f"(target ≥ {TARGETS['append_per_s']:,}) {'ok' if ok['append_per_s'] else 'MISSED'}")
    print(f"append, one per txn   {figures['single_append_ms']:>9} ms/roll (committed, fsynced)")
    print(f"open                  {figures['open_s']:>9} s  (median of 5; first {figures['open_first_s']} s; "
          f"target ≤ {TARGETS['open_s']}) {'ok' if ok['open_s'] else 'MISSED'}")
    print(f"open, full check      {figures['open_bound_s']:>9} s  (a {figures['bound_mb']} MB campaign of "
          f"{figures['bound_rows']:,} rolls, just under the {FULL_CHECK_BYTES >> 20} MiB bound: its whole file is "
          f"quick_checked; target ≤ {TARGETS['open_bound_s']}) {'ok' if ok['open_bound_s'] else 'MISSED'}")
    print(f"open, whole integrity {figures['open_integrity_s']:>9} s  (a {figures['integrity_mb']} MB campaign of "
          f"{figures['integrity_rows']:,} rolls, just under the {INTEGRITY_BYTES >> 20} MiB bound: its whole file's "
          f"indexes are checked against their tables; target ≤ {TARGETS['open_bound_s']}) "
          f"{'ok' if ok['open_integrity_s'] else 'MISSED'}")
    print(f"count all / last page {figures['count_all_s']:>9} s / {figures['last_page_s']} s "
          f"(newest first {figures['newest_page_s']} s)")
    print(f"actor filter          {figures['count_actor_s']:>9} s count, {figures['deep_actor_page_s']} s deepest page; "
          f"distinct actors {figures['distinct_actors_s']} s")
    print(f"CSV export            {figures['csv_100k_s']:>9} s for {figures['csv_rows']:,} rows (CPU {figures['csv_100k_cpu_s']} s; "
          f"{figures['csv_mb']} MB; "
          f"target ≤ {TARGETS['csv_100k_s']} s for 100k) {'ok' if ok['csv_100k_s'] else 'MISSED'}")
    print(f"RSS (open, page, export) {figures['rss_mb']:>6} MB peak")
    for fmt, e in figures["exports"].items():
        print(f"export {fmt:<5} all rows  {e['s']:>9} s for {e['rows']:,} rows (CPU {e['cpu_s']} s, ×{e['cpu_s'] / csv_cpu:.2f} the CSV's; "
              f"{e['mb']} MB; peak memory {e['rss_mb']} MB; targets ≤ {TARGETS['export_vs_csv']}× "
              f"and ≤ {TARGETS['export_rss_mb']} MB) {'ok' if ok['export_' + fmt] else 'MISSED'}")
    print(f"roll --count --log    {figures['roll_log_s']:>9} s for {figures['roll_log_rows']:,} rolls "
          f"(CPU {figures['roll_log_cpu_s']} s; {figures['roll_log_per_s']:,} rolls/s, made, logged and printed)")
    if args.json:
        print(json.dumps({**figures, "targets_met": all(ok.values())}))
    return 0 if all(ok.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
