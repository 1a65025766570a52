"""The store's refusals in the GM's language: why a file cannot be opened, written or trusted.

The store says them in English (``StoreError``: one sentence); the command line (``--lang fr``) and the
window say the same verdict in French through ``in_language``, so both use the same words. A sentence
is matched against English patterns; what a pattern captures (a path, a number, a nested reason) is
said in French in turn, so "cannot log the rolls: the disk is full (c.gmdesk): 3,000 of 5,000 rolls
were logged" is built from its parts. What has no pattern (an operating system's or SQLite's own
words) stays as it is, rather than being half-guessed. No Qt: the command line uses it too.
"""

from __future__ import annotations

import re

from gmdesk.engine.core import RulesError
from gmdesk.engine.words import french_thousands
from gmdesk.store.import_refusal_words import IMPORT_PATTERNS

# What the store was doing ("cannot {doing}: …"), as "impossible de {…}".
_DOING = {
    "open the campaign": "ouvrir la campagne",
    "read the campaign": "lire la campagne",
    "create the campaign": "créer la campagne",
    "check the campaign": "vérifier la campagne",
    "back up the campaign": "sauvegarder la campagne",
    "log the rolls": "noter les jets",
    "log the roll": "noter le jet",
    "import the characters": "importer les personnages",
    "read the roll log": "lire le journal des jets",
    "read the roll statistics": "lire les statistiques des jets",
    "mark the rolls undone": "marquer les jets comme annulés",
    "save the change": "enregistrer la modification",
    "save the character": "enregistrer le personnage",
    "add the character": "ajouter le personnage",
    "delete the character": "supprimer le personnage",
    "duplicate the character": "dupliquer le personnage",
    "reorder the characters": "réordonner les personnages",
    "save the scene": "enregistrer la scène",
    "add the scene": "ajouter la scène",
    "delete the scene": "supprimer la scène",
    "reorder the scenes": "réordonner les scènes",
    "save the prepared check": "enregistrer le test préparé",
    "add the prepared check": "ajouter le test préparé",
    "delete the prepared check": "supprimer le test préparé",
    "reorder the prepared checks": "réordonner les tests préparés",
    "save the encounter": "enregistrer la rencontre",
}

# Why it could not, as the store says it (``errors._KNOWN``, ``atomic``, ``cli.campaign``).
_WHY = {
    "the disk is full": "le disque est plein",
    "the file or its folder is read-only": "le fichier ou son dossier est en lecture seule",
    "the disk reported an input/output error": "le disque a signalé une erreur d’entrée/sortie",
    "the file cannot be opened (missing folder or no permission)":
        "le fichier ne peut pas être ouvert (dossier manquant ou permission refusée)",
    "permission denied": "permission refusée",
    "access denied": "accès refusé",
    "another program kept the campaign locked for too long":
        "un autre programme a gardé la campagne verrouillée trop longtemps",
    "the file is too large for this system": "le fichier est trop gros pour ce système",
    "the image could not be saved": "l’image n’a pas pu être enregistrée",
    "the campaign is read-only (the file or its folder cannot be written)":
        "la campagne est en lecture seule (le fichier ou son dossier ne peut pas être écrit)",
    "the campaign is read-only": "la campagne est en lecture seule",
    "the campaign is open read-only": "la campagne est ouverte en lecture seule",
    "nothing was logged": "aucun jet n’a été noté",
    "the campaign file is damaged": "le fichier de campagne est endommagé",
}

