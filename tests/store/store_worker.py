"""A gmdesk process that logs rolls into a campaign, for the crash and concurrency tests.

    store_worker.py append PATH TAG N [GO_FILE]   N rolls, one transaction each; exit 0 (with GO_FILE:
                                                  print ready once open, start when GO_FILE exists)
    store_worker.py forever PATH TAG              log until killed (single rolls and batches of 5)

After each committed append it prints ``<id> <label>`` and flushes: whatever it printed is a roll
that ``append`` reported, which must survive a SIGKILL.
"""

from __future__ import annotations

import os
import sys
import time

from gmdesk.campaign.log import LogEntry
from gmdesk.store import CampaignStore


def roll(label: str, i: int) -> LogEntry:
    return LogEntry(
        system="pf2", tier="success", actor=f"actor {i % 3}", label=label, session="crash test",
        check={"kind": "check", "modifier": 5}, dice=[{"sides": 20, "face": 1 + i % 20, "state": "kept"}],
        breakdown=[{"value": 5, "source": "Dex", "kind": "ability", "suppressed": False}], total=6 + i % 20, dc=15,
    )


def main() -> None:
    mode, path, tag = sys.argv[1], sys.argv[2], sys.argv[3]
    out = sys.stdout
    if mode == "append":
        n = int(sys.argv[4])
        with CampaignStore.open(path) as store:
            if len(sys.argv) > 5:  # start together: say we are open, wait for the go
                out.write("ready\n")
                out.flush()
                while not os.path.exists(sys.argv[5]):
                    time.sleep(0.0005)
            for i in range(n):
                label = f"{tag}:{i}"
                out.write(f"{store.log.append(roll(label, i))} {label}\n")
                out.flush()
        return
    store = CampaignStore.open(path)  # never closed: the test kills us
    out.write("ready\n")
    out.flush()
    i = 0
    while True:
        if i % 4 == 3:
            labels = [f"{tag}:{i + k}" for k in range(5)]
            ids = store.log.append_many([roll(label, i) for label in labels])
            out.write("".join(f"{rid} {label}\n" for rid, label in zip(ids, labels)))
            i += 5
        else:
            label = f"{tag}:{i}"
            out.write(f"{store.log.append(roll(label, i))} {label}\n")
            i += 1
        out.flush()


if __name__ == "__main__":
    main()
