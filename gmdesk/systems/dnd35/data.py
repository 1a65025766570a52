"""D&D 3.5 skills as data (seed 002, French SRD skills chapter).

French names are spelt as in the seed (``Renseignement``, ``Désamorçage/sabotage``, curly
apostrophes). The seed names the skills but gives neither their key ability nor their header flags
(formation nécessaire, malus d'armure aux tests): those come from the SRD skill headers.
Every table the seed prints is here row for row, in the seed's order.
"""

from __future__ import annotations

from dataclasses import dataclass

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
ABILITY_FR = {"str": "For", "dex": "Dex", "con": "Con", "int": "Int", "wis": "Sag", "cha": "Cha"}

PHB = "Manuel du Joueur"
XPH = "Grand Manuel des Psioniques"
TOMAGIC = "Recueil de Magie"


@dataclass(frozen=True)
class Skill:
    id: str
    fr: str
    en: str
    ability: str | None  # None: Langue, which never needs a roll ("Aucune" in the seed)
    trained_only: bool = False  # "Formation nécessaire": at least 1 rank to use it at all
    armor_check: int = 0  # times the armor check penalty applies: 0, 1, or 2 (Natation)
    family: str | None = None  # "knowledge" for each Connaissances (…)
    specialized: bool = False  # one skill per specialty: Artisanat (forge), Profession (meunier)…
    book: str = PHB
    # Failure has consequences of its own ("conséquences néfastes inhérentes"), so no take 20 unless
    # the GM says this failure costs nothing. The seed names one such skill, Escalade (a climber who
    # fails may fall); for any other the GM ticks "Failure costly" when the situation makes it so
    # (Désamorçage/sabotage on a trap, the seed's own example).
    failure_costly: bool = False


def _k(id_: str, fr: str, en: str, book: str = PHB) -> Skill:
    return Skill(f"knowledge_{id_}", f"Connaissances ({fr})", f"Knowledge ({en})", "int",
                 trained_only=True, family="knowledge", book=book)


SKILLS: dict[str, Skill] = {s.id: s for s in (
    Skill("tumble", "Acrobaties", "Tumble", "dex", trained_only=True, armor_check=1),
    Skill("spellcraft", "Art de la magie", "Spellcraft", "int", trained_only=True),
    Skill("psicraft", "Art psi", "Psicraft", "int", trained_only=True, book=XPH),
    Skill("craft", "Artisanat", "Craft", "int", specialized=True),
    Skill("autohypnosis", "Autohypnose", "Autohypnosis", "wis", trained_only=True, book=XPH),
    Skill("bluff", "Bluff", "Bluff", "cha"),
    Skill("concentration", "Concentration", "Concentration", "con"),
    _k("arcana", "mystères", "arcana"),
    _k("architecture", "architecture et ingénierie", "architecture and engineering"),
    _k("dungeoneering", "exploration souterraine", "dungeoneering"),
    _k("geography", "géographie", "geography"),
    _k("history", "histoire", "history"),
    _k("local", "folklore local", "local"),
    _k("nature", "nature", "nature"),
    _k("nobility", "noblesse et royauté", "nobility and royalty"),
    _k("planes", "plans", "the planes"),
    _k("psionics", "psionique", "psionics", XPH),
    _k("religion", "religion", "religion"),
    Skill("forgery", "Contrefaçon", "Forgery", "int"),
    Skill("open_lock", "Crochetage", "Open Lock", "dex", trained_only=True),
    Skill("decipher_script", "Décryptage", "Decipher Script", "int", trained_only=True),
    Skill("disguise", "Déguisement", "Disguise", "cha"),
    Skill("disable_device", "Désamorçage/sabotage", "Disable Device", "int", trained_only=True),
    Skill("move_silently", "Déplacement silencieux", "Move Silently", "dex", armor_check=1),
    Skill("spot", "Détection", "Spot", "wis"),
    Skill("diplomacy", "Diplomatie", "Diplomacy", "cha"),
    Skill("hide", "Discrétion", "Hide", "dex", armor_check=1),
    Skill("handle_animal", "Dressage", "Handle Animal", "cha", trained_only=True),
    Skill("balance", "Équilibre", "Balance", "dex", armor_check=1),
    Skill("ride", "Équitation", "Ride", "dex"),
    Skill("sleight_of_hand", "Escamotage", "Sleight of Hand", "dex", trained_only=True,
          armor_check=1),
    Skill("climb", "Escalade", "Climb", "str", armor_check=1, failure_costly=True),
    Skill("appraise", "Estimation", "Appraise", "int"),
    Skill("escape_artist", "Évasion", "Escape Artist", "dex", armor_check=1),
    Skill("search", "Fouille", "Search", "int"),
    Skill("intimidate", "Intimidation", "Intimidate", "cha"),
    Skill("speak_language", "Langue", "Speak Language", None, trained_only=True),
    Skill("use_rope", "Maîtrise des cordes", "Use Rope", "dex"),
    Skill("swim", "Natation", "Swim", "str", armor_check=2),
    Skill("listen", "Perception auditive", "Listen", "wis"),
    Skill("heal", "Premiers secours", "Heal", "wis"),
    Skill("truespeak", "Prime idiome", "Truespeak", "int", trained_only=True, book=TOMAGIC),
    Skill("profession", "Profession", "Profession", "wis", trained_only=True, specialized=True),
    Skill("sense_motive", "Psychologie", "Sense Motive", "wis"),
    Skill("gather_information", "Renseignement", "Gather Information", "cha"),
    Skill("perform", "Représentation", "Perform", "cha", specialized=True),
    Skill("jump", "Saut", "Jump", "str", armor_check=1),
    Skill("survival", "Survie", "Survival", "wis"),
    Skill("use_magic_device", "Utilisation d’objets magiques", "Use Magic Device", "cha",
          trained_only=True),
    Skill("use_psionic_device", "Utilisation d’objets psioniques", "Use Psionic Device", "cha",
          trained_only=True, book=XPH),
)}

