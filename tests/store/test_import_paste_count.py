"""Issue 23 §7: ``gmdesk import --stat-block -`` with two stat blocks pasted together (as copied from a
PDF: no empty line between them, "Creature –1") adds two creatures, each with its own strikes, and
says it added two."""

from __future__ import annotations

import subprocess
import sys

from store_helpers import worker_env

from gmdesk.store import CampaignStore

PASTE = """\
GOBLIN WARRIOR
Creature –1
Perception +2; darkvision
Str +0, Dex +3, Con +1, Int +0, Wis –1, Cha +1
AC 16; Fort +5, Ref +7, Will +3
HP 6
Melee [one-action] dogslicer +7 (agile, backstabber, finesse), Damage 1d6 slashing
KOBOLD WARRIOR
CREATURE -1
Perception +3; darkvision
Str +1, Dex +3, Con +0, Int +0, Wis +1, Cha –1
AC 16; Fort +4, Ref +7, Will +3
HP 8
Melee [one-action] spear +3, Damage 1d6 piercing
Ranged [one-action] sling +7 (propulsive), Damage 1d4 bludgeoning
"""


def gmdesk(*argv: object, stdin: str | None = None) -> str:
    p = subprocess.run([sys.executable, "-m", "gmdesk", *map(str, argv)], env=worker_env(), capture_output=True,
                       text=True, timeout=120, input=stdin)
    assert p.returncode == 0 and not p.stderr, (p.returncode, p.stderr)
    return p.stdout


def test_two_pasted_blocks_add_two_creatures_and_the_count_says_two(tmp_path):
    path = tmp_path / "pf2.gmdesk"
    gmdesk("new", path, "--system", "pf2")
    out = gmdesk("import", path, "--stat-block", "-", stdin=PASTE)
    assert " 2 " in out.splitlines()[0], out
    with CampaignStore.open(path, read_only=True) as store:
        added = {c.name: (c.sheet.level, sorted(a.name for a in c.sheet.attacks)) for c in store.characters.list()}
    assert added == {"Goblin Warrior": (-1, ["dogslicer"]), "Kobold Warrior": (-1, ["sling", "spear"])}
