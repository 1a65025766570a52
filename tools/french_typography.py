"""Set gmdesk's French as French is printed (issue 24): a narrow no-break space before : ; ! ? and
inside « », the typographic apostrophe (``gmdesk.engine.words.french_typography``).

It covers the window's French (the French column of ``gmdesk/resources/i18n/fr_*.tsv``), the French
of every literal ``Word(en, fr)`` in the code, the recap's and the command line's catalogues
(``FRENCH`` dicts), the engine notes' ``(r"English regex", "French")`` pairs, and the demo campaigns'
French data. Each string literal is rewritten in place,
its layout kept. Re-run it after a merge brings new French in:

    python tools/french_typography.py           # fix the files
    python tools/french_typography.py --check   # list what is not set right; exit 1 if anything

then ``python -m gmdesk.ui.i18n`` to compile the catalogue (``gmdesk_fr.ts``, whose finished
translations this fixes too, → ``.qm``).
"""

from __future__ import annotations

import ast
import html
import io
import re
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gmdesk.engine.words import french_typography  # noqa: E402

TSV_GLOB = "gmdesk/resources/i18n/fr_*.tsv"
TS = "gmdesk/resources/i18n/gmdesk_fr.ts"  # its finished translations are kept, not refilled from the tsv
CODE = "gmdesk"
DEMOS = "gmdesk/systems/*/demo.py"


def fix_tsv(text: str) -> str:
    lines = []
    for line in text.split("\n"):
        source, tab, french = line.partition("\t")
        lines.append(source + tab + french_typography(french) if tab else line)
    return "\n".join(lines)


_TRANSLATION = re.compile(r"(<translation>)(.*?)(</translation>)", re.DOTALL)


def fix_ts(text: str) -> str:
    """Every finished translation of the Qt catalogue, escaped as lupdate writes it."""
    def fixed(m: re.Match) -> str:
        value = html.unescape(m.group(2))
        new = french_typography(value)
        if new == value:
            return m.group(0)
        escaped = (new.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&apos;")
                   .replace('"', "&quot;").replace("\u202f", "&#x202f;").replace("\u00a0", "&#xa0;"))
        return m.group(1) + escaped + m.group(3)

    return _TRANSLATION.sub(fixed, text)


def _french_literals(tree: ast.AST, whole_file: bool, source: str = "") -> list[ast.Constant]:
    """The string constants holding French: a ``Word``'s second argument (or ``fr=``), a ``FRENCH``
    dict's values, and (``whole_file``: demo data) every string that is not a docstring."""
    found: list[ast.Constant] = []

    def text(node) -> bool:
        return isinstance(node, ast.Constant) and isinstance(node.value, str)

    def source_of(node) -> str:
        return ast.get_source_segment(source, node) or ""

    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and text(first.value):
                docstrings.add(id(first.value))
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name == "Word":
                args = node.args[1:2] + [k.value for k in node.keywords if k.arg == "fr"]
                found += [a for a in args if text(a)]
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "FRENCH" for t in node.targets) \
                and isinstance(node.value, ast.Dict):
            found += [v for v in node.value.values if text(v)]
        if isinstance(node, ast.Tuple) and len(node.elts) == 2 and all(text(e) for e in node.elts) \
                and source_of(node.elts[0]).startswith("r"):  # (English regex, French template): the notes' words
            found.append(node.elts[1])
        if whole_file and text(node) and id(node) not in docstrings:
            found.append(node)
    return found


def _literal(token: str, value: str) -> str:
    """``value`` written as a literal in ``token``'s style (its quotes); U+202F as an escape."""
    prefix = token[: len(token) - len(token.lstrip("rRbBuUfF"))]
    body = token[len(prefix):]
    quote = body[:3] if body[:3] in ('"""', "'''") else body[0]
    if "r" in prefix.lower() or "f" in prefix.lower():
        return token  # a raw or f-string: left for a person
    out = value.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
    out = out.replace("\u202f", "\\u202f").replace("\u00a0", "\\u00a0")
    if len(quote) == 1:
        out = out.replace(quote, "\\" + quote)
    return prefix + quote + out + quote


def fix_python(text: str, whole_file: bool = False) -> str:
    tree = ast.parse(text)
    spans = {(n.lineno, n.col_offset, n.end_lineno, n.end_col_offset) for n in _french_literals(tree, whole_file, text)}
    if not spans:
        return text
    lines = text.splitlines(keepends=True)
    edits = []  # (start, end, new) in (row, col) — one per string token of a French literal
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    for tok in tokens:
        if tok.type != tokenize.STRING:
            continue
        inside = any((r0, c0) <= tok.start and tok.end <= (r1, c1) for r0, c0, r1, c1 in spans)
        if not inside:
            continue
        value = ast.literal_eval(tok.string)
        fixed = french_typography(value)
        if fixed != value:
            edits.append((tok.start, tok.end, _literal(tok.string, fixed)))
    for (r0, c0), (r1, c1), new in reversed(edits):
        head, tail = lines[r0 - 1][:c0], lines[r1 - 1][c1:]
        lines[r0 - 1:r1] = [head + new + tail]
    return "".join(lines)


def targets() -> list[tuple[Path, str]]:
    demos = {p.resolve() for p in ROOT.glob(DEMOS)}
    out = [(p, "tsv") for p in sorted(ROOT.glob(TSV_GLOB))] + [(ROOT / TS, "ts")]
    for p in sorted((ROOT / CODE).rglob("*.py")):
        if "/ui/" in str(p) or "__pycache__" in p.parts:
            continue  # the window's French comes from the tsv files
        out.append((p, "demo" if p.resolve() in demos else "code"))
    return out


def fixed(path: Path, kind: str) -> str:
    text = path.read_text(encoding="utf-8")
    if kind == "tsv":
        return fix_tsv(text)
    if kind == "ts":
        return fix_ts(text)
    if kind == "demo":
        return fix_python(text, whole_file=True)
    if "Word(" not in text and "FRENCH" not in text and '(r"' not in text:
        return text
    return fix_python(text)


def faults() -> list[str]:
    """Every file whose French is not set right, with what would change."""
    out = []
    for path, kind in targets():
        before = path.read_text(encoding="utf-8")
        after = fixed(path, kind)
        if after != before:
            changed = [f"  {a.strip()!r}" for a, b in zip(after.splitlines(), before.splitlines()) if a != b][:5]
            out.append(f"{path.relative_to(ROOT)}:\n" + "\n".join(changed))
    return out


def main(argv: list[str]) -> int:
    if "--check" in argv:
        found = faults()
        print("\n".join(found) or "French typography: all set.")
        return 1 if found else 0
    for path, kind in targets():
        before = path.read_text(encoding="utf-8")
        after = fixed(path, kind)
        if after != before:
            tmp = path.with_name(path.name + ".tmp")  # atomic: never a half-written source file
            tmp.write_text(after, encoding="utf-8")
            tmp.replace(path)
            print(f"fixed {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
