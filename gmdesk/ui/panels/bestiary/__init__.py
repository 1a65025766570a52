"""The Bestiary dock (``panel.BestiaryPanel``): the system's creatures and the GM's packs, searched as
the GM types, a creature's card with its odds against the party, Add ×N to the fight (one undo step),
and the encounter's difficulty and threat table, live (``threat_view``)."""
