"""The session's fights and its log, as the recap lists them (split from ``recap`` to keep both small),
written a roll at a time as the one pass over the session reads them. A player-safe recap's log has no
DC column."""

from __future__ import annotations

import json
from html import escape

from gmdesk.analytics.words import tier_word
from gmdesk.store.exports import dice_text, local_time

_SECRET = ' class="secret"'
_NO_ROUND = object()  # no round's list open (a round may be None: a fight without rounds)


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


class _Cells:
    """Each text a row shows, escaped once: a session repeats the same few names, checks, dice and
    outcomes (at most ``MEMO`` of them remembered; the memory stays flat however long the session)."""

    MEMO = 50_000

    def __init__(self, lang: str):
        self.lang = lang
        self.memo: dict[str, str] = {}
        self.tiers: dict[str, str] = {}
        self.dice: dict[str, str] = {}

    def text(self, value: str) -> str:
        found = self.memo.get(value)
        if found is None:
            if len(self.memo) >= self.MEMO:
                self.memo.clear()
            found = self.memo[value] = escape(value)
        return found

    def outcome(self, tier: str) -> str:
        found = self.tiers.get(tier)
        if found is None:
            found = self.tiers[tier] = escape(tier_word(tier, self.lang))
        return found

    def dice_of(self, raw: str) -> str:
        found = self.dice.get(raw)
        if found is None:
            if len(self.dice) >= self.MEMO:
                self.dice.clear()
            found = self.dice[raw] = escape(_dice(raw, self.lang))
        return found


class Fights:
    """The session's fights, written a roll at a time as the rolls are read (``lines``, which the
    caller writes out after each batch): a fight is the rolls of one fight name, in order, its rounds
    never going back; rolls made outside the fight meanwhile are in the log, not here. ``any``:
    whether a fight was written."""

    def __init__(self, tr, lang: str):
        self.tr, self.cells = tr, _Cells(lang)
        self.lines: list[str] = []
        self.fight: str | None = None
        self.last_round: int | None = None  # of the fight's last roll
        self.round: object = _NO_ROUND  # the round whose list is open
        self.any = False

    def add(self, row: tuple) -> None:
        """A roll made in a fight (``row[12]``, its fight's name, is not empty)."""
        fight, rnd = row[12], row[13]
        write, text = self.lines.append, self.cells.text
        if fight != self.fight or (rnd or 0) < (self.last_round or 0):
            self._end_round()
            write(f"<h3>{escape(fight)}</h3>\n")
            self.fight, self.round, self.any = fight, _NO_ROUND, True
        if self.round is _NO_ROUND or self.round != rnd:
            self._end_round()
            if rnd is not None:
                write(f"<h4>{escape(self.tr('Round {n}', n=rnd))}</h4>\n")
            write('<ul class="round">\n')
            self.round = rnd
        result = _result(row, self.tr)
        write(f"<li>{text(row[2])}: {text(row[3])} — {self.cells.outcome(row[4])}"
              + (f" ({text(result)})" if result else "") + "</li>\n")
        self.last_round = rnd

    def _end_round(self) -> None:
        if self.round is not _NO_ROUND:
            self.lines.append("</ul>\n")
            self.round = _NO_ROUND

    def finish(self) -> None:
        self._end_round()

    def take(self) -> str:
        """The lines written since the last take."""
        out = "".join(self.lines)
        self.lines.clear()
        return out


def fights_heading(any_fight: bool, tr) -> str:
    """The fights' heading, and the line saying there was none."""
    out = f"<h2>{escape(tr('Fights'))}</h2>\n"
    if not any_fight:
        out += f"<p class=\"meta\">{escape(tr('No fight was logged in this session.'))}</p>\n"
    return out


def log_head(tr, target: str | None) -> str:
    """The log's heading and its table's head; ``target``: the system's name of the number rolled
    against (DC, ND, Seuil…), None to leave the DCs out (a player-safe recap)."""
    heads = ("#", tr("Time"), tr("Actor"), tr("Check"), tr("Dice"), tr("Result"), target, tr("Outcome"))
    return (f"<h2>{escape(tr('The log'))}</h2>\n<table>\n<thead><tr>"
            + "".join(f"<th>{escape(h)}</th>" for h in heads if h is not None) + "</tr></thead>\n<tbody>\n")


LOG_FOOT = "</tbody>\n</table>\n"


class LogRows:
    """The log's rows, one per roll (``row(r)`` → its HTML), each text escaped once (``_Cells``)."""

    def __init__(self, tr, lang: str, target: str | None):
        self.tr, self.dc, self.cells = tr, target is not None, _Cells(lang)
        self.secret = tr("secret")

    def row(self, row: tuple) -> str:
        rid, time_utc, actor, label, tier, total, hits, dc, complication, dice, secret, reroll_of = row[:12]
        text = self.cells.text
        if secret or reroll_of:
            notes = [self.secret] if secret else []
            if reroll_of:
                notes.append(self.tr("reroll of #{id}", id=reroll_of))
            label += f" ({', '.join(notes)})"
        when = local_time(time_utc)  # a time read is digits and dashes: escaped only if it did not read
        if "&" in when or "<" in when or ">" in when or '"' in when or "'" in when:
            when = escape(when)
        result = f"{hits} ✓" + ("" if complication is None else f", ⚠ {complication}") if hits is not None \
            else "" if total is None else str(total)
        target = (f"<td>{'' if dc is None else text(str(dc))}</td>") if self.dc else ""
        return (f"<tr{_SECRET if secret else ''}><td class=\"num\">{rid}</td><td>{when}</td>"
                f"<td>{text(actor)}</td><td>{text(label)}</td><td>{self.cells.dice_of(dice)}</td>"
                f"<td>{text(result)}</td>{target}<td>{self.cells.outcome(tier)}</td></tr>\n")
