"""Campaign commands of the command line: ``new``, ``export``, ``check``, and ``log_rolls`` for
``gmdesk roll --log``. No Qt (the store layer has none).

``add_commands(subparsers)`` registers the three commands; each parser gets ``handler`` through
``set_defaults``: ``handler(args, out=sys.stdout, err=sys.stderr) -> exit status``. Bad input and
bad files exit 2 with one line on stderr and no traceback; ``check`` exits 1 on a damaged campaign.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence, TextIO

from gmdesk import systems
from gmdesk.engine.core import RulesError

from . import stats
from .args import UsageError, _Parser, add_lang, file_path
from .guard import _guarded, _one_line, fail  # noqa: F401  (fail: re-exported for the commands' callers)
from .words import counted, error_line, language_of, words
from .progress import TerminalProgress

if TYPE_CHECKING:
    from gmdesk.campaign.log import LogEntry
    from gmdesk.store import CampaignStore, LogFilter

# The store is imported inside the handlers: building the parser must stay as light as the engine,
# so that `gmdesk odds` and `gmdesk roll` answer fast (CLI.md).
# gmdesk.store.exports.FORMATS (a test keeps them equal), and the session recap (gmdesk.cli.stats)
FORMATS = ("csv", "json", "md", "html", "recap")
# gmdesk.store.sheet_files.LIMITS, for --help (a test keeps them equal)
IMPORT_LIMITS = {"file_bytes": 2 << 20, "characters": 200, "name": 100, "depth": 32}
Handler = Callable[..., int]


def add_commands(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("new", help="create a campaign file", description="Create a campaign file.")
    p.add_argument("campaign", metavar="CAMPAIGN.gmdesk", type=file_path)
    p.add_argument("--system", required=True, choices=systems.ids())
    p.add_argument("--demo", action="store_true",
                   help="fill it with a demo party, monsters, prepared checks and an encounter")
    p.add_argument("--name", help="the campaign's name (default: the file name)")
    p.add_argument("--lang", choices=("fr", "en"),
                   help="language of the demo's names, items and texts (default: the system's, as the window's)")
    p.set_defaults(handler=cmd_new)

    p = subparsers.add_parser("export", help="export the roll log", description="Export a campaign's roll log.")
    p.add_argument("campaign", metavar="CAMPAIGN.gmdesk", type=file_path)
    p.add_argument("--format", required=True, choices=FORMATS)
    p.add_argument("--out", metavar="FILE", type=file_path, help="write to FILE (atomically) instead of stdout")
    p.add_argument("--include-secret", action="store_true", help="include the GM's secret rolls")
    p.add_argument("--since", metavar="DATE", help="rolls from this UTC date or time on (2026-11-30)")
    p.add_argument("--until", metavar="DATE", help="rolls up to this UTC date (whole day) or time")
    p.add_argument("--actor", metavar="NAME")
    p.add_argument("--session", metavar="NAME")
    stats.add_recap_options(p)
    p.set_defaults(handler=cmd_export)

    p = subparsers.add_parser(
        "check", help="check a campaign file",
        description="Check a campaign file: exit 0 sound, 1 damaged, 2 not a campaign or unreadable.",
    )
    p.add_argument("campaign", metavar="CAMPAIGN.gmdesk", type=file_path)
    add_lang(p, "the language of a refusal (default: the terminal's)")
    p.set_defaults(handler=cmd_check)

    limits = IMPORT_LIMITS
    p = subparsers.add_parser(
        "sheets", help="export or import character sheets as JSON",
        description="Move characters between campaigns: export them to a JSON sheets file, or import one. "
                    f"An import reads a file up to {limits['file_bytes'] >> 20} MiB, adds at most "
                    f"{limits['characters']} characters, with names up to {limits['name']} characters and "
                    f"JSON nested up to {limits['depth']} levels; anything beyond is refused whole.",
    )
    p.add_argument("action", choices=("export", "import"))
    p.add_argument("campaign", metavar="CAMPAIGN.gmdesk", type=file_path)
    p.add_argument("file", metavar="SHEETS.json", nargs="?", type=file_path,
                   help="export: write here (default stdout); import: read from here (required)")
    p.add_argument("--name", action="append", metavar="NAME", help="export only these characters (repeatable)")
    add_lang(p)
    p.set_defaults(handler=cmd_sheets)

    stats.add_command(subparsers)


def cmd_new(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout

    def run() -> int:
        from gmdesk.campaign.model import CampaignInfo
        from gmdesk.store import CampaignStore

        path = Path(args.campaign)
        info = CampaignInfo(args.name if args.name is not None else path.stem, args.system)
        populate = None
        if args.demo:
            from gmdesk.campaign.demo import demo_campaign
            from gmdesk.store.demo_seed import seed

            demo = demo_campaign(args.system, lang_of(args))
            info = demo.info if args.name is None else CampaignInfo(args.name, args.system, demo.info.house_rules)
            populate = lambda store: seed(store, demo)  # noqa: E731
        with CampaignStore.create(path, info, populate) as store:
            tr = words(lang_of(args))
            print(tr("created {path}: {summary}", path=path, summary=summary(store, lang_of(args))), file=out)
        return 0

    return _guarded("new", run, err, lang_of(args))


def lang_of(args: argparse.Namespace) -> str:
    """The language a command answers in: ``--lang``, else the terminal's (``gmdesk.cli.words``)."""
    return getattr(args, "lang", None) or language_of(())


