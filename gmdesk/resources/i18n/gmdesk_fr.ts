<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
<context>
    <name>AboutDialog</name>
    <message>
        <source>Copy for a bug report</source>
        <translation>Copier pour un rapport de bug</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Copié</translation>
    </message>
</context>
<context>
    <name>AnalyticsPanel</name>
    <message>
        <source>every session</source>
        <translation>toutes les séances</translation>
    </message>
    <message>
        <source>every character</source>
        <translation>tous les personnages</translation>
    </message>
    <message>
        <source>When gmdesk said so many %, did so many succeed?</source>
        <translation>Quand gmdesk annonçait tant de %, autant ont-ils réussi&#x202f;?</translation>
    </message>
    <message>
        <source>predicted chance of success</source>
        <translation>chance de réussite annoncée</translation>
    </message>
    <message>
        <source>observed rate</source>
        <translation>taux observé</translation>
    </message>
    <message>
        <source>No dice thrown yet</source>
        <translation>Aucun dé lancé pour l’instant</translation>
    </message>
    <message>
        <source>face</source>
        <translation>face</translation>
    </message>
    <message>
        <source>count</source>
        <translation>nombre</translation>
    </message>
    <message>
        <source>Streaks of {session}</source>
        <translation>Séries de {session}</translation>
    </message>
    <message>
        <source>roll of the session</source>
        <translation>jet de la séance</translation>
    </message>
    <message>
        <source>successes − expected</source>
        <translation>réussites − attendues</translation>
    </message>
    <message>
        <source>No roll yet: no session to recap.</source>
        <translation>Aucun jet pour l’instant&#x202f;: pas de séance à récapituler.</translation>
    </message>
    <message>
        <source>Export the session recap</source>
        <translation>Exporter le récapitulatif de la séance</translation>
    </message>
    <message>
        <source>Web page (*.html)</source>
        <translation>Page web (*.html)</translation>
    </message>
    <message>
        <source>Cannot export the recap: {why}</source>
        <translation>Impossible d’exporter le récapitulatif&#x202f;: {why}</translation>
    </message>
    <message>
        <source>Recap of {session} saved to {path}</source>
        <translation>Récapitulatif de {session} enregistré dans {path}</translation>
    </message>
    <message>
        <source>Counting the roll log</source>
        <translation>Décompte du journal des jets</translation>
    </message>
    <message>
        <source>recap</source>
        <translation>récapitulatif</translation>
    </message>
    <message>
        <source>Exporting the session recap</source>
        <translation>Export du récapitulatif de séance</translation>
    </message>
    <message>
        <source>&amp;Session:</source>
        <translation>&amp;Séance&#x202f;:</translation>
    </message>
    <message>
        <source>C&amp;haracter:</source>
        <translation>Perso&amp;nnage&#x202f;:</translation>
    </message>
    <message>
        <source>&amp;Level:</source>
        <translation>Se&amp;uil&#x202f;:</translation>
    </message>
    <message>
        <source>A group is flagged when chance alone would give a deviation that large less often than this, Holm-corrected for the number of groups</source>
        <translation>Un groupe est signalé quand le hasard seul donnerait un écart aussi grand moins souvent que ce seuil, corrigé par Holm pour le nombre de groupes</translation>
    </message>
    <message>
        <source>Secret rolls in the recap</source>
        <translation>Jets secrets dans le récapitulatif</translation>
    </message>
    <message>
        <source>A recap shared with the players should leave the secret rolls out</source>
        <translation>Un récapitulatif partagé avec les joueurs devrait laisser les jets secrets de côté</translation>
    </message>
    <message>
        <source>For the players</source>
        <translation>Pour les joueurs</translation>
    </message>
    <message>
        <source>A recap to share: no secret roll, no combatant hidden from the players, no DC</source>
        <translation>Un récapitulatif à partager&#x202f;: ni jet secret, ni combattant caché aux joueurs, ni DD</translation>
    </message>
    <message>
        <source>&amp;Details</source>
        <translation>&amp;Détails</translation>
    </message>
    <message>
        <source>The numbers behind the words: p-values, Holm&apos;s correction, each outcome seen and expected</source>
        <translation>Les chiffres derrière les mots&#x202f;: valeurs p, correction de Holm, chaque résultat vu et attendu</translation>
    </message>
    <message>
        <source>Export &amp;recap…</source>
        <translation>Exporter le &amp;récapitulatif…</translation>
    </message>
    <message>
        <source>The session&apos;s recap as one web page: the luck at the table, the charts, the fights and the log</source>
        <translation>Le récapitulatif de la séance en une page web&#x202f;: la chance à la table, les graphiques, les combats et le journal</translation>
    </message>
    <message>
        <source>Groups</source>
        <translation>Groupes</translation>
    </message>
    <message>
        <source>Dice</source>
        <translation>Dés</translation>
    </message>
    <message>
        <source>Calibration</source>
        <translation>Calibration</translation>
    </message>
    <message>
        <source>Streaks</source>
        <translation>Séries</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Groupe</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Rolls</source>
        <translation>Jets</translation>
    </message>
    <message>
        <source>Successes</source>
        <translation>Réussites</translation>
    </message>
    <message>
        <source>p-value</source>
        <translation>valeur p</translation>
    </message>
    <message>
        <source>Flag</source>
        <translation>Signal</translation>
    </message>
    <message>
        <source>Outcomes: seen (expected)</source>
        <translation>Résultats&#x202f;: vus (attendus)</translation>
    </message>
    <message>
        <source>In plain words</source>
        <translation>En clair</translation>
    </message>
    <message>
        <source>all rolls</source>
        <translation>tous les jets</translation>
    </message>
    <message>
        <source>character</source>
        <translation>personnage</translation>
    </message>
    <message>
        <source>kind of check</source>
        <translation>type de test</translation>
    </message>
    <message>
        <source>session</source>
        <translation>séance</translation>
    </message>
    <message>
        <source>{n} roll analysed.</source>
        <translation>{n} jet analysé.</translation>
    </message>
    <message>
        <source>{n} rolls analysed.</source>
        <translation>{n} jets analysés.</translation>
    </message>
    <message>
        <source>Flagged past level {level}, Holm-corrected over {m} groups.</source>
        <translation>Signalé au-delà du seuil {level}, avec la correction de Holm sur {m} groupes.</translation>
    </message>
    <message>
        <source>d{sides}: χ² = {chi2}, p = {p}.</source>
        <translation>d{sides}\xe2\x80\xaf&#x202f;: χ² = {chi2}, p = {p}.</translation>
    </message>
    <message>
        <source>hot</source>
        <translation>chaud</translation>
    </message>
    <message>
        <source>cold</source>
        <translation>froid</translation>
    </message>
    <message>
        <source>{observed} of {expected} expected</source>
        <translation>{observed} pour {expected} attendues</translation>
    </message>
    <message>
        <source>Holm-adjusted: {p}</source>
        <translation>Corrigée par Holm&#x202f;: {p}</translation>
    </message>
</context>
<context>
    <name>Bestiary</name>
    <message>
        <source>CR %1</source>
        <translation>FP %1</translation>
    </message>
    <message>
        <source>Level %1</source>
        <translation>Niveau %1</translation>
    </message>
    <message>
        <source>(%1 XP)</source>
        <translation>(%1 PX)</translation>
    </message>
    <message>
        <source>Alignment</source>
        <translation>Alignement</translation>
    </message>
    <message>
        <source>Languages</source>
        <translation>Langues</translation>
    </message>
    <message>
        <source>Proficiency bonus</source>
        <translation>Bonus de maîtrise</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Vitesse</translation>
    </message>
    <message>
        <source>Special abilities</source>
        <translation>Capacités spéciales</translation>
    </message>
    <message>
        <source>Damage immunities</source>
        <translation>Immunités aux dégâts</translation>
    </message>
    <message>
        <source>Condition immunities</source>
        <translation>Immunités aux états</translation>
    </message>
    <message>
        <source>Damage resistances</source>
        <translation>Résistances aux dégâts</translation>
    </message>
    <message>
        <source>Damage vulnerabilities</source>
        <translation>Vulnérabilités aux dégâts</translation>
    </message>
    <message>
        <source>AC %1</source>
        <translation>CA %1</translation>
    </message>
    <message>
        <source>HP %1</source>
        <translation>PV %1</translation>
    </message>
    <message>
        <source>DC %1 %2</source>
        <translation>DD %1 %2</translation>
    </message>
    <message>
        <source>Against the party</source>
        <translation>Face au groupe</translation>
    </message>
    <message>
        <source>%1 %2: spots %3 %4 of the time</source>
        <translation>%1 %2&#x202f;: repère %3 %4 du temps</translation>
    </message>
    <message>
        <source>%1 %2: hits %3 (AC %4) %5 of the time</source>
        <translation>%1 %2&#x202f;: touche %3 (CA %4) %5 du temps</translation>
    </message>
    <message>
        <source>Reading the packs: %1 of %2 files…</source>
        <translation>Lecture des recueils&#x202f;: %1 fichiers sur %2…</translation>
    </message>
    <message>
        <source>Skipped %1</source>
        <translation>Ignoré&#x202f;: %1</translation>
    </message>
    <message>
        <source>No creatures: this system&apos;s bestiary is the packs you add (Packs ›)</source>
        <translation>Aucune créature&#x202f;: le bestiaire de ce système, ce sont les recueils que vous ajoutez (Recueils ›)</translation>
    </message>
    <message>
        <source>any</source>
        <translation>tous</translation>
    </message>
    <message>
        <source>Add %1 ×%2</source>
        <translation>Ajouter %1 ×%2</translation>
    </message>
    <message>
        <source>Add a folder for this campaign…</source>
        <translation>Ajouter un dossier pour cette campagne…</translation>
    </message>
    <message>
        <source>Add a file for this campaign…</source>
        <translation>Ajouter un fichier pour cette campagne…</translation>
    </message>
    <message>
        <source>Add a folder for all campaigns…</source>
        <translation>Ajouter un dossier pour toutes les campagnes…</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>Retirer %1</translation>
    </message>
    <message>
        <source>Add bestiary pack %1</source>
        <translation>Ajouter le recueil %1</translation>
    </message>
    <message>
        <source>Remove bestiary pack %1</source>
        <translation>Retirer le recueil %1</translation>
    </message>
    <message>
        <source>Reading the bestiary…</source>
        <translation>Lecture du bestiaire…</translation>
    </message>
    <message>
        <source>A bestiary pack</source>
        <translation>Un recueil de créatures</translation>
    </message>
    <message>
        <source>Add ×%1</source>
        <translation>Ajouter ×%1</translation>
    </message>
    <message>
        <source>Search: name, type, size, CR 1/4, level 3…</source>
        <translation>Chercher&#x202f;: nom, type, taille, FP 1/4, niveau 3…</translation>
    </message>
    <message>
        <source>Accents and case ignored, best match first. The SRD creatures keep their English names.</source>
        <translation>Accents et majuscules ignorés, meilleure correspondance d’abord. Les créatures du SRD gardent leur nom anglais.</translation>
    </message>
    <message>
        <source>Level/CR</source>
        <translation>Niveau/FP</translation>
    </message>
    <message>
        <source>Packs</source>
        <translation>Recueils</translation>
    </message>
    <message>
        <source>Your own bestiaries: folders or files of stat blocks, read-only</source>
        <translation>Vos propres bestiaires&#x202f;: dossiers ou fichiers de profils de créatures, en lecture seule</translation>
    </message>
    <message>
        <source>HP average</source>
        <translation>PV moyens</translation>
    </message>
    <message>
        <source>HP rolled</source>
        <translation>PV tirés aux dés</translation>
    </message>
    <message>
        <source>The fight against the party</source>
        <translation>Le combat face au groupe</translation>
    </message>
    <message>
        <source>%1 XP</source>
        <translation>%1 PX</translation>
    </message>
    <message>
        <source>Difficulty: %1, %2</source>
        <translation>Difficulté&#x202f;: %1, %2</translation>
    </message>
    <message>
        <source>(1 creature without challenge or XP left out)</source>
        <translation>(1 créature sans puissance ni PX laissée de côté)</translation>
    </message>
    <message>
        <source>(%1 creatures without challenge or XP left out)</source>
        <translation>(%1 créatures sans puissance ni PX laissées de côté)</translation>
    </message>
    <message>
        <source>Difficulty: %1, %2 (%3)</source>
        <translation>Difficulté&#x202f;: %1, %2 (%3)</translation>
    </message>
    <message>
        <source>%1 has no attack roll against %2</source>
        <translation>%1 n’a pas de jet d’attaque contre %2</translation>
    </message>
    <message>
        <source>%1&apos;s %2 %3 against %4&apos;s AC %5: hits %6</source>
        <translation>%2 %3 de %1 contre la CA %5 de %4&#x202f;: touche %6</translation>
    </message>
    <message>
        <source>%1&apos;s %2 against DC %3: saves %4</source>
        <translation>%2 de %1 contre DD %3&#x202f;: réussit %4</translation>
    </message>
    <message>
        <source>%1 spots %2: %3</source>
        <translation>%1 repère %2&#x202f;: %3</translation>
    </message>
    <message>
        <source>A cell: the creature&apos;s chance to hit; its bars: in how many rounds it drops the character (1 to 10, then more). Hover for the words.</source>
        <translation>Une case&#x202f;: la chance de toucher de la créature&#x202f;; ses barres&#x202f;: en combien de rounds elle met le personnage à terre (de 1 à 10, puis plus). Survolez-la pour les mots.</translation>
    </message>
    <message>
        <source>Threat</source>
        <translation>Menace</translation>
    </message>
    <message>
        <source>Fight odds</source>
        <translation>Chances du combat</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1&#x202f;: %2</translation>
    </message>
    <message>
        <source>(counting %1)</source>
        <translation>(en comptant %1)</translation>
    </message>
    <message>
        <source>The rounds count the conditions as they stand: %1</source>
        <translation>Les rounds comptent les états tels qu’ils sont&#x202f;: %1</translation>
    </message>
    <message>
        <source>(%1 rounds on average)</source>
        <translation>(%1 rounds en moyenne)</translation>
    </message>
    <message>
        <source>Damage a round: %1 on average (%2)</source>
        <translation>Dégâts par round&#x202f;: %1 en moyenne (%2)</translation>
    </message>
