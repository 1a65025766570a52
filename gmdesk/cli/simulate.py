"""``gmdesk encounter --simulate N`` (docs/cli.md): the fight played out N times
(``gmdesk.campaign.fight_sim``), its ``simulation`` object in the JSON and its lines in the GM's
language. A seed not given is drawn and said, so that the run can be repeated to the last figure.
"""

from __future__ import annotations

import argparse
import random
from typing import TextIO

from .args import UsageError, integer

MAX_RUNS = 1_000_000  # as ``fight_sim.MAX_RUNS``; the parser stays light, without the campaign
TACTICS = ("weakest", "spread", "order")  # as ``fight_sim.TACTICS``, which checks they agree


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--simulate", type=integer, metavar="N",
                   help=f"play the fight out N times (1 to {MAX_RUNS:,}): who wins, in how many rounds, who drops")
    p.add_argument("--tactic", choices=TACTICS, help="how attackers pick their target (default weakest; with --simulate)")
    p.add_argument("--target", action="append", metavar="NAME",
                   help="the GM's target order, first to last (repeatable; with --tactic order)")
    p.add_argument("--from-now", action="store_true", default=None,
                   help="from the fight as it stands: current HP, who is down, whose turn (with --simulate)")


def check_arguments(args: argparse.Namespace) -> None:
    """Refuse what the simulation cannot take before the campaign is opened."""
    from .args import given_with

    given_with(args, "--simulate", "--tactic", "--from-now")
    if args.target and args.tactic != "order":
        raise UsageError("argument --target: only with --tactic order")
    if args.simulate is not None and not 1 <= args.simulate <= MAX_RUNS:
        raise UsageError(f"argument --simulate: must be from 1 to {MAX_RUNS}, got {args.simulate}")
    if args.simulate is not None and args.seed is None:
        args.seed = random.SystemRandom().randrange(1_000_000_000)  # said in the output: the run can be repeated


def run(args: argparse.Namespace, characters, encounter, house_rules, lang: str, out: TextIO, err: TextIO):
    """The fights, with progress on a terminal; Ctrl+C reaches the command's guard (exit 130)."""
    from gmdesk.campaign.fight_sim import simulate
    from gmdesk.engine.core import RulesError

    from .progress import TerminalProgress

    order = _order(args.target or (), encounter, characters)
    # Its lines come when the fights are done, after the progress line is erased: shown on a terminal
    # even when stdout is the terminal too.
    progress = TerminalProgress("simulate", err, unit="fights")
    try:
        return simulate(characters, encounter, house_rules, args.simulate, args.seed, args.tactic or "weakest",
                        order, progress, bool(args.from_now), lang)
    except RulesError as exc:  # the fight cannot be simulated: the line names the option that asked for it
        raise RulesError("--simulate", exc.rule, exc.fr) from None
    finally:
        progress.close()


def _order(names, encounter, characters) -> list[int]:
    """``--target`` names → combatant ids (character ids for a party brought into a fight it was not
    in, as ``fight_sim`` does); a name that is not fighting is refused."""
    def fold(name: str) -> str:
        return name.strip().casefold()

    queue = encounter.queue() if encounter is not None else []
    ids = {fold(c.name): c.id for c in queue}
    if not any(c.kind == "pc" for c in queue):
        ids.update((fold(c.name), c.id) for c in characters if c.is_pc)
    out = []
    for name in names:
        if fold(name) not in ids:
            raise UsageError(f"argument --target: no character named {name!r} in the fight")
        out.append(ids[fold(name)])
    return out


def lines(sim: dict, lang: str) -> list[str]:
    """The text lines of a simulation's ``to_dict`` (in ``lang``)."""
    from gmdesk.analytics.words import percent
    from gmdesk.campaign.fight_sim_odds import TACTIC_WORDS

    from .words import number, words

    tr = words(lang)

    def share(s: dict) -> str:
        low, high = s["interval"]
        return tr("{p} ({low} to {high})", p=percent(s["chance"], lang, 1), low=percent(low, lang, 1),
                  high=percent(high, lang, 1))

    runs = number(sim["runs"], lang, 0)
    head = tr("simulation: {runs} fights, {tactic} ({how}), seed {seed}", runs=runs, seed=sim["seed"],
              tactic=TACTIC_WORDS[sim["tactic"]].text(lang), how=sim["tactic_words"][lang])
    if sim["cancelled"]:
        head += tr(" (stopped after {runs} of {asked})", runs=runs, asked=number(sim["asked"], lang, 0))
    out = [head, "  " + tr("the party wins: {share}", share=share(sim["party_wins"])),
           "  " + tr("the creatures win: {share}", share=share(sim["creatures_win"]))]
    if sim["draws"]["count"]:
        out.append("  " + tr("still going after {cap} rounds: {share}", cap=sim["round_cap"], share=share(sim["draws"])))
    if sim["rounds"] is not None:
        low, high = sim["rounds"]["interval"]
        out.append("  " + tr("rounds: {mean} on average ({low} to {high})", mean=number(sim["rounds"]["mean"], lang, 2),
                             low=number(low, lang, 2), high=number(high, lang, 2)))
    # The party first, then the creatures (each in the fight's order), as the window lists them.
    ordered = sorted(sim["drops"], key=lambda d: d.get("side") != "party")
    out += ["  " + tr("{name} goes down: {share}", name=d["name"], share=share(d)) for d in ordered]
    out.append("  " + tr("not modelled: {what}", what=("\u202f; " if lang == "fr" else "; ").join(
        n[lang] for n in sim["not_modelled"])))
    out += ["  " + tr("note: {note}", note=n[lang]) for n in sim.get("notes", [])]
    return out
