"""The condition catalogues (see ``conditions`` for what the effects mean and where they come from)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Effect:
    kind: str  # modifier | advantage | disadvantage | auto_fail | lose_dex_ac | dice | note
    scope: str
    value: int = 0
    per_value: bool = False  # value × the condition's value (sickened 2 → −2)
    mod_kind: str = "untyped"  # pf2 stacking type

    def amount(self, n: int | None) -> int:
        return self.value * (n or 0) if self.per_value else self.value


@dataclass(frozen=True)
class Condition:
    key: str
    name_en: str
    name_fr: str
    effects: tuple[Effect, ...] = ()
    valued: bool = False  # carries a number (frightened 2)
    implies: tuple[str, ...] = ()
    note_en: str = ""
    note_fr: str = ""

    def name(self, lang: str = "en") -> str:
        return self.name_fr if lang == "fr" else self.name_en

    def label(self, lang: str = "en", value: int | None = None) -> str:
        return f"{self.name(lang)} {value}" if self.valued and value is not None else self.name(lang)


def mod(value: int, *scopes: str, kind: str = "untyped", per: bool = False) -> tuple[Effect, ...]:
    return tuple(Effect("modifier", s, value, per, kind) for s in scopes)


def per_n(sign: int, *scopes: str, kind: str = "status") -> tuple[Effect, ...]:
    return mod(sign, *scopes, kind=kind, per=True)


def adv(*scopes: str) -> tuple[Effect, ...]:
    return tuple(Effect("advantage", s) for s in scopes)


def dis(*scopes: str) -> tuple[Effect, ...]:
    return tuple(Effect("disadvantage", s) for s in scopes)


def fail(*scopes: str) -> tuple[Effect, ...]:
    return tuple(Effect("auto_fail", s) for s in scopes)


def C(key, en, fr, *effects, valued=False, implies=(), note_en="", note_fr="") -> Condition:
    return Condition(key, en, fr, tuple(e for group in effects for e in group), valued, tuple(implies),
                     note_en, note_fr)


PF2 = (
    C("sickened", "sickened", "nauséeux", per_n(-1, "all"), valued=True,
      note_en="status penalty to all checks and DCs", note_fr="pénalité de condition à tous les tests et DD"),
    C("flat_footed", "flat-footed", "pris au dépourvu", mod(-2, "ac", kind="circumstance"),
      note_en="−2 circumstance to AC and TAC", note_fr="−2 de circonstances à la CA et à la CAC"),
    C("frightened", "frightened", "effrayé", per_n(-1, "all"), valued=True,
      note_en="status penalty to all checks and DCs", note_fr="pénalité de condition à tous les tests et DD"),
    C("clumsy", "clumsy", "maladroit", per_n(-1, "uses:dex"), valued=True,
      note_en="status penalty to Dex-based checks and DCs (AC, Reflex)", note_fr="tests et DD basés sur la Dex"),
    C("enfeebled", "enfeebled", "affaibli", per_n(-1, "uses:str"), valued=True,
      note_en="status penalty to Str-based rolls", note_fr="jets basés sur la For"),
    C("stupefied", "stupefied", "stupéfié", per_n(-1, "uses:int", "uses:wis", "uses:cha"), valued=True,
      note_en="status penalty to Int-, Wis- and Cha-based checks and DCs", note_fr="tests et DD basés sur Int, Sag, Cha"),
    C("drained", "drained", "drainé", per_n(-1, "uses:con"), valued=True,
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

DND5E = (
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

_D35_ALL = ("attack", "save", "skill", "ability")
DND35 = (
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

COF = (
    C("aveugle", "blinded", "aveuglé", mod(-5, "initiative", "attack", "ac"),
      note_en="−5 initiative, attack and DEF", note_fr="−5 en Init., attaque et DEF"),
    C("renverse", "knocked down", "renversé", mod(-5, "attack", "ac"), note_en="−5 attack and DEF",
      note_fr="−5 en attaque et DEF"),
    C("etourdi", "stunned", "étourdi", mod(-5, "ac"), note_en="no action, −5 DEF",
      note_fr="aucune action, −5 en DEF"),
    C("surpris", "surprised", "surpris", mod(-5, "ac"), note_en="no action this round, −5 DEF",
      note_fr="pas d'action ce tour, −5 en DEF"),
    C("affaibli", "weakened", "affaibli", (Effect("note", "checks"),),
      note_en="d12 instead of d20 for every test (not computed: the engine rolls a d20)",
      note_fr="d12 au lieu du d20 (non calculé)"),
    C("immobilise", "immobilized", "immobilisé", (Effect("note", "checks"),),
      note_en="cannot move; d12 instead of d20 (not computed)", note_fr="ne peut bouger ; d12 au lieu du d20"),
    C("ralenti", "slowed", "ralenti", note_en="one action per turn", note_fr="une seule action par tour"),
    C("paralyse", "paralysed", "paralysé", note_en="no action; every attack hits", note_fr="aucune action"),
)

# gmdesk's own: the seed has dice modifiers, not named conditions; the GM sets every value.
ANARCHY = (
    C("malus", "dice penalty", "malus de dés", (Effect("dice", "checks", -1, True),), valued=True),
    C("bonus", "dice bonus", "bonus de dés", (Effect("dice", "checks", 1, True),), valued=True),
    C("wounded", "wounded", "blessé", (Effect("dice", "checks", -1, True),), valued=True,
      note_en="−1 die per point to every test", note_fr="−1 dé par point à tous les tests"),
    C("blinded", "blinded", "aveuglé", (Effect("dice", "attack", -1, True), Effect("dice", "preset:perception", -1, True),
                                         Effect("dice", "preset:catch_object", -1, True)), valued=True,
      note_en="−N dice to attacks and sight-based tests", note_fr="−N dés aux attaques et à la vue"),
    C("prone", "prone", "à terre", (Effect("dice", "attack", -1, True),), valued=True),
    C("stunned", "stunned", "sonné", (Effect("dice", "checks", -1, True),), valued=True),
)

CATALOGUE = {
    system: {c.key: c for c in conditions}
    for system, conditions in (("pf2", PF2), ("dnd5e", DND5E), ("dnd35", DND35), ("cof", COF),
                               ("anarchy", ANARCHY))
}
