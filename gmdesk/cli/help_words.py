"""``gmdesk --help`` and every command's ``--help`` in the GM's language (issue 24 §3).

The parsers are built in English (the source language); ``in_language`` then says every description,
group title and option help in French, argparse's own words included ("usage:", "options",
"positional arguments", "show this help message and exit"), through ``FRENCH`` (English text → French).
A game system's options say their help themselves (``CliOption.help`` is a ``Word``). Command and
option names, metavars and choices stay as they are: they are what the GM types.
"""

from __future__ import annotations

import argparse
import re

from gmdesk.engine.words import french_thousands

NNBSP = "\u202f"

FRENCH = {
    # argparse's own words
    "positional arguments": "arguments positionnels",
    "options": "options",
    "show this help message and exit": "afficher cette aide et quitter",
    "show program's version number and exit": "afficher la version du programme et quitter",
    # gmdesk
    "gmdesk: the game master's dashboard. Without a command, opens the window (gmdesk [CAMPAIGN.gmdesk] "
    "[--lang fr|en] [--screenshot FILE.png]).":
        "gmdesk\u202f: le tableau de bord du meneur de jeu. Sans commande, ouvre la fenêtre (gmdesk "
        "[CAMPAIGN.gmdesk] [--lang fr|en] [--screenshot FILE.png]).",
    "exact odds of one check": "chances exactes d’un test",
    "roll a check with a seeded generator": "lancer un test avec un générateur à graine",
    "create a campaign file": "créer un fichier de campagne",
    "export the roll log": "exporter le journal des jets",
    "check a campaign file": "vérifier un fichier de campagne",
    "export or import character sheets as JSON": "exporter ou importer des fiches de personnage en JSON",
    "the roll log against its exact odds": "le journal des jets face à ses chances exactes",
    "import characters from Pathbuilder, Foundry VTT or pasted stat blocks":
        "importer des personnages de Pathbuilder, de Foundry VTT ou de blocs de statistiques collés",
    "a character's checks with their ids and modifiers": "les tests d’un personnage avec leurs identifiants et modificateurs",
    "search a system's bestiary and packs": "chercher dans le bestiaire d’un système et ses recueils",
    "the fight in progress and its difficulty for the party": "le combat en cours et sa difficulté pour le groupe",
    # gmdesk odds, gmdesk roll
    "options of several systems": "options de plusieurs systèmes",
    "machine-readable output": "sortie lisible par un programme",
    "the language of the answer (default: the terminal's)": "la langue de la réponse (par défaut celle du terminal)",
    "same seed, same rolls": "même graine, mêmes jets",
    "append every roll to this campaign's roll log": "ajouter chaque jet au journal des jets de cette campagne",
    "who rolled (with --log)": "qui a lancé (avec --log)",
    "what was rolled (with --log)": "ce qui a été lancé (avec --log)",
    "a secret roll (with --log)": "un jet secret (avec --log)",
    # gmdesk new
    "Create a campaign file.": "Créer un fichier de campagne.",
    "fill it with a demo party, monsters, prepared checks and an encounter":
        "le remplir d’un groupe de démonstration, de monstres, de tests préparés et d’une rencontre",
    "the campaign's name (default: the file name)": "le nom de la campagne (par défaut celui du fichier)",
    "language of the demo's names, items and texts (default: the system's, as the window's)":
        "langue des noms, objets et textes de la démonstration (par défaut celle du système, comme la fenêtre)",
    # gmdesk export
    "Export a campaign's roll log.": "Exporter le journal des jets d’une campagne.",
    "write to FILE (atomically) instead of stdout": "écrire dans FILE (d’un seul bloc) au lieu de la sortie standard",
    "include the GM's secret rolls": "inclure les jets secrets du MJ",
    "rolls from this UTC date or time on (2026-11-30)": "les jets à partir de cette date ou heure UTC (2026-11-30)",
    "rolls up to this UTC date (whole day) or time": "les jets jusqu’à cette date (journée entière) ou heure UTC",
    "the language of a csv, md, html or recap export (default: the system's)":
        "la langue d’un export csv, md, html ou recap (par défaut celle du système)",
    "recap: flag a deviation less likely than this, Holm-corrected (default 1)":
        "recap\u202f: signaler un écart moins probable que ce seuil, corrigé par Holm (1 par défaut)",
    "recap: for the players — no secret roll, no combatant hidden from them, no DC":
        "recap\u202f: pour les joueurs — ni jet secret, ni combattant caché, ni DD",
    # gmdesk check
    "Check a campaign file: exit 0 sound, 1 damaged, 2 not a campaign or unreadable.":
        "Vérifier un fichier de campagne\u202f: sortie 0 en bon état, 1 endommagé, 2 pas une campagne ou illisible.",
    "the language of a refusal (default: the terminal's)": "la langue d’un refus (par défaut celle du terminal)",
    # gmdesk sheets
    "export: write here (default stdout); import: read from here (required)":
        "export\u202f: écrire ici (par défaut la sortie standard)\u202f; import\u202f: lire d’ici (obligatoire)",
    "export only these characters (repeatable)": "n’exporter que ces personnages (répétable)",
    # gmdesk stats
    "What happened against what the odds said: per character, kind of check and session, the expected and "
    "observed number of each outcome, and the exact probability of a deviation at least that large (flagged "
    "past the level, Holm-corrected).":
        "Ce qui s’est passé face à ce que disaient les chances\u202f: par personnage, type de test et séance, le "
        "nombre attendu et observé de chaque résultat, et la probabilité exacte d’un écart au moins aussi grand "
        "(signalé au-delà du seuil, corrigé par Holm).",
    "only this character's rolls": "seulement les jets de ce personnage",
    "only this session's rolls": "seulement les jets de cette séance",
    "flag a deviation less likely than this, Holm-corrected (default 1)":
        "signaler un écart moins probable que ce seuil, corrigé par Holm (1 par défaut)",
    "after the findings in plain words, the numbers behind them: p-values, Holm, χ², bands":
        "après les constats en clair, les nombres derrière eux\u202f: valeurs p, Holm, χ², bandes",
    "the language of the findings (default: the terminal's)": "la langue des constats (par défaut celle du terminal)",
    # gmdesk import
    "Add the characters of each FILE (a Pathbuilder 2e export, a Foundry VTT dnd5e actor or pf2e NPC, a gmdesk "
    "sheets file, or stat blocks as text) to the campaign; one already there (same name, same source) is "
    "updated. A file that cannot be read: exit 2, nothing written.":
        "Ajouter à la campagne les personnages de chaque FILE (un export Pathbuilder 2e, un acteur dnd5e ou un "
        "PNJ pf2e de Foundry VTT, un fichier de fiches gmdesk, ou des blocs de statistiques en texte)\u202f; "
        "celui qui y est déjà (même nom, même source) est mis à jour. Un fichier illisible\u202f: sortie 2, "
        "rien d’écrit.",
    "files to import; the format is read from the content": "fichiers à importer\u202f; le format se lit dans le contenu",
    "stat blocks as text: '-' reads what is pasted on standard input, else a text file":
        "blocs de statistiques en texte\u202f: «\u202f-\u202f» lit ce qui est collé sur l’entrée standard, sinon un fichier texte",
    # gmdesk checks
    "List one character's rolls: id, name and modifier (dice pool in anarchy), as the check panel builds them "
    "with the campaign's house rules.":
        "Lister les jets d’un personnage\u202f: identifiant, nom et modificateur (réserve de dés dans anarchy), "
        "tels que le panneau de test les construit avec les règles maison de la campagne.",
    "the character's name": "le nom du personnage",
    "a JSON list of {id, label, modifier|dice}": "une liste JSON de {id, label, modifier|dice}",
    "the language of the labels and messages (default: the terminal's); --json keeps English labels":
        "la langue des libellés et messages (par défaut celle du terminal)\u202f; --json garde les libellés anglais",
    # gmdesk bestiary (gmdesk.cli.bestiary)
    "The creatures of SYSTEM's bestiary (the one gmdesk ships, plus each --pack: a folder or file of creatures "
    "you already have) whose name, type, size, level or challenge matches every word of QUERY (accents and case "
    "ignored), best match first.":
        "Les créatures du bestiaire de SYSTEM (celui que gmdesk fournit, plus chaque --pack\u202f: un dossier ou "
        "un fichier de créatures que vous avez déjà) dont le nom, le type, la taille, le niveau ou le facteur de "
        "puissance contient chaque mot de QUERY (sans tenir compte des accents ni de la casse), la meilleure "
        "correspondance d’abord.",
    "words to find (none: every creature)": "mots à trouver (aucun\u202f: toutes les créatures)",
    "a folder or file of creatures (repeatable)": "un dossier ou fichier de créatures (répétable)",
    "a JSON list of creatures with their numbers and checks": "une liste JSON de créatures avec leurs nombres et tests",
    "the language of the lines (default: the terminal's); --json and the creatures' names stay as they are":
        "la langue des lignes (par défaut celle du terminal)\u202f; --json et les noms des créatures restent tels quels",
    # gmdesk encounter (gmdesk.cli.bestiary)
    "The party (the campaign's PCs), the creatures in the fight and the difficulty in the system's own words. "
    "--add puts bestiary creatures in a copy of the fight; --save stores them.":
        "Le groupe (les PJ de la campagne), les créatures du combat et la difficulté dans les mots du système. "
        "--add met des créatures du bestiaire dans une copie du combat\u202f; --save les enregistre.",
    "The party (the campaign's PCs), the creatures in the fight and the difficulty in the system's own words. "
    "--add puts bestiary creatures in a copy of the fight; --save stores them. --simulate N plays the fight out N "
    "times: who wins, in how many rounds, who drops.":
        "Le groupe (les PJ de la campagne), les créatures du combat et la difficulté dans les mots du système. "
        "--add met des créatures du bestiaire dans une copie du combat\u202f; --save les enregistre. --simulate N "
        "joue le combat N fois\u202f: qui gagne, en combien de rounds, qui tombe.",
    "a bestiary creature to add (repeatable)": "une créature du bestiaire à ajouter (répétable)",
    "how many of the --add before it (1 to 100)": "combien de la créature du --add qui précède (de 1 à 100)",
    "the added creatures' HP (default average)": "les PV des créatures ajoutées (par défaut la moyenne)",
    "seed for the initiative and HP rolls of --add": "graine des jets d’initiative et de PV de --add",
    "seed for the initiative and HP rolls of --add, and for --simulate":
        "graine des jets d’initiative et de PV de --add, et de --simulate",
    "how attackers pick their target (default weakest; with --simulate)":
        "comment les attaquants choisissent leur cible (par défaut le plus faible\u202f; avec --simulate)",
    "the GM's target order, first to last (repeatable; with --tactic order)":
        "l’ordre des cibles du MJ, de la première à la dernière (répétable\u202f; avec --tactic order)",
    "from the fight as it stands: current HP, who is down, whose turn (with --simulate)":
        "depuis le combat tel qu’il est\u202f: PV actuels, qui est à terre, à qui le tour (avec --simulate)",
    "store the creatures added and their place in the fight": "enregistrer les créatures ajoutées et leur place dans le combat",
    "one JSON object": "un objet JSON",
    "the language of the lines (default: the terminal's); --json keeps its English words":
        "la langue des lignes (par défaut celle du terminal)\u202f; --json garde ses mots anglais",
}

