"""Issue 23, item 6: a roll an undo took back stays in the append-only log, marked; the statistics,
the session recap and the exports leave it out, the log reads it back marked, and a redo un-marks it.
Every figure is compared with the same campaign logged without that roll (the engine's own answer)."""

from __future__ import annotations

import io
import json

from analytics_helpers import Faces, campaign, cli_check, log

from gmdesk.analytics.recap import recap_html
from gmdesk.analytics.report import analyse, streaks
from gmdesk.store.exports import export_log
from gmdesk.store.log_filter import LogFilter

CHECK = ("dnd35", "--mod", "3", "--dc", "15")


def fill(store, faces):
    ids = []
    for face, label in zip(faces, ("Climb", "Jump", "Swim")):
        ids += log(store, cli_check(*CHECK), Faces(face), actor="Eberk", session="S1", label=label)
    return ids


def figures(store) -> tuple:
    report = analyse(store)
    whole = report.whole
    return (whole.observed, whole.expected, [(d.sides, d.counts) for d in report.dice],
            [s.points for s in streaks(store.log.facts, "S1")])


def exported(store, fmt: str) -> str:
    out = io.StringIO()
    export_log(store.log, fmt, out, LogFilter())
    return out.getvalue()


def test_an_undone_roll_is_kept_marked_and_left_out_of_what_counts(tmp_path):
    with campaign(tmp_path, "dnd35", "kept") as kept:  # the session without the roll taken back
        fill(kept, (12, 20))
        want = figures(kept)
    with campaign(tmp_path, "dnd35") as store:
        ids = fill(store, (12, 3, 20))
        undone = ids[1]  # "Jump", rolled 3: a failure
        with_it = figures(store)
        store.log.mark_undone([undone])

        assert store.log.count() == 3 and store.log.get(undone).undone  # the log keeps it, marked
        assert [e.undone for e in store.log.page()] == [False, True, False]
        assert store.log.undone() == {undone}
        assert figures(store) == want != with_it
        assert [e.label for e in store.log.iter(LogFilter(include_undone=False))] == ["Climb", "Swim"]
        for fmt in ("csv", "md", "html"):
            text = exported(store, fmt)
            assert "Climb" in text and "Swim" in text and "Jump" not in text, fmt
        assert [json.loads(line)["label"] for line in exported(store, "json").splitlines()] == ["Climb", "Swim"]
        recap = recap_html(store, "S1")
        assert "Climb" in recap and "Jump" not in recap and "2 rolls" in recap

        store.log.mark_undone([undone], False)  # the redo
        assert not store.log.get(undone).undone and figures(store) == with_it
        assert "Jump" in exported(store, "csv") and "Jump" in recap_html(store, "S1")
        assert "undone" not in json.loads(exported(store, "json").splitlines()[0])  # a roll as it always was