def summary(store: CampaignStore, lang: str = "en") -> str:
    tr = words(lang)
    info = store.info
    pcs, npcs = store.characters.count("pc"), store.characters.count("npc")
    name = info.name if lang == "fr" else repr(info.name)  # French quotes it with « »
    parts = [tr("{system} campaign {name}", system=info.system, name=name),
             counted(lang, pcs, "{n} player character", "{n} player characters"),
             counted(lang, npcs, "{n} NPC", "{n} NPCs")]
    scenes = store.scenes.list()
    if scenes:
        parts.append(tr("{n} scenes, {checks} prepared checks", n=len(scenes), checks=sum(len(s.checks) for s in scenes)))
    encounter = store.encounter.get()
    if encounter is not None:
        parts.append(tr("encounter {name} in round {n}", name=encounter.name if lang == "fr" else repr(encounter.name),
                        n=encounter.round))
    parts.append(counted(lang, store.log.count(), "{n} logged roll", "{n} logged rolls"))
    return ", ".join(parts)


def seed(store: CampaignStore, demo) -> None:
    """Kept for callers of the old place: the demo filler lives in ``gmdesk.store.demo_seed``
    (imported on call, so that building the parser does not load the store)."""
    from gmdesk.store.demo_seed import seed as seed_demo

    seed_demo(store, demo)


def _filter(args: argparse.Namespace) -> LogFilter:
    from gmdesk.store import InvalidInput, LogFilter

    try:
        return LogFilter(session=args.session, actor=args.actor, since=args.since, until=args.until,
                         include_secret=args.include_secret)
    except InvalidInput as exc:
        raise InvalidInput(f"--{exc.field}", exc.rule) from None


