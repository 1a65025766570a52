"""``gmdesk bestiary`` and ``gmdesk encounter`` (docs/cli.md, "Bestiary and encounters"): the creatures
of a system's bestiary and packs, and the fight in progress with its difficulty for the party.

``encounter --add`` without ``--save`` changes nothing on disk: the campaign is opened read-only and
the creatures join a copy of the fight. With ``--save`` every creature added is stored and joins
the fight in one transaction (all or none). No Qt; the store is imported inside the handlers.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import TextIO

from . import rounds, simulate
from .args import UsageError, add_lang, file_path, integer
from .guard import _guarded

MAX_PACKS = 20


class _Add(argparse._AppendAction):
    """``--add NAME`` opens an entry; the ``--count N`` after it sets its number (default 1). Both
    repeat, one pair per creature (hence append actions; a second ``--count`` for one ``--add`` is
    refused)."""

    def __call__(self, parser, namespace, values, option_string=None):
        adds = list(getattr(namespace, "add", None) or [])
        adds.append([values, None])
        namespace.add = adds


class _Count(argparse._AppendAction):
    def __call__(self, parser, namespace, values, option_string=None):
        adds = getattr(namespace, "add", None)
        if not adds:
            raise UsageError("argument --count: give it after the --add it counts")
        if adds[-1][1] is not None:
            raise UsageError("argument --count: given twice for one --add")
        adds[-1][1] = values


def add_commands(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "bestiary", help="search a system's bestiary and packs",
        description="The creatures of SYSTEM's bestiary (the one gmdesk ships, plus each --pack: a folder or file of "
                    "creatures you already have) whose name, type, size, level or challenge matches every word of "
                    "QUERY (accents and case ignored), best match first.")
    p.add_argument("system", metavar="SYSTEM")
    p.add_argument("query", metavar="QUERY", nargs="*", help="words to find (none: every creature)")
    p.add_argument("--pack", action="append", metavar="PATH", help="a folder or file of creatures (repeatable)")
    p.add_argument("--json", action="store_true", help="a JSON list of creatures with their numbers and checks")
    add_lang(p, "the language of the lines (default: the terminal's); --json and the creatures' names stay as they are")
    p.set_defaults(handler=cmd_bestiary)

    p = subparsers.add_parser(
        "encounter", help="the fight in progress and its difficulty for the party",
        description="The party (the campaign's PCs), the creatures in the fight and the difficulty in the system's own "
                    "words. --add puts bestiary creatures in a copy of the fight; --save stores them. --simulate N plays "
                    "the fight out N times: who wins, in how many rounds, who drops.")
    p.add_argument("campaign", metavar="CAMPAIGN.gmdesk", type=file_path)
    p.add_argument("--add", action=_Add, metavar="NAME", help="a bestiary creature to add (repeatable)")
    p.add_argument("--count", action=_Count, type=integer, metavar="N", help="how many of the --add before it (1 to 100)")
    p.add_argument("--pack", action="append", metavar="PATH", help="a folder or file of creatures (repeatable)")
    p.add_argument("--hp", choices=("average", "rolled"), default="average", help="the added creatures' HP (default average)")
    p.add_argument("--seed", type=integer, help="seed for the initiative and HP rolls of --add, and for --simulate")
    p.add_argument("--save", action="store_true", help="store the creatures added and their place in the fight")
    simulate.add_arguments(p)
    p.add_argument("--json", action="store_true", help="one JSON object")
    add_lang(p, "the language of the lines (default: the terminal's); --json keeps its English words")
    p.set_defaults(handler=cmd_encounter)


def _creatures(system_id: str, packs: list[str] | None, err: TextIO, campaign: str | None = None,
               in_campaign: tuple[str, ...] = ()):
    """The shipped creatures, then the packs remembered (for all campaigns, and for ``campaign``: those
    it holds, ``in_campaign``), then each ``--pack``; a pack's unreadable file, or a remembered pack
    gone: one line on stderr each."""
    from pathlib import Path

    from gmdesk.campaign.bestiary import Index, shipped
    from gmdesk.data_folder import data_folder
    from gmdesk.store import InvalidInput
    from gmdesk.store.bestiary_packs import PackList, PackReader

    if packs and len(packs) > MAX_PACKS:
        raise UsageError(f"argument --pack: at most {MAX_PACKS} packs")
    index = Index(shipped(system_id))
    reader = PackReader()
    remembered = PackList(data_folder()).packs(campaign, in_campaign)
    given = [Path(p) for p in packs or []]
    for path in dict.fromkeys(remembered + given):
        try:
            pack = reader.read(path, system_id)
        except InvalidInput as exc:
            if path in given:
                raise
            print(f"gmdesk: skipped the pack {path}: {exc.rule}", file=err)  # moved or unplugged since
            continue
        index.extend(pack.creatures)
        for line in pack.problems:
            print(f"gmdesk: skipped {line}", file=err)
    return index


def creature_row(creature, lang: str = "en") -> dict:
    """What scripts read of a creature (docs/cli.md)."""
    from gmdesk.campaign.house_rules import HouseRules
    from gmdesk.campaign.model import Character

    from .characters import checks_of

    row: dict = {"name": creature.name, "system": creature.system}
    if creature.level is not None:
        row["level"] = creature.level
    if creature.challenge:
        row["challenge"] = creature.challenge
    if creature.xp is not None:
        row["xp"] = creature.xp
    row.update(ac=creature.ac, hp=creature.hp)
    if creature.size or creature.type:
        row.update(size=creature.size, type=creature.type)
    row["source"] = creature.source
    if creature.actions:
        row["actions"] = [a.to_dict() for a in creature.actions]
    npc = Character(None, creature.name[:100] or "?", "npc", creature.system, creature.block, max_hp=creature.hp)
    row["checks"] = [{k: v for k, v in r.items() if k != "check"} for r in checks_of(npc, HouseRules(), lang)]
    return row


def _line(c, lang: str = "en") -> str:
    from .words import words

    tr = words(lang)
    strength = tr("CR {cr}", cr=c.challenge) if c.challenge else (
        tr("level {level}", level=c.level) if c.level is not None else "")
    if c.xp is not None:
        strength += " (" + tr("{xp} XP", xp=_thousands(c.xp, lang)) + ")"
    kind = " ".join(x for x in (c.size, c.type) if x)
    parts = [strength, tr("AC {ac}", ac=c.ac) if c.ac is not None else "", tr("HP {hp}", hp=c.hp), kind]
    return f"{c.name} — " + ", ".join(p for p in parts if p)


def cmd_bestiary(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr

    def run() -> int:
        from gmdesk import systems

        if args.system not in systems.ids():
            raise UsageError(f"argument SYSTEM: unknown system {args.system!r} (choose from {', '.join(systems.ids())})")
        from gmdesk.engine.core import RulesError

        found = _creatures(args.system, args.pack, err).search(" ".join(args.query))
        shown = []
        for c in found:
            try:
                shown.append(creature_row(c) if args.json else _line(c, _lang(args)))
            except RulesError as exc:  # a pack's file read whole only now (``FileBlock``), and wrong
                print(f"gmdesk: skipped {exc}", file=err)
        if args.json:
            json.dump(shown, out, ensure_ascii=False, indent=1)
            out.write("\n")
        else:
            for line in shown:
                print(line, file=out)
        return 0

    return _guarded("bestiary", run, err, _lang(args))


def cmd_encounter(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    saved = []

    def run() -> int:
        from gmdesk.campaign.bestiary import creature_of
        from gmdesk.store import CampaignStore, StoreError

        if args.save and not args.add:
            raise UsageError("argument --save: only with --add")
        for name, count in args.add or []:
            if count is not None and not 1 <= count <= 100:
                raise UsageError(f"argument --count: 1 to 100, got {count}")
        simulate.check_arguments(args)
        rng = random.Random(args.seed)
        with CampaignStore.open(args.campaign, read_only=not args.save) as store:
            system_id = store.info.system
            wanted = []
            if args.add:
                index = _creatures(system_id, args.pack, err, args.campaign, store.info.bestiary_packs)
                wanted = [(creature_of(system_id, name, index.creatures), count or 1) for name, count in args.add]
            if args.save:
                if store.read_only:
                    raise StoreError(f"cannot add: the campaign is read-only ({args.campaign})",
                                     store.read_only_reason or "read_only", args.campaign)
                _save(store, wanted, rng, args.hp)
                saved.append(args.campaign)
            characters, encounter = store.characters.list(), store.encounter.get()
            house_rules = store.info.house_rules
            if not args.save:
                characters, encounter = _try(characters, encounter, wanted, rng, args.hp, house_rules)
        lang = _lang(args)
        sim = None
        if args.simulate is not None:  # no fight at all: the party alone, which the simulation refuses
            fighting = characters if encounter is not None else [c for c in characters if c.is_pc]
            sim = simulate.run(args, fighting, encounter, house_rules, lang, out, err).to_dict()
        if args.json:
            report = encounter_report(system_id, characters, encounter, house_rules=house_rules)
            if sim is not None:
                report["simulation"] = sim
            json.dump(report, out, ensure_ascii=False, indent=1)
            out.write("\n")
        else:
            report = encounter_report(system_id, characters, encounter, lang, house_rules)
            for line in _encounter_lines(report, lang) + rounds.lines(report, lang):
                print(line, file=out)
            for line in simulate.lines(sim, lang) if sim is not None else ():
                print(line, file=out)
        return 0

    def kept() -> str:
        return f"the creatures added are saved in {saved[0]}, nothing else" if saved else "nothing was changed or written"

    return _guarded("encounter", run, err, _lang(args), kept)


def _lang(args: argparse.Namespace) -> str:
    from .words import system_language

    return getattr(args, "lang", None) or system_language()


def _save(store, wanted, rng, hp) -> None:
    from gmdesk.store.bestiary import add_to_fight

    store.together(lambda: [add_to_fight(store, creature, count, rng, hp) for creature, count in wanted],
                   "add the creatures to the fight")


def _try(characters, encounter, wanted, rng, hp, house_rules):
    """The fight with ``wanted`` added, in memory only (ids after the stored ones)."""
    from gmdesk.campaign.bestiary import join_fight, new_npcs
    from gmdesk.campaign.model import Encounter
    from gmdesk.store.bestiary import FIGHT_NAME

    characters = list(characters)
    if not wanted:
        return characters, encounter
    encounter = encounter or Encounter(None, FIGHT_NAME)
    for creature, count in wanted:
        npcs = new_npcs(creature, count, rng, hp, [c.name for c in characters])
        next_id = max((c.id or 0 for c in characters), default=0) + 1
        for i, npc in enumerate(npcs):
            npc.id = next_id + i
        characters += npcs
        join_fight(encounter, npcs, rng, house_rules)
    return characters, encounter


def encounter_report(system_id: str, characters, encounter, lang: str = "en", house_rules=None) -> dict:
    """``gmdesk encounter --json``'s object (docs/cli.md)."""
    from gmdesk import systems
    from gmdesk.campaign import fight_odds
    from gmdesk.campaign.difficulty import in_fight, level_of, of_encounter

    by_id = {c.id: c for c in characters}
    party = [c for c in characters if c.is_pc]
    npcs, ad_hoc = in_fight(encounter, by_id)
    found = of_encounter(system_id, encounter, characters)
    rows = []
    for i, c in enumerate(npcs):
        row: dict = {"name": c.name, "level": level_of(c)}
        challenge = getattr(c.sheet, "challenge", "")
        if challenge:
            row["challenge"] = challenge
        if found.creature_xp:
            row["xp"] = found.creature_xp[i]
        rows.append(row)
    report = {"system": system_id, "party": [{"name": c.name, "level": level_of(c)} for c in party],
              "creatures": rows, "xp": found.xp if found.reached is not None else None,
              "budget": dict(found.budget), "difficulty": found.reached}
    if found.reached is None:
        report["reason"] = found.word(lang)
    else:
        report["words"] = {k: w.text(lang) for k, w in found.words.items()}
    if ad_hoc:
        report["without_sheet"] = ad_hoc
    if found.notes:
        report["notes"] = [n.text(lang) for n in found.notes]
    # The rounds to drop, exact, each way: from each combatant's current HP (its maximum out of the fight).
    hp, conditions = fight_odds.as_it_stands(encounter)
    system = systems.get(system_id)
    report["rounds"] = fight_odds.report(party, npcs, hp, house_rules, lang=lang, conditions=conditions) \
        if system.damage else []
    if system.damage is None:
        report["rounds_reason"] = system.no_damage.text(lang)
    return report


