"""Ctrl+C on a long command (issue 25): exit 130, one line saying what was kept, nothing half-written,
the campaign still sound. And the progress line: on a terminal only, never in a pipe."""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from store_helpers import worker_env
from gmdesk.campaign.model import CampaignInfo
from gmdesk.cli.progress import TerminalProgress
from gmdesk.store import CampaignStore
from gmdesk.store.checkup import check_file


def start(*argv: object, stdout=subprocess.PIPE) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "gmdesk", *map(str, argv)], env=worker_env(), stdout=stdout,
                            stderr=subprocess.PIPE, text=True)


def stopped(p: subprocess.Popen) -> str:
    """SIGINT, as Ctrl+C sends it; the one line on stderr."""
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 130, (p.returncode, err[-2000:])  # never the process ended by SIGINT itself
    assert "Traceback" not in err and err.count("\n") == 1, err
    return err


def test_ctrl_c_keeps_what_was_done_and_nothing_half_written(tmp_path: Path) -> None:
    campaign = tmp_path / "c.gmdesk"
    with CampaignStore.create(campaign, CampaignInfo("c", "pf2")):
        pass
    p = start("roll", "pf2", "--mod", "5", "--dc", "15", "--count", "1000000", "--log", campaign)
    for _ in range(20_000):  # two batches printed: each was committed before
        p.stdout.readline()
    err = stopped(p)
    said = re.fullmatch(r"gmdesk roll: interrupted: ([\d,]+) of 1,000,000 rolls logged in .*c\.gmdesk and kept\n", err)
    assert said, err
    with CampaignStore.open(campaign, read_only=True) as store:
        assert store.log.count() == int(said.group(1).replace(",", "")) >= 20_000
    assert check_file(campaign).status == 0
    assert sorted(f.name for f in tmp_path.iterdir()) == ["c.gmdesk"]  # no -wal, -shm or journal left

    # An export of those rolls, stopped while it writes: the previous file stays, no temp file.
    out = tmp_path / "log.html"
    out.write_text("the previous export\n", encoding="utf-8")
    p = start("export", campaign, "--format", "html", "--include-secret", "--out", out)
    deadline = time.monotonic() + 60
    while not any(f.name.endswith(".tmp") for f in tmp_path.iterdir()):  # it has started writing
        assert p.poll() is None and time.monotonic() < deadline, "the export ended before it could be stopped"
        time.sleep(0.002)
    err = stopped(p)
    assert err == f"gmdesk export: interrupted: nothing written, {out} is as it was\n"
    assert out.read_text(encoding="utf-8") == "the previous export\n"
    assert sorted(f.name for f in tmp_path.iterdir()) == ["c.gmdesk", "log.html"]
    assert check_file(campaign).status == 0


def test_ctrl_c_during_code_python_compiled_from_text_still_exits_130(tmp_path: Path) -> None:
    """The race behind "returncode -2 about 1 run in 10": Ctrl+C landing while Python runs code it
    compiled from a string (a dataclass's methods, written while a module is lazily imported) leaves
    CPython's "unhandled KeyboardInterrupt" mark set although gmdesk handled it, and ``python -m``
    then ends by SIGINT after gmdesk's exit 130. Here the interrupt lands there on purpose."""
    (tmp_path / "interrupted_run.py").write_text(
        "import sys\n"
        "import gmdesk.cli.campaign as commands\n"
        "from gmdesk.cli import main\n"
        "from gmdesk.cli.guard import _guarded\n"
        "def run():\n"
        "    exec('raise KeyboardInterrupt')  # as if Ctrl+C came inside a dataclass being built\n"
        "commands.cmd_check = lambda args, out, err: _guarded('check', run, err, 'en')\n"
        "sys.exit(main(['check', sys.argv[1]]))\n", encoding="utf-8")
    env = worker_env()
    env["PYTHONPATH"] = f"{tmp_path}{os.pathsep}{env.get('PYTHONPATH', '')}"
    done = subprocess.run([sys.executable, "-m", "interrupted_run", str(tmp_path / "c.gmdesk")], env=env,
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (130, "gmdesk check: interrupted: nothing was changed or written\n")


def test_ctrl_c_just_after_the_temp_file_is_made_leaves_no_temp_file(tmp_path: Path, monkeypatch) -> None:
    """Ctrl+C landing between the temp file's creation and the writer's ``try`` left it behind (the
    strict Ctrl+C test above failed so about 1 run in 10): it is removed like one cut short later."""
    import pytest

    from gmdesk.store.atomic import atomic_text

    real_open = os.open

    def open_then_interrupted(name, *args, **kwargs):
        fd = real_open(name, *args, **kwargs)
        if ".gmdesk-" in str(name):
            os.close(fd)
            raise KeyboardInterrupt  # the signal, as it lands right after the file exists
        return fd

    out = tmp_path / "log.html"
    out.write_text("the previous export\n", encoding="utf-8")
    monkeypatch.setattr(os, "open", open_then_interrupted)
    with pytest.raises(KeyboardInterrupt):
        with atomic_text(out) as f:
            f.write("never")
    monkeypatch.undo()
    assert [f.name for f in tmp_path.iterdir()] == ["log.html"]
    assert out.read_text(encoding="utf-8") == "the previous export\n"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_only() -> None:
    piped = io.StringIO()
    line = TerminalProgress("export", piped)
    assert line(5_000, 10_000) is True and piped.getvalue() == ""
    tty = Terminal()
    line = TerminalProgress("export", tty, every=0)
    line.start -= 2  # two seconds in, half done
    assert line(5_000, 10_000) is True
    shown = tty.getvalue()
    assert shown.startswith("\rexport: 5,000 of 10,000 rolls (50 %), ") and "rolls/s" in shown and "s left" in shown
    assert "\n" not in shown  # one line, rewritten in place
    line.close()
    assert tty.getvalue().endswith("\r\x1b[K")  # erased at the end
    beside = TerminalProgress("roll", Terminal(), beside=Terminal(), every=0)  # the rolls scroll on that terminal
    assert beside(5_000, 10_000) is True and beside.err.getvalue() == ""