# English regex → French, ``{0}``, ``{1}``… what it captured, each said in French in turn. The first
# that matches the whole sentence wins: the specific before the general.
PATTERNS: tuple[tuple[str, str], ...] = (
    (r"cannot (.+?): (.*)", "impossible de {0}\u202f: {1}"),
    (r"write (.+)", "écrire {0}"),
    (r"read (.+)", "lire {0}"),
    (r"create (.+)", "créer {0}"),
    (r"upgrade the campaign to format (\d+)", "mettre la campagne au format {0}"),
    (r"([\d,]+) of ([\d,]+) rolls were logged", "{0} jets sur {1} ont été notés"),
    (r"(.+); nothing was written to it\. `gmdesk check (.+)` says more",
     "{0}\u202f; rien n’y a été écrit. `gmdesk check {1}` en dit plus"),
    (r"(.+); `gmdesk check (.*)` says more", "{0}\u202f; `gmdesk check {1}` en dit plus"),
    (r"(.+); nothing can be read from it", "{0}\u202f; rien ne peut en être lu"),
    (r"the campaign file is damaged, so gmdesk no longer writes to it \((.+)\); `gmdesk check` says what is wrong",
     "le fichier de campagne est endommagé, gmdesk n’y écrit donc plus ({0})\u202f; `gmdesk check` dit ce qui ne va pas"),
    (r"(.+): no such campaign file", "{0}\u202f: aucun fichier de campagne à cet endroit"),
    (r"(.+): is a folder, not a campaign file", "{0}\u202f: c’est un dossier, pas un fichier de campagne"),
    (r"(.+): is (.+), not a campaign file", "{0}\u202f: c’est {1}, pas un fichier de campagne"),
    (r"(.+): cannot be read: (.+)", "{0}\u202f: illisible\u202f: {1}"),
    (r"(.+): the file is empty, not a gmdesk campaign", "{0}\u202f: le fichier est vide, ce n’est pas une campagne gmdesk"),
    (r"(.+): not a gmdesk campaign \(not an SQLite database\)",
     "{0}\u202f: pas une campagne gmdesk (pas une base de données SQLite)"),
    (r"(.+): an SQLite database but not a gmdesk campaign", "{0}\u202f: une base de données SQLite, mais pas une campagne gmdesk"),
    (r"(.+): made by a newer gmdesk \(format (\d+); this one reads up to (\d+)\)",
     "{0}\u202f: créé par un gmdesk plus récent (format {1}\u202f; celui-ci lit jusqu’au format {2})"),
    (r"(.+): made by an older gmdesk and read-only, so it cannot be upgraded",
     "{0}\u202f: créé par un gmdesk plus ancien et en lecture seule, il ne peut donc pas être mis à jour"),
    (r"(.+): a campaign of the game system (.+), which this gmdesk does not know \(it knows (.+)\)",
     "{0}\u202f: une campagne du système de jeu {1}, que ce gmdesk ne connaît pas (il connaît {2})"),
    (r"(.+): already exists; not overwriting it", "{0}\u202f: existe déjà\u202f; gmdesk ne l’écrase pas"),
    (r"(.+): already exists; a repaired copy goes into a new file",
     "{0}\u202f: existe déjà\u202f; une copie réparée va dans un nouveau fichier"),
    (r"(.+): the (?:campaign )?file is damaged \((.+)\)", "{0}\u202f: le fichier de campagne est endommagé ({1})"),
    (r"(.+): the (?:campaign )?file is damaged: (.+)", "{0}\u202f: le fichier de campagne est endommagé\u202f: {1}"),
    (r"(.+) and (\d+) more problems", "{0} et {1} autres problèmes"),
    (r"truncated inside its SQLite header", "tronqué dans son en-tête SQLite"),
    (r"truncated to (\d+) bytes of (\d+)", "tronqué à {0} octets sur {1}"),
    (r"bad page size", "taille de page invalide"),
    (r"tables missing", "tables manquantes"),
    (r"tables missing: (.+)", "tables manquantes\u202f: {0}"),
    (r"its format number reads (-?\d+); gmdesk campaigns are format 1 to (\d+)",
     "son numéro de format est {0}\u202f; les campagnes gmdesk vont du format 1 au format {1}"),
    (r"no campaign row", "aucune ligne de campagne"),
    (r"the campaign row is missing", "la ligne de la campagne manque"),
    (r"(\w+) row (\d+) refers to a missing (\w+) row", "la ligne {1} de {0} renvoie à une ligne absente de {2}"),
    (r"logged roll #(\d+) holds unreadable data", "le jet noté n°{0} contient des données illisibles"),
    (r"a logged roll holds unreadable data", "un jet noté contient des données illisibles"),
    (r"an index of the roll log gives ([\d,]+) rolls where the log holds ([\d,]+)",
     "un index du journal des jets donne {0} jets là où le journal en contient {1}"),
    (r"not writing (.+): it is a gmdesk campaign or another SQLite database; choose another file",
     "gmdesk n’écrit pas {0}\u202f: c’est une campagne gmdesk ou une autre base de données SQLite\u202f; choisissez un autre fichier"),
    (r"not writing (.+): a \.gmdesk name is for campaigns; choose another file",
     "gmdesk n’écrit pas {0}\u202f: un nom en .gmdesk est réservé aux campagnes\u202f; choisissez un autre fichier"),
    (r"not writing (.+): SQLite keeps the (.+) of (.+) under that name; choose another file",
     "gmdesk n’écrit pas {0}\u202f: SQLite garde sous ce nom un fichier annexe de {2}\u202f; choisissez un autre fichier"),
    (r"not a campaign's name: (.+) is where SQLite keeps the (.+) of (.+); choose a name ending in (.+)",
     "pas un nom de campagne\u202f: SQLite garde sous le nom {0} un fichier annexe de {2}\u202f; choisissez un nom finissant par {3}"),
    (r"no such folder (.+)", "aucun dossier {0}"),
    (r"stopped after ([\d,]+) of ([\d,]+)", "arrêté après {0} sur {1}"),
    # A reason with the file it is about, then perhaps what was kept: last, the most general.
    (r"(.+?) \(([^()]*)\): (.*)", "{0} ({1})\u202f: {2}"),
    (r"(.+?) \(([^()]*)\)", "{0} ({1})"),
)
# "FILE: why" without its file, as the command line says it after naming the file itself.
_BARE = tuple((english.removeprefix("(.+): "), re.sub(r"\{(\d+)\}", lambda m: "{%d}" % (int(m[1]) - 1),
                                                         french.removeprefix("{0}\u202f: ")))
              for english, french in PATTERNS if english.startswith("(.+): ") and french.startswith("{0}\u202f: "))
