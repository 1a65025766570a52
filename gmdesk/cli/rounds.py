"""``gmdesk encounter``'s rounds-to-drop lines (docs/cli.md): from the report's exact ``rounds`` rows,
each creature's quickest drop among the party and each party member's among the creatures, in words:
"Goblin 1 drops Aldric in 3 rounds or fewer: 41 % (3.2 rounds on average)".

"Quickest" is the fewest rounds expected (the exact mean of the chain), the first listed on a tie;
the rounds said are that mean rounded (at least 1, at most the 10 computed), so that the chance
is the one the GM weighs: about even odds, not a 0 % for a long fight nor a 100 % for a short one."""

from __future__ import annotations

from gmdesk.analytics.words import percent

from .words import number, words


def quickest(rows: list[dict], attacker: str) -> dict | None:
    """``attacker``'s row with the fewest rounds expected (None: it has no figure against anybody)."""
    found = [r for r in rows if r["attacker"] == attacker and r.get("within") is not None]
    found = [r for r in found if r["expected"] is not None] or found
    if not found:
        return None
    return min(found, key=lambda r: float("inf") if r["expected"] is None else r["expected"])


def said(row: dict, lang: str) -> str:
    """One row in words."""
    tr = words(lang)
    if row["expected"] is None:
        return tr("{attacker} cannot drop {target}: its round deals no damage", attacker=row["attacker"],
                  target=row["target"])
    n = max(1, min(round(row["expected"]), len(row["within"])))
    template = "{attacker} drops {target} in 1 round: {pct}" if n == 1 else \
        "{attacker} drops {target} in {n} rounds or fewer: {pct}"
    return tr(template, attacker=row["attacker"], target=row["target"], n=n,
              pct=percent(row["within"][n - 1], lang)) + " " + \
        tr("({mean} rounds on average)", mean=number(row["expected"], lang, 1))


def lines(report: dict, lang: str) -> list[str]:
    """The rounds lines of an ``encounter_report``: creatures first, then the party; a system with no
    damage model says why, once."""
    tr = words(lang)
    if report.get("rounds_reason"):
        return [tr("rounds to drop: none — {reason}", reason=report["rounds_reason"])]
    rows = report.get("rounds", [])
    if not rows:
        return []
    out = [tr("rounds to drop (exact, from the current hit points):")]
    creatures = list(dict.fromkeys(c["name"] for c in report["creatures"]))
    for name in creatures + [p["name"] for p in report["party"]]:
        row = quickest(rows, name)
        if row is not None:
            out.append("  " + said(row, lang))
            out += ["    " + note for note in row.get("not_counted", ())]
        else:
            reason = next((r["reason"] for r in rows if r["attacker"] == name and r.get("reason")), None)
            if reason:
                out.append("  " + reason)
    return out
