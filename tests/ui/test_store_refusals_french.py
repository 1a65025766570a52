"""The store's refusals (damaged, newer, not a campaign, an unknown game system…) in the window's
language, in the same words as ``gmdesk … --lang fr`` (issue 24 §3)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from gmdesk.campaign.model import CampaignInfo
from gmdesk.cli.words import error_line
from gmdesk.store import CampaignStore, StoreError


def refused(path: Path) -> StoreError:
    try:
        CampaignStore.open(path).close()
    except StoreError as exc:
        return exc
    raise AssertionError(f"{path} opened")


def test_a_newer_campaign_is_refused_in_french_with_the_command_lines_words(make_window, tmp_path) -> None:
    newer = tmp_path / "a.gmdesk"
    with CampaignStore.create(newer, CampaignInfo("c", "pf2")):
        pass
    with sqlite3.connect(newer) as conn:
        conn.execute("PRAGMA user_version = 999")
    conn.close()
    text = tmp_path / "b.gmdesk"
    text.write_text("not a campaign\n", encoding="utf-8")
    window = make_window(None, lang="fr")
    said = []
    window._report = lambda title, message: said.append(message)
    for path in (newer, text):
        assert not window.open_campaign(path)
    cli = [error_line(str(refused(p)), "fr", "check").split("\u202f: ", 1)[1] for p in (newer, text)]
    assert said == cli, (said, cli)
    why = [message.removeprefix(f"{p}\u202f: ") for message, p in zip(said, (newer, text))]
    assert why[0].startswith("créé par un gmdesk plus récent (format 999") and "newer" not in why[0]
    assert why[1].startswith("pas une campagne gmdesk") and "not a" not in why[1]
