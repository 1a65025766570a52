"""The layering holds without anyone remembering: ui and cli -> analytics -> store -> campaign -> systems -> engine, Qt only in ui."""

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


@pytest.mark.parametrize("package", ["engine", "systems", "campaign", "store", "analytics", "cli"])
def test_no_qt_outside_ui_even_lazily(package):
    """Catches imports inside functions too, which import-linter's static graph also sees."""
    offenders = [
        f"{p.relative_to(ROOT)}: {m}"
        for p in (ROOT / "gmdesk" / package).rglob("*.py")
        for m in imported_modules(p)
        if m.split(".")[0] in QT
    ]
    assert offenders == []


@pytest.mark.parametrize("package", ["engine", "systems", "analytics"])
def test_engine_systems_and_analytics_are_stdlib_only(package):
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


def test_odds_loads_the_rules_of_the_system_asked_for_only():
    """``gmdesk odds pf2`` reads every system's options (its ``cli`` module) but loads no other
    system's rules, sheet or window words: the command line stays as quick as one system."""
    from gmdesk import systems

    code = (
        "import sys, io; from gmdesk.cli import main;"
        "rc = main(['odds', 'pf2', '--mod', '7', '--dc', '20', '--json'], out=io.StringIO());"
        "print(rc, sorted({m.split('.')[2] + '.' + m.split('.')[3] for m in sys.modules"
        " if m.startswith('gmdesk.systems.') and m.count('.') == 3}), file=sys.stderr)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    rc, loaded = result.stderr.strip().splitlines()[-1].split(" ", 1)
    assert rc == "0"
    by_package: dict[str, set[str]] = {}
    for name in ast.literal_eval(loaded):
        package, module = name.split(".")
        by_package.setdefault(package, set()).add(module)
    pf2 = by_package.pop("pf2")
    assert {"cli", "rules"} <= pf2 and not pf2 & {"system", "sheet", "form", "words"}  # no GameSystem built
    assert by_package.pop("kit") == {"cli", "rulings"}
    assert by_package == {system_id: {"cli"} for system_id in systems.ids() if system_id != "pf2"}


# -- generic code never tests a system's id ----------------------------------------------------------

def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string constants that are docstrings (a docstring may name a system)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def system_id_uses(source: str, system_ids: set[str]) -> list[tuple[int, str]]:
    """(line, what) for every place ``source`` spells a system id as a string: compared with
    (``== "pf2"``), tested for membership (``in ("dnd35", "anarchy")``), a table's key
    (``{"pf2": …}``, ``TABLE["cof"]``), a ``match`` case, or any other literal use (a default
    ``system = "pf2"``). Docstrings may name systems; f-strings' text is not an id."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    cases = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.MatchValue)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in system_ids and id(node) not in docs | cases:
            found.append((node.lineno, f"the literal {node.value!r}"))
        elif isinstance(node, ast.MatchValue) and isinstance(node.value, ast.Constant) \
                and node.value.value in system_ids:
            found.append((node.lineno, f"a match case on {node.value.value!r}"))
    return sorted(set(found))


def test_the_id_check_catches_every_kind_of_branch():
    ids = {"pf2", "toy"}
    sample = '''
"""A docstring may say pf2."""
def f(system, table):
    """So may this one: toy."""
    if system == "pf2": pass
    if system in ("toy", "x"): pass
    TABLE = {"pf2": 1}
    table["toy"]
    match system:
        case "pf2": pass
    default = "toy"
    text = f"{system} is not pf2"
'''
    lines = [line for line, _ in system_id_uses(sample, ids)]
    assert lines == [5, 6, 7, 8, 10, 11]


def test_no_module_outside_the_systems_spells_a_system_id():
    """Generic code asks the system (``gmdesk.systems.get(id)``); it never branches on its id. The
    ids come from the registry, so a sixth system's id is caught too."""
    from gmdesk import systems

    ids = set(systems.ids())
    offenders = [
        f"{p.relative_to(ROOT)}:{line}: {what}"
        for p in sorted((ROOT / "gmdesk").rglob("*.py"))
        if "systems" not in p.relative_to(ROOT / "gmdesk").parts[:1]
        for line, what in system_id_uses(p.read_text(encoding="utf-8"), ids)
    ]
    assert offenders == []


def test_generic_code_reaches_a_system_only_through_the_registry():
    """Outside ``gmdesk/systems`` nothing imports one system's package (``gmdesk.systems.pf2…``):
    generic code imports the registry (``gmdesk.systems``) and the kit (``gmdesk.systems.kit``)."""
    import grimp

    from gmdesk import systems

    graph = grimp.build_graph("gmdesk", exclude_type_checking_imports=True)
    offenders = []
    for system_id in systems.ids():
        package = f"gmdesk.systems.{system_id}"
        inside = {package} | graph.find_descendants(package)
        for module in inside:
            for importer in graph.find_modules_that_directly_import(module):
                if not importer.startswith("gmdesk.systems") and importer not in inside:
                    offenders.append(f"{importer} imports {module}")
    assert offenders == []
