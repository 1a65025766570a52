"""Roll log entries: one per roll made at the table, append-only.

An entry keeps everything needed to explain the roll months later without the engine: the full check
description (with the rulings R-1…R-5 it was made under), every die, the breakdown, the outcome. A
reroll points at the roll it replaced.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from typing import Any

from gmdesk.engine.core import RollResult
from gmdesk import systems
from gmdesk.systems.kit.rulings import in_force

from .names import plain_name

NAMES = ("session", "actor", "label", "fight")


def utc_now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class LogEntry:
    system: str
    tier: str
    time_utc: str = field(default_factory=utc_now_iso)  # ISO 8601, UTC, e.g. 2026-11-30T09:15:02.123Z
    session: str = ""  # the play session's name, e.g. "2026-11-30" or "Session 12"
    actor: str = ""
    label: str = ""  # what was rolled, in the GM's words ("Athlétisme", "Perception vs guard")
    check: dict[str, Any] = field(default_factory=dict)  # the engine check's describe()
    dice: list[dict[str, Any]] = field(default_factory=list)  # {"sides", "face", "state"} in roll order
    breakdown: list[dict[str, Any]] = field(default_factory=list)  # Breakdown.to_dict()
    total: int | None = None
    dc: int | None = None  # DC, AC, ND, or the anarchy threshold
    hits: int | None = None
    complication: int | None = None  # anarchy degree; None when there is none
    secret: bool = False
    reroll_of: int | None = None  # id of the entry this roll rerolled
    notes: list[str] = field(default_factory=list)
    id: int | None = None  # set by the store when appended
    fight: str = ""  # the fight it was rolled in (the encounter's name), "" outside a fight
    round: int | None = None  # that fight's round
    undone: bool = False  # taken back by an undo (initiative rolled, then undone): not counted, shown struck

    def __post_init__(self) -> None:
        # Who rolled, what and when are names (``names``): however they came (``roll --log``, an older
        # log read back), no control character reaches an export or the recap's charts.
        for key in NAMES:
            value = getattr(self, key)
            if isinstance(value, str):
                object.__setattr__(self, key, plain_name(value).strip())

    @classmethod
    def from_roll(
        cls,
        result: RollResult,
        check: dict[str, Any],
        *,
        actor: str = "",
        label: str = "",
        session: str = "",
        secret: bool = False,
        reroll_of: int | None = None,
        time_utc: str | None = None,
        fight: str = "",
        round: int | None = None,
    ) -> "LogEntry":
        detail = result.to_dict()
        return cls(
            system=result.system,
            tier=result.tier,
            time_utc=time_utc or utc_now_iso(),
            session=session,
            actor=actor,
            label=label,
            check=check,
            dice=detail["dice_detail"],
            breakdown=detail["breakdown"],
            total=result.total,
            dc=result.dc,
            hits=result.hits,
            complication=result.complication,
            secret=secret,
            reroll_of=reroll_of,
            notes=list(result.notes),
            fight=fight,
            round=round,
        )

    @property
    def rulings(self) -> dict[str, bool]:
        """The rulings (R-1…R-5) the roll was made under, as its check description records them;
        a roll logged before they were recorded was made under the defaults."""
        found = systems.find(self.system)
        return in_force(found.rulings if found is not None else (),
                        self.check.get("rulings") if isinstance(self.check, dict) else None)

    @property
    def faces(self) -> list[int]:
        return [d["face"] for d in self.dice]

    def breakdown_text(self) -> str:
        parts = []
        for b in self.breakdown:
            kind = "" if b.get("kind", "untyped") == "untyped" else f" {b['kind']}"
            part = f"{b['value']:+d}{kind} {b['source']}".strip()
            parts.append(f"[{part}: {b.get('reason') or 'suppressed'}]" if b.get("suppressed") else part)
        return ", ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        if not self.undone:  # the mark is rare: a roll as it always was has no such key
            del d["undone"]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "LogEntry":
        known = {f for f in cls.__dataclass_fields__}
        return cls(**{k: v for k, v in d.items() if k in known})
