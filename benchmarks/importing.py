"""Import benchmark (issue 15, item 7): a GM with a bestiary.

    python benchmarks/importing.py [--runs N] [--npcs N] [--json]

- import: 100 pasted stat blocks (40 pf2, 30 dnd5e, 10 each of dnd35, cof and anarchy, English and
  French, PDF artefacts included) and 50 character files (20 Pathbuilder 2e exports, 10 Foundry pf2e
  NPCs, 20 Foundry dnd5e actors), each read, checked, planned (twins looked up) and written into its
  campaign as ``gmdesk import`` does — median of ``--runs`` runs into fresh campaigns.
  Target: ≤ 1 s for all of it together.
- bestiary: a pf2 demo campaign plus ``--npcs`` (2,000) NPC stat blocks. In a fresh process, as when
  the GM opens it: the time from the process start to the main window first painted with it (target
  ≤ 1.5 s), and to the check panel's charts drawn (built just after the first paint); the party
  list's filter as the GM types a name, each keystroke filtered and repainted (median and worst,
  target ≤ 16 ms); the process's peak memory against the same process opening the demo campaign
  alone (target ≤ 1.5×).

Runs offscreen when there is no display; the user's settings and data folders are never used.
"""

from __future__ import annotations

import argparse
import io
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ui import LEAVE, OPEN_AND_PAINT, _child_env, _compile_gmdesk, make_demo  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "import"
PASTES = {"pf2": (("pf2_en.txt", 20), ("pf2_fr.txt", 20)),  # (file, copies): one block each…
          "dnd5e": (("dnd5e_en.txt", 8), ("dnd5e_fr.txt", 7)),  # …two each
          "dnd35": (("dnd35_en.txt", 5), ("dnd35_fr.txt", 5)), "cof": (("cof_fr.txt", 5),),  # cof: two each
          "anarchy": (("anarchy_en.txt", 5), ("anarchy_fr.txt", 5))}
FILES = {"pf2": (("pathbuilder_mirela_vosk.json", 10), ("pathbuilder_tobble_quickfoot.json", 10),
                 ("foundry_pf2e_npc.json", 5), ("foundry_pf2e_npc_old.json", 5)),
         "dnd5e": (("foundry_dnd5e_character.json", 10), ("foundry_dnd5e_npc.json", 10))}


def _renamed_json(name: str, n: int) -> str:
    """A fixture under another name (a party is not 20 copies of one character: no twins)."""
    doc = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    if "build" in doc:
        doc["build"]["name"] = f"{doc['build']['name']} {n}"
    else:
        doc["name"] = f"{doc['name']} {n}"
        doc["_id"] = f"bench{n:012d}"
    return json.dumps(doc)


def _page(system: str) -> str:
    return "\n\n".join((FIXTURES / name).read_text(encoding="utf-8")
                       for name, copies in PASTES[system] for _ in range(copies))


def build_inputs(folder: pathlib.Path) -> tuple[dict[str, str], dict[str, list[pathlib.Path]]]:
    pages = {system: _page(system) for system in PASTES}
    files: dict[str, list[pathlib.Path]] = {}
    for system, groups in FILES.items():
        for name, copies in groups:
            for n in range(copies):
                path = folder / f"{n}-{name}"
                path.write_text(_renamed_json(name, n), encoding="utf-8")
                files.setdefault(system, []).append(path)
    return pages, files


def import_once(folder: pathlib.Path, pages: dict[str, str], files: dict[str, list[pathlib.Path]]) -> tuple[float, int, int]:
    """Seconds to import everything (as ``gmdesk import``), pasted blocks and files added."""
    from gmdesk.campaign.importing import plan_import
    from gmdesk.campaign.model import CampaignInfo
    from gmdesk.store import CampaignStore
    from gmdesk.store.import_files import read_import

    stores = {s: CampaignStore.create(folder / f"{s}-{time.monotonic_ns()}.gmdesk", CampaignInfo("Bench", s))
              for s in PASTES}
    blocks = characters = 0
    try:
        start = time.perf_counter()
        for system, store in stores.items():
            found = read_import(io.StringIO(pages[system]), system, "paste", text=True)
            blocks += len(found)
            for path in files.get(system, ()):
                got = read_import(path, system)
                characters += len(got)
                found += got
            plan = plan_import(found, store.characters.list(), system)
            store.characters.add_and_update(plan.add, [new for _, new in plan.update])
        elapsed = time.perf_counter() - start
    finally:
        for store in stores.values():
            store.close()
    return elapsed, blocks, characters


def bench_import(runs: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="gmdesk-bench-") as tmp:
        tmp = pathlib.Path(tmp)
        pages, files = build_inputs(tmp)
        import_once(tmp, pages, files)  # warm-up: the parsers' first import and regex compilation
        times = []
        for _ in range(runs):
            elapsed, blocks, characters = import_once(tmp, pages, files)
            times.append(elapsed)
    assert blocks == 100 and characters == 50, (blocks, characters)
    return {"import_blocks": blocks, "import_files": characters,
            "import_ms": round(statistics.median(times) * 1000, 1), "import_target_ms": 1000}


