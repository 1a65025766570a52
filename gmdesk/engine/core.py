"""Vocabulary shared by every game system: modifiers and their breakdown, odds, rolls, errors.

Probabilities are exact ``Fraction``s throughout the engine; floats appear only at the edges
(CLI JSON, charts). Every ``Odds`` sums to exactly 1, checked when it is built.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable, Mapping

# Stable tier ids, ordered worst to best (files, CLI JSON and the roll log use these).
DEGREES = ("critical_failure", "failure", "success", "critical_success")  # four degrees of success
PASS_FAIL = ("failure", "success")
ATTACK_TIERS = ("miss", "hit", "critical_hit")
SUCCESS_TIERS = frozenset({"success", "critical_success", "hit", "critical_hit"})


class RulesError(ValueError):
    """A check the rules do not allow, or a value outside its range.

    ``field`` names the offending input (a sheet field or a CLI option, e.g. ``"dc"`` or
    ``"modifiers[2]"``) so that every front end can point at it; the message states the rule.
    """

    def __init__(self, field: str, message: str, fr: str | None = None):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.rule = message
        self.fr = fr  # the rule in French, where the refusal is one a French GM reads in the window

    def said(self, lang: str) -> str:
        """The rule in ``lang`` (English when it has no French)."""
        return self.fr if lang == "fr" and self.fr else self.rule


def ability_modifier(score: int) -> int:
    """floor((score - 10) / 2): the d20 ability table (Pathfinder, D&D 5e, D&D 3.5)."""
    return (score - 10) // 2


@dataclass(frozen=True)
class Modifier:
    """One number added to a check, with where it comes from.

    ``kind`` is the stacking type (Pathfinder 2: ``item``/``circumstance``/``status``/``untyped``);
    other systems use ``untyped`` or descriptive kinds (``ability``, ``proficiency``, ``ranks``…)
    that always add up.
    """

    value: int
    source: str
    kind: str = "untyped"


@dataclass(frozen=True)
class BreakdownLine:
    modifier: Modifier
    suppressed: bool = False
    reason: str = ""  # why it was suppressed, in the GM's words


@dataclass(frozen=True)
class Breakdown:
    """Every modifier considered for a check, the suppressed ones kept and marked."""

    lines: tuple[BreakdownLine, ...] = ()

    @classmethod
    def of(cls, modifiers: Iterable[Modifier]) -> "Breakdown":
        return cls(tuple(BreakdownLine(m) for m in modifiers))

    @property
    def total(self) -> int:
        return sum(line.modifier.value for line in self.lines if not line.suppressed)

    @property
    def applied(self) -> tuple[Modifier, ...]:
        return tuple(line.modifier for line in self.lines if not line.suppressed)

    @property
    def suppressed(self) -> tuple[BreakdownLine, ...]:
        return tuple(line for line in self.lines if line.suppressed)

    def __add__(self, other: "Breakdown") -> "Breakdown":
        return Breakdown(self.lines + other.lines)

    def to_dict(self) -> list[dict]:
        return [
            {
                "value": line.modifier.value,
                "source": line.modifier.source,
                "kind": line.modifier.kind,
                "suppressed": line.suppressed,
                **({"reason": line.reason} if line.reason else {}),
            }
            for line in self.lines
        ]

    def text(self) -> str:
        """``+3 Dex, +2 circumstance cover, [+1 circumstance shield: suppressed]``."""
        parts = []
        for line in self.lines:
            m = line.modifier
            kind = "" if m.kind == "untyped" else f" {m.kind}"
            part = f"{m.value:+d}{kind} {m.source}".strip()
            parts.append(f"[{part}: {line.reason or 'suppressed'}]" if line.suppressed else part)
        return ", ".join(parts)


@dataclass(frozen=True)
class Odds:
    """Exact probability of every tier of one check, worst tier first.

    ``extra`` carries system-specific exact figures (a d6 pool: ``hits`` as a tuple of Fractions
    indexed by hits, ``complication``).
    """

    system: str
    tiers: Mapping[str, Fraction]
    extra: Mapping[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        total = sum(self.tiers.values(), Fraction(0))
        if total != 1:  # an engine bug, never a user error
            raise AssertionError(f"{self.system} odds sum to {total}, not 1: {dict(self.tiers)}")

    def __getitem__(self, tier: str) -> Fraction:
        return self.tiers[tier]

    @property
    def success(self) -> Fraction:
        """Chance of any succeeding tier (success, critical success, hit, critical hit)."""
        return sum((p for t, p in self.tiers.items() if t in SUCCESS_TIERS), Fraction(0))

    def floats(self) -> dict[str, float]:
        return {t: float(p) for t, p in self.tiers.items()}


@dataclass(frozen=True)
class Die:
    """One die as rolled. ``state``: ``kept``, ``dropped`` (lost to advantage, fortune…) or
    ``rerolled`` (replaced by a later die; for anarchy Edge rerolls its 1 may still count)."""

    sides: int
    face: int
    state: str = "kept"


@dataclass(frozen=True)
class RollResult:
    """A check as rolled: every die, the breakdown, the outcome."""

    system: str
    tier: str
    dice: tuple[Die, ...]
    breakdown: Breakdown = Breakdown()
    total: int | None = None  # d20 systems
    dc: int | None = None  # DC/AC/ND, or the threshold for anarchy
    hits: int | None = None  # anarchy
    complication: int | None = None  # anarchy degree, None when there is none
    natural: int | None = None  # the kept d20 face
    notes: tuple[str, ...] = ()  # automatic success, take 10, etc., in plain words
    dc_breakdown: Breakdown = Breakdown()  # modifiers on the DC itself (a sickened target's DCs)
    rerolled: bool = False  # a reroll was made on this roll (a roll gets one at most)
    # anarchy: the degree of every complication of the test (helpers', leader's, each interval's),
    # in the order rolled; they add up (seed 004). ``complication`` is the worst of them.
    complications: tuple[int, ...] = ()

    @property
    def faces(self) -> list[int]:
        return [d.face for d in self.dice]

    def to_dict(self) -> dict:
        out: dict = {
            "system": self.system,
            "tier": self.tier,
            "dice": self.faces,
            "dice_detail": [{"sides": d.sides, "face": d.face, "state": d.state} for d in self.dice],
            "breakdown": self.breakdown.to_dict(),
        }
        if self.hits is not None:
            out["hits"] = self.hits
            out["complication"] = self.complication
            out["complications"] = list(self.complications)
            out["complication_count"] = len(self.complications)
            if self.dc is not None:
                out["net_hits"] = self.hits - self.dc
        else:
            out["total"] = self.total
            out["natural"] = self.natural
        if self.dc is not None:
            out["threshold" if self.hits is not None else "dc"] = self.dc
        if self.dc_breakdown.lines:
            out["dc_breakdown"] = self.dc_breakdown.to_dict()
        if self.notes:
            out["notes"] = list(self.notes)
        return out


def check_int(field_name: str, value: object, lo: int | None = None, hi: int | None = None) -> int:
    """Validate an integer input, raising a RulesError that names the field."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(field_name, f"must be a whole number, got {value!r}")
    if lo is not None and value < lo:
        raise RulesError(field_name, f"must be at least {lo}, got {value}")
    if hi is not None and value > hi:
        raise RulesError(field_name, f"must be at most {hi}, got {value}")
    return value