# The importers' refusals first: each is specific, and none would be read right by the general ones.
_COMPILED = tuple((re.compile(english, re.DOTALL), french)
                  for english, french in IMPORT_PATTERNS + PATTERNS[:-2] + _BARE + PATTERNS[-2:])


def said_whole(message: str) -> bool:
    """Whether a pattern more specific than "a reason (with its file)" reads ``message`` whole."""
    return message in _DOING or message in _WHY or any(english.fullmatch(message) for english, _ in _COMPILED[:-2])


def in_language(message: str, lang: str) -> str:
    """``message`` (a store refusal, in English) in ``lang``; English, or a sentence no pattern knows,
    as it is (its thousands set the French way all the same)."""
    if lang != "fr":
        return message
    return _french(message)


def _french(text: str, depth: int = 0) -> str:
    fixed = _DOING.get(text) or _WHY.get(text)
    if fixed is not None:
        return fixed
    if depth < 8:  # a sentence nests a few reasons at most; a hostile one stops here
        for english, french in _COMPILED:
            found = english.fullmatch(text)
            if found:
                said = french.format(*(_french(part or "", depth + 1) for part in found.groups()))
                return re.sub(r"^impossible de (?=[aeiouéèêh])", "impossible d’", said)  # d’ouvrir, d’écrire
    return french_thousands(text)


def said(refusal: BaseException | str, lang: str) -> str:
    """A refusal in ``lang``, on one line: a ``RulesError`` as its field then its rule (its own French
    where it has one), a "file: why" line as its file then the why; what no pattern knows, as it is."""
    if isinstance(refusal, RulesError):
        head, rule = refusal.field, (refusal.said(lang) if refusal.fr else said(refusal.rule, lang))
    else:
        text = re.sub(r"[ \t\r\n]+", " ", str(refusal)).strip()  # one line (keeping French's narrow spaces)
        if lang != "fr" or ": " not in text or said_whole(text):
            return in_language(text, lang)
        head, _, rule = text.partition(": ")  # "file: why", the why said in turn
        head = head.rstrip("\u202f")  # already French ("pas de simulation\u202f: …"): one space, not two
        rule = said(rule, lang)
    if not head:
        return rule
    return f"{head}\u202f: {rule}" if lang == "fr" else f"{head}: {rule}"