def make_bestiary(path: pathlib.Path, npcs: int) -> pathlib.Path:
    """The pf2 demo campaign plus ``npcs`` pasted pf2 NPC stat blocks, each named apart."""
    from gmdesk.campaign.importing import read_text
    from gmdesk.store.campaign_store import CampaignStore

    make_demo(path)
    template = read_text((FIXTURES / "pf2_en.txt").read_text(encoding="utf-8"), "pf2")[0]
    from gmdesk.campaign.importing import character

    kinds = ("Goblin", "Kobold", "Bandit", "Wolf", "Skeleton", "Cultist", "Ogre", "Harpy")
    made = []
    for n in range(npcs):
        template.name = f"{kinds[n % len(kinds)]} {n:04d}"
        made.append(character(template, "pf2"))
    with CampaignStore.open(path) as store:
        store.characters.add_and_update(made, [])
    return path


_OPEN_CHILD = r"""
import time
t0 = time.perf_counter()
import resource, statistics, sys
sys.path.insert(0, {root!r})
from PySide6.QtTest import QTest
""" + OPEN_AND_PAINT + r"""
check = window.panels["check"]
deadline = time.perf_counter() + 60
while not check._sweep.is_built() and time.perf_counter() < deadline:  # the charts, after the first paint
    app.processEvents()
charts = time.perf_counter() - t0
party = window.panels["party"]
# The GM looks at the window before typing: the party list computes its rows' texts meanwhile, and
# the charts just built are painted (the first keystroke would otherwise pay for their first paint).
deadline = time.perf_counter() + 30
while party.model._warm_timer is not None and party.model._warm_timer.isActive() and time.perf_counter() < deadline:
    app.processEvents()
looked = time.perf_counter() + 0.5
while time.perf_counter() < looked:
    app.processEvents()
keys = []
for _ in range(3):
    for ch in "kobold 01":
        start = time.perf_counter()
        QTest.keyClicks(party.filter_edit, ch)
        party.table.viewport().repaint()
        app.processEvents()
        keys.append(time.perf_counter() - start)
    shown = party.proxy.rowCount()
    party.filter_edit.clear()
    app.processEvents()
rows = party.model.rowCount()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(painted[0], charts, statistics.median(keys), max(keys), shown, rows, peak, flush=True)
""" + LEAVE


def open_in_child(campaign: pathlib.Path, tmp: pathlib.Path) -> dict:
    code = _OPEN_CHILD.format(root=str(ROOT), campaign=str(campaign))
    done = subprocess.run([sys.executable, "-c", code], env=_child_env(tmp), capture_output=True, text=True,
                          timeout=300, check=True)
    painted, charts, median_key, worst_key, shown, rows, peak_kib = done.stdout.split()[-7:]
    return {"window_s": float(painted), "charts_s": float(charts), "key_ms": float(median_key) * 1000,
            "worst_key_ms": float(worst_key) * 1000,
            "shown": int(shown), "rows": int(rows), "peak_mib": int(peak_kib) / 1024}


def bench_bestiary(npcs: int, runs: int) -> dict:
    _compile_gmdesk()
    with tempfile.TemporaryDirectory(prefix="gmdesk-bench-") as tmp:
        tmp = pathlib.Path(tmp)
        demo = make_demo(tmp / "demo.gmdesk")
        bestiary = make_bestiary(tmp / "bestiary.gmdesk", npcs)
        open_in_child(bestiary, tmp)  # warm-up: the OS file cache
        big = [open_in_child(bestiary, tmp) for _ in range(runs)]
        small = [open_in_child(demo, tmp) for _ in range(runs)]

    def median(results, key):
        return statistics.median(r[key] for r in results)

    assert big[0]["rows"] >= npcs and 0 < big[0]["shown"] < npcs, big[0]
    return {"bestiary_npcs": npcs, "bestiary_open_s": round(median(big, "window_s"), 3), "open_target_s": 1.5,
            "bestiary_charts_s": round(median(big, "charts_s"), 3), "demo_charts_s": round(median(small, "charts_s"), 3),
            "filter_key_ms": round(median(big, "key_ms"), 2), "filter_worst_key_ms": round(median(big, "worst_key_ms"), 2),
            "filter_target_ms": 16, "bestiary_peak_mib": round(median(big, "peak_mib"), 1),
            "demo_peak_mib": round(median(small, "peak_mib"), 1), "demo_open_s": round(median(small, "window_s"), 3),
            "memory_ratio": round(median(big, "peak_mib") / median(small, "peak_mib"), 2), "memory_target": 1.5}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--npcs", type=int, default=2000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = {**bench_import(args.runs), **bench_bestiary(args.npcs, max(1, args.runs // 2))}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"import {result['import_blocks']} pasted stat blocks + {result['import_files']} files: "
              f"{result['import_ms']} ms (target ≤ 1,000 ms)")
        print(f"a campaign of {args.npcs:,} NPCs: window painted {result['bestiary_open_s']} s (target ≤ 1.5 s; "
              f"the demo campaign's: {result['demo_open_s']} s), its charts drawn {result['bestiary_charts_s']} s "
              f"(the demo's {result['demo_charts_s']} s); "
              f"party filter per keystroke {result['filter_key_ms']} ms, worst {result['filter_worst_key_ms']} ms "
              f"(target ≤ 16 ms); peak memory {result['bestiary_peak_mib']} MiB against the demo's "
              f"{result['demo_peak_mib']} MiB: ×{result['memory_ratio']} (target ≤ 1.5×)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
