"""Chroniques Oubliées Fantasy: its words in English and French (``gmdesk.engine.words``)."""

from __future__ import annotations

from gmdesk.engine.words import Word

NAME = Word.same('Chroniques Oubliées Fantasy')
DESCRIPTION = Word('d20 + characteristic against a difficulty (ND), plus the best path rank.', 'd20 + caractéristique contre une difficulté (ND), plus le meilleur rang de voie.')