# Checks that are not skills but receive a synergy bonus (class features).
OTHER_CHECKS = {
    "turn_undead": ("renvoi ou intimidation des morts-vivants", "turn or rebuke undead"),
    "bardic_knowledge": ("savoir bardique", "bardic knowledge"),
    "wild_empathy": ("empathie sauvage", "wild empathy"),
}


@dataclass(frozen=True)
class Feature:
    """A class feature rolled like a check (SRD): its key ability, whether the class level adds to
    the roll, and which of take 10 / take 20 it refuses, with why."""

    id: str
    ability: str
    adds_level: bool
    no_take: tuple[tuple[int, str], ...] = ()


FEATURES: dict[str, Feature] = {f.id: f for f in (
    # A turning check is a Charisma check; the cleric level sets which undead it reaches (the DC).
    Feature("turn_undead", "cha", False,
            ((20, "each turning attempt spends a use of the day: failure has a cost, so no take 20"),)),
    Feature("bardic_knowledge", "int", True,
            ((10, "bardic knowledge is essentially random: no take 10"),
             (20, "bardic knowledge is essentially random: no take 20"))),
    # Like Diplomacy: the animal's attitude is set by the attempt, which cannot simply be retried.
    Feature("wild_empathy", "cha", True,
            ((20, "a failed wild empathy attempt cannot be retried: no take 20"),)),
)}

# Class names (lowercase, French and English) whose levels grant a feature, with the levels that do
# not count (a paladin turns undead as a cleric of three levels less, from her 4th level).
FEATURE_CLASSES: dict[str, dict[str, int]] = {
    "turn_undead": {"clerc": 0, "cleric": 0, "prêtre": 0, "paladin": 3},
    "bardic_knowledge": {"barde": 0, "bard": 0},
    "wild_empathy": {"druide": 0, "druid": 0, "rôdeur": 0, "ranger": 0},
}


def class_features(class_name: str) -> tuple[str, ...]:
    """The features a class of this name grants, from the table above."""
    name = class_name.strip().lower()
    return tuple(f for f, classes in FEATURE_CLASSES.items() if name in classes)


def turning_dc(turning_level: int, hit_dice: int) -> int | None:
    """The turning check result that reaches undead of ``hit_dice`` (SRD turning table): 10 at the
    turning level, 3 more per Hit Die above it. None: any result reaches them (4 or more below)."""
    gap = hit_dice - turning_level
    if gap > 4:
        raise ValueError(f"undead of {hit_dice} HD are beyond the turning table at level {turning_level}")
    return None if gap <= -4 else 10 + 3 * gap


@dataclass(frozen=True)
class DcStep:
    dc: int
    fr: str
    en: str
    example: str  # the seed's example, in French: the tooltip for this step
    skill: str  # the skill of the example


# "Difficulté (DD) | Exemple (compétence utilisée)"
DC_LADDER = (
    DcStep(0, "Très facile", "very easy", "Remarquer un grand objet posé en évidence (Détection)", "spot"),
    DcStep(5, "Facile", "easy", "Escalader une corde à nœuds (Escalade)", "climb"),
    DcStep(10, "Moyenne", "average", "Entendre l’approche d’un garde (Perception auditive)", "listen"),
    DcStep(15, "Délicat", "tough",
           "Saboter une roue de chariot pour qu’elle tombe en route (Désamorçage/sabotage)",
           "disable_device"),
    DcStep(20, "Difficile", "challenging", "Nager en pleine tempête (Natation)", "swim"),
    DcStep(25, "Formidable", "formidable", "Ouvrir une serrure de qualité moyenne (Crochetage)",
           "open_lock"),
    DcStep(30, "Héroïque", "heroic", "Sauter par-dessus une faille de 9 mètres de large (Saut)", "jump"),
    DcStep(40, "Presque impossible", "nearly impossible",
           "Suivre la piste d’un groupe d’orques sur un terrain dur et après 24 heures de pluie (Survie)",
           "survival"),
)


