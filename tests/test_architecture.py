"""The layering holds without anyone remembering: ui -> store -> campaign -> rules, Qt only in ui."""

import ast
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
QT = ("PySide6", "pyqtgraph", "shiboken6")


def imported_modules(path: pathlib.Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


@pytest.mark.parametrize("package", ["rules", "campaign", "store", "analytics"])
def test_no_qt_outside_ui_even_lazily(package):
    """Catches imports inside functions too, which import-linter's static graph also sees."""
    offenders = [
        f"{p.relative_to(ROOT)}: {m}"
        for p in (ROOT / "gmdesk" / package).rglob("*.py")
        for m in imported_modules(p)
        if m.split(".")[0] in QT
    ]
    assert offenders == []


@pytest.mark.parametrize("package", ["rules", "analytics"])
def test_engine_and_analytics_are_stdlib_only(package):
    allowed_roots = set(sys.stdlib_module_names) | {"gmdesk"}
    offenders = [
        f"{p.relative_to(ROOT)}: {m}"
        for p in (ROOT / "gmdesk" / package).rglob("*.py")
        for m in imported_modules(p)
        if m.split(".")[0] not in allowed_roots
    ]
    assert offenders == []


def test_import_linter_contracts():
    lint = pathlib.Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_commands_do_not_load_qt():
    code = (
        "import sys, io; from gmdesk.__main__ import main;"
        "rc = main(['odds', 'pf2', '--mod', '7', '--dc', '20', '--json']);"
        "rc2 = main(['roll', 'anarchy', '--pool', '5', '--seed', '1']);"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'pyqtgraph', 'shiboken6')];"
        "print(rc, rc2, bad, file=sys.stderr)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.stderr.strip().splitlines()[-1] == "0 0 []"
