"""One check builder per system: ``options``, ``scopes``, ``build`` and ``defense`` (see ``checks``)."""

from __future__ import annotations

from . import anarchy, cof, dnd5e, dnd35, pf2

BUILDERS = {"pf2": pf2, "dnd5e": dnd5e, "dnd35": dnd35, "cof": cof, "anarchy": anarchy}
