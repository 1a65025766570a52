"""D&D 3.5: its words in English and French (``gmdesk.engine.words``)."""

from __future__ import annotations

from gmdesk.engine.words import Word

NAME = Word.same('D&D 3.5')
DESCRIPTION = Word('Skill ranks and synergies, take 10 and take 20, aid another, opposed checks.', "Rangs de compétence et synergies, faire 10 et faire 20, aider quelqu'un, tests opposés.")
