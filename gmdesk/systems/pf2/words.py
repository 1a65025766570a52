"""Pathfinder 2, playtest rules: its words in English and French (``gmdesk.engine.words``)."""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.target import DC, Target

NAME = Word.same('Pathfinder 2 (playtest)')
DESCRIPTION = Word('Four degrees of success, critical at 10 over or under the DC; a natural 20 or 1 shifts the degree.', 'Quatre degrés de réussite, critique à ±10 du DD ; un 20 ou un 1 naturel décale le degré.')


TARGET = Target(DC, Word("DC", "DD"), Word("AC", "CA"))
