"""``gmdesk import`` and ``gmdesk checks``: bring characters in from other tools, and read a character's
rolls from a script. No Qt; the store is imported inside the handlers (the parser stays light).

``import`` reads every file (and the pasted text) first, within the sheets-file limits: one that
cannot be read stops the command with exit 2 and one line, the campaign left byte for byte as it was.
Then one transaction adds the new characters and updates those already in the campaign (same name,
same source: ``gmdesk.campaign.importing``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from .args import add_lang, file_path, stdin_or_file
from .guard import _guarded
from .words import counted, language_of, words


def add_commands(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "import", help="import characters from Pathbuilder, Foundry VTT or pasted stat blocks",
        description="Add the characters of each FILE (a Pathbuilder 2e export, a Foundry VTT dnd5e actor or pf2e "
                    "NPC, a gmdesk sheets file, or stat blocks as text) to the campaign; one already there (same "
                    "name, same source) is updated. A file that cannot be read: exit 2, nothing written.")
    p.add_argument("campaign", metavar="CAMPAIGN.gmdesk", type=file_path)
    p.add_argument("files", metavar="FILE", nargs="*", type=file_path, help="files to import; the format is read from the content")
    p.add_argument("--stat-block", metavar="TEXT", dest="stat_block", type=stdin_or_file,
                   help="stat blocks as text: '-' reads what is pasted on standard input, else a text file")
    add_lang(p)
    p.set_defaults(handler=cmd_import)

    p = subparsers.add_parser(
        "checks", help="a character's checks with their ids and modifiers",
        description="List one character's rolls: id, name and modifier (dice pool in anarchy), as the check panel "
                    "builds them with the campaign's house rules.")
    p.add_argument("campaign", metavar="CAMPAIGN.gmdesk", type=file_path)
    p.add_argument("--actor", required=True, metavar="NAME", help="the character's name")
    p.add_argument("--json", action="store_true", help="a JSON list of {id, label, modifier|dice}")
    add_lang(p, "the language of the labels and messages (default: the terminal's); --json keeps English labels")
    p.set_defaults(handler=cmd_checks)


def cmd_import(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout
    lang = getattr(args, "lang", None) or language_of(())

    def run() -> int:
        from gmdesk.campaign.importing import plan_import
        from gmdesk.store import InvalidInput
        from gmdesk.store.import_files import campaign_system, read_import

        from .campaign import open_for_writing

        if not args.files and args.stat_block is None:
            raise InvalidInput("FILE", "give a file to import, or --stat-block - to read pasted text")
        system = campaign_system(args.campaign)
        found, lines = [], []
        for name in _once(args.files, lines, lang):
            found += read_import(name, system)
        if args.stat_block == "-":
            found += read_import(sys.stdin.buffer, system, "standard input", text=True)
        elif args.stat_block is not None:
            found += read_import(args.stat_block, system, text=True)
        with open_for_writing(args.campaign, "import") as store:
            plan = plan_import(found, store.characters.list(), system)
            store.characters.add_and_update(plan.add, [new for _, new in plan.update])
        for line in report(plan, lang) + lines:
            print(line, file=out)
        return 0

    return _guarded("import", run, err, lang)


def report(plan, lang: str = "en") -> list[str]:
    """What ``gmdesk import`` says it did: how many characters went in (added, updated), those it left
    out (the same one twice in this import) and every value a file left out that gmdesk filled in."""
    tr = words(lang)
    first = tr("imported {n} character(s)", n=plan.count)
    if plan.update:
        first += tr(": {added} added, {updated} updated", added=len(plan.add), updated=len(plan.update))
    lines = [first]
    if plan.update:
        names = ", ".join(new.name for _, new in plan.update)
        lines.append(tr("updated {n} already in the campaign (same name and same source): {names}",
                        n=len(plan.update), names=names))
    if plan.left_out:
        names = ", ".join(i.name for i in plan.left_out)
        lines.append(tr("left out {n} given again in this import (the last one read is used): {names}",
                        n=len(plan.left_out), names=names))
    lines += [tr("{name}: {what}", name=i.name, what=word.text(lang)) for i in plan.kept for word in i.assumed]
    return lines


def _once(files: list[str], lines: list[str], lang: str = "en") -> list[str]:
    """Each file read once, however many times it is named (said, not silently)."""
    from pathlib import Path

    seen, out = set(), []
    for name in files:
        try:
            key = Path(name).resolve()
        except (OSError, RuntimeError):
            key = name
        if key in seen:
            lines.append(words(lang)("{name}: named twice, read once", name=name))
        else:
            seen.add(key)
            out.append(name)
    return out


def checks_of(character, house_rules, lang: str = "en") -> list[dict]:
    """A character's rolls as scripts read them: id, label, and modifier (or dice), built by the engine
    as the check panel builds them (no conditions, no situation)."""
    from gmdesk import systems
    from gmdesk.campaign.checks import Situation, available_checks, build_check
    from gmdesk.engine.core import RulesError

    system = systems.get(character.system)
    aim = Situation(dc=10) if system.target.kind == "dc" else Situation(threshold=1)
    out, seen = [], set()
    for option in available_checks(character):
        if option.ref.kind == "flat":
            continue  # a flat check has no modifier at all
        try:
            check = build_check(character, option.ref, aim, (), house_rules, lang=lang)
            value = system.check_number(check)
        except (RulesError, AttributeError):
            continue
        check_id = system.check_id(option.ref)
        if check_id in seen:
            continue
        seen.add(check_id)
        out.append({"id": check_id, "label": option.label(lang), "check": str(option.ref),
                    system.check_value: value})
    return out


def cmd_checks(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout
    lang = getattr(args, "lang", None) or language_of(())

    def run() -> int:
        from gmdesk import systems
        from gmdesk.campaign.names import plain_name
        from gmdesk.store import CampaignStore, InvalidInput

        with CampaignStore.open(args.campaign) as store:
            characters = store.characters.list()
            house_rules = store.info.house_rules
        wanted = plain_name(args.actor).strip()  # as the name was kept, however it was given
        found = [c for c in characters if c.name == wanted] or \
            [c for c in characters if c.name.casefold() == wanted.casefold()]
        if not found:
            raise InvalidInput("--actor", f"no character named {args.actor!r} in {args.campaign}")
        if len(found) > 1:
            raise InvalidInput("--actor", f"{len(found)} characters are named {args.actor!r}; rename one")
        rows = checks_of(found[0], house_rules, "en" if args.json else lang)  # --json: the contract's labels
        if args.json:
            json.dump(rows, out, ensure_ascii=False, indent=2)
            out.write("\n")
            return 0
        dice = systems.get(found[0].system).check_value == "dice"
        width = max((len(r["id"]) for r in rows), default=0)
        for r in rows:
            value = counted(lang, r["dice"], "{n} die", "{n} dice") if dice else f"{r['modifier']:+d}"
            print(f"{r['id']:<{width}}  {value:>8}  {r['label']}", file=out)
        return 0

    return _guarded("checks", run, err, lang)
