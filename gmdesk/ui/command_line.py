"""The window's command line (``gmdesk [CAMPAIGN.gmdesk] [--lang fr|en] [--screenshot FILE.png]
[--player-screenshot FILE.png] | --version``), and what it refuses before anything opens or is written:
one line and exit 2, as the commands do (docs/cli.md).

- A word that is neither a command nor an existing file is a typo, not a new campaign: ``gmdesk stat
  …`` used to create a campaign named ``stat`` in the current folder. A campaign is created from the
  command line only under a name ending in ``.gmdesk`` (or by ``gmdesk new``).
- A campaign named as a database's side file (``pf2.gmdesk-wal``), and a screenshot onto a campaign,
  a database, a side file or a ``.gmdesk`` name, are refused by the store's one guard (``write_guard``).
- An option given twice, or ``--version`` with anything else, is refused rather than half obeyed.

No Qt here: a refusal costs no window.
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
from pathlib import Path
from typing import Sequence

SHOT_OPTIONS = ("--screenshot", "--player-screenshot")


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, allow_abbrev=False, **kwargs)  # `--screen` is not `--screenshot`

    def error(self, message: str) -> None:  # type: ignore[override]
        raise SystemExit(f"gmdesk: {message}")  # one line, exit status 2 below


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = _Parser(prog="gmdesk", description="The game master's dashboard.")
    p.add_argument("campaign", nargs="?", help="campaign file to open (created if missing and named *.gmdesk)")
    p.add_argument("--lang", choices=("fr", "en"), help="interface language (default: as last chosen, or the system's)")
    p.add_argument("--screenshot", metavar="FILE.png", help="save a PNG of the window and exit")
    p.add_argument("--player-screenshot", metavar="FILE.png",
                   help="save a PNG of the player window (what the players see) and exit")
    p.add_argument("--version", action="store_true", help="print the versions and the data folder, and exit")
    return p.parse_args(argv)


def read(argv: Sequence[str], commands: Sequence[str] = ()) -> argparse.Namespace:
    """The window's arguments, or SystemExit with the one line (``gmdesk: …``) refusing them (0 after
    ``--help``). ``commands`` are the command line's, for "did you mean". A mistyped command is
    named first: argparse would complain of the arguments that follow it instead."""
    if argv and not argv[0].startswith("-"):
        _refuse(campaign_problem(argv[0], commands))
    args = parse_args(list(argv))
    twice = _given_twice(argv)
    if twice:
        _refuse(f"{twice}: given more than once")
    if args.version and len(argv) > 1:
        extra = next(a for a in argv if a.split("=", 1)[0] != "--version")
        _refuse(f"--version: takes nothing else (not {extra!r})")
    if args.campaign:
        _refuse(campaign_problem(args.campaign, commands))
    _refuse(screenshot_problem(args))
    return args


def _refuse(problem: str | None) -> None:
    if problem:
        raise SystemExit(f"gmdesk: {problem}")


def campaign_problem(word: str, commands: Sequence[str] = ()) -> str | None:
    """Why ``word`` cannot be the campaign to open, or None: an existing file opens (the open says
    if it is no campaign), a name ending in .gmdesk opens or is created; anything else is a typo."""
    from gmdesk.store.errors import StoreError
    from gmdesk.store.write_guard import CAMPAIGN_SUFFIX, refuse_campaign_name

    try:
        refuse_campaign_name(word)
    except StoreError as exc:
        return str(exc)
    if os.path.isfile(word) or word.lower().endswith(CAMPAIGN_SUFFIX):
        return None
    close = difflib.get_close_matches(word, commands, n=1)
    hint = (f"; did you mean `{close[0]}`?" if close else
            f" (a new campaign's file name ends in {CAMPAIGN_SUFFIX}, or `gmdesk new` makes one)")
    return f"no such command or campaign: {word!r}{hint}"


def screenshot_problem(args: argparse.Namespace) -> str | None:
    """A screenshot that would land on a campaign, a database, a side file or a .gmdesk name, or
    both screenshots into one file."""
    from gmdesk.store.errors import StoreError
    from gmdesk.store.write_guard import refuse_protected

    given = [(option, getattr(args, option[2:].replace("-", "_"))) for option in SHOT_OPTIONS]
    given = [(option, Path(path)) for option, path in given if path]
    for option, path in given:
        try:
            refuse_protected(path)
        except StoreError as exc:
            return f"{option}: {exc}"
    if len(given) == 2 and os.path.abspath(given[0][1]) == os.path.abspath(given[1][1]):
        return f"{given[1][0]}: the same file as {given[0][0]}; choose another"
    return None


def _given_twice(argv: Sequence[str]) -> str | None:
    """The first option given twice (``--lang fr --lang en``): argparse would keep the last, silently.
    A value can only start with ``--`` in ``--option=--value``, so every other ``--word`` is an option."""
    seen: set[str] = set()
    for arg in argv:
        if arg == "--":
            break
        name = arg.split("=", 1)[0]
        if name.startswith("--"):
            if name in seen:
                return name
            seen.add(name)
    return None


# The window's own refusals, in French (``--lang fr`` or a French terminal); a store's refusal inside
# one is said in turn (``refusal_words.said``), and argparse's own words stay as argparse says them.
FRENCH = (
    (r"no such command or campaign: (.+); did you mean `(.+)`\?",
     "aucune commande ni campagne {0}\u202f; vouliez-vous dire `{1}`\u202f?"),
    (r"no such command or campaign: (.+) \(a new campaign's file name ends in (.+), or `gmdesk new` makes one\)",
     "aucune commande ni campagne {0} (le nom d’une nouvelle campagne finit par {1}, ou `gmdesk new` en crée une)"),
    (r"(--[\w-]+): given more than once", "{0}\u202f: donné plusieurs fois"),
    (r"--version: takes nothing else \(not (.+)\)", "--version\u202f: ne prend rien d’autre (pas {0})"),
    (r"(--[\w-]+): the same file as (--[\w-]+); choose another", "{0}\u202f: le même fichier que {1}\u202f; choisissez-en un autre"),
)


def refusal_line(message: str, lang: str) -> str:
    """``gmdesk: …``, one line, in ``lang``."""
    from gmdesk.store.refusal_words import said

    message = " ".join(message.removeprefix("gmdesk: ").split())
    if lang != "fr":
        return f"gmdesk: {message}"
    for english, french in FRENCH:
        found = re.fullmatch(english, message)
        if found:
            return "gmdesk\u202f: " + french.format(*found.groups())
    return "gmdesk\u202f: " + said(message, lang)