</context>
<context>
    <name>CampaignBanner</name>
    <message>
        <source>Save a repaired copy…</source>
        <translation>Enregistrer une copie réparée…</translation>
    </message>
    <message>
        <source>Open the repaired copy</source>
        <translation>Ouvrir la copie réparée</translation>
    </message>
    <message>
        <source>Repaired copy saved as %1: %2.</source>
        <translation>Copie réparée enregistrée sous %1&#x202f;: %2.</translation>
    </message>
    <message>
        <source>This campaign file is damaged. It is open read-only so that nothing makes it worse: save a repaired copy to play on.</source>
        <translation>Ce fichier de campagne est endommagé. Il est ouvert en lecture seule pour ne pas l’abîmer davantage&#x202f;: enregistrez-en une copie réparée pour continuer.</translation>
    </message>
    <message>
        <source>Read-only: the disk is full. Free some space, then open the campaign again to change it.</source>
        <translation>Lecture seule&#x202f;: le disque est plein. Libérez de la place, puis rouvrez la campagne pour la modifier.</translation>
    </message>
    <message>
        <source>Read-only: this campaign&apos;s file or folder cannot be written. Everything can be read; nothing can be changed.</source>
        <translation>Lecture seule&#x202f;: le fichier de cette campagne ou son dossier est protégé en écriture. Tout se lit, rien ne se modifie.</translation>
    </message>
    <message>
        <source>Read-only: the campaign was opened for reading only.</source>
        <translation>Lecture seule&#x202f;: la campagne a été ouverte en lecture seule.</translation>
    </message>
    <message>
        <source>%1 characters</source>
        <translation>%1 personnages</translation>
    </message>
    <message>
        <source>%1 scenes</source>
        <translation>%1 scènes</translation>
    </message>
    <message>
        <source>%1 prepared checks</source>
        <translation>%1 tests préparés</translation>
    </message>
    <message>
        <source>%1 rolls</source>
        <translation>%1 jets</translation>
    </message>
    <message>
        <source>(%1 rolls could not be read)</source>
        <translation>(%1 jets illisibles)</translation>
    </message>
</context>
<context>
    <name>CampaignFiles</name>
    <message>
        <source>gmdesk campaigns (*.gmdesk)</source>
        <translation>Campagnes gmdesk (*.gmdesk)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>No campaign is open.</source>
        <translation>Aucune campagne n’est ouverte.</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>Ouvrir…</translation>
    </message>
    <message>
        <source>New…</source>
        <translation>Nouvelle…</translation>
    </message>
    <message>
        <source>New campaign</source>
        <translation>Nouvelle campagne</translation>
    </message>
    <message>
        <source>My campaign</source>
        <translation>Ma campagne</translation>
    </message>
    <message>
        <source>Start with the demo party, monsters and prepared checks</source>
        <translation>Commencer avec le groupe de démonstration, des monstres et des tests préparés</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Système</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
</context>
<context>
    <name>CheckModifiers</name>
    <message>
        <source>situation</source>
        <translation>situation</translation>
    </message>
    <message>
        <source>Situational dice modifiers:</source>
        <translation>Modificateurs de dés de situation&#x202f;:</translation>
    </message>
    <message>
        <source>Situational modifiers:</source>
        <translation>Modificateurs de situation&#x202f;:</translation>
    </message>
    <message>
        <source>Add a modifier</source>
        <translation>Ajouter un modificateur</translation>
    </message>
    <message>
        <source>Remove the selected modifier</source>
        <translation>Retirer le modificateur sélectionné</translation>
    </message>
    <message>
        <source>Dice</source>
        <translation>Dés</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
</context>
<context>
    <name>CheckOptions</name>
    <message>
        <source>Secret roll</source>
        <translation>Jet secret</translation>
    </message>
    <message>
        <source>Rolled by the GM, hidden from the players and left out of exports</source>
        <translation>Lancé par le MJ, caché aux joueurs et absent des exports</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Options</translation>
    </message>
</context>
<context>
    <name>CheckPanel</name>
    <message>
        <source>In the fight: {name}, with its conditions</source>
        <translation>Au combat&#x202f;: {name}, avec ses états</translation>
    </message>
    <message>
        <source>NPC</source>
        <translation>PNJ</translation>
    </message>
    <message>
        <source>Open a campaign with characters to see its checks.</source>
        <translation>Ouvrez une campagne avec des personnages pour voir leurs tests.</translation>
    </message>
    <message>
        <source>Add a character to the party to see its checks.</source>
        <translation>Ajoutez un personnage au groupe pour voir ses tests.</translation>
    </message>
    <message>
        <source>Not possible: {reason}</source>
        <translation>Impossible&#x202f;: {reason}</translation>
    </message>
    <message>
        <source>This check</source>
        <translation>Ce test</translation>
    </message>
    <message>
        <source>Outcomes by {word}</source>
        <translation>Résultats selon le {word}</translation>
    </message>
    <message>
        <source>{n} die</source>
        <translation>{n} dé</translation>
    </message>
    <message>
        <source>{n} dice</source>
        <translation>{n} dés</translation>
    </message>
    <message>
        <source>On the {word}</source>
        <translation>Selon le {word}</translation>
    </message>
    <message>
        <source>Chance of success: {p}</source>
        <translation>Chance de réussite&#x202f;: {p}</translation>
    </message>
    <message>
        <source>typed for {name}</source>
        <translation>saisi pour {name}</translation>
    </message>
    <message>
        <source>vs {name}</source>
        <translation>contre {name}</translation>
    </message>
    <message>
        <source>&amp;Who:</source>
        <translation>&amp;Qui&#x202f;:</translation>
    </message>
    <message>
        <source>&amp;Check:</source>
        <translation>&amp;Test&#x202f;:</translation>
    </message>
    <message>
        <source>&amp;Roll</source>
        <translation>&amp;Lancer</translation>
    </message>
    <message>
        <source>Roll the check shown and log it (Ctrl+R)</source>
        <translation>Lancer le test affiché et l’inscrire au journal (Ctrl+R)</translation>
    </message>
    <message>
        <source>complication {p}</source>
        <translation>complication {p}</translation>
    </message>
</context>
<context>
    <name>CheckResults</name>
    <message>
        <source>total</source>
        <translation>total</translation>
    </message>
    <message>
        <source>suppressed</source>
        <translation>écarté</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>Not rolled yet</source>
        <translation>Pas encore lancé</translation>
    </message>
    <message>
        <source>{n} hit</source>
        <translation>{n} réussite</translation>
    </message>
    <message>
        <source>{n} hits</source>
        <translation>{n} réussites</translation>
    </message>
    <message>
        <source>{n} complications (degrees {degrees})</source>
        <translation>{n} complications (degrés {degrees})</translation>
    </message>
    <message>
        <source>{name} {degree}</source>
        <translation>{name} {degree}</translation>
    </message>
    <message>
        <source>total {total}</source>
        <translation>total {total}</translation>
    </message>
    <message>
        <source>vs {word} {dc}</source>
        <translation>contre {word} {dc}</translation>
    </message>
    <message>
        <source>roll #{id}</source>
        <translation>jet n° {id}</translation>
    </message>
    <message>
        <source>🔒 secret roll</source>
        <translation>🔒 jet secret</translation>
    </message>
    <message>
        <source>reroll of #{id}</source>
        <translation>relance du n° {id}</translation>
    </message>
</context>
<context>
    <name>CheckTarget</name>
    <message>
        <source>ladder…</source>
        <translation>échelle…</translation>
    </message>
    <message>
        <source>nobody (typed in)</source>
        <translation>personne (valeur saisie)</translation>
    </message>
    <message>
        <source>difficulty…</source>
        <translation>difficulté…</translation>
    </message>
    <message>
        <source>{n} die</source>
        <translation>{n} dé</translation>
    </message>
    <message>
        <source>{n} dice</source>
        <translation>{n} dés</translation>
    </message>
    <message>
        <source>threshold {n}</source>
        <translation>seuil {n}</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>automatique</translation>
    </message>
    <message>
        <source>Kind of test:</source>
        <translation>Type de test&#x202f;:</translation>
    </message>
    <message>
        <source>Threshold:</source>
        <translation>Seuil&#x202f;:</translation>
    </message>
    <message>
        <source>Opposing pool:</source>
        <translation>Réserve adverse&#x202f;:</translation>
    </message>
    <message>
        <source>&amp;Against:</source>
        <translation>&amp;Contre&#x202f;:</translation>
    </message>
    <message>
        <source>Type the DC, or pick it from the ladder</source>
        <translation>Saisissez le DD, ou choisissez-le dans l’échelle</translation>
    </message>