def _thousands(n: int, lang: str) -> str:
    """1,000 in English, 1 000 (a narrow no-break space) in French."""
    return f"{n:,}".replace(",", "\u202f") if lang == "fr" else f"{n:,}"


def _encounter_lines(r: dict, lang: str = "en") -> list[str]:
    from .words import words

    tr = words(lang)
    party = ", ".join(f"{p['name']} ({p['level']})" for p in r["party"]) or tr("none")
    lines = [tr("party: {party}", party=party)]
    for c in r["creatures"]:
        strength = tr("CR {cr}", cr=c["challenge"]) if "challenge" in c else tr("level {level}", level=c["level"])
        worth = ", " + tr("{xp} XP", xp=_thousands(c['xp'], lang)) if c.get("xp") is not None else ""
        lines.append(f"  {c['name']} ({strength}{worth})")
    if r["difficulty"] is None:
        lines.append(tr("difficulty: none — {reason}", reason=r["reason"]))
    else:
        budget = " · ".join(f"{r['words'].get(k, k)} {_thousands(v, lang)}" for k, v in r["budget"].items())
        lines.append(tr("XP {xp} against {budget}: {difficulty}", xp=_thousands(r["xp"], lang), budget=budget,
                        difficulty=r["words"].get(r["difficulty"], r["difficulty"])))
    lines += [tr("note: {note}", note=n) for n in r.get("notes", [])]
    return lines
