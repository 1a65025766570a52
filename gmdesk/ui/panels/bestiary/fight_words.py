"""The fight's odds in the GM's words: a simulated fight's figures (``fight_sim.FightOdds``) with their
intervals, what the simulation leaves out, which fight it is for; a tactic's name and what it does;
why a system has no damage to simulate. Every figure is the domain's, only worded here."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QCoreApplication

from gmdesk.engine.words import fill

from .card import thousands

translate = QCoreApplication.translate


def no_damage_reason(system_id: str, lang: str) -> str:
    """Why ``system_id`` has no rounds to drop nor fights to simulate ("" when it has a damage model):
    the system's own words (its seeds give no damage rules)."""
    from gmdesk import systems

    system = systems.get(system_id)
    if getattr(system, "damage", None) is not None:
        return ""
    reason = getattr(system, "no_damage", None)
    return reason.text(lang) if reason is not None else ""


def tactic_words(key: str, lang: str) -> tuple[str, str]:
    """A tactic's name and what it does, in ``lang``."""
    from gmdesk.campaign.fight_sim_odds import TACTIC_EXPLAINED, TACTIC_WORDS

    return TACTIC_WORDS[key].text(lang), TACTIC_EXPLAINED[key].text(lang)


def share(x: float, lang: str) -> str:
    """"87 %"; within a point of 0 or 100 one decimal ("99.8 %", "0.2 %"): a simulated chance near
    the edge does not read as certain when it is not."""
    from gmdesk.engine.series import percent_text

    x = 0.0 if x < 1e-9 else 1.0 if x > 1 - 1e-9 else x  # an interval's bound at 0 or 1, as floats give it
    edge = not 0.01 <= x <= 0.99 and x not in (0, 1)
    text = percent_text(x, "," if lang == "fr" else ".", 1 if edge else 0)
    return text.replace(" %", "\u202f%") if lang == "fr" else text


def _number(x, lang: str) -> str:
    text = f"{float(x):.1f}"
    return text.replace(".", ",") if lang == "fr" else text


def _between(chance, lang: str) -> str:
    """"84–90 %": a share's 95 % interval, one % sign. Its ends as they round ("99.7–100 %"): an end
    is a limit, not a chance, and "99.7–>99.9 %" read as a comparison inside the range."""
    unit = "\u202f%" if lang == "fr" else " %"
    low, high = (share(x, lang).removesuffix(unit) for x in chance.interval)
    return f"{_plain(low)}–{_plain(high)}{unit}"


def _plain(end: str) -> str:
    return "100" if end.startswith(">") else "0" if end.startswith("<") else end


def result_html(odds, encounter, stale: bool, lang: str) -> str:
    """The simulated fight in words: who wins how often, how long it lasts, who drops, from where,
    how (tactic, fights, seed) and what is not modelled. ``stale``: greyed, saying the fight changed."""
    lines = ["<b>" + escape(fill(translate("FightOdds", "The party wins %1 of these fights (%2)."),
                                 share(odds.party_wins.chance, lang), _between(odds.party_wins, lang))) + "</b>"]
    if odds.draws.count:
        lines.append(escape(fill(translate("FightOdds", "%1 still undecided after %2 rounds (%3)."),
                                 share(odds.draws.chance, lang), odds.round_cap, _between(odds.draws, lang))))
    if odds.rounds is not None:
        lo, hi = odds.rounds_interval
        lines.append(escape(fill(translate("FightOdds", "A fight lasts %1 rounds on average (%2–%3)."),
                                 _number(odds.rounds, lang), _number(lo, lang), _number(hi, lang))))
    for party, title in ((True, translate("FightOdds", "The party: each one's chance to drop")),
                         (False, translate("FightOdds", "The creatures: each one's chance to drop"))):
        items = [escape(fill(translate("FightOdds", "%1: %2 (%3)"), d.name, share(d.drops.chance, lang),
                             _between(d.drops, lang))) for d in odds.drops if d.party == party]
        if items:
            lines.append(escape(title) + "<ul style='margin-top:0; margin-bottom:0'>"
                         + "".join(f"<li>{item}</li>" for item in items) + "</ul>")
    lines.append(escape(_where_from(odds, encounter)))
    lines.append(escape(fill(translate("FightOdds", "%1 fights, seed %2, tactic: %3 (%4)."),
                             thousands(odds.runs, lang), odds.seed, *tactic_words(odds.tactic, lang))))
    lines += [escape(note.text(lang)) for note in odds.notes]
    if odds.not_modelled:
        lines.append(escape(fill(translate("FightOdds", "Not modelled: %1."),
                                 ("\u202f; " if lang == "fr" else "; ").join(w.text(lang) for w in odds.not_modelled))))
    body = "<br>".join(lines)
    if stale:
        warning = translate("FightOdds", "The fight or a sheet changed since: these figures are the old "
                                         "fight's. Simulate again.")
        body = f"<p><b>{escape(warning)}</b></p><div style='color:gray'>{body}</div>"
    # Kept as written: Qt's HTML would fold the narrow no-break spaces ("87 %", "Groupe :") into
    # plain ones, which a line may then break at.
    return f"<div style='white-space:pre-wrap'>{body}</div>"


def _where_from(odds, encounter) -> str:
    if not odds.from_now or encounter is None:
        return translate("FightOdds", "From the start: everyone at full HP, from the top of the initiative order.")
    turn = encounter.current()
    return fill(translate("FightOdds", "From the fight as it stands: current HP, round %1, %2's turn."),
                encounter.round, turn.name if turn is not None else "—")
