"""Campaign files: SQLite (stdlib ``sqlite3``), one file per campaign, no Qt.

Public API: :class:`CampaignStore` and its repositories, :class:`LogFilter`, the errors, and the
exports in :mod:`gmdesk.store.exports` / :mod:`gmdesk.store.sheet_files`.
"""

from gmdesk.store.campaign_store import SUFFIX, CampaignStore
from gmdesk.store.errors import CampaignFileError, InvalidInput, StoreError
from gmdesk.store.rolllog import LogFilter
from gmdesk.store.schema import CURRENT_VERSION

__all__ = ["CampaignStore", "CampaignFileError", "InvalidInput", "StoreError", "LogFilter", "CURRENT_VERSION", "SUFFIX"]