</context>
<context>
    <name>EncounterPanel</name>
    <message>
        <source>Add to the fight</source>
        <translation>Ajouter au combat</translation>
    </message>
    <message>
        <source>PC</source>
        <extracomment>``reorder(ids in the new order) -&gt; bool``: who performs a reordering (the panel) ``edit(combatant id, column, value) -&gt; bool``: who performs a name/initiative edit</extracomment>
        <translation>PJ</translation>
    </message>
    <message>
        <source>NPC</source>
        <translation>PNJ</translation>
    </message>
    <message>
        <source>%1 HP</source>
        <translation>%1 PV</translation>
    </message>
    <message>
        <source>not tracked</source>
        <translation>non suivis</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>&amp;Nom</translation>
    </message>
    <message>
        <source>&amp;Kind</source>
        <translation>&amp;Type</translation>
    </message>
    <message>
        <source>&amp;Hit points</source>
        <translation>&amp;Points de vie</translation>
    </message>
    <message>
        <source>From the &amp;campaign</source>
        <translation>De la &amp;campagne</translation>
    </message>
    <message>
        <source>&amp;Ad hoc</source>
        <translation>&amp;Ad hoc</translation>
    </message>
    <message>
        <source>Several copies get numbered names; player characters come once.</source>
        <translation>Plusieurs exemplaires reçoivent des noms numérotés&#x202f;; les personnages joueurs viennent une seule fois.</translation>
    </message>
    <message>
        <source>C&amp;opies</source>
        <translation>E&amp;xemplaires</translation>
    </message>
    <message>
        <source>Hidden from the players until revealed</source>
        <translation>Caché aux joueurs jusqu’à ce qu’il soit révélé</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <source>From the &amp;bestiary…</source>
        <translation>Du &amp;bestiaire…</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Init.</source>
        <translation>Init.</translation>
    </message>
    <message>
        <source>Tie-break</source>
        <translation>Départage</translation>
    </message>
    <message>
        <source>HP</source>
        <translation>PV</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Statut</translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation>États</translation>
    </message>
    <message>
        <source>linked to a campaign character</source>
        <translation>lié à un personnage de la campagne</translation>
    </message>
    <message>
        <source>ad hoc</source>
        <translation>ad hoc</translation>
    </message>
    <message>
        <source>hidden from the players until revealed</source>
        <translation>caché aux joueurs jusqu’à ce qu’il soit révélé</translation>
    </message>
    <message>
        <source>%1 temporary HP</source>
        <translation>%1 PV temporaires</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Suivant ▶</translation>
    </message>
    <message>
        <source>End this turn; the next combatant acts</source>
        <translation>Finir ce tour&#x202f;; le combattant suivant agit</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Précédent</translation>
    </message>
    <message>
        <source>Back to the previous turn: the conditions and durations its end changed come back</source>
        <translation>Revenir au tour précédent&#x202f;: les états et durées que sa fin a changés reviennent</translation>
    </message>
    <message>
        <source>Everyone (new fight)</source>
        <translation>Tout le monde (nouveau combat)</translation>
    </message>
    <message>
        <source>Roll initiative for everyone, sort the queue, start round 1</source>
        <translation>Initiative pour tout le monde, trier la file, commencer au round 1</translation>
    </message>
    <message>
        <source>NPCs only</source>
        <translation>Les PNJ seulement</translation>
    </message>
    <message>
        <source>Roll initiative for the NPCs and sort the queue</source>
        <translation>Initiative des PNJ, puis trier la file</translation>
    </message>
    <message>
        <source>Selected combatant</source>
        <translation>Le combattant sélectionné</translation>
    </message>
    <message>
        <source>Roll initiative for the selected combatant and sort the queue</source>
        <translation>Initiative du combattant sélectionné, puis trier la file</translation>
    </message>
    <message>
        <source>Start at round 1</source>
        <translation>Commencer au round 1</translation>
    </message>
    <message>
        <source>Round 1: the first in the queue acts</source>
        <translation>Round 1&#x202f;: le premier de la file agit</translation>
    </message>
    <message>
        <source>End the fight</source>
        <translation>Terminer le combat</translation>
    </message>
    <message>
        <source>Clear the queue (Undo brings it back)</source>
        <translation>Vider la file (Annuler la rétablit)</translation>
    </message>
    <message>
        <source>Delay</source>
        <translation>Retarder</translation>
    </message>
    <message>
        <source>The current combatant delays: the turn passes on</source>
        <translation>Le combattant actif retarde son action&#x202f;: le tour passe au suivant</translation>
    </message>
    <message>
        <source>Come back</source>
        <translation>Revenir</translation>
    </message>
    <message>
        <source>The selected delaying combatant acts now, after the current one</source>
        <translation>Le combattant sélectionné, qui retardait, agit maintenant, après le combattant actif</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Préparer</translation>
    </message>
    <message>
        <source>The selected combatant readies an action</source>
        <translation>Le combattant sélectionné prépare une action</translation>
    </message>
    <message>
        <source>Readied action</source>
        <translation>Action préparée</translation>
    </message>
    <message>
        <source>The selected combatant&apos;s readied action goes off</source>
        <translation>L’action préparée du combattant sélectionné se déclenche</translation>
    </message>
    <message>
        <source>Skip downed</source>
        <translation>Sauter les hors de combat</translation>
    </message>
    <message>
        <source>Pass over downed combatants&apos; turns</source>
        <translation>Passer le tour des combattants hors de combat</translation>
    </message>
    <message>
        <source>Player view</source>
        <translation>Vue des joueurs</translation>
    </message>
    <message>
        <source>Hide NPC hit points (for a screen the players see)</source>
        <translation>Masquer les PV des PNJ (pour un écran que voient les joueurs)</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>Ajouter…</translation>
    </message>
    <message>
        <source>Add campaign characters, copies of a monster, or an ad-hoc combatant</source>
        <translation>Ajouter des personnages de la campagne, plusieurs exemplaires d’un monstre ou un combattant ad hoc</translation>
    </message>
    <message>
        <source>Condition on %1</source>
        <translation>État sur %1</translation>
    </message>
    <message>
        <source>Other (a reminder, no effect on the odds)</source>
        <translation>Autre (un pense-bête, sans effet sur les chances)</translation>
    </message>
    <message>
        <source>its name</source>
        <translation>son nom</translation>
    </message>
    <message>
        <source>until removed</source>
        <translation>jusqu’à retrait</translation>
    </message>
    <message>
        <source>at the end of the turn of</source>
        <translation>à la fin du tour de</translation>
    </message>
    <message>
        <source>at the start of the turn of</source>
        <translation>au début du tour de</translation>
    </message>
    <message>
        <source>%1 (its own)</source>
        <translation>%1 (le sien)</translation>
    </message>
    <message>
        <source>&amp;Condition</source>
        <translation>É&amp;tat</translation>
    </message>
    <message>
        <source>&amp;Value</source>
        <translation>&amp;Valeur</translation>
    </message>
    <message>
        <source>&amp;Rounds</source>
        <translation>&amp;Rounds</translation>
    </message>
    <message>
        <source>Counts &amp;down</source>
        <translation>&amp;Décompte</translation>
    </message>
    <message>
        <source>At most %1: the rules go no higher.</source>
        <translation>Au plus %1&#x202f;: les règles ne vont pas au-delà.</translation>
    </message>
    <message>
        <source>Remove a condition from %1</source>
        <translation>Retirer un état de %1</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>Remove the selected combatant from the fight</source>
        <translation>Retirer du combat le combattant sélectionné</translation>
    </message>
    <message>
        <source>Move up</source>
        <translation>Monter</translation>
    </message>
    <message>
        <source>Move the selected combatant up the queue</source>
        <translation>Faire monter le combattant sélectionné dans la file</translation>
    </message>
    <message>
        <source>Move down</source>
        <translation>Descendre</translation>
    </message>
    <message>
        <source>Move the selected combatant down the queue</source>
        <translation>Faire descendre le combattant sélectionné dans la file</translation>
    </message>
    <message>
        <source>HP entry</source>
        <translation>Saisie des PV</translation>
    </message>
    <message>
        <source>Type -7 (damage), +5 (healing) or t10 (temporary HP); Enter applies to the selected combatant</source>
        <translation>Tapez -7 (dégâts), +5 (soins) ou t10 (PV temporaires)&#x202f;; Entrée applique au combattant sélectionné</translation>
    </message>
    <message>
        <source>Condition…</source>
        <translation>État…</translation>
    </message>
    <message>
        <source>Put a condition on the selected combatant</source>
        <translation>Mettre un état sur le combattant sélectionné</translation>
    </message>
    <message>
        <source>Remove condition</source>
        <translation>Retirer un état</translation>
    </message>
    <message>
        <source>Remove a condition from the selected combatant</source>
        <translation>Retirer un état du combattant sélectionné</translation>
    </message>
    <message>
        <source>Hidden from the players</source>
        <translation>Caché aux joueurs</translation>
    </message>
    <message>
        <source>Hide the selected combatant from the player window until revealed (or reveal it)</source>
        <translation>Cacher le combattant sélectionné à la fenêtre des joueurs jusqu’à ce qu’il soit révélé (ou le révéler)</translation>
    </message>
    <message>
        <source>Mark active</source>
        <translation>Marquer actif</translation>
    </message>
    <message>
        <source>The selected combatant is back in the fight</source>
        <translation>Le combattant sélectionné revient dans le combat</translation>
    </message>
    <message>
        <source>Mark downed</source>
        <translation>Marquer hors de combat</translation>
    </message>
    <message>
        <source>The selected combatant is down (dying, unconscious, out)</source>
        <translation>Le combattant sélectionné est hors de combat (mourant, inconscient, neutralisé)</translation>
    </message>
    <message>
        <source>Mark dead</source>
        <translation>Marquer mort</translation>
    </message>
    <message>
        <source>The selected combatant is dead: its turns are passed over</source>
        <translation>Le combattant sélectionné est mort&#x202f;: ses tours sont passés</translation>
    </message>
    <message>
        <source>%1 (%2 rd)</source>
        <translation>%1 (%2 rd)</translation>
    </message>
    <message>
        <source>%1: until removed</source>
        <translation>%1&#x202f;: jusqu’à retrait</translation>
    </message>
    <message>
        <source>%1 round(s) left, counted at the start of %2&apos;s turn</source>
        <translation>encore %1 round(s), décomptés au début du tour de %2</translation>
    </message>
    <message>
        <source>%1 round(s) left, counted at the end of %2&apos;s turn</source>
        <translation>encore %1 round(s), décomptés à la fin du tour de %2</translation>
    </message>
    <message>
        <source>active</source>
        <translation>actif</translation>
    </message>
    <message>
        <source>downed</source>
        <translation>hors de combat</translation>
    </message>
    <message>
        <source>dead</source>
        <translation>mort</translation>
    </message>
    <message>
        <source>delaying</source>
        <translation>retarde</translation>
    </message>
    <message>
        <source>readied</source>
        <translation>action préparée</translation>
    </message>
    <message>
        <source>hidden</source>
        <translation>caché</translation>
    </message>
    <message>
        <source>Perception</source>
        <translation>Perception</translation>
    </message>
    <message>
        <source>Dex</source>
        <translation>Dex</translation>
    </message>
    <message>
        <source>modifier</source>
        <translation>modificateur</translation>
    </message>
    <message>
        <source>Init</source>
        <translation>Init</translation>
    </message>
    <message>
        <source>PC before NPC</source>
        <translation>PJ avant PNJ</translation>
    </message>
    <message>
        <source>NPC after PC</source>
        <translation>PNJ après PJ</translation>
    </message>
    <message>
        <source>GM&apos;s choice</source>
        <translation>choix du MJ</translation>
    </message>
    <message>
        <source>reroll %1 %2 %3</source>
        <translation>relance %1 %2 %3</translation>
    </message>
    <message>
        <source>back from delay after %1</source>
        <translation>revenu de son retard après %1</translation>
    </message>
    <message>
        <source>readied action before %1</source>
        <translation>action préparée avant %1</translation>
    </message>
    <message>
        <source>%1: %2 has ended</source>
        <translation>%1&#x202f;: %2 a pris fin</translation>
    </message>
    <message>
        <source>%1: now %2</source>
        <translation>%1&#x202f;: désormais %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1&#x202f;: %2</translation>
    </message>
    <message>
        <source>%1: %2 removed</source>
        <translation>%1&#x202f;: %2 retiré</translation>
    </message>
    <message>
        <source>%1: %2 now counts down on its own turns</source>
        <translation>%1&#x202f;: %2 se décompte désormais à ses propres tours</translation>
    </message>
    <message>
        <source>%1 is %2: turn skipped</source>
        <translation>%1 est %2&#x202f;: tour passé</translation>
    </message>
    <message>
        <source>%1 delays</source>
        <translation>%1 retarde son action</translation>
    </message>
    <message>
        <source>%1 comes back after %2</source>
        <translation>%1 revient après %2</translation>
    </message>
    <message>
        <source>%1 did not come back: the delayed turn is lost</source>
        <translation>%1 n’est pas revenu&#x202f;: le tour retardé est perdu</translation>
    </message>
    <message>
        <source>%1 readies an action</source>
        <translation>%1 prépare une action</translation>
    </message>
    <message>
        <source>%1 takes the readied action</source>
        <translation>%1 déclenche son action préparée</translation>
    </message>
    <message>
        <source>%1: the readied action lapses</source>
        <translation>%1&#x202f;: l’action préparée est perdue</translation>
    </message>
    <message>
        <source>%1 takes %2 (%3 on temporary HP)</source>
        <translation>%1 subit %2 (dont %3 sur les PV temporaires)</translation>
    </message>
    <message>
        <source>%1 takes %2</source>
        <translation>%1 subit %2</translation>
    </message>
    <message>
        <source>%1 heals %2</source>
        <translation>%1 récupère %2 PV</translation>
    </message>
    <message>
        <source>%1: %2 temporary HP</source>
        <translation>%1&#x202f;: %2 PV temporaires</translation>
    </message>
    <message>
        <source>%1 is %2</source>
        <translation>%1 est %2</translation>
    </message>
    <message>
        <source>%1 joins the fight</source>
        <translation>%1 rejoint le combat</translation>
    </message>
    <message>
        <source>%1 leaves the fight</source>
        <translation>%1 quitte le combat</translation>
    </message>
    <message>
        <source>%1 is hidden from the players</source>
        <translation>%1 est caché aux joueurs</translation>
    </message>
    <message>
        <source>%1 is revealed to the players</source>
        <translation>%1 est révélé aux joueurs</translation>
    </message>
    <message>
        <source>Initiative</source>
        <translation>Initiative</translation>
    </message>
    <message>
        <source>Roll initiative: everyone (I), NPCs only (Shift+I), selected (Ctrl+I); start or end the fight</source>
        <translation>Jet d’initiative&#x202f;: tout le monde (I), les PNJ seulement (Maj+I), la sélection (Ctrl+I)&#x202f;; commencer ou terminer le combat</translation>
    </message>
    <message>
        <source>HP:</source>
        <translation>PV&#x202f;:</translation>
    </message>
    <message>
        <source>-7, +5, t10</source>
        <translation>-7, +5, t10</translation>
    </message>
    <message>
        <source>No fight: add combatants (Ins)</source>
        <translation>Pas de combat&#x202f;: ajoutez des combattants (Inser)</translation>
    </message>
    <message>
        <source>Round %1 · %2&apos;s turn</source>
        <translation>Round %1 · tour de %2</translation>
    </message>
    <message>
        <source>%1 has no initiative roll: order the queue by hand (drag and drop, Ctrl+Up/Down)</source>
        <translation>%1 n’a pas de jet d’initiative&#x202f;: ordonnez la file à la main (glisser-déposer, Ctrl+Haut/Bas)</translation>
    </message>
    <message>
        <source>The initiative rolls were not logged: %1</source>
        <translation>Les jets d’initiative n’ont pas été consignés&#x202f;: %1</translation>
    </message>
    <message>
        <source>Roll initiative for everyone</source>
        <translation>Initiative pour tout le monde</translation>
    </message>
    <message>
        <source>Roll initiative for the NPCs</source>
        <translation>Initiative des PNJ</translation>
    </message>
    <message>
        <source>Roll initiative</source>
        <translation>Jet d’initiative</translation>
    </message>
    <message>
        <source>Next turn</source>
        <translation>Tour suivant</translation>
    </message>
    <message>
        <source>Previous turn</source>
        <translation>Tour précédent</translation>
    </message>
    <message>
        <source>no condition</source>
        <translation>aucun état</translation>
    </message>
    <message>
        <source>Back to %1: the turn&apos;s end is taken back</source>
        <translation>Retour à %1&#x202f;: la fin du tour est annulée</translation>
    </message>
    <message>
        <source>Back to %1: only the marker moved (no record of that turn&apos;s end; Undo takes back what it changed)</source>
        <translation>Retour à %1&#x202f;: seul le marqueur a bougé (rien n’a été gardé de la fin de ce tour&#x202f;; Annuler défait ce qu’elle a changé)</translation>
    </message>
    <message>
        <source>Start the fight</source>
        <translation>Commencer le combat</translation>
    </message>
    <message>
        <source>Come back from delay</source>
        <translation>Revenir après un retard</translation>
    </message>
    <message>
        <source>Ready an action</source>
        <translation>Préparer une action</translation>
    </message>
    <message>
        <source>Type -7 for damage, +5 for healing, t10 for temporary HP</source>
        <translation>Tapez -7 pour des dégâts, +5 pour des soins, t10 pour des PV temporaires</translation>
    </message>
    <message>
        <source>HP %1: %2</source>
        <translation>PV %1&#x202f;: %2</translation>
    </message>
    <message>
        <source>Mark %1</source>
        <translation>Marquer %1</translation>
    </message>
    <message>
        <source>Reveal %1</source>
        <translation>Révéler %1</translation>
    </message>
    <message>
        <source>Hide %1</source>
        <translation>Cacher %1</translation>
    </message>
    <message>
        <source>Condition: %1</source>
        <translation>État&#x202f;: %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>Retirer %1</translation>
    </message>
    <message>
        <source>Reorder the queue</source>
        <translation>Réordonner la file</translation>
    </message>
    <message>
        <source>Rename %1</source>
        <translation>Renommer %1</translation>
    </message>
    <message>
        <source>Initiative %1</source>
        <translation>Initiative %1</translation>
    </message>
    <message>
        <source>The fight in this file cannot be read: %1</source>
        <translation>Le combat de ce fichier est illisible&#x202f;: %1</translation>
    </message>
    <message>
        <source>No campaign open for writing</source>
        <translation>Aucune campagne ouverte en écriture</translation>
    </message>
    <message>
        <source>Encounter</source>
        <translation>Rencontre</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Non enregistré&#x202f;: %1</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export the roll log</source>
        <translation>Exporter le journal des jets</translation>
    </message>
    <message>
        <source>Include &amp;secret rolls</source>
        <translation>Inclure les jets &amp;secrets</translation>
    </message>
    <message>
        <source>every actor</source>
        <translation>tous les personnages</translation>
    </message>
    <message>
        <source>every session</source>
        <translation>toutes les séances</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Du</translation>
    </message>
    <message>
        <source>to</source>
        <translation>au</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Parcourir…</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format&#x202f;:</translation>
    </message>
    <message>
        <source>&amp;Actor:</source>
        <translation>&amp;Personnage&#x202f;:</translation>
    </message>
    <message>
        <source>Se&amp;ssion:</source>
        <translation>&amp;Séance&#x202f;:</translation>
    </message>
    <message>
        <source>Dates:</source>
        <translation>Dates&#x202f;:</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>&amp;Fichier&#x202f;:</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exporter</translation>
    </message>
    <message>
        <source>roll-log</source>
        <translation>journal-des-jets</translation>
    </message>
    <message>
        <source>{stem}-log</source>
        <translation>{stem}-journal</translation>
    </message>
    <message>
        <source>{n} roll will be exported.</source>
        <translation>{n} jet sera exporté.</translation>
    </message>
    <message>
        <source>{n} rolls will be exported.</source>
        <translation>{n} jets seront exportés.</translation>
    </message>
    <message>
        <source>Choose a file to write.</source>
        <translation>Choisissez un fichier où écrire.</translation>
    </message>
    <message>
        <source>Roll log — {name}</source>
        <translation>Journal des jets — {name}</translation>
    </message>
    <message>
        <source>Exporting the roll log</source>
        <translation>Export du journal des jets</translation>
    </message>
    <message>
        <source>Exported {n} roll to %1</source>
        <translation>{n} jet exporté dans %1</translation>
    </message>
    <message>
        <source>Exported {n} rolls to %1</source>
        <translation>{n} jets exportés dans %1</translation>
    </message>
    <message>
        <source>Nothing was written: {reason}</source>
        <translation>Rien n’a été écrit&#x202f;: {reason}</translation>
    </message>
