"""The session's fights and its log, as the recap lists them (split from ``recap`` to keep both small).
A player-safe recap's log has no DC column."""

from __future__ import annotations

import json
from html import escape

from gmdesk.analytics.words import tier_word
from gmdesk.store.exports import dice_text, local_time


def _outcome(row: tuple, lang: str) -> str:
    _, _, _, _, tier, total, hits, dc, complication, *_ = row
    return tier_word(tier, lang)


def _result(row: tuple, tr) -> str:
    total, hits, complication = row[5], row[6], row[8]
    if hits is not None:
        text = f"{hits} ✓"
        if complication is not None:
            text += f", ⚠ {complication}"
        return text
    return "" if total is None else str(total)


def _dice(raw: str, lang: str) -> str:
    try:
        return dice_text(json.loads(raw), lang)
    except (ValueError, TypeError, KeyError, AttributeError):
        return ""


def fights(rolls: list[tuple], tr, lang: str) -> list[str]:
    """A fight: the rolls of one fight name, in order, its rounds never going back; rolls made outside
    the fight meanwhile are in the log, not here."""
    fights: list[tuple[str, list[tuple]]] = []
    for row in rolls:
        fight, rnd = row[12], row[13]
        if not fight:
            continue
        if not fights or fights[-1][0] != fight or (rnd or 0) < (fights[-1][1][-1][13] or 0):
            fights.append((fight, []))
        fights[-1][1].append(row)
    out = [f"<h2>{escape(tr('Fights'))}</h2>\n"]
    if not fights:
        out.append(f"<p class=\"meta\">{escape(tr('No fight was logged in this session.'))}</p>\n")
        return out
    for name, rows in fights:
        out.append(f"<h3>{escape(name)}</h3>\n")
        rounds: list[tuple[int | None, list[tuple]]] = []
        for row in rows:
            if not rounds or rounds[-1][0] != row[13]:
                rounds.append((row[13], []))
            rounds[-1][1].append(row)
        for number_, members in rounds:
            if number_ is not None:
                out.append(f"<h4>{escape(tr('Round {n}', n=number_))}</h4>\n")
            out.append('<ul class="round">\n')
            for row in members:
                result = _result(row, tr)
                out.append(f"<li>{escape(row[2])}: {escape(row[3])} — {escape(_outcome(row, lang))}"
                           + (f" ({escape(result)})" if result else "") + "</li>\n")
            out.append("</ul>\n")
    return out


def log_table(rolls: list[tuple], tr, lang: str, target: str | None) -> list[str]:
    """The session's rolls; ``target``: the system's name of the number rolled against (DC, ND, Seuil…),
    None to leave the DCs out (a player-safe recap)."""
    heads = ("#", tr("Time"), tr("Actor"), tr("Check"), tr("Dice"), tr("Result"), target, tr("Outcome"))
    out = [f"<h2>{escape(tr('The log'))}</h2>\n<table>\n<thead><tr>"
           + "".join(f"<th>{escape(h)}</th>" for h in heads if h is not None) + "</tr></thead>\n<tbody>\n"]
    for row in rolls:
        rid, time_utc, actor, label = row[0], row[1], row[2], row[3]
        secret, reroll_of = row[10], row[11]
        notes = []
        if secret:
            notes.append(tr("secret"))
        if reroll_of:
            notes.append(tr("reroll of #{id}", id=reroll_of))
        check = label + (f" ({', '.join(notes)})" if notes else "")
        cls = ' class="secret"' if secret else ""
        cells = (local_time(time_utc), actor, check, _dice(row[9], lang), _result(row, tr),
                 "" if row[7] is None else str(row[7]), _outcome(row, lang))
        if target is None:
            cells = cells[:5] + cells[6:]
        out.append(f"<tr{cls}><td class=\"num\">{rid}</td>" + "".join(f"<td>{escape(c)}</td>" for c in cells)
                   + "</tr>\n")
    out.append("</tbody>\n</table>\n")
    return out
