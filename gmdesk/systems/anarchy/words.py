"""Shadowrun Anarchy: its words in English and French (``gmdesk.engine.words``)."""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.target import THRESHOLD, Target

NAME = Word.same('Shadowrun Anarchy')
DESCRIPTION = Word('Pools of d6 with hits on 5 and 6, Luck, Edges and complications.', 'Réserves de d6, réussites sur 5 et 6, Chance, Atouts et complications.')


TARGET = Target(THRESHOLD, Word("threshold", "seuil"), Word("threshold", "seuil"))
