"""D&D 5e, 2024 rules: its words in English and French (``gmdesk.engine.words``)."""

from __future__ import annotations

from gmdesk.engine.words import Word

NAME = Word.same('D&D 5e (2024)')
DESCRIPTION = Word('d20 tests against a DC, advantage and disadvantage, Heroic Inspiration.', 'Tests de d20 contre un DD, avantage et désavantage, Inspiration héroïque.')
