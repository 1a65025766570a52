"""Project-wide test setup. Qt runs offscreen; nothing touches the real user directories."""

import os

# Before anything imports Qt: no display in CI, and a GM's real settings must never be touched.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from hypothesis import settings  # noqa: E402
from system_tools import require_tool  # noqa: E402

# Property tests explore the same examples on every run (a red CI must be reproducible) and never
# fail on timing alone: the suite shares two cores with everything else on a CI machine.
settings.register_profile("gmdesk", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("gmdesk")


def pytest_runtest_setup(item):
    """``@pytest.mark.requires_tool("gio", ...)``: skip, saying what to install, when one is missing."""
    for mark in item.iter_markers("requires_tool"):
        for name in mark.args:
            require_tool(name)
