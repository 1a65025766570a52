"""The party panel (``panel.PartyPanel``): the campaign's characters (``model``), each with the few
numbers its system shows (``GameSystem.key_numbers``)."""
