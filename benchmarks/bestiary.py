"""Bestiary benchmark (issue 27, item 6): a GM searching the SRD and a big pack of their own.

    python benchmarks/bestiary.py [--files N] [--runs N] [--json]

- load: reading the 334 SRD 5.1 creatures the first time the bestiary is asked for (in a fresh
  process, dnd5e already loaded: what opening the bestiary adds). Target ≤ 50 ms.
- pack: a folder of ``--files`` (10,000) Foundry VTT pf2e NPC exports, one creature each, read and
  indexed by ``PackReader`` with a progress callback, then read again unchanged (only the files'
  dates looked at), then in a new session from the cache it kept. Target ≤ 3 s. Peer on the same
  work: each file read whole, as ``gmdesk import`` reads it (what indexing did before it glanced), on
  the first ``--peer-files`` (1,000) files, given for all of them at the same pace.
- search: the Qt-free part of a keystroke (``Index.search``, the first 200 a list shows) over the SRD
  plus a ``--creatures`` (10,000) creature pack, as a GM types "goblin", "dragon red", "élém", "cr 1/4": median and
  worst. Target ≤ 16 ms. Peer on the same work: a plain scan that scores every creature and sorts
  them all on each keystroke (what the index avoids).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gmdesk.campaign.bestiary import Index, shipped  # noqa: E402
from gmdesk.store.bestiary_packs import PackReader, creatures_in  # noqa: E402
from gmdesk.systems.kit.statblock_text import fold  # noqa: E402

FOUNDRY_NPC = ROOT / "tests" / "fixtures" / "import" / "foundry_pf2e_npc.json"
QUERIES = ("goblin", "dragon red", "élém", "cr 1/4", "wolf", "adult")
SYLLABLES = ("gor", "ak", "el", "mi", "thra", "zul", "ven", "dor", "ish", "qua", "bel", "rok", "ém")


def _name(i: int) -> str:
    parts = [SYLLABLES[(i // 13 ** k) % 13] for k in range(3)]
    return "".join(parts).title() + f" {('Warrior', 'Shaman', 'Beast', 'Élémentaire')[i % 4]} {i}"


def make_pack(folder: pathlib.Path, files: int) -> None:
    doc = json.loads(FOUNDRY_NPC.read_text(encoding="utf-8"))
    for i in range(files):
        doc["name"] = _name(i)
        doc["_id"] = f"bench{i:08d}"
        (folder / f"npc-{i:05d}.json").write_text(json.dumps(doc), encoding="utf-8")


def bench_load(runs: int) -> list[float]:
    code = ("import time; from gmdesk import systems; systems.get('dnd5e'); "
            "from gmdesk.systems.dnd5e import bestiary as b; t = time.perf_counter(); b.creatures(); "
            "print(time.perf_counter() - t)")
    return [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                 cwd=ROOT).stdout) for _ in range(runs)]


def peer_search(creatures, query: str, limit: int = 200):
    """Score every creature, sort them all: the obvious way."""
    q = " ".join(fold(query).split())
    tokens = q.split()
    scored = []
    for c in creatures:
        name = fold(c.name)
        hay = f"{name} {fold(c.type)} {fold(c.size)} cr {c.challenge} level {c.level}"
        if all(t in hay for t in tokens):
            scored.append((0 if name == q else 1 if name.startswith(q) else 2 if all(t in name for t in tokens) else 3,
                           float(c.rank), name, c))
    scored.sort(key=lambda t: t[:3])
    return [t[-1] for t in scored[:limit]]


def keystrokes(search, queries=QUERIES) -> list[float]:
    times = []
    for query in queries:
        for n in range(1, len(query) + 1):
            t = time.perf_counter()
            search(query[:n])
            times.append(time.perf_counter() - t)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--creatures", type=int, default=10_000, help="the pack's size in the search")
    parser.add_argument("--peer-files", type=int, default=1_000, help="files the pack's peer reads whole")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out: dict = {}
    load = bench_load(args.runs)
    out["srd_load_ms"] = statistics.median(load) * 1000
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        make_pack(folder, args.files)
        reader = PackReader(cache=folder / ".cache")
        seen = []
        t = time.perf_counter()
        pack = reader.read(folder, "pf2", lambda done, total: seen.append(done) or True)
        out["pack_first_s"] = time.perf_counter() - t
        t = time.perf_counter()
        reader.read(folder, "pf2")
        out["pack_again_s"] = time.perf_counter() - t
        t = time.perf_counter()
        assert len(PackReader(cache=folder / ".cache").read(folder, "pf2").creatures) == args.files
        out["pack_cached_s"] = time.perf_counter() - t
        assert len(pack.creatures) == args.files and not pack.problems and seen[-1] == args.files
        peer_files = sorted(folder.glob("*.json"))[:args.peer_files]
        t = time.perf_counter()
        assert all(len(creatures_in(f, "pf2", str(folder))) == 1 for f in peer_files)
        out["pack_peer_s"] = (time.perf_counter() - t) * args.files / max(1, len(peer_files))
    index = Index(shipped("dnd5e"))
    # The search's pack: --creatures of them, named as the files were (the files' creatures reused).
    index.extend(replace(pack.creatures[i % len(pack.creatures)], name=_name(i)) for i in range(args.creatures))
    everything = index.creatures
    ours = keystrokes(lambda q: index.search(q, limit=200))
    peer = keystrokes(lambda q: peer_search(everything, q))
    out.update(creatures=len(index), search_median_ms=statistics.median(ours) * 1000, search_worst_ms=max(ours) * 1000,
               peer_median_ms=statistics.median(peer) * 1000, peer_worst_ms=max(peer) * 1000)
    if args.json:
        print(json.dumps(out))
        return
    print(f"SRD 5.1 load (334 creatures): {out['srd_load_ms']:.1f} ms (target ≤ 50 ms)")
    print(f"pack of {args.files:,} files indexed: {out['pack_first_s']:.2f} s (target ≤ 3 s); "
          f"again, unchanged: {out['pack_again_s']:.2f} s; next session, from its cache: {out['pack_cached_s']:.2f} s; "
          f"peer (every file read whole): {out['pack_peer_s']:.1f} s")
    print(f"search over {out['creatures']:,} creatures, per keystroke: median {out['search_median_ms']:.2f} ms, "
          f"worst {out['search_worst_ms']:.1f} ms (target ≤ 16 ms); peer (score all, sort all): median "
          f"{out['peer_median_ms']:.1f} ms, worst {out['peer_worst_ms']:.1f} ms")


if __name__ == "__main__":
    main()
