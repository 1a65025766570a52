"""Initiative rolls as roll-log entries, linked to the fight they were rolled for.

``roll_initiative`` answers with one ``initiative`` event per combatant, holding the dice and the
modifier (and the engine's whole roll when a sheet's check was rolled). Each becomes a ``LogEntry``
like any roll at the table — its dice, its breakdown, its total — with the fight's name and round,
so the log, its exports and the session recap show who rolled what when the fight began.

Initiative has no success or failure: its outcome is ``"initiative"`` and its check description
names no DC, so the analytics count its dice (fairness) but never its odds of success. It records
the tie rule the queue was sorted under (``tie_rule``, a campaign option), as a check records its rulings.
A score taken without a roll (cof's Init) is no roll: it is not logged.
"""

from __future__ import annotations

from typing import Collection, Iterable, Mapping

from .fight_queue import Event
from .log import LogEntry

TIER = "initiative"


def initiative_entries(events: Iterable[Event], system: str, names: Mapping[int, str], *, label: str,
                       session: str = "", fight: str = "", round: int | None = None,
                       hidden: Collection[int] = ()) -> list[LogEntry]:
    """One entry per initiative die roll among ``events`` (``names``: combatant id → name). The roll
    of a combatant hidden from the players is secret: the player screen must not name it."""
    out = []
    # The tie rule the queue was sorted under (a house rule): recorded on each roll, as a check's rulings are.
    rule = next((e.data.get("rule") for e in events if e.kind == "sorted"), None)
    for e in events:
        if e.kind != "initiative" or "dice" not in e.data:
            continue
        modifier, roll = int(e.data.get("modifier", 0)), e.data.get("roll")
        if roll is not None:
            dice, breakdown = list(roll.get("dice_detail", [])), list(roll.get("breakdown", []))
        else:
            dice = [{"sides": 20, "face": face, "state": "kept"} for face in e.data["dice"]]
            breakdown = [{"value": modifier, "source": "initiative", "kind": "untyped", "suppressed": False}] if modifier else []
        check = {"type": "initiative", "label": "initiative", "modifier": modifier}
        if rule is not None:
            check["tie_rule"] = rule
        out.append(LogEntry(system=system, tier=TIER, session=session, actor=names.get(e.combatant_id, ""),
                            label=label, check=check,
                            dice=dice, breakdown=breakdown, total=e.data["initiative"], fight=fight, round=round,
                            secret=e.combatant_id in hidden))
    return out