def cmd_export(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    if args.format == "recap":
        return stats.cmd_recap(args, out, err)

    progress = TerminalProgress("export", err, beside=None if args.out else out, lang=lang_of(args))

    def run() -> int:
        from gmdesk.engine.words import Word
        from gmdesk.store import CampaignStore, InvalidInput
        from gmdesk.store.exports import export_log

        if args.level is not None:
            raise InvalidInput("--level", "only with --format recap (it flags the recap's groups)")
        if getattr(args, "player_safe", False):  # never let the GM believe a log export is safe to share
            raise InvalidInput("--player-safe", "only a recap (--format recap) has a player-safe version")
        flt = _filter(args)
        lang = lang_of(args)  # as the recap: --lang, else the system's language
        with CampaignStore.open(args.campaign) as store:
            stats.known_names(flt, store.log)  # as `gmdesk stats`: --actor Nobody is a typo
            title = Word("{name}: roll log", "{name}\u202f: journal des jets").format(lang, name=store.info.name)
            try:
                n = export_log(store.log, args.format, args.out if args.out else out, flt, title=title, lang=lang,
                               system=store.info.system, progress=progress)
            finally:
                progress.close()
        if args.out:
            print(counted(lang, n, "exported 1 roll to {path}", "exported {n} rolls to {path}", path=args.out),
                  file=out)
        return 0

    def kept() -> str:
        if args.out:  # atomic_text removed its temporary file: the previous export, if any, is whole
            return f"nothing written, {args.out} is as it was"
        return "the export on stdout is incomplete"

    return _guarded("export", run, err, lang_of(args), kept=kept)


def cmd_check(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    from gmdesk.store.checkup import check_file

    report = check_file(args.campaign)
    if report.status == 0:
        lang = lang_of(args)
        summary = report.summary if lang == "en" else words(lang)(
            "{path}: sound (campaign format {version}, {characters}, {rolls})", path=args.campaign,
            version=report.version, characters=counted(lang, report.characters, "{n} character", "{n} characters"),
            rolls=counted(lang, report.rolls, "{n} roll", "{n} rolls"))
        print(summary, file=out or sys.stdout)
    else:
        print(error_line(_one_line(report.summary), lang_of(args), "check"), file=err or sys.stderr)
    return report.status


def cmd_sheets(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout

    def run() -> int:
        from gmdesk.store import CampaignStore, InvalidInput
        from gmdesk.store.sheet_files import export_characters, import_characters

        if args.action == "import":
            if args.name:  # an import takes the whole file: a --name would pick nothing
                raise InvalidInput("--name", "only with sheets export (an import adds every character of the file)")
            if not args.file:
                raise InvalidInput("SHEETS.json", "import needs the sheets file to read")
            with open_for_writing(args.campaign, "import the characters") as store:
                characters = import_characters(args.file, store.info.system)
                store.characters.add_many(characters)  # all or none
            print(counted(lang_of(args), len(characters), "imported 1 character into {path}", "imported {n} characters into {path}",
                          path=args.campaign), file=out)
            return 0
        with CampaignStore.open(args.campaign, read_only=True) as store:
            characters = store.characters.list()
        if args.name:
            missing = sorted(set(args.name) - {c.name for c in characters})
            if missing:
                raise InvalidInput("--name", f"no character named {', '.join(missing)}")
            characters = [c for c in characters if c.name in args.name]
        export_characters(characters, args.file or out)
        if args.file:
            print(counted(lang_of(args), len(characters), "exported 1 character to {path}", "exported {n} characters to {path}",
                          path=args.file), file=out)
        return 0

    return _guarded("sheets", run, err, lang_of(args))


def log_rolls(path: str | Path, entries: Sequence[LogEntry]) -> list[int]:
    """Append ``entries`` to the campaign's roll log in one transaction, committed on return.

    Raises CampaignFileError / StoreError (bad or unwritable file) and InvalidInput (a roll of
    another system than the campaign's); ``str()`` of each is one line.
    """
    from gmdesk.store import InvalidInput

    with open_for_writing(path, "log the rolls") as store:
        system = store.info.system
        for e in entries:
            if e.system != system:
                raise InvalidInput("log", f"{path} is a {system} campaign, not {e.system}")
        return store.log.append_many(entries)


_READ_ONLY_WHY = {
    "read_only": "the campaign is read-only (the file or its folder cannot be written)",
    "disk_full": "the disk is full",
}


def open_for_writing(path: str | Path, doing: str) -> CampaignStore:
    """The campaign, open for writing; StoreError saying why not, in the words of every command:
    read-only, the disk is full, damaged, newer, not a campaign, an unknown game system."""
    from gmdesk.store import CampaignStore, StoreError
    from gmdesk.store.fileformat import refused_as_damaged

    store = CampaignStore.open(path)
    if store.read_only:
        kind = store.read_only_reason or "read_only"
        store.close()
        why = _READ_ONLY_WHY.get(kind, "the campaign is read-only")
        raise StoreError(f"cannot {doing}: {why} ({path})", kind, path)
    unreadable = store.unreadable()  # what `gmdesk check` would call damaged, beyond the open's checks
    if unreadable:
        store.close()
        more = f" and {len(unreadable) - 1} more problems" if len(unreadable) > 1 else ""
        raise refused_as_damaged(f"{path}: the campaign file is damaged ({unreadable[0]}{more})", Path(path))
    return store


class RollLogger:
    """``gmdesk roll --log``: the campaign opened once, before anything is rolled, then the rolls
    appended batch by batch (each batch one transaction)."""

    def __init__(self, path: str | Path, system: str, check, *, actor: str = "", label: str = "",
                 secret: bool = False, count: int = 1):
        from gmdesk.store import InvalidInput

        self._store = open_for_writing(path, "log the rolls")
        self._count, self._logged, self._full = count, 0, False
        self._describe = check.describe()
        self._who = dict(actor=actor, label=label, secret=secret)
        campaign_system = self._store.info.system
        if system != campaign_system:
            self._store.close()
            raise InvalidInput("log", f"{path} is a {campaign_system} campaign, not {system}")

    def log(self, results: list) -> list:
        """Log ``results`` (one transaction); those logged, fewer on a full disk (then ``stop_if_full``
        says so, once they are printed)."""
        from gmdesk.campaign.log import LogEntry
        from gmdesk.store import StoreError

        entries = [LogEntry.from_roll(r, self._describe, **self._who) for r in results]
        logged = 0
        while logged < len(entries):  # each pass measures a roll's size anew: the next fits better
            try:
                ids = self._store.log.append_what_fits(entries[logged:])
            except StoreError as exc:
                if exc.kind != "disk_full":
                    raise
                continue  # fuller than measured: rolled back whole, tried again with fewer rolls
            if not ids:
                self._full = True
                break
            logged += len(ids)
        self._logged += logged
        return results[:logged]

    def stop_if_full(self) -> None:
        """StoreError saying what was kept, if the disk had no room for every roll of the last batch."""
        from gmdesk.store import StoreError

        if self._full:
            path = self._store.path
            kept = f"{self._logged:,} of {self._count:,} rolls were logged" if self._count > 1 else "nothing was logged"
            raise StoreError(f"cannot log the rolls: the disk is full ({path}): {kept}", "disk_full", path)

    def close(self) -> None:
        self._store.close()


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """These commands alone (``python -m gmdesk.cli.campaign``); ``gmdesk`` wires ``add_commands``."""

    parser = _Parser(prog="gmdesk")  # gmdesk's own rules: no abbreviations, no repeated option
    add_commands(parser.add_subparsers(dest="command", required=True, parser_class=_Parser))
    try:
        args = parser.parse_args(argv)
    except UsageError as exc:
        print(error_line(str(exc), language_of(argv or ())), file=err or sys.stderr)
        return 2
    return args.handler(args, out, err)


if __name__ == "__main__":
    sys.exit(main())