</context>
<context>
    <name>FightOdds</name>
    <message>
        <source>No fight in progress: add creatures to the fight first.</source>
        <translation>Aucun combat en cours&#x202f;: ajoutez d’abord des créatures au combat.</translation>
    </message>
    <message>
        <source>Simulating %1 fights</source>
        <translation>Simulation de %1 combats</translation>
    </message>
    <message>
        <source>Fight simulated.</source>
        <translation>Combat simulé.</translation>
    </message>
    <message>
        <source>Simulating…</source>
        <translation>Simulation…</translation>
    </message>
    <message>
        <source>Not simulated yet: pick a tactic, then Simulate.</source>
        <translation>Pas encore simulé&#x202f;: choisissez une tactique, puis Simuler.</translation>
    </message>
    <message>
        <source>Drag the combatants into the order they are targeted</source>
        <translation>Faites glisser les combattants dans l’ordre où ils sont pris pour cible</translation>
    </message>
    <message>
        <source>Targeted earlier (Alt+Up)</source>
        <translation>Visé plus tôt (Alt+Haut)</translation>
    </message>
    <message>
        <source>Targeted later (Alt+Down)</source>
        <translation>Visé plus tard (Alt+Bas)</translation>
    </message>
    <message>
        <source>Tactic</source>
        <translation>Tactique</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Depuis</translation>
    </message>
    <message>
        <source>Fights</source>
        <translation>Combats</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Graine</translation>
    </message>
    <message>
        <source>The same seed gives the same figures</source>
        <translation>La même graine donne les mêmes chiffres</translation>
    </message>
    <message>
        <source>New seed</source>
        <translation>Nouvelle graine</translation>
    </message>
    <message>
        <source>Simulate</source>
        <translation>Simuler</translation>
    </message>
    <message>
        <source>the start of the fight</source>
        <translation>le début du combat</translation>
    </message>
    <message>
        <source>the fight as it stands</source>
        <translation>le combat tel qu’il est</translation>
    </message>
    <message>
        <source>As it stands: current HP, this round, whose turn it is</source>
        <translation>Tel qu’il est&#x202f;: PV actuels, ce round, le tour en cours</translation>
    </message>
    <message>
        <source>The party wins %1 of these fights (%2).</source>
        <translation>Le groupe gagne %1 de ces combats (%2).</translation>
    </message>
    <message>
        <source>%1 still undecided after %2 rounds (%3).</source>
        <translation>%1 encore indécis après %2 rounds (%3).</translation>
    </message>
    <message>
        <source>A fight lasts %1 rounds on average (%2–%3).</source>
        <translation>Un combat dure %1 rounds en moyenne (%2–%3).</translation>
    </message>
    <message>
        <source>The party: each one&apos;s chance to drop</source>
        <translation>Le groupe&#x202f;: la chance de chacun d’être mis à terre</translation>
    </message>
    <message>
        <source>The creatures: each one&apos;s chance to drop</source>
        <translation>Les créatures&#x202f;: la chance de chacune d’être mise à terre</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1&#x202f;: %2 (%3)</translation>
    </message>
    <message>
        <source>%1 fights, seed %2, tactic: %3 (%4).</source>
        <translation>%1 combats, graine %2, tactique&#x202f;: %3 (%4).</translation>
    </message>
    <message>
        <source>Not modelled: %1.</source>
        <translation>Non modélisé&#x202f;: %1.</translation>
    </message>
    <message>
        <source>The fight or a sheet changed since: these figures are the old fight&apos;s. Simulate again.</source>
        <translation>Le combat ou une fiche a changé depuis&#x202f;: ces chiffres sont ceux de l’ancien combat. Simulez à nouveau.</translation>
    </message>
    <message>
        <source>From the start: everyone at full HP, from the top of the initiative order.</source>
        <translation>Depuis le début&#x202f;: chacun à ses PV maximum, depuis le haut de l’ordre d’initiative.</translation>
    </message>
    <message>
        <source>From the fight as it stands: current HP, round %1, %2&apos;s turn.</source>
        <translation>Depuis le combat tel qu’il est&#x202f;: PV actuels, round %1, tour de %2.</translation>
    </message>