def dc_step(dc: int) -> DcStep | None:
    """The ladder step a DC reaches (the highest step at or below it); None below 0."""
    reached = [step for step in DC_LADDER if step.dc <= dc]
    return reached[-1] if reached else None


@dataclass(frozen=True)
class OpposedPreset:
    id: str
    task_fr: str
    task_en: str
    actor: str  # skill id
    opponent: str | None  # skill id; None: the target's level check (Intimidation)


# "Tâche | Compétence (caractéristique) | Compétence opposée (caractéristique)"
OPPOSED_PRESETS: dict[str, OpposedPreset] = {p.id: p for p in (
    OpposedPreset("con", "Rouler quelqu’un", "Con someone", "bluff", "sense_motive"),
    OpposedPreset("false_map", "Tracer une fausse carte", "Create a false map", "forgery", "forgery"),
    OpposedPreset("impersonate", "Se faire passer pour quelqu’un d’autre",
                  "Pretend to be someone else", "disguise", "spot"),
    OpposedPreset("sneak_up", "Arriver furtivement dans le dos de quelqu’un",
                  "Sneak up on someone", "move_silently", "listen"),
    OpposedPreset("hide", "Ne pas se faire remarquer", "Hide from someone", "hide", "spot"),
    # Seed footnote: opposed by the target's level check rather than by a skill check.
    OpposedPreset("bully", "Faire hésiter une brute", "Make a bully back down", "intimidate", None),
    OpposedPreset("tie_up", "Ligoter un prisonnier", "Tie a prisoner securely", "use_rope",
                  "escape_artist"),
    OpposedPreset("pick_pocket", "Dérober une bourse", "Steal a coin pouch", "sleight_of_hand", "spot"),
)}


@dataclass(frozen=True)
class Synergy:
    """One row of the seed's synergy table: 5+ ranks in ``source`` give +2 to ``target``.

    ``target`` is a skill id, a skill family ("knowledge": any Connaissances) or an OTHER_CHECKS
    id. ``condition`` is the seed's restriction (French); a conditional synergy is a situational
    toggle, off by default. ``seed_source``/``seed_target`` are the seed's cells verbatim.
    """

    source: str
    target: str
    seed_source: str
    seed_target: str
    condition: str = ""
    book: str = PHB

    @property
    def id(self) -> str:
        return f"{self.source}>{self.target}"

    @property
    def situational(self) -> bool:
        return bool(self.condition)


def _s(source, target, seed_source, seed_target, condition="", book=PHB) -> Synergy:
    return Synergy(source, target, seed_source, seed_target, condition, book)


