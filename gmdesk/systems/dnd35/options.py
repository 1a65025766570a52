"""D&D 3.5 in the check panel: take 10 and take 20 (skill and ability checks, class features),
threatened, failure with consequences; aid another; the situational synergies the sheet allows."""

from __future__ import annotations

from fractions import Fraction

from gmdesk.engine.words import Word
from gmdesk.systems.kit.options import CheckOptions, Choices, Toggle

from . import checks
from .data import failure_costly, synergies_for

TAKES = frozenset({"skill", "ability", "feature"})
TOGGLES = (
    Toggle("take10", Word("Take 10", "Faire 10"),
           Word("The d20 counts as 10: no roll (not when threatened)",
                "Le d20 compte pour 10\u202f: pas de jet (pas sous la menace)"), only_for=TAKES, excludes="take20"),
    Toggle("take20", Word("Take 20", "Faire 20"),
           Word("The d20 counts as 20, taking 20 times as long",
                "Le d20 compte pour 20, en prenant 20 fois plus de temps"), only_for=TAKES, excludes="take10"),
    Toggle("threatened", Word("Threatened", "Menacé"),
           Word("Threatened or distracted: no take 10 or take 20", "Menacé ou distrait\u202f: ni faire 10 ni faire 20")),
    # Ticked by itself on a skill whose failure costs something of its own (Climb, ``data``); always
    # sent, so unticking it there is the GM saying this failure costs nothing.
    Toggle("failure_has_consequences", Word("Failure costly", "Échec coûteux"),
           Word("Failure has consequences: no take 20", "L’échec a des conséquences\u202f: pas de faire 20"),
           always_sent=True, from_roll=lambda sheet, ref: _costly(ref)),
)


def _costly(ref) -> bool:
    return ref is not None and ref.kind == "skill" and failure_costly(ref.key)


def situational_synergies(sheet, ref) -> list[tuple[str, str]]:
    """The synergies of this roll that apply only in some situations, when the sheet has the 5 ranks."""
    if sheet is None or ref is None or ref.kind not in ("skill", "feature") or not hasattr(sheet, "rank"):
        return []
    try:
        rows = synergies_for(ref.key)
    except Exception:  # an unknown skill key: no synergy to offer
        return []
    return [(s.id, f"{s.seed_source} : {s.condition}") for s in rows if s.situational and sheet.rank(s.source) >= 5]


def sweep(check):
    """A check without natural 20/1 (skill, ability, caster level and level checks) has an exact
    distribution of totals (``totals()``): computed once, read at every DC."""
    if type(check).__module__ != checks.__name__ or not hasattr(check, "totals") or check.NATURAL \
            or check.dc is None:
        return None
    shift = check.dc_breakdown.total
    totals = sorted(check.totals().items())
    at_least: dict[int, Fraction] = {}
    running = Fraction(0)
    for value, p in reversed(totals):
        running += p
        at_least[value] = running
    lo, hi = totals[0][0], totals[-1][0]

    def odds(dc: int) -> dict[str, Fraction]:
        target = dc + shift
        p = Fraction(1) if target <= lo else Fraction(0) if target > hi else _ceiling(at_least, target)
        return {"failure": 1 - p, "success": p}

    return odds


def _ceiling(at_least: dict[int, Fraction], target: int) -> Fraction:
    # Totals may skip values (take 10 with helpers: 10, 12, 14…): the first total at or above.
    while target not in at_least:
        target += 1
    return at_least[target]


def explain(check, lang: str) -> list[tuple[str, str]]:
    """What moves the odds beyond the breakdown's lines: a 10 or a 20 taken instead of the roll,
    and the helpers' aid another (+2 each who reaches DC 10)."""
    lines = []
    take = getattr(check, "take", None)
    if take:
        lines.append((Word("Take {n}", "Faire {n}").filled(n=take).text(lang),
                      Word("no roll: the d20 counts as {n}", "pas de jet : le d20 compte pour {n}").filled(n=take).text(lang)))
    helpers = getattr(check, "helpers", ())
    if helpers:
        names = ", ".join(h.name for h in helpers if h.name)
        lines.append((Word("Aid another", "Aider quelqu’un").text(lang),
                      (names + " — " if names else "") + Word("+2 for each who reaches DC 10",
                                                             "+2 pour chacun qui atteint DD 10").text(lang)))
    return lines


OPTIONS = CheckOptions(
    TOGGLES,
    explain=explain,
    sweep=sweep,
    choices=(Choices("synergies", Word("Situational synergies:", "Synergies de situation\u202f:"), situational_synergies),),
    helpers=Word("Aid another (each helper rolls against DC 10):",
                 "Aider quelqu’un (chaque assistant lance contre DD 10)\u202f:"),
)
