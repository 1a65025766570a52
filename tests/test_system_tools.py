"""Tests that need an optional program skip on a bare machine, the same way everywhere, and CI
installs every such program and refuses to skip."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import system_tools

ROOT = Path(__file__).resolve().parents[1]


def test_ci_installs_every_package_a_test_may_ask_for_and_requires_them():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    loop = re.search(r"for pkg in (.*?); do", ci, re.S).group(1)
    assert system_tools.debian_packages() <= set(loop.replace("\\\n", " ").split())
    assert f"export {system_tools.REQUIRE_ALL}=1\nmake test" in ci
    assert 'print("libpython%d.%d" % sys.version_info[:2])' in ci  # for Debian's own python3


def test_every_optional_program_goes_through_the_helper():
    """No test looks a program up on its own (shutil.which, a path beside python) and skips its own way."""
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "tests").rglob("*.py")
                 if p.name not in ("system_tools.py", Path(__file__).name) and re.search(r"shutil\.which|with_name\(\"pyside6-",
                                                             p.read_text(encoding="utf-8"))]
    assert offenders == []


def run_pytest(tmp_path: Path, require_all: bool) -> subprocess.CompletedProcess:
    (tmp_path / "test_missing.py").write_text(textwrap.dedent("""
        import pytest
        import system_tools

        system_tools.TOOLS["gmdesk-no-such-program"] = "gmdesk-no-such-package"

        @pytest.mark.requires_tool("gmdesk-no-such-program")
        def test_marked():
            raise AssertionError("ran without its program")

        def test_called():
            system_tools.require_tool("gmdesk-no-such-program")
            raise AssertionError("ran without its program")
    """))
    (tmp_path / "conftest.py").write_text((ROOT / "tests" / "conftest.py").read_text(encoding="utf-8"))
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT / "tests"), "HOME": str(tmp_path)}
    if require_all:
        env[system_tools.REQUIRE_ALL] = "1"
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
                           "-c", "/dev/null", "--rootdir", str(tmp_path),
                           "-o", "markers=requires_tool", str(tmp_path)],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)


def test_a_missing_program_skips_with_its_package(tmp_path):
    result = run_pytest(tmp_path, require_all=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 skipped" in result.stdout
    assert "SKIPPED [2] " in result.stdout  # pytest groups the two identical reasons
    assert "gmdesk-no-such-program is not installed (Debian package gmdesk-no-such-package)" in result.stdout


def test_ci_turns_a_missing_program_into_a_failure(tmp_path):
    result = run_pytest(tmp_path, require_all=True)
    assert result.returncode == 1 and "1 failed, 1 error" in result.stdout, result.stdout + result.stderr
    assert result.stdout.count(f"and {system_tools.REQUIRE_ALL}=1 asks for every tool") == 2
    assert "ran without its program" not in result.stdout