</context>
<context>
    <name>Help</name>
    <message>
        <source>Anywhere in the window</source>
        <translation>Partout dans la fenêtre</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Touches</translation>
    </message>
    <message>
        <source>What they do</source>
        <translation>Ce qu’elles font</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Où</translation>
    </message>
    <message>
        <source>The keys of the window&apos;s commands, as they are set now. A panel&apos;s keys work when the panel has the focus.</source>
        <translation>Les touches des commandes de la fenêtre, telles qu’elles sont réglées maintenant. Les touches d’un panneau agissent quand il a le focus.</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Raccourcis clavier</translation>
    </message>
    <message>
        <source>gmdesk help</source>
        <translation>Aide de gmdesk</translation>
    </message>
    <message>
        <source>This page is missing from this gmdesk&apos;s files.</source>
        <translation>Cette page manque aux fichiers de ce gmdesk.</translation>
    </message>
    <message>
        <source>Help opens no link outside gmdesk: %1</source>
        <translation>L’aide n’ouvre aucun lien hors de gmdesk&#x202f;: %1</translation>
    </message>
</context>
<context>
    <name>HouseRules</name>
    <message>
        <source>Ruling (the default)</source>
        <translation>Décision (par défaut)</translation>
    </message>
    <message>
        <source>House rule</source>
        <translation>Règle maison</translation>
    </message>
    <message>
        <source>Example: {text}</source>
        <translation>Exemple&#x202f;: {text}</translation>
    </message>
    <message>
        <source>As the campaign file says: %1</source>
        <translation>Comme le dit le fichier de la campagne&#x202f;: %1</translation>
    </message>
    <message>
        <source>House rules</source>
        <translation>Règles maison</translation>
    </message>
    <message>
        <source>Where the rules text is ambiguous, gmdesk follows a ruling; a campaign may take the house rule instead. The choice changes the odds, the rolls, the prep matrix and its exports, and every logged roll records the rulings it was made under.</source>
        <translation>Là où le texte des règles est ambigu, gmdesk suit une décision&#x202f;; une campagne peut prendre la règle maison à la place. Le choix change les chances, les jets, la matrice de préparation et ses exports, et chaque jet consigné garde les décisions sous lesquelles il a été fait.</translation>
    </message>
    <message>
        <source>No ruling concerns this system&apos;s checks: its rules text leaves nothing to choose here.</source>
        <translation>Aucune décision ne concerne les tests de ce système&#x202f;: son texte de règles ne laisse rien à choisir ici.</translation>
    </message>
    <message>
        <source>The campaign is read-only.</source>
        <translation>La campagne est en lecture seule.</translation>
    </message>
    <message>
        <source>This cannot be saved: %1</source>
        <translation>Impossible d’enregistrer&#x202f;: %1</translation>
    </message>
    <message>
        <source>Change the house rules</source>
        <translation>Changer les règles maison</translation>
    </message>
    <message>
        <source>Initiative: how ties break</source>
        <translation>Initiative&#x202f;: comment se départagent les égalités</translation>
    </message>
    <message>
        <source>%1 (the default)</source>
        <translation>%1 (par défaut)</translation>
    </message>
    <message>
        <source>Add a row</source>
        <translation>Ajouter une ligne</translation>
    </message>
    <message>
        <source>Remove the row</source>
        <translation>Retirer la ligne</translation>
    </message>
    <message>
        <source>row %1: %2</source>
        <translation>ligne %1&#x202f;: %2</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <source>Character files (*.json *.txt);;All files (*)</source>
        <translation>Fichiers de personnages (*.json *.txt);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Import characters</source>
        <translation>Importer des personnages</translation>
    </message>
    <message>
        <source>Pathbuilder 2e exports, Foundry VTT actors (dnd5e characters and NPCs, pf2e NPCs), gmdesk sheets files, or stat blocks pasted below as the books print them. Nothing is added before you confirm.</source>
        <translation>Exports Pathbuilder 2e, acteurs Foundry VTT (personnages et PNJ dnd5e, PNJ pf2e), fichiers de fiches gmdesk, ou blocs de stats collés ci-dessous tels que les livres les impriment. Rien n’est ajouté avant votre confirmation.</translation>
    </message>
    <message>
        <source>Choose files…</source>
        <translation>Choisir des fichiers…</translation>
    </message>
    <message>
        <source>Paste one or more stat blocks here (text copied from a PDF or a web page is fine).</source>
        <translation>Collez ici un ou plusieurs blocs de stats (un texte copié d’un PDF ou d’une page web convient).</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>Trouvé</translation>
    </message>
    <message>
        <source>Read as</source>
        <translation>Lu comme</translation>
    </message>
    <message>
        <source>Reading %1 files</source>
        <translation>Lecture de %1 fichiers</translation>
    </message>
    <message>
        <source>pasted text</source>
        <translation>texte collé</translation>
    </message>
    <message>
        <source>Reading the pasted text</source>
        <translation>Lecture du texte collé</translation>
    </message>
    <message>
        <source>No file chosen.</source>
        <translation>Aucun fichier choisi.</translation>
    </message>
    <message>
        <source>left out: the same character again below (same name and same source); the last one read is used</source>
        <translation>laissé de côté&#x202f;: le même personnage revient plus bas (même nom et même source)&#x202f;; le dernier lu est retenu</translation>
    </message>
    <message>
        <source>updates the one already in the campaign (same name and same source)</source>
        <translation>met à jour celui déjà dans la campagne (même nom et même source)</translation>
    </message>
    <message>
        <source>new</source>
        <translation>nouveau</translation>
    </message>
    <message>
        <source>values filled in: %1</source>
        <translation>valeurs complétées&#x202f;: %1</translation>
    </message>
    <message>
        <source>Filled in</source>
        <translation>Complété</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Remarque</translation>
    </message>
    <message>
        <source>Not used</source>
        <translation>Non utilisé</translation>
    </message>
    <message>
        <source>Add (%1)</source>
        <translation>Ajouter (%1)</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <source>Already in the campaign</source>
        <translation>Déjà dans la campagne</translation>
    </message>
    <message>
        <source>Already in the campaign, with the same name and the same source (%2): %1. Update them rather than add twins?</source>
        <translation>Déjà dans la campagne, avec le même nom et la même source (%2)&#x202f;: %1. Les mettre à jour plutôt que d’ajouter des doublons&#x202f;?</translation>
    </message>
    <message>
        <source>Update</source>
        <translation>Mettre à jour</translation>
    </message>
    <message>
        <source>Add as new characters</source>
        <translation>Ajouter comme nouveaux personnages</translation>
    </message>
</context>
<context>
    <name>LongWork</name>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>Ouvrir le dossier</translation>
    </message>
    <message>
        <source>%1 — stopping…</source>
        <translation>%1 — arrêt en cours…</translation>
    </message>
    <message>
        <source>%1: cancelled, nothing was changed.</source>
        <translation>%1&#x202f;: annulé, rien n’a été modifié.</translation>
    </message>
    <message>
        <source>%1: done.</source>
        <translation>%1&#x202f;: terminé.</translation>
    </message>
    <message>
        <source>Work in progress</source>
        <translation>Travail en cours</translation>
    </message>
    <message>
        <source>Still running: %1. Stop it and close? Nothing half-done is kept.</source>
        <translation>En cours&#x202f;: %1. L’arrêter et fermer&#x202f;? Rien d’inachevé n’est gardé.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Cannot create the demo campaign</source>
        <translation>Impossible de créer la campagne de démonstration</translation>
    </message>
    <message>
        <source>Party</source>
        <translation>Groupe</translation>
    </message>
    <message>
        <source>Sheet</source>
        <translation>Fiche</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>Roll log</source>
        <translation>Journal des jets</translation>
    </message>
    <message>
        <source>Initiative</source>
        <translation>Initiative</translation>
    </message>
    <message>
        <source>Prep</source>
        <translation>Préparation</translation>
    </message>
    <message>
        <source>Analytics</source>
        <translation>Statistiques</translation>
    </message>
    <message>
        <source>Bestiary</source>
        <translation>Bestiaire</translation>
    </message>
    <message>
        <source>%1 (%2 switches back)</source>
        <translation>%1 (%2 pour revenir)</translation>
    </message>
    <message>
        <source>%1 (missing)</source>
        <translation>%1 (introuvable)</translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation>Vider la liste</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>&amp;Annuler %1</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>&amp;Rétablir %1</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rétablir</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>&amp;New campaign…</source>
        <translation>&amp;Nouvelle campagne…</translation>
    </message>
    <message>
        <source>&amp;Open campaign…</source>
        <translation>&amp;Ouvrir une campagne…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>Ouvrir un fichier &amp;récent</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>É&amp;dition</translation>
    </message>
    <message>
        <source>&amp;Roll</source>
        <translation>&amp;Jet</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>Reset the layout</source>
        <translation>Rétablir la disposition</translation>
    </message>
    <message>
        <source>&amp;Table layout</source>
        <translation>Disposition &amp;table</translation>
    </message>
    <message>
        <source>At the table: initiative, the check panel and its charts large; the party and the log compact</source>
        <translation>À la table&#x202f;: l’initiative, le panneau de test et ses graphiques en grand&#x202f;; le groupe et le journal réduits</translation>
    </message>
    <message>
        <source>&amp;Prep layout</source>
        <translation>Disposition &amp;préparation</translation>
    </message>
    <message>
        <source>Before the session: the sheets, the prep matrix and the DC solver large</source>
        <translation>Avant la séance&#x202f;: les fiches, la matrice de préparation et le calcul du DD en grand</translation>
    </message>
    <message>
        <source>&amp;Switch layout</source>
        <translation>&amp;Changer de disposition</translation>
    </message>
    <message>
        <source>Table ⇄ Prep: each layout is kept as you left it</source>
        <translation>Table ⇄ Préparation&#x202f;: chaque disposition reste comme vous l’avez laissée</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Langue</translation>
    </message>
    <message>
        <source>&amp;Campaign</source>
        <translation>&amp;Campagne</translation>
    </message>
    <message>
        <source>&amp;House rules…</source>
        <translation>&amp;Règles maison…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Ai&amp;de</translation>
    </message>
    <message>
        <source>The &amp;rules and their rulings</source>
        <translation>Les &amp;règles et leurs décisions</translation>
    </message>
    <message>
        <source>The &amp;command line</source>
        <translation>La ligne de &amp;commande</translation>
    </message>
    <message>
        <source>&amp;About gmdesk</source>
        <translation>À &amp;propos de gmdesk</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>À propos de &amp;Qt</translation>
    </message>
    <message>
        <source>Open a campaign</source>
        <translation>Ouvrir une campagne</translation>
    </message>
    <message>
        <source>Where is %1 now?</source>
        <translation>Où se trouve %1 maintenant&#x202f;?</translation>
    </message>
    <message>
        <source>Cannot create the campaign</source>
        <translation>Impossible de créer la campagne</translation>
    </message>
    <message>
        <source>Cannot open the campaign</source>
        <translation>Impossible d’ouvrir la campagne</translation>
    </message>
    <message>
        <source>Opening %1</source>
        <translation>Ouverture de %1</translation>
    </message>
    <message>
        <source>%1 is open.</source>
        <translation>%1 est ouvert.</translation>
    </message>
    <message>
        <source>Upgraded from an older gmdesk; the old file was kept as %1</source>
        <translation>Mise à jour depuis une version plus ancienne de gmdesk&#x202f;; l’ancien fichier est conservé sous %1</translation>
    </message>
    <message>
        <source>No campaign open</source>
        <translation>Aucune campagne ouverte</translation>
    </message>
    <message>
        <source>(read-only)</source>
        <translation>(lecture seule)</translation>
    </message>
    <message>
        <source>About gmdesk</source>
        <translation>À propos de gmdesk</translation>
    </message>
    <message>
        <source>&lt;b&gt;gmdesk %1&lt;/b&gt;&lt;p&gt;A dashboard for the game master: party sheets, exact odds of every check, rolls and their log, for Pathfinder 2, D&amp;amp;D 5e, D&amp;amp;D 3.5, Chroniques Oubliées Fantasy and Shadowrun Anarchy.&lt;/p&gt;</source>
        <translation>&lt;b&gt;gmdesk %1&lt;/b&gt;&lt;p&gt;Le tableau de bord du meneur de jeu&#x202f;: fiches du groupe, probabilités exactes de chaque test, jets et leur journal, pour Pathfinder 2, D&amp;amp;D 5e, D&amp;amp;D 3.5, Chroniques Oubliées Fantasy et Shadowrun Anarchy.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>repaired</source>
        <translation>réparée</translation>
    </message>
    <message>
        <source>Save a repaired copy</source>
        <translation>Enregistrer une copie réparée</translation>
    </message>
    <message>
        <source>Cannot save a repaired copy</source>
        <translation>Impossible d’enregistrer une copie réparée</translation>
    </message>
