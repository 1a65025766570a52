"""D&D 3.5 conditions (the 3.5 SRD): penalties, and flat-footed's lost Dex bonus to AC."""

from __future__ import annotations

from gmdesk.systems.kit.conditions import C, Effect, mod, catalogue_of

_D35_ALL = ("attack", "save", "skill", "ability")
CONDITIONS = (
    C("shaken", "shaken", "secoué", mod(-2, *_D35_ALL)),
    C("frightened", "frightened", "effrayé", mod(-2, *_D35_ALL), note_en="flees", note_fr="s'enfuit"),
    C("panicked", "panicked", "paniqué", mod(-2, *_D35_ALL), note_en="drops what it holds and flees",
      note_fr="lâche ce qu'il tient et s'enfuit"),
    C("sickened", "sickened", "fiévreux", mod(-2, *_D35_ALL), note_en="and −2 to weapon damage",
      note_fr="et −2 aux dégâts"),
    C("fatigued", "fatigued", "fatigué", mod(-1, "uses:str", "uses:dex"),
      note_en="−2 Str and Dex (−1 to their modifiers)", note_fr="−2 en For et Dex"),
    C("exhausted", "exhausted", "épuisé", mod(-3, "uses:str", "uses:dex"),
      note_en="−6 Str and Dex (−3 to their modifiers)", note_fr="−6 en For et Dex"),
    C("dazzled", "dazzled", "ébloui", mod(-1, "attack", "skill:search", "skill:spot")),
    C("entangled", "entangled", "enchevêtré", mod(-2, "attack", "uses:dex"),
      note_en="−2 attack, −4 Dex", note_fr="−2 à l'attaque, −4 en Dex"),
    C("blinded", "blinded", "aveuglé", mod(-2, "ac"), implies=("flat_footed",),
      note_en="−2 AC, no Dex to AC; −4 to most Str/Dex skills (the GM adds it: which ones is a judgement)",
      note_fr="−2 CA, perd Dex à la CA ; −4 à la plupart des compétences For/Dex (au choix du MJ)"),
    C("deafened", "deafened", "assourdi", mod(-4, "initiative")),
    C("prone", "prone", "à terre", mod(-4, "attack:melee"), mod(-4, "attacked:melee"), mod(4, "attacked:ranged"),
      note_en="−4 melee attacks; AC −4 against melee, +4 against ranged",
      note_fr="−4 au contact ; CA −4 au contact, +4 à distance"),
    C("flat_footed", "flat-footed", "pris au dépourvu", (Effect("lose_dex_ac", "ac"),),
      note_en="no Dex bonus to AC", note_fr="perd son bonus de Dex à la CA"),
    C("stunned", "stunned", "étourdi", mod(-2, "ac"), implies=("flat_footed",)),
    C("cowering", "cowering", "recroquevillé", mod(-2, "ac"), implies=("flat_footed",)),
    C("helpless", "helpless", "sans défense", mod(-4, "attacked:melee"), implies=("flat_footed",),
      note_en="Dex 0; melee attacks +4 against it", note_fr="Dex 0 ; +4 aux attaques au contact contre lui"),
    C("grappled", "grappled", "agrippé", note_en="no Dex to AC against those not grappling",
      note_fr="perd Dex à la CA contre les autres"),
    C("nauseated", "nauseated", "nauséeux", note_en="a single move action per turn",
      note_fr="une action de mouvement par round"),
    C("paralyzed", "paralyzed", "paralysé", implies=("helpless",)),
)

CATALOGUE = catalogue_of(CONDITIONS)
