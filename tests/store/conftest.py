"""Fixtures for the store tests: a fresh campaign per test (helpers live in ``store_helpers``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmdesk.campaign.model import CampaignInfo
from gmdesk.store import CampaignStore


@pytest.fixture
def campaign_path(tmp_path: Path) -> Path:
    return tmp_path / "party.gmdesk"


@pytest.fixture
def store(campaign_path: Path):
    s = CampaignStore.create(campaign_path, CampaignInfo("Les Oubliés", "pf2"))
    yield s
    s.close()
