"""D&D 5e conditions (the 2024 SRD): advantage and disadvantage on the bearer's rolls or on the
rolls against it, automatic failures, the exhaustion penalty."""

from __future__ import annotations

from gmdesk.systems.kit.conditions import adv, C, dis, fail, mod, catalogue_of

CONDITIONS = (
    C("blinded", "Blinded", "Aveuglé", dis("attack"), adv("attacked")),
    C("charmed", "Charmed", "Charmé", note_en="the charmer has advantage on social checks against it",
      note_fr="le charmeur a l'Avantage aux jets sociaux contre lui"),
    C("deafened", "Deafened", "Assourdi"),
    C("exhaustion", "Exhaustion", "Épuisement", mod(-2, "checks", per=True), valued=True,
      note_en="d20 tests −2 per level; speed −5 ft per level", note_fr="−2 par niveau aux jets de d20"),
    C("frightened", "Frightened", "Effrayé", dis("ability", "attack"),
      note_en="while the source is in sight", note_fr="tant que la source est en vue"),
    C("grappled", "Grappled", "Agrippé", note_en="disadvantage on attacks against others than the grappler",
      note_fr="Désavantage aux attaques contre une autre cible que l'agrippeur"),
    C("incapacitated", "Incapacitated", "Neutralisé", dis("initiative")),
    C("invisible", "Invisible", "Invisible", adv("initiative", "attack"), dis("attacked")),
    C("paralyzed", "Paralyzed", "Paralysé", fail("save:str", "save:dex"), adv("attacked"),
      implies=("incapacitated",), note_en="a hit within 5 ft is a critical hit",
      note_fr="un coup au contact est critique"),
    C("petrified", "Petrified", "Pétrifié", fail("save:str", "save:dex"), adv("attacked"),
      implies=("incapacitated",)),
    C("poisoned", "Poisoned", "Empoisonné", dis("attack", "ability")),
    C("prone", "Prone", "À terre", dis("attack"), adv("attacked:melee"), dis("attacked:ranged")),
    C("restrained", "Restrained", "Entravé", dis("attack", "save:dex"), adv("attacked")),
    C("stunned", "Stunned", "Étourdi", fail("save:str", "save:dex"), adv("attacked"), implies=("incapacitated",)),
    C("unconscious", "Unconscious", "Inconscient", fail("save:str", "save:dex"), adv("attacked"),
      implies=("incapacitated", "prone"), note_en="a hit within 5 ft is a critical hit",
      note_fr="un coup au contact est critique"),
)

CATALOGUE = catalogue_of(CONDITIONS)