</context>
<context>
    <name>PartyModel</name>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Niveau</translation>
    </message>
    <message>
        <source>Key numbers</source>
        <translation>Valeurs clés</translation>
    </message>
    <message>
        <source>HP</source>
        <translation>PV</translation>
    </message>
    <message>
        <source>PC</source>
        <translation>PJ</translation>
    </message>
    <message>
        <source>NPC</source>
        <translation>PNJ</translation>
    </message>
</context>
<context>
    <name>PartyPanel</name>
    <message>
        <source>Filter by name, kind, numbers…</source>
        <translation>Filtrer par nom, type, valeurs…</translation>
    </message>
    <message>
        <source>Everyone</source>
        <translation>Tout le monde</translation>
    </message>
    <message>
        <source>PCs</source>
        <translation>PJ</translation>
    </message>
    <message>
        <source>NPCs</source>
        <translation>PNJ</translation>
    </message>
    <message>
        <source>+ PC</source>
        <translation>+ PJ</translation>
    </message>
    <message>
        <source>Add a player character (Ins)</source>
        <translation>Ajouter un personnage joueur (Inser)</translation>
    </message>
    <message>
        <source>+ NPC</source>
        <translation>+ PNJ</translation>
    </message>
    <message>
        <source>Add an NPC or monster (Shift+Ins)</source>
        <translation>Ajouter un PNJ ou un monstre (Maj+Inser)</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Dupliquer</translation>
    </message>
    <message>
        <source>Duplicate the selected character (Ctrl+D)</source>
        <translation>Dupliquer le personnage sélectionné (Ctrl+D)</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Delete the selected character (Del)</source>
        <translation>Supprimer le personnage sélectionné (Suppr)</translation>
    </message>
    <message>
        <source>&amp;Import characters…</source>
        <translation>&amp;Importer des personnages…</translation>
    </message>
    <message>
        <source>Pathbuilder 2e, Foundry VTT, sheets files or pasted stat blocks, previewed before they are added</source>
        <translation>Pathbuilder 2e, Foundry VTT, fichiers de fiches ou blocs de stats collés, avec un aperçu avant l’ajout</translation>
    </message>
    <message>
        <source>Turn into a stat block</source>
        <translation>Transformer en bloc de stats</translation>
    </message>
    <message>
        <source>Keep the selected character&apos;s numbers as they are now, entered as printed</source>
        <translation>Garder les nombres du personnage sélectionné tels qu’ils sont, saisis comme imprimés</translation>
    </message>
    <message>
        <source>New character</source>
        <translation>Nouveau personnage</translation>
    </message>
    <message>
        <source>New NPC</source>
        <translation>Nouveau PNJ</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>Ajouter %1</translation>
    </message>
    <message>
        <source>Duplicate %1</source>
        <translation>Dupliquer %1</translation>
    </message>
    <message>
        <source>Delete a character</source>
        <translation>Supprimer un personnage</translation>
    </message>
    <message>
        <source>Delete %1 and their sheet? The roll log keeps their rolls.</source>
        <translation>Supprimer %1 et sa fiche&#x202f;? Le journal garde ses jets.</translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation>Supprimer %1</translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation>Importer %1</translation>
    </message>
    <message>
        <source>%1 characters</source>
        <translation>%1 personnages</translation>
    </message>
    <message>
        <source>Cannot make a stat block</source>
        <translation>Impossible de faire un bloc de stats</translation>
    </message>
    <message>
        <source>Turn %1 into a stat block</source>
        <translation>Transformer %1 en bloc de stats</translation>
    </message>
</context>
<context>
    <name>PlayerScreen</name>
    <message>
        <source>In words (unhurt, wounded, badly wounded, down)</source>
        <translation>En mots (indemne, blessé, gravement blessé, hors de combat)</translation>
    </message>
    <message>
        <source>As numbers</source>
        <translation>En chiffres</translation>
    </message>
    <message>
        <source>Not shown</source>
        <translation>Non affichée</translation>
    </message>
    <message>
        <source>Same as mine</source>
        <translation>La même que la mienne</translation>
    </message>
    <message>
        <source>&amp;Player window</source>
        <translation>Fenêtre des &amp;joueurs</translation>
    </message>
    <message>
        <source>Show the &amp;player window</source>
        <translation>Afficher la fenêtre des &amp;joueurs</translation>
    </message>
    <message>
        <source>A second window for the screen the players see (Ctrl+Shift+P)</source>
        <translation>Une seconde fenêtre, pour l’écran que voient les joueurs (Ctrl+Maj+P)</translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation>Plein é&amp;cran</translation>
    </message>
    <message>
        <source>&amp;Screen</source>
        <translation>É&amp;cran</translation>
    </message>
    <message>
        <source>Players&apos; &amp;language</source>
        <translation>&amp;Langue des joueurs</translation>
    </message>
    <message>
        <source>Show the &amp;odds to the players</source>
        <translation>Montrer les &amp;chances aux joueurs</translation>
    </message>
    <message>
        <source>&amp;Reveal the DC of the check shown</source>
        <translation>&amp;Révéler le DD du test affiché</translation>
    </message>
    <message>
        <source>&amp;NPC health</source>
        <translation>Santé des &amp;PNJ</translation>
    </message>
    <message>
        <source>(this window&apos;s)</source>
        <translation>(celui de cette fenêtre)</translation>
    </message>
    <message>
        <source>Player window: NPC health in words</source>
        <translation>Fenêtre des joueurs&#x202f;: santé des PNJ en mots</translation>
    </message>
    <message>
        <source>Player window: NPC health as numbers</source>
        <translation>Fenêtre des joueurs&#x202f;: santé des PNJ en chiffres</translation>
    </message>
    <message>
        <source>Player window: NPC health not shown</source>
        <translation>Fenêtre des joueurs&#x202f;: santé des PNJ non affichée</translation>
    </message>
    <message>
        <source>Player window</source>
        <translation>Fenêtre des joueurs</translation>
    </message>
</context>
<context>
    <name>PlayerWindow</name>
    <message>
        <source>delaying</source>
        <translation>retarde</translation>
    </message>
    <message>
        <source>readied</source>
        <translation>action préparée</translation>
    </message>
    <message>
        <source>%1 (reroll)</source>
        <translation>%1 (relance)</translation>
    </message>
    <message>
        <source>Last rolls</source>
        <translation>Derniers jets</translation>
    </message>
    <message>
        <source>No fight in progress</source>
        <translation>Pas de combat en cours</translation>
    </message>
    <message>
        <source>No roll yet</source>
        <translation>Pas encore de jet</translation>
    </message>
    <message>
        <source>Chance of success</source>
        <translation>Chance de réussite</translation>
    </message>
    <message>
        <source>Player window</source>
        <translation>Fenêtre des joueurs</translation>
    </message>
    <message>
        <source>Round %1</source>
        <translation>Round %1</translation>
    </message>
    <message>
        <source>%1&apos;s turn</source>
        <translation>Au tour de %1</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>unhurt</source>
        <translation>indemne</translation>
    </message>
    <message>
        <source>wounded</source>
        <translation>blessé</translation>
    </message>
    <message>
        <source>badly wounded</source>
        <translation>gravement blessé</translation>
    </message>
    <message>
        <source>down</source>
        <translation>hors de combat</translation>
    </message>
    <message>
        <source>%1 (%2 rd)</source>
        <translation>%1 (%2 rd)</translation>
    </message>
    <message>
        <source>%1 hit</source>
        <translation>%1 réussite</translation>
    </message>
    <message>
        <source>%1 hits</source>
        <translation>%1 réussites</translation>
    </message>
