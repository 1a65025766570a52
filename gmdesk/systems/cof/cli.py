"""``gmdesk odds|roll cof --mod N --dc N``: a cof test on the command line (the ND is ``--dc``)."""

from __future__ import annotations

from gmdesk.engine.core import Modifier
from gmdesk.systems.kit import cli
from gmdesk.systems.kit.cli import DC, MOD, Cli


def build(args):
    from . import rules as cof  # the rules of the system asked for only

    cli.require(args, "mod", "dc")
    return cof.CofTest(args.dc, (Modifier(args.mod, "score", "base"),))


CLI = Cli((MOD, DC), build, {"nd": "--dc"})
