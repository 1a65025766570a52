"""Write gmdesk/systems/dnd5e/srd-5.1.json.gz from the SRD 5.1 source (docs/bestiary.md says where it
comes from): ``python packaging/make_srd.py SRD-5.1-MONSTERS.json``. Run once; the result is committed and
ships in the wheel and the bundle. The same bytes come out for the same source (no time stamp)."""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

from gmdesk.systems.dnd5e.srd_convert import convert_all

OUT = Path(__file__).resolve().parent.parent / "gmdesk" / "systems" / "dnd5e" / "srd-5.1.json.gz"


def main(source: str) -> None:
    data = json.dumps(convert_all(json.loads(Path(source).read_text(encoding="utf-8"))), ensure_ascii=False,
                      separators=(",", ":"), sort_keys=True).encode()
    tmp = OUT.with_suffix(".tmp")
    tmp.write_bytes(gzip.compress(data, 9, mtime=0))
    tmp.replace(OUT)
    print(f"{OUT}: {OUT.stat().st_size:,} bytes")


if __name__ == "__main__":
    main(sys.argv[1])