# Texts built with numbers (the limits), by pattern: each English regex → its French.
PATTERNS = (
    (r"play the fight out N times \(1 to ([\d,]+)\): who wins, in how many rounds, who drops",
     "jouer le combat N fois (de 1 à {0})\u202f: qui gagne, en combien de rounds, qui tombe"),
    (r"how many rolls, 1 to ([\d,]+) \(default 1\)", "combien de jets, de 1 à {0} (1 par défaut)"),
    (r"Move characters between campaigns: export them to a JSON sheets file, or import one\. An import reads a "
     r"file up to (\d+) MiB, adds at most (\d+) characters, with names up to (\d+) characters and JSON nested up "
     r"to (\d+) levels; anything beyond is refused whole\.",
     "Déplacer des personnages d’une campagne à l’autre\u202f: les exporter dans un fichier de fiches JSON, ou en "
     "importer un. Un import lit un fichier jusqu’à {0} Mio, ajoute au plus {1} personnages, aux noms d’au plus {2} "
     "caractères et au JSON imbriqué sur au plus {3} niveaux\u202f; au-delà, il est refusé en entier."),
)
USAGE = {"en": "usage: ", "fr": f"utilisation{NNBSP}: "}


def said(text: str | None) -> str | None:
    """One help text in French; one gmdesk has no French for stays as it is."""
    if not text or text == argparse.SUPPRESS:
        return text
    if text in FRENCH:
        return FRENCH[text]
    for english, french in PATTERNS:
        found = re.fullmatch(english, text, re.DOTALL)
        if found:
            return french.format(*(french_thousands(group) for group in found.groups()))
    return text


class FrenchHelp(argparse.HelpFormatter):
    """argparse's layout, with "utilisation :" in place of "usage:" and a narrow no-break space before
    each heading's colon."""

    def start_section(self, heading):  # type: ignore[override]
        super().start_section(heading + NNBSP if heading else heading)

    def add_usage(self, usage, actions, groups, prefix=None):  # type: ignore[override]
        super().add_usage(usage, actions, groups, USAGE["fr"] if prefix is None else prefix)


def in_language(parser: argparse.ArgumentParser, lang: str) -> argparse.ArgumentParser:
    """``parser`` and every command's parser under it saying their help in ``lang``."""
    if lang != "fr":
        return parser
    for each in _parsers(parser):
        each.formatter_class = FrenchHelp
        each.description = said(each.description)
        for group in each._action_groups:
            group.title, group.description = said(group.title), said(group.description)
        for action in each._actions:
            action.help = said(action.help)
            for choice in getattr(action, "_choices_actions", ()):  # the commands listed under gmdesk
                choice.help = said(choice.help)
    return parser


def _parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                found += _parsers(sub)
    return found
