"""D&D 5e's own house-rule option: which ability a finesse weapon uses (the better of Str and Dex, as
the rules say, or always the one the GM names)."""

from __future__ import annotations

from gmdesk.systems.kit.fields import check_str
from gmdesk.systems.kit.house import HouseOption

FINESSE = ("best", "str", "dex")

OPTIONS = (HouseOption("dnd5e_finesse", lambda: "best", lambda value, field: check_str(field, value, FINESSE)),)
