"""The bundle's entry script: PyInstaller needs a file to start from; gmdesk's entry point is a function."""

import sys

from gmdesk.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