# "Un degré de maîtrise de 5 ou plus en … | confère un bonus de +2 aux tests de … | Source"
SYNERGIES: tuple[Synergy, ...] = (
    _s("tumble", "balance", "Acrobaties", "Équilibre"),
    _s("tumble", "jump", "Acrobaties", "Saut"),
    _s("spellcraft", "use_magic_device", "Art de la magie",
       "Utilisation d’objets magiques associés aux parchemins", "associés aux parchemins"),
    _s("psicraft", "use_psionic_device", "Art psi",
       "Utilisation d’objets psioniques liés aux pierres psioniques", "liés aux pierres psioniques", XPH),
    _s("craft", "appraise", "Artisanat", "Estimation liés aux objets produits par ce type d’artisanat",
       "liés aux objets produits par ce type d’artisanat"),
    _s("autohypnosis", "knowledge_psionics", "Autohypnose", "Connaissances (psionique)", book=XPH),
    _s("bluff", "disguise", "Bluff", "Déguisement lorsque le personnage se sait observé",
       "lorsque le personnage se sait observé"),
    _s("bluff", "diplomacy", "Bluff", "Diplomatie"),
    _s("bluff", "sleight_of_hand", "Bluff", "Escamotage"),
    _s("bluff", "intimidate", "Bluff", "Intimidation"),
    _s("concentration", "autohypnosis", "Concentration", "Autohypnose", book=XPH),
    _s("knowledge_religion", "turn_undead", "Connaissances (religion)",
       "renvoi ou d’intimidation des morts-vivants"),
    _s("knowledge_history", "bardic_knowledge", "Connaissances (histoire)", "savoir bardique"),
    _s("knowledge_arcana", "spellcraft", "Connaissances (mystères)", "Art de la magie"),
    _s("knowledge_psionics", "psicraft", "Connaissances psionique", "Art psi", book=XPH),
    _s("knowledge_nobility", "diplomacy", "Connaissances (noblesse et royauté)", "Diplomatie"),
    _s("knowledge_architecture", "search", "Connaissances (architecture et ingénierie)",
       "Fouille joués pour trouver des passages ou compartiments secrets",
       "joués pour trouver des passages ou compartiments secrets"),
    _s("knowledge_local", "gather_information", "Connaissances (folklore local)", "Renseignement"),
    _s("knowledge_dungeoneering", "survival", "Connaissances (exploration souterraine)",
       "Survie sous terre", "sous terre"),
    _s("knowledge_planes", "survival", "Connaissances (plans)",
       "Survie sur d’autres plans d’existence.", "sur d’autres plans d’existence."),
    _s("knowledge_geography", "survival", "Connaissances (géographie)",
       "Survie pour éviter de se perdre ou pour éviter des dangers",
       "pour éviter de se perdre ou pour éviter des dangers"),
    _s("knowledge_nature", "survival", "Connaissances (nature)",
       "Survie dans un environnement naturel à la surface", "dans un environnement naturel à la surface"),
    _s("decipher_script", "spellcraft", "Décryptage",
       "Art de la magie pour identifier les pouvoirs d'un cercle runique",
       "pour identifier les pouvoirs d'un cercle runique", "Races de la Pierre"),
    _s("decipher_script", "use_magic_device", "Décryptage",
       "Utilisation d’objets magiques associés aux parchemins", "associés aux parchemins"),
    _s("handle_animal", "wild_empathy", "Dressage", "empathie sauvage"),
    _s("handle_animal", "ride", "Dressage", "Équitation"),
    _s("escape_artist", "use_rope", "Évasion", "Maîtrise des cordes lorsque l’on cherche à ligoter quelqu’un",
       "lorsque l’on cherche à ligoter quelqu’un"),
    _s("search", "survival", "Fouille", "Survie joués pour trouver ou suivre une piste",
       "joués pour trouver ou suivre une piste"),
    _s("use_rope", "climb", "Maîtrise des cordes",
       "Escalade pour grimper à une corde, quelle qu’elle soit (à nœuds ou non, seule ou près d’un mur)",
       "pour grimper à une corde, quelle qu’elle soit (à nœuds ou non, seule ou près d’un mur)"),
    _s("use_rope", "escape_artist", "Maîtrise des cordes", "Évasion quand on cherche à échapper à des cordes",
       "quand on cherche à échapper à des cordes"),
    _s("truespeak", "knowledge", "Prime idiome", "Connaissances visant à rechercher une identité cosmique",
       "visant à rechercher une identité cosmique", TOMAGIC),
    _s("sense_motive", "diplomacy", "Psychologie", "Diplomatie"),
    _s("perform", "concentration", "Représentation",
       "Concentration pour résister à un chahut lors d'une représentation de ce type",
       "pour résister à un chahut lors d'une représentation de ce type", "Races de la Pierre"),
    _s("jump", "tumble", "Saut", "Acrobaties"),
    _s("survival", "knowledge_nature", "Survie", "Connaissances (nature)"),
    _s("use_magic_device", "spellcraft", "Utilisation d’objets magiques",
       "Art de la magie si l’on se sert de cette compétence pour déchiffrer un sort rédigé sur un parchemin",
       "si l’on se sert de cette compétence pour déchiffrer un sort rédigé sur un parchemin"),
    _s("use_psionic_device", "psicraft", "Utilisation d’objets psioniques",
       "Art psi visant à s'adresser aux pierres psioniques", "visant à s'adresser aux pierres psioniques",
       XPH),
)


def base_skill(key: str) -> str:
    """``craft:forge`` → ``craft``: a specialty is written after a colon in a skill key."""
    return key.split(":", 1)[0]


def failure_costly(key: str | None) -> bool:
    """Does failing this skill (a SKILLS key, a specialty's too) have consequences of its own?"""
    skill = SKILLS.get(base_skill(key)) if isinstance(key, str) else None
    return bool(skill and skill.failure_costly)


def synergies_for(check: str) -> tuple[Synergy, ...]:
    """The synergy rows that can add to a check of ``check`` (a skill key or OTHER_CHECKS id)."""
    skill = SKILLS.get(base_skill(check))
    names = {base_skill(check)} | ({skill.family} if skill and skill.family else set())
    return tuple(s for s in SYNERGIES if s.target in names)
