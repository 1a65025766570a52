"""Helpers of the analytics tests: engine checks as the command line builds them, scripted dice, and
campaigns filled through the store's real append path. (Not a conftest: ``from analytics_helpers
import …`` cannot pick up another directory's.)"""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

from gmdesk.campaign.log import LogEntry
from gmdesk.campaign.model import CampaignInfo
from gmdesk.cli import build_parser
from gmdesk.cli.checks import build_cli_check
from gmdesk.store import CampaignStore


@lru_cache(maxsize=None)
def cli_check(*words: str):
    """The engine check ``gmdesk odds SYSTEM …`` would build: ``cli_check("pf2", "--mod", "5", …)``
    (checks are immutable: one per command line)."""
    return build_cli_check(build_parser().parse_args(["odds", *words]))


class Faces(random.Random):
    """Gives the faces it is told, in order (a die that rolls what the test needs)."""

    def __init__(self, *faces: int):
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:  # noqa: D401
        face = self.faces.pop(0)
        assert a <= face <= b
        return face


class LoadedD20(random.Random):
    """A test-only roller with loaded d20s: each d20 is the better of two fair ones (a d6 stays fair)."""

    def randint(self, a: int, b: int) -> int:  # noqa: D401
        if (a, b) == (1, 20):
            return max(super().randint(1, 20), super().randint(1, 20))
        return super().randint(a, b)


def campaign(tmp_path: Path, system: str = "pf2", name: str = "stats") -> CampaignStore:
    return CampaignStore.create(tmp_path / f"{name}.gmdesk", CampaignInfo(name, system))


def log(store: CampaignStore, check, rng: random.Random, count: int = 1, **who) -> list[int]:
    """Roll ``check`` ``count`` times with ``rng`` and log the rolls through ``RollLog.append_many``."""
    describe = check.describe()
    entries = [LogEntry.from_roll(check.roll(rng), describe, **who) for _ in range(count)]
    return store.log.append_many(entries)
