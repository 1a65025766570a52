"""Helpers shared by the repositories: JSON columns, timestamps, reading stored objects back."""

from __future__ import annotations

import json
from typing import Any, Callable, TypeVar

from gmdesk.campaign.log import utc_now_iso
from gmdesk.engine.core import RulesError
from gmdesk.store.errors import CampaignFileError, InvalidInput

T = TypeVar("T")

dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def now() -> str:
    return utc_now_iso()


def load(what: str, text: str, build: Callable[[Any], T]) -> T:
    """Rebuild a stored object; data that no longer validates is a damaged file, named precisely."""
    try:
        return build(json.loads(text))
    except (ValueError, RulesError, TypeError, KeyError) as exc:
        raise CampaignFileError(f"the campaign file holds an unreadable {what}: {exc}", "damaged") from None


def check_order(what: str, wanted: list[int], current: dict[int, int]) -> list[tuple[int, int]]:
    """New ``(position, id)`` pairs putting ``wanted`` in that order in the places they hold now.

    ``wanted`` may be every id or a subset (reordering the PCs among themselves leaves NPCs put).
    """
    if len(set(wanted)) != len(wanted):
        raise InvalidInput(what, "an id is listed twice")
    missing = [i for i in wanted if i not in current]
    if missing:
        raise InvalidInput(what, f"no such id {missing[0]}")
    slots = sorted(current[i] for i in wanted)
    return list(zip(slots, wanted))