</context>
<context>
    <name>PrepPanel</name>
    <message>
        <source>Prep sheet</source>
        <translation>Fiche de préparation</translation>
    </message>
    <message>
        <source>Campaign</source>
        <translation>Campagne</translation>
    </message>
    <message>
        <source>Prepared checks</source>
        <translation>Tests préparés</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>Jet</translation>
    </message>
    <message>
        <source>DC</source>
        <translation>DD</translation>
    </message>
    <message>
        <source>Who rolls</source>
        <translation>Qui lance</translation>
    </message>
    <message>
        <source>Secret</source>
        <translation>Secret</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notes</translation>
    </message>
    <message>
        <source>Group odds</source>
        <translation>Chances du groupe</translation>
    </message>
    <message>
        <source>Chance of success</source>
        <translation>Chance de réussite</translation>
    </message>
    <message>
        <source>Character</source>
        <translation>Personnage</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Graphiques</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <source>Markdown (.md)</source>
        <translation>Markdown (.md)</translation>
    </message>
    <message>
        <source>HTML page (.html)</source>
        <translation>Page HTML (.html)</translation>
    </message>
    <message>
        <source>Chance of success, with the conditions of the fight in progress</source>
        <translation>Chances de réussite, avec les états du combat en cours</translation>
    </message>
    <message>
        <source>each roller by {word}</source>
        <translation>chacun selon le {word}</translation>
    </message>
    <message>
        <source>at least one {any}, all {all}, expected {expected} of {n}</source>
        <translation>au moins un {any}, tous {all}, attendu {expected} sur {n}</translation>
    </message>
    <message>
        <source>nobody can roll this check</source>
        <translation>personne ne peut lancer ce test</translation>
    </message>
    <message>
        <source>the party</source>
        <translation>le groupe</translation>
    </message>
    <message>
        <source>Chance of success of each member</source>
        <translation>Chance de réussite de chaque membre</translation>
    </message>
    <message>
        <source>{check}: each roller&apos;s chance by {word}</source>
        <translation>{check}&#x202f;: chance de chacun selon le {word}</translation>
    </message>
    <message>
        <source>Export prep sheet</source>
        <translation>Exporter la fiche de préparation</translation>
    </message>
    <message>
        <source>Every scene (one page each)</source>
        <translation>Toutes les scènes (une page chacune)</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>&amp;Scene:</source>
        <translation>&amp;Scène&#x202f;:</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format&#x202f;:</translation>
    </message>
    <message>
        <source>&amp;Where:</source>
        <translation>&amp;Où&#x202f;:</translation>
    </message>
    <message>
        <source>One page per scene, each with its images, in this folder.</source>
        <translation>Une page par scène, chacune avec ses images, dans ce dossier.</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exporter</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>&amp;Dossier&#x202f;:</translation>
    </message>
    <message>
        <source>prep</source>
        <translation>préparation</translation>
    </message>
    <message>
        <source>Folder for the prep sheets</source>
        <translation>Dossier des fiches de préparation</translation>
    </message>
    <message>
        <source>Save the prep sheet</source>
        <translation>Enregistrer la fiche de préparation</translation>
    </message>
    <message>
        <source>Every scene is written as one page per scene in a folder: choose a folder, not a page’s name ({name}).</source>
        <translation>Toutes les scènes s’écrivent en une page par scène dans un dossier&#x202f;: choisissez un dossier, pas le nom d’une page ({name}).</translation>
    </message>
    <message>
        <source>Exporting the prep sheet</source>
        <translation>Export de la fiche de préparation</translation>
    </message>
    <message>
        <source>Prep sheet written: %1</source>
        <translation>Fiche de préparation écrite&#x202f;: %1</translation>
    </message>
    <message>
        <source>Could not write the prep sheet: {reason}</source>
        <translation>Impossible d’écrire la fiche de préparation&#x202f;: {reason}</translation>
    </message>
    <message>
        <source>{n} prepared check</source>
        <translation>{n} test préparé</translation>
    </message>
    <message>
        <source>{n} prepared checks</source>
        <translation>{n} tests préparés</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Cible</translation>
    </message>
    <message>
        <source>secret</source>
        <translation>secret</translation>
    </message>
    <message>
        <source>NPC</source>
        <translation>PNJ</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>n/d</translation>
    </message>
    <message>
        <source>Not among who may roll this check</source>
        <translation>Ne fait pas partie de ceux qui peuvent lancer ce test</translation>
    </message>
    <message>
        <source>Not possible: {reason}</source>
        <translation>Impossible&#x202f;: {reason}</translation>
    </message>
    <message>
        <source>the best in the party succeeds</source>
        <translation>le meilleur du groupe réussit</translation>
    </message>
    <message>
        <source>an average member succeeds</source>
        <translation>un membre moyen réussit</translation>
    </message>
    <message>
        <source>the weakest member succeeds</source>
        <translation>le plus faible réussit</translation>
    </message>
    <message>
        <source>at least one of them succeeds</source>
        <translation>au moins un d’entre eux réussit</translation>
    </message>
    <message>
        <source>all of them succeed</source>
        <translation>tous réussissent</translation>
    </message>
    <message>
        <source>the best critically fails at most</source>
        <translation>le meilleur fait un échec critique au plus</translation>
    </message>
    <message>
        <source>an average member critically fails at most</source>
        <translation>un membre moyen fait un échec critique au plus</translation>
    </message>
    <message>
        <source>nobody critically fails more than</source>
        <translation>personne ne fait d’échec critique plus de</translation>
    </message>
    <message>
        <source>Select a prepared check to solve its %1.</source>
        <translation>Sélectionnez un test préparé pour calculer son %1.</translation>
    </message>
    <message>
        <source>No %1 keeps the limit; this one comes nearest.</source>
        <translation>Aucun %1 ne respecte la limite&#x202f;; celui-ci s’en approche le plus.</translation>
    </message>
    <message>
        <source>wanted: {chance}</source>
        <translation>voulu&#x202f;: {chance}</translation>
    </message>
    <message>
        <source>Use this %1</source>
        <translation>Utiliser ce %1</translation>
    </message>
    <message>
        <source>%1 solver</source>
        <translation>Calcul du %1</translation>
    </message>
    <message>
        <source>No answer: {reason}</source>
        <translation>Pas de réponse&#x202f;: {reason}</translation>
    </message>
    <message>
        <source>{target}: {goal} {achieved} of the time (wanted {wanted}).</source>
        <translation>{target}&#x202f;: {goal} {achieved} du temps (visé&#x202f;: {wanted}).</translation>
    </message>
    <message>
        <source>Use {target} for “{name}”</source>
        <translation>Utiliser {target} pour «&#x202f;{name}&#x202f;»</translation>
    </message>
    <message>
        <source>Use as a threshold</source>
        <translation>Utiliser comme seuil</translation>
    </message>
    <message>
        <source>A prepared check keeps a threshold; set the opposing pool in the check panel.</source>
        <translation>Un test préparé garde un seuil&#x202f;; fixez la réserve d’opposition dans le panneau de test.</translation>
    </message>
    <message>
        <source>&amp;Goal:</source>
        <translation>&amp;Objectif&#x202f;:</translation>
    </message>
    <message>
        <source>C&amp;hance:</source>
        <translation>C&amp;hance&#x202f;:</translation>
    </message>
    <message>
        <source>&amp;Answer with:</source>
        <translation>&amp;Répondre par&#x202f;:</translation>
    </message>
    <message>
        <source>{n} hit</source>
        <translation>{n} réussite</translation>
    </message>
    <message>
        <source>{n} hits</source>
        <translation>{n} réussites</translation>
    </message>
    <message>
        <source>{name}: {n} roll(s) logged</source>
        <translation>{name}&#x202f;: {n} jet(s) consigné(s)</translation>
    </message>
    <message>
        <source>secret: only the GM sees these</source>
        <translation>secret&#x202f;: seul le MJ les voit</translation>
    </message>
    <message>
        <source>Roll &amp;for:</source>
        <translation>Lancer &amp;pour&#x202f;:</translation>
    </message>
    <message>
        <source>Secre&amp;t roll</source>
        <translation>Je&amp;t secret</translation>
    </message>
    <message>
        <source>Roll the prepared check</source>
        <translation>Lancer le test préparé</translation>
    </message>
    <message>
        <source>Roll the selected check for everyone ticked and log each roll (Ctrl+Enter)</source>
        <translation>Lancer le test sélectionné pour chaque personne cochée et consigner chaque jet (Ctrl+Entrée)</translation>
    </message>
    <message>
        <source>Dice</source>
        <translation>Dés</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <source>Open a campaign to prepare its scenes.</source>
        <translation>Ouvrez une campagne pour préparer ses scènes.</translation>
    </message>
    <message>
        <source>Add a scene, then the checks the party may face in it.</source>
        <translation>Ajoutez une scène, puis les tests que le groupe pourra y affronter.</translation>
    </message>
    <message>
        <source>“{scene}” has no prepared check yet.</source>
        <translation>«&#x202f;{scene}&#x202f;» n’a encore aucun test préparé.</translation>
    </message>
    <message>
        <source>The party is empty: add characters to see their odds.</source>
        <translation>Le groupe est vide&#x202f;: ajoutez des personnages pour voir leurs chances.</translation>
    </message>
    <message>
        <source>“{scene}”: each member&apos;s chance of success (hover a cell for the split).</source>
        <translation>«&#x202f;{scene}&#x202f;»&#x202f;: chances de réussite de chaque membre (survolez une case pour le détail).</translation>
    </message>
    <message>
        <source>Selected check</source>
        <translation>Test sélectionné</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Détail</translation>
    </message>
    <message>
        <source>At the table</source>
        <translation>À la table</translation>
    </message>
    <message>
        <source>With current &amp;conditions</source>
        <translation>Avec les &amp;états actuels</translation>
    </message>
    <message>
        <source>Count the conditions of the fight in progress (frightened, sickened…) in these odds; unticked, they are the characters&apos; odds outside the fight</source>
        <translation>Compter les états du combat en cours (effrayé, nauséeux…) dans ces chances&#x202f;; décoché, ce sont les chances des personnages hors du combat</translation>
    </message>
    <message>
        <source>Export prep sheet…</source>
        <translation>Exporter la fiche de préparation…</translation>
    </message>
    <message>
        <source>Write the scene&apos;s checks, DCs, matrix and charts as Markdown or HTML</source>
        <translation>Écrire les tests de la scène, leurs DD, la matrice et les graphiques en Markdown ou HTML</translation>
    </message>
    <message>
        <source>Select a cell of the matrix to see its odds in detail.</source>
        <translation>Sélectionnez une case de la matrice pour voir ses chances en détail.</translation>
    </message>
    <message>
        <source>open test</source>
        <translation>test ouvert</translation>
    </message>
    <message>
        <source>Outcomes by {word}</source>
        <translation>Résultats selon le {word}</translation>
    </message>
    <message>
        <source>&amp;DC:</source>
        <translation>&amp;DD&#x202f;:</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nom&#x202f;:</translation>
    </message>
    <message>
        <source>R&amp;oll:</source>
        <translation>&amp;Jet&#x202f;:</translation>
    </message>
    <message>
        <source>No&amp;tes:</source>
        <translation>No&amp;tes&#x202f;:</translation>
    </message>
    <message>
        <source>Who &amp;may roll:</source>
        <translation>&amp;Qui peut le lancer&#x202f;:</translation>
    </message>
    <message>
        <source>Tick who may roll this check; nobody ticked means any party member.</source>
        <translation>Cochez qui peut lancer ce test&#x202f;; si personne n’est coché, tout membre du groupe le peut.</translation>
    </message>
    <message>
        <source>&amp;Secret (the GM rolls it hidden)</source>
        <translation>&amp;Secret (le MJ le lance en cachette)</translation>
    </message>
    <message>
        <source>Teamwork</source>
        <translation>Travail d’équipe</translation>
    </message>
    <message>
        <source>Aid another</source>
        <translation>Aider quelqu’un</translation>
    </message>
    <message>
        <source>{expected} of {n}</source>
        <translation>{expected} sur {n}</translation>
    </message>
    <message>
        <source>Each roller&apos;s chance by {word}</source>
        <translation>Chance de chacun selon le {word}</translation>
    </message>
    <message>
        <source>Alone: {p}. Tick helpers to see what their help gives.</source>
        <translation>Seul&#x202f;: {p}. Cochez des aides pour voir ce qu’elles apportent.</translation>
    </message>
    <message>
        <source>Alone: {alone} → with {helpers}: {helped} ({gain} points)</source>
        <translation>Seul&#x202f;: {alone} → avec {helpers}&#x202f;: {helped} ({gain} points)</translation>
    </message>
    <message>
        <source>At least one succeeds:</source>
        <translation>Au moins un réussit&#x202f;:</translation>
    </message>
    <message>
        <source>All succeed:</source>
        <translation>Tous réussissent&#x202f;:</translation>
    </message>
    <message>
        <source>Expected successes:</source>
        <translation>Réussites attendues&#x202f;:</translation>
    </message>
    <message>
        <source>Exactly k succeed:</source>
        <translation>Exactement k réussissent&#x202f;:</translation>
    </message>
    <message>
        <source>&amp;Who rolls:</source>
        <translation>&amp;Qui lance&#x202f;:</translation>
    </message>
    <message>
        <source>&amp;Helpers:</source>
        <translation>&amp;Aides&#x202f;:</translation>
    </message>
    <message>
        <source>New scene</source>
        <translation>Nouvelle scène</translation>
    </message>
    <message>
        <source>Rename scene</source>
        <translation>Renommer la scène</translation>
    </message>
    <message>
        <source>Duplicate scene</source>
        <translation>Dupliquer la scène</translation>
    </message>
    <message>
        <source>Delete the scene</source>
        <translation>Supprimer la scène</translation>
    </message>
    <message>
        <source>Delete the scene “{name}” and its {n} prepared check(s)?</source>
        <translation>Supprimer la scène «&#x202f;{name}&#x202f;» et ses {n} test(s) préparé(s)&#x202f;?</translation>
    </message>
    <message>
        <source>Delete scene</source>
        <translation>Supprimer la scène</translation>
    </message>
    <message>
        <source>Move scene</source>
        <translation>Déplacer la scène</translation>
    </message>
    <message>
        <source>New check</source>
        <translation>Nouveau test</translation>
    </message>
    <message>
        <source>Duplicate check</source>
        <translation>Dupliquer le test</translation>
    </message>
    <message>
        <source>Delete check</source>
        <translation>Supprimer le test</translation>
    </message>
    <message>
        <source>Move check</source>
        <translation>Déplacer le test</translation>
    </message>
    <message>
        <source>Move check to another scene</source>
        <translation>Déplacer le test vers une autre scène</translation>
    </message>
    <message>
        <source>S&amp;cenes</source>
        <translation>S&amp;cènes</translation>
    </message>
    <message>
        <source>Prepared chec&amp;ks</source>
        <translation>Tests pré&amp;parés</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Nouveau</translation>
    </message>
    <message>
        <source>Add a scene</source>
        <translation>Ajouter une scène</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Dupliquer</translation>
    </message>
    <message>
        <source>Duplicate the scene with its checks (Ctrl+D)</source>
        <translation>Dupliquer la scène avec ses tests (Ctrl+D)</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Delete the scene (Del)</source>
        <translation>Supprimer la scène (Suppr)</translation>
    </message>
    <message>
        <source>Move the scene up (Alt+Up)</source>
        <translation>Monter la scène (Alt+Haut)</translation>
    </message>
    <message>
        <source>Move the scene down (Alt+Down)</source>
        <translation>Descendre la scène (Alt+Bas)</translation>
    </message>
    <message>
        <source>Add a prepared check to the scene</source>
        <translation>Ajouter un test préparé à la scène</translation>
    </message>
    <message>
        <source>Duplicate the check (Ctrl+D)</source>
        <translation>Dupliquer le test (Ctrl+D)</translation>
    </message>
    <message>
        <source>Delete the check (Del)</source>
        <translation>Supprimer le test (Suppr)</translation>
    </message>
    <message>
        <source>Move the check up (Alt+Up)</source>
        <translation>Monter le test (Alt+Haut)</translation>
    </message>
    <message>
        <source>Move the check down (Alt+Down)</source>
        <translation>Descendre le test (Alt+Bas)</translation>
    </message>
    <message>
        <source>Move to</source>
        <translation>Déplacer vers</translation>
    </message>
    <message>
        <source>Move the check to another scene</source>
        <translation>Déplacer le test vers une autre scène</translation>
    </message>
    <message>
        <source>Rename check</source>
        <translation>Renommer le test</translation>
    </message>
    <message>
        <source>Change the roll of “{name}”</source>
        <translation>Changer le jet de «&#x202f;{name}&#x202f;»</translation>
    </message>
    <message>
        <source>Change the DC of “{name}”</source>
        <translation>Changer le DD de «&#x202f;{name}&#x202f;»</translation>
    </message>
    <message>
        <source>Change the threshold of “{name}”</source>
        <translation>Changer le seuil de «&#x202f;{name}&#x202f;»</translation>
    </message>
    <message>
        <source>Edit the notes of “{name}”</source>
        <translation>Modifier les notes de «&#x202f;{name}&#x202f;»</translation>
    </message>
    <message>
        <source>Choose who may roll “{name}”</source>
        <translation>Choisir qui peut lancer «&#x202f;{name}&#x202f;»</translation>
    </message>
    <message>
        <source>Change the {target} of “{name}”</source>
        <translation>Changer le {target} de «&#x202f;{name}&#x202f;»</translation>
    </message>
    <message>
        <source>Make “{name}” secret</source>
        <translation>Rendre «&#x202f;{name}&#x202f;» secret</translation>
    </message>
    <message>
        <source>Make “{name}” public</source>
        <translation>Rendre «&#x202f;{name}&#x202f;» public</translation>
    </message>
    <message>
        <source>Edit “{name}”</source>
        <translation>Modifier «&#x202f;{name}&#x202f;»</translation>
    </message>
