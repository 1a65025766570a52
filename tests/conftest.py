"""Project-wide test setup. Qt runs offscreen; nothing touches the real user directories."""

import os

# Before anything imports Qt: no display in CI, and a GM's real settings must never be touched.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
