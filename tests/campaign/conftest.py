import copy
import functools

import pytest

from gmdesk.campaign.demo import demo_campaign


@functools.lru_cache(maxsize=None)
def _demo(system):
    return demo_campaign(system)


@pytest.fixture
def demo():
    """demo(system) -> a fresh copy of that system's demo campaign (built once per session)."""
    return lambda system: copy.deepcopy(_demo(system))


def by_name(campaign, name):
    return next(c for c in campaign.characters if c.name == name)


@pytest.fixture
def named():
    """named(campaign, name) -> the character of that name."""
    return by_name
