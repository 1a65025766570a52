"""Per-system field descriptions for the generic sheet form (``SPECS[system]()``)."""

from __future__ import annotations

from gmdesk.ui.sheets.specs import anarchy, cof, dnd5e, dnd35, pf2

SPECS = {"pf2": pf2.spec, "dnd5e": dnd5e.spec, "dnd35": dnd35.spec, "cof": cof.spec, "anarchy": anarchy.spec}
