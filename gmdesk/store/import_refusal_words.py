"""Why an imported file, a pasted stat block or a Bestiary pack was refused, in the GM's language.

The importers (``campaign.importing``, ``systems.kit.importing``, ``store.sheet_files``,
``store.bestiary_packs``) say it in English, as ``field: rule``; ``refusal_words.in_language`` reads
these patterns beside the store's own, so ``gmdesk import --lang fr`` and the window (File › Import…,
the Bestiary dock) say the same French. ``said`` gives a refusal (an exception or a "file: why" line)
whole: the field or file named as it is, the rule in the GM's language. No Qt.
"""

from __future__ import annotations

import re

# English regex → French ({0}, {1}… what it captured, each read in French in turn); see refusal_words.
IMPORT_PATTERNS: tuple[tuple[str, str], ...] = (
    (r"not a JSON sheets file: .*line (\d+) column (\d+) \(char \d+\)",
     "pas un fichier de fiches JSON lisible (ligne {0}, colonne {1})"),
    (r"not a JSON sheets file: (.+)", "pas un fichier de fiches JSON\u202f: {0}"),
    (r"larger than (\d+) MiB; a sheets file or a character export is far smaller",
     "plus de {0}\u00a0Mio\u202f; un fichier de fiches ou l’export d’un personnage est bien plus petit"),
    (r"not UTF-8 text \(byte (\d+)\)", "pas du texte UTF-8 (octet {0})"),
    (r"nested more than (\d+) levels deep; not a sheets file",
     "imbriqué sur plus de {0} niveaux\u202f; pas un fichier de fiches"),
    (r"nested too deep to read", "trop imbriqué pour être lu"),
    (r"not a gmdesk sheets file \(no \"format\": \"(.+)\"\)", "pas un fichier de fiches gmdesk (pas de \"format\": \"{0}\")"),
    (r"sheets file version (.+); this gmdesk reads up to (\d+)",
     "fichier de fiches en version {0}\u202f; ce gmdesk lit jusqu’à la version {1}"),
    (r"a sheets file of (.+) characters, this campaign is (\w+)",
     "un fichier de fiches de personnages {0}, cette campagne est en {1}"),
    (r"a (\w+) sheet, this campaign is (\w+)", "une fiche {0}, cette campagne est en {1}"),
    (r"not a file gmdesk imports \((.+), a gmdesk sheets file, or a stat block as text\)",
     "pas un fichier que gmdesk importe ({0}, un fichier de fiches gmdesk ou des blocs de stats en texte)"),
    (r"an? (.+) file holds (\w+) characters; this campaign is (\w+)",
     "un fichier {0} contient des personnages {1}\u202f; cette campagne est en {2}"),
    (r"a Foundry VTT actor exported from Foundry V9 or older; export it again from Foundry V10 or later",
     "un acteur Foundry VTT exporté de Foundry V9 ou plus ancien\u202f; exportez-le de nouveau depuis "
     "Foundry V10 ou plus récent"),
    (r"a Foundry VTT actor of the (.+) system; gmdesk reads (.+)",
     "un acteur Foundry VTT du système {0}\u202f; gmdesk lit {1}"),
    (r"(\w+) reads no pasted stat blocks", "{0} ne lit pas de blocs de stats collés"),
    (r"nothing pasted", "rien n’a été collé"),
    (r"these look like (.+) stat blocks \((\w+)\); this campaign is (\w+)",
     "on dirait des blocs de stats {0} ({1})\u202f; cette campagne est en {2}"),
    (r"no (.+) stat block found \((.+)\)", "aucun bloc de stats {0} trouvé ({1})"),
    (r"no Perception, AC or saves", "ni Perception, ni CA, ni jets de sauvegarde"),
    (r"no Armor Class, Hit Points or abilities", "ni classe d’armure, ni points de vie, ni caractéristiques"),
    (r"no Hit Dice, Armor Class or saves", "ni dés de vie, ni classe d’armure, ni jets de sauvegarde"),
    (r"([\d,]+) characters; one import adds at most (\d+)", "{0} personnages\u202f; une importation en ajoute au plus {1}"),
    (r"a character needs a name", "un personnage doit avoir un nom"),
    (r"an attack needs a name", "une attaque doit avoir un nom"),
    (r"must be (an object|a list|a number|a whole number|text), got (.+)", "doit être {0}, reçu {1}"),
    (r"must be (an object|a list|a number|text)", "doit être {0}"),
    (r"must be text or null, got (.+)", "doit être du texte ou null, reçu {0}"),
    (r"must be between (-?\d+) and (-?\d+), got (.+)", "doit être entre {0} et {1}, reçu {2}"),
    (r"an object", "un objet"), (r"a list", "une liste"), (r"a number", "un nombre"),
    (r"a whole number", "un nombre entier"), (r"text", "du texte"), (r"true/false", "vrai/faux"),
    (r"is missing", "manque"),
    (r"unknown ability", "caractéristique inconnue"),
    (r"([\d,]+) entries; at most ([\d,]+)", "{0} éléments\u202f; au plus {1}"),
    (r"([\d,]+) characters; at most ([\d,]+)", "{0} caractères\u202f; au plus {1}"),
    (r"at most (\d+) characters", "au plus {0} caractères"),
    (r"cannot be read \((\w+)\)", "illisible ({0})"),
    (r"not a regular file", "pas un fichier ordinaire"),
    (r"not a file or a folder", "ni un fichier ni un dossier"),
    (r"no such file or folder", "aucun fichier ni dossier à cet endroit"),
    (r"more than ([\d,]+) files; choose a smaller folder", "plus de {0} fichiers\u202f; choisissez un dossier plus petit"),
    (r"no longer holds (.+); it changed since the pack was read",
     "ne contient plus {0}\u202f; il a changé depuis la lecture du pack"),
    (r"no creature named (.+) in the (\w+) bestiary", "aucune créature nommée {0} dans le bestiaire {1}"),
    (r"stored characters of one system", "des personnages enregistrés d’un même système"),
    (r"'average' or 'rolled', got (.+)", "'average' ou 'rolled', reçu {0}"),
    (r"No such file or directory", "aucun fichier ni dossier à cet endroit"),
    (r"Permission denied", "permission refusée"),
    (r"Is a directory", "c’est un dossier"),
)


def said(refusal: BaseException | str, lang: str) -> str:
    """A refusal in ``lang``, on one line: a ``RulesError`` as its field then its rule (its own French
    where it has one), a "file: why" line as its file then the why; what no pattern knows, as it is."""
    from gmdesk.engine.core import RulesError
    from gmdesk.store.refusal_words import in_language, said_whole

    if isinstance(refusal, RulesError):
        head, rule = refusal.field, (refusal.said(lang) if refusal.fr else said(refusal.rule, lang))
    else:
        text = re.sub(r"[ \t\r\n]+", " ", str(refusal)).strip()  # one line (keeping French's narrow spaces)
        if lang != "fr" or ": " not in text or said_whole(text):
            return in_language(text, lang)
        head, _, rule = text.partition(": ")  # "file: why", the why said in turn
        rule = said(rule, lang)
    if not head:
        return rule
    return f"{head}\u202f: {rule}" if lang == "fr" else f"{head}: {rule}"
