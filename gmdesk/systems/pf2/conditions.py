"""Pathfinder 2 conditions. Sickened and flat-footed are the seed's; the others are the playtest's
published rules. ``mod`` effects carry the pf2 stacking type (two status penalties do not stack).

A valued condition whose value is its status penalty goes up to 4: the seed's condition penalties
range from −1 to −4 (« Les pénalités de condition varient entre -1 et -4 »)."""

from __future__ import annotations

from gmdesk.systems.kit.conditions import C, mod, per_n, catalogue_of

PENALTY_MAX = 4  # the seed: a status penalty is −1..−4

CONDITIONS = (
    C("sickened", "sickened", "nauséeux", per_n(-1, "all"), valued=True, max_value=PENALTY_MAX,
      note_en="status penalty to all checks and DCs", note_fr="pénalité de condition à tous les tests et DD"),
    C("flat_footed", "flat-footed", "pris au dépourvu", mod(-2, "ac", kind="circumstance"),
      note_en="−2 circumstance to AC and TAC", note_fr="−2 de circonstances à la CA et à la CAC"),
    C("frightened", "frightened", "effrayé", per_n(-1, "all"), valued=True, max_value=PENALTY_MAX,
      note_en="status penalty to all checks and DCs", note_fr="pénalité de condition à tous les tests et DD"),
    C("clumsy", "clumsy", "maladroit", per_n(-1, "uses:dex"), valued=True, max_value=PENALTY_MAX,
      note_en="status penalty to Dex-based checks and DCs (AC, Reflex)", note_fr="tests et DD basés sur la Dex"),
    C("enfeebled", "enfeebled", "affaibli", per_n(-1, "uses:str"), valued=True, max_value=PENALTY_MAX,
      note_en="status penalty to Str-based rolls", note_fr="jets basés sur la For"),
    C("stupefied", "stupefied", "stupéfié", per_n(-1, "uses:int", "uses:wis", "uses:cha"), valued=True, max_value=PENALTY_MAX,
      note_en="status penalty to Int-, Wis- and Cha-based checks and DCs", note_fr="tests et DD basés sur Int, Sag, Cha"),
    C("drained", "drained", "drainé", per_n(-1, "uses:con"), valued=True, max_value=PENALTY_MAX,
      note_en="status penalty to Con-based checks (Fortitude)", note_fr="tests basés sur la Con (Vigueur)"),
    C("fatigued", "fatigued", "fatigué", mod(-1, "ac", "save", kind="status"),
      note_en="−1 status to AC and saves", note_fr="−1 de condition à la CA et aux sauvegardes"),
    C("prone", "prone", "à terre", mod(-2, "attack", kind="circumstance"), implies=("flat_footed",),
      note_en="−2 circumstance to attack rolls; flat-footed", note_fr="−2 aux jets d'attaque ; pris au dépourvu"),
    C("blinded", "blinded", "aveuglé", mod(-4, "perception", kind="status"), implies=("flat_footed",),
      note_en="−4 status to Perception; flat-footed", note_fr="−4 de condition en Perception ; pris au dépourvu"),
    C("deafened", "deafened", "sourd", mod(-2, "initiative", kind="status"),
      note_en="−2 status to initiative (Perception)", note_fr="−2 de condition à l'initiative"),
    C("grabbed", "grabbed", "agrippé", implies=("flat_footed", "immobilized")),
    C("restrained", "restrained", "entravé", implies=("flat_footed", "immobilized")),
    C("immobilized", "immobilized", "immobilisé", note_en="cannot move", note_fr="ne peut pas se déplacer"),
    C("fascinated", "fascinated", "fasciné", mod(-2, "perception", "skill", kind="status"),
      note_en="−2 status to Perception and skill checks", note_fr="−2 de condition en Perception et compétences"),
    C("unconscious", "unconscious", "inconscient", mod(-4, "ac", "perception", "save:reflex", kind="status"),
      implies=("flat_footed",)),
    C("paralyzed", "paralyzed", "paralysé", implies=("flat_footed",)),
    C("confused", "confused", "confus", implies=("flat_footed",)),
    C("stunned", "stunned", "étourdi", valued=True, note_en="loses actions", note_fr="perd des actions"),
    C("slowed", "slowed", "ralenti", valued=True, note_en="loses actions", note_fr="perd des actions"),
    C("dazzled", "dazzled", "ébloui", note_en="everything is concealed to it", note_fr="tout lui est masqué"),
    C("persistent_damage", "persistent damage", "dégâts persistants", valued=True,
      note_en="flat check DC 20 at the end of the turn to end it", note_fr="test pur DD 20 en fin de tour"),
)

CATALOGUE = catalogue_of(CONDITIONS)