</context>
<context>
    <name>QAbstractFileIconProvider</name>
    <message>
        <source>Folder</source>
        <comment>All other platforms</comment>
        <translation>Dossier</translation>
    </message>
    <message>
        <source>Folder</source>
        <comment>Match OS X Finder</comment>
        <translation>Dossier</translation>
    </message>
    <message>
        <source>File Folder</source>
        <comment>Match Windows Explorer</comment>
        <translation>Dossier</translation>
    </message>
    <message>
        <source>Drive</source>
        <translation>Disque</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>&amp;Voir dans&#x202f;:</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>Fichiers de &amp;type&#x202f;:</translation>
    </message>
</context>
<context>
    <name>RollLogModel</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Séance</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Personnage</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>Dice</source>
        <translation>Dés</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>DC</source>
        <translation>DD</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <source>Secret</source>
        <translation>Secret</translation>
    </message>
    <message>
        <source>Reroll of</source>
        <translation>Relance de</translation>
    </message>
    <message>
        <source>A reroll of roll #{id} (the # column)</source>
        <translation>Relance du jet n° {id} (colonne #)</translation>
    </message>
    <message>
        <source>Undone: an undo took this roll back; the statistics and exports leave it out</source>
        <translation>Annulé&#x202f;: une annulation a repris ce jet&#x202f;; les statistiques et les exports le laissent de côté</translation>
    </message>
    <message>
        <source>{n} hit</source>
        <translation>{n} réussite</translation>
    </message>
    <message>
        <source>{n} hits</source>
        <translation>{n} réussites</translation>
    </message>
    <message>
        <source>secret</source>
        <translation>secret</translation>
    </message>
</context>
<context>
    <name>RollLogPanel</name>
    <message>
        <source>every actor</source>
        <translation>tous les personnages</translation>
    </message>
    <message>
        <source>every session</source>
        <translation>toutes les séances</translation>
    </message>
    <message>
        <source>every outcome</source>
        <translation>tous les résultats</translation>
    </message>
    <message>
        <source>{n} roll</source>
        <translation>{n} jet</translation>
    </message>
    <message>
        <source>{n} rolls</source>
        <translation>{n} jets</translation>
    </message>
    <message>
        <source>Exported {n} roll to {path}</source>
        <translation>{n} jet exporté dans {path}</translation>
    </message>
    <message>
        <source>Exported {n} rolls to {path}</source>
        <translation>{n} jets exportés dans {path}</translation>
    </message>
    <message>
        <source>&amp;Actor:</source>
        <translation>&amp;Personnage&#x202f;:</translation>
    </message>
    <message>
        <source>&amp;Session:</source>
        <translation>&amp;Séance&#x202f;:</translation>
    </message>
    <message>
        <source>&amp;Outcome:</source>
        <translation>&amp;Résultat&#x202f;:</translation>
    </message>
    <message>
        <source>S&amp;ecret:</source>
        <translation>S&amp;ecret&#x202f;:</translation>
    </message>
    <message>
        <source>E&amp;xport log…</source>
        <translation>E&amp;xporter le journal…</translation>
    </message>
    <message>
        <source>Export the roll log to CSV, JSON Lines, Markdown or HTML</source>
        <translation>Exporter le journal des jets en CSV, JSON Lines, Markdown ou HTML</translation>
    </message>
    <message>
        <source>all rolls</source>
        <translation>tous les jets</translation>
    </message>
    <message>
        <source>public only</source>
        <translation>publics seulement</translation>
    </message>
    <message>
        <source>secret only</source>
        <translation>secrets seulement</translation>
    </message>
    <message>
        <source>▾ One line</source>
        <translation>▾ Une ligne</translation>
    </message>
    <message>
        <source>Shrink the log to one line: the last roll</source>
        <translation>Réduire le journal à une ligne&#x202f;: le dernier jet</translation>
    </message>
    <message>
        <source>no roll yet</source>
        <translation>aucun jet pour l’instant</translation>
    </message>
    <message>
        <source>Last roll:</source>
        <translation>Dernier jet&#x202f;:</translation>
    </message>
    <message>
        <source>▴ Show the log</source>
        <translation>▴ Afficher le journal</translation>
    </message>
    <message>
        <source>Show the whole roll log, with its filters</source>
        <translation>Afficher tout le journal des jets, avec ses filtres</translation>
    </message>
</context>
<context>
    <name>SheetForm</name>
    <message>
        <source>Remove this line</source>
        <translation>Retirer cette ligne</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <source>Add to %1</source>
        <translation>Ajout&#x202f;: %1</translation>
    </message>
    <message>
        <source>Remove from %1</source>
        <translation>Retrait&#x202f;: %1</translation>
    </message>
    <message>
        <source>{label}: ranks come in halves (0, 0.5, 1, 1.5…)</source>
        <translation>{label}&#x202f;: les rangs vont par demis (0&#x202f;; 0,5&#x202f;; 1&#x202f;; 1,5…)</translation>
    </message>
    <message>
        <source>{label}: at most {top} ranks for a class skill at level {level}</source>
        <translation>{label}&#x202f;: au plus {top} rangs pour une compétence de classe au niveau {level}</translation>
    </message>
    <message>
        <source>{label}: at most {top} ranks for a cross-class skill at level {level}</source>
        <translation>{label}&#x202f;: au plus {top} rangs pour une compétence hors classe au niveau {level}</translation>
    </message>
    <message>
        <source>A character needs a name</source>
        <translation>Un personnage doit avoir un nom</translation>
    </message>
    <message>
        <source>{label}: give it a name</source>
        <translation>{label}&#x202f;: donnez-lui un nom</translation>
    </message>
    <message>
        <source>{label}: a bonus or a penalty cannot be 0</source>
        <translation>{label}&#x202f;: un bonus ou un malus ne peut pas valoir 0</translation>
    </message>
    <message>
        <source>{label}: an untyped entry can only be a penalty (below 0)</source>
        <translation>{label}&#x202f;: une entrée sans type ne peut être qu’un malus (sous 0)</translation>
    </message>
    <message>
        <source>{label} must be below 0 for this type</source>
        <translation>{label} doit être sous 0 pour ce type</translation>
    </message>
    <message>
        <source>{label} must be between {lo} and {hi} for this type</source>
        <translation>{label} doit être entre {lo} et {hi} pour ce type</translation>
    </message>
    <message>
        <source>{label}: already on the sheet</source>
        <translation>{label}&#x202f;: déjà sur la fiche</translation>
    </message>
    <message>
        <source>{label}: say where it comes from</source>
        <translation>{label}&#x202f;: dites d’où il vient</translation>
    </message>
    <message>
        <source>{label}: expertise needs proficiency first</source>
        <translation>{label}&#x202f;: l’expertise demande d’abord la maîtrise</translation>
    </message>
    <message>
        <source>{label} must be a whole number</source>
        <translation>{label} doit être un nombre entier</translation>
    </message>
    <message>
        <source>{label} must be between {lo} and {hi}</source>
        <translation>{label} doit être entre {lo} et {hi}</translation>
    </message>
    <message>
        <source>{label} must be at least {lo}</source>
        <translation>{label} doit être au moins {lo}</translation>
    </message>
    <message>
        <source>{label} must be at most {hi}</source>
        <translation>{label} doit être au plus {hi}</translation>
    </message>
    <message>
        <source>{label}: {rule}</source>
        <translation>{label}&#x202f;: {rule}</translation>
    </message>
    <message>
        <source>None yet: click to choose</source>
        <translation>Rien de choisi pour l’instant&#x202f;: cliquer pour choisir</translation>
    </message>
</context>
<context>
    <name>SheetPanel</name>
    <message>
        <source>Select a character in the party list to edit their sheet.</source>
        <translation>Sélectionnez un personnage dans le groupe pour modifier sa fiche.</translation>
    </message>
    <message>
        <source>Edit %1: %2</source>
        <translation>Modifier %1&#x202f;: %2</translation>
    </message>
</context>
<context>
    <name>StartPage</name>
    <message>
        <source>Locate…</source>
        <translation>Localiser…</translation>
    </message>
    <message>
        <source>missing: moved or deleted</source>
        <translation>introuvable&#x202f;: déplacée ou supprimée</translation>
    </message>
    <message>
        <source>Recent campaigns</source>
        <translation>Campagnes récentes</translation>
    </message>
    <message>
        <source>Try a demo campaign</source>
        <translation>Essayer une campagne de démonstration</translation>
    </message>
</context>
<context>
    <name>WelcomeDialog</name>
    <message>
        <source>Welcome to gmdesk</source>
        <translation>Bienvenue dans gmdesk</translation>
    </message>
    <message>
        <source>Which game do you run? gmdesk opens a demo campaign for it: a party of four, a few monsters, two scenes of prepared checks and a fight in progress. Your own campaigns start from File › New campaign…</source>
        <translation>Quel jeu menez-vous&#x202f;? gmdesk ouvre une campagne de démonstration pour ce jeu&#x202f;: un groupe de quatre, quelques monstres, deux scènes de tests préparés et un combat en cours. Vos propres campagnes commencent par Fichier › Nouvelle campagne…</translation>
    </message>
    <message>
        <source>Open the demo campaign</source>
        <translation>Ouvrir la campagne de démonstration</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Pas maintenant</translation>
    </message>
</context>
<context>
    <name>WriteGuard</name>
    <message>
        <source>“%1” is a campaign, a database or one of their side files, or has a .gmdesk name: gmdesk never writes over those. Choose another file.</source>
        <translation>«&#x202f;%1&#x202f;» est une campagne, une base de données ou l’un de leurs fichiers annexes, ou son nom finit par .gmdesk&#x202f;: gmdesk n’écrit jamais par-dessus. Choisissez un autre fichier.</translation>
    </message>
    <message>
        <source>“%1” cannot be a campaign&apos;s name: SQLite keeps a database&apos;s side files under names ending in -wal, -shm or -journal. Choose a name ending in .gmdesk.</source>
        <translation>«&#x202f;%1&#x202f;» ne peut pas être le nom d’une campagne&#x202f;: SQLite range les fichiers annexes d’une base de données sous des noms finissant par -wal, -shm ou -journal. Choisissez un nom finissant par .gmdesk.</translation>
    </message>
</context>
</TS>
