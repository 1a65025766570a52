"""Sheet editors: one generic form driven by each system's form as data (``GameSystem.form``, ``gmdesk.systems.kit.form``)."""
